"""The case-file schema checked at C speed: msgspec types made from ``schema.CASE_SCHEMA`` itself (the
published JSON Schema stays the one contract), so that a case is validated without a Python walk over
its nodes. Only a yes or no: where the answer is no, the full JSON Schema validator runs to name the
problem (``schema.validate_shape``). tests/test_schema_agreement.py checks that both agree on every worked
case, on the bad-input cases and on generated mutations.

The subset of JSON Schema the case schema uses is what is translated: ``type`` (object, array, string,
integer, boolean), ``enum``, ``oneOf``, ``properties`` with ``required`` and ``additionalProperties``
(false, or a schema for every value), ``items``, ``minItems``, ``minLength``, ``maxLength``, ``pattern``,
``minimum``, ``maximum``. Anything else is refused when the types are made, not silently passed.
"""

from __future__ import annotations

import functools
import itertools
from typing import Annotated, Any, Literal, Union

import msgspec

_KNOWN = {
    "type",
    "enum",
    "oneOf",
    "properties",
    "required",
    "additionalProperties",
    "items",
    "minItems",
    "minLength",
    "maxLength",
    "pattern",
    "minimum",
    "maximum",
    "description",
    "$schema",
    "$id",
    "title",
}
_names = itertools.count(1)


def conforms(data: Any) -> bool:
    """Whether ``data`` (plain data: dicts, lists, strings, numbers, booleans) conforms to the schema."""
    try:
        msgspec.convert(data, _case_type(), strict=True)
    except msgspec.ValidationError:
        return False
    return True


@functools.cache
def _case_type():
    from nachruecken.case.schema import CASE_SCHEMA

    return type_of(CASE_SCHEMA)


def type_of(node: dict) -> Any:
    """The msgspec type that accepts exactly what the schema ``node`` accepts."""
    unknown = set(node) - _KNOWN
    if unknown:
        raise ValueError(f"schema keyword(s) not translated: {sorted(unknown)}")
    if "oneOf" in node:
        return Union[tuple(type_of(alt) for alt in node["oneOf"])]  # noqa: UP007  (a union made at run time)
    if "enum" in node:
        return Literal[tuple(node["enum"])]
    kind = node.get("type")
    if kind == "object":
        return _object(node)
    if kind == "array":
        item = type_of(node["items"]) if "items" in node else Any
        return _meta(list[item], min_length=node.get("minItems"))  # type: ignore[valid-type]
    if kind == "string":
        return _meta(
            str, min_length=node.get("minLength"), max_length=node.get("maxLength"), pattern=node.get("pattern")
        )
    if kind == "integer":
        return _meta(int, ge=node.get("minimum"), le=node.get("maximum"))
    if kind == "boolean":
        return bool
    if kind is None:
        return Any
    raise ValueError(f"schema type not translated: {kind!r}")


def _object(node: dict) -> Any:
    properties = node.get("properties", {})
    extra = node.get("additionalProperties", True)
    if not properties:
        return dict[str, type_of(extra) if isinstance(extra, dict) else Any]  # type: ignore[misc]
    if isinstance(extra, dict):
        raise ValueError("properties beside a schema for additional properties: not translated")
    required = set(node.get("required", ()))
    fields: list[tuple] = [(k, type_of(v)) for k, v in properties.items() if k in required]
    fields += [
        (k, Union[type_of(v), msgspec.UnsetType], msgspec.UNSET)  # noqa: UP007
        for k, v in properties.items()
        if k not in required
    ]
    missing = required - set(properties)
    if missing:
        raise ValueError(f"required keys without a schema: {sorted(missing)}")
    return msgspec.defstruct(f"Shape{next(_names)}", fields, forbid_unknown_fields=extra is False, gc=False)


def _meta(base: Any, **constraints) -> Any:
    given = {k: v for k, v in constraints.items() if v is not None}
    return Annotated[base, msgspec.Meta(**given)] if given else base
