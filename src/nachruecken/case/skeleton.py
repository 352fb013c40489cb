"""`nachruecken init --statute ID`: a commented skeleton case for one statute.

The skeleton decides as it stands (one list, one resignation), so a user can run it first and then
replace its lines; the comments name the keys the statute's rules read.
"""

from __future__ import annotations

from nachruecken.case.model import EVENT_TYPES
from nachruecken.law.statutes import STATE_OF, load_statute, resolve_statute_id

# What each state's rules read beyond nominations, candidates and events (a comment per key).
STATE_KEYS = {
    "he": [
        "# Hessen: a Wahlbereich list may name its Ersatzliste (nominations[].substitute_list);",
        "# election: majority  for a Mehrheitswahl (§ 34 Abs. 1a).",
    ],
    "nw": [
        "# NRW: a Reserveliste has tier: list; a Wahlbezirk nomination tier: district; Ersatzbewerber",
        "# are designated with candidates[].substitute_for: [PERSON]; body.period_start (2024 text).",
    ],
    "bb": [
        "# Brandenburg: nominations[].group_kind: party | voter_group | political_association | individual",
        "# (§ 60 Abs. 4 applies to parties only); district: for Wahlkreisvorschläge.",
    ],
    "mv": [
        "# Mecklenburg-Vorpommern: body.kind (municipal | landtag), body.period_end for § 45,",
        "# body.unfilled_seats for § 44 Abs. 5; a by-election held: {date, type: by_election_held,",
        "# seats_of: [ID]} with its nominations marked by_election: DATE (their elected sit from then).",
    ],
    "hh": [
        "# Hamburg: nominations[].tier: district (Wahlkreisliste) | list (Bezirksliste);",
        "# candidates[].seat: list | personal for a Bezirksliste seat.",
    ],
    "sn": [
        "# Sachsen: candidates[].substitute_rank: the published order of the Ersatzpersonen (§ 21 Abs. 2 KomWG);",
        "# {type: important_reason, found: true|false}: the council's finding on a refusal (§ 18 SächsGemO).",
    ],
    "st": [
        "# Sachsen-Anhalt: votes decide, candidates without a vote count follow in list order (§ 41 Abs. 2 KWG LSA);",
        "# a party's written notice of an exit: {type: group_notice}; the published order: candidates[].substitute_rank.",
    ],
    "by": [
        "# Bayern: votes decide, ties by the lot drawn at the election ({type: lot_drawn}); a joined Wahlvorschlag",
        "# names each candidate's part as candidates[].sublist (Art. 37 Abs. 1 Satz 2 GLKrWG).",
    ],
    "sh": [
        "# Schleswig-Holstein: the next on the list of the departed's party (§ 44 Abs. 1 GKWG), also for a",
        "# Wahlkreis winner: a Wahlkreis nomination has tier: district, the party's list tier: list.",
    ],
    "rp": [
        "# Rheinland-Pfalz: votes decide the order of the Ersatzpersonen (§ 45 Abs. 2); election: majority",
        "# for a Mehrheitswahl (Abs. 3); Bezirkstag: the named Nachfolger as candidates[].substitute_for.",
    ],
}


# The last regular election of each state's councils (a skeleton decides under the text in force then,
# with no warning about a change of the law).
ELECTION = {
    "he": "2021-03-14",
    "nw": "2025-09-14",
    "bb": "2024-06-09",
    "mv": "2024-06-09",
    "hh": "2024-06-09",
    "rp": "2024-06-09",
    "sn": "2024-06-09",
    "sh": "2023-05-14",
    "st": "2024-06-09",
    "by": "2020-03-15",
}
RESIGNED = {"nw": "2026-03-31"}
# Hamburg: a Bezirksliste seat is a list seat or a personal seat (§ 36 Abs. 2 Satz 2 BezVWG)
SEAT = {"hh": ", seat: list"}
# NRW § 38 Satz 1: a Verzicht on the seat is effective only when declared for the record
DECLARATION_FORM = {"nw": ", form: recorded"}


def skeleton(statute_spec: str) -> str:
    sid = resolve_statute_id(statute_spec, "--statute")  # raises InputError for an unknown id
    statute = load_statute(sid)
    state = STATE_OF[sid]
    lines = [
        f"# A case for {statute.provision} ({statute.version_in('en')}).",
        "# Replace the example lines; `nachruecken solve THIS_FILE` decides it, `nachruecken schema`",
        "# gives the JSON Schema for an editor. Dates are YYYY-MM-DD.",
        f"title: Example case under {sid}",
        f"statute: {statute_spec}   # a state code means the text in force on each vacancy's date",
        f"election_date: {ELECTION.get(state, '2024-06-09')}",
        "body: {name: Gemeindevertretung Musterstadt, seats: 3}",
        *STATE_KEYS.get(state, []),
        "# readings: {}   # a reading other than the default: ID: VALUE (see `nachruecken statutes " + state + "`)",
        "nominations:",
        "  - id: list-a",
        "    name: Liste A",
        "    candidates:   # in list order; votes: personal votes where the statute orders by them",
        "      - {id: anna-beispiel, name: Anna Beispiel, votes: 900, elected: true}",
        "      - {id: bernd-muster, name: Bernd Muster, votes: 700, elected: true" + SEAT.get(state, "") + "}",
        "      - {id: clara-probe, name: Clara Probe, votes: 400}",
        "  - id: list-b",
        "    name: Liste B",
        "    candidates:",
        "      - {id: dieter-test, name: Dieter Test, votes: 800, elected: true}",
        "      - {id: eva-entwurf, name: Eva Entwurf, votes: 300}",
        "# One line per event, in date order: {date: YYYY-MM-DD or TT.MM.JJJJ, person: ID, type: TYPE}",
        f"# TYPE is one of: {', '.join(EVENT_TYPES)}",
        "# or its German word (Tod, Mandatsverzicht, Ablehnung …: `nachruecken statutes --events`)",
        "events:",
        f"  - {{date: {RESIGNED.get(state, '2025-03-31')}, person: bernd-muster, type: resigned"
        + DECLARATION_FORM.get(state, "")
        + "}",
        "",
    ]
    return "\n".join(lines)
