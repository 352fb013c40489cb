"""The values offices write in a cell: yes and no, how someone was elected, whole numbers with German
thousands separators, salutations, the kind of a Wahlvorschlag."""

from __future__ import annotations

import re

from nachruecken.errors import InputError

YES = {"ja", "j", "x", "1", "yes", "y", "true", "wahr", "gewählt", "gewaehlt"}
NO = {"nein", "n", "0", "no", "false", "falsch", "", "-", "nicht gewählt"}
# how a person was elected: (where: district | list | None = his one candidacy, seat type)
ELECTED_AS = {
    "direkt": ("district", None),
    "direktmandat": ("district", None),
    "direkt gewählt": ("district", None),
    "wahlbezirk": ("district", None),
    "wahlkreis": ("district", None),
    "reserveliste": ("list", None),
    "über liste": ("list", None),
    "ueber liste": ("list", None),
    "über reserveliste": ("list", None),
    "liste": ("list", None),
    "landesliste": ("list", None),
    "bezirksliste": ("list", None),
    "listenwahl": ("list", "list"),
    "listenmandat": ("list", "list"),
    "personenwahl": ("list", "personal"),
    "personenmandat": ("list", "personal"),
}
SEATS = {"listenwahl": "list", "liste": "list", "list": "list", "personenwahl": "personal", "personal": "personal"}
SALUTATIONS = {
    "frau": "Frau",
    "w": "Frau",
    "weiblich": "Frau",
    "herr": "Herr",
    "m": "Herr",
    "männlich": "Herr",
    "divers": "divers",
    "d": "divers",
}
GROUP_KINDS = {
    "partei": "party",
    "party": "party",
    "wählergruppe": "voter_group",
    "waehlergruppe": "voter_group",
    "voter_group": "voter_group",
    "einzelbewerber": "individual",
    "einzelbewerberin": "individual",
    "einzelbewerbung": "individual",
    "individual": "individual",
    "politische vereinigung": "political_association",
    "political_association": "political_association",
}


def _word(text: str) -> str:
    return " ".join(text.strip().lower().replace(":", " ").split())


def yes_no(text: str, where: str, file: str) -> bool:
    word = _word(text)
    if word in YES:
        return True
    if word in NO:
        return False
    raise InputError(f"'{text}' ist weder ja noch nein (ja/nein, x, 1/0)", where, file)


def elected_as(text: str, where: str, file: str) -> tuple[bool, str | None, str | None]:
    """(elected, where: district | list | None, seat type) of a ``gewählt`` cell."""
    word = _word(text)
    if word in ELECTED_AS:
        return (True, *ELECTED_AS[word])
    if word in YES:
        return True, None, None
    if word in NO:
        return False, None, None
    if re.fullmatch(r"(sitz|sitz nr|mandat)?\s*\d{1,4}", word):  # the seat number a program gives the elected
        return True, None, None
    known = "ja/nein, x, direkt, Reserveliste, über Liste, Listenwahl, Personenwahl, eine Sitznummer"
    raise InputError(f"'{text}' ist kein Wert für gewählt ({known})", where, file)


def choice(text: str, table: dict[str, str], what: str, where: str, file: str) -> str | None:
    """A value from a small table (empty: None)."""
    word = _word(text)
    if not word:
        return None
    if word in table:
        return table[word]
    shown = ", ".join(dict.fromkeys(table))
    raise InputError(f"'{text}' ist keine {what} ({shown})", where, file)


def whole_number(text: str, what: str, where: str, file: str) -> int | None:
    """A whole number as offices write it: ``1.234`` (German thousands), ``1 234``, or ``1,234``."""
    text = text.strip().replace("\u00a0", "").replace(" ", "").replace("\u202f", "")
    if not text:
        return None
    if re.fullmatch(r"\d{1,3}([.,]\d{3})+", text):
        text = re.sub(r"[.,]", "", text)
    if not text.isdigit():
        raise InputError(f"{what} muss eine ganze Zahl sein, nicht '{text}'", where, file)
    return int(text)
