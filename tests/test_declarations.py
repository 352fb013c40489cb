"""`nachruecken statutes` shows what a declaration means by its author's status (issue 28), derived
from what each encoding tells the ledger, for every text."""

from __future__ import annotations

import pytest

from nachruecken.output.statute_info import describe

from strategies import STATUTES


def meaning(sid: str, lang: str = "en") -> dict[str, str]:
    return {row["status"]: row["meaning"] for row in describe(sid)["declarations"][lang]}


@pytest.mark.parametrize("sid", STATUTES)
def test_every_text_says_what_each_status_makes_of_a_declaration(sid):
    rows = meaning(sid)
    assert list(rows) == ["elected at the election", "called, before membership", "member", "candidate, no call open"]
    assert "refused" in rows["called, before membership"]  # every statute fails a call by a refusal
    assert len(describe(sid)["declarations"]["de"]) == 4


def test_the_rows_follow_the_encodings():
    assert "start of the Wahlperiode" in meaning("nw-kwahlg-45")["elected at the election"]
    assert "for the record" in meaning("nw-kwahlg-45-2024")["member"]
    assert "from the election result" in meaning("he-kwg-34-2011")["elected at the election"]
    assert "period to declare" in meaning("bb-kwahlg-60")["elected at the election"]
    assert "for the record" not in meaning("mv-lkwg-46")["member"]
    # Hamburg's § 36 knows no waiver of the Anwartschaft; Hessen reads a written refusal as one
    assert "waives nothing" in meaning("hh-bezvwg-36")["candidate, no call open"]
    assert "waiver of the Anwartschaft for good" in meaning("he-kwg-34")["candidate, no call open"]
    assert "reservation is no refusal" in meaning("mv-lkwg-46")["called, before membership"]


def test_the_called_row_says_when_membership_begins_in_each_text():
    assert "Feststellung" in meaning("he-kwg-34-2011")["called, before membership"]
    assert meaning("nw-kwahlg-45-2024")["called, before membership"].startswith("a member when his acceptance reaches")
    assert all(describe(sid)["declarations"]["de"][1]["meaning"].startswith("Mitglied") for sid in STATUTES)
