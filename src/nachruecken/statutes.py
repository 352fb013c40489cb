"""The statute registry: ids, aliases, catalogues (norms, readings, scope) and encoding files."""

from __future__ import annotations

import difflib
import functools
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from .errors import InputError

STATUTE_IDS = ("he-kwg-34", "nw-kwahlg-45", "bb-kwahlg-60", "mv-lkwg-46", "hh-bezvwg-36")
ALIASES = {sid.split("-")[0]: sid for sid in STATUTE_IDS}


def encodings_dir() -> Path:
    """The encodings shipped in the wheel, or the repository's ``encodings/`` in a source checkout."""
    packaged = Path(__file__).parent / "encodings"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / "encodings"


def resolve_statute_id(text: str, path: str = "statute") -> str:
    sid = ALIASES.get(text, text)
    if sid not in STATUTE_IDS:
        hint = difflib.get_close_matches(text, list(STATUTE_IDS) + list(ALIASES), n=1)
        msg = f"unknown statute '{text}'; known: {', '.join(STATUTE_IDS)} (or {', '.join(ALIASES)})"
        if hint:
            msg += f" (did you mean '{ALIASES.get(hint[0], hint[0])}'?)"
        raise InputError(msg, path)
    return sid


@dataclass(frozen=True)
class Norm:
    id: str
    citation: str
    title: dict[str, str]
    outside_section: bool = False  # rests on a provision outside the encoded section


@dataclass(frozen=True)
class Reading:
    id: str
    question: dict[str, str]
    values: tuple[str, ...]  # default first
    meaning: dict[str, dict[str, str]]
    ambiguity: str = ""

    @property
    def default(self) -> str:
        return self.values[0]


@dataclass
class Statute:
    id: str
    state: dict[str, str]
    law: str
    provision: str
    version: str
    version_until: str | None
    later_version_note: dict[str, str]
    version_caveat: dict[str, str]  # said with every determination when no date decides it
    norms: dict[str, Norm]
    readings: dict[str, Reading]
    out_of_scope: list[dict]
    texts: dict[str, dict[str, str]] = field(default_factory=dict)
    orders: dict | None = None  # which ready-made orderings the encoding walks (None: all)
    encoded: bool = True

    @property
    def land(self) -> str:
        """The Land's ISO 3166-2 subdivision code (public holidays)."""
        return ALIASES_REV[self.id].upper()

    def citation(self, norm_id: str) -> str:
        norm = self.norms.get(norm_id)
        return norm.citation if norm else norm_id

    def resolve_readings(self, *layers: dict[str, str], source: str = "readings") -> dict[str, str]:
        """Defaults, overridden layer by layer; unknown ids or values are input errors.

        Reading ids of other statutes are ignored (a case may be decided under another statute).
        """
        chosen = {rid: r.default for rid, r in self.readings.items()}
        own_prefix = ALIASES_REV[self.id] + "."
        for layer in layers:
            for rid, value in layer.items():
                if rid not in self.readings:
                    if not rid.startswith(own_prefix) and rid.split(".")[0] in ALIASES:
                        continue
                    hint = difflib.get_close_matches(rid, list(self.readings), n=1)
                    msg = f"unknown reading '{rid}' for {self.id}"
                    msg += f" (did you mean '{hint[0]}'?)" if hint else f"; known: {', '.join(self.readings) or 'none'}"
                    raise InputError(msg, f"{source}.{rid}" if source else rid)
                if value not in self.readings[rid].values:
                    raise InputError(f"reading '{rid}' has no value '{value}'; values: "
                                     f"{', '.join(self.readings[rid].values)}", f"{source}.{rid}" if source else rid)
                chosen[rid] = value
        return chosen


ALIASES_REV = {sid: alias for alias, sid in ALIASES.items()}


@functools.cache
def _core_readings() -> dict:
    return yaml.safe_load((encodings_dir() / "core" / "readings.yaml").read_text(encoding="utf-8"))


@functools.cache
def load_statute(sid: str) -> Statute:
    folder = encodings_dir() / sid
    cat_file = folder / "catalogue.yaml"
    if not cat_file.exists():
        raise InputError(f"statute '{sid}' is known but not encoded in this version of nachruecken")
    cat = yaml.safe_load(cat_file.read_text(encoding="utf-8"))
    norms = {
        nid: Norm(nid, nd["citation"], nd["title"], bool(nd.get("outside_section", False)))
        for nid, nd in cat["norms"].items()
    }
    own = dict(cat.get("readings") or {})
    own.update(_core_readings())  # the ledger's own readings, known to every statute
    readings = {
        rid: Reading(rid, rd["question"], tuple(rd["values"]), rd.get("meaning", {}), rd.get("ambiguity", ""))
        for rid, rd in own.items()
    }
    return Statute(
        id=sid, state=cat["state"], law=cat["law"], provision=cat["provision"], version=cat["version"],
        version_until=cat.get("version_until"), later_version_note=cat.get("later_version_note", {}),
        version_caveat=cat.get("version_caveat", {}),
        norms=norms, readings=readings, out_of_scope=cat.get("out_of_scope", []), texts=cat.get("texts", {}),
        orders=cat.get("orders"),
    )


def encoded_statutes() -> list[str]:
    return [sid for sid in STATUTE_IDS if (encodings_dir() / sid / "catalogue.yaml").exists()]


def encoding_files(sid: str) -> list[Path]:
    """Core files first, then the statute's own .lp files (sorted)."""
    root = encodings_dir()
    core = sorted((root / "core").glob("*.lp"))
    own = sorted((root / sid).glob("*.lp"))
    if not own:
        raise InputError(f"statute '{sid}' is known but not encoded in this version of nachruecken")
    return core + own
