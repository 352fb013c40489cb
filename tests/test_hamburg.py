"""Hamburg § 36 BezVWG, norm by norm, on small cases built here (independent of instances/)."""

from __future__ import annotations

import pytest

from conftest import by_person, by_vacancy, decide, decide_file, nomination, only, statute_case


def wk(nid, *cands, group="spd", district="wk1", kind="party"):
    return nomination(nid, *cands, group=group, kind=kind, tier="district", district=district)


def bl(nid, *cands, group="spd"):
    return nomination(nid, *cands, group=group)


def case(noms, events, **extra):
    return statute_case("hh", noms, events, **extra)


def test_wahlkreisliste_by_personal_votes_zero_counts():
    det = only(
        decide(case([wk("w", ("a", 900, True), ("b", 0), ("c", None), ("d", 5))], [("2020-01-01", "a", "died")]))
    )
    assert det["successor"] == "d"
    det = only(
        decide(
            case(
                [wk("w", ("a", 900, True), ("b", 0), ("c", None))],
                [("2019-12-01", "c", "died"), ("2020-01-01", "a", "died")],
            )
        )
    )
    assert det["successor"] == "b"  # 0 votes: still a named person, the list is not exhausted


def test_exhausted_wahlkreisliste_goes_to_the_bezirksliste_by_votes_skipping_the_elected():
    det = only(
        decide(
            case(
                [wk("w", ("a", 900, True)), bl("b", ("x", 999, True, "list"), ("y", 10), ("z", 50))],
                [("2020-01-01", "a", "died")],
            )
        )
    )
    assert (det["successor"], det["successor_nomination"]) == ("z", "b")
    assert [g["norm"] for g in det["grounds"]][:4] == [
        "hh-bezvwg-4/3",
        "hh-bezvwg-36/1/1",
        "hh-bezvwg-4/4/1",
        "hh-bezvwg-36/1/2",
    ]


def test_bezirksliste_of_the_same_party_only():
    det = only(
        decide(case([wk("w", ("a", 900, True)), bl("other", ("y", 10), group="cdu")], [("2020-01-01", "a", "died")]))
    )
    assert det["outcome"] == "referred" and det["referred_to"] == "§ 5 Abs. 9 BezVWG"


@pytest.mark.parametrize("seat,expected", [("list", "p2"), ("personal", "p3")])
def test_bezirksliste_seat_types(seat, expected):
    det = only(decide(case([bl("b", ("p1", 100, True, seat), ("p2", 10), ("p3", 90))], [("2020-01-01", "p1", "died")])))
    assert det["successor"] == expected


@pytest.mark.parametrize("reading", [{"hh.list_seat_order": "referred"}])
def test_list_seat_order_referred(reading):
    det = only(
        decide(
            case([bl("b", ("p1", 100, True, "list"), ("p2", 10))], [("2020-01-01", "p1", "died")]), cli_readings=reading
        )
    )
    assert det["outcome"] == "referred" and det["referred_to"] == "§ 5 Abs. 7 BezVWG"


def test_personal_seat_order_referred():
    det = only(
        decide(
            case([bl("b", ("p1", 100, True, "personal"), ("p2", 10))], [("2020-01-01", "p1", "died")]),
            cli_readings={"hh.personal_seat_order": "referred"},
        )
    )
    assert det["outcome"] == "referred" and det["referred_to"] == "§ 5 Abs. 8 BezVWG"


def test_seat_type_missing_is_undetermined():
    det = only(decide(case([bl("b", ("p1", 100, True), ("p2", 10))], [("2020-01-01", "p1", "died")])))
    assert det["outcome"] == "undetermined" and [n["code"] for n in det["notes"]] == ["seat_type_missing"]


def test_successor_inherits_the_seat_type():
    c = case(
        [bl("b", ("p1", 100, True, "list"), ("p2", 10), ("p3", 90), ("p4", 80))],
        [("2020-01-01", "p1", "died"), ("2020-01-03", "p2", "accepted"), ("2021-01-01", "p2", "resigned")],
    )
    dets = decide(c)["determinations"]
    assert [d["successor"] for d in dets] == ["p2", "p3"]  # the Listenwahl seat: list order both times


def test_einzelbewerber_vacant_without_member_count_reduction():
    det = only(decide(case([wk("e", ("o", 50, True), kind="individual", group="o")], [("2020-01-01", "o", "died")])))
    assert det["outcome"] == "vacant" and det["member_count_reduced"] is False
    assert det["grounds"][0]["norm"] == "hh-bezvwg-36/3"


def _sitting(reading=None):
    c = case(
        [wk("w", ("a", 900, True), ("u", 500), ("v", 100)), bl("b", ("u", 700, True, "personal"), ("x", 10))],
        [("2020-01-01", "a", "died")],
    )
    return decide(c, cli_readings={"hh.already_elected": reading} if reading else {})["determinations"]


def test_already_elected_skip_switch_referred():
    assert [(d["vacancy"], d["successor"]) for d in _sitting()] == [("a", "v")]
    switched = _sitting("switch")
    assert [(d["vacancy"], d["trigger"], d["successor"]) for d in switched] == [
        ("a", "died", "u"),
        ("u", "switched", "x"),
    ]
    ref = _sitting("referred")
    assert ref[0]["outcome"] == "referred" and ref[0]["referred_to"] == "§ 36 Abs. 1 Satz 1 BezVWG"


def test_no_party_exit_or_waiver_exclusion():
    c = case(
        [wk("w", ("a", 900, True), ("b", 500), ("c", 100))],
        [("2019-09-01", "b", "left_group"), ("2020-01-01", "a", "died")],
    )
    det = only(decide(c))
    assert det["successor"] == "b" and [n["code"] for n in det["notes"]][0] == "no_exit_exclusion"
    det = only(decide(c, cli_readings={"hh.exclusions": "as_elsewhere"}))
    assert det["successor"] == "c" and by_person(det)["b"]["reason"] == "left_group"


@pytest.mark.parametrize("reading,expected", [(None, "c"), ("yes", "b")])
def test_earlier_refusal_reading(reading, expected):
    c = case(
        [wk("w", ("a", 900, True), ("z", 800, True), ("b", 500), ("c", 100), ("d", 50))],
        [("2020-01-01", "a", "died"), ("2020-01-03", "b", "refused"), ("2021-01-01", "z", "died")],
    )
    dets = decide(c, cli_readings={"hh.refused_again": reading} if reading else {})["determinations"]
    assert dets[0]["successor"] == "c" and dets[1]["successor"] == ("d" if reading is None else "b")


def test_membership_seven_days_silence_is_acceptance():
    c = case(
        [wk("w", ("a", 900, True), ("b", 500))],
        [("2020-01-01", "a", "died"), ("2020-01-06", "b", "notified")],
        as_of="2020-02-01",
    )
    m = only(decide(c))["membership"]
    assert m == {
        "notified": "2020-01-06",
        "deadline": "2020-01-13",
        "status": "deemed_accepted",
        "member_from": "2020-01-13",
    }


# --- issue 14, Hamburg: what the review found --------------------------------------------------


def test_one_elected_at_the_election_is_not_declared_elected_again_on_either_tier():
    dets = by_vacancy(decide_file("instances/hh/already-elected-not-again.yaml"))
    rows = by_person(dets["berta"])
    assert (rows["anton"]["reason"], rows["anton"]["norm"]) == ("already_elected", "hh-bezvwg-4/3")
    assert (rows["dieter"]["reason"], rows["dieter"]["norm"]) == ("already_elected", "hh-bezvwg-36/1/2")
    assert dets["berta"]["successor"] == "fritz"
    # one who refused the election is not "noch nicht gewählt" either, whatever hh.refused_again says
    c = case(
        [wk("w", ("a", 900, True), ("b", 800, True), ("c", 100))],
        [("2019-05-28", "a", "refused"), ("2020-01-01", "b", "died")],
        readings={"hh.refused_again": "yes"},
    )
    dets = by_vacancy(decide(c))
    assert dets["a"]["successor"] == "c" and by_person(dets["b"])["a"]["reason"] == "already_elected"


def test_lost_eligibility_before_acceptance_vacates_after_acceptance_it_does_not():
    result = decide_file("instances/hh/lost-eligibility-before-acceptance.yaml")
    dets = by_vacancy(result)
    assert list(dets) == ["hanna"] and dets["hanna"]["trigger"] == "lost_eligibility"
    assert dets["hanna"]["trigger_grounds"][0]["norm"] == "hh-bezvwg-36/1/1"
    assert any("'jan' lost eligibility on 1 August 2020" in w for w in result["warnings"])


@pytest.mark.parametrize("reading,successor_of_nils", [("fixed", "olaf"), ("bgb_193", None)])
def test_the_period_does_not_move_unless_the_reading_says_so(reading, successor_of_nils):
    dets = by_vacancy(
        decide_file("instances/hh/reservation-and-fixed-period.yaml", cli_readings={"hh.period_end": reading})
    )
    if successor_of_nils:
        assert dets["lutz"]["successor"] == "nils" and dets["lutz"]["membership"]["deadline"] == "2020-03-14"
        assert dets["nils"]["successor"] == successor_of_nils
    else:  # Saturday 14 March moves to Monday 16 March: Nils refused in time
        assert dets["lutz"]["successor"] == "olaf" and "nils" not in dets
        assert by_person(dets["lutz"])["nils"]["reason"] == "refused"


def test_a_reservation_is_a_refusal_or_referred_never_silence():
    dets = by_vacancy(decide_file("instances/hh/reservation-and-fixed-period.yaml"))
    maria = by_person(dets["lutz"])["maria"]
    assert (maria["reason"], maria["norm"]) == ("refused", "hh-bezvwg-31")
    c = case(
        [wk("w", ("a", 900, True), ("b", 100), ("c", 50))],
        [
            ("2020-01-06", "a", "died"),
            ("2020-01-07", "b", "notified"),
            ("2020-01-08", "b", "accepted", {"reservation": True}),
            ("2020-03-01", "c", "died"),
        ],
        readings={"hh.reservation": "referred"},
    )
    det = decide(c)["determinations"][0]
    assert det["successor"] == "b" and det["membership"]["status"] == "pending"  # not deemed accepted
    assert "reservation_referred" in [n["code"] for n in det["notes"]]
    # an elected person's reservation within his seven days refuses the election (default reading)
    c = case(
        [wk("w", ("a", 900, True), ("b", 100))],
        [("2019-05-27", "a", "notified"), ("2019-05-28", "a", "accepted", {"reservation": True})],
    )
    det = only(decide(c))
    assert det["trigger"] == "refused" and det["successor"] == "b"


def test_the_mayoralty_is_referred_to_section_32_and_the_seat_stays():
    result = decide_file("instances/hh/mayor-referred.yaml")
    det = only(result)
    assert det["outcome"] == "referred" and det["outcome_norm"] == "hh-bezvwg-32"
    assert [g["norm"] for g in det["grounds"]].count("hh-bezvwg-32") == 1
    assert [s["holders"] for s in result["composition"]["seats"]] == [["petra"]]


def test_two_bezirkslisten_of_one_party_decide_nothing():
    det = only(decide_file("instances/hh/two-bezirkslisten.yaml"))
    assert det["outcome"] == "undetermined" and det["successor"] is None
    assert [n["code"] for n in det["notes"]] == ["several_bezirkslisten"]
    assert "more than one Bezirksliste" in det["outcome_ground"]["explanation"]


def test_personal_seat_order_referred_reaches_abs1_satz2():
    det = only(decide_file("instances/hh/personal-seat-order-referred.yaml"))
    assert det["outcome"] == "referred" and det["referred_to"] == "§ 5 Abs. 8 BezVWG"
    assert not any(c["status"] == "successor" for c in det["candidates"])


def test_a_section_5_9_referral_does_not_keep_the_seat_with_the_dead():
    result = decide_file("instances/hh/section-5-9-then-death.yaml")
    assert not any("stay with" in w for w in result["warnings"])
    det = by_vacancy(result)["yvonne"]
    assert by_person(det)["xaver"]["reason"] == "died"


def test_a_referral_explains_the_pools_walked_with_their_own_words():
    # the pool ordering grounds of a § 5 Abs. 9 referral are not the referral's text of another cause
    for path in (
        "instances/hh/section-5-9-no-bezirksliste.yaml",
        "instances/hh/section-5-9-bezirksliste-exhausted.yaml",
    ):
        for det in decide_file(path)["determinations"]:
            texts = " ".join(g["explanation"] for g in det["grounds"])
            assert "already sits through the Bezirksliste" not in texts and "is referred to § 5 (reading" not in texts


# --- issue 28 point 9, Hamburg ------------------------------------------------------------------


def test_a_bezirksliste_successor_in_a_wahlkreis_seat_is_followed_from_his_own_list():
    dets = by_vacancy(decide_file("instances/hh/called-from-bezirksliste-leaves.yaml"))
    jahn = dets["jahn"]
    assert (jahn["successor"], jahn["successor_nomination"]) == ("gerdes", "spd-bl")
    assert jahn["trigger_grounds"][0]["norm"] == "hh-bezvwg-36/2/1"
    assert "declared elected from the Bezirksliste" in jahn["trigger_grounds"][0]["explanation"]
    assert "hh-bezvwg-5/8" in [g["norm"] for g in jahn["grounds"]]
    assert "called_from_other_own" in [n["code"] for n in jahn["notes"]]
    # the seat's reading: the Wahlkreisliste first (Abs. 1 Satz 1), where Krause is eligible again
    dets = by_vacancy(
        decide_file(
            "instances/hh/called-from-bezirksliste-leaves.yaml", cli_readings={"hh.called_from_other": "seat_list"}
        )
    )
    jahn = dets["jahn"]
    assert (jahn["successor"], jahn["successor_nomination"]) == ("krause", "spd-wk4")
    assert jahn["trigger_grounds"][0]["norm"] == "hh-bezvwg-36/1/1"
    assert "called_from_other_seat" in [n["code"] for n in jahn["notes"]]


def test_own_list_with_the_bezirksliste_exhausted_or_its_order_referred():
    c = case(
        [wk("w", ("a", 900, True), ("k", 10)), bl("b", ("x", 999, True, "list"), ("j", 50))],
        [
            ("2020-01-01", "k", "died"),
            ("2020-02-01", "a", "died"),
            ("2020-02-03", "j", "accepted"),
            ("2021-01-01", "j", "resigned"),
        ],
    )
    dets = by_vacancy(decide(c))
    assert dets["a"]["successor"] == "j"
    assert dets["j"]["outcome"] == "referred" and dets["j"]["referred_to"] == "§ 5 Abs. 9 BezVWG"
    assert [g["norm"] for g in dets["j"]["grounds"]][-1] == "hh-bezvwg-36/2/3"
    # no seat type is asked for a Wahlkreis seat held through the Bezirksliste
    assert "seat_type_missing" not in [n["code"] for n in dets["j"]["notes"]]


@pytest.mark.parametrize("reading,expected", [(None, "dahl"), ("yes", "brandt")])
def test_a_waiver_in_answer_to_a_call_lasts_as_a_refusal(reading, expected):
    dets = by_vacancy(
        decide_file(
            "instances/hh/waiver-in-answer-to-call.yaml", cli_readings={"hh.refused_again": reading} if reading else {}
        )
    )
    assert dets["arndt"]["successor"] == "claussen" and by_person(dets["arndt"])["brandt"]["reason"] == "refused"
    assert dets["zander"]["successor"] == expected
    if reading is None:
        assert by_person(dets["zander"])["brandt"]["reason"] == "refused"
    # the waiver refused a call: no note that § 36 excludes nobody for a waiver
    assert "no_exit_exclusion" not in [n["code"] for n in dets["arndt"]["notes"]]


def test_a_waiver_outside_any_call_still_excludes_nobody():
    c = case(
        [wk("w", ("a", 900, True), ("b", 500), ("c", 100))],
        [("2019-09-01", "b", "waived"), ("2020-01-01", "a", "died")],
    )
    det = only(decide(c))
    assert det["successor"] == "b" and "no_exit_exclusion" in [n["code"] for n in det["notes"]]


@pytest.mark.parametrize("reading,expected", [(None, "stahl"), ("yes", "rehder")])
def test_a_bezirksliste_refusal_counts_on_the_wahlkreisliste_as_the_reading_says(reading, expected):
    dets = by_vacancy(
        decide_file(
            "instances/hh/bezirksliste-refusal-on-wahlkreisliste.yaml",
            cli_readings={"hh.refused_again": reading} if reading else {},
        )
    )
    assert dets["xylander"]["successor"] == "ypsilon"
    assert dets["albers"]["successor"] == expected
    if reading is None:
        rehder = by_person(dets["albers"])["rehder"]
        assert (rehder["reason"], rehder["norm"]) == ("refused", "hh-bezvwg-36/1/1")


def test_a_member_leaving_on_the_same_day_never_switches_into_the_seat():
    # hh.already_elected = switch: f sits through the Bezirksliste and gives that seat up on the day
    # heinz's Wahlkreis seat falls vacant; he held his seat that day, so he is never its successor
    data = {
        "statute": "hh-bezvwg-36",
        "election_date": "2019-05-26",
        "readings": {"hh.already_elected": "switch"},
        "nominations": [
            {
                "id": "spd-wk17",
                "group": "spd",
                "tier": "district",
                "district": "wk17",
                "candidates": [
                    {"id": "heinz", "votes": 900, "elected": True},
                    {"id": "f", "votes": 800},
                    {"id": "k", "votes": 300},
                ],
            },
            {
                "id": "spd-bl",
                "group": "spd",
                "candidates": [
                    {"id": "f", "votes": 700, "elected": True, "seat": "personal"},
                    {"id": "g", "votes": 500},
                ],
            },
        ],
        "events": [
            {"date": "2020-03-01", "person": "heinz", "type": "resigned"},
            {"date": "2020-03-01", "person": "f", "type": "resigned"},
        ],
    }
    for events in (data["events"], data["events"][::-1]):
        dets = by_vacancy(decide({**data, "events": events}))
        assert dets["heinz"]["successor"] == "k"
        assert by_person(dets["heinz"])["f"]["reason"] == "already_member"


def test_a_candidates_resignation_excludes_nothing_and_says_why():
    data = {
        "statute": "hh-bezvwg-36",
        "election_date": "2019-05-26",
        "nominations": [
            {
                "id": "spd-wk1",
                "group": "spd",
                "tier": "district",
                "district": "wk1",
                "candidates": [
                    {"id": "a", "votes": 900, "elected": True},
                    {"id": "b", "votes": 500},
                    {"id": "c", "votes": 300},
                ],
            }
        ],
        "events": [
            {"date": "2020-01-10", "person": "b", "type": "resigned"},
            {"date": "2020-03-01", "person": "a", "type": "died"},
        ],
    }
    result = decide(data)
    assert only(result)["successor"] == "b"  # § 36 has no waiver of the Anwartschaft
    assert any("knows no waiver of the Anwartschaft" in w for w in result["warnings"])
