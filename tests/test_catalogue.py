"""Encodings and catalogues agree: every norm id a rule can produce has a citation, and back."""

from __future__ import annotations

import re
import string

import pytest

from nachruecken.law.statutes import SOURCE_KEYS, encoded_statutes, encodings_dir, load_statute, statute_files
from nachruecken.law.texts import LABELS
from nachruecken.law.warning_texts import REPLAY_WARNINGS
from nachruecken.output.documents.feststellung import EVENT_SENTENCE

NORM_ID = re.compile(r'"((?:he|nw|bb|mv|hh|rp|sn|sh|st|by)-[a-z]+-[0-9a-z]+(?:/[0-9a-z]+)*)"')
READING_ID = re.compile(r'reading\("([a-z]+\.[a-z_0-9]+)",\s*([a-z_0-9]+)\)')
CITATION = re.compile(
    r"^(§|Art\.) \d+[a-z]?( Abs\. \d+[a-z]?)?( Satz \d+)?( Halbsatz \d+)?( Nr\. \d+( Halbsatz \d+)?)? "
    r"(KWG|KWO|KWahlG|GO|BbgKWahlG|LKWG M-V|BezVWG|KV M-V|SächsGemO|KomWG|SächsKomWO|GKWG|GLKrWG|GLKrWO|LKrO|KWG LSA|KVG LSA|KWO LSA|GemO)"
    r"( \(Fassung [AB]\))?$"
)


@pytest.mark.parametrize("sid", encoded_statutes())
def test_norm_ids_in_rules_and_catalogue_match(sid):
    st = load_statute(sid)
    text = "\n".join(p.read_text(encoding="utf-8") for p in statute_files(sid))
    used = set(NORM_ID.findall(text))
    assert used == set(st.norms), (sorted(used - set(st.norms)), sorted(set(st.norms) - used))


@pytest.mark.parametrize("sid", encoded_statutes())
def test_citations_follow_the_format(sid):
    for norm in load_statute(sid).norms.values():
        assert CITATION.match(norm.citation), norm.citation


@pytest.mark.parametrize("sid", encoded_statutes())
def test_readings_used_in_rules_are_declared(sid):
    st = load_statute(sid)
    text = "\n".join(p.read_text(encoding="utf-8") for p in statute_files(sid))
    for rid, value in READING_ID.findall(text):
        assert rid in st.readings, rid
        assert value in st.readings[rid].values, (rid, value)
    # and every declared reading is tested by some rule (a value may act by its absence)
    used = {rid for rid, _ in READING_ID.findall(text)}
    own = {rid for rid in st.readings if not rid.startswith("core.")}  # core readings act in the ledger
    assert used == own, sorted(own ^ used)


@pytest.mark.parametrize("sid", encoded_statutes())
def test_texts_exist_in_both_languages_and_name_known_norms(sid):
    st = load_statute(sid)
    for key, entry in st.texts.items():
        assert set(entry) == {"en", "de"} and entry["en"] and entry["de"], key
        if key.startswith("warning@"):
            # a statute's own wording of a ledger warning: a known code, and no placeholder the
            # ledger does not fill
            code = key.split("@", 1)[1]
            assert code in REPLAY_WARNINGS["en"], key
            for lang in ("en", "de"):
                st_fields = {f for _, f, _, _ in string.Formatter().parse(entry[lang]) if f}
                generic = {f for _, f, _, _ in string.Formatter().parse(REPLAY_WARNINGS[lang][code]) if f}
                assert st_fields <= generic | {"since_on"}, (key, lang, st_fields - generic)
            continue
        if key.startswith("feststellung@"):
            # a statute's own sentence for a departure in the drafted Feststellung
            assert key.split("@", 1)[1] in set(EVENT_SENTENCE["en"]) | {"membership", "inquiry"}, key
            continue
        if key.startswith("label@"):
            # a statute's own word for a status
            assert key.split("@", 1)[1] in LABELS["en"], key
            continue
        norm = key.split("@", 1)[1].split("#", 1)[0]
        assert norm in st.norms or norm == "any" or key.startswith("note@"), key


def test_every_asp_file_has_a_header_naming_its_version():
    for path in encodings_dir().rglob("*.lp"):
        head = path.read_text(encoding="utf-8").splitlines()[:8]
        assert head[0].startswith("% ====="), path
        assert any("version" in line.lower() for line in head), path


@pytest.mark.parametrize("sid", encoded_statutes())
def test_every_text_names_its_source(sid):
    """DESIGN "Provenance": each text's Fundstelle, version date, where and when it was retrieved, and
    what of it the material holds; a version that extends another names its own."""
    source = load_statute(sid).source
    assert set(SOURCE_KEYS) <= set(source), sorted(set(SOURCE_KEYS) - set(source))
    assert source["fundstelle"].startswith(("§ ", "Art. "))
    assert source["version_date"] is None or re.fullmatch(r"\d{4}-\d{2}-\d{2}", source["version_date"])
    if source["version_date"] is None:  # then it says why
        assert set(source["version_note"]) == {"en", "de"}
    assert source["retrieved_from"] is None or source["retrieved_from"].startswith(("http://", "https://"))
    for key in ("retrieved", "holds"):
        assert set(source[key]) == {"en", "de"} and all(source[key].values()), key


def test_a_later_version_does_not_inherit_its_base_source():
    assert load_statute("nw-kwahlg-45-2024").source["version_date"] == "2024-07-31"
    assert load_statute("nw-kwahlg-45").source["version_date"] == "2019-04-24"


def test_statutes_shows_the_source(run_cli):
    import json

    info = json.loads(run_cli("statutes", "he", "--json").stdout)
    assert [s["source"]["retrieved_from"] for s in info] == [None, "http://www.anwalt24.de/gesetze/kwg-2/34"]
    text = run_cli("statutes", "he-kwg-34-2011").stdout
    assert "Source: § 34 KWG (Hessen)" in text and "breaks off in Satz 2" in text
