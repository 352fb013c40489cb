"""The statute registry: ids, aliases, catalogues (norms, readings, scope) and encoding files."""

from __future__ import annotations

import datetime as dt
import difflib
import functools
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from nachruecken.errors import InputError
from nachruecken.resources import REPOSITORY, shipped

_YAML = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml where installed: the same result, faster

# Each statute id pins one text; a state code ("alias") means the law in force on the day (DESIGN,
# "The five statutes"). Versions of a state, oldest first.
VERSIONS: dict[str, tuple[str, ...]] = {
    "he": ("he-kwg-34", "he-kwg-34-2011"),
    "nw": ("nw-kwahlg-45", "nw-kwahlg-45-2024"),
    "bb": ("bb-kwahlg-60",),
    "mv": ("mv-lkwg-46",),
    "hh": ("hh-bezvwg-36",),
    "rp": ("rp-kwg-45",),
    "sn": ("sn-saechsgemo-34",),
    "sh": ("sh-gkwg-44",),
    "st": ("st-kwglsa-47",),
    "by": ("by-glkrwg-37",),
}
STATUTE_IDS = tuple(sid for ids in VERSIONS.values() for sid in ids)
STATE_OF = {sid: code for code, ids in VERSIONS.items() for sid in ids}
# where one text must stand for a state (check, diff, statutes): its newest encoded version
ALIASES = {code: ids[-1] for code, ids in VERSIONS.items()}


def encodings_dir() -> Path:
    """The encodings shipped in the wheel, or the repository's ``encodings/`` in a source checkout."""
    return shipped("encodings") or REPOSITORY / "encodings"


def resolve_statute_spec(text: str, path: str = "statute") -> str:
    """A statute as a case or the CLI names it: a pinned id, or a state code meaning the law in force."""
    if text in STATUTE_IDS or text in VERSIONS:
        return text
    hint = difflib.get_close_matches(text, list(STATUTE_IDS) + list(VERSIONS), n=1)
    msg = f"unknown statute '{text}'; known: {', '.join(STATUTE_IDS)} (or the law in force: {', '.join(VERSIONS)})"
    if hint:
        msg += f" (did you mean '{hint[0]}'?)"
    raise InputError(msg, path)


def resolve_statute_id(text: str, path: str = "statute") -> str:
    """One pinned text: an id as given, a state code as its newest encoded version."""
    spec = resolve_statute_spec(text, path)
    return ALIASES.get(spec, spec)


def reading_state(rid: str) -> str:
    """The state code a reading id belongs to (``he.rejoined`` -> ``he``; ``core`` for the ledger's)."""
    return rid.split(".", 1)[0]


def versions_of(spec: str) -> tuple[str, ...]:
    """The texts a statute spec may apply: every version of a state code, or the one pinned."""
    return VERSIONS.get(spec, (spec,))


def version_on(spec: str, day: dt.date | None) -> tuple[str, str]:
    """(statute id, basis) for a determination on ``day``. basis: ``pinned`` (the case names the
    text), ``in_force`` (the version in force on the day), ``before_earliest`` (the day lies before
    the earliest encoded version, which then applies), ``undated`` (no day: the newest applies)."""
    if spec not in VERSIONS:
        return spec, "pinned"
    ids = VERSIONS[spec]
    if len(ids) == 1 and load_statute(ids[0]).in_force_from is None and load_statute(ids[0]).in_force_until is None:
        return ids[0], "only"  # one text, its in-force dates not established here
    if day is None:
        return ids[-1], "undated"
    chosen = None
    for sid in ids:
        start = load_statute(sid).in_force_from
        if start is None or start <= day:
            chosen = sid
    if chosen is None:
        return ids[0], "before_earliest"
    return chosen, "in_force"


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
    version: str  # the text encoded, in English (German: version_texts)
    in_force_from: dt.date | None  # None: not established (the earliest encoded text)
    in_force_until: dt.date | None  # None: in force today, or its end is not established
    version_caveat: dict[str, str]  # said with every determination when no date decides it
    norms: dict[str, Norm]
    readings: dict[str, Reading]
    out_of_scope: list[dict]
    texts: dict[str, dict[str, str]] = field(default_factory=dict)
    version_texts: dict[str, str] = field(default_factory=dict)
    orders: dict | None = None  # which ready-made orderings the encoding walks (None: all)
    # keys of ``orders`` walked only under one value of a reading: reading -> value -> keys
    order_keys_by_reading: dict = field(default_factory=dict)
    windowed: bool = False  # its walks may be handed a window of each ordering (src/nachruecken/engine/window.py)
    encoded: bool = True
    retired: dict[str, dict[str, str]] = field(default_factory=dict)  # reading id -> why it has no effect now
    membership_begins: dict[str, str] = field(default_factory=dict)  # when a called person becomes a member
    source: dict = field(default_factory=dict)  # where the wording comes from (SOURCE_KEYS); {} if not given

    @property
    def state_code(self) -> str:
        return STATE_OF[self.id]

    @property
    def land(self) -> str:
        """The Land's ISO 3166-2 subdivision code (public holidays)."""
        return self.state_code.upper()

    def orders_under(self, readings: dict[str, str]) -> dict | None:
        """The orderings walked under ``readings``: ``orders`` without the keys that a reading's
        other values select (their facts would be handed to clingo and never read)."""
        if not self.orders or not self.order_keys_by_reading:
            return self.orders
        unused = {
            key
            for rid, by_value in self.order_keys_by_reading.items()
            for value, keys in by_value.items()
            if readings.get(rid) != value
            for key in keys
        }
        unused -= {
            key for rid, by_value in self.order_keys_by_reading.items() for key in by_value.get(readings.get(rid), ())
        }
        return {scope: [k for k in keys if k not in unused] for scope, keys in self.orders.items()}

    def version_in(self, lang: str) -> str:
        return self.version_texts.get(lang) or self.version

    def in_force_on(self, day: dt.date) -> bool:
        return (self.in_force_from is None or self.in_force_from <= day) and (
            self.in_force_until is None or day <= self.in_force_until
        )

    def citation(self, norm_id: str) -> str:
        norm = self.norms.get(norm_id)
        return norm.citation if norm else norm_id

    def resolve_readings(
        self, *layers: dict[str, str], source: str = "readings", ignored: set[str] | None = None
    ) -> dict[str, str]:
        """Defaults, overridden layer by layer; unknown ids or values are input errors.

        Reading ids of other states are passed by (a case may be decided under another statute);
        one that only another version of this state knows is ignored and added to ``ignored``.
        """
        chosen = {rid: r.default for rid, r in self.readings.items()}
        own_prefix = self.state_code + "."
        siblings = set().union(*(load_statute(v).readings for v in VERSIONS[self.state_code] if v != self.id))
        for layer in layers:
            for rid, value in layer.items():
                if rid not in self.readings:
                    if not rid.startswith(own_prefix) and rid.split(".")[0] in VERSIONS:
                        continue
                    if rid in siblings or rid in self.retired:
                        if ignored is not None:
                            ignored.add(rid)
                        continue
                    hint = difflib.get_close_matches(rid, list(self.readings), n=1)
                    msg = f"unknown reading '{rid}' for {self.id}"
                    msg += f" (did you mean '{hint[0]}'?)" if hint else f"; known: {', '.join(self.readings) or 'none'}"
                    raise InputError(msg, f"{source}.{rid}" if source else rid)
                if value not in self.readings[rid].values:
                    raise InputError(
                        f"reading '{rid}' has no value '{value}'; values: {', '.join(self.readings[rid].values)}",
                        f"{source}.{rid}" if source else rid,
                    )
                chosen[rid] = value
        return chosen


@functools.cache
def _core_readings() -> dict:
    return yaml.load((encodings_dir() / "core" / "readings.yaml").read_text(encoding="utf-8"), Loader=_YAML)


@functools.cache
def _catalogue(sid: str) -> dict:
    """A statute's catalogue; one that ``extends`` another (a later version) adds to and overrides
    its norms, readings and texts, and replaces every other key it gives."""
    cat_file = encodings_dir() / sid / "catalogue.yaml"
    if not cat_file.exists():
        raise InputError(f"statute '{sid}' is known but not encoded in this version of nachruecken")
    cat = yaml.load(cat_file.read_text(encoding="utf-8"), Loader=_YAML)
    base_id = cat.get("extends")
    if base_id is None:
        return cat
    merged = dict(_catalogue(base_id))
    merged.pop("version_caveat", None)  # a caveat speaks of its own text only
    merged.pop("source", None)  # so does a source: a later version names its own
    for key, value in cat.items():
        if key in ("norms", "readings", "texts"):
            merged[key] = {**(merged.get(key) or {}), **(value or {})}
        else:
            merged[key] = value
    return merged


# what a catalogue's ``source`` says of its text (DESIGN, "Provenance"); ``version_note`` may add why
# ``version_date`` is null, or what the date means
SOURCE_KEYS = ("fundstelle", "version_date", "retrieved_from", "retrieved", "holds")


def _source(sid: str, given: dict | None) -> dict:
    """A catalogue's ``source``, with ``version_date`` as ISO text; a key missing is a packaging fault."""
    if not given:
        return {}
    missing = [key for key in SOURCE_KEYS if key not in given]
    if missing:
        raise InputError(f"statute '{sid}': source lacks {', '.join(missing)}", "source")
    day = _date_or_none(given["version_date"])
    return {**given, "version_date": day.isoformat() if day else None}


def _date_or_none(value) -> dt.date | None:
    if value is None or isinstance(value, dt.date):
        return value
    return dt.date.fromisoformat(str(value))


@functools.cache
def load_statute(sid: str) -> Statute:
    cat = _catalogue(sid)
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
    in_force = cat.get("in_force") or {}
    return Statute(
        id=sid,
        state=cat["state"],
        law=cat["law"],
        provision=cat["provision"],
        version=cat["version"]["en"] if isinstance(cat["version"], dict) else cat["version"],
        version_texts=cat["version"] if isinstance(cat["version"], dict) else {},
        in_force_from=_date_or_none(in_force.get("from")),
        in_force_until=_date_or_none(in_force.get("until")),
        version_caveat=cat.get("version_caveat", {}),
        norms=norms,
        readings=readings,
        out_of_scope=cat.get("out_of_scope", []),
        texts=cat.get("texts", {}),
        orders=cat.get("orders"),
        order_keys_by_reading=cat.get("order_keys_by_reading") or {},
        windowed=bool(cat.get("windowed", False)),
        retired=cat.get("retired_readings") or {},
        membership_begins=cat.get("membership_begins") or {},
        source=_source(sid, cat.get("source")),
    )


def encoded_statutes() -> list[str]:
    return [sid for sid in STATUTE_IDS if (encodings_dir() / sid / "catalogue.yaml").exists()]


def statute_files(sid: str) -> list[Path]:
    """A statute's own .lp files: those its catalogue lists under ``encoding`` (paths below
    encodings/, e.g. a later version's additions after the text it amends), else its folder's."""
    root = encodings_dir()
    listed = _catalogue(sid).get("encoding") if (root / sid / "catalogue.yaml").exists() else None
    own = [root / rel for rel in listed] if listed else sorted((root / sid).glob("*.lp"))
    if not own:
        raise InputError(f"statute '{sid}' is known but not encoded in this version of nachruecken")
    return own


def encoding_files(sid: str) -> list[Path]:
    """Core files first, then the statute's own .lp files."""
    return sorted((encodings_dir() / "core").glob("*.lp")) + statute_files(sid)


def reading_defaults(spec: str) -> dict[str, str]:
    """The default of every reading the texts of a statute spec know."""
    out: dict[str, str] = {}
    for sid in versions_of(spec):
        out.update({rid: r.default for rid, r in load_statute(sid).readings.items()})
    return out
