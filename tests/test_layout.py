"""The package's layout holds: imports run one way between its subpackages, every package says what
lives in it, and no room is too big (README "Layout", CONTRIBUTING.md).

Layers, lowest first: the package root (``errors``, ``resources``), ``law``, ``case``, ``engine``, then
``output`` and ``research`` side by side, then ``interfaces``. A module may import its own subpackage and
any lower layer, never a higher one or its sibling. The root ``__init__`` is the public surface and
reaches the interfaces lazily.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "nachruecken"
RANK = {"": 0, "law": 1, "case": 2, "engine": 3, "output": 4, "research": 4, "interfaces": 5}
MAX_FUNCTION = 80
MAX_MODULE = 600
LONG_MODULE = 500  # above this, the module's docstring says why ("Longer than 500 lines: …")


def _modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "_generated" not in p.parts)


def _layer(module: str) -> str:
    """``nachruecken.engine.ledger`` → ``engine``; a root module (``nachruecken.errors``) → ``""``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 2 and parts[1] in RANK else ""


def _name(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
    return ".".join(parts)


def _imports(path: Path) -> list[tuple[int, str]]:
    """Every nachruecken module ``path`` imports (also inside functions), as absolute names."""
    found = []
    package = _name(path) if path.name == "__init__.py" else _name(path).rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([node.module] if node.module else []))
            if base == "nachruecken":  # from nachruecken import engine / __version__
                found += [(node.lineno, f"nachruecken.{a.name}") for a in node.names]
            elif base.startswith("nachruecken."):
                found.append((node.lineno, base))
        elif isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names if a.name.startswith("nachruecken")]
    return found


def _violations(path: Path) -> list[str]:
    own = _layer(_name(path))
    if _name(path) == "nachruecken":
        return []
    out = []
    for line, target in _imports(path):
        layer = _layer(target) if target.count(".") > 1 else (target.split(".")[1] if "." in target else "")
        layer = layer if layer in RANK else ""
        if layer == own:
            continue
        if RANK[layer] >= RANK[own]:
            out.append(f"{path.relative_to(PACKAGE)}:{line} ({own or 'root'}) imports {target} ({layer or 'root'})")
    return out


def test_every_subpackage_is_a_known_layer():
    folders = {p.parent.relative_to(PACKAGE).parts[0] for p in _modules() if p.parent != PACKAGE}
    assert folders <= set(RANK), f"a folder that is not a layer: {folders - set(RANK)}"


def test_imports_run_one_way():
    problems = [v for path in _modules() for v in _violations(path)]
    assert not problems, "imports against the layers:\n" + "\n".join(problems)


def test_the_checker_sees_a_wrong_import(tmp_path, monkeypatch):
    """The check above is not vacuous: an engine module importing the CLI is caught."""
    fake = PACKAGE / "engine" / "ledger.py"
    monkeypatch.setattr(Path, "read_text", lambda self, *a, **k: "from nachruecken.interfaces import cli\n")
    assert _violations(fake) == ["engine/ledger.py:1 (engine) imports nachruecken.interfaces (interfaces)"]


@pytest.mark.parametrize("init", sorted(PACKAGE.rglob("__init__.py")), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_every_package_says_what_lives_there(init):
    doc = ast.get_docstring(ast.parse(init.read_text()))
    assert doc and len(doc) > 80, f"{init} has no docstring saying what lives there"
    if init.parent != PACKAGE:
        assert "May import" in doc, f"{init} does not say what it may import"


def test_rooms_fit_on_a_screen():
    """No function over 80 lines; no module over 600 lines, nor over 500 without its reason (CONTRIBUTING.md)."""
    long = []
    for path in _modules():
        text = path.read_text()
        lines = len(text.splitlines())
        reason = "Longer than 500 lines:" in (ast.get_docstring(ast.parse(text)) or "")
        if lines > MAX_MODULE or (lines > LONG_MODULE and not reason):
            long.append(f"{path.relative_to(PACKAGE)}: {lines} lines")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                size = node.end_lineno - node.lineno + 1
                if size > MAX_FUNCTION:
                    long.append(f"{path.relative_to(PACKAGE)}:{node.lineno} {node.name}: {size} lines")
    assert not long, "too big:\n" + "\n".join(long)


def test_the_readme_layout_names_every_module():
    """README "Layout" names each subpackage folder and each module in it, so it matches the tree."""
    readme = (PACKAGE.parents[1] / "README.md").read_text()
    block = readme.split("## Layout", 1)[1].split("```")[1]
    words = {w.strip(";:.,()") for w in block.replace("/", " / ").split()}
    missing = []
    for path in _modules():
        rel = path.relative_to(PACKAGE)
        for folder in rel.parts[:-1]:
            if folder not in words:
                missing.append(f"folder {folder}/")
        if path.stem != "__init__" and path.stem not in words and f"{path.stem}.py" not in words:
            missing.append(str(rel))
    assert not missing, "README Layout does not name: " + ", ".join(sorted(set(missing)))
