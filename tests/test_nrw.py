"""NRW § 45 KWahlG, norm by norm, on small cases built here (independent of instances/)."""

from __future__ import annotations

import pytest

from conftest import by_person, by_vacancy, decide, decide_file, only


def nom(nid, *cands, group=None, tier="list", district=None, kind="party"):
    out = {"id": nid, "group": group or nid.split("-")[0], "group_kind": kind, "tier": tier, "candidates": []}
    if district:
        out["district"] = district
    for cand in cands:
        if isinstance(cand, str):
            cand = {"id": cand}
        out["candidates"].append(cand)
    return out


def case(nominations, events, **extra):
    return {
        "statute": "nw",
        "election_date": "2014-05-25",
        "nominations": nominations,
        "events": [{"date": d, "person": p, "type": t, **(x[0] if x else {})} for d, p, t, *x in events],
        **extra,
    }


def E(pid, **kw):
    return {"id": pid, **kw}


def direct(pid, district="wb1", group="cdu"):
    return nom(f"{group}-{district}", E(pid, elected=True), group=group, tier="district", district=district)


def test_direct_winner_is_replaced_from_the_partys_reserveliste():
    det = only(
        decide(
            case(
                [direct("d"), nom("cdu-rl", "d", E("l1", elected=True), "l2", "l3"), nom("spd-rl", "s1")],
                [("2016-01-01", "d", "died")],
            )
        )
    )
    assert (det["successor"], det["successor_nomination"]) == ("l2", "cdu-rl")
    assert det["grounds"][0]["norm"] == "nw-kwahlg-45/1/1"


def test_votes_play_no_role():
    det = only(
        decide(
            case(
                [nom("cdu-rl", E("a", elected=True), E("b", votes=1), E("c", votes=999))],
                [("2016-01-01", "a", "resigned")],
            )
        )
    )
    assert det["successor"] == "b"


def test_later_party_change_of_the_departed_is_irrelevant():
    det = only(
        decide(
            case(
                [direct("d"), nom("cdu-rl", "x")], [("2015-01-01", "d", "left_group"), ("2016-01-01", "d", "resigned")]
            )
        )
    )
    assert det["successor"] == "x" and "nw-kwahlg-45/1/2" in [g["norm"] for g in det["grounds"]]


@pytest.mark.parametrize(
    "designation", ["d", {"person": "d", "candidacy": "district"}, {"person": "d", "candidacy": "list"}]
)
def test_named_ersatzbewerber_takes_precedence(designation):
    det = only(
        decide(
            case(
                [direct("d"), nom("cdu-rl", "l1", "l2", E("sub", substitute_for=[designation]))],
                [("2016-01-01", "d", "died")],
            )
        )
    )
    assert det["successor"] == "sub"
    assert [g["norm"] for g in det["grounds"]][:3] == ["nw-kwahlg-45/1/1", "nw-kwahlg-45/2/1", "nw-kwahlg-16/2"]


def test_designation_for_someone_else_is_ignored():
    det = only(
        decide(
            case(
                [direct("d"), direct("e", "wb2"), nom("cdu-rl", "l1", E("sub", substitute_for=["e"]))],
                [("2016-01-01", "d", "died")],
            )
        )
    )
    assert det["successor"] == "l1"


def test_einzelbewerber_seat_stays_empty():
    ez = nom("ez", E("solo", elected=True), group="solo", tier="district", district="wb1", kind="individual")
    det = only(decide(case([ez, nom("cdu-rl", "l1")], [("2016-01-01", "solo", "died")])))
    assert det["outcome"] == "vacant" and det["member_count_reduced"] and det["candidates"] == []
    assert [g["norm"] for g in det["grounds"]] == ["nw-kwahlg-45/5/1", "nw-kwahlg-45/5/2"]


def test_exhausted_list():
    det = only(
        decide(
            case(
                [nom("cdu-rl", E("a", elected=True), "b")],
                [("2015-01-01", "b", "left_group"), ("2016-01-01", "a", "died")],
            )
        )
    )
    assert det["outcome"] == "vacant" and det["member_count_reduced"]


@pytest.mark.parametrize("reading,outcome", [(None, "vacant"), ("undetermined", "undetermined")])
def test_no_reserve_list(reading, outcome):
    readings = {"nw.no_reserve_list": reading} if reading else {}
    det = only(
        decide(
            case([direct("d", group="ts"), nom("cdu-rl", "l1")], [("2016-01-01", "d", "died")]), cli_readings=readings
        )
    )
    assert det["outcome"] == outcome


@pytest.mark.parametrize(
    "etype,reading,excluded",
    [("left_group", {}, True), ("expelled", {}, True), ("expelled", {"nw.expelled": "no"}, False)],
)
def test_abs3_party_exit(etype, reading, excluded):
    det = only(
        decide(
            case(
                [nom("cdu-rl", E("a", elected=True), "b", "c")],
                [("2015-01-01", "b", etype), ("2016-01-01", "a", "died")],
            ),
            cli_readings=reading,
        )
    )
    assert det["successor"] == ("c" if excluded else "b")
    if excluded:
        assert by_person(det)["b"]["norm"] == "nw-kwahlg-45/3/1"


def test_abs3_rejoin_reading():
    c = case(
        [nom("cdu-rl", E("a", elected=True), "b", "c")],
        [("2015-01-01", "b", "left_group"), ("2015-06-01", "b", "rejoined"), ("2016-01-01", "a", "died")],
    )
    assert only(decide(c))["successor"] == "c"
    assert only(decide(c, cli_readings={"nw.rejoined": "yes"}))["successor"] == "b"


@pytest.mark.parametrize(
    "form,reading,excluded",
    [("recorded", {}, True), ("written", {}, False), ("written", {"nw.written_waiver": "yes"}, True)],
)
def test_abs3_waiver_form_of_section_38(form, reading, excluded):
    det = only(
        decide(
            case(
                [nom("cdu-rl", E("a", elected=True), "b", "c")],
                [("2015-01-01", "b", "waived", {"form": form}), ("2016-01-01", "a", "died")],
            ),
            cli_readings=reading,
        )
    )
    assert det["successor"] == ("c" if excluded else "b")
    if not excluded:
        assert [n["code"] for n in det["notes"]] == ["written_waiver_ineffective"]


def test_abs3_satz2_earlier_refusal_of_the_election():
    det = decide(
        case(
            [direct("d"), nom("cdu-rl", "x", "d", "y"), direct("e", "wb2")],
            [("2014-06-01", "d", "refused"), ("2016-01-01", "e", "died")],
        )
    )["determinations"]
    assert [(x["vacancy"], x["successor"]) for x in det] == [("d", "x"), ("e", "y")]
    assert (by_person(det[1])["d"]["reason"], by_person(det[1])["d"]["norm"]) == ("refused", "nw-kwahlg-45/3/2")


def _abs4(extra_designation=None, readings=None):
    subs = ["j"] + ([extra_designation] if extra_designation else [])
    c = case(
        [
            nom("fdp-wb2", "j", group="fdp", tier="district", district="wb2"),
            nom("fdp-rl", E("j", elected=True), E("k", substitute_for=subs), "m", group="fdp"),
            direct("o", "wb3", group="fdp"),
        ],
        [("2016-01-01", "j", "died")],
    )
    return only(decide(c, cli_readings=readings or {}))


def test_abs4_disregards_entirely_by_default():
    det = _abs4()
    assert det["successor"] == "m" and by_person(det)["k"]["reason"] == "excluded_substitute"
    assert by_person(det)["k"]["norm"] == "nw-kwahlg-45/4"


def test_abs4_as_substitute_only():
    det = _abs4(readings={"nw.abs4_scope": "as_substitute_only"})
    assert det["successor"] == "k" and det["grounds"][1]["norm"] == "nw-kwahlg-45/2/1"
    assert "nw-kwahlg-16/2" not in [g["norm"] for g in det["grounds"]]  # not as Ersatzbewerber


def test_abs4_needs_exclusively():
    # also named for a direct winner: not "ausschließlich", so k is not disregarded; whether his
    # designation for j's Wahlbezirk candidacy counts for a seat j won from the list is the
    # question of reading nw.designation_capacity
    det = _abs4(extra_designation="o", readings={"nw.designation_capacity": "first_placed"})
    assert det["successor"] == "k" and "nw-kwahlg-16/2" in [g["norm"] for g in det["grounds"]]
    det = _abs4(extra_designation="o")
    assert det["successor"] == "k" and "nw-kwahlg-16/2" not in [g["norm"] for g in det["grounds"]]
    assert "reason" not in by_person(det)["k"]  # not passed over: first in list order


def _chain(readings=None, cycle=False):
    c = case(
        [
            nom(
                "spd-rl",
                E("q", elected=True),
                "l1",
                E("e1", substitute_for=["q"] + (["e2"] if cycle else [])),
                E("e2", substitute_for=["e1"]),
                "l2",
            )
        ],
        [("2015-01-01", "e1", "died")]
        + ([("2015-02-01", "e2", "lost_eligibility")] if cycle else [])
        + [("2016-01-01", "q", "resigned")],
    )
    return only(decide(c, cli_readings=readings or {}))


def test_failed_ersatzbewerber_default_next_on_list():
    det = _chain()
    assert det["successor"] == "l1" and by_person(det)["e1"]["norm"] == "nw-kwahlg-45/2/2"


def test_failed_ersatzbewerber_his_substitute():
    det = _chain({"nw.failed_substitute": "his_substitute"})
    assert det["successor"] == "e2"
    assert [c["person"] for c in det["candidates"]] == ["e1", "e2"]


def test_designation_cycle_terminates():
    det = _chain({"nw.failed_substitute": "his_substitute"}, cycle=True)
    assert det["successor"] == "l1" and [n["code"] for n in det["notes"]] == ["designation_cycle"]


def test_ersatzbewerber_named_for_two_serves_once():
    c = case(
        [
            nom(
                "cdu-rl",
                E("a", elected=True),
                E("b", elected=True),
                "l1",
                E("s", substitute_for=[{"person": "a", "candidacy": "list"}, {"person": "b", "candidacy": "list"}]),
            )
        ],
        [("2016-01-01", "a", "died"), ("2016-05-01", "b", "died")],
    )
    dets = decide(c)["determinations"]
    assert [d["successor"] for d in dets] == ["s", "l1"]


@pytest.mark.parametrize("reading,expected", [(None, "p4"), ("after_departed", "p7")])
def test_next_following_reading(reading, expected):
    c = case(
        [nom("cdu-rl", E("p1", elected=True), "p4", "p6", "p7")],
        [("2015-01-01", "p6", "called"), ("2016-01-01", "p6", "resigned")],
    )
    det = only(decide(c, cli_readings={"nw.next_following": reading} if reading else {}))
    assert det["successor"] == expected


def test_reservation_counts_as_refusal_and_refusal_is_final():
    c = case(
        [nom("cdu-rl", E("a", elected=True), "b", "c", "d")],
        [
            ("2016-01-01", "a", "died"),
            ("2016-01-05", "b", "accepted", {"reservation": True}),
            ("2016-01-06", "c", "refused"),
            ("2016-01-06", "c", "accepted"),
        ],
    )
    det = only(decide(c))
    assert det["successor"] == "d"
    assert [by_person(det)[p]["norm"] for p in "bc"] == ["nw-kwahlg-45/6/5", "nw-kwahlg-45/6/6"]


def test_membership_on_receipt_and_by_silence():
    base = [nom("cdu-rl", E("a", elected=True), "b")]
    m = only(
        decide(
            case(base, [("2016-01-01", "a", "died"), ("2016-01-04", "b", "notified"), ("2016-01-06", "b", "accepted")])
        )
    )["membership"]
    assert m == {"notified": "2016-01-04", "deadline": "2016-01-11", "status": "accepted", "member_from": "2016-01-06"}
    det = only(decide(case(base, [("2016-01-01", "a", "died"), ("2016-01-04", "b", "notified")], as_of="2016-02-01")))
    assert det["membership"]["status"] == "deemed_accepted" and det["membership"]["member_from"] == "2016-01-11"
    assert "nw-kwahlg-45/6/4" in [g["norm"] for g in det["grounds"]]


def test_not_applicable_to_majority_elections():
    det = only(
        decide(case([nom("cdu-rl", E("a", elected=True), "b")], [("2016-01-01", "a", "died")], election="majority"))
    )
    assert det["outcome"] == "not_applicable"


def test_a_vacancy_before_the_earliest_text_is_decided_under_it_with_a_warning():
    result = decide(case([nom("cdu-rl", E("a", elected=True), "b")], [("2016-01-01", "a", "died")]))
    assert only(result)["statute"] == "nw-kwahlg-45"
    assert len(result["warnings"]) == 1 and "before the earliest encoded text" in result["warnings"][0]
    assert "24 April 2019" in result["warnings"][0]


# --- issue 13: the review findings on § 45 ------------------------------------------------------


def test_a_reservation_refuses_the_election_for_every_later_vacancy():
    dets = by_vacancy(decide_file("instances/nw/reservation-refuses-for-good.yaml"))
    conrad = by_person(dets["brandt"])["conrad"]
    # Abs. 3 Satz 2 (not considered again) with Abs. 6 Satz 5 (the reservation is the refusal)
    assert {n["norm"] for n in conrad["norms"]} == {"nw-kwahlg-45/3/2", "nw-kwahlg-45/6/5"}
    assert dets["brandt"]["successor"] == "ebert"


def test_a_reservation_counts_only_once_it_answered_a_call():
    # the same declaration, made when no call was open to Conrad, refuses nothing
    c = case(
        [nom("spd-rl", E("a", elected=True), "c", "d")],
        [("2015-01-05", "c", "accepted", {"reservation": True}), ("2016-01-01", "a", "died")],
    )
    assert only(decide(c))["successor"] == "c"


def test_silence_is_acceptance_and_a_later_reservation_changes_nothing():
    result = decide_file("instances/nw/deemed-acceptance-stands.yaml")
    dets = by_vacancy(result)
    assert dets["albers"]["membership"]["status"] == "deemed_accepted"
    assert sorted(h for s in result["composition"]["seats"] for h in s["holders"]) == ["busch"]
    assert [p["person"] for p in result["composition"]["pending"]] == ["dorn"]
    late = [w for w in result["warnings"] if "busch" in w and "2 May 2024" in w]
    assert len(late) == 1 and "11 March 2024" in late[0] and "changes nothing" in late[0]


def test_a_refusal_after_deemed_acceptance_is_a_verzicht_in_the_form_of_section_38():
    c = case(
        [nom("spd-rl", E("a", elected=True), "c", "d")],
        [("2016-01-04", "a", "died"), ("2016-01-05", "c", "notified"), ("2016-03-01", "c", "refused")],
    )
    result = decide(c)
    dets = by_vacancy(result)
    assert dets["a"]["successor"] == "c" and dets["a"]["membership"]["status"] == "deemed_accepted"
    assert dets["c"]["trigger"] == "resigned" and dets["c"]["successor"] == "d"
    verzicht = [w for w in result["warnings"] if "'c' refused on 1 March 2016" in w]
    assert len(verzicht) == 1 and "§ 38" in verzicht[0] and "12 January 2016" in verzicht[0]
    german = [w for w in decide(c, lang="de")["warnings"] if "'c' hat am 1. März 2016 abgelehnt" in w]
    assert len(german) == 1 and "Niederschrift" in german[0]


def test_his_substitute_follows_the_chain_of_a_failed_list_candidate():
    det = only(decide_file("instances/nw/his-substitute-list-candidate.yaml"))
    assert det["successor"] == "ernst"
    assert "Engel" in by_person(det)["ernst"]["explanation"]  # named for the one who failed before him
    assert det["grounds"][1]["explanation"].startswith("The candidates of the Reserveliste")
    default = only(
        decide_file(
            "instances/nw/his-substitute-list-candidate.yaml", cli_readings={"nw.failed_substitute": "next_on_list"}
        )
    )
    assert default["successor"] == "lange"


def _cycling_list_chain() -> dict:
    """l1 failed, e1 named for l1 failed, e2 named for e1 failed, e1 named for e2 again."""
    return case(
        [
            nom(
                "spd-rl",
                E("q", elected=True),
                "l1",
                "l2",
                E("e1", substitute_for=["l1", "e2"]),
                E("e2", substitute_for=["e1"]),
            )
        ],
        [
            ("2015-01-01", "l1", "died"),
            ("2015-01-02", "e1", "died"),
            ("2015-01-03", "e2", "died"),
            ("2016-01-01", "q", "resigned"),
        ],
        readings={"nw.failed_substitute": "his_substitute"},
    )


def test_list_chains_end_on_a_cycle():
    # l1 failed, e1 named for l1 failed, e2 named for e1 failed, e1 named for e2 again: the walk
    # goes on to the list
    c = _cycling_list_chain()
    det = only(decide(c))
    assert det["successor"] == "l2"
    assert [x["person"] for x in det["candidates"]] == ["l1", "e1", "e2", "l2"]


@pytest.mark.parametrize("reading,expected", [("as_elected", "hahn"), ("first_placed", "gerber")])
def test_the_designation_for_the_capacity_in_which_the_seat_was_won(reading, expected):
    det = only(decide_file("instances/nw/designation-capacity.yaml", cli_readings={"nw.designation_capacity": reading}))
    assert det["successor"] == expected and "nw-kwahlg-16/2" in [g["norm"] for g in det["grounds"]]


def test_a_direct_winner_without_district_designation_keeps_his_list_designation():
    c = case(
        [
            nom("fdp-wb4", E("f", elected=True), group="fdp", tier="district", district="wb4"),
            nom("fdp-rl", "f", "x", E("g", substitute_for=[{"person": "f", "candidacy": "list"}]), group="fdp"),
        ],
        [("2016-01-01", "f", "died")],
    )
    assert only(decide(c))["successor"] == "g"


def test_a_list_winner_keeps_only_his_list_designation():
    # j won his seat from the list; his district designation does not count (Abs. 4), his list one does
    c = case(
        [
            nom("fdp-wb2", "j", group="fdp", tier="district", district="wb2"),
            nom(
                "fdp-rl",
                E("j", elected=True),
                "x",
                E("k", substitute_for=[{"person": "j", "candidacy": "district"}]),
                E("m", substitute_for=[{"person": "j", "candidacy": "list"}]),
                group="fdp",
            ),
            direct("o", "wb3", group="fdp"),
        ],
        [("2016-01-01", "j", "died")],
    )
    det = only(decide(c))
    assert det["successor"] == "m"


def test_a_former_member_may_succeed_again_only_under_the_literal_reading():
    dets = by_vacancy(decide_file("instances/nw/former-member-eligible.yaml"))
    assert dets["mertens"]["successor"] == "kern"
    assert "noch nicht berufen" in by_person(dets["mertens"])["kern"]["explanation"]
    # the case selects eligible; the default (excluded) passes him over
    dets = by_vacancy(
        decide_file("instances/nw/former-member-eligible.yaml", cli_readings={"nw.former_member": "excluded"})
    )
    assert dets["mertens"]["successor"] == "nagel"
    kern = by_person(dets["mertens"])["kern"]
    assert (kern["reason"], kern["norm"]) == ("former_member", "nw-kwahlg-45/2/1")
    assert by_person(dets["mertens"])["lorenz"]["reason"] == "already_called"


def test_all_candidates_lists_the_reserveliste_behind_an_ersatzbewerber():
    det = only(decide_file("instances/nw/muenster-2006.yaml", all_candidates=True))
    rows = [(x["person"], x["status"]) for x in det["candidates"]]
    assert rows[0] == ("jahn", "successor") and len(rows) > 1
    assert all(status == "behind" for _, status in rows[1:])
    plain = only(decide_file("instances/nw/muenster-2006.yaml"))
    assert [x["person"] for x in plain["candidates"]] == ["jahn"]
    assert [g["norm"] for g in plain["grounds"]] == [g["norm"] for g in det["grounds"]]  # no ground added


def test_the_abs1_ground_names_the_wahlbezirk_only_for_a_direct_winner():
    direct_winner = only(decide_file("instances/nw/direct-winner-list-order.yaml"))
    assert "directly" in direct_winner["grounds"][0]["explanation"]
    list_winner = only(decide(case([nom("spd-rl", E("a", elected=True), "b")], [("2016-01-01", "a", "died")])))
    assert "Wahlbezirk" not in list_winner["grounds"][0]["explanation"]
    assert (
        "direkt"
        not in only(decide(case([nom("spd-rl", E("a", elected=True), "b")], [("2016-01-01", "a", "died")]), lang="de"))[
            "grounds"
        ][0]["explanation"]
    )


@pytest.mark.parametrize(
    "path,phrase",
    [
        ("instances/nw/einzelbewerber.yaml", "Einzelbewerber"),
        ("instances/nw/list-exhausted.yaml", "is exhausted"),
        ("instances/nw/no-reserve-list.yaml", "has no Reserveliste"),
    ],
)
def test_the_abs5_outcome_names_the_alternative_that_applies(path, phrase):
    det = only(decide_file(path))
    assert det["outcome"] == "vacant" and phrase in det["outcome_ground"]["explanation"]
    others = {"Einzelbewerber", "is exhausted", "has no Reserveliste"} - {phrase}
    assert not any(o in det["outcome_ground"]["explanation"] for o in others)


# --- the independent review of the changes above ------------------------------------------------


def test_an_elected_candidates_reservation_within_his_week_refuses_the_election():
    c = case(
        [nom("spd-rl", E("anna", elected=True), E("bert", elected=True), "carl", "dora")],
        [
            ("2014-05-27", "anna", "notified"),
            ("2014-05-29", "anna", "accepted", {"reservation": True}),
            ("2015-05-01", "bert", "died"),
        ],
    )
    result = decide(c)
    dets = by_vacancy(result)
    assert dets["anna"]["trigger"] == "refused" and dets["anna"]["successor"] == "carl"
    anna = by_person(dets["bert"])["anna"]
    assert anna["reason"] == "refused" and "reservation" in anna["explanation"]
    assert not any("changes nothing" in w for w in result["warnings"])


def test_a_reservation_after_the_elected_persons_week_changes_nothing_and_names_the_day_membership_began():
    c = case(
        [nom("spd-rl", E("anna", elected=True), "carl")],
        [("2014-05-27", "anna", "notified"), ("2014-07-01", "anna", "accepted", {"reservation": True})],
    )
    result = decide(c)
    late = [w for w in result["warnings"] if "'anna' declared acceptance with a reservation" in w]
    assert len(late) == 1 and "3 June 2014" in late[0]  # the end of her week, when she became a member


def test_a_members_waiver_is_not_read_as_anything_but_said():
    c = case([nom("spd-rl", E("anna", elected=True), "carl")], [("2015-07-01", "anna", "waived", {"form": "recorded"})])
    result = decide(c)
    assert result["determinations"] == []
    assert any("'anna' waived on 1 July 2015 while holding a seat" in w for w in result["warnings"])


def test_his_substitute_follows_a_designee_placed_before_the_departed_under_after_departed():
    c = case(
        [nom("rl", E("x"), E("q", elected=True), E("lutz"), "lange", group="spd")],
        [("2015-01-01", "lutz", "died"), ("2016-01-01", "q", "resigned")],
        readings={"nw.failed_substitute": "his_substitute", "nw.next_following": "after_departed"},
    )
    c["nominations"][0]["candidates"][0]["substitute_for"] = ["lutz"]
    det = only(decide(c))
    assert det["successor"] == "x"


def test_a_chain_of_list_candidates_that_cycles_is_noted():
    c = _cycling_list_chain()
    assert [n["code"] for n in only(decide(c))["notes"]] == ["designation_cycle"]


def test_a_designation_that_does_not_count_is_named():
    det = only(decide_file("instances/nw/designation-capacity.yaml"))
    assert [(n["code"], n["persons"]) for n in det["notes"]] == [("designation_not_in_capacity", ["gerber"])]
    alt = only(
        decide_file("instances/nw/designation-capacity.yaml", cli_readings={"nw.designation_capacity": "first_placed"})
    )
    assert alt["notes"] == []


def test_a_former_member_called_again_is_a_note_and_a_warning():
    result = decide_file("instances/nw/former-member-eligible.yaml")
    det = by_vacancy(result)["mertens"]
    assert [(n["code"], n["persons"]) for n in det["notes"]] == [("former_member_called", ["kern"])]
    assert any(w.startswith("seat of 'mertens'") and "Kern" in w for w in result["warnings"])


def test_the_abs3_satz2_explanation_names_the_alternative_that_applied():
    dets = by_vacancy(decide_file("instances/nw/abs3-exclusions.yaml"))
    assert "Refused the election on" in by_person(dets["bauer"])["adler"]["explanation"]
    dets = by_vacancy(decide_file("instances/nw/reservation-refuses-for-good.yaml"))
    assert "under reservation" in by_person(dets["brandt"])["conrad"]["explanation"]


def test_a_member_who_gave_up_his_seat_yesterday_is_not_called_by_default():
    dets = by_vacancy(decide_file("instances/nw/former-member-excluded.yaml"))
    assert dets["albers"]["successor"] == "xander"
    assert by_person(dets["albers"])["vogt"]["reason"] == "former_member"
    literal = by_vacancy(
        decide_file("instances/nw/former-member-excluded.yaml", cli_readings={"nw.former_member": "eligible"})
    )
    assert literal["albers"]["successor"] == "vogt"


def test_a_lost_seat_is_no_verzicht_and_the_reading_does_not_pass_him_over():
    for value in ("excluded", "eligible"):
        dets = by_vacancy(
            decide_file("instances/nw/lost-seat-not-former.yaml", cli_readings={"nw.former_member": value})
        )
        assert dets["dorn"]["successor"] == "brandt"
        assert [n["code"] for n in dets["dorn"]["notes"]] == ["former_member_called"]


def test_the_mayor_is_a_member_by_law_and_never_called_back():
    for path, statute in (
        ("instances/nw/mayor-already-member.yaml", "nw-kwahlg-45"),
        ("instances/nw/2024-mayor-already-member.yaml", "nw-kwahlg-45-2024"),
    ):
        dets = by_vacancy(decide_file(path, statute_id=statute))
        engel = by_person(dets["gaertner"])["engel"]
        assert (engel["reason"], engel["norm"], engel["citation"]) == (
            "already_member",
            "nw-go-40/2/2",
            "§ 40 Abs. 2 Satz 2 GO",
        )
        assert dets["gaertner"]["successor"] == "hahn"


def test_a_pending_persons_resignation_refuses_the_call_and_vacates_nothing():
    result = decide_file("instances/nw/resigned-while-pending.yaml")
    dets = by_vacancy(result)
    assert set(dets) == {"arndt", "dietz"}  # no vacancy of a seat bach never held
    assert dets["arndt"]["successor"] == "cramer"
    assert by_person(dets["dietz"])["bach"]["norm"] == "nw-kwahlg-45/3/2"
    assert any("resigned on 3 February 2023 while his call was pending" in w for w in result["warnings"])


def test_a_written_verzicht_opens_no_vacancy_in_nrw_and_an_unknown_form_is_warned_about():
    base = [nom("spd", E("a", elected=True), "b", "c")]
    written = decide(case(base, [("2023-02-01", "a", "resigned", {"form": "written"})]))
    assert written["determinations"] == []
    assert any("zur Niederschrift" in w and "not taken to fall vacant" in w for w in written["warnings"])
    unknown = decide(case(base, [("2023-02-01", "a", "resigned")]))
    assert only(unknown)["successor"] == "b"
    assert any("does not say in which form" in w for w in unknown["warnings"])
    recorded = decide(case(base, [("2023-02-01", "a", "resigned", {"form": "recorded"})]))
    assert only(recorded)["successor"] == "b"
    assert not any("Niederschrift" in w for w in recorded["warnings"])


# --- issue 28 point 7: a seat lost for eligibility (2019 wording) ---------------------------------


@pytest.mark.parametrize("regained,expected", [(False, "n"), (True, "k")])
def test_a_seat_lost_for_eligibility_is_a_loss_of_eligibility_under_abs2_satz2(regained, expected):
    events = [("2016-05-03", "k", "lost_seat", {"cause": "eligibility"}), ("2018-01-15", "m", "died")]
    if regained:  # eligible again: the 2019 wording has no "without interruption"
        events.insert(1, ("2017-02-01", "k", "regained_eligibility"))
    c = case([nom("bl-rl", E("k", elected=True), E("m", elected=True), "l", "n", kind="voter_group")], events)
    dets = by_vacancy(decide(c))
    assert dets["k"]["successor"] == "l" and dets["m"]["statute"] == "nw-kwahlg-45"
    assert dets["m"]["successor"] == expected
    if not regained:
        k = by_person(dets["m"])["k"]
        assert (k["reason"], k["norm"]) == ("lost_eligibility", "nw-kwahlg-45/2/2")
        assert "Lost his seat for lost eligibility on 3 May 2016" in k["explanation"]
    # a seat lost on another ground is no loss of eligibility
    c["events"][0]["cause"] = "scrutiny"
    assert by_vacancy(decide(c))["m"]["successor"] == "k"


def test_the_worked_case_of_a_seat_lost_for_eligibility():
    dets = by_vacancy(decide_file("instances/nw/seat-lost-for-eligibility.yaml"))
    assert dets["mertens"]["successor"] == "nagel"
    assert by_person(dets["mertens"])["kern"]["reason"] == "lost_eligibility"


def test_a_written_waiver_in_a_call_refuses_it_for_good():
    dets = by_vacancy(decide_file("instances/nw/waiver-in-call-lasts.yaml"))
    assert dets["ahrens"]["successor"] == "claasen"
    assert by_person(dets["ahrens"])["berger"]["norm"] == "nw-kwahlg-45/6/2"
    berger = by_person(dets["dietrich"])["berger"]
    assert (berger["reason"], berger["norm"]) == ("refused", "nw-kwahlg-45/3/2")
    # one declared for the record stays the waiver of Abs. 3 Satz 1
    c = case(
        [nom("fdp-rl", E("a", elected=True), E("d", elected=True), "b", "c", "e")],
        [
            ("2023-03-01", "a", "resigned", {"form": "recorded"}),
            ("2023-03-03", "b", "waived", {"form": "recorded"}),
            ("2023-09-12", "d", "died"),
        ],
    )
    b = by_person(by_vacancy(decide(c))["d"])["b"]
    assert (b["reason"], b["norm"]) == ("waived", "nw-kwahlg-45/3/1")


# § 45 Abs. 6 with § 13 KWahlG: reading nw.incompatibility (issue 28, point 3)
def _hg(*events, **extra):
    c = case(
        [nom("spd-rl", E("a", elected=True), E("d", elected=True), "b", "c", "f")],
        [("2020-01-01", "b", "incompatibility"), *events],
        as_of="2022-12-31",
        **extra,
    )
    return {**c, "statute": "nw-kwahlg-45", "election_date": "2020-09-13"}


def test_a_hinderungsgrund_not_shown_to_have_ended_is_a_deemed_refusal_by_default():
    res = decide(
        _hg(
            ("2021-02-01", "a", "died"),
            ("2021-02-03", "b", "notified"),
            ("2021-02-04", "b", "accepted"),
            ("2021-06-01", "b", "incompatibility_ended"),
            ("2022-01-10", "d", "died"),
        )
    )
    first, second = by_vacancy(res)["a"], by_vacancy(res)["d"]
    assert first["successor"] == "c" and first["calls"][0]["how"] == "lapsed"
    assert (by_person(first)["b"]["reason"], by_person(first)["b"]["norm"]) == ("incompatible", "nw-kwahlg-13")
    # at a later vacancy: a refusal of the election from the Reserveliste (Abs. 3 Satz 2)
    assert second["successor"] == "f" and by_person(second)["b"]["norm"] == "nw-kwahlg-45/3/2"
    # shown within the week: a member from that day
    det = by_vacancy(
        decide(
            _hg(
                ("2021-02-01", "a", "died"),
                ("2021-02-03", "b", "notified"),
                ("2021-02-04", "b", "accepted"),
                ("2021-02-08", "b", "incompatibility_ended"),
            )
        )
    )["a"]
    assert det["successor"] == "b"
    assert (det["membership"]["status"], det["membership"]["member_from"]) == ("accepted", "2021-02-08")


def test_an_acceptance_without_the_proof_makes_no_member_in_nrw():
    det = by_vacancy(
        decide(
            {
                **_hg(("2021-02-01", "a", "died"), ("2021-02-03", "b", "notified"), ("2021-02-04", "b", "accepted")),
                "as_of": "2021-02-09",
            }
        )
    )["a"]
    assert det["successor"] == "b" and det["membership"]["status"] == "pending"
    assert {"hinderungsgrund_called", "acceptance_without_proof"} <= {n["code"] for n in det["notes"]}


def test_the_referred_reading_refers_the_call_to_section_13():
    res = decide(
        _hg(("2021-02-01", "a", "died"), ("2021-02-03", "b", "notified")),
        cli_readings={"nw.incompatibility": "referred"},
    )
    det = by_vacancy(res)["a"]
    assert (det["outcome"], det["referred_to"], det["successor"]) == ("referred", "§ 13 KWahlG", None)
    assert det["candidates"][-1]["person"] == "b" and "§ 13 KWahlG" in det["candidates"][-1]["explanation"]
    assert res["composition"]["vacant"]  # the seat stays empty meanwhile, nobody is seated silently


def test_a_declaration_takes_effect_when_it_reaches_the_office():
    dets = by_vacancy(decide_file("instances/nw/refusal-received-late.yaml"))
    assert dets["albers"]["successor"] == "bode"
    assert dets["albers"]["membership"]["status"] == "deemed_accepted"
    assert set(dets) == {"albers"}  # a Verzicht in writing opens no vacancy (§ 38 Satz 1)
    # the same letter received the day it was signed refuses the call
    c = case(
        [nom("cdu-rl", E("a", elected=True), "b", "c")],
        [("2023-03-01", "a", "died"), ("2023-03-02", "b", "notified"), ("2023-03-08", "b", "refused")],
    )
    assert only(decide(c))["successor"] == "c"
    # a member's Verzicht for the record falls vacant on receipt
    late = case(
        [nom("cdu-rl", E("a", elected=True), "b", "c")],
        [("2023-03-01", "a", "resigned", {"form": "recorded", "received": "2023-03-06"})],
    )
    det = only(decide(late))
    assert det["date"] == "2023-03-06" and det["successor"] == "b"


def test_the_elected_are_members_from_the_period_start_and_refuse_the_election_before_it():
    base = [nom("spd", E("a", elected=True), "b", "c")]
    early = decide(
        case(
            base,
            [("2014-06-01", "a", "resigned"), ("2014-09-01", "x", "died")][:1],
            body={"period_start": "2014-06-20"},
        )
    )
    det = only(early)
    assert det["trigger"] == "refused"  # § 36 Satz 2: before the period he refuses the election
    assert not any("lies after the vacancy" in w for w in early["warnings"])
    late = only(decide(case(base, [("2014-07-01", "a", "resigned")], body={"period_start": "2014-06-20"})))
    assert late["trigger"] == "resigned"  # a member's Verzicht
