"""The empty sheets of one state, as `nachruecken template` writes them: Bewerber with the columns that
state's election programs export, Ereignisse with a drop-down of the event words, and Fall with the
body's data to fill in. Column notes are German: the office fills them in.
"""

from __future__ import annotations

from nachruecken.case.office.sheets import Sheet
from nachruecken.case.words import all_words

NAME_COLUMNS = ["Anrede", "Titel", "Name", "Vorname"]
# base statute prefix -> the columns of its candidate sheet
COLUMNS = {
    "nw": ["Wahlbezirk", "Wahlbezirk Name", "Partei", "Platz Reserveliste", *NAME_COLUMNS, "Ersatzbewerber für"]
    + ["Stimmen", "gewählt"],
    "hh": ["Wahlkreis", "Liste", "Platz", *NAME_COLUMNS, "Stimmen", "gewählt"],
    "bb": ["Wahlkreis", "Partei", "Platz", *NAME_COLUMNS, "Stimmen", "gewählt"],
    "mv": ["Wahlkreis", "Partei", "Platz", *NAME_COLUMNS, "Stimmen", "gewählt"],
    "he": ["Wahlvorschlag", "Wahlbereich", "Platz", *NAME_COLUMNS, "Stimmen", "gewählt", "Ersatzliste"],
    "rp": ["Wahlvorschlag", "Platz", *NAME_COLUMNS, "Stimmen", "gewählt", "Ersatzbewerber für"],
    "sn": ["Wahlkreis", "Wahlvorschlag", "Platz", *NAME_COLUMNS, "Stimmen", "gewählt", "Rang Ersatzperson"],
    "sh": ["Wahlkreis", "Wahlkreis Name", "Partei", "Listenplatz", *NAME_COLUMNS, "Stimmen", "gewählt"],
    "st": ["Wahlkreis", "Wahlvorschlag", "Platz", *NAME_COLUMNS, "Stimmen", "gewählt"]
    + ["Rang nächst festgestellter Bewerber"],
    "by": ["Wahlvorschlag", "Teilliste", "Platz", *NAME_COLUMNS, "Stimmen", "gewählt"],
}
NOTES = {
    "Wahlbezirk": "Nummer des Wahlbezirks; leer für die Reserveliste",
    "Wahlbezirk Name": "Bezeichnung des Wahlbezirks (frei)",
    "Platz Reserveliste": "Platz auf der Reserveliste; leer, wenn die Person nicht darauf steht",
    "Ersatzbewerber für": '§ 16 Abs. 2 KWahlG: Name ("Name, Vorname") oder Wahlbezirk-Nummer der Person, '
    'für die diese Person Ersatzbewerber ist; mehrere mit " / "',
    "Wahlkreis": "Wahlkreis des Wahlvorschlags",
    "Wahlbereich": "nur bei Wahlbereichen (Kreistag); sonst leer",
    "Platz": "Platz auf dem Wahlvorschlag",
    "Ersatzliste": "§ 34 Abs. 1 Satz 3 KWG, nur bei Wahlbereichen: der Wahlbereich, dessen Liste derselben Partei "
    "als Ersatzliste dient",
    "Anrede": "Frau, Herr, divers oder leer (für die Schreiben)",
    "Titel": "z. B. Dr.; bleibt Teil des Namens",
    "Stimmen": "Stimmen der Person (ganze Zahl, 1.234 geht)",
    "gewählt": "ja oder nein",
    "Vorname": "Vorname(n) der Person",
    "Liste": "Partei oder Wählervereinigung des Wahlvorschlags",
    "Partei": "Partei oder Wählergruppe",
    "Wahlvorschlag": "Partei oder Wählergruppe des Wahlvorschlags",
    "Datum": "TT.MM.JJJJ",
    "Name": 'Name der Person wie im Blatt Bewerber ("Name, Vorname" oder "Vorname Name")',
    "Ereignis": 'aus der Liste wählen; "Verzicht" allein wird nach dem Stand der Person gelesen',
    "Eingang": "Tag des Eingangs der Erklärung, wenn nicht das Datum",
    "Form": "schriftlich oder zur Niederschrift",
    "Sitz von": "bei einer Feststellung: wessen Sitz",
    "Grund": "bei Sitzverlust oder Hinderungsgrund",
    "Bemerkung": "für das Amt; steht im Fall beim Ereignis und entscheidet nichts",
}
EVENT_TEMPLATE = ["Datum", "Name", "Ereignis", "Eingang", "Form", "Sitz von", "Liste", "Grund", "Partei", "Bemerkung"]
FALL_TEMPLATE = [
    ("Gremium", "z. B. Rat der Stadt Musterstadt"),
    ("Sitze", "gesetzliche Mitgliederzahl"),
    ("Wahltag", "TT.MM.JJJJ"),
    ("Wahlart", "Verhältniswahl oder Mehrheitswahl"),
    ("Beginn der Wahlperiode", "TT.MM.JJJJ (NRW: Mitgliedschaft der Gewählten)"),
    ("Lesarten", "id=Wert, mehrere mit Komma (nachruecken statutes)"),
]


# What a state's columns mean there, where it differs from NOTES
STATE_NOTES = {
    "nw": {
        "gewählt": "direkt (im Wahlbezirk), Reserveliste (über die Liste) oder nein",
        "Form": "schriftlich oder zur Niederschrift; ein Verzicht wirkt nur zur Niederschrift (§ 38 KWahlG)",
    },
    "hh": {
        "Wahlkreis": "Wahlkreis der Wahlkreisliste; leer für die Bezirksliste",
        "gewählt": "direkt (Wahlkreisliste), Listenwahl oder Personenwahl (Bezirksliste), nein",
    },
    "mv": {"Wahlkreis": "Wahlkreis oder Wahlbereich des Wahlvorschlags; beim Landtag leer für die Landesliste"},
    "bb": {"Wahlkreis": "Wahlkreis des Wahlvorschlags (bei einem Wahlgebiet ohne Wahlkreise leer)"},
    "sn": {
        "Wahlkreis": "Wahlkreis des Wahlvorschlags (bei einer Gemeinde ohne Wahlkreise leer)",
        "Rang Ersatzperson": "Platz in der vom Gemeindewahlausschuss festgestellten und bekannt gemachten Reihenfolge "
        "der Ersatzpersonen des Wahlvorschlags (§ 21 Abs. 2, § 22 Abs. 4 KomWG); leer bei Gewählten",
    },
    "st": {
        "Wahlkreis": "Wahlkreis des Wahlvorschlags (bei einem Wahlgebiet ohne Wahlkreise leer)",
        "Stimmen": "Stimmen der Person; leer, wenn sie keine erhielt oder keine ausgewiesen sind (§ 41 Abs. 2 Satz 2 "
        "KWG LSA: Bewerber ohne Stimmenzahlen folgen in der Listenfolge)",
        "Rang nächst festgestellter Bewerber": "Platz in der vom Wahlausschuss festgestellten Reihenfolge der nächst "
        "festgestellten Bewerber (§ 41 Abs. 3 KWG LSA); leer bei Gewählten",
    },
    "by": {
        "Teilliste": "nur bei einem verbundenen Wahlvorschlag (Art. 37 Abs. 1 Satz 2 GLKrWG): der Wahlvorschlag "
        "innerhalb der Verbindung, auf dem die Person stand; sonst leer",
        "Stimmen": "Stimmen der Person; bei Stimmengleichheit entscheidet das bei der Wahl gezogene Los (als Ereignis "
        "Losentscheid erfassen)",
    },
    "sh": {
        "Wahlkreis": "Nummer des Wahlkreises der unmittelbaren Bewerbung; leer für die Liste",
        "Wahlkreis Name": "Bezeichnung des Wahlkreises (frei)",
        "Listenplatz": "Platz auf der Liste der Partei oder Wählergruppe; leer, wenn die Person nicht darauf steht "
        "(§ 44 Abs. 1 GKWG: es rückt der Nächste der Liste nach)",
        "gewählt": "direkt (im Wahlkreis), über Liste oder nein",
    },
    "rp": {
        "Platz": "Platz auf dem Wahlvorschlag; wer mehrfach benannt ist, mit dem ersten Platz (die Reihenfolge der "
        "Benennung entscheidet bei Stimmengleichheit, § 45 Abs. 2 Satz 3 KWG)",
        "Ersatzbewerber für": 'nur Bezirkstag (§ 66 Abs. 2 KWO): Name ("Name, Vorname") der gewählten Person, für '
        "die diese Person als Nachfolger benannt ist; sonst leer",
    },
}
ELECTED_CHOICES = {
    "nw": ["nein", "direkt", "Reserveliste"],
    "sh": ["nein", "direkt", "über Liste"],
    "hh": ["nein", "direkt", "Listenwahl", "Personenwahl"],
}
EVENT_NOTES = {
    "Partei": "bei Parteiaustritt, Ausschluss, Parteieintritt: welche Partei; sonst, wo ein Name in "
    "zwei Parteien vorkommt, die Partei der Person"
}


def template_sheets(spec: str, statute: str) -> list[Sheet]:
    """The sheets for ``spec`` as the user named it (a state code or a pinned id; ``statute`` is the
    text it resolves to)."""
    state = statute.split("-")[0]
    notes = {**NOTES, **STATE_NOTES.get(state, {})}
    bewerber = Sheet("Bewerber", COLUMNS[state], notes={c: notes[c] for c in COLUMNS[state] if c in notes})
    if statute.startswith("nw-kwahlg-45-2024"):
        bewerber.header = [*bewerber.header, "parteilos"]
        bewerber.notes["parteilos"] = "ja, wenn die Person bei Aufstellung keiner Partei angehörte"
    bewerber.choices["gewählt"] = ELECTED_CHOICES.get(state, ["ja", "nein"])
    bewerber.choices["Anrede"] = ["Frau", "Herr", "divers"]
    notes |= EVENT_NOTES
    events = Sheet("Ereignisse", EVENT_TEMPLATE, notes={c: notes[c] for c in EVENT_TEMPLATE if c in notes})
    events.choices = {"Ereignis": all_words(), "Form": ["schriftlich", "zur Niederschrift"]}
    fall = Sheet("Fall", ["Angabe", "Wert", "Erläuterung"])
    fall.rows = [["Vorschrift", spec, "nachruecken statutes listet die Vorschriften"]]
    fall.rows += [[what, "", note] for what, note in FALL_TEMPLATE]
    return [bewerber, events, fall]
