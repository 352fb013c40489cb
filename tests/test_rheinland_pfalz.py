"""Rheinland-Pfalz § 45 KWG with § 44 KWG and §§ 64, 66 KWO, norm by norm, on small cases built here
(independent of instances/), and what must not change."""

from __future__ import annotations

import copy

import pytest

from conftest import by_person, decide, nomination, only, statute_case

nom = nomination


def case(nominations, events, **extra):
    return statute_case("rp", nominations, events, election_date="2024-06-09", **extra)


def _list(*extra):
    return nom("cdu", ("a", 900, True), ("b", 500), ("c", 500), ("d", 300), *extra)


def _decide(events, nominations=None, as_of=None, **kwargs):
    extra = {"as_of": as_of} if as_of else {}
    return only(decide(case(nominations or [_list()], events, **extra), **kwargs))


def test_abs2_votes_then_order_of_nomination():
    det = _decide([("2025-01-10", "a", "died")])
    assert det["successor"] == "b" and det["statute"] == "rp-kwg-45"
    norms = [g["norm"] for g in det["grounds"]]
    assert "rp-kwg-45/2/3" in norms  # b and c share 500 votes: b was named first
    swapped = _decide([("2025-01-10", "a", "died")], [nom("cdu", ("a", 900, True), ("c", 500), ("b", 500))])
    assert swapped["successor"] == "c"


def test_votes_outrank_the_list_place():
    det = _decide([("2025-01-10", "a", "died")], [nom("cdu", ("a", 900, True), ("b", 100), ("c", 700))])
    assert det["successor"] == "c" and "rp-kwg-45/2/3" not in [g["norm"] for g in det["grounds"]]


@pytest.mark.parametrize("trigger", ["died", "refused", "resigned", "lost_seat"])
def test_abs1_triggers(trigger):
    det = _decide([("2025-01-10", "a", trigger)])
    assert det["outcome"] == "successor" and det["trigger_grounds"][0]["norm"] == "rp-kwg-45/1"


def test_mayoralty_is_referred_and_the_holder_keeps_the_seat():
    det = _decide([("2025-01-10", "a", "elected_mayor")])
    assert det["outcome"] == "referred" and det["referred_to"] == "§ 45 Abs. 1 KWG"
    assert det["holder_keeps_seat"]


def test_refusal_and_reservation_fail_the_call():
    refused = _decide([("2025-01-10", "a", "died"), ("2025-01-12", "b", "refused")])
    assert refused["successor"] == "c" and by_person(refused)["b"]["norm"] == "rp-kwg-45/5"
    revoked = _decide([("2025-01-10", "a", "died"), ("2025-01-12", "b", "refused"), ("2025-01-13", "b", "accepted")])
    assert revoked["successor"] == "c" and "rp-kwo-64/1/2/nr3" in [g["norm"] for g in revoked["grounds"]]
    reserved = _decide([("2025-01-10", "a", "died"), ("2025-01-12", "b", "accepted", {"reservation": True})])
    assert reserved["successor"] == "c" and by_person(reserved)["b"]["norm"] == "rp-kwo-64/1/2/nr2"


def test_abs4_lost_eligibility_after_election_day_is_for_good():
    events = [("2024-10-01", "b", "lost_eligibility"), ("2024-12-01", "b", "regained_eligibility")]
    det = _decide([*events, ("2025-01-10", "a", "died")])
    assert det["successor"] == "c" and by_person(det)["b"]["norm"] == "rp-kwg-45/4"


def test_kwo_66_not_eligible_at_the_election_unless_regained_by_then():
    lost = [("2024-05-01", "b", "lost_eligibility")]
    det = _decide([*lost, ("2025-01-10", "a", "died")])
    assert det["successor"] == "c" and by_person(det)["b"]["norm"] == "rp-kwo-66/1/1"
    regained = _decide([*lost, ("2024-06-01", "b", "regained_eligibility"), ("2025-01-10", "a", "died")])
    assert regained["successor"] == "b"


def test_earlier_refusal_by_reading():
    events = [
        ("2025-01-10", "a", "died"),
        ("2025-01-12", "b", "refused"),
        ("2025-01-13", "c", "notified"),
        ("2025-06-01", "c", "resigned"),
    ]
    result = decide(case([_list()], events))
    second = next(d for d in result["determinations"] if d["vacancy"] == "c")
    assert second["successor"] == "d" and by_person(second)["b"]["reason"] == "refused"
    again = decide(case([_list()], events), cli_readings={"rp.refused_is_called": "yes"})
    assert next(d for d in again["determinations"] if d["vacancy"] == "c")["successor"] == "b"


@pytest.mark.parametrize(
    "value,outcome,successor",
    [("referred", "referred", None), ("refusal", "successor", "c"), ("ignored", "successor", "b")],
)
def test_advance_waiver_by_reading(value, outcome, successor):
    det = _decide([("2024-09-01", "b", "waived"), ("2025-01-10", "a", "died")], cli_readings={"rp.waiver": value})
    assert (det["outcome"], det["successor"]) == (outcome, successor)


def test_a_waiver_made_during_the_call_refuses_it():
    det = _decide([("2025-01-10", "a", "died"), ("2025-01-12", "b", "waived")])
    assert det["successor"] == "c" and by_person(det)["b"]["reason"] == "refused"


def test_kwo_64_2_uncleared_hinderungsgrund_and_its_proof():
    base = [("2024-03-01", "b", "incompatibility"), ("2025-01-10", "a", "died"), ("2025-01-13", "b", "notified")]
    lapsed = only(decide(case([_list()], base, as_of="2025-02-15")))
    assert lapsed["successor"] == "c" and by_person(lapsed)["b"]["reason"] == "incompatible"
    proved = only(decide(case([_list()], [*base, ("2025-01-15", "b", "incompatibility_ended")], as_of="2025-02-15")))
    assert proved["successor"] == "b" and proved["membership"]["status"] == "deemed_accepted"


def test_membership_by_reading():
    events = [("2025-01-10", "a", "died"), ("2025-01-13", "b", "notified"), ("2025-01-15", "b", "accepted")]
    assert _decide(events)["membership"]["member_from"] == "2025-01-15"
    silent = events[:2]
    assert _decide(silent, as_of="2025-02-01")["membership"]["member_from"] == "2025-01-20"
    later = _decide(silent, as_of="2025-02-01", cli_readings={"rp.membership": "day_after"})
    assert later["membership"]["member_from"] == "2025-01-21"
    # an acceptance counts from its day under both readings
    assert _decide(events, cli_readings={"rp.membership": "day_after"})["membership"]["member_from"] == "2025-01-15"


def test_abs3_majority_lot_and_lot_drawn():
    field = [nom("f", ("k", 240, True), ("l", 188), ("m", 188), ("n", 120), kind="individual")]
    tie = only(decide(case(field, [("2025-06-02", "k", "died")], election="majority")))
    assert tie["outcome"] == "lot" and set(tie["lot_between"]) == {"l", "m"}
    drawn = only(
        decide(case(field, [("2025-06-02", "k", "died"), ("2025-06-05", "m", "lot_drawn")], election="majority"))
    )
    assert drawn["successor"] == "m"


def test_exhausted_by_reading_and_the_count_reduced_by_gemo_29_4():
    """Issue 50: a seat nobody is left for reduces the Gemeinderat's legal number for the rest of the term
    (§ 29 Abs. 4 GemO); a Bezirkstag is not a body of the GemO, there the count stays open."""
    single = [nom("bl", ("h", 700, True), ("g", 200))]
    events = [("2025-04-01", "g", "died"), ("2025-10-01", "h", "resigned")]
    det = only(decide(case(single, events)))
    assert det["outcome"] == "vacant" and det["member_count_reduced"]
    assert det["member_count_norm"] == "§ 29 Abs. 4 GemO"
    assert "rp-gemo-29/4" in [g["norm"] for g in det["grounds"]]
    assert "member_count_open" not in [n["code"] for n in det["notes"]]
    bezirkstag = only(decide(case(single, events, body={"kind": "bezirkstag"})))
    assert bezirkstag["outcome"] == "vacant" and not bezirkstag["member_count_reduced"]
    assert "member_count_open" in [n["code"] for n in bezirkstag["notes"]]
    gap = only(decide(case(single, events), cli_readings={"rp.exhausted": "undetermined"}))
    assert gap["outcome"] == "undetermined"


def _bezirkstag(*named):
    cands = [("a", None, True), ("c", None), ("d", None)]
    nomi = nom("spd", *cands)
    for pid, target in named:
        nomi["candidates"].append({"id": pid, "designated_only": True, "substitute_for": [target]})
    return [nomi]


def test_kwo_66_2_named_nachfolger_first_then_the_next():
    det = _decide([("2025-01-10", "a", "died")], _bezirkstag(("x", "a")))
    assert det["successor"] == "x" and det["grounds"][0]["norm"] == "rp-kwo-66/2/1"
    refused = _decide([("2025-01-10", "a", "died"), ("2025-01-12", "x", "refused")], _bezirkstag(("x", "a")))
    assert refused["successor"] == "c"
    assert "rp-kwo-66/2/2" in [g["norm"] for g in refused["grounds"]]


def test_kwo_66_2_a_bezirkstag_without_a_named_nachfolger_goes_by_list_order():
    nominations = [nom("spd", ("a", None, True), ("c", 50), ("d", 90))]
    data = case(nominations, [("2025-01-10", "a", "died")], body={"kind": "bezirkstag"})
    det = only(decide(data))
    assert det["successor"] == "c" and det["grounds"][0]["norm"] == "rp-kwo-66/2/2"
    assert only(decide(data, cli_readings={"rp.bezirkstag_order": "votes"}))["successor"] == "d"


def test_a_mehrheitswahl_waiver_is_referred_to_the_wahlleiter_of_abs3():
    field = [nom("f", ("k", 240, True), ("l", 188), ("n", 120), kind="individual")]
    events = [("2024-09-01", "l", "waived"), ("2025-06-02", "k", "died")]
    det = only(decide(case(field, events, election="majority")))
    assert det["outcome"] == "referred" and det["referred_to"] == "§ 45 Abs. 3 Satz 3 KWG"


def test_kwo_66_2_two_named_for_one_person_decide_nothing():
    det = _decide([("2025-01-10", "a", "died")], _bezirkstag(("x", "a"), ("y", "a")))
    assert det["outcome"] == "undetermined" and det["gap_cause"]["cause"] == "input_invalid"


def test_landtag_not_applicable():
    det = only(decide(case([_list()], [("2025-01-10", "a", "died")], body={"kind": "landtag"})))
    assert det["outcome"] == "not_applicable"


# What must not change


def _decisions(result):
    return [(d["vacancy"], d["outcome"], d["successor"]) for d in result["determinations"]]


def test_a_party_exit_changes_nothing():
    """§ 45 KWG has no rule on leaving the party (unlike Hessen): an exit or expulsion changes no decision."""
    base = [("2025-01-10", "a", "died")]
    plain = _decide(base)
    for kind in ("left_group", "expelled"):
        det = _decide([("2024-12-01", "b", kind), *base])
        assert (det["outcome"], det["successor"]) == (plain["outcome"], plain["successor"])


def test_an_unrelated_event_and_the_file_order_change_nothing():
    events = [("2025-01-10", "a", "died"), ("2025-01-12", "b", "refused")]
    data = case([_list(), nom("spd", ("s1", 400, True), ("s2", 100))], events)
    plain = _decisions(decide(data))
    unrelated = copy.deepcopy(data)
    unrelated["events"].insert(0, {"date": "2024-11-01", "person": "s2", "type": "left_group"})
    assert _decisions(decide(unrelated)) == plain
    reordered = copy.deepcopy(data)
    reordered["nominations"].reverse()
    assert _decisions(decide(reordered)) == plain


def test_an_ersatzperson_who_became_buergermeister_is_referred_not_called():
    """Issue 50: the Gemeinderat consists of the elected Ratsmitglieder and the Bürgermeister as its chair
    (§ 29 Abs. 1 Satz 1 GemO); whether the office bars the elected seat is not in the material: the
    outcome is referred to the Wahlleiter (§ 45 Abs. 2 Satz 4 KWG), never a call that says nothing bars him."""
    det = _decide([("2025-06-01", "b", "elected_mayor"), ("2025-07-01", "a", "died")])
    assert det["outcome"] == "referred" and det["successor"] is None
    assert det["referred_to"] == "§ 45 Abs. 2 Satz 4 KWG"
    notes = {n["code"]: n for n in det["notes"]}
    assert notes["mayor_reached"]["norm"] == "rp-gemo-29/1/1"
    assert "§ 29 Abs. 1 Satz 1 GemO" in det["outcome_ground"]["explanation"]
    # not reached, it changes nothing
    later = _decide([("2025-06-01", "d", "elected_mayor"), ("2025-07-01", "a", "died")])
    assert later["successor"] == "b" and "mayor_reached" not in [n["code"] for n in later["notes"]]
