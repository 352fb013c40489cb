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
import re
from pathlib import Path


def to_int(day: dt.date) -> int:
    return day.year * 10000 + day.month * 100 + day.day


def from_int(value: int) -> dt.date:
    return dt.date(value // 10000, value // 100 % 100, value % 100)


def iso(value: int | None) -> str | None:
    return None if value in (None, 0) else from_int(value).isoformat()


# The holidays package takes about 150 ms to load and to compute one Land's year, Babel some 40 ms to
# load a locale: more than a whole walk. What they give is kept on disk, per installed version of the
# package, so that a command run later needs neither (NACHRUECKEN_CACHE names another folder; set
# empty, nothing is kept).
def _cache_file(package: str) -> Path | None:
    import importlib.util

    folder = os.environ.get("NACHRUECKEN_CACHE")
    if folder == "":
        return None
    spec = importlib.util.find_spec(package)  # finds the package without loading it
    if spec is None or spec.origin is None:
        return None
    # its version, from the installed distribution's folder name (else the package file's stamp)
    found = sorted(Path(spec.origin).parent.parent.glob(f"{package}-*.dist-info"))
    if found:
        version = found[-1].name[len(package) + 1 : -len(".dist-info")]
    else:
        try:
            stat = Path(spec.origin).stat()
        except OSError:
            return None
        version = f"{stat.st_mtime_ns}-{stat.st_size}"
    root = Path(folder) if folder else Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "nachruecken"
    return root / f"{package}-{version}.json"


@functools.cache
def _kept(package: str) -> dict:
    path = _cache_file(package)
    try:
        return json.loads(path.read_text(encoding="utf-8")) if path is not None else {}
    except (OSError, ValueError):
        return {}


def _keep(package: str, keys: list[str], value) -> None:
    path = _cache_file(package)
    if path is None:
        return
    stored = _kept(package)
    node = stored
    for key in keys[:-1]:
        node = node.setdefault(key, {})
    node[keys[-1]] = value
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps(stored, sort_keys=True, ensure_ascii=False), encoding="utf-8")
        os.replace(tmp, path)  # whole or not at all, also with several processes
    except OSError:
        pass  # a folder we may not write: computed again next time


@functools.cache
def _land_calendar(land: str, year: int) -> frozenset[dt.date]:
    days = _kept("holidays").get(land, {}).get(str(year))
    if days is None:
        import holidays as holiday_calendars

        days = sorted(d.isoformat() for d in holiday_calendars.country_holidays("DE", subdiv=land, years=year))
        _keep("holidays", [land, str(year)], days)
    return frozenset(dt.date.fromisoformat(d) for d in days)


# Holidays that hold in part of a Land only, which the calendar therefore leaves out: a period that ends on
# one of them ends there or on the next working day, by the municipality, which the case must say (its
# `holidays`). Bayern: Assumption Day where most inhabitants are Catholic, the Peace Festival in Augsburg
# (Bavarian Feiertagsgesetz).
LOCAL_HOLIDAYS: dict[str, dict[tuple[int, int], dict[str, str]]] = {
    "BY": {
        (8, 15): {
            "de": "Mariä Himmelfahrt, gesetzlicher Feiertag nur in Gemeinden mit überwiegend katholischer Bevölkerung",
            "en": "Assumption Day, a public holiday only in municipalities with a mainly Catholic population",
        },
        (8, 8): {
            "de": "Augsburger Friedensfest, gesetzlicher Feiertag nur im Stadtgebiet Augsburg",
            "en": "the Augsburg Peace Festival, a public holiday only in the city of Augsburg",
        },
    },
}


def local_holiday(day: dt.date, land: str | None, lang: str = "en") -> str | None:
    """The name of a holiday that holds in part of the Land only, if ``day`` is one (else None)."""
    names = LOCAL_HOLIDAYS.get(land or "", {}).get((day.month, day.day))
    return None if names is None else names["de" if lang == "de" else "en"]


def is_holiday(day: dt.date, land: str | None, extra: tuple[dt.date, ...] = ()) -> bool:
    """A public holiday of the Land (ISO 3166-2 code without ``DE-``) or one the case lists."""
    return day in extra or (land is not None and day in _land_calendar(land, day.year))


def period_end(
    start: dt.date, weeks: int = 1, land: str | None = None, extra: tuple[dt.date, ...] = (), shift: bool = True
) -> dt.date:
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


def deadline_moved(
    start: dt.date | None, deadline: dt.date | None, land: str | None, extra: tuple[dt.date, ...] = (), lang: str = "en"
) -> dict | None:
    """Why a period of weeks that began on ``start`` ends on ``deadline`` rather than on the same
    weekday (BGB § 193): the day it would have ended, and each weekend day or holiday skipped, by
    name. None when the period was not moved."""
    if start is None or deadline is None or deadline.weekday() == start.weekday() or deadline <= start:
        return None
    nominal = deadline - dt.timedelta(days=(deadline.weekday() - start.weekday()) % 7)
    skipped = [nominal + dt.timedelta(days=k) for k in range((deadline - nominal).days)]
    if not all(d.weekday() >= 5 or is_holiday(d, land, extra) for d in skipped):
        return None
    listed = "im Fall genannter Feiertag" if lang == "de" else "a holiday the case lists"
    days = []
    for d in skipped:
        # (a holiday's name only where the day is one of the Land's: a weekend needs no calendar)
        name = (_holiday_names(land, d.year, lang).get(d) if land and is_holiday(d, land) else None) or (
            listed if d in extra else None
        )
        days.append({"date": d.isoformat(), "name": name or weekday_name(d, lang)})
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


LOCALES = {"de": "de_DE", "en": "en_GB"}


@functools.cache
def _calendar_words(locale: str) -> dict:
    """Babel's long date pattern and its month and weekday names for ``locale`` (kept on disk)."""
    words = _kept("babel").get(locale)
    if words is None:
        from babel import Locale
        from babel.dates import get_date_format

        loc = Locale.parse(locale)
        words = {
            "pattern": get_date_format("long", locale=loc).pattern,
            "months": [loc.months["format"]["wide"][m] for m in range(1, 13)],
            "days": [loc.days["format"]["wide"][d] for d in range(7)],
        }
        _keep("babel", [locale], words)
    return words


_FIELD = re.compile(r"([A-Za-z])\1*|'(?:[^']|'')*'|[^A-Za-z']+")


@functools.lru_cache(maxsize=4096)
def _babel_format(day: dt.date, pattern: str, locale: str) -> str:
    """``day`` in a CLDR pattern of day, month, year and weekday fields, as Babel formats it; any
    other field is left to Babel itself. (Kept per day: a term's determinations name the same days.)"""
    words = _calendar_words(locale)
    out = []
    for m in _FIELD.finditer(pattern):
        token = m.group(0)
        if token.startswith("'"):
            out.append(token[1:-1].replace("''", "'") if token != "''" else "'")
        elif not token[0].isalpha():
            out.append(token)
        elif token == "d":
            out.append(str(day.day))
        elif token == "dd":
            out.append(f"{day.day:02d}")
        elif token == "MMMM":
            out.append(words["months"][day.month - 1])
        elif token in ("y", "yyyy"):
            out.append(str(day.year))
        elif token == "EEEE":
            out.append(words["days"][day.weekday()])
        else:
            from babel.dates import format_date

            return format_date(day, pattern, locale=locale)
    return "".join(out)


def weekday_name(day: dt.date, lang: str = "en") -> str:
    return _babel_format(day, "EEEE", LOCALES.get(lang, "en_GB"))


def long_date(day: dt.date, lang: str = "en") -> str:
    """A date for running text: "24 December 2011", "24. Dezember 2011" (Babel's long format)."""
    locale = LOCALES.get(lang, "en_GB")
    return _babel_format(day, _calendar_words(locale)["pattern"], locale)


def long_iso(text: str | None, lang: str = "en", missing: str = "-") -> str:
    """An ISO date from a result (or None) as running text."""
    return long_date(dt.date.fromisoformat(text), lang) if text else missing
