"""Schleswig-Holstein § 44 GKWG with § 37 GKWG (two wordings), norm by norm, on small cases built here
(independent of instances/), and what must not change."""

from __future__ import annotations

import copy

import pytest

from conftest import by_person, decide, nomination, only, statute_case

nom = nomination


def case(nominations, events, **extra):
    return statute_case("sh", nominations, events, election_date="2023-05-14", **extra)


def _list(*extra, nid="cdu"):
    return nom(nid, ("a", None, True), ("b", None), ("c", None), ("d", None), *extra)


def _decide(events, nominations=None, as_of=None, **kwargs):
    extra = {"as_of": as_of} if as_of else {}
    return only(decide(case(nominations or [_list()], events, **extra), **kwargs))


def _norms(det):
    return [g["norm"] for g in det["grounds"]]


def test_abs1_the_list_order_not_the_votes():
    listed = [nom("cdu", ("a", 900, True), ("b", 10), ("c", 700))]
    det = _decide([("2025-01-10", "a", "died")], listed)
    assert det["successor"] == "b" and det["statute"] == "sh-gkwg-44"
    assert det["trigger_grounds"][0]["norm"] == "sh-gkwg-44/1"


def test_abs1_a_wahlkreis_winner_is_followed_from_his_partys_list():
    noms = [
        nom("cdu-wk1", ("w", None, True), group="cdu", tier="district", district="wk1"),
        nom("spd", ("s1", None, True), ("s2", None)),
        nom("cdu-liste", ("a", None, True), ("w", None), ("b", None), group="cdu"),
    ]
    det = _decide([("2025-01-10", "w", "died")], noms)
    assert det["successor"] == "b" and det["successor_nomination"] == "cdu-liste"


@pytest.mark.parametrize("trigger", ["died", "refused", "lost_seat", "resigned"])
def test_abs1_triggers(trigger):
    det = _decide([("2025-01-10", "a", trigger)])
    assert det["outcome"] == "successor" and det["trigger_grounds"][0]["norm"] == "sh-gkwg-44/1"


def test_a_verzicht_by_reading_and_the_mayoralty_referred():
    referred = _decide([("2025-01-10", "a", "resigned")], cli_readings={"sh.resignation": "referred"})
    assert referred["outcome"] == "referred" and referred["holder_keeps_seat"]
    mayor = _decide([("2025-01-10", "a", "elected_mayor")])
    assert mayor["outcome"] == "referred" and mayor["referred_to"] == "§ 44 Abs. 1 GKWG"


def test_abs2_no_list_exhausted_list_and_einzelbewerber():
    exhausted = _decide(
        [("2024-05-01", "b", "died"), ("2025-01-10", "a", "died")], [nom("cdu", ("a", None, True), ("b", None))]
    )
    assert exhausted["outcome"] == "vacant" and "sh-gkwg-44/2" in _norms(exhausted)
    single = nom("ew", ("e", None, True), kind="individual", tier="district", district="wk3")
    alone = _decide([("2025-01-10", "e", "died")], [single, _list()])
    assert alone["outcome"] == "vacant"
    district_only = nom("fdp-wk2", ("f", None, True), group="fdp", tier="district", district="wk2")
    no_list = _decide([("2025-01-10", "f", "died")], [district_only, _list()])
    assert no_list["outcome"] == "vacant"


def test_two_lists_for_one_party_decide_nothing():
    noms = [_list(), nom("cdu2", ("x", None), ("y", None), group="cdu")]
    det = _decide([("2025-01-10", "a", "died")], noms)
    assert det["outcome"] == "undetermined" and det["gap_cause"]["cause"] == "input_invalid"


def test_a_mehrheitswahl_is_not_encoded():
    det = only(decide(case([_list()], [("2025-01-10", "a", "died")], election="majority")))
    assert det["outcome"] == "undetermined" and det["gap_cause"] == {
        "cause": "not_encoded",
        "scope": "majority_election",
    }


def test_37_refusal_reservation_and_irrevocability_in_both_wordings():
    events = [("2025-01-10", "a", "died"), ("2025-01-12", "b", "refused"), ("2025-01-13", "b", "accepted")]
    a = _decide(events)
    assert a["successor"] == "c" and by_person(a)["b"]["norm"] == "sh-gkwg-37a/1" and "sh-gkwg-37a/4" in _norms(a)
    b = _decide(events, cli_readings={"sh.membership": "automatic"})
    assert b["successor"] == "c" and by_person(b)["b"]["norm"] == "sh-gkwg-37b/1" and "sh-gkwg-37b/3" in _norms(b)
    reserved = [("2025-01-10", "a", "died"), ("2025-01-12", "b", "accepted", {"reservation": True})]
    assert by_person(_decide(reserved))["b"]["norm"] == "sh-gkwg-37a/3"
    assert by_person(_decide(reserved, cli_readings={"sh.membership": "automatic"}))["b"]["norm"] == "sh-gkwg-37b/2"


def test_a_waiver_made_during_the_call_refuses_it():
    det = _decide([("2025-01-10", "a", "died"), ("2025-01-12", "b", "waived")])
    assert det["successor"] == "c" and by_person(det)["b"]["reason"] == "refused"


def test_37_a_cites_the_sentence_that_decided_the_membership():
    accepted = _decide([("2025-01-10", "a", "died"), ("2025-01-13", "b", "notified"), ("2025-01-15", "b", "accepted")])
    assert "sh-gkwg-37a/1" in _norms(accepted) and "sh-gkwg-37a/2" not in _norms(accepted)
    silent = _decide([("2025-01-10", "a", "died"), ("2025-01-13", "b", "notified")], as_of="2025-02-01")
    assert "sh-gkwg-37a/2" in _norms(silent) and "sh-gkwg-37a/1" not in _norms(silent)
    assert "period_from_section_36" in [n["code"] for n in silent["notes"]]


def test_membership_by_reading():
    events = [("2025-01-10", "a", "died"), ("2025-01-13", "b", "notified"), ("2025-01-15", "b", "accepted")]
    assert _decide(events)["membership"]["member_from"] == "2025-01-15"
    silent = events[:2]
    deemed = _decide(silent, as_of="2025-02-01")["membership"]
    assert (deemed["status"], deemed["member_from"]) == ("deemed_accepted", "2025-01-20")
    # wording B: membership after the week, whether or not he accepted
    for evs in (events, silent):
        auto = _decide(evs, as_of="2025-02-01", cli_readings={"sh.membership": "automatic"})["membership"]
        assert auto["member_from"] == "2025-01-21"
    pending = _decide(events, as_of="2025-01-16", cli_readings={"sh.membership": "automatic"})["membership"]
    assert pending["status"] == "pending"
    # § 37 not applied: member with the Feststellung, recorded or on the day he is reached
    det = _decide([*silent, ("2025-01-17", "b", "called")], cli_readings={"sh.membership": "determination"})
    assert (det["membership"]["status"], det["membership"]["member_from"]) == ("determined", "2025-01-17")
    det = _decide(silent[:1], cli_readings={"sh.membership": "determination"})
    assert det["membership"]["member_from"] == "2025-01-10"


def test_ineligible_by_reading_and_regained():
    lost = [("2024-06-01", "b", "lost_eligibility"), ("2025-01-10", "a", "died")]
    skipped = _decide(lost)
    assert skipped["successor"] == "c" and by_person(skipped)["b"]["reason"] == "lost_eligibility"
    regained = _decide([lost[0], ("2024-09-01", "b", "regained_eligibility"), lost[1]])
    assert regained["successor"] == "b"
    referred = _decide(lost, cli_readings={"sh.ineligible": "referred"})
    assert referred["outcome"] == "referred" and referred["referred_to"] == "§ 44 Abs. 3 Satz 1 GKWG"


@pytest.mark.parametrize(
    ("event", "reading", "reason"),
    [
        ("left_group", "sh.party_exit", "left_group"),
        ("expelled", "sh.party_exit", "expelled"),
        ("waived", "sh.waiver", "waived"),
    ],
)
def test_what_the_text_leaves_open_is_literal_by_default(event, reading, reason):
    events = [("2024-06-01", "b", event), ("2025-01-10", "a", "died")]
    literal = _decide(events, cli_readings={"sh.waiver": "ignored"} if event == "waived" else None)
    assert literal["successor"] == "b" and "sh-gkwg-44/3/2" in [n["norm"] for n in literal["notes"]]
    excluded = _decide(events, cli_readings={reading: "excluded"})
    assert excluded["successor"] == "c" and by_person(excluded)["b"]["reason"] == reason


def test_a_rejoin_cures_a_party_exit_under_the_alternative():
    events = [("2024-06-01", "b", "left_group"), ("2024-08-01", "b", "rejoined"), ("2025-01-10", "a", "died")]
    assert _decide(events, cli_readings={"sh.party_exit": "excluded"})["successor"] == "b"


def test_an_earlier_refusal_by_reading():
    data = case(
        [_list()], [("2023-05-20", "a", "refused"), ("2023-06-01", "b", "accepted"), ("2025-01-10", "b", "died")]
    )
    literal = {d["vacancy"]: d for d in decide(data)["determinations"]}
    assert literal["a"]["successor"] == "b" and literal["b"]["successor"] == "a"
    strict = {d["vacancy"]: d for d in decide(data, cli_readings={"sh.refused_again": "excluded"})["determinations"]}
    assert strict["b"]["successor"] == "c" and by_person(strict["b"])["a"]["reason"] == "refused"


def test_a_former_member_who_gave_up_the_seat_by_reading():
    events = [("2024-03-01", "a", "resigned"), ("2024-03-05", "b", "accepted"), ("2025-01-10", "b", "died")]
    data = case([_list()], events)
    literal = decide(data)["determinations"][-1]
    assert literal["successor"] == "a"  # the literal default: still a candidate on the list
    strict = decide(data, cli_readings={"sh.former_member": "excluded"})["determinations"][-1]
    assert strict["successor"] == "c" and by_person(strict)["a"]["reason"] == "former_member"


def test_a_written_waiver_passes_her_over_by_default_not_overridden_by_silence():
    """Issue 50: the default sh.waiver = excluded (was ignored): § 37 counts silence as acceptance, so an
    ignored waiver seated her against her written word; a waiver is a refusal in advance (§ 44 Abs. 1)."""
    events = [("2024-06-01", "b", "waived"), ("2025-01-10", "a", "died"), ("2025-01-12", "b", "notified")]
    det = _decide(events, as_of="2025-03-01")
    assert det["outcome"] == "successor" and det["successor"] == "c"
    assert by_person(det)["b"]["reason"] == "waived" and by_person(det)["b"]["norm"] == "sh-gkwg-44/1"
    ignored = _decide(events, as_of="2025-03-01", cli_readings={"sh.waiver": "ignored"})
    assert ignored["successor"] == "b" and ignored["membership"]["status"] == "deemed_accepted"
    assert "waiver_ignored" in [n["code"] for n in ignored["notes"]]


def test_waiver_referred_to_the_wahlleiter():
    det = _decide([("2024-06-01", "b", "waived"), ("2025-01-10", "a", "died")], cli_readings={"sh.waiver": "referred"})
    assert det["outcome"] == "referred" and det["referred_to"] == "§ 44 Abs. 3 Satz 1 GKWG"
    assert "sh-gkwg-44/3/2" in [n["norm"] for n in det["notes"]]


def test_landtag_not_applicable():
    det = only(decide(case([_list()], [("2025-01-10", "a", "died")], body={"kind": "landtag"})))
    assert det["outcome"] == "not_applicable"


# What must not change


def _decisions(result):
    return [(d["vacancy"], d["outcome"], d["successor"]) for d in result["determinations"]]


def test_the_departeds_own_party_change_changes_nothing():
    base = [("2025-01-10", "a", "died")]
    plain = _decide(base)
    moved = _decide([("2024-12-01", "a", "left_group"), *base])
    assert (moved["outcome"], moved["successor"]) == (plain["outcome"], plain["successor"])
    assert "sh-gkwg-44/1" in _norms(moved)


def test_an_unrelated_event_and_the_file_order_change_nothing():
    events = [("2025-01-10", "a", "died"), ("2025-01-12", "b", "refused")]
    data = case([_list(), nom("spd", ("s1", None, True), ("s2", None))], events)
    plain = _decisions(decide(data))
    unrelated = copy.deepcopy(data)
    unrelated["events"].insert(0, {"date": "2024-11-01", "person": "s2", "type": "left_group"})
    assert _decisions(decide(unrelated)) == plain
    reordered = copy.deepcopy(data)
    reordered["nominations"].reverse()
    assert _decisions(decide(reordered)) == plain


def test_votes_change_nothing():
    """§ 44 names the list order: vote counts, however given, decide nothing."""
    events = [("2025-01-10", "a", "died"), ("2025-01-12", "b", "refused")]
    plain = _decisions(decide(case([_list()], events)))
    counted = nom("cdu", ("a", 10, True), ("b", 1), ("c", 2), ("d", 900))
    assert _decisions(decide(case([counted], events))) == plain


def test_an_empty_seat_leaves_the_member_count_open():
    """§ 44 Abs. 2 GKWG says only that the seat stays empty; no text found (GKWG, GO) reduces the legal
    member count: the count is not reduced and a note says it is open (issue 50, point 4)."""
    det = _decide([("2025-01-10", "a", "died")], [nom("cdu", ("a", None, True))])
    assert det["outcome"] == "vacant" and not det["member_count_reduced"]
    assert "member_count_open" in [n["code"] for n in det["notes"]]
