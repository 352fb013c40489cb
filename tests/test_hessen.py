"""Hessen § 34 KWG, norm by norm, on small cases built here (independent of instances/)."""

from __future__ import annotations

import pytest

from conftest import by_person, decide, decide_file, he_case, he_list, only


def test_abs1_satz1_most_votes_not_list_place():
    det = only(
        decide(he_case([he_list(("a", 900, True), ("b", 100), ("c", 300), ("d", 200))], [("2010-01-01", "a", "died")]))
    )
    assert (det["outcome"], det["successor"], det["successor_nomination"]) == ("successor", "c", "spd")
    assert det["candidates"] == [det["candidates"][0]] and det["candidates"][0]["norm"] == "he-kwg-34/1/1"
    assert det["candidates"][0]["citation"] == "§ 34 Abs. 1 Satz 1 Halbsatz 1 KWG"


def test_abs1_satz1_halbsatz2_tie_by_list_place():
    det = only(decide(he_case([he_list(("a", 900, True), ("b", 300), ("c", 300))], [("2010-01-01", "a", "resigned")])))
    assert det["successor"] == "b"
    assert "he-kwg-34/1/1/2" in [g["norm"] for g in det["grounds"]]
    # the same with explicit positions reversed: list place, not file order, decides
    nom = he_list(("a", 900, True), ("b", 300), ("c", 300))
    nom["candidates"][1]["position"], nom["candidates"][2]["position"] = 3, 2
    nom["candidates"][0]["position"] = 1
    assert only(decide(he_case([nom], [("2010-01-01", "a", "resigned")])))["successor"] == "c"


def test_no_vote_count_ranks_after_counted_zero():
    det = only(decide(he_case([he_list(("a", 900, True), ("b", None), ("c", 0))], [("2010-01-01", "a", "resigned")])))
    assert det["successor"] == "c"


def test_only_same_wahlvorschlag():
    det = only(
        decide(
            he_case(
                [he_list(("a", 900, True), nid="spd"), he_list(("x", 800), nid="cdu")], [("2010-01-01", "a", "died")]
            )
        )
    )
    assert det["outcome"] == "vacant"


@pytest.mark.parametrize("trigger", ["died", "refused", "resigned", "lost_seat"])
def test_abs1_triggers(trigger):
    # a refusal is the elected person's refusal of the election only within his period (from the
    # election day: four weeks without a recorded notification); later it is a Verzicht
    day = "2006-04-05" if trigger == "refused" else "2010-01-01"
    det = only(decide(he_case([he_list(("a", 900, True), ("b", 100))], [(day, "a", trigger)])))
    assert det["successor"] == "b" and det["trigger"] == trigger
    norms = [g["norm"] for g in det["trigger_grounds"]]
    assert norms[0] == "he-kwg-34/1/1"
    if trigger == "resigned":
        assert "he-kwg-33/1/nr1" in norms
    if trigger == "lost_seat":
        assert "he-kwg-33/1" in norms


def test_elected_mayor_is_referred_to_section_33():
    det = only(decide(he_case([he_list(("a", 900, True), ("b", 100))], [("2010-01-01", "a", "elected_mayor")])))
    assert det["outcome"] == "referred" and det["referred_to"] == "§ 33 Abs. 1 Nr. 2 KWG"
    assert det["successor"] is None and det["candidates"] == []


def test_abs1_satz2_exhausted_reduces_member_count():
    det = only(decide(he_case([he_list(("a", 900, True), ("b", 800, True))], [("2010-01-01", "a", "died")])))
    assert det["outcome"] == "vacant" and det["member_count_reduced"] is True
    assert det["grounds"][-1]["norm"] == "he-kwg-34/1/2"


def _wahlbereiche(order=None):
    nord = he_list(
        ("n1", 500, True), ("n2", 50), nid="nord", tier="district", district="N", substitute_list="sued", group="cdu"
    )
    sued = he_list(("s1", 900, True), ("s2", 100), ("s3", 400), nid="sued", tier="district", district="S", group="cdu")
    extra = {"readings": {"he.ersatzliste_order": order}} if order else {}
    return he_case([nord, sued], [("2009-01-01", "n2", "waived"), ("2010-01-01", "n1", "died")], **extra)


def test_abs1_satz3_ersatzliste_default_votes():
    det = only(decide(_wahlbereiche()))
    assert (det["successor"], det["successor_nomination"]) == ("s3", "sued")
    norms = [g["norm"] for g in det["grounds"]]
    assert norms.index("he-kwg-34/1/1") < norms.index("he-kwg-12/1a") < norms.index("he-kwg-34/1/3")
    cands = by_person(det)
    assert cands["n2"]["status"] == "skipped" and cands["s3"]["rank"] == 2 and "s1" not in cands


def test_abs1_satz3_ersatzliste_reading_list():
    assert only(decide(_wahlbereiche("list")))["successor"] == "s2"
    assert only(decide(_wahlbereiche(), cli_readings={"he.ersatzliste_order": "list"}))["successor"] == "s2"


def test_abs1_satz3_one_hop_only_then_satz2():
    a = he_list(("a1", 5, True), nid="A", tier="district", district="1", substitute_list="B")
    b = he_list(("b1", 5, True), nid="B", tier="district", district="2", substitute_list="C")
    c = he_list(("c1", 5, True), ("c2", 1), nid="C", tier="district", district="3")
    det = only(decide(he_case([a, b, c], [("2010-01-01", "a1", "died")])))
    assert det["outcome"] == "vacant" and det["member_count_reduced"]
    assert [g["norm"] for g in det["grounds"]][-2:] == ["he-kwg-34/1/3/2", "he-kwg-34/1/2"]


def test_ersatzliste_only_for_district_lists_exhausted():
    # own list not exhausted: the Ersatzliste is not touched
    det = only(
        decide(
            he_case(
                [
                    he_list(
                        ("n1", 500, True), ("n2", 50), nid="nord", tier="district", district="N", substitute_list="sued"
                    ),
                    he_list(("s1", 900, True), ("s3", 400), nid="sued", tier="district", district="S"),
                ],
                [("2010-01-01", "n1", "died")],
            )
        )
    )
    assert det["successor"] == "n2" and "he-kwg-12/1a" not in [g["norm"] for g in det["grounds"]]


def _majority(*events, **extra):
    nom = he_list(("m1", 300, True), ("m2", 120), ("m3", 120), ("m4", 10), nid="wg")
    return he_case([nom], [("2010-01-01", "m1", "died"), *events], election="majority", **extra)


def test_abs1a_tie_needs_lot():
    det = only(decide(_majority()))
    assert det["outcome"] == "lot" and det["lot_between"] == ["m2", "m3"] and det["successor"] is None
    assert [c["status"] for c in det["candidates"]] == ["tied", "tied"]
    assert {c["rank"] for c in det["candidates"]} == {1}
    assert "he-kwg-34/1a/1/2" in [g["norm"] for g in det["grounds"]]


def test_abs1a_lot_drawn_decides():
    det = only(decide(_majority(("2010-01-05", "m3", "lot_drawn"))))
    assert det["outcome"] == "successor" and det["successor"] == "m3" and det["lot_between"] == ["m2", "m3"]
    statuses = {c["person"]: c["status"] for c in det["candidates"]}
    assert statuses == {"m2": "tied", "m3": "successor"}


def test_abs1a_lot_before_the_vacancy_does_not_count():
    det = only(
        decide(
            he_case(
                [he_list(("m1", 300, True), ("m2", 120), ("m3", 120), nid="wg")],
                [("2009-12-01", "m3", "lot_drawn"), ("2010-01-01", "m1", "died")],
                election="majority",
            )
        )
    )
    assert det["outcome"] == "lot"


def test_abs1a_no_tie_highest_votes():
    det = only(decide(_majority(("2010-01-02", "m2", "waived"))))
    assert det["successor"] == "m3" and det["lot_between"] == []


def test_abs1a_exhausted_reading():
    nom = he_list(("m1", 300, True), ("m2", 5), nid="wg")
    case = he_case([nom], [("2009-01-01", "m2", "left_group"), ("2010-01-01", "m1", "died")], election="majority")
    assert only(decide(case))["outcome"] == "vacant"
    alt = only(decide(case, cli_readings={"he.majority_exhausted": "undetermined"}))
    assert alt["outcome"] == "undetermined" and alt["member_count_reduced"] is False


@pytest.mark.parametrize(
    "etype,date", [("left_group", "2005-12-01"), ("left_group", "2008-01-01"), ("expelled", "2008-01-01")]
)
def test_abs2_party_exit_since_list_set_up(etype, date):
    det = only(
        decide(
            he_case(
                [he_list(("a", 900, True), ("b", 300), ("c", 100))], [(date, "b", etype), ("2010-01-01", "a", "died")]
            )
        )
    )
    assert det["successor"] == "c"
    skipped = by_person(det)["b"]
    assert (skipped["reason"], skipped["norm"]) == (etype, "he-kwg-34/2/1")


def test_abs2_expelled_reading_no():
    case = he_case(
        [he_list(("a", 900, True), ("b", 300), ("c", 100))],
        [("2008-01-01", "b", "expelled"), ("2010-01-01", "a", "died")],
    )
    assert only(decide(case, cli_readings={"he.expelled": "no"}))["successor"] == "b"


def test_abs2_rejoin_reading():
    events = [("2007-01-01", "b", "left_group"), ("2008-01-01", "b", "rejoined"), ("2010-01-01", "a", "died")]
    case = he_case([he_list(("a", 900, True), ("b", 300), ("c", 100))], events)
    assert only(decide(case))["successor"] == "c"
    assert only(decide(case, cli_readings={"he.rejoined": "yes"}))["successor"] == "b"
    # leaving again after the rejoin excludes again
    events2 = events[:2] + [("2009-01-01", "b", "left_group"), events[2]]
    case2 = he_case([he_list(("a", 900, True), ("b", 300), ("c", 100))], events2)
    assert only(decide(case2, cli_readings={"he.rejoined": "yes"}))["successor"] == "c"


@pytest.mark.parametrize("form", ["written", "recorded"])
def test_abs2_waiver(form):
    det = only(
        decide(
            he_case(
                [he_list(("a", 900, True), ("b", 300), ("c", 100))],
                [("2008-01-01", "b", "waived", {"form": form}), ("2010-01-01", "a", "died")],
            )
        )
    )
    assert det["successor"] == "c" and by_person(det)["b"]["norm"] == "he-kwg-34/2/1/2"


def test_abs2_satz2_waiver_cannot_be_revoked():
    det = only(
        decide(
            he_case(
                [he_list(("a", 900, True), ("b", 300), ("c", 100))],
                [("2008-01-01", "b", "waived"), ("2009-06-01", "b", "accepted"), ("2010-01-01", "a", "died")],
            )
        )
    )
    assert det["successor"] == "c" and by_person(det)["b"]["norm"] == "he-kwg-34/2/2"


def test_waiver_after_the_vacancy_but_before_the_next_counts():
    det = only(
        decide(
            he_case(
                [he_list(("a", 900, True), ("b", 300), ("c", 100))],
                [("2010-01-01", "a", "died"), ("2010-01-04", "b", "waived")],
            )
        )
    )
    assert det["successor"] == "c"


def test_abs3_refusal_of_this_call_passes_on():
    det = only(
        decide(
            he_case(
                [he_list(("a", 900, True), ("b", 300), ("c", 100))],
                [("2010-01-01", "a", "died"), ("2010-01-04", "b", "refused")],
            )
        )
    )
    assert det["successor"] == "c"
    assert (by_person(det)["b"]["reason"], by_person(det)["b"]["norm"]) == ("refused", "he-kwg-34/3/2")


@pytest.mark.parametrize("value,expected", [("no", "d"), ("yes", "b")])
def test_reading_refused_is_called(value, expected):
    nom = he_list(("a", 900, True), ("x", 800, True), ("b", 300), ("c", 100), ("d", 50))
    events = [("2010-01-01", "a", "died"), ("2010-01-04", "b", "refused"), ("2011-01-01", "x", "died")]
    dets = decide(he_case([nom], events), cli_readings={"he.refused_is_called": value})["determinations"]
    assert dets[0]["successor"] == "c" and dets[1]["successor"] == expected


@pytest.mark.parametrize("etype", ["died", "lost_eligibility"])
def test_unfit_next_default_skip(etype):
    det = only(
        decide(
            he_case(
                [he_list(("a", 900, True), ("b", 300), ("c", 100))],
                [("2009-01-01", "b", etype), ("2010-01-01", "a", "resigned")],
            )
        )
    )
    assert det["successor"] == "c" and by_person(det)["b"]["reason"] == etype
    assert by_person(det)["b"]["norm"] == "he-kwg-34/1/1"


def test_unfit_next_called_reading():
    base = [he_list(("a", 900, True), ("b", 300), ("c", 100))]
    r = {"he.unfit_next": "call_then_deemed_refused"}
    pending = only(
        decide(
            he_case(
                base,
                [
                    ("2009-01-01", "b", "lost_eligibility"),
                    ("2010-01-01", "a", "resigned"),
                    ("2010-01-04", "b", "notified"),
                ],
                as_of="2010-01-06",
            ),
            cli_readings=r,
        )
    )
    assert pending["successor"] == "b" and pending["membership"]["status"] == "pending"
    assert [n["code"] for n in pending["notes"]] == ["must_show_eligibility"]
    lapsed = only(
        decide(
            he_case(
                base,
                [
                    ("2009-01-01", "b", "lost_eligibility"),
                    ("2010-01-01", "a", "resigned"),
                    ("2010-01-04", "b", "notified"),
                ],
                as_of="2010-01-20",
            ),
            cli_readings=r,
        )
    )
    assert lapsed["successor"] == "c" and by_person(lapsed)["b"]["norm"] == "he-kwg-34/3/2"
    dead = only(decide(he_case(base, [("2009-01-01", "b", "died"), ("2010-01-01", "a", "resigned")]), cli_readings=r))
    assert dead["successor"] == "c" and by_person(dead)["b"]["norm"] == "he-kwg-34/3/2"


def test_landtag_not_applicable():
    det = only(
        decide(he_case([he_list(("a", 900, True), ("b", 1))], [("2010-01-01", "a", "died")], body={"kind": "landtag"}))
    )
    assert det["outcome"] == "not_applicable" and det["successor"] is None


def test_already_member_through_another_list():
    a = he_list(("a", 900, True), ("b", 300), ("c", 100), nid="spd")
    b = he_list(("b", 999, True), nid="spd2")
    det = only(decide(he_case([a, b], [("2010-01-01", "a", "died")])))
    assert det["successor"] == "c" and by_person(det)["b"]["reason"] == "already_member"


# --- membership (Abs. 3 Satz 2 with §§ 23, 24 old) --------------------------------------------


def _membership(*events, **extra):
    nom = he_list(("a", 900, True), ("b", 300))
    return only(decide(he_case([nom], [("2010-01-01", "a", "died"), *events], **extra)))["membership"]


def test_membership_accepted_in_time():
    m = _membership(("2010-01-07", "b", "notified"), ("2010-01-11", "b", "accepted"))
    assert m == {"notified": "2010-01-07", "deadline": "2010-01-14", "status": "accepted", "member_from": "2010-01-11"}


def test_membership_deadline_moves_past_the_weekend():
    # served Saturday 9 Jan 2010: the week ends Saturday 16 Jan, moved to Monday 18 Jan (BGB § 193)
    m = _membership(("2010-01-09", "b", "notified"))
    assert m["deadline"] == "2010-01-18" and m["status"] == "pending"


def test_membership_listed_holiday_moves_the_deadline():
    m = _membership(("2010-01-07", "b", "notified"), holidays=["2010-01-14"])
    assert m["deadline"] == "2010-01-15"


def test_membership_silence_is_acceptance_at_the_deadline():
    m = _membership(("2010-01-07", "b", "notified"), as_of="2010-02-01")
    assert m["status"] == "deemed_accepted" and m["member_from"] == "2010-01-14"


def test_membership_late_acceptance_changes_nothing():
    m = _membership(("2010-01-07", "b", "notified"), ("2010-01-20", "b", "accepted"))
    assert m["status"] == "deemed_accepted" and m["member_from"] == "2010-01-14"


def test_membership_reservation_reading():
    events = [("2010-01-07", "b", "notified"), ("2010-01-08", "b", "accepted", {"reservation": True})]
    m = _membership(*events, as_of="2010-02-01")
    assert m["status"] == "deemed_accepted"
    nom = he_list(("a", 900, True), ("b", 300))
    alt = only(
        decide(he_case([nom], [("2010-01-01", "a", "died"), *events]), cli_readings={"he.reservation": "acceptance"})
    )["membership"]
    assert alt["status"] == "accepted" and alt["member_from"] == "2010-01-08"


def test_version_warning_only_for_later_law():
    old = decide(he_case([he_list(("a", 900, True), ("b", 1))], [("2010-01-01", "a", "died")]))
    assert old["warnings"] == []
    new = decide(he_case([he_list(("a", 900, True), ("b", 1))], [("2012-01-01", "a", "died")]))
    assert len(new["warnings"]) == 1 and "24 Dec 2011" in new["warnings"][0]


def test_a_former_member_is_noch_nicht_berufen_no_more_and_listed_with_all_candidates():
    # a (most votes) left the council in 2008; when b dies, a is not called again ("noch nicht
    # berufen"); DESIGN leaves out only those who still sit, so --all-candidates shows him
    c = he_case(
        [he_list(("a", 900, True), ("b", 800, True), ("c", 300), ("d", 200))],
        [("2008-01-01", "a", "resigned"), ("2010-01-01", "b", "died")],
    )
    dets = decide(c)["determinations"]
    assert dets[1]["successor"] == "d" and "a" not in by_person(dets[1])
    full = decide(c, all_candidates=True)["determinations"][1]
    assert full["successor"] == "d" and by_person(full)["a"]["reason"] == "already_called"
    assert by_person(full)["a"]["norm"] == "he-kwg-34/1/1"


# --- issue 13: the review findings on § 34 ------------------------------------------------------


def _top_field(events, cands=(("u1", 210, True), ("v", 88), ("w", 88), ("z", 88), ("a", 40))):
    return he_case([he_list(*cands, nid="bl", group_kind="voter_group")], events, election="majority")


def test_majority_lists_every_top_candidate_also_one_passed_over_after_the_others():
    # z has the top count but left his group; he is placed after v and w and still listed
    det = only(decide(_top_field([("2007-01-01", "z", "left_group"), ("2009-02-01", "u1", "died")])))
    assert det["outcome"] == "lot" and det["lot_between"] == ["v", "w"]
    rows = {c["person"]: c for c in det["candidates"]}
    assert rows["z"]["status"] == "skipped" and rows["z"]["reason"] == "left_group"
    assert rows["v"]["status"] == rows["w"]["status"] == "tied" and "a" not in rows


def test_a_single_top_candidate_is_not_decided_by_list_place_against_an_excluded_equal():
    det = only(
        decide(
            _top_field([("2007-01-01", "v", "left_group"), ("2007-01-02", "w", "died"), ("2009-02-01", "u1", "died")])
        )
    )
    assert det["successor"] == "z" and det["lot_between"] == []
    assert [c["person"] for c in det["candidates"]] == ["v", "w", "z"]


def test_the_lot_winner_refuses_and_lot_between_keeps_the_tied():
    det = only(decide_file("instances/he/majority-top-listed.yaml"))
    assert det["successor"] == "vogt" and det["lot_between"] == ["weber", "vogt"]
    rows = by_person(det)
    assert rows["weber"]["status"] == "skipped" and rows["zander"]["reason"] == "left_group"
    assert "he-kwg-34/1a/1/2" not in [g["norm"] for g in det["grounds"]]  # no new lot was needed
    # the lot decides, never the list place: with the places swapped the same person follows
    c = _top_field(
        [("2009-02-01", "u1", "died"), ("2009-02-05", "w", "lot_drawn")],
        cands=(("u1", 210, True), ("w", 88), ("v", 88)),
    )
    assert only(decide(c))["successor"] == "w"


def test_a_missing_vote_count_that_decides_is_said_in_a_note_and_a_warning():
    result = decide_file("instances/he/no-vote-count-decides.yaml")
    det = only(result)
    assert [n["code"] for n in det["notes"]] == ["no_vote_count_decides"]
    assert det["notes"][0]["persons"] == ["kraemer"] and "Krämer" in det["notes"][0]["explanation"]
    assert "kraemer" not in by_person(det)  # ranked after the successor: not a row (DESIGN)
    assert any(w.startswith("seat of 'lang'") for w in result["warnings"])
    # with Krämer's count known (below Moser's), nothing is said
    c = he_case([he_list(("lang", 1200, True), ("kraemer", 5), ("moser", 310))], [("2009-04-03", "lang", "resigned")])
    assert only(decide(c))["notes"] == [] and decide(c)["warnings"] == []
    # a person without a count who is passed over anyway decides nothing
    c = he_case(
        [he_list(("lang", 1200, True), ("kraemer", None), ("moser", 310))],
        [("2008-01-01", "kraemer", "left_group"), ("2009-04-03", "lang", "resigned")],
    )
    assert only(decide(c))["notes"] == []


def test_a_waiver_for_the_record_is_described_as_recorded_not_as_written():
    det = only(decide_file("instances/he/advance-declarations.yaml"))
    text = by_person(det)["petersen"]["explanation"]
    assert "zur Niederschrift" in text and "in writing to the Wahlleiter" not in text
    german = by_person(only(decide_file("instances/he/advance-declarations.yaml", lang="de")))["petersen"][
        "explanation"
    ]
    assert "zur Niederschrift" in german and "schriftlich auf" not in german
    written = he_case(
        [he_list(("a", 900, True), ("b", 500), ("c", 300))],
        [("2008-01-01", "b", "waived"), ("2009-01-01", "a", "died")],
    )
    assert "in writing" in by_person(only(decide(written)))["b"]["explanation"]


def test_an_advance_written_refusal_refuses_nothing_and_the_warning_names_the_waiver():
    # issue 50: a refusal with no call open refuses nothing, in Hessen as everywhere; the waiver of
    # Abs. 2 Satz 1 Halbsatz 2 is recorded as `waived` (Petersen's), which the warning names
    result = decide_file("instances/he/advance-declarations.yaml")
    assert only(result)["successor"] == "quandt"
    petersen = by_person(only(result))["petersen"]
    assert (petersen["reason"], petersen["norm"]) == ("waived", "he-kwg-34/2/1/2")
    assert any(
        "'quandt' refused on 15 June 2007" in w and "no call to refuse" in w and "'waived'" in w
        for w in result["warnings"]
    )


def test_the_mayoralty_is_labelled_with_the_provision_it_is_referred_to():
    det = decide_file("instances/he/mayor-referred.yaml")["determinations"][0]
    assert det["outcome"] == "referred" and det["outcome_norm"] == "he-kwg-33/1/nr2"
    assert det["outcome_ground"]["citation"] == "§ 33 Abs. 1 Nr. 2 KWG"


# --- the independent review of the changes above ------------------------------------------------


def test_unknown_counts_are_not_equal_counts():
    # the only candidates left have no vote count: no lot (Abs. 1a: Stimmengleichheit), undetermined
    det = only(decide(_top_field([("2009-02-01", "u1", "died")], cands=(("u1", 210, True), ("x", None), ("y", None)))))
    assert det["outcome"] == "undetermined" and det["lot_between"] == []
    assert [n["code"] for n in det["notes"]] == ["no_vote_count_decides"]
    assert (
        det["outcome_ground"]["norm"] == "he-kwg-34/1a/1" and "unknown counts" in det["outcome_ground"]["explanation"]
    )
    # a lot drawn (recorded on the day, before the determination ended) is history: it stands
    det = only(
        decide(
            _top_field(
                [("2009-02-01", "u1", "died"), ("2009-02-01", "y", "lot_drawn")],
                cands=(("u1", 210, True), ("x", None), ("y", None)),
            )
        )
    )
    assert det["successor"] == "y"


def test_a_lot_between_counted_candidates_notes_an_uncounted_rival():
    det = only(
        decide(_top_field([("2009-02-01", "u1", "died")], cands=(("u1", 210, True), ("v", 88), ("w", 88), ("x", None))))
    )
    assert det["outcome"] == "lot" and det["notes"][0]["persons"] == ["x"]


def test_a_lot_drawn_by_someone_already_passed_over_is_no_lot():
    det = only(
        decide(
            _top_field(
                [("2008-01-01", "z", "left_group"), ("2009-02-01", "u1", "died"), ("2009-02-05", "z", "lot_drawn")]
            )
        )
    )
    assert det["outcome"] == "lot" and det["lot_between"] == ["v", "w"]


def test_a_successor_without_a_count_is_named_in_the_note():
    c = he_case(
        [he_list(("lang", 1200, True), ("kraemer", None), ("moser", None))], [("2009-04-03", "lang", "resigned")]
    )
    det = only(decide(c))
    assert det["successor"] == "kraemer" and det["notes"][0]["persons"] == ["kraemer", "moser"]
    assert "no vote count for him" in det["candidates"][-1]["explanation"]


# § 34 Abs. 3 Satz 2 with old § 23 Abs. 2 and § 24 Abs. 2: a Hinderungsgrund not shown to have ceased (issue 28, point 3)
def test_a_called_successor_barred_without_proof_counts_as_refused_when_the_week_ends():
    base = [he_list(("a", 900, True), ("b", 300), ("c", 200))]
    events = [
        ("2009-01-01", "b", "incompatibility"),
        ("2010-01-01", "a", "resigned"),
        ("2010-01-04", "b", "notified"),
        ("2010-01-05", "b", "accepted"),
    ]
    det = only(decide(he_case(base, events, as_of="2010-01-11")))  # the last day of his week
    assert det["successor"] == "b" and det["membership"]["status"] == "pending"
    assert {"must_show_ground_ceased", "acceptance_without_proof"} <= {n["code"] for n in det["notes"]}
    det = only(decide(he_case(base, events, as_of="2010-03-01")))
    assert det["successor"] == "c" and by_person(det)["b"]["reason"] == "incompatible"
    assert by_person(det)["b"]["norm"] == "he-kwg-24/2" and det["calls"][0]["how"] == "lapsed"
    # the ground shown to have ceased within the week: a member from the proof
    det = only(decide(he_case(base, events + [("2010-01-08", "b", "incompatibility_ended")], as_of="2010-03-01")))
    assert det["successor"] == "b"
    assert (det["membership"]["status"], det["membership"]["member_from"]) == ("accepted", "2010-01-08")


@pytest.mark.parametrize("reading,successor", [("no", "f"), ("yes", "b")])
def test_a_deemed_refusal_counts_as_a_refusal_at_a_later_vacancy(reading, successor):
    base = [he_list(("a", 900, True), ("d", 800, True), ("b", 300), ("c", 200), ("f", 100))]
    res = decide(
        he_case(
            base,
            [
                ("2009-01-01", "b", "incompatibility"),
                ("2010-01-01", "a", "resigned"),
                # notified: his week runs (without a notification nothing is deemed, core.unnotified)
                ("2010-01-02", "b", "notified"),
                ("2010-06-01", "b", "incompatibility_ended"),
                ("2011-01-01", "d", "died"),
            ],
        ),
        cli_readings={"he.refused_is_called": reading},
    )
    first, second = res["determinations"]
    assert first["successor"] == "c" and second["successor"] == successor


def test_an_elected_person_barred_without_proof_refuses_the_election_when_the_week_ends():
    c = he_case(
        [he_list(("a", 900, True), ("b", 300))],
        [("2006-03-01", "a", "incompatibility"), ("2006-04-03", "a", "notified"), ("2006-04-04", "a", "accepted")],
        as_of="2006-12-31",
    )
    res = decide(c)
    det = only(res)
    assert (det["vacancy"], det["trigger"], det["date"], det["successor"]) == ("a", "refused", "2006-04-11", "b")
    assert "he-kwg-24/2" in [g["norm"] for g in det["trigger_grounds"]]
    assert not any("Hinderungsgrund" in w for w in res["warnings"])
    c["events"].append({"date": "2006-04-10", "person": "a", "type": "incompatibility_ended"})
    assert decide(c)["determinations"] == []
