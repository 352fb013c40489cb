"""NRW § 45 KWahlG in the wording from 31 Jul 2024 (nw-kwahlg-45-2024): what the additions change."""

from __future__ import annotations

from pathlib import Path

from conftest import by_person, decide, decide_file, only, statute_case
from nachruecken.loader import read_raw


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
    assert "period_start_from_election" in {n["code"] for n in new["notes"]}
    old = only(decide_file("instances/nw/2024-interrupted-eligibility.yaml", statute_id="nw-kwahlg-45"))
    assert old["successor"] == "brandt"


def test_the_period_start_decides_whether_a_loss_lies_within_the_period():
    assert only(decide_file("instances/nw/2024-new-term.yaml"))["successor"] == "baum"
    data = _data("2024-new-term.yaml")
    del data["body"]["period_start"]  # counted from election day the loss lies within the period
    det = only(decide(data))
    assert det["successor"] == "corell" and by_person(det)["baum"]["reason"] == "lost_eligibility"


def test_without_any_date_every_loss_counts():
    case = statute_case("nw-kwahlg-45-2024", [rl({"id": "a", "elected": True}, {"id": "b"}, {"id": "c"})],
                        [("2021-01-01", "b", "lost_eligibility"), ("2021-02-01", "b", "regained_eligibility"),
                         ("2025-01-06", "a", "died")], election_date=None)
    case.pop("election_date")
    assert only(decide(case))["successor"] == "c"


def test_a_non_member_joining_the_nominating_party_or_a_member_joining_another_is_no_exclusion():
    det = only(decide_file("instances/nw/2024-non-member-joined.yaml"))
    assert det["successor"] == "cohen" and by_person(det)["berger"]["norm"] == "nw-kwahlg-45/3/3"
    # Satz 3 is about non-members only
    data = _data("2024-non-member-joined.yaml")
    del data["nominations"][0]["candidates"][1]["non_member"]
    assert only(decide(data))["successor"] == "berger"
    # and the 2019 wording has no such exclusion
    assert only(decide_file("instances/nw/2024-non-member-joined.yaml", statute_id="nw-kwahlg-45"))["successor"] == "berger"


def test_joined_then_left_under_both_readings():
    det = only(decide_file("instances/nw/2024-joined-then-left.yaml"))
    assert "left it again" in by_person(det)["beck"]["explanation"]
    cured = only(decide_file("instances/nw/2024-joined-then-left.yaml", cli_readings={"nw.joined_then_left": "cured"}))
    assert cured["successor"] == "beck"
    note = next(n for n in cured["notes"] if n["code"] == "joined_then_left_cured")
    assert note["persons"] == ["beck"]


def test_leaving_another_group_is_no_exit_from_the_nominating_party():
    # Abs. 3 Satz 1 concerns the party he stood for; a left_group naming another group is not that
    events = [("2021-03-01", "b", "joined_group", {"group": "fw"}), ("2022-06-30", "b", "left_group", {"group": "fw"}),
              ("2024-11-04", "a", "resigned")]
    for sid in ("nw-kwahlg-45", "nw-kwahlg-45-2024"):
        c = statute_case(sid, [rl({"id": "a", "elected": True}, {"id": "b"}, {"id": "c"})], events,
                         election_date="2020-09-13")
        assert only(decide(c))["successor"] == "b", sid
    # leaving the own party (named or not) is Abs. 3 Satz 1
    for extra in ({"group": "spd"}, {}):
        c = statute_case("nw", [rl({"id": "a", "elected": True}, {"id": "b"}, {"id": "c"})],
                         [("2022-06-30", "b", "left_group", extra), ("2024-11-04", "a", "resigned")],
                         election_date="2020-09-13")
        det = only(decide(c))
        assert det["successor"] == "c" and by_person(det)["b"]["norm"] == "nw-kwahlg-45/3/1"


def test_abs5_and_6_carry_a_standing_note():
    for name in ("2024-exhausted.yaml", "2024-waiver-and-reservation.yaml"):
        det = only(decide_file(f"instances/nw/{name}"))
        assert "unverified_wording" in {n["code"] for n in det["notes"]}
    # the 2019 wording does not
    det = only(decide_file("instances/nw/2024-straddle.yaml"))
    assert det["statute"] == "nw-kwahlg-45" and "unverified_wording" not in {n["code"] for n in det["notes"]}
