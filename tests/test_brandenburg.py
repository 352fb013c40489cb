"""Brandenburg § 60 BbgKWahlG, norm by norm, on small cases built here (independent of instances/)."""

from __future__ import annotations

import pytest

from conftest import by_person, by_vacancy, decide, decide_file, nomination, only, statute_case

nom = nomination


def case(nominations, events, **extra):
    return statute_case("bb", nominations, events, **extra)


def test_abs2_votes_then_list_then_no_count():
    c = case(
        [nom("cdu", ("a", 900, True), ("nc", None), ("b", 50), ("c", 50), ("z", 0))], [("2020-01-01", "a", "died")]
    )
    det = only(decide(c, all_candidates=True))
    assert [x["person"] for x in det["candidates"]] == ["b", "c", "z", "nc"]
    assert det["successor"] == "b" and "bb-kwahlg-60/2/1/2" in [g["norm"] for g in det["grounds"]]
    alt = only(decide(c, cli_readings={"bb.zero_votes": "no_count"}, all_candidates=True))
    assert [x["person"] for x in alt["candidates"]] == ["b", "c", "nc", "z"]


def test_only_not_elected_candidates_of_the_list():
    det = only(
        decide(
            case(
                [nom("cdu", ("a", 900, True), ("e", 800, True), ("b", 10)), nom("spd", ("s", 999))],
                [("2020-01-01", "a", "resigned")],
            )
        )
    )
    assert det["successor"] == "b" and {c["person"] for c in det["candidates"]} == {"b"}


@pytest.mark.parametrize(
    "trigger,norm,day",
    [
        ("refused", "bb-kwahlg-60/3/1", "2020-01-01"),
        ("died", "bb-kwahlg-60/3/1", "2020-01-01"),
        ("resigned", "bb-kwahlg-60/3/1", "2020-01-01"),
        ("lost_seat", "bb-kwahlg-60/3/1", "2020-01-01"),
        # Satz 2 is the joint election: the mayoralty taken before
        # the council membership began; later it is a lost seat
        ("elected_mayor", "bb-kwahlg-60/3/2", "2019-06-01"),
        ("elected_mayor", "bb-kwahlg-60/3/1", "2020-01-01"),
    ],
)
def test_abs3_triggers(trigger, norm, day):
    det = only(decide(case([nom("cdu", ("a", 900, True), ("b", 10))], [(day, "a", trigger)])))
    assert det["successor"] == "b" and det["trigger_grounds"][0]["norm"] == norm
    assert [g["norm"] for g in det["grounds"] if g["norm"].startswith("bb-kwahlg-60/3")] == [norm]


def test_abs3_satz5_einzelbewerber():
    det = only(
        decide(
            case(
                [nom("eb", ("x", 90, True), kind="individual"), nom("cdu", ("a", 900, True), ("b", 1))],
                [("2020-01-01", "x", "died")],
            )
        )
    )
    assert det["outcome"] == "vacant" and det["member_count_reduced"]
    assert [g["norm"] for g in det["grounds"]] == ["bb-kwahlg-60/3/5", "bb-kwahlg-60/3/6"]


@pytest.mark.parametrize("reading,outcome", [(None, "vacant"), ("undetermined", "undetermined")])
def test_einzelbewerber_taking_the_mayoralty(reading, outcome):
    det = only(
        decide(
            case([nom("eb", ("x", 90, True), kind="individual")], [("2019-06-01", "x", "elected_mayor")]),
            cli_readings={"bb.einzel_mayor": reading} if reading else {},
        )
    )
    assert det["outcome"] == outcome
    # elected mayor later, he loses his seat: Satz 5 names that, whatever the reading says
    det = only(
        decide(
            case([nom("eb", ("x", 90, True), kind="individual")], [("2020-01-01", "x", "elected_mayor")]),
            cli_readings={"bb.einzel_mayor": reading} if reading else {},
        )
    )
    assert det["outcome"] == "vacant" and det["member_count_reduced"]
    assert [g["norm"] for g in det["grounds"]] == ["bb-kwahlg-60/3/5", "bb-kwahlg-60/3/6"]


def _districts(*events, readings=None):
    c = case(
        [
            nom("spd-1", ("a", 900, True), group="spd", tier="district", district="1"),
            nom("spd-2", ("b", 900, True), ("b2", 100), group="spd", tier="district", district="2"),
            nom("spd-3", ("c3", 500), group="spd", tier="district", district="3"),
            nom("cdu-1", ("d", 900, True), ("d2", 999), group="cdu", tier="district", district="1"),
        ],
        [*events, ("2021-01-01", "a", "died")],
    )
    return only(decide(c, cli_readings=readings or {}))


def test_abs3_satz3_other_wahlkreise_by_votes():
    det = _districts()
    assert (det["successor"], det["successor_nomination"]) == ("b2", "spd-2")
    assert [g["norm"] for g in det["grounds"]] == [
        "bb-kwahlg-60/1",
        "bb-kwahlg-60/2/1",
        "bb-kwahlg-49/5",
        "bb-kwahlg-60/3/3",
        "bb-kwahlg-60/3/3",
        "bb-kwahlg-60/7/2",
        "bb-kwahlg-51/1",
    ]


def test_seatless_lists_reading():
    assert _districts(readings={"bb.seatless_lists": "included"})["successor"] == "c3"


def test_cross_district_referred_reading():
    det = _districts(readings={"bb.cross_district": "referred"})
    assert det["outcome"] == "referred" and det["referred_to"] == "§ 49 Abs. 5 BbgKWahlG"


def test_abs3_satz4_nobody_left_in_the_wahlgebiet():
    det = _districts(("2020-01-01", "b2", "waived"))
    assert det["outcome"] == "vacant" and det["grounds"][-2]["norm"] == "bb-kwahlg-60/3/4"


@pytest.mark.parametrize(
    "events,excluded",
    [
        ([("2020-01-01", "b", "left_group"), ("2020-02-01", "b", "group_notice")], True),
        ([("2020-01-01", "b", "expelled"), ("2020-02-01", "b", "group_notice")], True),
        ([("2020-01-01", "b", "left_group")], False),
        ([("2019-05-01", "b", "left_group"), ("2019-06-01", "b", "group_notice")], False),  # before the election
        ([("2020-01-01", "b", "left_group"), ("2021-02-01", "b", "group_notice")], False),  # notice after the vacancy
    ],
)
def test_abs4_party_exit_needs_timely_notice(events, excluded):
    det = only(
        decide(case([nom("spd", ("a", 900, True), ("b", 500), ("c", 100))], [*events, ("2021-01-01", "a", "died")]))
    )
    assert det["successor"] == ("c" if excluded else "b")
    if excluded:
        assert by_person(det)["b"]["norm"] == "bb-kwahlg-60/4"
    elif any(t == "left_group" and d > "2019-05-26" for d, _, t in events):
        assert "exit_without_notice" in [n["code"] for n in det["notes"]]


def test_abs4_parties_only():
    det = only(
        decide(
            case(
                [nom("bvb", ("a", 900, True), ("b", 500), ("c", 100), kind="voter_group")],
                [("2020-01-01", "b", "left_group"), ("2020-02-01", "b", "group_notice"), ("2021-01-01", "a", "died")],
            )
        )
    )
    assert det["successor"] == "b"


def test_abs5_majority_lot_and_list_reading():
    c = case(
        [
            nom("e1", ("a", 90, True), kind="individual"),
            nom("e2", ("b", 40), kind="individual"),
            nom("e3", ("c", 40), kind="individual"),
        ],
        [("2020-01-01", "a", "died")],
        election="majority",
    )
    det = only(decide(c))
    assert det["outcome"] == "lot" and det["lot_between"] == ["b", "c"]
    assert only(decide(c, cli_readings={"bb.majority_tie": "list"}))["successor"] == "b"


@pytest.mark.parametrize("reading,outcome", [(None, "vacant"), ("undetermined", "undetermined")])
def test_abs5_majority_exhausted(reading, outcome):
    c = case([nom("e1", ("a", 90, True), kind="individual")], [("2020-01-01", "a", "died")], election="majority")
    assert only(decide(c, cli_readings={"bb.majority_exhausted": reading} if reading else {}))["outcome"] == outcome


@pytest.mark.parametrize("etype,norm", [("waived", "bb-kwahlg-61/1"), ("lost_eligibility", "bb-kwahlg-61/3")])
def test_section_61(etype, norm):
    c = case(
        [nom("spd", ("a", 900, True), ("b", 500), ("c", 100))],
        [("2020-01-01", "b", etype), ("2021-01-01", "a", "died")],
    )
    det = only(decide(c))
    assert det["successor"] == "c" and by_person(det)["b"]["norm"] == norm
    assert only(decide(c, cli_readings={"bb.section_61": "no"}))["successor"] == "b"


def test_section_61_a_refused_call_drops_out_for_the_period():
    # b is called for x's seat and refuses; at a's vacancy a year later § 61 Abs. 1 passes him over
    c = case(
        [nom("spd", ("x", 950, True), ("a", 900, True), ("b", 500), ("c", 300), ("d", 100))],
        [("2020-01-01", "x", "died"), ("2020-01-03", "b", "refused"), ("2021-01-01", "a", "died")],
    )
    first, second = decide(c)["determinations"]
    assert first["successor"] == "c" and by_person(first)["b"]["norm"] == "bb-kwahlg-60/7/2"
    assert second["successor"] == "d" and by_person(second)["b"]["norm"] == "bb-kwahlg-61/1"
    assert decide(c, cli_readings={"bb.section_61": "no"})["determinations"][1]["successor"] == "b"


def test_a_refusal_with_no_call_open_refuses_nothing():
    c = case(
        [nom("spd", ("a", 900, True), ("b", 500), ("c", 100))],
        [("2020-01-01", "b", "refused"), ("2021-01-01", "a", "died")],
    )
    result = decide(c)
    assert only(result)["successor"] == "b"
    assert any("refuses nothing" in w for w in result["warnings"])


def test_refusal_of_this_call_passes_on_under_both_readings():
    c = case(
        [nom("spd", ("a", 900, True), ("b", 500), ("c", 100))],
        [("2021-01-01", "a", "died"), ("2021-01-05", "b", "refused")],
    )
    for r in ({}, {"bb.section_61": "no"}):
        det = only(decide(c, cli_readings=r))
        assert det["successor"] == "c" and by_person(det)["b"]["norm"] == "bb-kwahlg-60/7/2"


def test_membership_section_51_silence_is_acceptance_from_the_next_day():
    base = [nom("spd", ("a", 900, True), ("b", 500))]
    m = only(decide(case(base, [("2021-01-01", "a", "died"), ("2021-01-04", "b", "notified")])))
    assert m["membership"] == {
        "notified": "2021-01-04",
        "deadline": "2021-01-11",
        "status": "pending",
        "member_from": None,
    }
    m = only(decide(case(base, [("2021-01-01", "a", "died"), ("2021-01-04", "b", "notified")], as_of="2021-01-12")))
    assert m["membership"] == {
        "notified": "2021-01-04",
        "deadline": "2021-01-11",
        "status": "deemed_accepted",
        "member_from": "2021-01-12",
    }
    m = only(
        decide(
            case(base, [("2021-01-01", "a", "died"), ("2021-01-04", "b", "notified"), ("2021-01-08", "b", "accepted")])
        )
    )["membership"]
    assert m["status"] == "accepted" and m["member_from"] == "2021-01-08"


def test_a_member_elected_mayor_later_loses_the_seat_under_satz_1_and_satz_5():
    dets = by_vacancy(decide_file("instances/bb/mayor-later.yaml"))
    assert dets["krause"]["successor"] == "lenz" and dets["krause"]["trigger_grounds"][0]["norm"] == "bb-kwahlg-60/3/1"
    assert dets["weiss"]["outcome"] == "vacant" and dets["weiss"]["outcome_norm"] == "bb-kwahlg-60/3/5"
    joint = only(decide_file("instances/bb/mayor.yaml"))
    assert joint["trigger_grounds"][0]["norm"] == "bb-kwahlg-60/3/2"


def test_an_exhausted_mehrheitswahl_field_cites_satz_4_by_analogy():
    det = only(
        decide(
            case(
                [nom("wg", ("a", 90, True), ("b", 10), kind="voter_group")],
                [("2019-12-01", "b", "died"), ("2020-01-01", "a", "died")],
                election="majority",
            )
        )
    )
    assert det["outcome"] == "vacant" and det["outcome_ground"]["norm"] == "bb-kwahlg-60/3/4"
    assert "by analogy" in det["outcome_ground"]["explanation"]
    assert "no Ersatzperson left" not in det["outcome_ground"]["explanation"]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_cross_district_ground_names_only_the_other_wahlkreise_and_translates_the_reading(lang):
    from nachruecken.case.loader import load_case
    from nachruecken.engine.determine import determine_case

    case_ = load_case("instances/bb/cross-district.yaml")
    det = determine_case(case_, lang=lang)["determinations"][0]
    ground = next(g for g in det["grounds"] if g["norm"] == "bb-kwahlg-60/3/3")
    own = next(n for n in case_.nominations if n.id == det["seat_nomination"])
    assert (own.name or own.id) not in ground["explanation"]
    # the reading's value in the language of the text (JSON keeps the value itself under readings)
    assert ("excluded" if lang == "en" else "„ausgeschlossen“") in ground["explanation"]
    assert ("außer Betracht" in ground["explanation"]) == (lang == "de")


@pytest.mark.parametrize(
    "reading,successor,norm", [("own_list", "bauer", "bb-kwahlg-60/3/1"), ("seat_list", "cordes", "bb-kwahlg-60/3/3")]
)
def test_a_successor_called_from_another_wahlkreis_is_followed_from_his_own_list(reading, successor, norm):
    result = decide_file(
        "instances/bb/called-from-other-wahlkreis.yaml", cli_readings={"bb.called_from_other": reading}
    )
    det = {d["vacancy"]: d for d in result["determinations"]}["brand"]
    assert det["successor"] == successor and det["outcome_norm"] == norm


def test_a_reservation_is_a_lasting_refusal_with_section_61():
    # § 51 Abs. 1 Satz 3: the reservation refuses the call; § 61 Abs. 1 (bb.section_61 = yes): she drops
    # out for the period, so she is passed over at the next vacancy too
    c = case(
        [nom("cdu", ("a", 900, True), ("e", 800, True), ("b", 50), ("c", 40), ("d", 30))],
        [
            ("2020-01-06", "a", "died"),
            ("2020-01-07", "b", "notified"),
            ("2020-01-08", "b", "accepted", {"reservation": True}),
            ("2020-06-01", "e", "died"),
        ],
    )
    dets = {d["vacancy"]: d for d in decide(c)["determinations"]}
    assert dets["a"]["successor"] == "c" and by_person(dets["a"])["b"]["norm"] == "bb-kwahlg-51/1/3"
    b = by_person(dets["e"])["b"]
    assert b["reason"] == "refused" and "bb-kwahlg-61/1" in [n["norm"] for n in b.get("norms", [])] + [b["norm"]]
    assert dets["e"]["successor"] == "d"


def test_a_refusal_after_membership_began_is_a_verzicht_not_a_refusal_of_the_election():
    result = decide(case([nom("cdu", ("a", 900, True), ("b", 10))], [("2020-05-01", "a", "refused")]))
    det = only(result)
    assert det["trigger"] == "resigned" and "gave up the seat" in det["trigger_grounds"][0]["explanation"]
    assert any("read as giving up the seat" in w for w in result["warnings"])


def test_an_einzelbewerber_in_the_joint_election_is_explained_by_analogy():
    det = only(decide(case([nom("eb", ("x", 90, True), kind="individual")], [("2019-06-01", "x", "elected_mayor")])))
    assert det["outcome"] == "vacant" and "bb.einzel_mayor = vacant" in det["outcome_ground"]["explanation"]


@pytest.mark.parametrize(
    "reading,norm,note",
    [
        (None, "bb-kwahlg-60/3/1", "joint_election_not_applied"),
        ("before_membership", "bb-kwahlg-60/3/1", "joint_election_not_applied"),
        ("any_time", "bb-kwahlg-60/3/2", "joint_election_any_time"),
    ],
)
def test_joint_election_reading_for_a_member_taking_the_mayoralty_later(reading, norm, note):
    # § 60 Abs. 3 Satz 2 states no time condition: reading bb.joint_election (issue 28, point 11)
    det = only(
        decide(
            case([nom("cdu", ("a", 900, True), ("b", 10))], [("2021-01-01", "a", "elected_mayor")]),
            cli_readings={"bb.joint_election": reading} if reading else {},
        )
    )
    assert det["successor"] == "b" and det["trigger_grounds"][0]["norm"] == norm and det["outcome_norm"] == norm
    assert [n["code"] for n in det["notes"]] == [note]
    assert ("bb.joint_election = " + (reading or "before_membership")) in det["notes"][0]["explanation"]


def test_joint_election_reading_within_the_period_and_for_a_called_successor():
    # within the period to accept, Satz 2 under both readings; the default says so in its note
    for reading, note in (
        ("before_membership", "joint_election_before_membership"),
        ("any_time", "joint_election_any_time"),
    ):
        det = only(
            decide(
                case([nom("cdu", ("a", 900, True), ("b", 10))], [("2019-06-01", "a", "elected_mayor")]),
                cli_readings={"bb.joint_election": reading},
            )
        )
        assert det["outcome_norm"] == "bb-kwahlg-60/3/2" and [n["code"] for n in det["notes"]] == [note]
    # a successor was not elected "bei der Wahl zur Vertretung": Satz 1 even under the literal reading
    res = decide(
        case(
            [nom("cdu", ("a", 900, True), ("b", 10), ("c", 5))],
            [("2020-01-01", "a", "died"), ("2020-01-02", "b", "accepted"), ("2021-01-01", "b", "elected_mayor")],
        ),
        cli_readings={"bb.joint_election": "any_time"},
    )
    det = by_vacancy(res)["b"]
    assert det["successor"] == "c" and det["outcome_norm"] == "bb-kwahlg-60/3/1"
    assert [n["code"] for n in det["notes"]] == ["joint_election_not_applied"]


def test_joint_election_reading_for_an_einzelbewerber_later():
    c = case([nom("eb", ("x", 90, True), kind="individual")], [("2021-01-01", "x", "elected_mayor")])
    assert only(decide(c))["outcome_norm"] == "bb-kwahlg-60/3/5"  # Satz 5: a lost seat
    det = only(decide(c, cli_readings={"bb.joint_election": "any_time", "bb.einzel_mayor": "undetermined"}))
    assert det["outcome"] == "undetermined"  # Satz 2 for an Einzelbewerber: reading bb.einzel_mayor


# § 51 Abs. 2 Satz 1, 2, 4 with § 60 Abs. 7 Satz 2: a Hinderungsgrund not cleared in the week (issue 28, point 3)
def _hg_case(*events, as_of="2020-12-31"):
    return case(
        [nom("cdu", ("a", 900, True), ("d", 800, True), ("b", 50), ("c", 40), ("f", 30))],
        [("2019-01-01", "b", "incompatibility"), *events],
        as_of=as_of,
    )


def test_an_ersatzperson_without_the_proof_counts_as_having_refused_and_the_walk_goes_on():
    det = by_vacancy(
        decide(_hg_case(("2020-02-01", "a", "died"), ("2020-02-03", "b", "notified"), ("2020-02-04", "b", "accepted")))
    )["a"]
    assert det["successor"] == "c"
    b = det["candidates"][0]
    assert (b["person"], b["reason"], b["norm"]) == ("b", "incompatible", "bb-kwahlg-51/2/2")
    assert [(c["person"], c["how"], c["ended"]) for c in det["calls"]] == [
        ("b", "lapsed", "2020-02-11"),
        ("c", None, None),
    ]


def test_an_acceptance_without_the_proof_makes_no_member():
    events = (("2020-02-01", "a", "died"), ("2020-02-03", "b", "notified"), ("2020-02-04", "b", "accepted"))
    det = by_vacancy(decide(_hg_case(*events, as_of="2020-02-06")))["a"]
    assert det["successor"] == "b" and det["membership"]["status"] == "pending"
    assert {"hinderungsgrund_proof", "acceptance_without_proof"} <= {n["code"] for n in det["notes"]}
    det = by_vacancy(decide(_hg_case(*events, as_of="2020-02-10")))["a"]  # the last day of his week
    assert det["successor"] == "b" and det["membership"]["status"] == "pending"
    det = by_vacancy(decide(_hg_case(*events, as_of="2020-02-11")))["a"]  # deemed refused: the next one
    assert det["successor"] == "c" and det["calls"][0]["how"] == "lapsed"


def test_the_proof_in_time_makes_the_acceptance_effective_from_the_proof():
    det = by_vacancy(
        decide(
            _hg_case(
                ("2020-02-01", "a", "died"),
                ("2020-02-03", "b", "notified"),
                ("2020-02-04", "b", "accepted"),
                ("2020-02-07", "b", "incompatibility_ended"),
            )
        )
    )["a"]
    assert det["successor"] == "b"
    assert (det["membership"]["status"], det["membership"]["member_from"]) == ("accepted", "2020-02-07")
    assert "proof_within_four_months" in {n["code"] for n in det["notes"]}
    # proof after the week: too late
    det = by_vacancy(
        decide(
            _hg_case(
                ("2020-02-01", "a", "died"),
                ("2020-02-03", "b", "notified"),
                ("2020-02-12", "b", "incompatibility_ended"),
            )
        )
    )["a"]
    assert det["successor"] == "c"


@pytest.mark.parametrize("reading,successor", [(None, "f"), ("yes", "f"), ("no", "b")])
def test_deemed_refusal_lasting_reading(reading, successor):
    res = decide(
        _hg_case(
            ("2020-02-01", "a", "died"),
            ("2020-02-03", "b", "notified"),
            ("2020-05-01", "b", "incompatibility_ended"),
            ("2020-09-01", "d", "died"),
        ),
        cli_readings={"bb.deemed_refusal_lasting": reading} if reading else {},
    )
    assert by_vacancy(res)["a"]["successor"] == "c"
    det = by_vacancy(res)["d"]
    assert det["successor"] == successor
    if successor == "f":
        assert det["candidates"][0]["norm"] == "bb-kwahlg-61/1" and det["candidates"][0]["reason"] == "incompatible"


def test_an_elected_person_without_the_proof_refuses_the_election_when_his_week_ends():
    c = case(
        [nom("cdu", ("a", 900, True), ("b", 50))],
        [("2019-04-01", "a", "incompatibility"), ("2019-05-28", "a", "notified"), ("2019-05-29", "a", "accepted")],
        as_of="2019-12-31",
    )
    res = decide(c)
    det = only(res)
    assert (det["vacancy"], det["trigger"], det["date"], det["successor"]) == ("a", "refused", "2019-06-05", "b")
    assert [g["norm"] for g in det["trigger_grounds"]] == ["bb-kwahlg-51/2/2"]
    assert det["outcome_norm"] == "bb-kwahlg-60/3/1"
    assert not any("Hinderungsgrund" in w for w in res["warnings"])  # decided, not a hint to record lost_seat
    # proved in his week: a member, no vacancy
    c["events"].append({"date": "2019-06-03", "person": "a", "type": "incompatibility_ended"})
    assert decide(c)["determinations"] == []
    # within his week nothing is decided yet
    c["events"].pop()
    assert decide({**c, "as_of": "2019-06-04"})["determinations"] == []
