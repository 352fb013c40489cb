"""The fixed wording of the Feststellung, in German (the official language) and English (a
translation): the sentence of each event that ends a membership, the titles, the operative sentences
(with Hamburg's own act), the membership sentences, and the small helpers that write a day, a list of
names and a marked blank.
"""

from __future__ import annotations

from nachruecken.law.dates import long_iso

EVENT_SENTENCE = {
    "de": {
        "died": "ist am {date} verstorben",
        "refused": "hat die Annahme der Wahl am {date} abgelehnt",
        "resigned": "hat auf den Sitz verzichtet und scheidet mit Wirkung vom {date} aus",
        "resigned_by_refusal": "hat am {date} erklärt, die Wahl abzulehnen; da die Mitgliedschaft bereits begonnen "
        "hatte, ist das ein Verzicht auf den Sitz, mit Wirkung vom {date}",
        "lost_seat": "hat den Sitz mit Wirkung vom {date} verloren",
        "elected_mayor": "hat am {date} die Wahl in das Bürgermeisteramt angenommen",
        "switched": "ist am {date} auf einen anderen Sitz gewechselt",
        "lost_eligibility": "hat am {date}, vor der Annahme, eine Voraussetzung der Wählbarkeit verloren",
        "declared_pending": "hat am {date} erklärt, den Sitz nicht anzunehmen oder aufzugeben; die Erklärung ist "
        "noch nicht wirksam",
    },
    "en": {
        "died": "died on {date}",
        "refused": "refused the election on {date}",
        "resigned": "gave up the seat, with effect from {date}",
        "lost_seat": "lost the seat with effect from {date}",
        "resigned_by_refusal": "declared on {date} that they refuse the election; as their membership had begun, "
        "this gives up the seat, with effect from {date}",
        "elected_mayor": "accepted the election as mayor on {date}",
        "switched": "moved to another seat on {date}",
        "lost_eligibility": "lost a requirement of eligibility on {date}, before accepting",
        "declared_pending": "declared on {date} that they will not take up or will give up the seat; the declaration "
        "has not taken effect",
    },
}

TITLES = {
    "de": {
        "successor": "Feststellung über das Ausscheiden eines Mitglieds und das Nachrücken",
        "vacant": "Feststellung über das Ausscheiden eines Mitglieds und das Leerbleiben des Sitzes",
        "lot": "Feststellung über das Ausscheiden eines Mitglieds und den erforderlichen Losentscheid",
        "by_election": "Feststellung über das Ausscheiden eines Mitglieds und die erforderliche Wahl",
        "other": "Feststellung über das Ausscheiden eines Mitglieds",
        "kept": "Vermerk: keine Feststellung über ein Nachrücken",
    },
    "en": {
        "successor": "Determination of a member's departure and the succession",
        "vacant": "Determination of a member's departure and that the seat stays empty",
        "lot": "Determination of a member's departure and the lot required",
        "by_election": "Determination of a member's departure and the election required",
        "other": "Determination of a member's departure",
        "kept": "Note: no determination of a succession",
    },
}

OPERATIVE = {
    "de": {
        "departure": "Ich stelle fest, dass {departed} mit Wirkung vom {date} aus der Vertretung ausgeschieden ist",
        "departure_with_act": "Ich stelle fest, dass {departed} auf Grund des Verzichts mit dieser Feststellung aus "
        "der Vertretung ausscheidet",
        "departure_when_final": "Ich stelle fest, dass {departed} mit der Unanfechtbarkeit der Feststellung über den "
        "Verlust des Sitzes, am {final}, aus der Vertretung ausscheidet",
        "and": " und ",
        "kept": "{departed} behält den Sitz: die Annahme der Wahl zum Bürgermeister ist selbst kein Grund des "
        "Ausscheidens; ob und wann der Sitz verloren geht, richtet sich nach {to}. Eine Feststellung über "
        "ein Nachrücken ergeht nicht; sie folgt, wenn der Verlust des Sitzes festgestellt ist.",
        "kept_declared": "{departed} behält den Sitz: die Erklärung wird erst wirksam, wenn über sie nach {to} "
        "entschieden ist. Eine Feststellung über ein Nachrücken ergeht nicht; sie folgt, wenn das Ausscheiden "
        "feststeht.",
        "norm": " ({citation})",
        "unchanged": " Die gesetzliche Mitgliederzahl bleibt unverändert.",
        "drawn": "Das Los wurde am {date} gezogen; es fiel auf {name}.",
        "successor": "dass {name} aus dem Wahlvorschlag {nom} an die Stelle von {departed} in {body_dat} nachrückt.",
        "vacant": "dass der Wahlvorschlag {nom} erschöpft ist und der Sitz von {departed} unbesetzt bleibt.",
        "reduced": " Die gesetzliche Mitgliederzahl vermindert sich um einen Sitz auf {count}{norm}.",
        "lot": "dass zwischen {names} das vom Wahlleiter zu ziehende Los entscheidet.",
        "lot_open": "der Losentscheid zwischen {names} (Zeitpunkt und Ergebnis)",
        "by_election": "dass der Sitz von {departed} durch {kind} zu besetzen ist.",
        "by_election_open": "Zeitpunkt und Durchführung der Wahl",
        "referred": "Die Nachfolge in den Sitz von {departed} richtet sich nach {to}; eine Feststellung nach "
        "dieser Vorschrift ergeht gesondert.",
        "referred_open": "die Anwendung von {to}",
        "undetermined": "Nach dem angewandten Text lässt sich die Nachfolge in den Sitz von {departed} nicht "
        "feststellen: {why}",
        "undetermined_open": "was der Text offenlässt (siehe die Gründe)",
        "not_applicable": "Die Nachfolge in den Sitz von {departed} richtet sich nicht nach dieser Vorschrift: {why}",
        "body_dat": "die Vertretungskörperschaft",
        "body_named": "die Vertretungskörperschaft „{name}“",
        "member_from": " Die Mitgliedschaft beginnt am {day}.",
        "pending": " Die Mitgliedschaft beginnt, wie unter 5. beschrieben.",
    },
    "en": {
        "departure": "I determine that {departed} left the body with effect from {date}",
        "departure_with_act": "I determine that {departed}, having given up the seat, leaves the body with this "
        "determination",
        "departure_when_final": "I determine that {departed} leaves the body when the finding of the loss of the "
        "seat can no longer be challenged, on {final}",
        "and": " and ",
        "kept": "{departed} keeps the seat: accepting the mayoralty is not itself a ground of departure; whether "
        "and when the seat is lost is governed by {to}. No determination of a succession is made; it "
        "follows once the loss of the seat is determined.",
        "kept_declared": "{departed} keeps the seat: the declaration takes effect only once it has been decided "
        "under {to}. No determination of a succession is made; it follows once the departure is established.",
        "norm": " ({citation})",
        "unchanged": " The legal member count stays the same.",
        "drawn": "The lot was drawn on {date}; it fell on {name}.",
        "successor": "that {name} of the Wahlvorschlag {nom} succeeds {departed} in {body_dat}.",
        "vacant": "that the Wahlvorschlag {nom} is exhausted and the seat of {departed} stays empty.",
        "reduced": " The legal member count falls by one seat to {count}{norm}.",
        "lot": "that a lot drawn by the Wahlleiter decides between {names}.",
        "lot_open": "the lot between {names} (when, and its result)",
        "by_election": "that the seat of {departed} is to be filled by {kind}.",
        "by_election_open": "when and how the election is held",
        "referred": "The succession to the seat of {departed} is governed by {to}; a determination under it "
        "follows separately.",
        "referred_open": "the application of {to}",
        "undetermined": "Under the text applied the succession to the seat of {departed} cannot be determined: {why}",
        "undetermined_open": "what the text leaves open (see the grounds)",
        "not_applicable": "The succession to the seat of {departed} is not governed by this provision: {why}",
        "body_dat": "the body",
        "body_named": "the body “{name}”",
        "member_from": " Membership begins on {day}.",
        "pending": " Membership begins as described under 5.",
    },
}

# Where a statute's act is not "nachrücken" (Hamburg § 36 Abs. 1, 2: für gewählt erklären; Rheinland-Pfalz
# § 45 Abs. 1 KWG: eine Ersatzperson einberufen).
OPERATIVE_BY_STATE = {
    # Bayern Art. 48 Abs. 3 Satz 1, 2 GLKrWG: the Wahlausschuss (after its term the council) determines the
    # departure and decides on the moving up of the Listennachfolger: the act is that body's, not the Wahlleiter's
    "by": {
        "de": {
            "departure": "Es wird festgestellt, dass {departed} mit Wirkung vom {date} aus der Vertretung ausgeschieden "
            "ist",
            "and": ", und entschieden, ",
            "successor": "dass {name} aus dem Wahlvorschlag {nom} als Listennachfolger an die Stelle von {departed} in "
            "{body_dat} nachrückt.",
            "vacant": "dass für den Sitz von {departed} kein Listennachfolger mehr vorhanden ist und der Sitz unbesetzt "
            "bleibt.",
        },
        "en": {
            "departure": "It is determined that {departed} left the body with effect from {date}",
            "and": ", and decided ",
            "successor": "that {name} of the Wahlvorschlag {nom} moves up as Listennachfolger in place of {departed} in "
            "{body_dat}.",
            "vacant": "that no Listennachfolger is left for the seat of {departed}, and the seat stays empty.",
        },
    },
    # Sachsen-Anhalt § 75 Abs. 1 KWO LSA: the seat passes to the nächst festgestellter Bewerber
    "st": {
        "de": {
            "successor": "dass {name} aus dem Wahlvorschlag {nom} als nächst festgestellter Bewerber an die Stelle von "
            "{departed} in {body_dat} nachrückt; der Sitz geht auf diese Person über.",
        },
        "en": {
            "successor": "that {name} of the Wahlvorschlag {nom} succeeds {departed} in {body_dat} as the nächst "
            "festgestellter Bewerber; the seat passes to that person.",
        },
    },
    # Schleswig-Holstein § 44 Abs. 2 GKWG: no list, or the list exhausted (an Einzelbewerber has none)
    "sh": {
        "de": {
            "vacant": "dass für den Sitz von {departed} ein Nachrücken nicht möglich ist und der Sitz leer bleibt.",
        },
        "en": {
            "vacant": "that no one can move up to the seat of {departed}, and the seat stays empty.",
        },
    },
    "rp": {
        "de": {
            "successor": "dass {name} aus dem Wahlvorschlag {nom} an die Stelle von {departed} als Ersatzperson in "
            "{body_dat} einberufen wird.",
            "vacant": "dass für den Sitz von {departed} keine Ersatzperson des Wahlvorschlags {nom} mehr vorhanden ist "
            "und der Sitz unbesetzt bleibt.",
        },
        "en": {
            "successor": "that {name} of the Wahlvorschlag {nom} is called as Ersatzperson to {body_dat} in place of "
            "{departed}.",
            "vacant": "that no Ersatzperson of the Wahlvorschlag {nom} is left for the seat of {departed}, and the seat "
            "stays empty.",
        },
    },
    "hh": {
        "de": {
            "departure": "Ich stelle fest, dass {departed} mit Wirkung vom {date} aus der Bezirksversammlung "
            "ausgeschieden ist",
            "successor": "dass {name} aus dem Wahlvorschlag {nom} an Stelle von {departed} als Mitglied der "
            "{body} für gewählt erklärt wird.",
            "body_dat": "Bezirksversammlung",
            "body_named": "{name}",
        },
        "en": {
            "departure": "I determine that {departed} left the Bezirksversammlung with effect from {date}",
            "successor": "that {name} of the Wahlvorschlag {nom} is declared elected to {body} in place of {departed}.",
            "body_dat": "the Bezirksversammlung",
            "body_named": "{name}",
        },
    },
}
# An outcome that rests on a reading (not on the words of the text) is said so next to its norm.
ON_READING = {"de": ", nach der hier vertretenen Auslegung", "en": ", as construed here"}
READING_CHECK = {
    "de": "Das Ergebnis beruht auf einer Lesart, nicht auf dem Wortlaut: {why}",
    "en": "The outcome rests on a reading, not on the words of the text: {why}",
}
ELECTION_KIND = {
    "de": {"neuwahl_wahlkreis": "Neuwahl im Wahlkreis", "ergaenzungswahl": "Ergänzungswahl"},
    "en": {"neuwahl_wahlkreis": "a new election in the Wahlkreis", "ergaenzungswahl": "a supplementary election"},
}

MEMBERSHIP_SENTENCE = {
    "de": {
        "unnotified": "{name} ist zu benachrichtigen; die gesetzliche Frist (siehe die folgenden Vorschriften) "
        "läuft ab der Zustellung der Benachrichtigung am {served}.",
        "pending": "{name} wurde am {notified} benachrichtigt; die Frist endet am {deadline}.",
        "accepted": "{name} hat die Wahl angenommen; die Mitgliedschaft beginnt am {member_from}.",
        "deemed_accepted": "{name} hat sich bis zum Ablauf der Frist am {deadline} nicht erklärt; die Wahl gilt als "
        "angenommen, die Mitgliedschaft beginnt am {member_from}.",
        "deemed_accepted_unnotified": "{name} hat sich nicht erklärt; die Wahl gilt mit Ablauf der gesetzlichen "
        "Frist, gerechnet ab der Zustellung der Benachrichtigung am {served}, als "
        "angenommen.",
        "other": "Stand: {status}{notified}{deadline}{member_from}.",
    },
    "en": {
        "unnotified": "{name} is to be notified; the statutory period (see the provisions below) runs from the "
        "service of the notification on {served}.",
        "pending": "{name} was notified on {notified}; the period ends on {deadline}.",
        "accepted": "{name} accepted the election; membership begins on {member_from}.",
        "deemed_accepted": "{name} made no declaration before the period ended on {deadline}; the election counts "
        "as accepted, membership begins on {member_from}.",
        "deemed_accepted_unnotified": "{name} made no declaration; the election counts as accepted when the "
        "statutory period ends, counted from the service of the notification on "
        "{served}.",
        "other": "Status: {status}{notified}{deadline}{member_from}.",
    },
}
LOT_DECIDED = {"de": "Zwischen {names} hat das Los entschieden.", "en": "The lot decided between {names}."}


def day_text(text: str | None, lang: str) -> str:
    return long_iso(text, lang, missing="")


def join_names(items: list[str], lang: str) -> str:
    """ "a, b und c" / "a, b and c"."""
    word = " und " if lang == "de" else " and "
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + word + items[-1]


def blank(label: str) -> str:
    return f"[____ {label} ____]"
