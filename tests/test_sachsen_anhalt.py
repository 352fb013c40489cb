"""Sachsen-Anhalt § 47 KWG LSA with §§ 41, 43, 48 KWG LSA, § 75 KWO LSA and § 42 KVG LSA, on small cases
built here: norm by norm, and what must not change a determination."""

from __future__ import annotations

import pytest

from nachruecken.case.loader import build_case
from nachruecken.errors import InputError

from conftest import by_person, by_vacancy, candidate_entry, decide, only


def st_list(*cands, nid="cdu", group=None, kind=None) -> dict:
    nom = {"id": nid, "group": group or nid, "candidates": [candidate_entry(c) for c in cands]}
    if kind:
        nom["group_kind"] = kind
    return nom


def st_case(noms, events, statute="st", **extra) -> dict:
    data = {
        "statute": statute,
        "election_date": "2019-05-26",
        "body": {"seats": 20},
        "nominations": noms,
        "events": [{"date": d, "person": p, "type": t, **(x[0] if x else {})} for d, p, t, *x in events],
    }
    data.update(extra)
    return data


# a (elected), then by votes: d (500), b and c (300 each; b higher on the list), z (0), n (no count)
ONE_LIST = [st_list(("a", 900, True), ("b", 300), ("c", 300), ("d", 500), ("z", 0), ("n", None))]
DIES = [("2021-03-01", "a", "died")]


def norms(det: dict) -> list[str]:
    return [g["norm"] for g in det["grounds"]]


def notes(det: dict) -> set[str]:
    return {n["code"] for n in det["notes"]}


def successor(data: dict) -> str | None:
    return only(decide(data))["successor"]


def test_the_state_code_names_the_text():
    result = decide(st_case(ONE_LIST, DIES))
    assert only(result)["statute"] == "st-kwglsa-47"


# § 41 Abs. 1, 2 -------------------------------------------------------------------------------


def test_votes_first_then_list_place_for_equal_votes():
    det = only(decide(st_case(ONE_LIST, DIES)))
    assert (det["outcome"], det["successor"]) == ("successor", "d")
    assert norms(det)[:2] == ["st-kwglsa-41/1", "st-kwglsa-41/2/1"]
    events = [("2020-01-01", "d", "waived"), *DIES]
    det = only(decide(st_case(ONE_LIST, events)))
    assert det["successor"] == "b"  # b and c share 300: b stands higher on the list
    assert "st-kwglsa-41/2/1/2" in norms(det)


def test_candidates_without_a_count_follow_and_zero_is_a_count_by_default():
    events = [(f"2020-01-0{i}", p, "waived") for i, p in enumerate(("b", "c", "d"), 1)] + DIES
    assert successor(st_case(ONE_LIST, events)) == "z"  # 0 is a count: before n
    # 0 as "ohne Stimmenzahlen": z and n follow in list order (z stands before n on the list)
    det = only(decide(st_case(ONE_LIST, events, readings={"st.zero_votes": "no_count"})))
    assert det["successor"] == "z" and "st-kwglsa-41/2/2" in norms(det)
    flipped = [st_list(("a", 900, True), ("n", None), ("z", 0))]
    assert successor(st_case(flipped, DIES)) == "z"
    assert successor(st_case(flipped, DIES, readings={"st.zero_votes": "no_count"})) == "n"


def test_elected_persons_are_no_naechst_festgestellte_bewerber():
    noms = [st_list(("a", 900, True), ("e", 800, True), ("b", 300))]
    det = only(decide(st_case(noms, DIES)))
    assert det["successor"] == "b" and "e" not in by_person(det)


def test_published_order_of_the_wahlausschuss_is_walked():
    nom = st_list(("a", 900, True), ("b", 300), ("c", 300), ("d", 500))
    for cand, rank in zip(nom["candidates"][1:], (1, 3, 2)):
        cand["substitute_rank"] = rank
    det = only(decide(st_case([nom], DIES)))
    assert det["successor"] == "b"
    assert "st-kwglsa-41/3" in norms(det)
    assert "published_differs_from_votes" in notes(det)
    nom["candidates"][2].pop("substitute_rank")  # incomplete: the votes decide
    det = only(decide(st_case([nom], DIES)))
    assert det["successor"] == "d" and "published_order_incomplete" in notes(det)


def test_substitute_rank_of_an_elected_person_is_an_input_error():
    nom = st_list(("a", 900, True), ("b", 300))
    nom["candidates"][0]["substitute_rank"] = 1
    with pytest.raises(InputError, match="substitute_rank"):
        build_case(st_case([nom], []), "<test>")


MAJ = [
    st_list(("pa", 90, True), nid="ev-a", kind="individual"),
    st_list(("pb", 80, True), nid="ev-b", kind="individual"),
    st_list(("pc", 45), nid="ev-c", kind="individual"),
    st_list(("pd", 45), nid="ev-d", kind="individual"),
]


def test_majority_by_votes_tie_is_a_lot_or_list_order():
    det = only(decide(st_case(MAJ, [("2020-01-01", "pb", "died")], election="majority")))
    assert (det["outcome"], sorted(det["lot_between"])) == ("lot", ["pc", "pd"])
    assert "majority_tie_not_regulated" in notes(det)
    det = only(
        decide(st_case(MAJ, [("2020-01-01", "pb", "died")], election="majority", readings={"st.majority_tie": "list"}))
    )
    assert (det["outcome"], det["successor"]) == ("successor", "pc")
    drawn = [("2020-01-01", "pb", "died"), ("2020-01-05", "pd", "lot_drawn")]
    det = only(decide(st_case(MAJ, drawn, election="majority")))
    assert (det["outcome"], det["successor"]) == ("successor", "pd")


# § 47 Abs. 1 Satz 2, 3; § 48 Abs. 1 Satz 2; § 75 Abs. 2 KWO ------------------------------------


@pytest.mark.parametrize("exit_type", ["left_group", "expelled"])
def test_party_exit_counts_only_with_the_partys_notice_before_the_vacancy(exit_type):
    exit_ = ("2020-06-01", "d", exit_type)
    before = [exit_, ("2020-07-01", "d", "group_notice"), *DIES]
    det = only(decide(st_case(ONE_LIST, before)))
    assert det["successor"] == "b"
    assert (by_person(det)["d"]["reason"], by_person(det)["d"]["norm"]) == (exit_type, "st-kwglsa-47/1/2")
    assert "st-kwglsa-48/1/2" in norms(det) and "hearing_before_finding" in notes(det)
    without = [exit_, *DIES]
    det = only(decide(st_case(ONE_LIST, without)))
    assert det["successor"] == "d" and "exit_without_notice" in notes(det)
    same_day = [exit_, ("2021-03-01", "d", "group_notice"), *DIES]  # dated the vacancy's day: not before it
    assert successor(st_case(ONE_LIST, same_day)) == "d"


def test_party_exit_before_the_election_or_from_a_waehlergruppe_changes_nothing():
    early = [("2019-05-01", "d", "left_group"), ("2019-05-02", "d", "group_notice"), *DIES]
    assert successor(st_case(ONE_LIST, early)) == "d"
    fw = [st_list(("a", 900, True), ("b", 300), ("d", 500), nid="fw", kind="voter_group")]
    events = [("2020-06-01", "d", "left_group"), ("2020-07-01", "d", "group_notice"), *DIES]
    det = only(decide(st_case(fw, events)))
    assert det["successor"] == "d" and "group_exit_no_rule" in notes(det)


def test_joining_a_competing_party():
    noms = [*ONE_LIST, st_list(("f", 700, True), nid="fdp")]
    joined = [("2020-06-01", "d", "joined_group", {"group": "fdp"})]
    notice = [("2020-07-01", "d", "group_notice")]
    det = only(decide(st_case(noms, joined + notice + DIES)))
    assert det["successor"] == "b"
    assert (by_person(det)["d"]["reason"], by_person(det)["d"]["norm"]) == ("joined_other_group", "st-kwglsa-47/1/3")
    # without the notice: only under st.join_notice = not_required
    det = only(decide(st_case(noms, joined + DIES)))
    assert det["successor"] == "d" and "join_without_notice" in notes(det)
    assert successor(st_case(noms, joined + DIES, readings={"st.join_notice": "not_required"})) == "b"
    # a party with no Wahlvorschlag in the case: not known to compete, a note says so
    other = [("2020-06-01", "d", "joined_group", {"group": "basis"})] + notice + DIES
    det = only(decide(st_case(noms, other)))
    assert det["successor"] == "d" and "joined_party_without_list" in notes(det)


def test_joining_a_voter_group_list_is_not_satz_3():
    noms = [st_list(("a", 900, True), ("d", 500), ("b", 300), nid="fw", kind="voter_group"), st_list(("f", 700, True))]
    events = [("2020-06-01", "d", "joined_group", {"group": "cdu"}), ("2020-07-01", "d", "group_notice"), *DIES]
    assert successor(st_case(noms, events)) == "d"  # he stood on a Wählergruppe's list, not a party's


# § 47 Abs. 2, 3 -------------------------------------------------------------------------------


def test_party_ban_closes_the_list_and_is_referred():
    events = [("2021-03-01", "a", "lost_seat", {"cause": "party_ban"})]
    det = only(decide(st_case(ONE_LIST, events)))
    assert (det["outcome"], det["referred_to"], det["successor"]) == ("referred", "§ 47 Abs. 3 KWG LSA", None)
    assert norms(det)[0] == "st-kwglsa-47/2/nr1" and "ban_members_not_recorded" in notes(det)
    plain = only(decide(st_case(ONE_LIST, [("2021-03-01", "a", "lost_seat", {"cause": "scrutiny"})])))
    assert plain["successor"] == "d"


def test_nobody_left_in_one_wahlbereich_leaves_the_seat_empty():
    """Issue 50: § 47 Abs. 3 (cut off) as § 75 Abs. 3 KWO presupposes it: the seat stays empty where the
    Wahlgebiet is one Wahlbereich (reading st.exhausted = vacant); referred under the alternative."""
    noms = [st_list(("a", 900, True), ("b", 300))]
    det = only(decide(st_case(noms, [("2020-01-01", "b", "waived"), *DIES])))
    assert (det["outcome"], det["successor"], det["referred_to"]) == ("vacant", None, None)
    assert "st-kwglsa-47/3" in norms(det)
    assert {"seat_empty_notice", "ergaenzungswahl_not_decided", "member_count_open"} <= notes(det)
    assert det["member_count_reduced"] is False
    ref = only(decide(st_case(noms, [("2020-01-01", "b", "waived"), *DIES]), cli_readings={"st.exhausted": "referred"}))
    assert (ref["outcome"], ref["referred_to"]) == ("referred", "§ 47 Abs. 3 KWG LSA")


def test_nobody_left_with_several_wahlbereiche_is_referred_under_both_readings():
    def area(nid, district, *cands):
        return {**st_list(*cands, nid=nid, group="cdu"), "tier": "district", "district": district}

    noms = [area("w1", "d1", ("a", 900, True), ("b", 300)), area("w2", "d2", ("x", 800, True), ("y", 100))]
    for value in ("vacant", "referred"):
        det = only(decide(st_case(noms, [("2020-01-01", "b", "waived"), *DIES]), cli_readings={"st.exhausted": value}))
        assert (det["outcome"], det["referred_to"]) == ("referred", "§ 47 Abs. 3 KWG LSA")


def test_einzelbewerber_has_no_naechst_festgestellte_bewerber():
    noms = [st_list(("a", 900, True), nid="eb", kind="individual"), st_list(("x", 800, True), ("y", 10))]
    det = only(decide(st_case(noms, DIES)))
    assert (det["outcome"], det["successor"]) == ("vacant", None)


# § 48 Abs. 1 to 3 ------------------------------------------------------------------------------


def test_refusal_of_a_seat_lasts_and_a_refusal_with_no_call_open_refuses_nothing():
    noms = [st_list(("a", 900, True), ("e", 800, True), ("b", 300), ("c", 200), ("d", 100))]
    events = [*DIES, ("2021-03-03", "b", "refused"), ("2021-03-05", "c", "accepted"), ("2022-01-10", "e", "died")]
    dets = by_vacancy(decide(st_case(noms, events)))
    assert dets["a"]["successor"] == "c"
    assert dets["e"]["successor"] == "d"
    assert by_person(dets["e"])["b"]["norm"] == "st-kwglsa-48/1/1"
    early = [("2020-01-10", "b", "refused"), *DIES]  # no call was open: refuses nothing
    assert successor(st_case(noms, early)) == "b"


def test_reservation_counts_as_refusal():
    events = [*DIES, ("2021-03-03", "d", "notified"), ("2021-03-04", "d", "accepted", {"reservation": True})]
    det = only(decide(st_case(ONE_LIST, events)))
    assert det["successor"] == "b"
    assert (by_person(det)["d"]["reason"], by_person(det)["d"]["norm"]) == ("refused", "st-kwglsa-43/1/3")


def test_written_waiver_and_one_recorded_zur_niederschrift():
    events = [("2020-01-01", "d", "waived"), *DIES]
    det = only(decide(st_case(ONE_LIST, events)))
    assert det["successor"] == "b" and by_person(det)["d"]["norm"] == "st-kwglsa-48/2"
    recorded = [("2020-01-01", "d", "waived", {"form": "recorded"}), *DIES]
    det = only(decide(st_case(ONE_LIST, recorded)))
    assert det["successor"] == "d" and "recorded_waiver_not_written" in notes(det)
    assert successor(st_case(ONE_LIST, recorded, readings={"st.recorded_waiver": "effective"})) == "b"
    # zur Niederschrift while the procedure is open: a refusal of the seat offered
    pending = [*DIES, ("2021-03-03", "d", "notified"), ("2021-03-04", "d", "waived", {"form": "recorded"})]
    det = only(decide(st_case(ONE_LIST, pending)))
    assert det["successor"] == "b" and by_person(det)["d"]["norm"] == "st-kwglsa-48/1/1"
    assert "zur Niederschrift" in by_person(det)["d"]["explanation"]


def test_lost_eligibility_lasts_even_if_regained():
    events = [("2020-01-01", "d", "lost_eligibility"), ("2020-06-01", "d", "regained_eligibility"), *DIES]
    det = only(decide(st_case(ONE_LIST, events)))
    assert det["successor"] == "b" and by_person(det)["d"]["norm"] == "st-kwglsa-48/3/1"
    assert "finding_by_committee" in notes(det)
    # lost and regained before the election day: eligible at the election
    before = [("2019-01-01", "d", "lost_eligibility"), ("2019-03-01", "d", "regained_eligibility"), *DIES]
    assert successor(st_case(ONE_LIST, before)) == "d"


def test_death_passes_over():
    det = only(decide(st_case(ONE_LIST, [("2020-01-01", "d", "died"), *DIES])))
    assert det["successor"] == "b" and by_person(det)["d"]["norm"] == "st-kwglsa-47/1/1"


# § 43 with § 75 Abs. 1 KWO: membership ---------------------------------------------------------


def test_silence_is_acceptance_from_the_day_after_the_week():
    events = [*DIES, ("2021-03-03", "d", "notified"), ("2021-04-01", "b", "notified")]
    det = only(decide(st_case(ONE_LIST, events)))
    assert det["membership"]["deadline"] == "2021-03-10"
    assert (det["membership"]["status"], det["membership"]["member_from"]) == ("deemed_accepted", "2021-03-11")
    assert {"st-kwo-75/1", "st-kwglsa-43/1"} <= set(norms(det))


def test_acceptance_not_before_the_wahlperiode_begins():
    noms = [st_list(("a", 900, True), ("d", 500))]
    events = [
        ("2019-05-28", "a", "notified"),
        ("2019-06-03", "a", "refused"),
        ("2019-06-05", "d", "notified"),
        ("2019-06-06", "d", "accepted"),
    ]
    det = only(decide(st_case(noms, events, body={"seats": 20, "period_start": "2019-07-01"})))
    assert (det["successor"], det["membership"]["member_from"]) == ("d", "2019-07-01")
    assert "st-kwglsa-43/2" in norms(det)


def test_a_pending_call_fails_by_refusal_death_waiver_and_lost_eligibility():
    for etype in ("refused", "died", "waived", "lost_eligibility"):
        events = [*DIES, ("2021-03-03", "d", "notified"), ("2021-03-05", "d", etype)]
        det = only(decide(st_case(ONE_LIST, events)))
        assert det["successor"] == "b", etype


# triggers and scope ----------------------------------------------------------------------------


def test_triggers_cite_section_42_kvg():
    det = only(decide(st_case(ONE_LIST, [("2021-03-01", "a", "resigned")])))
    assert [t["norm"] for t in det["trigger_grounds"]] == ["st-kvg-42/1/nr1", "st-kvg-42/4"]


def test_elected_mayor_is_referred_and_keeps_the_seat():
    det = only(decide(st_case(ONE_LIST, [("2021-03-01", "a", "elected_mayor")])))
    assert (det["outcome"], det["referred_to"], det["holder_keeps_seat"]) == (
        "referred",
        "§ 42 Abs. 1 Nr. 3 KVG LSA",
        True,
    )


def test_landtag_not_applicable():
    det = only(decide(st_case(ONE_LIST, DIES, body={"seats": 20, "kind": "landtag"})))
    assert det["outcome"] == "not_applicable"


def test_german_word_for_the_ban_cause():
    from nachruecken.case.office.events import CAUSES

    assert CAUSES["parteiverbot"] == "party_ban"


# what must not change a determination ----------------------------------------------------------


def test_unrelated_events_and_file_order_change_nothing():
    plain = only(decide(st_case(ONE_LIST, DIES)))
    noisy = [
        ("2019-12-01", "b", "notified"),
        ("2020-02-01", "c", "rejoined"),
        ("2020-03-01", "x", "died"),
        ("2020-04-01", "d", "left_group"),  # no notice: nothing follows
        *DIES,
    ]
    noms = [*ONE_LIST, st_list(("x", 800, True), ("y", 10), nid="spd")]
    det = by_vacancy(decide(st_case(noms, noisy)))["a"]
    assert (det["outcome"], det["successor"]) == (plain["outcome"], plain["successor"]) == ("successor", "d")
    # the order of the nominations (and of independent same-day events) in the file changes nothing
    two = [st_list(("x", 1000, True), ("y", 10), nid="spd"), *ONE_LIST]
    a = only(decide(st_case(two, DIES)))
    b = only(decide(st_case(list(reversed(two)), DIES)))
    assert (a["successor"], a["candidates"], a["grounds"]) == (b["successor"], b["candidates"], b["grounds"])


def test_readings_of_another_state_or_unknown_are_input_errors():
    with pytest.raises(InputError, match="Sachsen-Anhalt"):
        decide(st_case(ONE_LIST, DIES, readings={"bb.zero_votes": "no_count"}))
    with pytest.raises(InputError, match="st.zero_vote"):
        decide(st_case(ONE_LIST, DIES, readings={"st.zero_vote": "count"}))


# After the legal review


def test_a_ban_closes_only_the_banned_partys_list():
    wg = st_list(("rau", 900, True), ("rink", 300), kind="voter_group", nid="wg")
    det = only(decide(st_case([wg], [("2021-03-01", "rau", "lost_seat", {"cause": "party_ban"})])))
    assert det["outcome"] == "successor" and det["successor"] == "rink"
    assert "ban_member_on_other_list" in [n["code"] for n in det["notes"]]
    party = st_list(("rau", 900, True), ("rink", 300), nid="x")
    assert (
        only(decide(st_case([party], [("2021-03-01", "rau", "lost_seat", {"cause": "party_ban"})])))["outcome"]
        == "referred"
    )


def test_joining_a_waehlergruppe_is_no_case_of_satz_3():
    noms = [st_list(("a", 900, True), ("b", 300)), st_list(("f1", 500, True), kind="voter_group", nid="fw")]
    events = [("2020-01-01", "b", "joined_group", {"group": "fw"}), ("2020-02-01", "b", "group_notice"), *DIES]
    det = by_vacancy(decide(st_case(noms, events)))["a"]
    assert det["successor"] == "b" and "joined_group_not_party" in [n["code"] for n in det["notes"]]
