"""NRW § 45 KWahlG in the wording from 31 Jul 2024 (nw-kwahlg-45-2024): what the additions change."""

from __future__ import annotations

from pathlib import Path

from nachruecken.case.loader import read_raw

from conftest import by_person, by_vacancy, decide, decide_file, only, statute_case


def _data(name: str) -> dict:
    data, _ = read_raw(Path("instances/nw") / name)
    return data


def rl(*cands, group="spd"):
    return {"id": "rl", "group": group, "candidates": list(cands)}


def test_interrupted_eligibility_excludes_only_under_the_2024_wording():
    new = only(decide_file("instances/nw/2024-interrupted-eligibility.yaml"))
    brandt = by_person(new)["brandt"]
    assert new["successor"] == "conrad" and brandt["norm"] == "nw-kwahlg-45/2/2"
    assert "without interruption" in brandt["explanation"]
    # the loss lies long after the election: where the period began cannot matter
    assert "period_start_from_election" not in {n["code"] for n in new["notes"]}
    # the loss lies before 31 Jul 2024: judged by the new wording, with a note
    assert "interruption_before_text" in {n["code"] for n in new["notes"]}
    old = only(decide_file("instances/nw/2024-interrupted-eligibility.yaml", statute_id="nw-kwahlg-45"))
    assert old["successor"] == "brandt"


def test_the_period_start_decides_whether_a_loss_lies_within_the_period():
    assert only(decide_file("instances/nw/2024-new-term.yaml"))["successor"] == "baum"
    data = _data("2024-new-term.yaml")
    del data["body"]["period_start"]  # counted from election day the loss lies within the period
    det = only(decide(data))
    assert det["successor"] == "corell" and by_person(det)["baum"]["reason"] == "lost_eligibility"
    note = next(n for n in det["notes"] if n["code"] == "period_start_from_election")
    assert note["persons"] == ["baum"]


def test_without_any_date_every_loss_counts():
    case = statute_case(
        "nw-kwahlg-45-2024",
        [rl({"id": "a", "elected": True}, {"id": "b"}, {"id": "c"})],
        [
            ("2021-01-01", "b", "lost_eligibility"),
            ("2021-02-01", "b", "regained_eligibility"),
            ("2025-01-06", "a", "died"),
        ],
        election_date=None,
    )
    case.pop("election_date")
    det = only(decide(case))
    assert det["successor"] == "c" and "period_unknown" in {n["code"] for n in det["notes"]}


def test_a_non_member_joining_the_nominating_party_or_a_member_joining_another_is_no_exclusion():
    det = only(decide_file("instances/nw/2024-non-member-joined.yaml"))
    assert det["successor"] == "cohen" and by_person(det)["berger"]["norm"] == "nw-kwahlg-45/3/3"
    # Satz 3 is about non-members only
    data = _data("2024-non-member-joined.yaml")
    del data["nominations"][0]["candidates"][1]["non_member"]
    assert only(decide(data))["successor"] == "berger"
    # and the 2019 wording has no such exclusion
    assert (
        only(decide_file("instances/nw/2024-non-member-joined.yaml", statute_id="nw-kwahlg-45"))["successor"]
        == "berger"
    )


def test_joined_then_left_under_both_readings():
    det = only(decide_file("instances/nw/2024-joined-then-left.yaml"))
    assert "left it again" in by_person(det)["beck"]["explanation"]
    cured = only(decide_file("instances/nw/2024-joined-then-left.yaml", cli_readings={"nw.joined_then_left": "cured"}))
    assert cured["successor"] == "beck"
    note = next(n for n in cured["notes"] if n["code"] == "joined_then_left_cured")
    assert note["persons"] == ["beck"]


def test_leaving_another_group_is_no_exit_from_the_nominating_party():
    # Abs. 3 Satz 1 concerns the party he stood for; a left_group naming another group is not that
    events = [
        ("2021-03-01", "b", "joined_group", {"group": "fw"}),
        ("2022-06-30", "b", "left_group", {"group": "fw"}),
        ("2024-11-04", "a", "resigned"),
    ]
    for sid in ("nw-kwahlg-45", "nw-kwahlg-45-2024"):
        c = statute_case(
            sid, [rl({"id": "a", "elected": True}, {"id": "b"}, {"id": "c"})], events, election_date="2020-09-13"
        )
        assert only(decide(c))["successor"] == "b", sid
    # leaving the own party (named or not) is Abs. 3 Satz 1
    for extra in ({"group": "spd"}, {}):
        c = statute_case(
            "nw",
            [rl({"id": "a", "elected": True}, {"id": "b"}, {"id": "c"})],
            [("2022-06-30", "b", "left_group", extra), ("2024-11-04", "a", "resigned")],
            election_date="2020-09-13",
        )
        det = only(decide(c))
        assert det["successor"] == "c" and by_person(det)["b"]["norm"] == "nw-kwahlg-45/3/1"


def test_abs5_and_6_carry_a_standing_note():
    for name in ("2024-exhausted.yaml", "2024-waiver-and-reservation.yaml"):
        det = only(decide_file(f"instances/nw/{name}"))
        assert "unverified_wording" in {n["code"] for n in det["notes"]}
    # the 2019 wording does not
    det = only(decide_file("instances/nw/2024-straddle.yaml"))
    assert det["statute"] == "nw-kwahlg-45" and "unverified_wording" not in {n["code"] for n in det["notes"]}


# --- review findings (an independent legal review with probe cases) ------------------------------


def _rl_case(cands, events, **extra):
    return statute_case("nw", [rl(*cands)], events, election_date="2020-09-13", **extra)


def test_a_seat_lost_for_eligibility_is_an_interruption():
    c = _rl_case(
        [{"id": "a", "elected": True}, {"id": "x", "elected": True}, {"id": "b"}],
        [
            ("2021-05-03", "a", "lost_seat", {"cause": "eligibility"}),
            ("2021-10-01", "a", "regained_eligibility"),
            ("2024-10-01", "x", "died"),
        ],
    )
    dets = by_vacancy(decide(c))
    assert dets["a"]["successor"] == "b"
    # at x's vacancy a, a former member eligible again, is passed over under Abs. 2 Satz 2 (2024)
    a = by_person(dets["x"])["a"]
    assert dets["x"]["outcome"] == "vacant" and a["reason"] == "lost_eligibility"
    assert "without interruption" in a["explanation"]  # the variant survives the former-member one


def test_a_regain_on_the_first_day_of_the_period_is_no_interruption():
    c = _rl_case(
        [{"id": "a", "elected": True}, {"id": "b"}, {"id": "c"}],
        [
            ("2020-10-01", "b", "lost_eligibility"),
            ("2020-11-01", "b", "regained_eligibility"),
            ("2024-10-01", "a", "died"),
        ],
        body={"period_start": "2020-11-01"},
    )
    assert only(decide(c))["successor"] == "b"
    c["events"][1]["date"] = "2020-11-02"
    det = only(decide(c))
    assert det["successor"] == "c" and "when the current Wahlperiode began" in by_person(det)["b"]["explanation"]


def test_leaving_or_expulsion_from_the_group_a_non_member_joined_cures_under_the_alternative():
    for extra in ({"type": "left_group"}, {"type": "expelled"}, {"type": "expelled", "group": "fw"}):
        events = [
            ("2021-03-01", "b", "joined_group", {"group": "fw"}),
            ("2022-06-30", "b", extra["type"], {k: v for k, v in extra.items() if k == "group"}),
            ("2024-11-04", "a", "resigned"),
        ]
        c = _rl_case([{"id": "a", "elected": True}, {"id": "b", "non_member": True}, {"id": "c"}], events)
        det = only(decide(c))
        assert det["successor"] == "c" and by_person(det)["b"]["reason"] == "joined_other_group", extra
        cured = only(decide(c, cli_readings={"nw.joined_then_left": "cured"}))
        assert cured["successor"] == "b", extra


def test_the_departed_joining_another_party_is_a_later_change_of_party():
    c = _rl_case(
        [{"id": "a", "elected": True, "non_member": True}, {"id": "b"}],
        [("2022-01-01", "a", "joined_group", {"group": "fw"}), ("2024-10-01", "a", "resigned")],
    )
    assert "nw-kwahlg-45/1/2" in {g["norm"] for g in only(decide(c))["grounds"]}


def test_a_step_after_the_change_names_what_the_other_reading_of_the_version_date_gives():
    events = [
        ("2022-01-10", "b", "lost_eligibility"),
        ("2022-08-01", "b", "regained_eligibility"),
        ("2024-07-30", "a", "resigned"),
        ("2024-08-02", "x", "refused"),
    ]
    c = _rl_case([{"id": "a", "elected": True}, {"id": "x"}, {"id": "b"}, {"id": "c"}], events)
    result = decide(c)
    assert only(result)["successor"] == "b" and only(result)["statute"] == "nw-kwahlg-45"
    assert any("under core.version_date = step_day the outcome would be successor (c)" in w for w in result["warnings"])
    step = decide(c, cli_readings={"core.version_date": "step_day"})
    assert only(step)["successor"] == "c" and only(step)["statute"] == "nw-kwahlg-45-2024"


def test_implausible_period_starts_are_warned_about():
    c = _rl_case(
        [{"id": "a", "elected": True}, {"id": "b"}], [("2020-10-15", "a", "died")], body={"period_start": "2020-11-01"}
    )
    assert any("lies after the vacancy of 'a'" in w for w in decide(c)["warnings"])
    c["body"]["period_start"] = "2020-08-01"
    assert any("lies before the election" in w for w in decide(c)["warnings"])


def test_the_unverified_wording_note_also_on_an_undetermined_outcome_resting_on_abs5():
    c = statute_case(
        "nw",
        [
            {
                "id": "wb",
                "group": "spd",
                "tier": "district",
                "district": "d1",
                "candidates": [{"id": "a", "elected": True}],
            }
        ],
        [("2024-10-01", "a", "died")],
        election_date="2020-09-13",
    )
    det = only(decide(c, cli_readings={"nw.no_reserve_list": "undetermined"}))
    assert det["outcome"] == "undetermined" and "unverified_wording" in {n["code"] for n in det["notes"]}


def test_the_hinderungsgrund_reading_applies_under_the_2024_wording_too():
    # issue 28, point 3: nw.incompatibility in both NRW encodings
    data = _data("2024-hinderungsgrund-referred.yaml")
    det = by_vacancy(decide(data))["adams"]
    assert det["statute"] == "nw-kwahlg-45-2024" and det["outcome"] == "referred"
    data["readings"] = {}
    det = by_vacancy(decide(data))["adams"]
    assert det["outcome"] == "successor" and det["successor"] == "clemens"
    assert by_person(det)["becker"]["norm"] == "nw-kwahlg-13"
