"""What offices write: German event words and dates as ``TT.MM.JJJJ`` (DESIGN, "Office input").

Every word maps to exactly one event type (with the extra keys it implies, such as a reservation). The
one word that does not is a plain "Verzicht": it is read by the person's status on its date (a member's
Verzicht on the seat, anyone else's Verzicht auf die Anwartschaft), which only the ledger knows; here it
is the type ``resigned`` marked with the word, so that the ledger can read it.
"""

from __future__ import annotations

import datetime as dt
import re

# The word a plain "Verzicht" is recorded with (read by status in the ledger).
VERZICHT = "Verzicht"

# type -> the German words that mean it (the first is the one written back and listed first);
# each word with the extra keys it implies.
EVENT_WORDS: dict[str, tuple[tuple[str, dict], ...]] = {
    "died": (("Tod", {}), ("verstorben", {})),
    "resigned": (("Mandatsverzicht", {}), ("Niederlegung", {}), ("Verzicht auf den Sitz", {}), ("Rücktritt", {})),
    "waived": (("Verzicht auf die Anwartschaft", {}), ("Verzicht auf das Nachrücken", {})),
    "refused": (("Ablehnung", {}), ("Ablehnung der Wahl", {}), ("Nichtannahme", {})),
    "accepted": (("Annahme", {}), ("Annahme unter Vorbehalt", {"reservation": True})),
    "notified": (("Benachrichtigung", {}), ("Zustellung", {})),
    "called": (("Feststellung", {}), ("Berufung", {})),
    "left_group": (("Parteiaustritt", {}), ("Austritt", {})),
    "expelled": (("Ausschluss", {}),),
    "joined_group": (("Parteieintritt", {}),),
    "rejoined": (("Wiedereintritt", {}),),
    "group_notice": (("Mitteilung der Partei", {}),),
    "lost_eligibility": (("Verlust der Wählbarkeit", {}), ("Wegzug", {})),
    "regained_eligibility": (("Wiedererlangung der Wählbarkeit", {}),),
    "lost_seat": (("Sitzverlust", {}),),
    "elected_mayor": (("Wahl zum Bürgermeister", {}),),
    "evidence_missing": (("Nachweis nicht erbracht", {}),),
    "incompatibility": (("Hinderungsgrund", {}),),
    "incompatibility_ended": (("Ende des Hinderungsgrundes", {}),),
    "lot_drawn": (("Losentscheid", {}),),
    "important_reason": (
        ("Entscheidung über den wichtigen Grund", {}),
        ("Wichtiger Grund festgestellt", {"found": True}),
        ("Wichtiger Grund verneint", {"found": False}),
    ),
    "by_election_held": (
        ("Ersatzwahl durchgeführt", {}),
        ("Nachwahl durchgeführt", {}),
        ("Ergänzungswahl durchgeführt", {}),
    ),
}


def _key(word: str) -> str:
    """A word as compared: lower case, single spaces, no surrounding punctuation."""
    return " ".join(re.sub(r"[\s_]+", " ", word.strip().strip(".:")).lower().split())


_BY_WORD: dict[str, tuple[str, dict]] = {
    _key(word): (etype, extra) for etype, words in EVENT_WORDS.items() for word, extra in words
}


def event_word(word: str) -> tuple[str, dict] | None:
    """The event type (and implied keys) a German word or an English type names; None if neither.
    A plain "Verzicht" gives ``resigned`` with ``{"word": "Verzicht"}`` (read by status later)."""
    key = _key(word)
    if key == _key(VERZICHT):
        return "resigned", {"word": VERZICHT}
    if key in _BY_WORD:
        etype, extra = _BY_WORD[key]
        return etype, dict(extra)
    english = key.replace(" ", "_")
    if english in EVENT_WORDS:
        return english, {}
    return None


def all_words() -> list[str]:
    """Every German word, in the order of the table (for suggestions and drop-downs)."""
    return [word for words in EVENT_WORDS.values() for word, _ in words] + [VERZICHT]


def german_word(etype: str, reservation: bool = False) -> str:
    """The word an office sheet writes for a type."""
    if etype == "accepted" and reservation:
        return "Annahme unter Vorbehalt"
    return EVENT_WORDS[etype][0][0]


_GERMAN_DATE = re.compile(r"(\d{1,2})\.(\d{1,2})\.(\d{4})")


def office_date(text: str) -> dt.date | None:
    """A date as ``TT.MM.JJJJ`` (``T.M.JJJJ`` too) or ISO ``JJJJ-MM-TT``; None if it is neither or no
    real calendar day."""
    text = text.strip()
    m = _GERMAN_DATE.fullmatch(text)
    try:
        if m:
            return dt.date(int(m[3]), int(m[2]), int(m[1]))
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
            return dt.date.fromisoformat(text)
    except ValueError:
        return None
    return None
