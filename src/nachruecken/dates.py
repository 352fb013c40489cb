"""Date mechanics: YYYYMMDD integers for ASP, and the end of a one-week period.

BGB § 187 Abs. 1: the day of service is not counted; § 188 Abs. 2: a period of one week ends
with the end of the same weekday of the following week (a seven-day period ends on the same
day); § 193: an end on a Saturday, Sunday or listed public holiday moves to the next working day.
"""

from __future__ import annotations

import datetime as dt


def to_int(day: dt.date) -> int:
    return day.year * 10000 + day.month * 100 + day.day


def from_int(value: int) -> dt.date:
    return dt.date(value // 10000, value // 100 % 100, value % 100)


def iso(value: int | None) -> str | None:
    return None if value in (None, 0) else from_int(value).isoformat()


def week_deadline(served: dt.date, holidays: tuple[dt.date, ...] = ()) -> dt.date:
    end = served + dt.timedelta(days=7)
    while end.weekday() >= 5 or end in holidays:
        end += dt.timedelta(days=1)
    return end
