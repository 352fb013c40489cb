"""`nachruecken statutes`: what each statute encoding covers, as data and as text."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from .errors import InputError
from .statutes import encodings_dir, load_statute


def describe(sid: str) -> dict:
    try:
        st = load_statute(sid)
    except InputError:
        return {"id": sid, "encoded": False}
    return {
        "id": sid, "encoded": True, "state": st.state, "law": st.law, "provision": st.provision,
        "statute_version": st.version,
        "norms": [{"id": n.id, "citation": n.citation, "title": n.title, "outside_section": n.outside_section}
                  for n in st.norms.values()],
        "readings": [{"id": r.id, "ambiguity": r.ambiguity, "question": r.question, "values": list(r.values),
                      "default": r.default, "meaning": r.meaning} for r in st.readings.values()],
        "out_of_scope": st.out_of_scope,
        "encoding": sorted(p.name for p in (encodings_dir() / sid).glob("*.lp")),
    }


def print_statutes(info: list[dict], console: Console, lang: str) -> None:
    for st in info:
        if not st["encoded"]:
            label = "not encoded yet" if lang == "en" else "noch nicht abgebildet"
            console.print(f"[bold]{st['id']}[/bold]: [dim]{label}[/dim]\n")
            continue
        console.rule(f"[bold]{st['id']}[/bold] - {escape(st['provision'])}, {st['state'][lang]}", align="left")
        label = "Text encoded" if lang == "en" else "Abgebildete Fassung"
        console.print(f"{label}: {escape(st['statute_version'])}")
        norms = Table(title="Norms" if lang == "en" else "Normen", header_style="bold", title_justify="left")
        for col in (("id", "citation", "decides") if lang == "en" else ("Id", "Zitat", "regelt")):
            norms.add_column(col, overflow="fold")
        for n in st["norms"]:
            mark = " [dim](outside the section)[/dim]" if n["outside_section"] and lang == "en" else (
                " [dim](außerhalb des Paragraphen)[/dim]" if n["outside_section"] else "")
            norms.add_row(n["id"], escape(n["citation"]), escape(n["title"][lang]) + mark)
        console.print(norms)
        readings = Table(title="Readings" if lang == "en" else "Lesarten", header_style="bold", title_justify="left")
        for col in (("id", "question", "values (default first)") if lang == "en"
                    else ("Id", "Frage", "Werte (Standard zuerst)")):
            readings.add_column(col, overflow="fold")
        for r in st["readings"]:
            values = "; ".join(f"{v}: {escape(r['meaning'].get(v, {}).get(lang, ''))}" for v in r["values"])
            readings.add_row(f"{r['id']}\n[dim]{r['ambiguity']}[/dim]", escape(r["question"][lang]), values)
        console.print(readings)
        console.print("[bold]Out of scope:[/bold]" if lang == "en" else "[bold]Nicht abgebildet:[/bold]")
        for item in st["out_of_scope"]:
            console.print(f"  - {escape(item['part'])}: {escape(item[lang])}")
        console.print()
