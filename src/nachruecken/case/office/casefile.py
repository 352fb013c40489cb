"""The imported case as a case file (YAML) the office can read and complete: the body's data and the
election day where the sheets had them, else as comments to fill in; one line a candidate and an event."""

from __future__ import annotations

import yaml


def _flow(value) -> str:
    """One YAML line that reads back as ``value``."""
    text = yaml.safe_dump(value, allow_unicode=True, default_flow_style=True, sort_keys=False, width=10**6)
    return text.strip().removesuffix("\n...").removesuffix(" ...").strip()


def _block(data: dict) -> list[str]:
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=10**6) if data else ""
    return text.splitlines()


def case_yaml(data: dict, source: str) -> str:
    head = {k: v for k, v in data.items() if k not in ("nominations", "events", "vacancy")}
    elected = sum(bool(c.get("elected")) for n in data["nominations"] for c in n["candidates"])
    out = [f"# Übernommen aus {source} mit `nachruecken import`. Jede Angabe mit dem amtlichen Ergebnis vergleichen."]
    out += _block(head)
    if "election_date" not in data:
        out.append("# election_date: JJJJ-MM-TT      # der Wahltag (Fristen, geltende Fassung)")
    if "body" not in data:
        out.append(f"# body: {{name: ..., seats: N}}  # Gremium und gesetzliche Mitgliederzahl ({elected} gewählt)")
    out.append("nominations:")
    for nom in data["nominations"]:
        fields = {k: v for k, v in nom.items() if k != "candidates"}
        first = True
        for line in _block(fields):
            out.append(("  - " if first else "    ") + line)
            first = False
        out.append("    candidates:")
        out += [f"      - {_flow(c)}" for c in nom["candidates"]]
    if "vacancy" in data:
        out.append(f"vacancy: {_flow(data['vacancy'])}")
    out += [
        "# Was seit der Wahl geschah, eine Zeile je Ereignis, nach Datum:",
        "#  - {date: TT.MM.JJJJ, person: ID, type: EREIGNIS}   (deutsche Wörter: `nachruecken statutes --events`)",
        "events:",
    ]
    out += [f"  - {_flow(ev)}" for ev in data.get("events", [])]
    return "\n".join(out) + "\n"
