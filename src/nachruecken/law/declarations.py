"""What a declaration means under a statute, by its author's status (DESIGN "What a declaration means").

Derived from what the encoding answers before any vacancy (``determine.ledger_rules``), so that
`nachruecken statutes` shows what the ledger does and cannot drift from it: when the elected become
members, what fails a pending call, what a member's refusal or resignation is, and what a
candidate's declaration outside any call is.
"""

from __future__ import annotations

WORDS = {
    "en": {
        "elected": "elected at the election",
        "pending": "called, before membership",
        "member": "member",
        "candidate": "candidate, no call open",
        "at_election": "a member from the election result, with no declaration to make; a later refusal is a "
        "Verzicht on the seat",
        "period_start": "a member from the start of the Wahlperiode (body.period_start), with no acceptance period; "
        "a declaration before it refuses the election",
        "period": "has the statute's period to declare (counted as called on the election date); within it a "
        "refusal, or a `resigned`, refuses the election",
        "member_from": "a member {when}",
        "fails": "the call fails by: {types}; a `resigned` is read as a refusal (he holds no seat yet)",
        "reservation_refuses": "a declaration under reservation is a refusal",
        "reservation_void": "a declaration under reservation is no refusal",
        "verzicht": "`refused` or `resigned` is a Verzicht on the seat: a vacancy",
        "verzicht_recorded": "`refused` or `resigned` is a Verzicht on the seat, effective only when declared for "
        "the record (`form: recorded`); one recorded as written opens no vacancy",
        "resigned_waiver": "`resigned` is read as a waiver of the Anwartschaft (in the form the statute asks)",
        "resigned_nothing": "`resigned` opens no vacancy and waives nothing (warning)",
        "refused_waiver": "`refused` with no call of his open refuses nothing (a warning; a waiver is "
        "recorded as `waived`); his refusal of a call is a waiver of the Anwartschaft for good",
        "refused_open": "`refused` with no call of his open refuses nothing (a warning); it refuses a call "
        "made of him on its own day",
    },
    "de": {
        "elected": "bei der Wahl gewählt",
        "pending": "berufen, vor Beginn der Mitgliedschaft",
        "member": "Mitglied",
        "candidate": "Bewerber, keine Berufung offen",
        "at_election": "Mitglied mit dem Wahlergebnis, ohne Erklärung; eine spätere Ablehnung ist Verzicht auf den "
        "Sitz",
        "period_start": "Mitglied mit Beginn der Wahlperiode (`body.period_start`), ohne Annahmefrist; eine Erklärung "
        "davor lehnt die Wahl ab",
        "period": "hat die Erklärungsfrist des Gesetzes (gilt als am Wahltag berufen); darin lehnt eine Ablehnung "
        "oder ein `resigned` die Wahl ab",
        "member_from": "Mitglied {when}",
        "fails": "die Berufung scheitert an: {types}; ein `resigned` gilt als Ablehnung (noch kein Sitz)",
        "reservation_refuses": "eine Erklärung unter Vorbehalt ist eine Ablehnung",
        "reservation_void": "eine Erklärung unter Vorbehalt ist keine Ablehnung",
        "verzicht": "`refused` oder `resigned` ist Verzicht auf den Sitz: der Sitz wird frei",
        "verzicht_recorded": "`refused` oder `resigned` ist Verzicht auf den Sitz, wirksam nur zur Niederschrift "
        "(`form: recorded`); ein schriftlich erfasster macht keinen Sitz frei",
        "resigned_waiver": "`resigned` gilt als Verzicht auf die Anwartschaft (in der dafür vorgeschriebenen Form)",
        "resigned_nothing": "`resigned` macht keinen Sitz frei und verzichtet auf nichts (Warnung)",
        "refused_waiver": "`refused` ohne offene eigene Berufung lehnt nichts ab (Warnung; ein Verzicht wird "
        "als `waived` erfasst); die Ablehnung einer Berufung ist ein Verzicht auf die Anwartschaft auf Dauer",
        "refused_open": "`refused` ohne offene eigene Berufung lehnt nichts ab (Warnung); es lehnt eine am "
        "selben Tag an die Person ergangene Berufung ab",
    },
}


def declaration_rows(rules, membership_begins: str, lang: str) -> list[tuple[str, str]]:
    """(status, what a declaration by one of that status means) under ``rules`` (a LedgerRules), with
    the catalogue's words for when a called person becomes a member."""
    w = WORDS[lang]
    elected = (
        "at_election" if rules.members_at_election else "period_start" if rules.members_from_period_start else "period"
    )
    types = ", ".join(sorted(rules.call_fails_by))
    pending = (
        (w["member_from"].format(when=membership_begins) + "; " if membership_begins else "")
        + w["fails"].format(types=types)
        + "; "
        + (w["reservation_refuses"] if rules.reservation_refuses else w["reservation_void"])
    )
    return [
        (w["elected"], w[elected]),
        (w["pending"], pending),
        (w["member"], w["verzicht_recorded" if rules.verzicht_recorded_only else "verzicht"]),
        (
            w["candidate"],
            "; ".join(
                [
                    w["resigned_waiver" if rules.candidate_waiver else "resigned_nothing"],
                    w["refused_waiver" if rules.refusal_waives_from else "refused_open"],
                ]
            ),
        ),
    ]
