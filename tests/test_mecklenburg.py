"""Mecklenburg-Vorpommern § 46 LKWG M-V, norm by norm, on small cases built here."""

from __future__ import annotations

import pytest

from conftest import by_person, decide, decide_file, nomination, only, statute_case

nom = nomination


def case(nominations, events, **extra):
    return statute_case("mv", nominations, events, **extra)


def test_municipal_order_by_votes_with_33_2():
    det = only(
        decide(case([nom("spd", ("a", 900, True), ("b", 100), ("c", 300), ("d", 300))], [("2020-01-01", "a", "died")]))
    )
    assert det["successor"] == "c"
    assert [g["norm"] for g in det["grounds"]][:2] == ["mv-lkwg-33/2", "mv-lkwg-46/2/1"]


@pytest.mark.parametrize(
    "events,reason,norm",
    [
        ([("2020-01-01", "b", "waived")], "waived", "mv-lkwg-46/2/3/2"),
        ([("2020-01-01", "b", "lost_eligibility")], "lost_eligibility", "mv-lkwg-46/2/3/3"),
        ([("2020-01-01", "b", "evidence_missing")], "evidence_missing", "mv-lkwg-46/2/5"),
        # b is called for x's seat in 2020 and refuses: Satz 7, he drops out for the period
        ([("2020-01-01", "x", "died"), ("2020-01-03", "b", "refused")], "refused", "mv-lkwg-46/2/7"),
        ([("2020-01-01", "b", "left_group"), ("2020-01-05", "b", "group_notice")], "left_group", "mv-lkwg-46/2/3/1"),
    ],
)
def test_abs2_exclusions(events, reason, norm):
    dets = decide(
        case(
            [nom("spd", ("x", 950, True), ("a", 900, True), ("b", 500), ("c", 100), ("d", 50))],
            [*events, ("2021-01-01", "a", "died")],
        )
    )["determinations"]
    det = dets[-1]
    assert det["vacancy"] == "a"
    assert det["successor"] not in (None, "b") and (by_person(det)["b"]["reason"], by_person(det)["b"]["norm"]) == (
        reason,
        norm,
    )


def test_eligibility_lost_before_the_election_still_passes_over():
    # Nr. 3 is not tied to the time after the election (that anchor is Nr. 1's): one not eligible
    # when called is passed over, whenever he lost it
    det = only(
        decide(
            case(
                [nom("spd", ("a", 900, True), ("b", 500))],
                [("2019-01-01", "b", "lost_eligibility"), ("2021-01-01", "a", "died")],
            )
        )
    )
    assert det["outcome"] == "vacant" and by_person(det)["b"]["reason"] == "lost_eligibility"


def test_evidence_missing_reading_no():
    c = case(
        [nom("spd", ("a", 900, True), ("b", 500), ("c", 1))],
        [("2020-01-01", "b", "evidence_missing"), ("2021-01-01", "a", "died")],
    )
    assert only(decide(c, cli_readings={"mv.evidence_missing": "no"}))["successor"] == "b"


def test_party_notice_only_for_parties_and_before_the_vacancy():
    wg = nom("wg", ("a", 900, True), ("b", 500), ("c", 1), kind="voter_group")
    c = case(
        [wg], [("2020-01-01", "b", "left_group"), ("2020-01-05", "b", "group_notice"), ("2021-01-01", "a", "died")]
    )
    assert only(decide(c))["successor"] == "b"
    late = case(
        [nom("spd", ("a", 900, True), ("b", 500), ("c", 1))],
        [("2020-01-01", "b", "left_group"), ("2021-01-01", "a", "died"), ("2021-01-05", "b", "group_notice")],
    )
    det = only(decide(late))
    assert det["successor"] == "b" and "exit_without_notice" in [n["code"] for n in det["notes"]]


def _landtag(*noms, trigger="died", person="w"):
    return only(decide(case(list(noms), [("2022-01-01", person, trigger)], body={"kind": "landtag", "seats": 79})))


def test_landtag_wahlkreis_seat_from_the_landesliste():
    det = _landtag(
        nom("spd-wk", ("w", None, True), group="spd", tier="district", district="1"),
        nom("spd-ll", ("l1", None, True), ("l2", None), ("l3", None), group="spd"),
    )
    assert (det["successor"], det["successor_nomination"]) == ("l2", "spd-ll")
    assert "mv-lkwg-46/2/2" in [g["norm"] for g in det["grounds"]]


def test_landtag_wahlkreis_seat_of_a_party_with_two_landeslisten_is_not_decided():
    # Satz 2 names the one Landesliste admitted for the party; with two in the case (both with a
    # person at place 1, who would both be first) nothing is guessed
    det = _landtag(
        nom("spd-wk", ("w", None, True), group="spd", tier="district", district="1"),
        nom("spd-ll", ("x", None), group="spd"),
        nom("spd-ll2", ("y", None), group="spd"),
    )
    assert (det["outcome"], det["successor"], det["candidates"]) == ("undetermined", None, [])
    assert [g["norm"] for g in det["grounds"]] == ["mv-lkwg-46/2/2"]
    assert [n["code"] for n in det["notes"]] == ["several_landeslisten"]


def test_landtag_list_seat_in_list_order_not_votes():
    det = _landtag(nom("cdu-ll", ("w", None, True), ("l2", 1), ("l3", 999), group="cdu"))
    assert det["successor"] == "l2"


@pytest.mark.parametrize(
    "noms",
    [
        [nom("eb", ("w", None, True), kind="individual", tier="district", district="1")],
        [nom("fw-wk", ("w", None, True), group="fw", tier="district", district="1")],
    ],
)
def test_landtag_neuwahl_section_44_3(noms):
    det = _landtag(*noms)
    assert det["outcome"] == "by_election" and [g["norm"] for g in det["grounds"]] == ["mv-lkwg-46/3/2", "mv-lkwg-44/3"]


def test_municipal_einzelbewerber_seat_stays_free():
    det = only(decide(case([nom("eb", ("w", 50, True), kind="individual")], [("2022-01-01", "w", "died")])))
    assert det["outcome"] == "vacant" and det["member_count_reduced"] is False


def _bereiche(readings=None, extra_event=None):
    c = case(
        [
            nom("g-1", ("a", 900, True), group="g", tier="district", district="1"),
            nom("g-2", ("b", 900, True), ("b2", 100), group="g", tier="district", district="2"),
            nom("g-3", ("c3", 500), group="g", tier="district", district="3"),
        ],
        [*([extra_event] if extra_event else []), ("2021-01-01", "a", "died")],
    )
    return only(decide(c, cli_readings=readings or {}))


def test_section_64_5_other_wahlbereiche():
    det = _bereiche()
    assert det["successor"] == "c3" and "mv-lkwg-64/5" in [g["norm"] for g in det["grounds"]]


def test_section_64_5_referred_reading():
    det = _bereiche({"mv.cross_district": "referred"})
    assert det["outcome"] == "referred" and det["referred_to"] == "§ 64 Abs. 5 LKWG M-V"


@pytest.mark.parametrize("reading,outcome", [(None, "vacant"), ("undetermined", "undetermined")])
def test_section_64_5_finds_nobody(reading, outcome):
    c = case(
        [
            nom("g-1", ("a", 900, True), group="g", tier="district", district="1"),
            nom("g-2", ("b", 900, True), group="g", tier="district", district="2"),
        ],
        [("2021-01-01", "a", "died")],
    )
    det = only(decide(c, cli_readings={"mv.cross_district_exhausted": reading} if reading else {}))
    assert det["outcome"] == outcome


def _council(seats, period_end=None, date="2022-02-01", readings=None, unfilled=0):
    """Four members elected (a1, b1, c1, c2); a1 and b1 die, their lists have nobody left."""
    body = (
        {
            "seats": seats,
            **({"period_end": period_end} if period_end else {}),
            **({"unfilled_seats": unfilled} if unfilled else {}),
        }
        if seats
        else {}
    )
    c = case(
        [nom("a", ("a1", 10, True)), nom("b", ("b1", 10, True)), nom("c", ("c1", 10, True), ("c2", 9, True))],
        [("2021-01-01", "a1", "died"), (date, "b1", "died")],
        body=body,
    )
    return [d["outcome"] for d in decide(c, cli_readings=readings or {})["determinations"]]


def test_one_third_rule():
    assert _council(4) == ["vacant", "by_election"]  # 1 of 4 vacant, then 2 of 4 (more than a third)
    assert _council(None) == ["vacant", "vacant"]  # without the legal member count nothing is counted


def test_one_third_rule_counts_seats_unfilled_at_the_election():
    assert _council(6, unfilled=2) == ["by_election", "by_election"]  # 2 unfilled + 1 = 3 of 6, then 4 of 6
    # seats the case does not name are not unfilled: 1 of 6, then 2 of 6
    assert _council(6) == ["vacant", "vacant"]


def test_section_45_last_twelve_months():
    assert _council(4, period_end="2022-06-01") == ["vacant", "vacant"]
    assert _council(4, period_end="2022-06-01", readings={"mv.section_45": "ignore"}) == ["vacant", "by_election"]
    assert _council(4, period_end="2024-06-01") == ["vacant", "by_election"]


def test_membership_one_week_and_reservation_disregarded():
    base = [nom("spd", ("a", 900, True), ("b", 500))]
    det = only(
        decide(
            case(
                base,
                [
                    ("2021-01-01", "a", "died"),
                    ("2021-01-04", "b", "notified"),
                    ("2021-01-05", "b", "accepted", {"reservation": True}),
                ],
                as_of="2021-02-01",
            )
        )
    )
    assert det["membership"] == {
        "notified": "2021-01-04",
        "deadline": "2021-01-11",
        "status": "deemed_accepted",
        "member_from": "2021-01-11",
    }
    assert [n["code"] for n in det["notes"]] == ["reservation_disregarded"]
    det = only(
        decide(
            case(base, [("2021-01-01", "a", "died"), ("2021-01-04", "b", "notified"), ("2021-01-06", "b", "accepted")])
        )
    )
    assert det["membership"]["member_from"] == "2021-01-06" and "mv-lkwg-46/5/3" in [g["norm"] for g in det["grounds"]]


@pytest.mark.parametrize("reading,outcome", [(None, "successor"), ("undetermined", "undetermined")])
def test_death_before_membership(reading, outcome):
    c = case(
        [nom("spd", ("a", 900, True), ("b", 500), ("c", 100))],
        [("2021-01-01", "a", "died"), ("2021-01-04", "b", "notified"), ("2021-01-06", "b", "died")],
    )
    dets = decide(c, cli_readings={"mv.death_before_membership": reading} if reading else {})["determinations"]
    assert dets[0]["successor"] == "b" and dets[1]["outcome"] == outcome


# --- issue 14, M-V: what the review found ---------------------------------------------------------


def test_an_elected_person_who_dies_within_his_week_is_the_death_before_membership_question():
    det = decide_file("instances/mv/elected-dies-in-week.yaml")["determinations"][0]
    assert det["outcome"] == "undetermined"
    default = decide_file(
        "instances/mv/elected-dies-in-week.yaml", cli_readings={"mv.death_before_membership": "as_member"}
    )
    assert default["determinations"][0]["successor"] == "otto"


def test_a_mehrheitswahl_is_not_decided_as_if_proportional():
    det = decide_file("instances/mv/majority-not-encoded.yaml")["determinations"][0]
    assert det["outcome"] == "undetermined" and det["candidates"] == []
    assert [n["code"] for n in det["notes"]] == ["no_majority_rule"]
    assert "Mehrheitswahl" in det["outcome_ground"]["explanation"]


def test_a_by_election_names_its_kind_and_the_german_label_says_ergaenzungswahl(run_cli):
    dets = {d["vacancy"]: d for d in decide_file("instances/mv/one-third-rule.yaml")["determinations"]}
    assert dets["voss"]["by_election_kind"] == "ergaenzungswahl" and "by_election_kind" not in dets["ulm"]
    land = decide_file("instances/mv/landtag-no-landesliste.yaml")["determinations"][0]
    assert land["by_election_kind"] == "neuwahl_wahlkreis"
    out = run_cli("solve", "instances/mv/one-third-rule.yaml", "--lang", "de").stdout
    assert "Ergänzungswahl" in out and "Ergebnis: Neuwahl" not in out


@pytest.mark.parametrize("reading,norm", [("own_list", "mv-lkwg-46/2/1"), ("seat_list", "mv-lkwg-46/2/2")])
def test_a_landesliste_successor_in_a_wahlkreis_seat_is_followed_under_satz_1(reading, norm):
    result = decide_file(
        "instances/mv/landesliste-successor-leaves.yaml", cli_readings={"mv.called_from_other": reading}
    )
    det = {d["vacancy"]: d for d in result["determinations"]}["adam"]
    assert det["successor"] == "busch" and det["outcome_norm"] == norm


def test_a_wahlkreis_winner_who_refused_is_skipped_on_the_landesliste_under_section_58():
    det = {d["vacancy"]: d for d in decide_file("instances/mv/landtag-refused-wahlkreis-winner.yaml")["determinations"]}
    wendt = next(c for c in det["erster"]["candidates"] if c["person"] == "wendt")
    assert (wendt["reason"], wendt["norm"]) == ("already_elected", "mv-lkwg-58/5")
    assert [n["norm"] for n in wendt["norms"]] == ["mv-lkwg-58/5", "mv-lkwg-46/2/7"]


@pytest.mark.parametrize("reading,successor", [("eligible", "paul"), ("lost", "quandt")])
def test_nr3_is_eligibility_when_called(reading, successor):
    det = decide_file("instances/mv/lost-and-regained-eligibility.yaml", cli_readings={"mv.regained": reading})
    det = det["determinations"][0]
    assert det["successor"] == successor
    otto = next(c for c in det["candidates"] if c["person"] == "otto")
    assert otto["reason"] == "lost_eligibility"  # lost before the election: Nr. 3 still applies


def test_brandenburg_keeps_a_lost_anwartschaft():
    det = only(decide_file("instances/mv/lost-and-regained-eligibility.yaml", statute_id="bb"))
    assert det["successor"] == "quandt"


@pytest.mark.parametrize(
    "reading,outcome,norm",
    [
        ("undetermined", "undetermined", "mv-lkwg-45"),
        ("latest", "vacant", "mv-lkwg-46/3/3"),
        ("vacancy_date", "by_election", "mv-lkwg-44/5"),
    ],
)
def test_section_45_asks_when_the_election_would_take_place(reading, outcome, norm):
    result = decide_file("instances/mv/section-45-date-open.yaml", cli_readings={"mv.section_45_date": reading})
    det = {d["vacancy"]: d for d in result["determinations"]}["voss"]
    assert det["outcome"] == outcome and det["outcome_norm"] == norm
    assert (det["notes"] != []) == (reading == "undetermined")
    if reading == "latest":
        assert "mv-lkwg-45" in [g["norm"] for g in det["grounds"]]


def test_landtag_neuwahl_not_held_in_the_last_twelve_months():
    det = decide_file("instances/mv/landtag-last-year.yaml")["determinations"][0]
    assert det["outcome"] == "vacant" and not det["member_count_reduced"]
    assert [g["norm"] for g in det["grounds"]] == ["mv-lkwg-46/3/2", "mv-lkwg-44/3", "mv-lkwg-45"]
    earlier = decide_file("instances/mv/landtag-no-landesliste.yaml")["determinations"][0]
    assert earlier["outcome"] == "by_election"  # no period_end in that case: § 45 cannot apply


def test_a_death_before_membership_treated_as_a_members_says_so():
    det = decide_file(
        "instances/mv/elected-dies-in-week.yaml", cli_readings={"mv.death_before_membership": "as_member"}
    )
    det = det["determinations"][0]
    assert det["successor"] == "otto" and [n["code"] for n in det["notes"]] == ["death_before_membership"]


# --- issue 28 point 8: § 46 Abs. 3 Satz 1 with § 64 Abs. 5 also for a list that won no seat ------


@pytest.mark.parametrize("reading,successor", [("own_list", "weiss"), ("seat_list", "yorck")])
def test_a_successor_from_a_seatless_list_who_leaves_is_followed_under_section_64_5(reading, successor):
    # Xylander came from the seatless list of Wahlbereich III; his list has no Ersatzpersonen
    # (§ 33 Abs. 2 Satz 1): the other Wahlbereiche are searched, counted from the list the reading names
    result = decide_file("instances/mv/cross-district-no-seat.yaml", cli_readings={"mv.called_from_other": reading})
    det = {d["vacancy"]: d for d in result["determinations"]}["xylander"]
    assert (det["outcome"], det["successor"], det["outcome_norm"]) == ("successor", successor, "mv-lkwg-46/3/1")
    norms = [g["norm"] for g in det["grounds"]]
    assert ("mv-lkwg-33/2/1" in norms) == (reading == "own_list") and "mv-lkwg-64/5" in norms
    # under own_list the departed's own Wahlbereich is no "other" one: Yorck is not in the pool
    assert ("yorck" in [c["person"] for c in det["candidates"]]) == (reading == "seat_list")


def _seatless(readings=None, extra=()):
    """c3 of the seatless list g-3 took a1's seat; he leaves; b2 (g-2) is the only person elsewhere."""
    c = case(
        [
            nom("g-1", ("a1", 900, True), group="g", tier="district", district="1"),
            nom("g-2", ("b1", 900, True), ("b2", 100), group="g", tier="district", district="2"),
            nom("g-3", ("c3", 500), ("c4", 400), group="g", tier="district", district="3"),
        ],
        [("2021-01-01", "a1", "died"), ("2021-01-04", "c3", "accepted"), *extra, ("2022-01-01", "c3", "died")],
    )
    return [d for d in decide(c, cli_readings=readings or {})["determinations"] if d["vacancy"] == "c3"][0]


def test_a_seatless_list_is_not_left_free_before_the_other_wahlbereiche_are_searched():
    det = _seatless()
    assert (det["successor"], det["successor_nomination"]) == ("b2", "g-2")
    assert [g["norm"] for g in det["grounds"]][:3] == ["mv-lkwg-33/2/1", "mv-lkwg-64/5", "mv-lkwg-46/3/1"]


def test_a_seatless_list_under_the_referred_reading_is_referred_to_section_64_5():
    # the office's determination of c3 for a1's seat is recorded (under this reading the replay refers a1's)
    det = _seatless({"mv.cross_district": "referred"}, extra=[("2021-01-02", "c3", "called", {"nomination": "g-3"})])
    assert det["outcome"] == "referred" and det["referred_to"] == "§ 64 Abs. 5 LKWG M-V"


@pytest.mark.parametrize("reading,outcome", [(None, "vacant"), ("undetermined", "undetermined")])
def test_a_seatless_list_whose_search_finds_nobody(reading, outcome):
    # b2 waived: the other Wahlbereiche hold nobody; c4 is on the departed's own list, not "other"
    det = _seatless({"mv.cross_district_exhausted": reading} if reading else {}, extra=[("2021-06-01", "b2", "waived")])
    assert det["outcome"] == outcome and det["successor"] is None
    assert "c4" not in [c["person"] for c in det["candidates"]]


# --- issue 28 point 8: a by-election held during the term (event by_election_held) ---------------


def _held(**kw):
    return decide_file("instances/mv/by-election-held.yaml", **kw)


def _held_data() -> dict:
    """The worked case as plain data (dates as text, as in the file)."""
    import json

    import yaml

    return json.loads(json.dumps(yaml.safe_load(open("instances/mv/by-election-held.yaml")), default=str))


def test_a_by_election_seats_its_winners_and_its_seats_are_no_longer_empty():
    result = _held()
    dets = {d["vacancy"]: d for d in result["determinations"]}
    # § 44 Abs. 5 counts Claus' seat alone (1 of 5); counted as empty, the two filled seats made it 3 of 5
    assert dets["claus"]["outcome"] == "vacant" and "mv-lkwg-44/5" not in [g["norm"] for g in dets["claus"]["grounds"]]
    comp = result["composition"]
    assert {v["seat_of"] for v in comp["vacant"]} == {"claus", "dietz"}
    assert {h for s in comp["seats"] for h in s["holders"]} == {"fink", "xenia", "yildiz"}


def test_the_winners_sit_only_from_the_by_election():
    data = _held_data()
    data.pop("expected")
    data["as_of"] = "2022-05-14"
    result = decide(data)
    comp = result["composition"]
    assert {v["seat_of"] for v in comp["vacant"]} == {"ahrens", "brandt"}
    assert "xaver" not in {h for s in comp["seats"] for h in s["holders"]}


def test_a_by_election_winners_seat_is_filled_from_his_by_election_nomination():
    for reading in ("own_list", "seat_list"):
        det = {d["vacancy"]: d for d in _held(cli_readings={"mv.called_from_other": reading})["determinations"]}[
            "xaver"
        ]
        assert (det["successor"], det["successor_nomination"], det["outcome_norm"]) == (
            "xenia",
            "a-2022",
            "mv-lkwg-46/2/1",
        )


@pytest.mark.parametrize("reading,outcome", [(None, "vacant"), ("ignore", "by_election")])
def test_section_45_still_applies_after_a_by_election(reading, outcome):
    result = _held(cli_readings={"mv.section_45": reading} if reading else {})
    det = {d["vacancy"]: d for d in result["determinations"]}["dietz"]
    assert det["outcome"] == outcome and ("mv-lkwg-45" in [g["norm"] for g in det["grounds"]]) == (reading is None)


def test_a_by_election_nomination_is_no_wahlbereich_list_of_section_64_5():
    # b2 (Wahlbereich 2, list of the by-election) is not searched for a1's seat in Wahlbereich 1
    c = case(
        [
            nom("g-1", ("a1", 900, True), group="g", tier="district", district="1"),
            nom("g-0", ("z0", 900, True), group="g", tier="district", district="2"),
            {
                **nom("g-2", ("b1", 500, True), ("b2", 400), group="g", tier="district", district="2"),
                "by_election": "2020-06-01",
            },
        ],
        [
            ("2020-01-01", "z0", "died"),
            ("2020-06-01", None, "by_election_held", {"seats_of": ["z0"]}),
            ("2021-01-01", "a1", "died"),
        ],
    )
    for ev in c["events"]:
        if ev["person"] is None:
            del ev["person"]
    det = [d for d in decide(c)["determinations"] if d["vacancy"] == "a1"][0]
    assert det["outcome"] == "vacant" and det["candidates"] == []


@pytest.mark.parametrize(
    "change,message",
    [
        (lambda d: d["events"].pop(2), "no by_election_held event on 2022-05-15"),
        (lambda d: d["events"][2].update(person="fink"), "names no person"),
        (lambda d: d["events"][2].update(seats_of=["ahrens", "fink"]), "no event on or before 2022-05-15 vacates"),
        (lambda d: d["events"][2].update(seats_of=["ahrens"]), "elects 2 persons but 'seats_of' names only 1 seat"),
        (lambda d: d["events"][2].pop("seats_of"), "needs 'seats_of'"),
        (lambda d: d["events"][0].pop("person"), "missing required key 'person'"),
    ],
)
def test_a_by_election_is_checked_on_input(change, message):
    from nachruecken.case.loader import build_case
    from nachruecken.errors import InputError

    data = _held_data()
    change(data)
    with pytest.raises(InputError, match=message.replace("(", r"\(")):
        build_case(data, "x.yaml")


def test_a_by_election_survives_conversion_to_asp_facts(tmp_path):
    from nachruecken.case.convert import to_lp
    from nachruecken.case.loader import load_case

    path = tmp_path / "held.lp"
    path.write_text(to_lp(load_case("instances/mv/by-election-held.yaml")))
    outcomes = lambda r: [(d["vacancy"], d["outcome"], d.get("successor")) for d in r["determinations"]]
    assert outcomes(decide_file(str(path))) == outcomes(_held())


def test_a_by_election_naming_a_seat_a_successor_was_called_to_warns_and_leaves_it_to_him():
    data = _held_data()
    data.pop("expected")
    data["nominations"][0]["candidates"].append({"id": "a2", "votes": 5})
    data["events"][0]["date"] = "2022-05-01"  # Ahrens dies later; his list's a2 is called, pending
    result = decide(data)
    dets = {d["vacancy"]: d for d in result["determinations"]}
    assert dets["ahrens"]["successor"] == "a2" and dets["ahrens"]["calls"][0]["ended"] is None
    assert any("names the seat of 'ahrens'" in w for w in result["warnings"])
