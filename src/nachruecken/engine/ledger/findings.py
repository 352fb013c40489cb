"""Declarations that take effect only with the council's finding of an important reason (Sachsen § 18
Abs. 1, 2 SächsGemO; the statute says so with ``declaration_needs_finding``): a person's ``refused`` or
``resigned`` is dated on the day of the first ``important_reason`` finding of his made on or after it;
``found: false`` leaves it without effect (dropped, with a warning); with no finding up to the day the
ledger is read it stays on its own date, and the statute decides what an open declaration means (it
refers it). Under every other statute an ``important_reason`` event is ignored, with a warning.
"""

from __future__ import annotations

import dataclasses
import datetime as dt

from nachruecken.case.model import Event

DECLARED = ("refused", "resigned")


def apply_findings(
    events: list[Event], needs_finding: bool, as_of: dt.date | None
) -> tuple[list[Event], list[tuple[str, dict]]]:
    """The events with each declaration moved to its finding's day or dropped, and the warnings."""
    warnings: list[tuple[str, dict]] = []
    if not needs_finding:
        for ev in events:
            if ev.type == "important_reason":
                warnings.append(("finding_ignored", {"person": ev.person, "date": ev.date.isoformat()}))
        return events, warnings
    moved: dict[int, dt.date | None] = {}  # declaration seq -> its finding's day (None: no effect)
    open_of: dict[str, list[Event]] = {}
    for ev in sorted(events, key=lambda e: (e.date, e.type == "important_reason", e.seq)):
        if as_of is not None and ev.date > as_of:
            break
        if ev.type in DECLARED:
            open_of.setdefault(ev.person, []).append(ev)
        elif ev.type == "important_reason":
            declared = open_of.pop(ev.person, [])
            if not declared:
                warnings.append(("finding_without_declaration", {"person": ev.person, "date": ev.date.isoformat()}))
            for k, d in enumerate(declared):
                # one finding decides the person's open request; a second declaration adds nothing
                moved[d.seq] = ev.date if ev.found and k == 0 else None
                if not ev.found:
                    warnings.append(
                        (
                            "no_important_reason",
                            {"person": d.person, "date": d.date.isoformat(), "found_on": ev.date.isoformat()},
                        )
                    )
    for declared in open_of.values():
        for d in declared:
            warnings.append(("finding_missing", {"person": d.person, "date": d.date.isoformat()}))
    out = []
    for ev in events:
        if ev.seq not in moved:
            out.append(ev)
            continue
        day = moved[ev.seq]
        if day is not None:
            out.append(dataclasses.replace(ev, date=day, received=None, declared_on=ev.date))
    return out, warnings
