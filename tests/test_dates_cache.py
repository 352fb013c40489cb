"""What the `holidays` package and Babel give is kept on disk (src/nachruecken/law/dates.py), and a date
formatted from the kept words is Babel's own."""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys

from nachruecken.law import dates


def _fresh(monkeypatch, folder) -> None:
    monkeypatch.setenv("NACHRUECKEN_CACHE", str(folder))
    dates._kept.cache_clear()
    dates._land_calendar.cache_clear()
    dates._calendar_words.cache_clear()
    dates._babel_format.cache_clear()


def test_the_kept_calendar_is_the_packages_own(monkeypatch, tmp_path):
    import holidays

    _fresh(monkeypatch, tmp_path)
    for land, year in (("HE", 2021), ("BB", 2024), ("HH", 2019), ("MV", 2023), ("NW", 2020)):
        assert dates._land_calendar(land, year) == frozenset(holidays.country_holidays("DE", subdiv=land, years=year))
    kept = json.loads(next(tmp_path.glob("holidays-*.json")).read_text(encoding="utf-8"))
    assert set(kept) == {"HE", "BB", "HH", "MV", "NW"}
    assert "2021-05-13" in kept["HE"]["2021"]  # Christi Himmelfahrt
    assert "2024-10-31" in kept["BB"]["2024"] and "2024-10-31" not in json.dumps(kept["NW"])  # Reformationstag


def test_a_later_process_reads_the_kept_calendar_without_the_package(monkeypatch, tmp_path):
    _fresh(monkeypatch, tmp_path)
    # Friday 25 Dec 2020 + 1 week = Friday 1 Jan 2021 (Neujahr): the period ends on Monday 4 Jan
    assert dates.period_end(dt.date(2020, 12, 25), 1, "HE") == dt.date(2021, 1, 4)
    dates.long_date(dt.date(2021, 1, 4), "de")
    probe = (
        "import sys, datetime as dt; from nachruecken.law import dates; "
        "print(dates.period_end(dt.date(2020, 12, 25), 1, 'HE'), 'holidays' in sys.modules, "
        "dates.long_date(dt.date(2021, 1, 4), 'de').replace(' ', '_'), 'babel' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        check=True,
        env={**__import__("os").environ, "NACHRUECKEN_CACHE": str(tmp_path)},
    ).stdout.split()
    assert out == ["2021-01-04", "False", "4._Januar_2021", "False"]


def test_an_empty_setting_keeps_nothing_and_a_broken_file_is_computed_again(monkeypatch, tmp_path):
    _fresh(monkeypatch, "")
    assert dt.date(2021, 1, 1) in dates._land_calendar("HE", 2021)
    assert list(tmp_path.iterdir()) == []
    _fresh(monkeypatch, tmp_path)
    dates._land_calendar("HE", 2021)
    path = next(tmp_path.glob("holidays-*.json"))
    path.write_text("{not json", encoding="utf-8")
    _fresh(monkeypatch, tmp_path)
    assert dt.date(2021, 1, 1) in dates._land_calendar("HE", 2021)
    assert "2021-01-01" in json.loads(path.read_text(encoding="utf-8"))["HE"]["2021"]


def test_long_dates_and_weekdays_are_babels_own(monkeypatch, tmp_path):
    from babel.dates import format_date

    _fresh(monkeypatch, tmp_path)
    day = dt.date(2018, 12, 20)
    while day < dt.date(2027, 1, 10):
        for lang, locale in (("de", "de_DE"), ("en", "en_GB")):
            assert dates.long_date(day, lang) == format_date(day, format="long", locale=locale)
            assert dates.weekday_name(day, lang) == format_date(day, "EEEE", locale=locale)
        day += dt.timedelta(days=3)
    # a field the kept words do not cover is left to Babel
    assert dates._babel_format(dt.date(2021, 3, 5), "EEE, d. MMM y", "de_DE") == format_date(
        dt.date(2021, 3, 5), "EEE, d. MMM y", locale="de_DE"
    )
