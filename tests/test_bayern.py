"""Bayern Art. 37 GLKrWG with Art. 47, 48 GLKrWG, norm by norm, on small cases built here (independent of
instances/), the two weeks of Art. 47 Abs. 2 with silence as refusal, and what must not change."""

from __future__ import annotations

import copy
import datetime as dt

import pytest

from nachruecken.errors import InputError
from nachruecken.law.dates import local_holiday

from conftest import build_case, by_person, decide, decide_file, nomination, only, statute_case

nom = nomination


def case(nominations, events, **extra):
    return statute_case("by", nominations, events, election_date="2020-03-15", **extra)


def _list(*extra):
    return nom("csu", ("a", 900, True), ("b", 500), ("c", 400), ("d", 300), *extra)


def _decide(events, nominations=None, as_of=None, **kwargs):
    extra = {"as_of": as_of} if as_of else {}
    return only(decide(case(nominations or [_list()], events, **extra), **kwargs))


def _vacancy(result: dict, person: str) -> dict:
    return next(d for d in result["determinations"] if d["vacancy"] == person)


def _norms(det: dict) -> list[str]:
    return [g["norm"] for g in det["grounds"]]


# Art. 37 Abs. 1 Satz 1: votes, ties by lot


def test_art37_1_1_votes_decide_not_the_list_place():
    det = _decide([("2024-01-10", "a", "resigned")], [nom("csu", ("a", 900, True), ("b", 100), ("c", 700))])
    assert det["successor"] == "c" and det["statute"] == "by-glkrwg-37"
    assert "by-glkrwg-37/1/1" in _norms(det)


def test_art37_1_1_equal_votes_are_a_lot_not_the_list_place():
    tied = [nom("csu", ("a", 900, True), ("b", 500), ("c", 500), ("d", 100))]
    det = _decide([("2024-01-10", "a", "resigned")], tied)
    assert det["outcome"] == "lot" and set(det["lot_between"]) == {"b", "c"}


def test_art37_1_1_a_lot_drawn_at_the_election_fixes_the_order():
    tied = [nom("csu", ("a", 900, True), ("b", 500), ("c", 500), ("d", 100))]
    det = _decide([("2020-03-16", "c", "lot_drawn"), ("2024-01-10", "a", "resigned")], tied)
    assert det["successor"] == "c"
    assert "by-glkrwg-37/1/1" in _norms(det)


def test_art37_1_1_a_lot_drawn_after_the_vacancy_settles_the_lot():
    tied = [nom("csu", ("a", 900, True), ("b", 500), ("c", 500), ("d", 100))]
    det = _decide(
        [("2024-01-10", "a", "resigned"), ("2024-01-15", "c", "lot_drawn"), ("2024-01-16", "c", "accepted")], tied
    )
    assert det["successor"] == "c" and det["outcome"] == "successor"


def test_art37_1_1_unknown_counts_are_not_equal_counts():
    det = _decide([("2024-01-10", "a", "resigned")], [nom("csu", ("a", 900, True), ("b", None), ("c", None))])
    assert det["outcome"] == "undetermined" and det["gap_cause"]["cause"] == "input_missing"


def test_art37_1_1_an_elected_person_who_refused_the_election_is_no_listennachfolger():
    events = [("2020-03-17", "a", "refused"), ("2020-03-18", "b", "accepted")]
    det = _decide(events, [nom("csu", ("a", 900, True), ("e", 800, True), ("b", 500), ("c", 400))])
    assert det["successor"] == "b"
    assert det["trigger_grounds"][0]["norm"] == "by-glkrwg-47/4/2"


# Art. 37 Abs. 1 Satz 2: joined Wahlvorschlag


def _joined():
    n = nom("verbund", ("a", 900, True), ("b", 800), ("c", 500), ("d", 400))
    for cand, part in zip(n["candidates"], ["x", "y", "x", "y"], strict=True):
        cand["sublist"] = part
    return [n]


def test_art37_1_2_joined_list_takes_from_the_same_part():
    det = _decide([("2024-01-10", "a", "resigned")], _joined())
    assert det["successor"] == "c"
    assert det["grounds"][0]["norm"] in ("by-glkrwg-37/1/1", "by-glkrwg-37/1/2")
    assert "by-glkrwg-37/1/2" in _norms(det)


def test_art37_1_2_without_sublists_the_whole_list():
    det = _decide([("2024-01-10", "a", "resigned")], [nom("verbund", ("a", 900, True), ("b", 800), ("c", 500))])
    assert det["successor"] == "b" and "by-glkrwg-37/1/2" not in _norms(det)


# Art. 37 Abs. 2: fitness when called


def test_art37_2_2_not_eligible_when_called_is_struck():
    det = _decide([("2023-05-01", "b", "lost_eligibility"), ("2024-01-10", "a", "resigned")])
    assert det["successor"] == "c" and by_person(det)["b"]["norm"] == "by-glkrwg-37/2/2"


def test_art37_2_1_eligible_again_when_called_is_not_struck():
    events = [("2023-05-01", "b", "lost_eligibility"), ("2023-09-01", "b", "regained_eligibility")]
    det = _decide([*events, ("2024-01-10", "a", "resigned")])
    assert det["successor"] == "b"


def test_art37_2_2_dead_is_struck():
    det = _decide([("2023-05-01", "b", "died"), ("2024-01-10", "a", "resigned")])
    assert det["successor"] == "c" and by_person(det)["b"]["reason"] == "died"


def test_art37_2_2_hs2_barred_is_passed_over_while_it_lasts_and_stays():
    barred = [("2023-05-01", "b", "incompatibility")]
    det = _decide([*barred, ("2024-01-10", "a", "resigned")])
    assert det["successor"] == "c" and by_person(det)["b"]["norm"] == "by-glkrwg-37/2/2/2"
    ended = _decide([*barred, ("2023-12-01", "b", "incompatibility_ended"), ("2024-01-10", "a", "resigned")])
    assert ended["successor"] == "b"


def test_art37_1_1_elected_barred_under_art31_go_is_a_listennachfolger():
    nominations = [nom("csu", ("a", 900, True), ("e", 800, True), ("b", 500), ("c", 400))]
    events = [
        ("2020-03-10", "e", "incompatibility"),
        ("2020-03-20", "e", "lost_seat"),
        ("2020-03-23", "b", "accepted"),
        ("2022-01-01", "e", "incompatibility_ended"),
        ("2024-01-10", "a", "resigned"),
    ]
    result = decide(case(nominations, events))
    assert _vacancy(result, "e")["successor"] == "b"
    later = _vacancy(result, "a")
    assert later["successor"] == "e"


# Art. 48 Abs. 1 and Art. 47 Abs. 4: triggers


@pytest.mark.parametrize(
    "trigger,norm", [("resigned", "by-glkrwg-48/1/2"), ("lost_seat", "by-glkrwg-48/1/1"), ("died", "by-glkrwg-48/1/3")]
)
def test_art48_1_triggers(trigger, norm):
    det = _decide([("2024-01-10", "a", trigger)])
    assert det["outcome"] == "successor" and det["trigger_grounds"][0]["norm"] == norm


def test_death_by_reading():
    det = _decide([("2024-01-10", "a", "died")], cli_readings={"by.death": "referred"})
    assert det["outcome"] == "referred" and det["referred_to"] == "Art. 48 Abs. 1 Satz 3 GLKrWG"


def test_mayoralty_is_referred_to_glkrwo_95_and_the_holder_keeps_the_seat():
    det = _decide([("2024-01-10", "a", "elected_mayor")])
    assert det["outcome"] == "referred" and det["referred_to"] == "§ 95 Abs. 2 GLKrWO"
    assert det["holder_keeps_seat"]


# Art. 48 Abs. 3 Satz 3 with Art. 47 Abs. 2, 3: two weeks, silence is refusal


def test_art47_2_silence_for_two_weeks_is_refusal_and_the_next_is_called_the_day_after():
    # notified Monday 5 Feb 2024: the two weeks end Monday 19 Feb; c is called on 20 Feb
    events = [("2024-02-01", "a", "resigned"), ("2024-02-05", "b", "notified")]
    det = _decide(events, as_of="2024-03-15")
    assert det["successor"] == "c" and by_person(det)["b"]["norm"] == "by-glkrwg-47/2/2"
    assert det["calls"][0] == {
        "person": "b",
        "nomination": "csu",
        "from": "2024-02-01",
        "ended": "2024-02-20",
        "how": "lapsed",
    }
    assert det["calls"][1]["from"] == "2024-02-20"


def test_art47_2_inside_the_two_weeks_the_call_is_pending_not_failed():
    events = [("2024-02-01", "a", "resigned"), ("2024-02-05", "b", "notified")]
    # one week after the notification (where other states' periods end) nothing has lapsed
    det = _decide(events, as_of="2024-02-13")
    assert det["successor"] == "b" and det["membership"]["status"] == "pending"
    assert det["membership"]["deadline"] == "2024-02-19"
    last_day = _decide(events, as_of="2024-02-19")
    assert last_day["successor"] == "b" and last_day["membership"]["status"] == "pending"


def test_art47_2_an_acceptance_on_the_last_day_is_in_time():
    events = [("2024-02-01", "a", "resigned"), ("2024-02-05", "b", "notified"), ("2024-02-19", "b", "accepted")]
    det = _decide(events, as_of="2024-03-15")
    assert det["successor"] == "b" and det["membership"]["status"] == "accepted"
    late = [*events[:2], ("2024-02-20", "b", "accepted")]
    assert _decide(late, as_of="2024-03-15")["successor"] == "c"


def test_bgb_193_moves_the_end_of_the_two_weeks_off_a_weekend():
    # notified Saturday 3 Feb 2024: two weeks end Saturday 17 Feb, moved to Monday 19 Feb
    events = [("2024-02-01", "a", "resigned"), ("2024-02-03", "b", "notified")]
    pending = _decide(events, as_of="2024-02-19")
    assert pending["membership"]["deadline"] == "2024-02-19" and pending["membership"]["status"] == "pending"
    lapsed = _decide(events, as_of="2024-03-15")
    assert lapsed["successor"] == "c" and lapsed["calls"][0]["ended"] == "2024-02-20"


def test_art47_3_a_reservation_is_disregarded_and_the_acceptance_stands():
    events = [("2024-02-01", "a", "resigned"), ("2024-02-05", "b", "notified")]
    det = _decide([*events, ("2024-02-07", "b", "accepted", {"reservation": True})], as_of="2024-03-15")
    assert det["successor"] == "b" and det["membership"]["status"] == "accepted"
    assert det["membership"]["member_from"] == "2024-02-07"
    assert "reservation_disregarded" in [n["code"] for n in det["notes"]]


def test_art48_1_2_a_refusal_fails_the_call_at_once():
    det = _decide([("2024-02-01", "a", "resigned"), ("2024-02-05", "b", "refused")])
    assert det["successor"] == "c" and by_person(det)["b"]["norm"] == "by-glkrwg-48/1/2"
    assert det["calls"][0]["ended"] == "2024-02-05"


def test_refused_again_by_reading():
    nominations = [nom("csu", ("a", 900, True), ("e", 850, True), ("b", 500), ("c", 400), ("d", 300))]
    events = [
        ("2024-02-01", "a", "resigned"),
        ("2024-02-05", "b", "refused"),
        ("2024-02-06", "c", "accepted"),
        ("2025-01-10", "e", "resigned"),
    ]
    stays = _vacancy(decide(case(nominations, events)), "e")
    assert stays["successor"] == "b" and "refused_again" in [n["code"] for n in stays["notes"]]
    struck = _vacancy(decide(case(nominations, events), cli_readings={"by.refused_again": "struck"}), "e")
    assert struck["successor"] == "d" and by_person(struck)["b"]["reason"] == "refused"


def test_a_lapsed_call_counts_as_a_refusal_under_refused_again():
    nominations = [nom("csu", ("a", 900, True), ("e", 850, True), ("b", 500), ("c", 400), ("d", 300))]
    events = [
        ("2024-02-01", "a", "resigned"),
        ("2024-02-05", "b", "notified"),
        ("2024-02-21", "c", "accepted"),
        ("2025-01-10", "e", "resigned"),
    ]
    stays = _vacancy(decide(case(nominations, events)), "e")
    assert stays["successor"] == "b"
    struck = _vacancy(decide(case(nominations, events), cli_readings={"by.refused_again": "struck"}), "e")
    assert struck["successor"] == "d"


def test_exhausted_by_reading():
    single = [nom("wg", ("h", 700, True), ("g", 200))]
    events = [("2024-04-01", "g", "died"), ("2024-10-01", "h", "resigned")]
    det = only(decide(case(single, events)))
    assert det["outcome"] == "vacant" and not det["member_count_reduced"]
    assert "member_count_open" in [n["code"] for n in det["notes"]]
    gap = only(decide(case(single, events), cli_readings={"by.exhausted": "undetermined"}))
    assert gap["outcome"] == "undetermined" and gap["gap_cause"]["cause"] == "statute_silent"


def test_landtag_not_applicable():
    det = only(decide(case([_list()], [("2024-01-10", "a", "resigned")], body={"kind": "landtag"})))
    assert det["outcome"] == "not_applicable"


def test_the_other_states_keep_one_week():
    """The two weeks are Bayern's: a Rheinland-Pfalz call notified on the same day is decided after one week."""
    data = statute_case(
        "rp", [_list()], [("2024-02-01", "a", "resigned"), ("2024-02-05", "b", "notified")], election_date="2019-05-26"
    )
    det = only(decide({**data, "as_of": "2024-03-15"}))
    assert det["membership"]["deadline"] == "2024-02-12"


# What must not change


def _base():
    return case(
        [_list(), nom("spd", ("s", 800, True), ("t", 300))],
        [
            ("2024-02-01", "a", "resigned"),
            ("2024-02-05", "b", "notified"),
            ("2024-02-21", "c", "accepted"),
        ],
        as_of="2024-03-15",
    )


def _summary(result):
    return [(d["vacancy"], d["outcome"], d["successor"], d["calls"]) for d in result["determinations"]]


def test_an_unrelated_event_changes_nothing():
    base = _base()
    other = copy.deepcopy(base)
    other["events"].insert(1, {"date": "2024-02-03", "person": "t", "type": "left_group"})
    assert _summary(decide(base)) == _summary(decide(other))


def test_the_file_order_of_nominations_changes_nothing():
    base = _base()
    swapped = copy.deepcopy(base)
    swapped["nominations"].reverse()
    assert _summary(decide(base)) == _summary(decide(swapped))


def test_sublist_changes_nothing_under_another_state():
    """The candidate key sublist is statute-neutral: another state ignores it."""
    plain = statute_case("rp", _joined(), [("2024-01-10", "a", "resigned")], election_date="2019-05-26")
    bare = copy.deepcopy(plain)
    for cand in bare["nominations"][0]["candidates"]:
        del cand["sublist"]
    assert _summary(decide(plain)) == _summary(decide(bare))


def test_mehrheitswahl_the_whole_field_by_votes_ties_by_lot():
    field = [nom("f", ("k", 240, True), ("l", 188), ("m", 188), ("n", 120), kind="individual")]
    tie = only(decide(case(field, [("2024-06-03", "k", "resigned")], election="majority")))
    assert tie["outcome"] == "lot" and set(tie["lot_between"]) == {"l", "m"}
    events = [("2024-06-03", "k", "resigned"), ("2024-06-05", "m", "lot_drawn"), ("2024-06-06", "m", "accepted")]
    assert only(decide(case(field, events, election="majority")))["successor"] == "m"


def test_three_tied_a_lot_at_the_election_ranks_its_winner_first_only():
    tied = [nom("csu", ("a", 900, True), ("e", 850, True), ("b", 500), ("c", 500), ("d", 500))]
    events = [
        ("2020-03-16", "d", "lot_drawn"),
        ("2024-01-10", "a", "resigned"),
        ("2024-01-12", "d", "accepted"),
        ("2025-01-10", "e", "resigned"),
    ]
    result = decide(case(tied, events))
    assert _vacancy(result, "a")["successor"] == "d"
    # the two left share the count and no lot between them is recorded
    second = _vacancy(result, "e")
    assert second["outcome"] == "lot" and set(second["lot_between"]) == {"b", "c"}


@pytest.mark.parametrize("suffix", ["json", "lp"])
def test_the_joined_list_decides_the_same_from_json_and_lp_facts(tmp_path, suffix):
    from nachruecken.case.convert import to_json, to_lp

    loaded = build_case(case(_joined(), [("2024-01-10", "a", "resigned")]), "<test>")
    path = tmp_path / f"joined.{suffix}"
    path.write_text((to_json if suffix == "json" else to_lp)(loaded), encoding="utf-8")
    assert _summary(decide_file(path)) == _summary(decide(case(_joined(), [("2024-01-10", "a", "resigned")])))
    assert only(decide_file(path))["successor"] == "c"


def test_a_bavarian_holiday_moves_the_end_of_the_two_weeks():
    # notified Monday 23 Dec 2024: two weeks end Monday 6 Jan 2025, Heilige Drei Könige in Bayern (BGB § 193)
    events = [("2024-12-20", "a", "resigned"), ("2024-12-23", "b", "notified")]
    det = _decide(events, as_of="2025-01-07")
    assert det["successor"] == "b" and det["membership"]["status"] == "pending"
    assert det["membership"]["deadline"] == "2025-01-07"
    assert [d["date"] for d in det["membership"]["deadline_moved"]["days"]] == ["2025-01-06"]
    lapsed = _decide(events, as_of="2025-02-01")
    assert lapsed["successor"] == "c" and lapsed["calls"][0]["ended"] == "2025-01-08"


def test_the_weekend_move_is_named():
    events = [("2024-02-01", "a", "resigned"), ("2024-02-03", "b", "notified"), ("2024-02-19", "b", "accepted")]
    det = _decide(events, as_of="2024-03-15")
    assert det["successor"] == "b" and det["membership"]["status"] == "accepted"
    assert [d["date"] for d in det["membership"]["deadline_moved"]["days"]] == ["2024-02-17", "2024-02-18"]


# After the legal review


def test_a_three_way_lot_at_the_election_ranks_by_its_first_draw():
    tied = [nom("csu", ("k", 900, True), ("a", 300), ("b", 300), ("c", 300))]
    drawn = [("2020-03-20", "a", "lot_drawn"), ("2020-03-20", "b", "lot_drawn")]
    assert _decide([*drawn, ("2024-01-10", "k", "resigned")], tied)["successor"] == "a"
    # the first placed has died: the next draw ranks the others
    later = _decide([*drawn, ("2023-05-01", "a", "died"), ("2024-01-10", "k", "resigned")], tied)
    assert later["successor"] == "b"


def test_no_refusal_by_silence_without_the_written_notice():
    det = _decide([("2024-01-10", "a", "resigned")], as_of="2024-06-01")
    assert det["successor"] == "b" and det["membership"]["status"] == "pending"
    assert "refusal_needs_notice" in [n["code"] for n in det["notes"]]


def test_a_bar_that_ended_before_he_left_makes_no_listennachfolger():
    events = [
        ("2020-04-01", "a", "incompatibility"),
        ("2021-01-01", "a", "incompatibility_ended"),
        ("2023-01-10", "a", "resigned"),
        ("2023-01-11", "b", "notified"),
        ("2023-01-12", "b", "accepted"),
        ("2024-01-10", "b", "died"),
    ]
    result = decide(case([_list()], events))
    assert _vacancy(result, "b")["successor"] == "c"


@pytest.mark.parametrize(
    ("event", "reason"), [("lost_eligibility", "lost_eligibility"), ("incompatibility", "incompatible")]
)
def test_a_pending_call_fails_when_he_cannot_take_office(event, reason):
    events = [("2024-01-10", "a", "resigned"), ("2024-01-11", "b", "notified"), ("2024-01-15", "b", event)]
    det = _decide([*events, ("2024-01-16", "b", "accepted")], as_of="2024-03-01")
    assert det["successor"] == "c" and by_person(det)["b"]["reason"] == reason


def test_a_joined_list_names_the_part_of_every_candidate():
    noms = [nom("fw", ("a", 900, True), ("b", 500), ("c", 400))]
    for cand, part in zip(noms[0]["candidates"], ("x", "x", None)):
        if part:
            cand["sublist"] = part
    with pytest.raises(InputError, match=r"sublist") as err:
        build_case(case(noms, [("2024-01-10", "a", "resigned")]), "<test>")
    assert err.value.path.endswith("candidates[2].sublist")


def test_a_person_on_two_nominations_contends_once_in_a_mehrheitswahl():
    """The check found two successors: one person's two entries were a tie with himself, and a lot drawn
    for him picked both."""
    noms = [
        nom("n1", ("p", 2), group="g", kind="voter_group", tier="district", district="d1"),
        nom("n2", ("q", 2, True), ("p", 2), group="g", kind="voter_group"),
    ]
    events = [("2021-01-01", "q", "refused"), ("2021-01-02", "p", "lot_drawn")]
    det = only(decide(case(noms, events, election="majority")))
    assert (det["outcome"], det["successor"]) == ("successor", "p")
    without_lot = only(decide(case(noms, events[:1], election="majority")))
    assert (without_lot["outcome"], without_lot["successor"]) == ("successor", "p")


def test_a_period_ending_on_15_august_asks_whether_the_day_is_a_holiday_there():
    """Assumption Day is a public holiday only in Bavarian municipalities with a mainly Catholic
    population; `holidays` leaves it out, so the case must say. Two weeks from 1 August 2023 end on
    Tuesday 15 August; listed as a holiday, on the 16th, and the question is settled."""
    events = [("2023-07-30", "a", "died"), ("2023-08-01", "b", "notified")]
    result = decide(case([_list()], events))
    assert only(result)["membership"]["deadline"] == "2023-08-15"
    assert [w for w in result["warnings"] if "15 August 2023" in w and "Assumption Day" in w]
    german = decide(case([_list()], events), lang="de")
    assert [w for w in german["warnings"] if "15. August 2023" in w and "Mariä Himmelfahrt" in w]
    listed = decide(case([_list()], events, holidays=["2023-08-15"]))
    assert only(listed)["membership"]["deadline"] == "2023-08-16"
    assert not [w for w in listed["warnings"] if "Assumption Day" in w]
    # a period ending on another day asks nothing; nor does the day in a state where it is no holiday anywhere
    later = decide(case([_list()], [("2023-07-30", "a", "died"), ("2023-08-02", "b", "notified")]))
    assert not [w for w in later["warnings"] if "Assumption Day" in w]
    assert local_holiday(dt.date(2023, 8, 15), "BY") and local_holiday(dt.date(2023, 8, 15), "HE") is None


# Issue 50: the first mayoralty, struck for the term, the withdrawal of a refusal, the lot named


def _codes(det: dict) -> list[str]:
    return [n["code"] for n in det["notes"]]


@pytest.mark.parametrize("day", ["2020-03-15", "2020-03-29"])
def test_elected_first_mayor_before_the_term_cannot_take_the_seat(day):
    """On the election day or in the run-off (before the Wahlzeit begins on 1 May, by.term_start =
    may_first) he never becomes a member: Art. 48 Abs. 1 Satz 1 Nr. 3 with Art. 31 Abs. 3 GO, not § 95
    Abs. 2 GLKrWO."""
    events = [("2020-03-16", "a", "notified"), (day, "a", "elected_mayor"), ("2020-04-02", "b", "accepted")]
    det = _decide(events)
    assert det["outcome"] == "successor" and det["successor"] == "b" and not det["referred_to"]
    assert det["trigger_grounds"][0]["norm"] == "by-glkrwg-48/1/1/nr3"
    assert ("term_start_presumed" in _codes(det)) == (day == "2020-03-29")


def test_a_recorded_period_start_decides_whether_the_mayoralty_came_before_the_term():
    events = [("2020-03-16", "a", "notified"), ("2020-03-29", "a", "elected_mayor")]
    early = only(decide(case([_list()], events, body={"period_start": "2020-05-01"})))
    assert early["outcome"] == "successor" and "term_start_presumed" not in _codes(early)
    late = only(decide(case([_list()], events, body={"period_start": "2020-03-20"})))
    assert late["outcome"] == "referred" and late["referred_to"] == "§ 95 Abs. 2 GLKrWO"


def test_term_start_recorded_reading_refers_a_run_off_without_a_recorded_start():
    events = [("2020-03-16", "a", "notified"), ("2020-03-29", "a", "elected_mayor")]
    det = _decide(events, cli_readings={"by.term_start": "recorded"})
    assert det["outcome"] == "referred" and det["holder_keeps_seat"]


def test_a_listennachfolger_who_is_first_mayor_is_passed_over_while_he_is_mayor():
    mayor = [("2022-10-09", "b", "elected_mayor")]
    det = _decide([*mayor, ("2024-01-10", "a", "resigned")])
    assert det["successor"] == "c"
    assert (by_person(det)["b"]["reason"], by_person(det)["b"]["norm"]) == ("incompatible", "by-glkrwg-37/2/2/2")
    ended = _decide([*mayor, ("2023-12-31", "b", "incompatibility_ended"), ("2024-01-10", "a", "resigned")])
    assert ended["successor"] == "b"


def test_a_pending_call_fails_when_he_becomes_first_mayor():
    events = [("2024-01-10", "a", "resigned"), ("2024-01-11", "b", "notified"), ("2024-01-15", "b", "elected_mayor")]
    det = _decide([*events, ("2024-01-16", "b", "accepted")], as_of="2024-03-01")
    assert det["successor"] == "c" and by_person(det)["b"]["reason"] == "incompatible"


def test_a_member_who_left_for_the_mayoralty_is_barred_only_while_he_is_mayor():
    nominations = [nom("csu", ("a", 900, True), ("e", 850, True), ("b", 500), ("c", 400), ("d", 300))]
    events = [
        ("2021-10-24", "a", "elected_mayor"),
        ("2021-12-01", "a", "lost_seat"),
        ("2021-12-03", "b", "accepted"),
        ("2023-06-05", "e", "resigned"),
        ("2023-06-07", "c", "accepted"),
        ("2024-06-30", "a", "incompatibility_ended"),
        ("2025-01-13", "c", "resigned"),
    ]
    result = decide(case(nominations, events))
    first, lost = [d for d in result["determinations"] if d["vacancy"] == "a"]
    assert first["referred_to"] == "§ 95 Abs. 2 GLKrWO" and lost["successor"] == "b"
    during = _vacancy(result, "e")
    assert during["successor"] == "c" and by_person(during)["a"]["reason"] == "incompatible"
    assert "barred_elected_listed" in _codes(during)
    assert _vacancy(result, "c")["successor"] == "a"


def test_struck_when_his_turn_came_lasts_the_term():
    nominations = [nom("csu", ("a", 900, True), ("e", 850, True), ("b", 500), ("c", 400), ("d", 300))]
    events = [
        ("2021-11-30", "b", "lost_eligibility"),
        ("2022-01-10", "a", "resigned"),
        ("2022-01-12", "c", "accepted"),
        ("2023-03-01", "b", "regained_eligibility"),
        ("2024-04-08", "e", "resigned"),
    ]
    later = _vacancy(decide(case(nominations, events)), "e")
    assert later["successor"] == "d"
    assert (by_person(later)["b"]["reason"], by_person(later)["b"]["norm"]) == ("lost_eligibility", "by-glkrwg-37/2/2")
    assert (
        "30 November 2021" in by_person(later)["b"]["explanation"] and "struck" in by_person(later)["b"]["explanation"]
    )


def test_struck_during_his_own_call_lasts_the_term():
    nominations = [nom("csu", ("a", 900, True), ("e", 850, True), ("b", 500), ("c", 400), ("d", 300))]
    events = [
        ("2022-01-10", "a", "resigned"),
        ("2022-01-11", "b", "notified"),
        ("2022-01-14", "b", "lost_eligibility"),
        ("2022-01-17", "c", "accepted"),
        ("2023-03-01", "b", "regained_eligibility"),
        ("2024-04-08", "e", "resigned"),
    ]
    result = decide(case(nominations, events))
    assert _vacancy(result, "a")["successor"] == "c"
    assert _vacancy(result, "e")["successor"] == "d"


def test_one_not_reached_while_ineligible_is_not_struck():
    """His turn never came: the one above him moved up while he was not eligible."""
    nominations = [nom("csu", ("a", 900, True), ("e", 850, True), ("b", 500), ("c", 400), ("d", 300))]
    events = [
        ("2021-11-30", "c", "lost_eligibility"),
        ("2022-01-10", "a", "resigned"),
        ("2022-01-12", "b", "accepted"),
        ("2023-03-01", "c", "regained_eligibility"),
        ("2024-04-08", "e", "resigned"),
    ]
    assert _vacancy(decide(case(nominations, events)), "e")["successor"] == "c"


def test_a_refusal_of_the_election_can_be_withdrawn_until_the_wahlausschuss_decides():
    det = _decide([("2020-03-18", "a", "refused"), ("2020-03-20", "b", "accepted")])
    assert det["successor"] == "b" and "refusal_revocable" in _codes(det)
    note = next(n for n in det["notes"] if n["code"] == "refusal_revocable")
    assert note["norm"] == "by-glkrwo-95/1/1" and note["citation"] == "§ 95 Abs. 1 Satz 1 GLKrWO"
    # a member's resignation is no refusal of the election: nothing to withdraw under § 95 Abs. 1
    assert "refusal_revocable" not in _codes(_decide([("2024-01-10", "a", "resigned")]))


def test_a_lot_drawn_at_the_election_names_the_tied():
    tied = [nom("csu", ("a", 900, True), ("b", 500), ("c", 500), ("d", 100))]
    det = _decide([("2020-03-16", "c", "lot_drawn"), ("2024-01-10", "a", "resigned")], tied)
    assert det["successor"] == "c" and set(det["lot_between"]) == {"b", "c"}
    assert by_person(det)["b"]["status"] == "tied" and "drawn at the election" in by_person(det)["b"]["explanation"]
    assert any(g["norm"] == "by-glkrwg-37/1/1" and "drawn then" in g["explanation"] for g in det["grounds"])


def test_a_tie_with_a_mayor_is_no_lot():
    tied = [nom("csu", ("a", 900, True), ("b", 500), ("c", 500), ("d", 100))]
    det = _decide([("2022-10-09", "b", "elected_mayor"), ("2024-01-10", "a", "resigned")], tied)
    assert det["outcome"] == "successor" and det["successor"] == "c" and not det["lot_between"]


def test_the_act_names_the_lot_drawn_at_the_election():
    from nachruecken.case.loader import load_case
    from nachruecken.engine.determine import determine_case
    from nachruecken.output.documents import feststellung as doc

    from conftest import ROOT

    loaded = load_case(ROOT / "instances/by/lot-at-election-named.yaml")
    result = determine_case(loaded, lang="de")
    det = _vacancy(result, "kaiser")
    act = doc.markdown(result, loaded, det, "de", "act")
    assert "Zwischen Lena Lang, Max Maier und Nina Noll hat das Los entschieden." in act


def test_a_successor_who_accepts_before_the_wahlzeit_is_a_member_from_its_start(run_cli):
    """No membership precedes the Wahlzeit (1 May under by.term_start = may_first): the Listennachfolger
    for a mayor-elect accepts in April and sits from 1 May."""
    import json

    result = json.loads(run_cli("solve", "instances/by/mayor-in-run-off.yaml", "--json").stdout)
    first = result["determinations"][0]
    assert first["successor"] == "graf" and first["membership"]["member_from"] == "2020-05-01"
