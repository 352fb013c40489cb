"""What an office should look at after an import: a summary (lists, candidates, elected, Ersatzbewerber
links, events) and findings that name structure ("Wahlbezirk 07: keine Reserveliste der CDU für die
gewählte Person"). Findings warn; none stops the import.
"""

from __future__ import annotations

from nachruecken.case.office.candidates import Roster

# Statutes that order a list by personal votes somewhere (Hessen, Brandenburg, M-V, Rheinland-Pfalz, Sachsen)
_VOTES_ORDER = ("he-", "bb-", "mv-", "rp-", "sn-", "st-", "by-")


def summary(roster: Roster, designations: list[tuple[str, str]], n_events: int) -> list[str]:
    noms = list(roster.nominations.values())
    lists = sum(n.tier == "list" for n in noms)
    districts = len(noms) - lists
    twice = sum(1 for p in roster.persons if sum(p in n.candidates for n in noms) > 1)
    elected = len({p for n in noms for p, c in n.candidates.items() if c.elected})
    word = roster.district_word
    parts = _count(lists, "Liste", "Listen") + (f", {districts} in {word}en" if districts else "")
    lines = [
        f"Übernommen: {_count(len(noms), 'Wahlvorschlag', 'Wahlvorschläge')} ({parts}),",
        "  "
        + _count(len(roster.persons), "Person", "Personen")
        + (f" ({twice} mit zwei Kandidaturen)" if twice else "")
        + f", {elected} gewählt,",
        "  "
        + (f"{len(designations)} Ersatzbewerber-Benennungen, " if designations else "")
        + f"{_count(n_events, 'Ereignis', 'Ereignisse')}.",
    ]
    name = lambda pid: roster.persons[pid].name if pid in roster.persons else pid
    for n in noms:
        for pid, c in n.candidates.items():
            if c.designated_only:
                person = roster.persons[pid]
                role = "Ersatzbewerberin" if person.salutation == "Frau" else "Ersatzbewerber"
                whom = ", ".join(name(t) for e, t in designations if e == pid)
                lines.append(f"{role} ohne Reservelistenplatz: {person.name}, für {whom}")
    if roster.ignored:
        lines.append("Spalten nicht übernommen: " + ", ".join(roster.ignored))
    return lines + roster.notes


def column_map(roster: Roster) -> list[str]:
    """How the import read each column of the candidate sheet (a `--spalte "Kopf=feld"` changes one)."""
    return ["Spalten gelesen als:"] + [f"  '{raw}': {what}" for raw, _, what in roster.reading]


def findings(roster: Roster, statute: str, designations: list[tuple[str, str]], seats: int | None) -> list[str]:
    out: list[str] = []
    noms = list(roster.nominations.values())
    name = lambda pid: roster.persons[pid].name
    word = roster.district_word
    list_groups = {n.group for n in noms if n.tier == "list"}
    for n in noms:
        if n.tier != "district":
            continue
        winners = [p for p, c in n.candidates.items() if c.elected]
        if statute.startswith("nw-"):
            if winners and n.group not in list_groups:
                out.append(
                    f"{word} {n.district}: keine Reserveliste der {roster.persons[winners[0]].party} für die gewählte "
                    f"Person ({name(winners[0])}); scheidet sie aus, bliebe der Sitz leer (§ 45 Abs. 1 KWahlG)"
                )
            if len(n.candidates) > 1:
                out.append(f"{n.name}: {len(n.candidates)} Bewerber; ein Wahlbezirk hat je Partei einen")
        if len(winners) > 1 and statute.startswith("nw-"):
            out.append(f"{n.name}: {len(winners)} Personen direkt gewählt")
    for ersatz, target in designations:
        if roster.persons[ersatz].group != roster.persons[target].group:
            out.append(f"{name(ersatz)} ist Ersatzbewerber für {name(target)}, eine Person einer anderen Partei")
    if statute.startswith("hh-"):
        for n in noms:
            if n.tier == "list" and any(c.elected and c.seat is None for c in n.candidates.values()):
                out.append(f"{n.name}: gewählte Personen ohne Sitzart (Listenwahl oder Personenwahl)")
    elected = len({p for n in noms for p, c in n.candidates.items() if c.elected})
    if seats is not None and elected < seats:
        out.append(
            f"gewählt sind {elected} Personen, das Gremium hat {seats} Sitze: enthält die Datei alle "
            "Wahlvorschläge und jede gewählt-Angabe? (Für eine Nachfolge genügen die Listen, die sie betrifft.)"
        )
    if not roster.has_votes and statute.startswith(_VOTES_ORDER):
        out.append(
            "keine Spalte mit Stimmenzahlen (Stimmen): diese Vorschrift ordnet nach Stimmen, ohne sie zählt "
            "nur der Listenplatz"
        )
    empty = [
        str(c.line)
        for n in noms
        for c in n.candidates.values()
        if roster.has_votes and c.votes is None and not c.designated_only
    ]
    if empty and statute.startswith(_VOTES_ORDER):
        shown = ", ".join(empty[:8]) + (" …" if len(empty) > 8 else "")
        out.append(f"keine Stimmenzahl in Zeile(n) {shown}: diese Bewerber stehen hinter allen mit Stimmenzahl")
    return out


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def event_findings(events: list[dict], lines: list[int], statute: str) -> list[str]:
    """What the events sheet says that the statute reads otherwise than an office may expect."""
    out = []
    for ev, line in zip(events, lines, strict=True):
        if (
            statute.startswith("nw-")
            and ev.get("form") == "written"
            and ev["type"] in ("resigned", "Verzicht", "waived")
        ):
            out.append(
                f"Ereignisse, Zeile {line}: ein Verzicht ist in NRW nur zur Niederschrift wirksam (§ 38 KWahlG); "
                "schriftlich macht ein Mandatsverzicht den Sitz nicht frei und ein Verzicht auf die Anwartschaft "
                "schließt nicht aus (Lesart nw.written_waiver). Zur Niederschrift erklärt: Form 'zur Niederschrift'"
            )
    return out
