"""A case file's YAML read at libyaml's speed: libyaml's parser gives the events, and one loop builds the
plain data from them, resolving each plain scalar as PyYAML's SafeLoader does (timestamps excepted: the
loader checks dates itself). PyYAML's own constructor does the same work node by node through several
Python calls each, which made a list of 100,000 candidates take seconds.

What a case file does not use (anchors and aliases, explicit tags, merge keys, several documents) is
left to the full loader: ``load`` returns ``FALLBACK`` and the caller parses the text the slow way, with
the same result and the same messages. A key given twice is the loader's error, with its line."""

from __future__ import annotations

from typing import Any

import yaml

from nachruecken.errors import InputError

FALLBACK = object()  # the text needs the full loader

# libyaml's parser (what yaml.CSafeLoader parses with); None where PyYAML was built without libyaml,
# and the full loader does it all
_CParser: Any = getattr(getattr(yaml, "_yaml", None), "CParser", None)


def _resolver(loader_class):
    """Plain scalars resolved and constructed by the loader's resolvers and SafeLoader's constructors;
    a text no resolver starts with, and a plain decimal, on a short path."""
    table = loader_class.yaml_implicit_resolvers
    constructors = loader_class.yaml_constructors
    constructor = yaml.constructor.SafeConstructor()  # its construct_* of scalars need no stream

    def resolve(value: str):
        resolvers = table.get(value[:1])
        if resolvers is None:
            return value
        for tag, regexp in resolvers:
            if regexp.match(value):
                break
        else:
            return value
        if tag == "tag:yaml.org,2002:int" and value.isdigit() and (value == "0" or value[0] != "0"):
            return int(value)  # a plain decimal (a leading 0 is octal in YAML 1.1: the constructor's)
        construct = constructors.get(tag)
        if construct is None:  # "=" or "<<": what the full loader handles (or refuses)
            raise _Unsupported()
        return construct(constructor, yaml.ScalarNode(tag, value))

    return resolve


def load(text: str, loader_class):
    """The text's single document as plain data, or FALLBACK; PyYAML's errors as it raises them."""
    if _CParser is None:
        return FALLBACK
    resolve = _resolver(loader_class)
    parser = _CParser(text)
    try:
        get = parser.get_event
        get()  # StreamStart
        event = get()
        if type(event) is yaml.StreamEndEvent:
            return None
        data = _node(get, get(), resolve)  # after DocumentStart
        get()  # DocumentEnd
        if type(get()) is not yaml.StreamEndEvent:
            return FALLBACK  # a second document: the full loader says so
        return data
    except _Unsupported:
        return FALLBACK
    finally:
        parser.dispose()


class _Unsupported(Exception):
    pass


_SCALAR, _SEQ, _SEQ_END, _MAP, _MAP_END = (
    yaml.ScalarEvent,
    yaml.SequenceStartEvent,
    yaml.SequenceEndEvent,
    yaml.MappingStartEvent,
    yaml.MappingEndEvent,
)


def _node(get, event, resolve):
    """The value that starts with ``event``; ``get`` gives the events after it."""
    kind = type(event)
    if event.anchor is not None if kind is not yaml.AliasEvent else True:
        raise _Unsupported()
    if kind is _SCALAR:
        return _scalar(event, resolve)
    if kind is _SEQ:
        if event.tag is not None and not event.implicit:
            raise _Unsupported()
        items = []
        event = get()
        while type(event) is not _SEQ_END:
            items.append(_node(get, event, resolve))
            event = get()
        return items
    if kind is _MAP:
        if event.tag is not None and not event.implicit:
            raise _Unsupported()
        return _mapping(get, resolve)
    raise _Unsupported()


def _mapping(get, resolve) -> dict:
    out: dict = {}
    event = get()
    while type(event) is not _MAP_END:
        if type(event) is _SCALAR and event.tag is None and event.anchor is None:  # the usual key, inline
            key = event.value if event.style or not event.implicit[0] else resolve(event.value)
        else:
            key = _node(get, event, resolve)
        if key == "<<" or not isinstance(key, (str, int, float, bool, type(None))):
            raise _Unsupported()  # a merge key, or a key that is a list or mapping
        if key in out:
            raise InputError(f"duplicate key '{key}' (line {event.start_mark.line + 1})")
        value = get()
        if type(value) is _SCALAR and value.tag is None and value.anchor is None:  # the usual value, inline
            out[key] = value.value if value.style or not value.implicit[0] else resolve(value.value)
        else:
            out[key] = _node(get, value, resolve)
        event = get()
    return out


def _scalar(event, resolve):
    if event.tag is not None and event.tag != "!" and not (event.implicit[0] or event.implicit[1]):
        raise _Unsupported()  # an explicit tag
    if event.style or not event.implicit[0]:
        return event.value  # quoted, a block scalar, or "!": text
    return resolve(event.value)
