"""Read a case file (YAML, JSON or ASP facts) into a validated ``Case``.

Every problem becomes one ``InputError`` naming the key path; nothing legal is decided here. YAML dates
stay text (no timestamps), so that ISO and ``TT.MM.JJJJ`` dates are read alike (``case.events``), and an
event's type may be a German word in any letter case.

Longer than 500 lines: every key of the case format is checked here, each with its own one-line error, so
that a case is validated in one place and in one pass.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
from pathlib import Path

import msgspec
import yaml

from nachruecken.case import fastyaml, schema
from nachruecken.case.events import build_events, check_by_elections, parse_date, spell_event_types
from nachruecken.case.model import (
    MAX_CANDIDATES,
    VACATING_TYPES,
    Candidate,
    Case,
    Event,
    Nomination,
    SubstituteFor,
)
from nachruecken.case.text import UNPRINTABLE, printable
from nachruecken.errors import InputError
from nachruecken.law.statutes import resolve_statute_spec

# libyaml's parser where PyYAML has it (several times faster), the pure-Python one otherwise.
_BaseLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _StrictLoader(_BaseLoader):  # type: ignore[valid-type,misc]  # a base chosen at import: C or pure Python
    """SafeLoader that keeps dates as text (we check them ourselves) and refuses duplicate keys."""


_StrictLoader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def _mapping_without_duplicates(loader, node, deep=False):
    seen = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        if isinstance(key, (list, dict)):
            raise InputError(f"a key that is a list or mapping (line {key_node.start_mark.line + 1})")
        if key in seen:
            line = key_node.start_mark.line + 1
            raise InputError(f"duplicate key '{key}' (line {line})")
        seen.add(key)
    return loader.construct_mapping(node, deep=deep)


_StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping_without_duplicates)


# A file larger than this is refused before it is parsed (a case of the largest body with every
# candidate on its lists is a few megabytes; parsing hundreds of them takes minutes and gigabytes).
MAX_FILE_BYTES = 64 * 1024 * 1024


def read_raw(path: Path) -> tuple[object, bytes]:
    """Parse the file into plain data (dicts, lists, strings, numbers)."""
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise InputError("file does not exist") from None
    except OSError as exc:
        raise InputError(f"cannot be read ({exc.strerror})") from None
    if path.is_file() and size > MAX_FILE_BYTES:
        raise InputError(f"{size / 2**20:,.0f} MiB; a case file may hold at most {MAX_FILE_BYTES // 2**20} MiB")
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise InputError("file does not exist") from None
    except IsADirectoryError:
        raise InputError("is a directory, not a case file") from None
    except OSError as exc:
        raise InputError(f"cannot be read ({exc.strerror})") from None
    if not raw.strip():
        raise InputError("file is empty")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        hint = (
            " (a candidate list exported from a spreadsheet? `nachruecken import` reads it)"
            if path.suffix.lower() in (".csv", ".txt")
            else ""
        )
        raise InputError("is not UTF-8 text" + hint) from None
    if path.suffix.lower() in (".csv", ".xlsx"):
        raise InputError("is a table, not a case file: `nachruecken import` turns a candidate list into a case")
    return parse_text(text, path.suffix.lower()), raw


def parse_text(text: str, suffix: str = ".yaml") -> object:
    """A case file's text as plain data; ``suffix`` says its format (.yaml, .yml, .json, .lp)."""
    if not text.strip():
        raise InputError("file is empty")
    if suffix == ".lp":
        from nachruecken.case.lpcase import parse_lp_case

        return parse_lp_case(text)
    if suffix == ".json":
        try:
            return json.loads(text, object_pairs_hook=_json_pairs)
        except json.JSONDecodeError as exc:
            raise InputError(f"not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") from None
        except ValueError:  # Python reads no integer of more than 4,300 digits
            raise InputError("not valid JSON: a number with too many digits") from None
    try:
        data = fastyaml.load(text, _StrictLoader)  # libyaml's events, one loop; what it leaves, PyYAML's loader
        return yaml.load(text, Loader=_StrictLoader) if data is fastyaml.FALLBACK else data
    except InputError:
        raise
    except ValueError:  # Python reads no integer of more than 4,300 digits
        raise InputError("not valid YAML: a number with too many digits") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        line = text.splitlines()[mark.line] if mark and mark.line < len(text.splitlines()) else ""
        if "\t" in problem or "\t" in line[: len(line) - len(line.lstrip())]:
            problem += "; indent with spaces: YAML does not allow tabs"
        raise InputError(f"not valid YAML: {problem}{where}") from None


def line_of(text: str, path: str) -> int | None:
    """The line (1-based) of a key path (``nominations[0].candidates[2].votes``) in a YAML text, or
    None where the path cannot be followed. Keys may hold dots (reading ids): at each mapping the
    longest key that starts the rest of the path is taken."""
    try:
        node = yaml.compose(text, Loader=_BaseLoader)
    except yaml.YAMLError:
        return None
    rest, line = path, None
    while rest and node is not None:
        if rest.startswith("["):
            end = rest.find("]")
            if end < 0 or not isinstance(node, yaml.SequenceNode) or not rest[1:end].isdigit():
                return line
            index = int(rest[1:end])
            if index >= len(node.value):
                return line
            node, rest = node.value[index], rest[end + 1 :].lstrip(".")
        elif isinstance(node, yaml.MappingNode):
            match = max(
                (
                    (k, v)
                    for k, v in node.value
                    if isinstance(k.value, str)
                    and (rest == k.value or rest.startswith(k.value + ".") or rest.startswith(k.value + "["))
                ),
                key=lambda kv: len(kv[0].value),
                default=None,
            )
            if match is None:
                return line
            key, node = match
            line, rest = key.start_mark.line + 1, rest[len(key.value) :].lstrip(".")
            continue
        else:
            return line
        line = node.start_mark.line + 1
    return line


def _json_pairs(pairs):
    out = {}
    for key, value in pairs:
        if key in out:
            raise InputError(f"duplicate key '{key}'")
        out[key] = value
    return out


def load_case(path: str | os.PathLike[str]) -> Case:
    """Load and validate one case file; raise InputError (with the file set) on any problem."""
    path = Path(path)
    raw = b""
    try:
        data, raw = read_raw(path)
        return build_case(data, str(path), hashlib.sha256(raw).hexdigest())
    except InputError as err:
        if err.path and raw and path.suffix.lower() in (".yaml", ".yml") and "(line " not in err.message:
            line = line_of(raw.decode("utf-8"), err.path)
            if line is not None:
                err.message += f" (line {line})"
        raise err.with_file(str(path)) from None


def build_case(data, file: str, sha256: str = "") -> Case:
    """A validated ``Case`` of a file's plain data (of any format); the first problem is an InputError."""
    if data is None:
        raise InputError("file is empty")
    if isinstance(data, dict) and "events" in data and data["events"] is None:
        data = {**data, "events": []}  # `events:` with nothing below it yet (an imported list)
    _refuse_oversize(data)
    _refuse_yaml_booleans(data)
    data = spell_event_types(data)  # a German event word in any letter case, as the schema spells it
    schema.validate_shape(data)
    statute = resolve_statute_spec(data["statute"], path="statute")

    nominations, names = _build_nominations(data["nominations"])
    persons = {c.person for n in nominations for c in n.candidates}
    by_id = {n.id: n for n in nominations}
    elected_on = _check_nominations(nominations, persons, by_id)
    _check_salutations(nominations)

    events = build_events(data.get("events", []), persons, by_id)
    check_by_elections(nominations, events)
    election_date = parse_date(data["election_date"], "election_date") if "election_date" in data else None
    if election_date is not None:
        _check_vacated_after_election(events, election_date, elected_on)
    vacancy = _vacancy(data.get("vacancy"), persons, events)

    body = data.get("body", {})
    readings = dict(data.get("readings", {}))
    expected = data.get("expected")
    if expected is not None:
        _check_expected(expected, persons)
    holidays = tuple(parse_date(h, f"holidays[{k}]") for k, h in enumerate(data.get("holidays", [])))
    as_of = parse_date(data["as_of"], "as_of") if "as_of" in data else None

    return Case(
        file=file,
        statute=statute,
        nominations=nominations,
        events=events,
        title=_plain(data.get("title")),
        election_date=election_date,
        election=data.get("election", "proportional"),
        body_name=_plain(body.get("name")),
        body_seats=body.get("seats"),
        body_kind=body.get("kind", "municipal"),
        body_period_end=parse_date(body["period_end"], "body.period_end") if "period_end" in body else None,
        body_period_start=parse_date(body["period_start"], "body.period_start") if "period_start" in body else None,
        body_unfilled_seats=body.get("unfilled_seats", 0),
        readings=readings,
        vacancy=vacancy,
        expected=expected,
        as_of=as_of,
        holidays=holidays,
        input_sha256=sha256,
        names=names,
        cleaned_names=tuple(sorted({pid for pid, name in _raw_names(data) if UNPRINTABLE.search(name)})),
    )


def _plain(text: str | None) -> str | None:
    """A title or name of the file as every output shows it (see ``case.text``)."""
    return printable(text) if isinstance(text, str) else text


def _raw_names(data: dict):
    """(person, name as the file gives it) of every candidacy that names its person."""
    for nd in data.get("nominations", ()):
        for cd in nd.get("candidates", ()):
            if "name" in cd:
                yield cd["id"], cd["name"]


def _build_nominations(raw_nominations: list) -> tuple[list[Nomination], dict[str, str]]:
    """The nominations with their candidates, and the persons' names (a person has one name)."""
    nominations: list[Nomination] = []
    seen_noms: dict[str, int] = {}
    names: dict[str, str] = {}
    total = 0
    for i, nd in enumerate(raw_nominations):
        p = f"nominations[{i}]"
        nid = nd["id"]
        if nid in seen_noms:
            raise InputError(f"duplicate nomination id '{nid}' (also nominations[{seen_noms[nid]}])", f"{p}.id")
        seen_noms[nid] = i
        tier = nd.get("tier", "list")
        if tier == "district" and not nd.get("district"):
            raise InputError("a district nomination needs 'district'", f"{p}.district")
        if tier == "list" and nd.get("district"):
            raise InputError("'district' is only for nominations with tier: district", f"{p}.district")
        total += len(nd["candidates"])
        if total > MAX_CANDIDATES:
            raise InputError(f"more than {MAX_CANDIDATES:,} candidates in one case; refused", f"{p}.candidates")
        candidates = _build_candidates(nd, p, names)
        nominations.append(
            Nomination(
                id=nid,
                group=nd.get("group", nid),
                group_kind=nd.get("group_kind", "party"),
                tier=tier,
                name=_plain(nd.get("name")),
                district=nd.get("district"),
                substitute_list=nd.get("substitute_list"),
                candidates=candidates,
                by_election=parse_date(nd["by_election"], f"{p}.by_election") if "by_election" in nd else None,
            )
        )
    return nominations, names


def _build_candidates(nd: dict, p: str, names: dict[str, str]) -> list[Candidate]:
    """The candidates of one nomination (``p`` its key path); each person's name is added to ``names``.
    A candidate ``designated_only`` has no list place: he gets one after every placed candidate (file
    order among such candidates), so that the list order stays total (see ``Candidate``)."""
    nid = nd["id"]
    candidates: list[Candidate] = []
    seen_people: dict[str, int] = {}
    seen_pos: dict[int, int] = {}
    unplaced: list[int] = []  # indexes (in ``candidates``) of the designated_only
    seen_rank: dict[int, int] = {}
    tier = nd.get("tier", "list")
    for j, cd in enumerate(nd["candidates"]):
        pid = cd["id"]
        if pid in seen_people:
            raise InputError(
                f"person '{pid}' appears twice on nomination '{nid}' (also candidates[{seen_people[pid]}])",
                f"{p}.candidates[{j}].id",
            )
        seen_people[pid] = j
        designated_only = "designated_only" in cd and _designated_only(cd, f"{p}.candidates[{j}]", tier)
        pos = 0 if designated_only else cd.get("position", j + 1)
        if designated_only:
            unplaced.append(len(candidates))
        elif pos in seen_pos:
            raise InputError(
                f"list place {pos} is taken twice on nomination '{nid}' (also candidates[{seen_pos[pos]}])",
                f"{p}.candidates[{j}].position",
            )
        else:
            seen_pos[pos] = j
        _check_substitute_rank(cd, j, seen_rank, f"{p}.candidates[{j}].substitute_rank")
        if "name" in cd:
            name = printable(cd["name"])
            if pid in names and names[pid] != name:
                raise InputError(
                    f"person '{pid}' has two different names ({names[pid]!r}, {name!r})",
                    f"{p}.candidates[{j}].name",
                )
            names[pid] = name
        subs = (
            [
                SubstituteFor(entry)
                if isinstance(entry, str)
                else SubstituteFor(entry["person"], entry.get("candidacy"))
                for entry in cd["substitute_for"]
            ]
            if "substitute_for" in cd
            else ()
        )
        candidates.append(
            Candidate(
                person=pid,
                position=pos,
                name=names.get(pid) if "name" in cd else None,
                votes=cd.get("votes"),
                elected=bool(cd.get("elected", False)),
                seat=cd.get("seat"),
                substitute_for=tuple(subs),
                non_member=bool(cd.get("non_member", False)),
                designated_only=designated_only,
                salutation=cd.get("salutation"),
                substitute_rank=cd.get("substitute_rank"),
                sublist=cd.get("sublist"),
                extra=tuple((printable(k), printable(v)) for k, v in cd["extra"].items()) if "extra" in cd else (),
            )
        )
    _check_sublists(nd["candidates"], p)
    last = max(seen_pos, default=0)
    for k, index in enumerate(unplaced, 1):
        candidates[index] = msgspec.structs.replace(candidates[index], position=last + k)
    return candidates


def _check_sublists(raw: list, p: str) -> None:
    """A joined Wahlvorschlag names every candidate's part or none (else one would drop out of the walk)."""
    named, missing = (
        [j for j, cd in enumerate(raw) if "sublist" in cd],
        [j for j, cd in enumerate(raw) if "sublist" not in cd],
    )
    if named and missing:
        raise InputError(
            f"candidates[{named[0]}] names its sublist, this one does not", f"{p}.candidates[{missing[0]}].sublist"
        )


def _check_substitute_rank(cd: dict, j: int, seen: dict[int, int], path: str) -> None:
    """A place in the published order of Ersatzpersonen: only for one not elected, and each place once."""
    rank = cd.get("substitute_rank")
    if rank is None:
        return
    if cd.get("elected"):
        raise InputError("an elected person is no Ersatzperson: he has no substitute_rank", path)
    if rank in seen:
        raise InputError(f"substitute_rank {rank} is taken twice (also candidates[{seen[rank]}])", path)
    seen[rank] = j


def _designated_only(cd: dict, cp: str, tier: str) -> bool:
    """Whether candidate ``cd`` (key path ``cp``, on a nomination of ``tier``) is on the list only as
    Ersatzbewerber (NRW § 16 Abs. 2): then he must be named for someone, has no list place, and was
    not elected through the list (seats go by list order)."""
    if not cd.get("designated_only", False):
        return False
    if tier != "list":
        raise InputError("designated_only is only for list nominations (tier: list)", f"{cp}.designated_only")
    if not cd.get("substitute_for"):
        raise InputError("designated_only needs substitute_for", f"{cp}.designated_only")
    if "position" in cd:
        raise InputError("a designated_only candidate has no list place: remove 'position'", f"{cp}.position")
    if cd.get("elected"):
        raise InputError(
            "a designated_only candidate cannot be elected through the list (seats go by list order)", f"{cp}.elected"
        )
    return True


def _check_salutations(nominations: list[Nomination]) -> None:
    """A person has one salutation (given on any of his candidacies, or on none)."""
    said: dict[str, str] = {}
    for i, nom in enumerate(nominations):
        for j, cand in enumerate(nom.candidates):
            if cand.salutation is None:
                continue
            other = said.setdefault(cand.person, cand.salutation)
            if other != cand.salutation:
                raise InputError(
                    f"person '{cand.person}' has two different salutations ({other!r}, {cand.salutation!r})",
                    f"nominations[{i}].candidates[{j}].salutation",
                )


def _check_nominations(
    nominations: list[Nomination], persons: set[str], by_id: dict[str, Nomination]
) -> dict[str, str]:
    """What the nominations say of each other holds: a substitute_list names another district
    nomination's list, a person is elected on one nomination only, an Ersatzbewerber stands for another
    person of the case. Returns the nomination each elected person was elected on."""
    elected_on: dict[str, str] = {}
    for i, nom in enumerate(nominations):
        p = f"nominations[{i}]"
        if nom.substitute_list is not None:
            if nom.substitute_list not in by_id:
                raise InputError(f"substitute_list '{nom.substitute_list}' names no nomination", f"{p}.substitute_list")
            if nom.substitute_list == nom.id:
                raise InputError("a nomination cannot be its own substitute_list", f"{p}.substitute_list")
            if nom.tier != "district":
                raise InputError(
                    "substitute_list is only for district nominations (tier: district)", f"{p}.substitute_list"
                )
        for j, cand in enumerate(nom.candidates):
            cp = f"{p}.candidates[{j}]" if cand.elected or cand.substitute_for else ""  # (for a message only)
            if cand.elected:
                if cand.person in elected_on:
                    raise InputError(
                        f"person '{cand.person}' is marked elected on two nominations ('{elected_on[cand.person]}' and '{nom.id}')",
                        f"{cp}.elected",
                    )
                elected_on[cand.person] = nom.id
            for k, sub in enumerate(cand.substitute_for):
                if sub.person not in persons:
                    raise InputError(
                        f"substitute_for names '{sub.person}', who is on no nomination", f"{cp}.substitute_for[{k}]"
                    )
                if sub.person == cand.person:
                    raise InputError("a candidate cannot be Ersatzbewerber for himself", f"{cp}.substitute_for[{k}]")
    return elected_on


def _check_vacated_after_election(events: list[Event], election_date: dt.date, elected_on: dict[str, str]) -> None:
    """Events before the election are allowed (party exits since the list was set up), but a seat
    cannot be vacated before anybody was elected."""
    for ev in events:
        if ev.date < election_date:
            if ev.type in VACATING_TYPES and ev.person in elected_on:
                raise InputError(
                    f"'{ev.type}' of a seat holder dated {ev.date} lies before the election ({election_date})",
                    f"events[{ev.file_index}].date",
                )


def _vacancy(raw, persons: set[str], events: list[Event]) -> list[str] | None:
    """The seats to decide (``vacancy``: one person or a list), each vacated by an event of the case;
    None: every vacancy."""
    vacancy = [raw] if isinstance(raw, str) else raw
    if vacancy is not None:
        for k, person in enumerate(vacancy):
            vp = "vacancy" if len(vacancy) == 1 and isinstance(raw, str) else f"vacancy[{k}]"
            if person not in persons:
                raise InputError(f"'{person}' is on no nomination", vp)
            if not any(ev.person == person and ev.type in VACATING_TYPES for ev in events):
                raise InputError(
                    f"no event vacates the seat of '{person}' (died, refused, resigned, lost_seat, elected_mayor)", vp
                )
    return vacancy


def _check_expected(expected: dict, persons: set[str]) -> None:
    """Each key of the ``expected`` block names a person of the case (``person`` or ``person#n``)."""
    for key in expected:
        person = key.rsplit("#", 1)[0] if "#" in key and key.rsplit("#", 1)[1].isdigit() else key
        if person not in persons:
            raise InputError(f"expected block for '{person}', who is on no nomination", f"expected.{key}")


def _refuse_yaml_booleans(data) -> None:
    """A reading value written as an unquoted yes/no/on/off reaches us as a boolean (YAML 1.1)."""
    readings = data.get("readings") if isinstance(data, dict) else None
    for rid, value in readings.items() if isinstance(readings, dict) else ():
        if isinstance(value, bool):
            raise InputError(
                f"YAML reads an unquoted yes, no, on or off as {str(value).lower()}; write the value "
                f'in quotes, e.g. {rid}: "{"yes" if value else "no"}"',
                f"readings.{rid}",
            )


def _refuse_oversize(data) -> None:
    """Refuse a case over the candidate limit before validating it in full (that would take long)."""
    noms = data.get("nominations") if isinstance(data, dict) else None
    if isinstance(noms, list):
        total = sum(len(n["candidates"]) for n in noms if isinstance(n, dict) and isinstance(n.get("candidates"), list))
        if total > MAX_CANDIDATES:
            raise InputError(f"{total:,} candidates; a case may hold at most {MAX_CANDIDATES:,}", "nominations")
