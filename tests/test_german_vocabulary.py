"""German output holds no English word: every worked case, in the terminal view, Markdown and the
drafted Feststellung.

The English vocabulary is taken from the project's own English texts (catalogues, labels,
warnings, document wording) less every word its German texts use, so a new English text that leaks
into German output fails here without a hand-kept word list. What the case itself says (titles,
names, ids, grounds) is the user's text and is left out; identifiers a user types (case-file keys,
reading ids) are allowed only marked as code (`lost_seat`), and then must look like one.
"""

from __future__ import annotations

import io
import re

import pytest
import yaml
from rich.console import Console

from nachruecken.case.loader import load_case
from nachruecken.engine.determine import determine_case
from nachruecken.law import texts, versions
from nachruecken.law.statutes import encodings_dir
from nachruecken.output import formats, terminal
from nachruecken.output.documents import feststellung

from conftest import ROOT
from profiles import worked_cases

WORD = re.compile(r"[A-Za-zÄÖÜäöüß]+")
IDENTIFIER = re.compile(r"[a-z]+(?:[_.][a-z0-9_]+)+")
CODE = re.compile(r"`([^`]*)`")
CASE_PATH = re.compile(r"\([^()\s]*\.(?:yaml|yml|json|lp)\)")
INSTANCES = worked_cases(sorted((ROOT / "instances").rglob("*.yaml")))  # (tests/profiles.py)


def _strings(obj, out: list[str]) -> list[str]:
    if isinstance(obj, str):
        out.append(obj)
    elif isinstance(obj, dict):
        for value in obj.values():
            _strings(value, out)
    elif isinstance(obj, (list, tuple)):
        for value in obj:
            _strings(value, out)
    return out


def _texts(obj, lang: str, out: list[str]) -> list[str]:
    """Every string under a key ``lang`` (a text {en, de}, or a table of one language)."""
    if isinstance(obj, dict):
        for key, value in obj.items():
            if key == lang:
                _strings(value, out)
            else:
                _texts(value, lang, out)
    elif isinstance(obj, (list, tuple)):
        for value in obj:
            _texts(value, lang, out)
    return out


def _vocabulary() -> set[str]:
    """Words of the English texts that no German text uses (placeholders and quoted identifiers of
    the German texts do not count as German words)."""
    sources = [yaml.safe_load(p.read_text(encoding="utf-8")) for p in encodings_dir().rglob("*.yaml")]
    sources += [
        v
        for mod in (texts, terminal, formats, feststellung, versions)
        for v in vars(mod).values()
        if isinstance(v, dict) and {"en", "de"} <= set(v)
    ]
    english, german = set(), set()
    for src in sources:
        for text in _texts(src, "en", []):
            english.update(WORD.findall(text))
        for text in _texts(src, "de", []):
            text = re.sub(r"\{[^}]*\}|'[^']*'|`[^`]*`|Lesart [a-z_.0-9]+( = [a-z_0-9]+)?", " ", text)
            german.update(w.lower() for w in WORD.findall(text))
    return {w for w in english if len(w) > 2 and w.lower() not in german}


ENGLISH_ONLY = _vocabulary()


def _user_words(path) -> set[str]:
    """Every word and id the case file itself holds."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    words: set[str] = set()

    def walk(obj):
        if isinstance(obj, dict):
            for value in obj.values():
                walk(value)
        elif isinstance(obj, list):
            for value in obj:
                walk(value)
        elif isinstance(obj, str):
            words.update(WORD.findall(obj))
            words.update(IDENTIFIER.findall(obj))
            words.add(obj)

    walk(data)
    return words


def _without_path(text: str, path) -> str:
    """The output without the case file's path, also where the 80-column terminal wrapped it across lines
    (how long the path is depends on where the checkout lies)."""
    full = str(path)

    def part_of_path(word: str) -> bool:
        core = word.strip("()")
        return len(core) > 2 and core in full

    return "\n".join(" ".join(w for w in line.split() if not part_of_path(w)) for line in text.splitlines())


def _german_outputs(path) -> str:
    case = load_case(path)
    result = determine_case(case, lang="de")
    console = Console(file=io.StringIO(), width=80, color_system=None)
    terminal.render(result, case, console, "de")
    return "\n".join(
        [
            console.file.getvalue(),
            formats.to_markdown(result, case, "de"),
            feststellung.document(result, case, lang="de"),
        ]
    )


def test_the_vocabulary_is_english():
    # guards the test itself: a vocabulary that lost its English words would pass everything
    assert {"skipped", "successor", "refused", "waived", "pending", "Outcome"} <= ENGLISH_ONLY
    assert not {"Verzicht", "Ablehnung", "Sitz", "Abs"} & ENGLISH_ONLY


@pytest.mark.parametrize("path", INSTANCES, ids=lambda p: str(p.relative_to(ROOT / "instances")))
def test_german_output_holds_no_english_word(path):
    text = _without_path(CASE_PATH.sub(" ", _german_outputs(path)), path)
    user = _user_words(path)
    for code in CODE.findall(text):
        assert re.fullmatch(r"[a-z_.0-9]+(: [a-z_]+)?", code) or any(code in u for u in user), (
            f"prose marked as code: `{code}`"
        )
    text = CODE.sub(" ", text)
    leaked = sorted(
        {t for t in IDENTIFIER.findall(text) if t not in user and not re.fullmatch(r"[a-z]\.[a-z]\.?", t)}
        | {w for w in WORD.findall(text) if w in ENGLISH_ONLY and w not in user}
    )
    assert not leaked, leaked
