"""Names as offices write them, matched to persons: "Name, Vorname" or "Vorname Name", with or without a
title ("Dr."). A name is matched exactly (titles, case and order aside), else by a surname that only one
person has; an unknown or ambiguous name is an error naming the persons who would fit.
"""

from __future__ import annotations

import re
import unicodedata

from nachruecken.errors import InputError

# Academic titles and the like: kept in the name, disregarded when names are compared.
_TITLES = re.compile(r"\b(dr|prof|dipl|ing|med|phil|rer|nat|jur|h\.?\s?c|mdb|mdl)\b\.?", re.IGNORECASE)


def full_name(surname: str, first: str = "", title: str = "") -> str:
    """The name as the documents print it: title, first name, surname."""
    return " ".join(part for part in (title.strip(), first.strip(), surname.strip()) if part)


def _plain(text: str) -> str:
    text = unicodedata.normalize("NFC", text)
    return " ".join(_TITLES.sub(" ", text).replace(".", " ").casefold().split())


def name_keys(text: str) -> tuple[str, str]:
    """(the whole name, the surname) compared without titles, case and order: "Muster, Bernd" and
    "Bernd Muster" give the same."""
    if "," in text:
        surname, _, first = text.partition(",")
        text = f"{first} {surname}"
    else:
        surname = text.split()[-1] if text.split() else text
    words = _plain(text).split()
    return " ".join(sorted(words)), _plain(surname)


class PersonIndex:
    """The persons of a case by their names (and ids), to find the one an office means."""

    def __init__(self) -> None:
        self._names: dict[str, str] = {}  # person id -> display name
        self._parties: dict[str, str] = {}  # person id -> the party he stands for (for messages)
        self._by_full: dict[str, set[str]] = {}
        self._by_surname: dict[str, set[str]] = {}

    def add(self, pid: str, name: str, surname: str | None = None, party: str = "") -> None:
        self._names[pid] = name
        self._parties[pid] = party
        full, last = name_keys(name)
        self._by_full.setdefault(full, set()).add(pid)
        self._by_surname.setdefault(_plain(surname) if surname else last, set()).add(pid)

    def ids(self) -> set[str]:
        return set(self._names)

    def name(self, pid: str) -> str:
        return self._names.get(pid, pid)

    def find(self, text: str, where: str, file: str, among: set[str] | None = None) -> str:
        """The one person ``text`` names (an id, or a name): exact first, then by a unique surname;
        ``among`` narrows the persons who may be meant (e.g. one party's)."""
        text = text.strip()
        if text in self._names and (among is None or text in among):
            return text
        full, _ = name_keys(text)
        tries = [(self._by_full, full)]
        if len(full.split()) == 1:  # a surname alone: the one person who has it
            tries.append((self._by_surname, full))
        for index, key in tries:
            hits = index.get(key, set()) & (among if among is not None else self.ids())
            if len(hits) == 1:
                return next(iter(hits))
            if len(hits) > 1:
                shown = ", ".join(sorted(self._label(p, len({self.name(q) for q in hits}) == 1) for p in hits))
                hint = (
                    "; die Spalte Kennung oder Partei nennt die Person"
                    if len({self.name(q) for q in hits}) == 1
                    else ""
                )
                raise InputError(f"'{text}' ist nicht eindeutig: in Frage kommen {shown}{hint}", where, file)
        raise InputError(f"'{text}' ist keine Person der Liste{self._near(text, among)}", where, file)

    def _label(self, pid: str, same_names: bool) -> str:
        """A person as a message names him: his name, and where names are alike his id and party."""
        if not same_names:
            return self.name(pid)
        return f"{self.name(pid)} (Kennung {pid}" + (f", {self._parties[pid]})" if self._parties.get(pid) else ")")

    def _near(self, text: str, among: set[str] | None) -> str:
        import difflib

        pool = sorted(self.name(p) for p in (among if among is not None else self.ids()))
        if "," in text:  # "Name, Vorname" compared as the names are written: "Vorname Name"
            surname, _, first = text.partition(",")
            text = f"{first.strip()} {surname.strip()}"
        near = difflib.get_close_matches(text, pool, n=3, cutoff=0.5)
        return f" (ähnlich: {', '.join(near)})" if near else ""
