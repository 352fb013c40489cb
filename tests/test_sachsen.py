"""Sachsen § 34 SächsGemO with §§ 21 to 23 KomWG and § 18 SächsGemO, on small cases built here."""

from __future__ import annotations

import pytest

from nachruecken.case.loader import build_case
from nachruecken.errors import InputError

from conftest import by_person, by_vacancy, candidate_entry, decide, only


def sn_list(*cands, nid="cdu", group=None, district=None) -> dict:
    nom = {"id": nid, "group": group or nid, "candidates": [candidate_entry(c) for c in cands]}
    if district:
        nom.update(tier="district", district=district)
    return nom


def sn_case(noms, events, statute="sn", **extra) -> dict:
    data = {
        "statute": statute,
        "election_date": "2024-06-09",
        "body": {"seats": 18},
        "nominations": noms,
        "events": [{"date": d, "person": p, "type": t, **(x[0] if x else {})} for d, p, t, *x in events],
    }
    data.update(extra)
    return data


ONE_LIST = [sn_list(("a", 900, True), ("b", 300), ("c", 300), ("d", 500))]


def test_votes_then_list_place():
    det = only(decide(sn_case(ONE_LIST, [("2025-01-01", "a", "died")])))
    assert det["successor"] == "d"
    data = sn_case([sn_list(("a", 900, True), ("b", 300), ("c", 300))], [("2025-01-01", "a", "died")])
    det = only(decide(data))
    assert det["successor"] == "b"
    assert "sn-komwg-21/2/3" in [g["norm"] for g in det["grounds"]]


def test_published_rank_is_walked_and_a_contradiction_noted():
    nom = sn_list(("a", 900, True), ("b", 300), ("c", 300), ("d", 500))
    for cand, rank in zip(nom["candidates"][1:], (1, 3, 2)):
        cand["substitute_rank"] = rank
    det = only(decide(sn_case([nom], [("2025-01-01", "a", "died")])))
    assert det["successor"] == "b"  # the published first, though d has more votes
    assert "sn-komwo-51/1/2" in [g["norm"] for g in det["grounds"]]
    assert "published_differs_from_votes" in {n["code"] for n in det["notes"]}


def test_incomplete_published_order_falls_back_to_votes():
    nom = sn_list(("a", 900, True), ("b", 300), ("c", 300), ("d", 500))
    nom["candidates"][1]["substitute_rank"] = 1  # only b has a place
    det = only(decide(sn_case([nom], [("2025-01-01", "a", "died")])))
    assert det["successor"] == "d"
    assert "published_order_incomplete" in {n["code"] for n in det["notes"]}


def test_substitute_rank_of_an_elected_person_is_an_input_error():
    nom = sn_list(("a", 900, True), ("b", 300))
    nom["candidates"][0]["substitute_rank"] = 1
    with pytest.raises(InputError, match="substitute_rank"):
        build_case(sn_case([nom], []), "<test>")


def test_resignation_waits_for_the_finding():
    events = [("2025-03-01", "a", "resigned")]
    det = only(decide(sn_case(ONE_LIST, events)))
    assert (det["outcome"], det["referred_to"]) == ("referred", "§ 18 Abs. 2 Satz 1 SächsGemO")
    assert det["holder_keeps_seat"] is True
    found = events + [("2025-03-20", "a", "important_reason", {"found": True})]
    det = only(decide(sn_case(ONE_LIST, found)))
    assert (det["outcome"], det["successor"], det["date"]) == ("successor", "d", "2025-03-20")
    refused = events + [("2025-03-20", "a", "important_reason", {"found": False})]
    result = decide(sn_case(ONE_LIST, refused))
    assert result["determinations"] == []
    assert any("no important reason" in w or "keinen wichtigen Grund" in w for w in result["warnings"])


def test_finding_needs_found():
    with pytest.raises(InputError, match="found"):
        build_case(sn_case(ONE_LIST, [("2025-03-01", "a", "important_reason")]), "<test>")


def test_called_person_refusing_with_a_finding_is_passed_over_under_on_notification():
    events = [
        ("2025-01-01", "a", "died"),
        ("2025-01-05", "d", "refused"),
        ("2025-01-20", "d", "important_reason", {"found": True}),
    ]
    data = sn_case(ONE_LIST, events, readings={"sn.membership": "on_notification"})
    det = only(decide(data))
    assert (det["successor"], by_person(det)["d"]["reason"]) == ("b", "refused")
    assert det["calls"][0] == {
        "person": "d",
        "nomination": "cdu",
        "from": "2025-01-01",
        "ended": "2025-01-20",
        "how": "refused",
    }
    # without the finding the refusal decides nothing yet: referred to the council
    det = only(decide(sn_case(ONE_LIST, events[:2], readings={"sn.membership": "on_notification"})))
    assert (det["outcome"], det["referred_to"]) == ("referred", "§ 18 Abs. 2 Satz 1 SächsGemO")


def test_second_wahlkreis_fallback_by_votes():
    noms = [
        sn_list(("a", 900, True), nid="spd-n", group="spd", district="n"),
        sn_list(("x", 800, True), ("y", 100), ("z", 200), nid="spd-s", group="spd", district="s"),
        sn_list(("q", 999), nid="cdu-n", group="cdu", district="n"),
    ]
    det = only(decide(sn_case(noms, [("2025-01-01", "a", "died")])))
    assert (det["successor"], det["successor_nomination"]) == ("z", "spd-s")
    assert [p["norm"] for p in det["grounds"]][:2] == ["sn-komwg-22/4/1", "sn-komwg-22/4/2"]


def test_second_wahlkreis_tie_reading():
    noms = [
        sn_list(("a", 900, True), nid="w", group="fdp", district="w"),
        sn_list(("x", 800, True), ("y", 100), nid="o", group="fdp", district="o"),
        sn_list(("u", 800, True), ("v", 100), nid="m", group="fdp", district="m"),
    ]
    det = only(decide(sn_case(noms, [("2025-01-01", "a", "died")])))
    assert (det["outcome"], sorted(det["lot_between"])) == ("lot", ["v", "y"])
    det = only(decide(sn_case(noms, [("2025-01-01", "a", "died")], readings={"sn.cross_district_tie": "referred"})))
    assert (det["outcome"], det["referred_to"]) == ("referred", "§ 22 Abs. 4 Satz 2 KomWG")
    # the better place of nomination decides without a lot
    noms[2]["candidates"].insert(1, {"id": "w2", "votes": 1})
    det = only(decide(sn_case(noms, [("2025-01-01", "a", "died")])))
    assert det["successor"] == "y"


def test_majority_lot():
    nom = sn_list(("a", 900, True), ("b", 100), ("c", 100), ("d", 50))
    data = sn_case([nom], [("2025-01-01", "a", "died")], election="majority")
    det = only(decide(data))
    assert (det["outcome"], sorted(det["lot_between"])) == ("lot", ["b", "c"])
    data["events"].append({"date": "2025-01-09", "person": "c", "type": "lot_drawn"})
    assert only(decide(data))["successor"] == "c"


@pytest.mark.parametrize("value, expected", [("skip", ("successor", "c")), ("referred", ("referred", None))])
def test_ineligible_ersatzperson(value, expected):
    events = [("2024-12-01", "d", "lost_eligibility"), ("2025-01-01", "a", "died")]
    nom = sn_list(("a", 900, True), ("d", 500), ("c", 300))
    det = only(decide(sn_case([nom], events, readings={"sn.unfit": value})))
    assert (det["outcome"], det["successor"]) == expected


def test_ergaenzungswahl_needs_six_months():
    nom = sn_list(("a", 900, True))
    body = {"seats": 2, "period_end": "2029-07-31"}  # one of two left: fewer than two thirds
    det = only(decide(sn_case([nom], [("2025-01-01", "a", "died")], body=body)))
    assert (det["outcome"], det["by_election_kind"]) == ("by_election", "ergaenzungswahl")
    det = only(decide(sn_case([nom], [("2029-03-01", "a", "died")], body=body)))
    assert det["outcome"] == "vacant"
    det = only(decide(sn_case([nom], [("2025-01-01", "a", "died")], body={"seats": 2})))
    assert det["outcome"] == "undetermined"
    det = only(decide(sn_case([nom], [("2025-01-01", "a", "died")], body={"seats": 30})))
    assert det["outcome"] == "vacant"


def test_party_exit_and_waiver_change_nothing_metamorphic():
    base = sn_case(ONE_LIST, [("2025-01-01", "a", "died")])
    plain = only(decide(base))
    noisy = sn_case(
        ONE_LIST,
        [("2024-10-01", "d", "left_group"), ("2024-11-01", "b", "waived"), ("2025-01-01", "a", "died")],
    )
    det = only(decide(noisy))
    assert (det["outcome"], det["successor"]) == (plain["outcome"], plain["successor"]) == ("successor", "d")
    assert {n["code"] for n in det["notes"]} - {"determiner_not_in_text"} == {"no_exclusion_rule"}
    # the order of the nominations in the file changes nothing either
    two = [sn_list(("x", 1000, True), ("y", 10), nid="spd"), *ONE_LIST]
    a = only(decide(sn_case(two, [("2025-01-01", "a", "died")])))
    b = only(decide(sn_case(list(reversed(two)), [("2025-01-01", "a", "died")])))
    assert (a["successor"], a["candidates"]) == (b["successor"], b["candidates"])


def test_important_reason_is_a_no_op_elsewhere():
    for statute in ("he", "nw", "bb", "mv"):
        data = sn_case(ONE_LIST, [("2025-01-01", "a", "resigned")], statute=statute)
        plain = by_vacancy(decide(data))
        data["events"].append({"date": "2025-01-05", "person": "a", "type": "important_reason", "found": False})
        with_finding = decide(data)
        assert {k: (d["outcome"], d["successor"], d["date"]) for k, d in by_vacancy(with_finding).items()} == {
            k: (d["outcome"], d["successor"], d["date"]) for k, d in plain.items()
        }, statute
        assert any("important_reason" in w or "wichtigen Grund" in w for w in with_finding["warnings"]), statute


def test_elected_mayor_is_referred_and_keeps_the_seat():
    det = only(decide(sn_case(ONE_LIST, [("2025-01-01", "a", "elected_mayor")])))
    assert (det["outcome"], det["referred_to"], det["holder_keeps_seat"]) == (
        "referred",
        "§ 34 Abs. 1 Satz 2 SächsGemO",
        True,
    )


def test_landtag_not_applicable():
    det = only(decide(sn_case(ONE_LIST, [("2025-01-01", "a", "died")], body={"seats": 18, "kind": "landtag"})))
    assert det["outcome"] == "not_applicable"


def test_german_words_for_the_finding():
    events = [("2025-03-01", "a", "Niederlegung"), ("2025-03-20", "a", "Wichtiger Grund festgestellt")]
    det = only(decide(sn_case(ONE_LIST, events)))
    assert (det["outcome"], det["successor"], det["date"]) == ("successor", "d", "2025-03-20")
    events = [("2025-03-01", "a", "Niederlegung"), ("2025-03-20", "a", "Wichtiger Grund verneint")]
    assert decide(sn_case(ONE_LIST, events))["determinations"] == []
    with pytest.raises(InputError, match="found"):
        words = [("2025-03-01", "a", "Niederlegung"), ("2025-03-20", "a", "Wichtiger Grund verneint", {"found": True})]
        build_case(sn_case(ONE_LIST, words), "<test>")
