"""Date mechanics: YYYYMMDD integers for ASP, and the end of a period.

BGB § 187 Abs. 1: the day of service (or of the call) is not counted; § 188 Abs. 2: a period of
weeks ends with the end of the same weekday of the last week; § 193: an end on a Saturday, Sunday
or public holiday moves to the next working day. Public holidays are those of the statute's Land
(the ``holidays`` package) plus any a case lists.
"""

from __future__ import annotations

import datetime as dt
import functools
import json
import os
from pathlib import Path


def to_int(day: dt.date) -> int:
    return day.year * 10000 + day.month * 100 + day.day


def from_int(value: int) -> dt.date:
    return dt.date(value // 10000, value // 100 % 100, value % 100)


def iso(value: int | None) -> str | None:
    return None if value in (None, 0) else from_int(value).isoformat()


# The holidays package takes about 150 ms to load and to compute one Land's year, more than a whole
# walk. What it computes is kept on disk, per version of the package, so that a command run later
# needs no import of it (NACHRUECKEN_CACHE names another folder; set empty, nothing is kept).
def _cache_file() -> Path | None:
    import importlib.util

    folder = os.environ.get("NACHRUECKEN_CACHE")
    if folder == "":
        return None
    spec = importlib.util.find_spec("holidays")  # finds the package without loading it
    if spec is None or spec.origin is None:
        return None
    package = Path(spec.origin).parent
    # its version, from the installed distribution's folder name (else the package file's stamp)
    found = sorted(package.parent.glob("holidays-*.dist-info"))
    if found:
        version = found[-1].name[len("holidays-"):-len(".dist-info")]
    else:
        try:
            stat = Path(spec.origin).stat()
        except OSError:
            return None
        version = f"{stat.st_mtime_ns}-{stat.st_size}"
    root = Path(folder) if folder else Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "nachruecken"
    return root / f"holidays-{version}.json"


@functools.cache
def _disk_calendars() -> dict:
    path = _cache_file()
    try:
        return json.loads(path.read_text(encoding="utf-8")) if path is not None else {}
    except (OSError, ValueError):
        return {}


def _keep(land: str, year: int, days: list[str]) -> None:
    path = _cache_file()
    if path is None:
        return
    stored = _disk_calendars()
    stored.setdefault(land, {})[str(year)] = days
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps(stored, sort_keys=True), encoding="utf-8")
        os.replace(tmp, path)  # whole or not at all, also with several processes
    except OSError:
        pass  # a folder we may not write: computed again next time


@functools.cache
def _land_calendar(land: str, year: int) -> frozenset[dt.date]:
    days = _disk_calendars().get(land, {}).get(str(year))
    if days is None:
        import holidays as holiday_calendars

        days = sorted(d.isoformat() for d in holiday_calendars.country_holidays("DE", subdiv=land, years=year))
        _keep(land, year, days)
    return frozenset(dt.date.fromisoformat(d) for d in days)


def is_holiday(day: dt.date, land: str | None, extra: tuple[dt.date, ...] = ()) -> bool:
    """A public holiday of the Land (ISO 3166-2 code without ``DE-``) or one the case lists."""
    return day in extra or (land is not None and day in _land_calendar(land, day.year))


def period_end(start: dt.date, weeks: int = 1, land: str | None = None, extra: tuple[dt.date, ...] = (),
               shift: bool = True) -> dt.date:
    """The last day of a period of ``weeks`` weeks that starts with an event on ``start``
    (BGB §§ 187 Abs. 1, 188 Abs. 2); moved to the next working day under § 193 unless ``shift``
    is false (a statute's own rule that excludes § 193)."""
    end = start + dt.timedelta(days=7 * weeks)
    while shift and (end.weekday() >= 5 or is_holiday(end, land, extra)):
        end += dt.timedelta(days=1)
    return end


@functools.cache
def _holiday_names(land: str, year: int, lang: str) -> dict[dt.date, str]:
    import holidays as holiday_calendars

    language = "de" if lang == "de" else "en_US"
    return dict(holiday_calendars.country_holidays("DE", subdiv=land, years=year, language=language))


def deadline_moved(start: dt.date | None, deadline: dt.date | None, land: str | None,
                   extra: tuple[dt.date, ...] = (), lang: str = "en") -> dict | None:
    """Why a period of weeks that began on ``start`` ends on ``deadline`` rather than on the same
    weekday (BGB § 193): the day it would have ended, and each weekend day or holiday skipped, by
    name. None when the period was not moved."""
    if start is None or deadline is None or deadline.weekday() == start.weekday() or deadline <= start:
        return None
    nominal = deadline - dt.timedelta(days=(deadline.weekday() - start.weekday()) % 7)
    skipped = [nominal + dt.timedelta(days=k) for k in range((deadline - nominal).days)]
    if not all(d.weekday() >= 5 or is_holiday(d, land, extra) for d in skipped):
        return None
    from babel.dates import format_date  # imported where needed: it is slow to load

    locale = "de_DE" if lang == "de" else "en_GB"
    listed = "im Fall genannter Feiertag" if lang == "de" else "a holiday the case lists"
    days = []
    for d in skipped:
        name = (_holiday_names(land, d.year, lang).get(d) if land else None) or (listed if d in extra else None)
        days.append({"date": d.isoformat(), "name": name or format_date(d, "EEEE", locale=locale)})
    return {"from": nominal.isoformat(), "days": days}


def add_months(day: dt.date, months: int) -> dt.date:
    """The same day ``months`` later (the last day of the month where it has fewer days)."""
    month = day.month - 1 + months
    year, month = day.year + month // 12, month % 12 + 1
    for d in (day.day, 30, 29, 28):
        try:
            return day.replace(year=year, month=month, day=d)
        except ValueError:
            continue
    raise ValueError(day)


def long_date(day: dt.date, lang: str = "en") -> str:
    """A date for running text: "24 December 2011", "24. Dezember 2011" (Babel's long format)."""
    from babel.dates import format_date  # imported where needed: it is slow to load

    return format_date(day, format="long", locale="de_DE" if lang == "de" else "en_GB")


def long_iso(text: str | None, lang: str = "en", missing: str = "-") -> str:
    """An ISO date from a result (or None) as running text."""
    return long_date(dt.date.fromisoformat(text), lang) if text else missing
