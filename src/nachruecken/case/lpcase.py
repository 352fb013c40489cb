"""`.lp` case files: facts of the public input predicates (encodings/core/input.lp), nothing else.

The file is parsed with ``clingo.ast`` and every statement is checked before anything is
grounded: rules, constraints, directives (#include, #script, #const, #show ...) and unknown
predicates are refused with their line. The facts are then read back into the same plain
data a YAML case gives, so one validator serves every format.

The type T of ``event(I, D, P, T)`` is read as a YAML ``type:`` is: an English type, or a German event
word (``case.words``) as a string in any letter case (``"Annahme unter Vorbehalt"``). A plain Verzicht,
read by the person's status on its date, is the constant ``verzicht`` (what ``convert.to_lp`` writes);
it is the one type beyond those input.lp lists, and is never passed on to the encodings (the ledger
reads it as ``resigned`` or ``waived``).
"""

from __future__ import annotations

import re
from typing import Any

import clingo
from clingo import ast

from nachruecken.errors import InputError

INPUT_PREDICATES = {
    "statute": 1,
    "title": 1,
    "election": 1,
    "election_date": 1,
    "as_of": 1,
    "holiday": 1,
    "body_name": 1,
    "body_seats": 1,
    "body_kind": 1,
    "body_period_end": 1,
    "body_period_start": 1,
    "body_unfilled_seats": 1,
    "reading": 2,
    "nomination": 1,
    "nomination_name": 2,
    "nomination_group": 2,
    "nomination_group_kind": 2,
    "nomination_tier": 2,
    "nomination_district": 2,
    "substitute_list": 2,
    "nomination_by_election": 2,
    "candidate": 3,
    "name": 2,
    "votes": 3,
    "elected": 2,
    "seat_type": 3,
    "substitute_for": 4,
    "non_member": 2,
    "designated_only": 2,
    "salutation": 3,
    "substitute_rank": 3,
    "sublist": 3,
    "event": 4,
    "by_election_held": 2,
    "event_seats_of": 2,
    "event_kind": 2,
    "event_nomination": 2,
    "event_reservation": 1,
    "event_form": 2,
    "event_ground": 2,
    "event_group": 2,
    "event_cause": 2,
    "event_received": 2,
    "event_seat_of": 2,
    "event_found": 2,
    "decide": 1,
}


def _check_statement(stm: ast.AST) -> None:
    line = f"line {stm.location.begin.line}"
    if stm.ast_type == ast.ASTType.Comment:
        return
    if stm.ast_type == ast.ASTType.Program:
        if stm.name != "base" or stm.parameters:
            raise InputError("#program directives are not allowed in a case file", line)
        return
    if stm.ast_type != ast.ASTType.Rule:
        kind = str(stm.ast_type).split(".")[-1]
        raise InputError(f"only facts are allowed; found a {kind} statement: {str(stm).splitlines()[0][:80]}", line)
    if len(stm.body) != 0:
        raise InputError(f"only facts are allowed, not rules: {str(stm)[:80]}", line)
    head = stm.head
    if head.ast_type != ast.ASTType.Literal or head.sign != ast.Sign.NoSign:
        raise InputError(f"only plain facts are allowed: {str(stm)[:80]}", line)
    atom = head.atom
    if atom.ast_type != ast.ASTType.SymbolicAtom:
        raise InputError(f"only plain facts are allowed: {str(stm)[:80]}", line)
    term = atom.symbol
    if term.ast_type == ast.ASTType.SymbolicTerm:
        name, arity = term.symbol.name, len(term.symbol.arguments)
    elif term.ast_type == ast.ASTType.Function and not term.external:
        name, arity = term.name, len(term.arguments)
        for arg in term.arguments:
            if arg.ast_type != ast.ASTType.SymbolicTerm and not _is_ground_number(arg):
                raise InputError(
                    f"fact arguments must be plain values (strings, numbers, constants): {str(stm)[:80]}", line
                )
    else:
        raise InputError(f"only plain facts are allowed: {str(stm)[:80]}", line)
    if INPUT_PREDICATES.get(name) != arity:
        raise InputError(f"'{name}/{arity}' is not an input predicate (see encodings/core/input.lp)", line)


def _is_ground_number(arg) -> bool:
    # a negative number parses as a unary minus over a number
    return arg.ast_type == ast.ASTType.UnaryOperation and arg.argument.ast_type == ast.ASTType.SymbolicTerm


def _value(sym: clingo.Symbol, what: str, line: str = "") -> str | int:
    if sym.type == clingo.SymbolType.String:
        return sym.string
    if sym.type == clingo.SymbolType.Function and not sym.arguments:
        return sym.name
    if sym.type == clingo.SymbolType.Number:
        return sym.number
    raise InputError(f"{what} must be a string, a number or a constant, got {sym}", line)


def _text(sym, what) -> str:
    value = _value(sym, what)
    return value if isinstance(value, str) else str(value)


def _truth(sym, what) -> bool:
    """A constant `true` or `false` (event_found/2)."""
    value = _value(sym, what)
    if value not in ("true", "false"):
        raise InputError(f"{what} must be the constant true or false, got {sym}")
    return value == "true"


def _date(sym, what) -> str:
    if sym.type != clingo.SymbolType.Number:
        raise InputError(f"{what} must be an integer YYYYMMDD, got {sym}")
    n = sym.number
    return f"{n // 10000:04d}-{n // 100 % 100:02d}-{n % 100:02d}"


_STRINGS_AND_COMMENTS = re.compile(r'"(?:[^"\\]|\\.)*"|%\*.*?\*%|%[^\n]*', re.S)


def _first_line(message: str) -> str:
    """clingo's '<string>:2:1-2: error: syntax error, ...' as 'line 2: syntax error, ...'."""
    m = re.match(r"<string>:(\d+):[\d-]+(?::[\d-]+)?: (?:error: )?(.*)", message.strip())
    return f"line {m.group(1)}: {m.group(2).splitlines()[0]}" if m else message.strip().splitlines()[0]


_NON_ASCII = re.compile(r"[^\x00-\x7f]")


def _check_syntax_in_ascii(text: str) -> None:
    """Refuse a syntax error before clingo reads the text itself: clingo cuts a long error message
    after a fixed number of bytes, which can split a UTF-8 character and abort the whole process. So
    the syntax is first checked on an ASCII stand-in, each non-ASCII character replaced by the control
    character 0x01, which like it is allowed inside a string or a comment and nowhere else."""
    if text.isascii():
        return
    messages: list[str] = []
    try:
        ast.parse_string(_NON_ASCII.sub("\x01", text), lambda stm: None, logger=lambda code, msg: messages.append(msg))
    except RuntimeError:
        where = _first_line(messages[0]).replace("\x01", "?") if messages else "syntax error"
        raise InputError(f"not valid ASP: {where}") from None


def parse_lp_case(text: str) -> dict:
    """Check the facts, then turn them into the plain data of a YAML case."""
    code = _STRINGS_AND_COMMENTS.sub(lambda m: " " * len(m.group(0)) if not m.group(0).startswith('"') else '""', text)
    if "#include" in code:
        line = text[: text.find("#include")].count("\n") + 1 if "#include" in text else 1
        raise InputError("#include directives are not allowed in a case file", f"line {line}")
    problems: list[InputError] = []
    messages: list[str] = []

    def check(stm):
        if not problems:
            try:
                _check_statement(stm)
            except InputError as exc:
                problems.append(exc)

    _check_syntax_in_ascii(text)
    try:
        ast.parse_string(text, check, logger=lambda code, msg: messages.append(msg))
    except RuntimeError:
        raise InputError(f"not valid ASP: {_first_line(messages[0]) if messages else 'syntax error'}") from None
    if problems:
        raise problems[0]
    ctl = clingo.Control(["--warn=none"], logger=lambda code, msg: messages.append(msg))
    try:
        ctl.add("base", [], text)
        ctl.ground([("base", [])])
    except RuntimeError:
        raise InputError(f"not valid ASP: {_first_line(messages[0]) if messages else 'syntax error'}") from None
    facts: dict[str, list] = {}
    for sa in ctl.symbolic_atoms:
        sym = sa.symbol
        facts.setdefault(sym.name, []).append(sym.arguments)
    return _to_data(facts)


def _one(facts, name):
    rows = facts.get(name, [])
    if len(rows) > 1:
        raise InputError(f"'{name}' is given {len(rows)} times; it takes one value")
    return rows[0][0] if rows else None


def _to_data(facts: dict[str, list]) -> dict:
    """The facts as the plain data of a YAML case, key by key in the order a YAML case has them."""
    data: dict = {}
    statute = _one(facts, "statute")
    if statute is None:
        raise InputError("missing required fact statute/1")
    data["statute"] = _text(statute, "statute")
    data.update(_head(facts))
    body = _body(facts)
    if body:
        data["body"] = body
    if facts.get("reading"):
        data["readings"] = {_text(a[0], "reading id"): _text(a[1], "reading value") for a in facts["reading"]}
    data["nominations"] = _nominations(facts)
    events = _events(facts)
    if events:
        data["events"] = [events[k] for k in sorted(events, key=lambda x: (isinstance(x, str), x))]
    if facts.get("decide"):
        data["vacancy"] = [_text(a[0], "decide") for a in facts["decide"]]
    return data


def _head(facts: dict[str, list]) -> dict:
    """The title, the election and its date, the day decided as of, the holidays."""
    data: dict = {}
    for key, name in (("title", "title"), ("election", "election")):
        v = _one(facts, name)
        if v is not None:
            data[key] = _text(v, name)
    for key in ("election_date", "as_of"):
        v = _one(facts, key)
        if v is not None:
            data[key] = _date(v, key)
    if facts.get("holiday"):
        data["holidays"] = sorted(_date(a[0], "holiday") for a in facts["holiday"])
    return data


def _body(facts: dict[str, list]) -> dict:
    """The body: its name, kind, period, unfilled seats and seats (empty: none given)."""
    body: dict[str, str | int] = {}
    for key, name in (("name", "body_name"), ("kind", "body_kind")):
        v = _one(facts, name)
        if v is not None:
            body[key] = _text(v, name)
    for key, name in (("period_end", "body_period_end"), ("period_start", "body_period_start")):
        v = _one(facts, name)
        if v is not None:
            body[key] = _date(v, name)
    for key, name in (("unfilled_seats", "body_unfilled_seats"), ("seats", "body_seats")):
        v = _one(facts, name)
        if v is not None:
            body[key] = _value(v, name)
    return body


def _nominations(facts: dict[str, list]) -> list[dict]:
    """The nominations in the order of their nomination/1 facts, each with its candidates."""
    names = {_text(a[0], "name"): _text(a[1], "name") for a in facts.get("name", [])}
    noms: dict[str, dict] = {}
    for (n,) in facts.get("nomination", []):
        noms[_text(n, "nomination")] = {"id": _text(n, "nomination"), "candidates": []}

    def nom(sym, pred):
        nid = _text(sym, pred)
        if nid not in noms:
            raise InputError(f"{pred} names nomination '{nid}', which has no nomination/1 fact")
        return noms[nid]

    for pred, key in (
        ("nomination_name", "name"),
        ("nomination_group", "group"),
        ("nomination_group_kind", "group_kind"),
        ("nomination_tier", "tier"),
        ("nomination_district", "district"),
        ("substitute_list", "substitute_list"),
    ):
        for n, v in facts.get(pred, []):
            nom(n, pred)[key] = _text(v, pred)
    for n, d in facts.get("nomination_by_election", []):
        nom(n, "nomination_by_election")["by_election"] = _date(d, "nomination_by_election")
    cands: dict[tuple[str, str], dict] = {}
    for n, p, pos in sorted(facts.get("candidate", []), key=lambda a: (str(a[0]), _value(a[2], "position"))):
        entry: dict[str, Any] = {"id": _text(p, "candidate"), "position": _value(pos, "candidate position")}
        if entry["id"] in names:
            entry["name"] = names[entry["id"]]
        nom(n, "candidate")["candidates"].append(entry)
        cands[(_text(n, "candidate"), entry["id"])] = entry
    _candidate_facts(facts, cands)
    return list(noms.values())


def _candidate_facts(facts: dict[str, list], cands: dict[tuple[str, str], dict]) -> None:
    """What the facts say of each candidate (votes, elected, seat, Ersatzbewerber, non-member, designated
    only, salutation), into his entry. One designated only has no list place: the place of his
    candidate/3 fact only orders him among the others designated only (the loader places them all after
    the list)."""

    def cand(n, p, pred):
        key = (_text(n, pred), _text(p, pred))
        if key not in cands:
            raise InputError(f"{pred} names '{key[1]}' on '{key[0]}', who has no candidate/3 fact")
        return cands[key]

    for n, p, v in facts.get("votes", []):
        cand(n, p, "votes")["votes"] = _value(v, "votes")
    for n, p in facts.get("elected", []):
        cand(n, p, "elected")["elected"] = True
    for n, p, t in facts.get("seat_type", []):
        cand(n, p, "seat_type")["seat"] = _text(t, "seat_type")
    for n, p, q, c in facts.get("substitute_for", []):
        capacity = _text(c, "substitute_for capacity")
        entry = (
            _text(q, "substitute_for")
            if capacity == "default"
            else {"person": _text(q, "substitute_for"), "candidacy": capacity}
        )
        cand(n, p, "substitute_for").setdefault("substitute_for", []).append(entry)
    for n, p in facts.get("non_member", []):
        cand(n, p, "non_member")["non_member"] = True
    for n, p in facts.get("designated_only", []):
        entry = cand(n, p, "designated_only")
        entry["designated_only"] = True
        del entry["position"]
    for n, p, r in facts.get("substitute_rank", []):
        cand(n, p, "substitute_rank")["substitute_rank"] = _value(r, "substitute_rank")
    for n, p, s in facts.get("sublist", []):
        cand(n, p, "sublist")["sublist"] = _text(s, "sublist")
    for n, p, t in facts.get("salutation", []):
        entry, value = cand(n, p, "salutation"), _text(t, "salutation")
        if entry.setdefault("salutation", value) != value:
            raise InputError(f"salutation is given twice for '{entry['id']}' on '{_text(n, 'salutation')}'")


def _events(facts: dict[str, list]) -> dict:
    """The events by their number, each with what its further facts say."""
    events: dict = {}
    for i, d, p, t in facts.get("event", []):
        idx = _value(i, "event number")
        if idx in events:
            raise InputError(f"event number {idx} is used twice")
        events[idx] = {
            "date": _date(d, "event date"),
            "person": _text(p, "event person"),
            "type": _text(t, "event type"),
        }
    for i, d in facts.get("by_election_held", []):
        idx = _value(i, "event number")
        if idx in events:
            raise InputError(f"event number {idx} is used twice")
        events[idx] = {"date": _date(d, "by_election_held date"), "type": "by_election_held"}
    for i, p in sorted(facts.get("event_seats_of", []), key=lambda a: str(a[1])):
        idx = _value(i, "event_seats_of")
        if idx not in events:
            raise InputError(f"event_seats_of names event {idx}, which has no by_election_held/2 fact")
        events[idx].setdefault("seats_of", []).append(_text(p, "event_seats_of"))
    for pred, key, conv in (
        ("event_nomination", "nomination", _text),
        ("event_form", "form", _text),
        ("event_ground", "ground", _text),
        ("event_group", "group", _text),
        ("event_cause", "cause", _text),
        ("event_received", "received", _date),
        ("event_seat_of", "seat_of", _text),
        ("event_kind", "kind", _text),
        ("event_found", "found", _truth),
    ):
        for i, v in facts.get(pred, []):
            idx = _value(i, pred)
            if idx not in events:
                raise InputError(f"{pred} names event {idx}, which has no event/4 fact")
            events[idx][key] = conv(v, pred)
    for (i,) in facts.get("event_reservation", []):
        idx = _value(i, "event_reservation")
        if idx not in events:
            raise InputError(f"event_reservation names event {idx}, which has no event/4 fact")
        events[idx]["reservation"] = True
    return events
