"""Office input in case files: event types as German words (any letter case), dates as TT.MM.JJJJ, and a
plain "Verzicht" read by the person's status on its date (DESIGN, "Office input"): a member's gives up
the seat (`resigned`), anyone else's waives the Anwartschaft (`waived`)."""

from __future__ import annotations

import copy
import datetime as dt
import json

import jsonschema
import pytest

from nachruecken.case.convert import to_json, to_lp, to_yaml
from nachruecken.case.loader import build_case, parse_text
from nachruecken.case.schema import CASE_SCHEMA
from nachruecken.case.shape import conforms
from nachruecken.case.words import EVENT_WORDS, german_word
from nachruecken.engine.determine import determine_case
from nachruecken.errors import InputError
from nachruecken.law.statutes import encoded_statutes

from conftest import ROOT, by_person, decide, nomination, only, statute_case
from profiles import worked_cases

INSTANCES = worked_cases(sorted((ROOT / "instances").rglob("*.yaml")))  # (tests/profiles.py)


# --- every shipped case, written as an office writes it, decides as it does ---------------------------


def _office_date(text: str, short: bool) -> str:
    day = dt.date.fromisoformat(text)
    return f"{day.day}.{day.month}.{day.year}" if short else day.strftime("%d.%m.%Y")


def _as_office_writes(data: dict) -> dict:
    """The case with each event type a German word (the synonyms in turn, in changing letter case; an
    acceptance with reservation as "Annahme unter Vorbehalt" without the key) and every date TT.MM.JJJJ
    (some T.M.JJJJ)."""
    new = copy.deepcopy(data)
    for key in ("election_date", "as_of"):
        if key in new:
            new[key] = _office_date(new[key], False)
    new["holidays"] = [_office_date(h, True) for h in new.get("holidays", [])] or new.pop("holidays", [])
    for key in ("period_start", "period_end"):
        if key in new.get("body", {}):
            new["body"][key] = _office_date(new["body"][key], True)
    for nom in new["nominations"]:
        if "by_election" in nom:
            nom["by_election"] = _office_date(nom["by_election"], False)
    for i, ev in enumerate(new.get("events", [])):
        ev["date"] = _office_date(ev["date"], i % 2 == 1)
        if "received" in ev:
            ev["received"] = _office_date(ev["received"], i % 2 == 0)
        if ev["type"] == "accepted" and ev.pop("reservation", False):
            word = german_word("accepted", reservation=True)
        else:
            words = [w for w, implied in EVENT_WORDS[ev["type"]] if not implied]
            word = words[i % len(words)]
        ev["type"] = (word, word.lower(), word.upper())[i % 3]
    return new


def _decided(data: dict) -> dict:
    result = determine_case(build_case(data, "<case>"))
    return {k: v for k, v in result.items() if k not in ("case", "input_sha256")}


@pytest.mark.parametrize("path", INSTANCES, ids=lambda p: str(p.relative_to(ROOT / "instances")))
def test_german_words_and_dates_decide_as_english_types_and_iso_dates(path):
    data = parse_text(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    office = _as_office_writes(data)
    assert office != data or not data.get("events")
    assert _decided(office) == _decided(data)


# --- the loader and the schema --------------------------------------------------------------------------

BASE = statute_case(
    "he-kwg-34-2011",
    [nomination("spd", ("a", 30, True), ("b", 20), ("c", 10))],
    [("01.06.2022", "a", "Tod")],
    election_date="14.03.2021",
)


def test_unknown_word_is_one_line_with_the_closest_words(write_case, run_cli):
    data = copy.deepcopy(BASE)
    data["events"][0]["type"] = "Verzicht auf Sitz"
    result = run_cli("solve", write_case(data))
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, lines
    assert ": events[0].type: " in lines[0]
    assert "'Verzicht auf den Sitz'" in lines[0] and "did you mean" in lines[0]


def test_unknown_word_without_a_close_one_names_where_the_words_are_listed():
    data = copy.deepcopy(BASE)
    data["events"][0]["type"] = "xyzzy"
    with pytest.raises(InputError, match="statutes --events") as err:
        build_case(data, "<case>")
    assert err.value.path == "events[0].type"


def test_words_in_any_letter_case_and_their_implied_keys():
    data = copy.deepcopy(BASE)
    data["events"] = [
        {"date": "01.06.2022", "person": "a", "type": "VERSTORBEN"},
        {"date": "2022-06-02", "person": "b", "type": "annahme unter vorbehalt"},
        {"date": "3.6.2022", "person": "c", "type": "Left Group"},
        {"date": "04.06.2022", "person": "c", "type": "verzicht"},
    ]
    events = build_case(data, "<case>").events
    assert [(e.type, e.date.isoformat(), e.reservation, e.word) for e in events] == [
        ("died", "2022-06-01", False, None),
        ("accepted", "2022-06-02", True, None),
        ("left_group", "2022-06-03", False, None),
        ("resigned", "2022-06-04", False, "Verzicht"),
    ]
    data["events"][1]["reservation"] = False
    with pytest.raises(InputError, match="means reservation: true") as err:
        build_case(data, "<case>")
    assert err.value.path == "events[1].reservation"


@pytest.mark.parametrize("bad", ["31.02.2022", "2022/06/01", "1.6.22"])
def test_a_date_neither_iso_nor_german_is_refused(bad):
    data = copy.deepcopy(BASE)
    data["events"][0]["date"] = bad
    with pytest.raises(InputError) as err:
        build_case(data, "<case>")
    assert err.value.path == "events[0].date"


def test_yaml_dates_stay_text_quoted_or_not():
    text = (
        "statute: he-kwg-34-2011\nelection_date: 2021-03-14\nnominations:\n"
        "  - id: spd\n    candidates: [{id: a, elected: true}, {id: b}]\n"
        "events:\n  - {date: 01.06.2022, person: a, type: Verzicht}\n  - {date: 2022-06-02, person: b, type: Annahme}\n"
    )
    data = parse_text(text)
    assert data["election_date"] == "2021-03-14" and data["events"][0]["date"] == "01.06.2022"
    case = build_case(data, "<case>")
    assert [e.date for e in case.events] == [dt.date(2022, 6, 1), dt.date(2022, 6, 2)]


def test_the_published_schema_takes_german_words_and_dates():
    jsonschema.Draft202012Validator.check_schema(CASE_SCHEMA)
    data = copy.deepcopy(BASE)
    data["events"] += [
        {"date": "02.06.2022", "person": "b", "type": "Annahme unter Vorbehalt", "received": "3.6.2022"},
        {"date": "2022-06-04", "person": "c", "type": "Verzicht"},
    ]
    data["holidays"] = ["03.10.2022"]
    jsonschema.validate(data, CASE_SCHEMA)
    assert conforms(data)
    data["events"][0]["type"] = "Abdankung"
    assert not conforms(data)


def test_lp_facts_take_a_german_word_as_a_string():
    text = (
        'statute("he-kwg-34-2011"). election_date(20210314). nomination("spd"). candidate("spd","a",1). '
        'elected("spd","a"). candidate("spd","b",2). event(1,20220601,"a","Tod"). event(2,20220602,"b",verzicht).'
    )
    case = build_case(parse_text(text, ".lp"), "<case>")
    assert [(e.type, e.word) for e in case.events] == [("died", None), ("resigned", "Verzicht")]


# --- a plain Verzicht, read by status -------------------------------------------------------------------


# Sachsen: under sn.membership = on_call the person called is a member at once; the pending person of
# these cases needs the alternative, membership with the notification
PENDING_READINGS = {"sn-saechsgemo-34": {"sn.membership": "on_notification"}}


def _case(statute: str, events: list, election_date: str = "2019-05-26") -> dict:
    return statute_case(
        statute,
        [nomination("spd", ("a", 40, True), ("b", 30), ("c", 20), ("d", 10))],
        events,
        election_date=election_date,
        readings=PENDING_READINGS.get(statute, {}),
    )


STATUTES = [(sid, "2006-03-26" if sid == "he-kwg-34" else "2019-05-26") for sid in encoded_statutes()]


def _verzicht_and(statute: str, election: str, english: str, events: list) -> tuple[dict, dict]:
    """The case decided with a plain Verzicht and with the English type it should be read as."""
    german = decide(_case(statute, [(d, p, "Verzicht" if t == "?" else t, *x) for d, p, t, *x in events], election))
    plain = decide(_case(statute, [(d, p, english if t == "?" else t, *x) for d, p, t, *x in events], election))
    return german, plain


def _read_as(result: dict) -> list[str]:
    return [w.split("(")[-2].split(")")[0] for w in result["warnings"] if "declared a Verzicht" in w]


@pytest.mark.parametrize("statute,election", STATUTES)
def test_a_members_verzicht_gives_up_the_seat(statute, election):
    german, plain = _verzicht_and(statute, election, "resigned", [("2020-06-01", "a", "?", {"form": "recorded"})])
    assert german["determinations"] == plain["determinations"]
    det = only(german)
    assert det["vacancy"] == "a" and det["trigger"] == "resigned"
    assert _read_as(german) == ["resigned"]


@pytest.mark.parametrize("statute,election", STATUTES)
def test_a_pending_persons_verzicht_fails_the_call_as_a_waiver(statute, election):
    events = [("2020-06-01", "a", "died"), ("2020-06-03", "b", "?", {"form": "recorded"})]
    german, plain = _verzicht_and(statute, election, "waived", events)
    assert german["determinations"] == plain["determinations"]
    assert _read_as(german) == ["waived"]
    assert not any("while his call was pending" in w for w in german["warnings"])
    det = only(german)
    if statute == "sn-saechsgemo-34":
        # Sachsen knows no waiver of the Anwartschaft, and a refusal needs the council's finding of an
        # important reason (§ 18 SächsGemO): the waiver fails nothing, b stays called
        assert det["successor"] == "b"
    elif det["outcome"] == "successor":  # (Hamburg wants Bezirkslisten: nobody is called here)
        assert by_person(det)["b"]["status"] == "skipped" and det["successor"] == "c"


@pytest.mark.parametrize("statute,election", STATUTES)
def test_a_candidates_verzicht_is_his_waiver(statute, election):
    events = [("2020-01-10", "b", "?", {"form": "recorded"}), ("2020-06-01", "a", "died")]
    german, plain = _verzicht_and(statute, election, "waived", events)
    assert german["determinations"] == plain["determinations"]
    assert _read_as(german) == ["waived"]


@pytest.mark.parametrize("statute,election", [("he-kwg-34", "2006-03-26"), ("he-kwg-34-2011", "2019-05-26")])
def test_a_candidates_verzicht_before_any_call_excludes_him_later(statute, election):
    """Hessen: the waiver of the Anwartschaft lasts (old § 34 Abs. 2; from 2011 Abs. 2 Nr. 2): the walk
    months later passes him over as having waived."""
    result = decide(_case(statute, [("2020-01-10", "b", "Verzicht"), ("2020-06-01", "a", "died")], election))
    det = only(result)
    assert det["successor"] == "c"
    assert by_person(det)["b"]["status"] == "skipped" and by_person(det)["b"]["reasons"] == ["waived"]


def test_the_german_warning_names_the_reading():
    result = decide(_case("nw-kwahlg-45", [("2020-06-01", "a", "Verzicht", {"form": "recorded"})]), lang="de")
    assert any("Verzicht erklärt" in w and "gelesen als Mandatsverzicht" in w for w in result["warnings"])


# --- convert writes a Verzicht back as it was read in -------------------------------------------------


def test_convert_round_trips_a_verzicht():
    data = _case(
        "he-kwg-34-2011",
        [("01.01.2020", "c", "Verzicht"), ("01.06.2020", "a", "verzicht"), ("2020-06-02", "b", "Annahme")],
    )
    case = build_case(data, "<case>")
    assert "type: Verzicht" in to_yaml(case)
    assert ",verzicht)." in to_lp(case)
    for text, suffix in ((to_yaml(case), ".yaml"), (to_json(case), ".json"), (to_lp(case), ".lp")):
        again = build_case(parse_text(text, suffix), "<case>")
        assert again.events == case.events, suffix
        assert determine_case(again)["determinations"] == determine_case(case)["determinations"]


# --- `nachruecken statutes --events` ---------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "de"])
def test_statutes_lists_the_event_words(run_cli, lang):
    result = run_cli("statutes", "--events", "--lang", lang)
    assert result.exit_code == 0, result.output
    lines = result.stdout.strip().splitlines()
    assert all(len(line) <= 80 for line in lines), [line for line in lines if len(line) > 80]
    starts = [line for line in lines if not line.startswith(" ")]
    assert len(starts) == len(EVENT_WORDS) + 2  # a head, one entry a type (long ones go on), the plain Verzicht
    first = {"en": "died (died): Tod", "de": "Tod, verstorben: died"}[lang]
    assert any(line.startswith(first) for line in lines)
    assert lines[-1].startswith("Verzicht (") and "resigned" in lines[-1] and "waived" in lines[-1]


def test_statutes_lists_the_event_words_as_json(run_cli):
    out = json.loads(run_cli("statutes", "--events", "--json").stdout)
    words = {w["word"]: (row["type"], w["implies"]) for row in out["events"] for w in row["words"]}
    assert words["Annahme unter Vorbehalt"] == ("accepted", {"reservation": True})
    assert words["Mandatsverzicht"] == ("resigned", {})
    assert out["verzicht"]["read_by_status"] == {"member": "resigned", "anyone_else": "waived"}
