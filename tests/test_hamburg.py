"""Hamburg § 36 BezVWG, norm by norm, on small cases built here (independent of instances/)."""

from __future__ import annotations

import pytest

from conftest import by_person, decide, nomination, only, statute_case


def wk(nid, *cands, group="spd", district="wk1", kind="party"):
    return nomination(nid, *cands, group=group, kind=kind, tier="district", district=district)


def bl(nid, *cands, group="spd"):
    return nomination(nid, *cands, group=group)


def case(noms, events, **extra):
    return statute_case("hh", noms, events, **extra)


def test_wahlkreisliste_by_personal_votes_zero_counts():
    det = only(decide(case([wk("w", ("a", 900, True), ("b", 0), ("c", None), ("d", 5))], [("2020-01-01", "a", "died")])))
    assert det["successor"] == "d"
    det = only(decide(case([wk("w", ("a", 900, True), ("b", 0), ("c", None))],
                           [("2019-12-01", "c", "died"), ("2020-01-01", "a", "died")])))
    assert det["successor"] == "b"  # 0 votes: still a named person, the list is not exhausted


def test_exhausted_wahlkreisliste_goes_to_the_bezirksliste_by_votes_skipping_the_elected():
    det = only(decide(case([wk("w", ("a", 900, True)), bl("b", ("x", 999, True, "list"), ("y", 10), ("z", 50))],
                           [("2020-01-01", "a", "died")])))
    assert (det["successor"], det["successor_nomination"]) == ("z", "b")
    assert [g["norm"] for g in det["grounds"]][:4] == ["hh-bezvwg-4/3", "hh-bezvwg-36/1/1", "hh-bezvwg-4/4/1",
                                                       "hh-bezvwg-36/1/2"]


def test_bezirksliste_of_the_same_party_only():
    det = only(decide(case([wk("w", ("a", 900, True)), bl("other", ("y", 10), group="cdu")], [("2020-01-01", "a", "died")])))
    assert det["outcome"] == "referred" and det["referred_to"] == "§ 5 Abs. 9 BezVWG"


@pytest.mark.parametrize("seat,expected", [("list", "p2"), ("personal", "p3")])
def test_bezirksliste_seat_types(seat, expected):
    det = only(decide(case([bl("b", ("p1", 100, True, seat), ("p2", 10), ("p3", 90))], [("2020-01-01", "p1", "died")])))
    assert det["successor"] == expected


@pytest.mark.parametrize("reading", [{"hh.list_seat_order": "referred"}])
def test_list_seat_order_referred(reading):
    det = only(decide(case([bl("b", ("p1", 100, True, "list"), ("p2", 10))], [("2020-01-01", "p1", "died")]),
                      cli_readings=reading))
    assert det["outcome"] == "referred" and det["referred_to"] == "§ 5 Abs. 7 BezVWG"


def test_personal_seat_order_referred():
    det = only(decide(case([bl("b", ("p1", 100, True, "personal"), ("p2", 10))], [("2020-01-01", "p1", "died")]),
                      cli_readings={"hh.personal_seat_order": "referred"}))
    assert det["outcome"] == "referred" and det["referred_to"] == "§ 5 Abs. 8 BezVWG"


def test_seat_type_missing_is_undetermined():
    det = only(decide(case([bl("b", ("p1", 100, True), ("p2", 10))], [("2020-01-01", "p1", "died")])))
    assert det["outcome"] == "undetermined" and [n["code"] for n in det["notes"]] == ["seat_type_missing"]


def test_successor_inherits_the_seat_type():
    c = case([bl("b", ("p1", 100, True, "list"), ("p2", 10), ("p3", 90), ("p4", 80))],
             [("2020-01-01", "p1", "died"), ("2020-01-03", "p2", "accepted"), ("2021-01-01", "p2", "resigned")])
    dets = decide(c)["determinations"]
    assert [d["successor"] for d in dets] == ["p2", "p3"]  # the Listenwahl seat: list order both times


def test_einzelbewerber_vacant_without_member_count_reduction():
    det = only(decide(case([wk("e", ("o", 50, True), kind="individual", group="o")], [("2020-01-01", "o", "died")])))
    assert det["outcome"] == "vacant" and det["member_count_reduced"] is False
    assert det["grounds"][0]["norm"] == "hh-bezvwg-36/3"


def _sitting(reading=None):
    c = case([wk("w", ("a", 900, True), ("u", 500), ("v", 100)), bl("b", ("u", 700, True, "personal"), ("x", 10))],
             [("2020-01-01", "a", "died")])
    return decide(c, cli_readings={"hh.already_elected": reading} if reading else {})["determinations"]


def test_already_elected_skip_switch_referred():
    assert [(d["vacancy"], d["successor"]) for d in _sitting()] == [("a", "v")]
    switched = _sitting("switch")
    assert [(d["vacancy"], d["trigger"], d["successor"]) for d in switched] == [("a", "died", "u"), ("u", "switched", "x")]
    ref = _sitting("referred")
    assert ref[0]["outcome"] == "referred" and ref[0]["referred_to"] == "§ 36 Abs. 1 Satz 1 BezVWG"


def test_no_party_exit_or_waiver_exclusion():
    c = case([wk("w", ("a", 900, True), ("b", 500), ("c", 100))], [("2019-09-01", "b", "left_group"), ("2020-01-01", "a", "died")])
    det = only(decide(c))
    assert det["successor"] == "b" and [n["code"] for n in det["notes"]][0] == "no_exit_exclusion"
    det = only(decide(c, cli_readings={"hh.exclusions": "as_elsewhere"}))
    assert det["successor"] == "c" and by_person(det)["b"]["reason"] == "left_group"


@pytest.mark.parametrize("reading,expected", [(None, "c"), ("yes", "b")])
def test_earlier_refusal_reading(reading, expected):
    c = case([wk("w", ("a", 900, True), ("z", 800, True), ("b", 500), ("c", 100), ("d", 50))],
             [("2020-01-01", "a", "died"), ("2020-01-03", "b", "refused"), ("2021-01-01", "z", "died")])
    dets = decide(c, cli_readings={"hh.refused_again": reading} if reading else {})["determinations"]
    assert dets[0]["successor"] == "c" and dets[1]["successor"] == ("d" if reading is None else "b")


def test_membership_seven_days_silence_is_acceptance():
    c = case([wk("w", ("a", 900, True), ("b", 500))], [("2020-01-01", "a", "died"), ("2020-01-06", "b", "notified")],
             as_of="2020-02-01")
    m = only(decide(c))["membership"]
    assert m == {"notified": "2020-01-06", "deadline": "2020-01-13", "status": "deemed_accepted", "member_from": "2020-01-13"}
