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


# A called Ersatzperson's refusal (§ 18 Abs. 1 Satz 1: the Ablehnung of the office) refuses the call,
# under every sn.membership reading: the next Ersatzperson succeeds the departed, and no second
# vacancy opens; a resignation (`resigned`) of the same person is a departure and does open one.
REFUSING = [
    ("2025-01-01", "a", "died"),
    ("2025-01-05", "d", "refused"),
    ("2025-01-20", "d", "important_reason", {"found": True}),
]


@pytest.mark.parametrize("membership", ["on_call", "on_notification"])
def test_called_ersatzperson_refusing_is_replaced_in_the_same_seat(membership):
    det = only(decide(sn_case(ONE_LIST, REFUSING, readings={"sn.membership": membership})))
    assert (det["vacancy"], det["successor"], by_person(det)["d"]["reason"]) == ("a", "b", "refused")
    assert det["calls"][0]["person"] == "d" and det["calls"][0]["how"] == "refused"
    # on_call: the next one is a member with his call, on the day of the finding
    assert det["membership"]["member_from"] == ("2025-01-20" if membership == "on_call" else None)


def test_called_ersatzperson_resigning_leaves_a_seat_of_his_own():
    events = [REFUSING[0], ("2025-01-05", "d", "resigned"), REFUSING[2]]
    dets = by_vacancy(decide(sn_case(ONE_LIST, events)))
    assert (dets["a"]["successor"], dets["d"]["successor"]) == ("d", "b")


def test_refusal_after_taking_the_office_up_leaves_a_seat_not_the_call():
    # § 18 Abs. 1 Satz 1: the Übernahme is refused only until it is made; after an `accepted` of his the
    # refusal asks the Beendigung: he leaves (with the finding) and the departed's determination stands
    took_up = [REFUSING[0], ("2025-01-03", "d", "accepted"), *REFUSING[1:]]
    result = decide(sn_case(ONE_LIST, took_up))
    dets = by_vacancy(result)
    assert (dets["a"]["successor"], dets["d"]["successor"], dets["d"]["date"]) == ("d", "b", "2025-01-20")
    # the warning names the day he declared, not the finding's
    assert [w for w in result["warnings"] if "after taking the office up" in w] == [
        "'d' refused on 5 January 2025, after taking the office up (`accepted`): not the refusal of the call but "
        "a request to end the office (Beendigung, § 18 Abs. 1 Satz 1 SächsGemO), which leaves a seat of its own "
        "once the council finds the important reason"
    ]
    # an `accepted` only after the refusal changes nothing: the refusal refused the call
    late = [*REFUSING, ("2025-01-25", "d", "accepted")]
    assert only(decide(sn_case(ONE_LIST, late)))["successor"] == "b"


def test_open_refusal_of_a_called_ersatzperson_refers_his_call_not_a_seat():
    det = only(decide(sn_case(ONE_LIST, REFUSING[:2])))
    assert (det["vacancy"], det["outcome"], det["referred_to"]) == ("a", "referred", "§ 18 Abs. 2 Satz 1 SächsGemO")


def test_refusal_of_the_call_is_the_same_whatever_unrelated_events_come_between():
    # metamorphic: another list's event in between, and a later death elsewhere, change nothing
    other = sn_list(("x", 800, True), ("y", 100), nid="spd")
    events = REFUSING[:2] + [("2025-01-10", "y", "left_group")] + REFUSING[2:] + [("2025-06-01", "x", "died")]
    dets = by_vacancy(decide(sn_case(ONE_LIST + [other], events)))
    assert (dets["a"]["successor"], dets["x"]["successor"]) == ("b", "y")
    assert len(decide(sn_case(ONE_LIST + [other], events))["determinations"]) == 2


# Mehrheitswahl: the order of the Ersatzpersonen is fixed at the Feststellung (§ 23 Satz 2, 3 KomWG,
# § 51 Abs. 1 Satz 2 SächsKomWO): a lot drawn then decides; a published order is walked.
MAJORITY = sn_list(("a", 900, True), ("e", 800, True), ("b", 100), ("c", 100), ("d", 50))


def test_majority_lot_drawn_at_the_feststellung_decides_without_a_new_lot():
    events = [("2024-06-10", "c", "lot_drawn"), ("2025-01-01", "a", "died"), ("2025-06-01", "e", "died")]
    dets = by_vacancy(decide(sn_case([MAJORITY], events, election="majority")))
    assert (dets["a"]["outcome"], dets["a"]["successor"], sorted(dets["a"]["lot_between"])) == (
        "successor",
        "c",
        ["b", "c"],
    )
    assert "sn-komwg-23/3" in [g["norm"] for g in dets["a"]["grounds"]]
    # at the next vacancy the one who lost the lot is next, with no lot asked for
    assert (dets["e"]["successor"], dets["e"]["lot_between"]) == ("b", [])
    # the winner of the lot, already called, shares b's count: he is listed as passed over before b
    # (the walk ends with its successor), not after him
    rows = [(c["person"], c["status"], c["rank"]) for c in dets["e"]["candidates"]]
    assert rows == [("c", "skipped", 1), ("b", "successor", 2)]


def test_majority_published_order_is_walked():
    nom = sn_list(("a", 900, True), ("b", 100), ("c", 100), ("d", 50))
    ranks = {"b": 2, "c": 1, "d": 3}
    for cand in nom["candidates"]:
        if cand["id"] in ranks:
            cand["substitute_rank"] = ranks[cand["id"]]
    det = only(decide(sn_case([nom], [("2025-01-01", "a", "died")], election="majority")))
    assert (det["outcome"], det["successor"], det["lot_between"]) == ("successor", "c", [])
    assert det["grounds"][0]["norm"] == "sn-komwo-51/1/2"


# § 34 Abs. 1 with § 32 Abs. 1, 3 SächsGemO: an Ersatzperson with a Hinderungsgrund is not called with
# "nothing bars him" (reading sn.hindrance).
HINDERED = [("2024-09-01", "d", "elected_mayor"), ("2024-10-01", "b", "incompatibility"), ("2025-01-01", "a", "died")]


def test_hindrance_passes_over_by_default():
    det = only(decide(sn_case(ONE_LIST, HINDERED)))
    rows = by_person(det)
    assert det["successor"] == "c"
    assert (rows["d"]["reason"], rows["d"]["norm"]) == ("incompatible", "sn-saechsgemo-32/1/nr1")
    assert (rows["b"]["reason"], rows["b"]["norm"]) == ("incompatible", "sn-saechsgemo-32/1")
    assert any(n["norm"] == "sn-saechsgemo-32/3/1" for n in det["notes"])


def test_hindrance_referred_reading_and_its_end():
    det = only(decide(sn_case(ONE_LIST, HINDERED, readings={"sn.hindrance": "referred"})))
    assert (det["outcome"], det["referred_to"]) == ("referred", "§ 32 Abs. 3 Satz 1 SächsGemO")
    # the mayoralty ended before the vacancy: he is called again
    ended = HINDERED[:1] + [("2024-12-01", "d", "incompatibility_ended")] + HINDERED[2:]
    assert only(decide(sn_case(ONE_LIST, ended)))["successor"] == "d"


def test_open_refusal_of_the_last_ersatzperson_is_referred_not_left_empty():
    nom = sn_list(("a", 900, True), ("b", 300))
    det = only(decide(sn_case([nom], [("2025-01-01", "a", "died"), ("2025-01-05", "b", "refused")])))
    assert (det["outcome"], det["referred_to"]) == ("referred", "§ 18 Abs. 2 Satz 1 SächsGemO")


def test_majority_lot_order_is_the_same_whenever_it_was_recorded():
    # metamorphic: the draws W then X rank W first, dated at the Feststellung or after the first vacancy
    nom = sn_list(("a", 900, True), ("e", 800, True), ("w", 120), ("x", 120), ("y", 120))
    draws = [("{d}", "w", "lot_drawn"), ("{d}", "x", "lot_drawn")]
    deaths = [("2025-04-01", "a", "died"), ("2025-05-01", "e", "died")]
    at_election = [(d.format(d="2024-06-10"), p, t) for d, p, t in draws] + deaths
    after_first = deaths[:1] + [(d.format(d="2025-04-10"), p, t) for d, p, t in draws] + deaths[1:]
    for events in (at_election, after_first):
        dets = by_vacancy(decide(sn_case([nom], events, election="majority")))
        assert (dets["a"]["successor"], dets["e"]["successor"]) == ("w", "x"), events


def test_majority_published_places_settle_a_tie_though_the_field_is_not_all_ranked():
    nom = sn_list(("a", 900, True), ("x", 120), ("y", 120), ("z", 90))
    nom["candidates"][1]["substitute_rank"], nom["candidates"][2]["substitute_rank"] = 2, 1
    det = only(decide(sn_case([nom], [("2025-01-01", "a", "died")], election="majority")))
    assert (det["outcome"], det["successor"]) == ("successor", "y")
    assert any(n["norm"] == "sn-komwo-51/1/2" for n in det["notes"])  # the incomplete order is still noted
