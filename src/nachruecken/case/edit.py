"""Changing the events of a case file's text, and nothing else in it: a YAML file keeps every comment,
blank line and the layout of all other lines (the event's own lines are the only ones replaced, written in
the style its neighbours use: one flow mapping per line, or a block); a JSON file stays JSON.

Events are addressed by their place in the file (``index``, as ``events[index]`` in error messages), not
by their date order. The result is read back and compared with the intended events: a text this module
cannot change in place is an ``InputError``, never a silently different file.
"""

from __future__ import annotations

import json
import re

import yaml

from nachruecken.case.loader import _StrictLoader, parse_text
from nachruecken.errors import InputError

# the keys of an event, in the order a new one is written
KEY_ORDER = ("date", "person", "type", "nomination", "seat_of", "received", "form", "reservation", "note")


def event_list(text: str, suffix: str) -> list[dict]:
    """The events as the file writes them, in file order."""
    data = parse_text(text, suffix)
    events = data.get("events") if isinstance(data, dict) else None
    return list(events) if isinstance(events, list) else []


def with_event(text: str, suffix: str, event: dict, index: int | None = None) -> str:
    """The text with ``event`` added after the last event (``index`` None) or in place of ``events[index]``."""
    events = event_list(text, suffix)
    event = ordered(event)
    if index is None:
        wanted = [*events, event]
    else:
        _check_index(events, index)
        wanted = [*events[:index], event, *events[index + 1 :]]
    if suffix == ".json":
        return _json_with(text, wanted)
    return _checked(_yaml_splice(text, index, event), suffix, wanted)


def without_event(text: str, suffix: str, index: int) -> str:
    """The text without ``events[index]``."""
    events = event_list(text, suffix)
    _check_index(events, index)
    wanted = [*events[:index], *events[index + 1 :]]
    if suffix == ".json":
        return _json_with(text, wanted)
    return _checked(_yaml_splice(text, index, None), suffix, wanted)


def ordered(event: dict) -> dict:
    """The event's keys in the order a file writes them (known keys first, the rest after)."""
    first = {k: event[k] for k in KEY_ORDER if k in event}
    return {**first, **{k: v for k, v in event.items() if k not in first}}


def _check_index(events: list, index: int) -> None:
    if not 0 <= index < len(events):
        raise InputError(f"there is no event {index} (the file has {len(events)})", f"events[{index}]")


def _json_with(text: str, events: list[dict]) -> str:
    data = json.loads(text)
    data["events"] = events
    indent = _json_indent(text)
    return json.dumps(data, ensure_ascii=False, indent=indent) + "\n"


def _json_indent(text: str) -> int | None:
    match = re.search(r"\n( +)\"", text)
    return len(match.group(1)) if match else None


def _checked(new_text: str, suffix: str, wanted: list[dict]) -> str:
    """The new text, if it reads back to exactly the intended events."""
    if event_list(new_text, suffix) != wanted:
        raise InputError("the events of this file cannot be changed in place; edit the file by hand", "events")
    return new_text


# --- YAML: replace the lines of one event, keep every other line -----------------------------------


def _yaml_splice(text: str, index: int | None, event: dict | None) -> str:
    """Lines of ``text`` with event ``index`` replaced by ``event`` (added if ``index`` is None, removed if
    ``event`` is None)."""
    lines = text.splitlines(keepends=True)  # the breaks YAML counts (others are refused by its parser)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\r\n" if lines[0].endswith("\r\n") else "\n"
    root = yaml.compose(text, Loader=_StrictLoader)
    key, seq = _events_node(root)
    if seq is None or (isinstance(seq, yaml.SequenceNode) and seq.flow_style) or not seq.value:
        events = _plain_events(text)
        if index is None:
            events.append(event)
        else:
            events[index : index + 1] = [event] if event is not None else []
        return _new_events_block(lines, key, events)
    spans = _item_spans(lines, seq, key.start_mark.column)
    indent, flow = _item_style(lines, seq)
    eol = "\r\n" if lines[0].endswith("\r\n") else "\n"  # a Windows file keeps its line endings
    if index is None:
        assert event is not None  # (adding needs an event)
        end = spans[-1][1]
        return "".join(lines[:end] + _render(event, indent, flow, eol) + lines[end:])
    start, end = spans[index]
    new = _render(event, indent, flow, eol) if event is not None else []
    return "".join(lines[:start] + new + lines[end:])


def _plain_events(text: str) -> list:
    data = yaml.load(text, Loader=_StrictLoader)
    return list(data.get("events") or []) if isinstance(data, dict) else []


def _events_node(root) -> tuple:
    """The ``events`` key node and its value node of the top-level mapping (None, None if absent)."""
    if not isinstance(root, yaml.MappingNode):
        raise InputError("a case file is a mapping of keys", "")
    for key, value in root.value:
        if key.value == "events":
            is_empty = isinstance(value, yaml.ScalarNode)  # `events:` with nothing, or `events: null`
            return key, None if is_empty else value
    return None, None


def _item_spans(lines: list[str], seq, key_column: int) -> list[tuple[int, int]]:
    """For each event, the line range [start, end) it occupies: from its dash to its last line that is
    neither blank nor a comment (comments between events stay where they are)."""
    starts = [item.start_mark.line for item in seq.value]
    stop = _block_end(lines, starts[-1] + 1, key_column)
    spans = []
    for i, start in enumerate(starts):
        end = starts[i + 1] if i + 1 < len(starts) else stop
        while end - 1 > start and _is_filler(lines[end - 1]):
            end -= 1
        spans.append((start, end))
    return spans


def _block_end(lines: list[str], start: int, key_column: int) -> int:
    """The first line from ``start`` that begins the next key of the ``events`` key's mapping."""
    for i in range(start, len(lines)):
        line = lines[i]
        if not _is_filler(line) and len(line) - len(line.lstrip(" ")) <= key_column:
            return i
    return len(lines)


def _is_filler(line: str) -> bool:
    stripped = line.strip()
    return not stripped or stripped.startswith("#")


def _item_style(lines: list[str], seq) -> tuple[int, bool]:
    """The dash's column and whether events are written as flow mappings (``- {date: …}``)."""
    first = seq.value[-1]
    line = lines[first.start_mark.line]
    dash = line.index("-")
    return dash, isinstance(first, yaml.MappingNode) and bool(first.flow_style)


def _render(event: dict, indent: int, flow: bool, eol: str = "\n") -> list[str]:
    pad = " " * indent
    if flow:
        one = yaml.safe_dump(event, default_flow_style=True, allow_unicode=True, sort_keys=False, width=10**6)
        return [f"{pad}- {one.strip()}{eol}"]
    block = yaml.safe_dump([event], default_flow_style=False, allow_unicode=True, sort_keys=False, width=10**6)
    return [pad + line + eol for line in block.splitlines()]


def _new_events_block(lines: list[str], key, events: list) -> str:
    """Events written afresh as a block at the place of ``events:`` (or at the end of the file)."""
    eol = "\r\n" if lines and lines[0].endswith("\r\n") else "\n"
    body = "".join(line for ev in events for line in _render(ev, 2, True, eol))
    if key is None:
        return "".join(lines) + "events:" + eol + body
    start = key.start_mark.line
    end = _block_end(lines, start + 1, key.start_mark.column)
    return "".join(lines[:start] + ["events:" + eol + body] + lines[end:])
