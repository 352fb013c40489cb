"""Hessen § 34 KWG as in force from 24 Dec 2011 (he-kwg-34-2011), with § 33 and § 23 Abs. 2."""

from __future__ import annotations

from conftest import by_person, by_vacancy, decide, decide_file, he_list, only, statute_case


def case(nominations, events, **extra):
    return statute_case("he-kwg-34-2011", nominations, events, election_date="2021-03-14", **extra)


def spd(*cands):
    return he_list(*cands, nid="spd")


def test_the_elected_are_members_at_once_so_a_refusal_is_a_verzicht_on_the_seat():
    # under the old text a refusal within the week refused the election; from 2011 there is no
    # declaration of acceptance: the refusal gives up the seat (§ 33 Abs. 1 Nr. 1), with a warning
    result = decide(case([spd(("a", 900, True), ("b", 500))], [("2021-03-17", "a", "refused")]))
    det = only(result)
    assert det["trigger"] == "resigned" and det["successor"] == "b"
    assert {g["norm"] for g in det["trigger_grounds"]} == {"he-kwg-34/1/1", "he-kwg-33/1/nr1", "he-kwg-33/3/nr1"}
    assert any("§ 33 Abs. 2" in w for w in result["warnings"])


def test_without_a_recorded_feststellung_it_is_presumed_four_weeks_after_the_call():
    # § 34 Abs. 3 Satz 2: the Feststellung makes the member; none recorded: reading he.undetermined
    events = [("2022-01-03", "a", "died"), ("2022-01-04", "b", "notified")]
    nom = spd(("a", 900, True), ("b", 500))
    open_ = only(decide(case([nom], events, as_of="2022-01-31")))["membership"]
    assert open_["status"] == "to_be_determined" and open_["earliest_determination"] == "2022-01-03"
    assert open_["member_from"] is None and open_["deadline"] is None
    done = only(decide(case([nom], events, as_of="2022-02-01")))["membership"]
    assert done["status"] == "determined" and done["member_from"] == "2022-01-31"
    assert done["earliest_determination"] == "2022-01-03" and "assumed" in done["assumption"]
    # open: never presumed; earliest: on the day he is reached
    never = only(decide(case([nom], events, as_of="2023-01-01", readings={"he.undetermined": "open"})))
    assert never["membership"]["status"] == "to_be_determined"
    first = only(decide(case([nom], events, readings={"he.undetermined": "earliest"})))["membership"]
    assert first["status"] == "determined" and first["member_from"] == "2022-01-03"


def test_a_recorded_feststellung_makes_the_member_that_day():
    events = [("2022-01-03", "a", "died"), ("2022-01-10", "b", "called")]
    det = only(decide(case([spd(("a", 900, True), ("b", 500))], events)))
    assert det["membership"]["status"] == "determined" and det["membership"]["member_from"] == "2022-01-10"
    assert "earliest_determination" not in det["membership"]


def test_reading_earliest_determines_on_the_day_and_a_later_refusal_opens_a_new_vacancy():
    c = case(
        [spd(("a", 900, True), ("b", 500), ("c", 100))],
        [("2022-01-03", "a", "died"), ("2022-01-05", "b", "refused")],
        readings={"he.undetermined": "earliest"},
    )
    dets = by_vacancy(decide(c))
    assert dets["a"]["membership"]["status"] == "determined" and dets["a"]["membership"]["member_from"] == "2022-01-03"
    assert dets["a"]["successor"] == "b"
    # b was a member when he refused: his Verzicht on the seat is a vacancy of its own
    assert dets["b"]["trigger"] == "resigned" and dets["b"]["successor"] == "c"
    # by default the same refusal, within four weeks and before any recorded Feststellung, passes him over
    result = decide(
        case(
            [spd(("a", 900, True), ("b", 500), ("c", 100))],
            [("2022-01-03", "a", "died"), ("2022-01-05", "b", "refused")],
        )
    )
    dflt = by_vacancy(result)
    assert set(dflt) == {"a"} and dflt["a"]["successor"] == "c"
    assert by_person(dflt["a"])["b"]["reason"] == "waived"
    assert any("no Feststellung of him is recorded" in w for w in result["warnings"])


def test_an_event_after_the_presumed_feststellung_is_named_in_a_warning():
    result = decide(
        case(
            [spd(("a", 900, True), ("b", 500), ("c", 100))],
            [("2022-01-03", "a", "died"), ("2022-02-10", "b", "left_group")],
        )
    )
    det = only(result)
    assert det["successor"] == "b" and det["membership"]["status"] == "determined"
    assert any("would have passed him over had the Feststellung come later" in w for w in result["warnings"])


def test_a_party_exit_before_the_feststellung_passes_him_over_abs_2_nr_1():
    c = case(
        [spd(("a", 900, True), ("b", 500), ("c", 100))],
        [("2022-01-03", "a", "died"), ("2022-01-12", "b", "left_group")],
    )
    det = only(decide(c))
    assert det["successor"] == "c"
    b = by_person(det)["b"]
    assert (b["reason"], b["norm"]) == ("left_group", "he-kwg-34/2/nr1")
    assert det["calls"][0] == {
        "person": "b",
        "nomination": "spd",
        "from": "2022-01-03",
        "ended": "2022-01-12",
        "how": "left_group",
    }
    # after a recorded Feststellung a party exit changes nothing
    done = only(
        decide(
            case(
                [spd(("a", 900, True), ("b", 500), ("c", 100))],
                [("2022-01-03", "a", "died"), ("2022-01-05", "b", "called"), ("2022-01-12", "b", "left_group")],
            )
        )
    )
    assert done["successor"] == "b" and done["membership"]["member_from"] == "2022-01-05"


def test_a_recorded_feststellung_of_the_next_person_never_leaves_two_holders():
    # b is presumed determined on 31 Jan; the office records c's Feststellung on 15 Feb: the
    # presumption was wrong, b never became a member
    result = decide(
        case(
            [spd(("a", 900, True), ("b", 500), ("c", 100))],
            [("2022-01-03", "a", "died"), ("2022-02-15", "c", "called")],
        )
    )
    holders = [p for seat in result["composition"]["seats"] for p in seat["holders"]]
    assert holders == ["c"]
    det = only(result)
    assert det["recorded_call"] == "c"
    assert [(c["person"], c["how"]) for c in det["calls"]] == [("b", "superseded"), ("c", None)]


def test_the_retired_inquiry_period_reading_has_no_effect_and_is_named():
    events = [("2022-01-03", "a", "died")]
    nom = spd(("a", 900, True), ("b", 500))
    result = decide(case([nom], events, readings={"he.inquiry_period": "none"}))
    assert any("he.inquiry_period" in w and "retired" in w for w in result["warnings"])
    assert only(result) == only(decide(case([nom], events)))


def test_a_refusal_with_no_call_open_is_no_waiver():
    """Issue 50: a declaration of refusal made before any vacancy, or by one not called while another
    procedure is open, refuses nothing (there is no call to refuse), under both texts; the written waiver
    of Abs. 2 Nr. 2 (earlier: Abs. 2 Satz 1 Halbsatz 2) is recorded as `waived`, and the warning says so.
    A refusal of his own call stays the waiver for good (instances/he/2011-declined-for-good.yaml)."""
    nom = spd(("a", 900, True), ("x", 800, True), ("b", 500), ("c", 100), ("d", 50))
    events = [
        ("2021-05-01", "b", "refused"),
        ("2022-01-03", "a", "died"),
        ("2022-01-04", "c", "refused"),
        ("2022-06-01", "x", "died"),
    ]
    result = decide(case([nom], events))
    dets = by_vacancy(result)
    assert dets["a"]["successor"] == "b" and "c" not in {r["person"] for r in dets["a"]["candidates"]}
    warned = [w for w in result["warnings"] if "no call to refuse" in w]
    assert len(warned) == 2 and all("'waived'" in w for w in warned)
    assert dets["x"]["successor"] == "c"  # b is pending for a's seat; c's refusal refused nothing
    old = by_vacancy(decide(statute_case("he-kwg-34", [nom], events, election_date="2006-03-26")))
    assert old["a"]["successor"] == "b" and old["x"]["successor"] == "c"


def test_a_waiver_cannot_be_revoked():
    c = case(
        [spd(("a", 900, True), ("b", 500), ("c", 100))],
        [("2021-05-01", "b", "waived"), ("2021-06-01", "b", "accepted"), ("2022-01-03", "a", "died")],
    )
    b = by_person(only(decide(c)))["b"]
    assert b["reason"] == "waived" and b["norm"] == "he-kwg-34/2/nr2/2" and "cannot be revoked" in b["explanation"]
    assert b["citation"] == "§ 34 Abs. 2 Nr. 2 Halbsatz 2 KWG"
    assert "later declared acceptance" in b["explanation"]


def test_nr3_is_a_present_ground_regained_eligibility_or_an_ended_hinderungsgrund_do_not_exclude():
    events = [
        ("2021-05-01", "b", "lost_eligibility"),
        ("2021-08-01", "b", "regained_eligibility"),
        ("2021-05-01", "c", "incompatibility"),
        ("2021-09-01", "c", "incompatibility_ended"),
        ("2022-01-03", "a", "died"),
    ]
    assert only(decide(case([spd(("a", 900, True), ("b", 500), ("c", 400))], events)))["successor"] == "b"
    events = [e for e in events if e[1] != "b"]
    assert only(decide(case([spd(("a", 900, True), ("c", 400), ("d", 10))], events)))["successor"] == "c"


def test_reading_hinderungsgrund_week_removed_in_time_keeps_the_successor():
    from pathlib import Path

    from nachruecken.case.loader import read_raw

    data, _ = read_raw(Path("instances/he/2011-hinderungsgrund-week.yaml"))
    data["events"].append({"date": "2022-10-07", "person": "rau", "type": "incompatibility_ended"})
    det = only(decide(data))
    assert det["successor"] == "rau"
    assert det["membership"]["status"] == "determined" and det["membership"]["member_from"] == "2022-10-12"
    assert "must_remove_hinderungsgrund" in {n["code"] for n in det["notes"]}
    # under the default the same candidate is passed over at once (Abs. 2 Nr. 3)
    data["readings"] = {}
    det = only(decide(data))
    rau = by_person(det)["rau"]
    assert det["successor"] == "sommer" and rau["norm"] == "he-kwg-34/2/nr3" and rau["reason"] == "incompatible"


def test_the_old_text_pinned_would_pass_the_kreistag_seat_to_the_ersatzliste():
    new = only(decide_file("instances/he/2011-kreistag-wahlbereich.yaml"))
    assert new["outcome"] == "referred" and new["referred_to"] == "§ 34 Abs. 1 Satz 3 KWG"
    old = only(decide_file("instances/he/2011-kreistag-wahlbereich.yaml", statute_id="he-kwg-34"))
    assert old["outcome"] == "successor" and old["successor"] == "kraft"


def test_a_reservation_has_no_effect_and_a_note_says_so():
    c = case(
        [spd(("a", 900, True), ("b", 500))],
        [("2022-01-03", "a", "died"), ("2022-01-05", "b", "accepted", {"reservation": True})],
        as_of="2022-02-20",
    )
    det = only(decide(c))
    assert det["successor"] == "b" and det["membership"]["status"] == "determined"
    assert "reservation_no_declaration" in {n["code"] for n in det["notes"]}


def test_landtag_and_merger_are_not_governed_and_the_cause_key_changes_nothing_elsewhere():
    det = only(
        decide(case([spd(("a", 900, True), ("b", 500))], [("2022-01-03", "a", "died")], body={"kind": "landtag"}))
    )
    assert det["outcome"] == "not_applicable"
    merged = only(
        decide(case([spd(("a", 900, True), ("b", 500))], [("2022-01-03", "a", "lost_seat", {"cause": "merger"})]))
    )
    assert merged["outcome"] == "not_applicable" and merged["grounds"][0]["norm"] == "he-kwg-33/1/nr4/2"
    bb = statute_case(
        "bb", [he_list(("a", 900, True), ("b", 500))], [("2022-01-03", "a", "lost_seat", {"cause": "merger"})]
    )
    assert only(decide(bb))["successor"] == "b"


def test_mehrheitswahl_exhausted_leaves_the_seat_empty_by_default():
    c = case(
        [spd(("a", 900, True), ("b", 500))],
        [("2021-05-01", "b", "died"), ("2022-01-03", "a", "died")],
        election="majority",
    )
    det = only(decide(c))
    assert det["outcome"] == "vacant" and det["member_count_reduced"]
    alt = only(decide(c, cli_readings={"he.majority_exhausted": "undetermined"}))
    assert alt["outcome"] == "undetermined"


# --- review findings (an independent legal review with probe cases) ------------------------------


def test_a_resignation_before_the_determination_is_a_waiver_not_a_verzicht_on_a_seat():
    c = case(
        [spd(("a", 900, True), ("b", 500), ("c", 100))],
        [("2022-06-01", "a", "died"), ("2022-06-03", "b", "resigned")],
        as_of="2022-06-30",
    )
    dets = by_vacancy(decide(c))
    assert set(dets) == {"a"} and dets["a"]["successor"] == "c"
    assert by_person(dets["a"])["b"]["reason"] == "waived"


def test_the_mayoralty_of_a_candidate_is_a_hinderungsgrund():
    nom = spd(("a", 900, True), ("b", 500), ("c", 100))
    before = only(decide(case([nom], [("2022-05-01", "b", "elected_mayor"), ("2022-06-01", "a", "died")])))
    assert before["successor"] == "c" and by_person(before)["b"]["reason"] == "incompatible"
    assert "Bürgermeister" in by_person(before)["b"]["explanation"]
    during = decide(
        case([nom], [("2022-06-01", "a", "died"), ("2022-06-03", "b", "elected_mayor")], as_of="2022-06-30")
    )
    assert [d["vacancy"] for d in during["determinations"]] == ["a"] and only(during)["successor"] == "c"


def test_under_reading_week_a_hinderungsgrund_arising_in_the_week_must_be_removed_in_it():
    nom = spd(("a", 900, True), ("b", 500), ("c", 100))
    events = [("2022-06-01", "a", "died"), ("2022-06-03", "b", "incompatibility")]
    det = only(decide(case([nom], events, as_of="2022-06-30", readings={"he.hinderungsgrund": "week"})))
    assert det["successor"] == "c" and by_person(det)["b"]["norm"] == "he-kwg-23/2/3"
    removed = only(
        decide(
            case(
                [nom],
                events + [("2022-06-06", "b", "incompatibility_ended")],
                as_of="2022-06-30",
                readings={"he.hinderungsgrund": "week"},
            )
        )
    )
    assert removed["successor"] == "b" and removed["membership"]["status"] == "determined"


def test_noch_nicht_berufen_under_mehrheitswahl_is_abs_1a():
    nom = spd(("a", 900, True), ("x", 800, True), ("b", 500), ("c", 100))
    dets = by_vacancy(
        decide(case([nom], [("2022-01-03", "a", "died"), ("2022-06-01", "x", "died")], election="majority"))
    )
    assert by_person(dets["x"])["b"]["reason"] == "already_called"
    assert by_person(dets["x"])["b"]["norm"] == "he-kwg-34/1a/1"


def test_reading_wahlbereich_chooses_the_ersatzliste_or_the_empty_seat_and_the_referred_seat_is_vacant_meanwhile():
    result = decide_file("instances/he/2011-kreistag-wahlbereich.yaml")
    assert {v["seat_of"] for v in result["composition"]["vacant"]} == {"kern"}
    alt = only(
        decide_file("instances/he/2011-kreistag-wahlbereich.yaml", cli_readings={"he.wahlbereich": "ersatzliste"})
    )
    assert alt["successor"] == "kraft" and alt["statute"] == "he-kwg-34-2011"
    empty = only(decide_file("instances/he/2011-kreistag-wahlbereich.yaml", cli_readings={"he.wahlbereich": "vacant"}))
    assert empty["outcome"] == "vacant" and empty["member_count_reduced"]


def test_a_members_hinderungsgrund_gets_a_warning_and_a_pinned_text_names_the_text_of_the_election():
    result = decide(case([spd(("a", 900, True), ("b", 500))], [("2022-01-03", "a", "incompatibility")]))
    assert any("record 'lost_seat' (cause: incompatibility)" in w for w in result["warnings"])
    pinned = decide(
        statute_case(
            "he-kwg-34-2011",
            [spd(("a", 900, True), ("b", 500))],
            [("2012-01-03", "a", "died")],
            election_date="2011-03-27",
        )
    )
    assert any(
        w.startswith("The election (27 March 2011) was held when") and "he-kwg-34)" in w for w in pinned["warnings"]
    )


def test_a_verzicht_takes_effect_with_the_feststellung_the_case_dates_not_on_receipt():
    # § 33 Abs. 3 Nr. 1: the `resigned` is dated on the Wahlleiter's Feststellung; `received` does not move it
    det = only(
        decide(case([spd(("a", 900, True), ("b", 500))], [("2022-03-01", "a", "resigned", {"received": "2022-03-04"})]))
    )
    assert det["date"] == "2022-03-01"
    # a candidate's waiver takes effect when it reaches the Wahlleiter: received after he was determined
    # (he.undetermined = earliest) it comes too late; on its own date it passes him over
    events = [("2022-03-01", "b", "waived", {"received": "2022-03-10"}), ("2022-03-05", "a", "died")]
    nom = spd(("a", 900, True), ("b", 500), ("c", 100))
    assert only(decide(case([nom], events, readings={"he.undetermined": "earliest"})))["successor"] == "b"
    events[0] = ("2022-03-01", "b", "waived")
    assert only(decide(case([nom], events, readings={"he.undetermined": "earliest"})))["successor"] == "c"


def test_an_elected_persons_verzicht_before_the_period_takes_effect_when_it_begins():
    result = decide(
        case(
            [spd(("a", 900, True), ("b", 500))],
            [("2021-03-20", "a", "resigned")],
            body={"period_start": "2021-04-01"},
            readings={"he.undetermined": "earliest"},
        )
    )
    det = only(result)
    assert det["date"] == "2021-04-01" and det["membership"]["member_from"] == "2021-04-01"
    assert not any("lies after the vacancy" in w for w in result["warnings"])
