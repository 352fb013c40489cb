"""Two candidate keys: `designated_only` (on an NRW Reserveliste only as Ersatzbewerber, § 16 Abs. 2
KWahlG: reached through the designation, never by list order, under no statute) and `salutation`
(display only). Cases are built here (the worked case: instances/nw/ersatzbewerberin-designated-only.yaml)."""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nachruecken import decide as api_decide
from nachruecken.case.convert import to_json, to_lp, to_yaml
from nachruecken.case.loader import build_case, parse_text
from nachruecken.engine.determine import determine_case
from nachruecken.engine.facts import case_text
from nachruecken.errors import InputError

from conftest import by_person, by_vacancy, decide, only
from profiles import examples
from strategies import STATUTES, cases


def nrw_case(*events, readings=None, reserve=None) -> dict:
    """Wahlbezirk winners x and y (CDU); on the Reserveliste f (only for y, written first), l1
    (elected), l2, l3 and e (only for x). Events are (date, person, type[, extra keys])."""
    reserve = reserve or [
        {"id": "f", "designated_only": True, "substitute_for": ["y"], "salutation": "Herr"},
        {"id": "l1", "elected": True},
        {"id": "l2"},
        {"id": "l3"},
        {"id": "e", "designated_only": True, "substitute_for": ["x"], "salutation": "Frau"},
    ]
    data = {
        "statute": "nw",
        "election_date": "2020-09-13",
        "nominations": [
            {
                "id": "cdu-wb1",
                "group": "cdu",
                "tier": "district",
                "district": "wb1",
                "candidates": [{"id": "x", "elected": True}],
            },
            {
                "id": "cdu-wb2",
                "group": "cdu",
                "tier": "district",
                "district": "wb2",
                "candidates": [{"id": "y", "elected": True}],
            },
            {"id": "cdu-rl", "group": "cdu", "candidates": reserve},
        ],
        "events": [{"date": d, "person": p, "type": t, **(x[0] if x else {})} for d, p, t, *x in events],
    }
    if readings:
        data["readings"] = readings
    return data


X_DIES = ("2021-03-01", "x", "died")
E_REFUSES = ("2021-03-04", "e", "refused", {"form": "written"})


@pytest.mark.parametrize("statute", ["nw-kwahlg-45", "nw-kwahlg-45-2024"])
def test_the_ersatzbewerberin_named_only_as_such_succeeds(statute):
    data = nrw_case(X_DIES)
    data["statute"] = statute
    det = only(decide(data))
    assert (det["outcome"], det["successor"], det["successor_nomination"]) == ("successor", "e", "cdu-rl")
    assert "Ersatzbewerber for x" in by_person(det)["e"]["explanation"]
    assert "f" not in by_person(det)


def test_when_she_refuses_the_next_by_list_order_follows_not_another_designated_only():
    """f stands first in the file and is named for someone else: list order never reaches him."""
    det = only(decide(nrw_case(X_DIES, E_REFUSES), all_candidates=True))
    assert det["successor"] == "l2"
    rows = by_person(det)
    assert rows["e"]["status"] == "skipped" and rows["e"]["reasons"][0] == "refused"
    assert "f" not in rows
    assert [c["person"] for c in det["calls"]] == ["e", "l2"]


def test_one_named_only_for_another_is_not_reached_when_the_list_is_exhausted():
    det = only(
        decide(
            nrw_case(
                X_DIES,
                E_REFUSES,
                ("2021-03-08", "l2", "refused", {"form": "written"}),
                ("2021-03-12", "l3", "refused", {"form": "written"}),
            )
        )
    )
    assert (det["outcome"], det["successor"]) == ("vacant", None)
    assert "f" not in by_person(det)
    notes = {n["code"]: n for n in det["notes"]}
    assert notes["designated_only_unreached"]["persons"] == ["f"]
    assert notes["designated_only_unreached"]["norm"] == "nw-kwahlg-16/2"


def test_a_later_vacancy_of_the_person_he_is_named_for_reaches_him():
    dets = by_vacancy(decide(nrw_case(X_DIES, E_REFUSES, ("2022-01-10", "y", "resigned", {"form": "recorded"}))))
    assert dets["x"]["successor"] == "l2"
    assert dets["y"]["successor"] == "f"


@pytest.mark.parametrize("reading,successor", [("next_on_list", "l3"), ("his_substitute", "g")])
def test_one_named_only_for_a_list_candidate_follows_him_on_a_chain(reading, successor):
    """Reading nw.failed_substitute = his_substitute: when l2 (reached by list order) has died, g,
    named for him only, takes his place (a chain of Abs. 2 Satz 2); by default list order goes on."""
    reserve = [
        {"id": "l1", "elected": True},
        {"id": "l2"},
        {"id": "l3"},
        {"id": "g", "designated_only": True, "substitute_for": [{"person": "l2", "candidacy": "list"}]},
    ]
    data = nrw_case(("2021-01-05", "l2", "died"), X_DIES, readings={"nw.failed_substitute": reading}, reserve=reserve)
    assert only(decide(data))["successor"] == successor


def _other_state_case(*events, election="proportional") -> dict:
    """One list; e, named only as Ersatzbewerber for a, has by far the most votes."""
    return {
        "statute": "he",
        "election_date": "2021-03-14",
        "election": election,
        "nominations": [
            {
                "id": "spd",
                "candidates": [
                    {"id": "a", "votes": 100, "elected": True, "seat": "personal"},
                    {"id": "e", "votes": 900, "designated_only": True, "substitute_for": ["a"]},
                    {"id": "b", "votes": 50},
                ],
            }
        ],
        "events": [{"date": "2022-03-01", "person": "a", "type": "died"}, *events],
    }


OTHER_STATUTES = ["he-kwg-34", "he-kwg-34-2011", "bb-kwahlg-60", "mv-lkwg-46", "hh-bezvwg-36"]


@pytest.mark.parametrize("statute", OTHER_STATUTES)
def test_other_statutes_never_take_one_named_only_as_ersatzbewerber(statute):
    det = only(api_decide(_other_state_case(), statute=statute, all_candidates=True))
    assert det["successor"] == "b"
    assert "e" not in by_person(det)
    exhausted = only(
        api_decide(_other_state_case({"date": "2022-03-01", "person": "b", "type": "died"}), statute=statute)
    )
    assert exhausted["successor"] is None and "e" not in by_person(exhausted)


@pytest.mark.parametrize("statute", ["he-kwg-34", "he-kwg-34-2011", "bb-kwahlg-60"])
def test_a_mehrheitswahl_field_leaves_him_out_too(statute):
    det = only(api_decide(_other_state_case(election="majority"), statute=statute, all_candidates=True))
    assert det["successor"] == "b" and "e" not in by_person(det)


def test_windowed_and_full_walks_agree_on_a_long_list():
    reserve = [{"id": "l1", "elected": True}] + [{"id": f"s{i}"} for i in range(12)]
    reserve.insert(3, {"id": "e", "designated_only": True, "substitute_for": ["x"]})
    reserve.append({"id": "f", "designated_only": True, "substitute_for": ["y"]})
    case = build_case(nrw_case(X_DIES, E_REFUSES, reserve=reserve), "<test>")
    windowed, full = determine_case(case), determine_case(case, windowed=False)
    assert windowed["determinations"] == full["determinations"]
    assert only(windowed)["successor"] == "s0"


# --- the case file ---------------------------------------------------------


def test_places_follow_the_list_in_file_order_and_facts_say_designated_only():
    case = build_case(nrw_case(X_DIES), "<test>")
    places = {c.person: (c.position, c.designated_only) for c in case.nomination("cdu-rl").candidates}
    assert places == {"f": (5, True), "l1": (2, False), "l2": (3, False), "l3": (4, False), "e": (6, True)}
    text = case_text(case, {})
    assert 'designated_only("cdu-rl","e").' in text and 'designated_only("cdu-rl","f").' in text
    assert "salutation" not in text  # display only: no encoding reads it


def _error(data: dict) -> InputError:
    with pytest.raises(InputError) as exc:
        build_case(data, "<test>")
    assert "\n" not in str(exc.value)
    return exc.value


@pytest.mark.parametrize(
    "change,path,fragment",
    [
        (
            {"substitute_for": None},
            "nominations[2].candidates[4].designated_only",
            "designated_only needs substitute_for",
        ),
        (
            {"substitute_for": []},
            "nominations[2].candidates[4].designated_only",
            "designated_only needs substitute_for",
        ),
        ({"position": 9}, "nominations[2].candidates[4].position", "no list place"),
        ({"elected": True}, "nominations[2].candidates[4].elected", "cannot be elected"),
        ({"salutation": "Mrs"}, "nominations[2].candidates[4].salutation", "expected one of: Frau, Herr, divers"),
        ({"salutation": "frau"}, "nominations[2].candidates[4].salutation", "did you mean 'Frau'"),
    ],
)
def test_refusals_of_the_candidate_keys(change, path, fragment):
    data = nrw_case(X_DIES)
    entry = data["nominations"][2]["candidates"][4]
    for key, value in change.items():
        if value is None:
            del entry[key]
        else:
            entry[key] = value
    err = _error(data)
    assert err.path == path and fragment in err.message


def test_designated_only_is_for_list_nominations():
    data = nrw_case(X_DIES)
    data["nominations"][0]["candidates"].append({"id": "z", "designated_only": True, "substitute_for": ["y"]})
    err = _error(data)
    assert err.path == "nominations[0].candidates[1].designated_only" and "tier: list" in err.message


def test_a_person_has_one_salutation():
    data = nrw_case(X_DIES)
    data["nominations"][0]["candidates"][0]["salutation"] = "Herr"
    data["nominations"][2]["candidates"].append({"id": "x", "salutation": "divers"})
    err = _error(data)
    assert err.path == "nominations[2].candidates[5].salutation" and "two different salutations" in err.message


def test_designated_only_false_keeps_an_ordinary_place():
    data = nrw_case(X_DIES)
    data["nominations"][2]["candidates"][4] = {
        "id": "e",
        "designated_only": False,
        "position": 7,
        "substitute_for": ["x"],
    }
    cand = build_case(data, "<test>").candidate("cdu-rl", "e")
    assert (cand.position, cand.designated_only) == (7, False)


def _by_place(case) -> list[list]:
    return [sorted(n.candidates, key=lambda c: c.position) for n in case.nominations]


@pytest.mark.parametrize("fmt", ["yaml", "json", "lp"])
def test_both_keys_survive_every_format(fmt):
    case = build_case(nrw_case(X_DIES), "<test>")
    text = {"yaml": to_yaml, "json": to_json, "lp": to_lp}[fmt](case)
    again = build_case(parse_text(text, f".{fmt}"), "<test>")
    assert _by_place(again) == _by_place(case)
    e = again.candidate("cdu-rl", "e")
    assert (e.designated_only, e.salutation, e.position) == (True, "Frau", 6)
    if fmt != "lp":
        assert "position" not in [c for c in case_entry(text, fmt) if c["id"] == "e"][0]


def case_entry(text: str, fmt: str) -> list[dict]:
    data = parse_text(text, f".{fmt}")
    return [c for n in data["nominations"] for c in n["candidates"]]


def test_lp_facts_of_the_new_predicates():
    lp = "\n".join(
        [
            'statute("nw"). election_date(20200913).',
            'nomination("wb1"). nomination_group("wb1","cdu"). nomination_tier("wb1",district).',
            'nomination_district("wb1","d1"). candidate("wb1","x",1). elected("wb1","x").',
            'nomination("rl"). nomination_group("rl","cdu"). nomination_tier("rl",list).',
            'candidate("rl","e",1). candidate("rl","l1",2). candidate("rl","l2",3).',
            'designated_only("rl","e"). substitute_for("rl","e","x",default). salutation("rl","e","Frau").',
            'elected("rl","l1"). event(1,20210301,"x",died).',
        ]
    )
    case = build_case(parse_text(lp, ".lp"), "<test>")
    # the place of a designated-only person's candidate/3 fact only orders such persons among themselves
    places = sorted((c.position, c.person) for c in case.nomination("rl").candidates)
    assert places == [(2, "l1"), (3, "l2"), (4, "e")]
    assert only(determine_case(case))["successor"] == "e"
    with pytest.raises(InputError, match="no candidate/3 fact"):
        parse_text(lp + '\ndesignated_only("rl","zz").', ".lp")
    with pytest.raises(InputError, match="salutation is given twice"):
        parse_text(lp + '\nsalutation("rl","e","Herr").', ".lp")


@settings(max_examples=examples(30), deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(data=st.data(), statute=st.sampled_from(STATUTES))
def test_generated_cases_keep_their_salutations_in_every_format(data, statute):
    """The generated cases (tests/strategies.py) carry salutations; JSON and .lp keep every candidate
    as it was (the .lp form orders a nomination's candidates by place)."""
    case = build_case(data.draw(cases(statute)), "<generated>")
    for text, suffix in ((to_json(case), ".json"), (to_lp(case), ".lp")):
        again = build_case(parse_text(text, suffix), "<generated>")
        assert _by_place(again) == _by_place(case), suffix


def test_a_candidate_is_still_a_frozen_value():
    cand = build_case(nrw_case(X_DIES), "<test>").candidate("cdu-rl", "e")
    assert msgspec.structs.replace(cand, salutation=None) != cand
    with pytest.raises(AttributeError):
        cand.salutation = None  # type: ignore[misc]
    assert hash(cand) == hash(msgspec.structs.replace(cand))  # a value: usable as a key
