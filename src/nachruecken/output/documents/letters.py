"""The letter to a successor: what he must declare, by when, and what silence and a reservation mean, each
sentence with its norm (German; keyed by state, Hessen's two texts by statute id, a reading's own wording as
"<state>:<value>"), the checklist line a letter needs, and what one barred by his employment is told.
"""

from __future__ import annotations

from nachruecken.output.documents.phrases import blank

# The letter to a successor: what he must declare, by when, and what silence and a reservation mean
# (German; keyed by state, Hessen's two texts by statute id)
LETTER = {
    "nw": [
        (
            "Bitte erklären Sie binnen einer Woche nach Zustellung dieses Schreibens schriftlich, ob Sie die Wahl "
            "annehmen.",
            "§ 45 Abs. 6 Satz 2 KWahlG",
        ),
        (
            "Die Mitgliedschaft beginnt, sobald Ihre Annahmeerklärung bei der Wahlleitung eingeht, nicht jedoch vor "
            "dem Ausscheiden des Mitglieds, dem Sie nachfolgen.",
            "§ 45 Abs. 6 Satz 3 KWahlG",
        ),
        (
            "Geben Sie bis zum Ablauf der Frist keine Erklärung ab, gilt die Wahl zu diesem Zeitpunkt als angenommen.",
            "§ 45 Abs. 6 Satz 4 KWahlG",
        ),
        (
            "Eine Erklärung unter Vorbehalt gilt als Ablehnung; eine Ablehnung kann nicht widerrufen werden.",
            "§ 45 Abs. 6 Satz 5, 6 KWahlG",
        ),
    ],
    "bb": [
        (
            "Bitte teilen Sie binnen einer Woche schriftlich mit, ob Sie die Wahl annehmen.",
            "§ 51 Abs. 1 Satz 1 BbgKWahlG",
        ),
        (
            "Geben Sie bis zum Ablauf der Frist keine Erklärung ab, gilt die Wahl mit Beginn des folgenden Tages als "
            "angenommen.",
            "§ 51 Abs. 1 Satz 2 BbgKWahlG",
        ),
        (
            "Eine Erklärung unter Vorbehalt gilt als Ablehnung; eine Ablehnung kann nicht widerrufen werden.",
            "§ 51 Abs. 1 Satz 3, 4 BbgKWahlG",
        ),
    ],
    "mv": [
        (
            "Sie erwerben die Mitgliedschaft eine Woche nach Zustellung dieser Benachrichtigung, wenn Sie nicht "
            "binnen dieser Woche gegenüber der Wahlleitung schriftlich erklären, dass Sie die Wahl nicht annehmen.",
            "§ 46 Abs. 5 Satz 1 mit § 34 Satz 1, 2 LKWG M-V",
        ),
        (
            "Erklären Sie gegenüber der Wahlleitung schriftlich die Annahme, erwerben Sie die Mitgliedschaft mit dem "
            "Zugang dieser Erklärung.",
            "§ 46 Abs. 5 Satz 3 LKWG M-V",
        ),
        (
            "Eine Erklärung unter Vorbehalt ist unbeachtlich; eine Ablehnung kann nicht widerrufen werden.",
            "§ 34 Satz 3, 4 LKWG M-V",
        ),
    ],
    "hh": [
        (
            "Bitte teilen Sie innerhalb von sieben Tagen schriftlich mit, ob Sie die Wahl annehmen.",
            "§ 36 Abs. 4 Satz 2 BezVWG",
        ),
        ("Erklären Sie sich innerhalb der Frist nicht, gilt die Wahl als angenommen.", "§ 36 Abs. 4 Satz 3 BezVWG"),
    ],
    "rp": [
        (
            "Bitte äußern Sie sich binnen einer Woche nach Zustellung dieser Benachrichtigung schriftlich, ob Sie die "
            "Wahl annehmen.",
            "§ 45 Abs. 5 mit § 44 Abs. 1 KWG; § 64 Abs. 1 Satz 1 KWO",
        ),
        (
            "Geht innerhalb dieser Frist keine Erklärung ein, gilt die Wahl als angenommen.",
            "§ 44 Abs. 2 Satz 1 KWG; § 64 Abs. 1 Satz 2 Nr. 1 KWO",
        ),
        (
            "Eine Erklärung unter Vorbehalt gilt als Ablehnung; eine Ablehnung kann nicht widerrufen werden.",
            "§ 64 Abs. 1 Satz 2 Nr. 2, 3 KWO",
        ),
    ],
    "sn": [
        (
            "Sie rücken als die nächste festgestellte Ersatzperson in den Gemeinderat nach.",
            "§ 34 Abs. 2 SächsGemO",
        ),
        (
            "Die Übernahme dieser Tätigkeit können Sie nur aus wichtigem Grund ablehnen; ob ein wichtiger Grund "
            "vorliegt, entscheidet der Gemeinderat.",
            "§ 18 Abs. 1 Satz 1, Abs. 2 Satz 1 SächsGemO",
        ),
    ],
    "st": [
        (
            "Bitte teilen Sie der Wahlleitung binnen einer Woche nach Zustellung dieser Benachrichtigung schriftlich "
            "mit, ob Sie die Wahl annehmen.",
            "§ 75 Abs. 1 Satz 1 KWO LSA mit § 43 Abs. 1 Satz 1 KWG LSA",
        ),
        (
            "Geben Sie bis zum Ablauf der Frist keine Erklärung ab, gilt die Wahl mit Beginn des folgenden Tages als "
            "angenommen.",
            "§ 43 Abs. 1 Satz 2 KWG LSA",
        ),
        (
            "Eine Erklärung unter Vorbehalt gilt als Ablehnung; eine Ablehnung kann nicht widerrufen werden. Wer die "
            "Annahme ablehnt, scheidet als nächst festgestellter Bewerber aus.",
            "§ 43 Abs. 1 Satz 3, 4, § 48 Abs. 1 Satz 1 KWG LSA",
        ),
    ],
    "by": [
        (
            "Bitte erklären Sie binnen zwei Wochen nach Zugang dieser Verständigung schriftlich oder zur Niederschrift "
            f"bei {blank('Gemeindeverwaltung / Landratsamt')}, ob Sie die Wahl annehmen.",
            "Art. 48 Abs. 3 Satz 3 mit Art. 47 Abs. 2 Satz 1 GLKrWG",
        ),
        (
            "Nehmen Sie innerhalb dieser Frist nicht an, gilt die Wahl als abgelehnt.",
            "Art. 47 Abs. 2 Satz 2 GLKrWG",
        ),
        (
            "Die Wahl kann nur vorbehaltlos angenommen werden; der Annahmeerklärung beigefügte Vorbehalte oder "
            "Bedingungen sind unwirksam.",
            "Art. 47 Abs. 3 Satz 2, 3 GLKrWG",
        ),
    ],
    # Schleswig-Holstein: § 37 GKWG by reading sh.membership (two wordings, or not applied to one who moves up)
    "sh": [
        (
            f"Bitte erklären Sie binnen {blank('Frist nach § 36 GKWG')} nach Zustellung dieser Benachrichtigung "
            "schriftlich gegenüber der Wahlleitung, ob Sie die Wahl annehmen.",
            "§ 37 Satz 1 GKWG (Fassung A)",
        ),
        (
            "Sie erwerben die Mitgliedschaft mit dem fristgerechten Eingang Ihrer schriftlichen Annahmeerklärung bei "
            "der Wahlleitung; geben Sie bis zum Ablauf der Frist keine oder keine schriftliche Erklärung ab, gilt die "
            "Wahl zu diesem Zeitpunkt als angenommen.",
            "§ 37 Satz 1, 2 GKWG (Fassung A)",
        ),
        (
            "Eine Erklärung unter Vorbehalt gilt als Ablehnung; Annahme und Ablehnung können nicht widerrufen werden.",
            "§ 37 Satz 3, 4 GKWG (Fassung A)",
        ),
    ],
    "sh:automatic": [
        (
            "Sie erwerben die Mitgliedschaft mit Ablauf einer Woche nach Bekanntgabe dieser Feststellung, wenn Sie "
            "nicht binnen dieser Woche gegenüber der Wahlleitung schriftlich erklären, dass Sie die Wahl ablehnen.",
            "§ 37 Satz 1 GKWG (Fassung B)",
        ),
        (
            "Eine Erklärung unter Vorbehalt gilt als Ablehnung; eine Ablehnung kann nicht widerrufen werden.",
            "§ 37 Satz 2, 3 GKWG (Fassung B)",
        ),
    ],
    "sh:determination": [
        (
            "Anbei erhalten Sie die Feststellung der Wahlleitung, mit der Sie als neue Vertreterin oder neuer "
            "Vertreter nachrücken.",
            "§ 44 Abs. 3 Satz 1 GKWG",
        ),
    ],
    "he-kwg-34": [
        (
            "Bitte erklären Sie binnen einer Woche nach Zustellung dieses Schreibens schriftlich, ob Sie die Wahl "
            "annehmen oder ablehnen.",
            "§ 34 Abs. 3 Satz 2 mit § 23 Abs. 1 Satz 2 KWG (alte Fassung)",
        ),
        (
            "Sie erwerben die Rechtsstellung eines Vertreters mit dem Eingang der Annahmeerklärung; geben Sie bis zum "
            "Ablauf der Frist keine oder keine formgerechte Erklärung ab, gilt die Wahl als angenommen. Eine Ablehnung "
            "kann nicht widerrufen werden.",
            "§ 24 Abs. 1 KWG (alte Fassung)",
        ),
    ],
    "he-kwg-34-2011": [
        (
            "Anbei erhalten Sie die Feststellung der Wahlleitung über Ihr Nachrücken.",
            "§ 58 Abs. 1 Satz 1 Nr. 3, Satz 3 KWO",
        ),
        (
            "Sie erlangen die Rechtsstellung eines Vertreters mit der Feststellung der Wahlleitung; eine "
            "Annahmeerklärung ist nicht erforderlich.",
            "§ 34 Abs. 3 Satz 2 mit § 23 Abs. 1 KWG",
        ),
        (
            "Liegt bei Ihnen ein Hinderungsgrund vor, ist sein Wegfall binnen einer Woche nach Zustellung "
            "nachzuweisen; sonst gilt die Rechtsstellung als nicht erworben.",
            "§ 23 Abs. 2 Satz 2, 3 KWG",
        ),
    ],
}
LETTER_CHECKS = {
    "he-kwg-34-2011": "Schreiben: der Vorgänger und die Kommunalaufsichtsbehörde erhalten die Feststellung ebenfalls "
    "(§ 58 Abs. 1 Satz 1 Nr. 1, 3 KWO).",
    "hh": "Schreiben: wann die Mitgliedschaft beginnt, regelt § 31 Abs. 3 bis 6 BezVWG (§ 36 Abs. 4 Satz 4), "
    "dessen Text dem Programm nicht vorliegt: prüfen und gegebenenfalls ergänzen.",
    "mv": "Bekanntmachung: die Wahlleitung gibt den Übergang des Sitzes erst nach dem Erwerb der Mitgliedschaft "
    "öffentlich bekannt (§ 46 Abs. 5 Satz 2 LKWG M-V); die Bekanntmachung nicht vorher veröffentlichen.",
    "bb": "Schreiben: § 51 BbgKWahlG liegt nur in einer Fassung vor 2023 vor (Abs. 1, 2); mit der geltenden "
    "Fassung abgleichen.",
    "sn": "Schreiben: wer den Nachrücker feststellt und wann seine Mitgliedschaft beginnt, steht nicht im Material "
    "(Lesart sn.membership); das Schreiben nennt keinen Tag. Gewählte werden nach § 51 Abs. 4 Satz 2 SächsKomWO auf "
    "§§ 18 und 32 SächsGemO hingewiesen und gefragt, ob sie Ablehnungs- oder Hinderungsgründe geltend machen: für "
    "den Nachrücker entsprechend erwägen.",
    "st": "Schreiben: der Wahlleiter benachrichtigt durch Zustellung und weist auf § 43 KWG LSA hin (§ 75 Abs. 1 "
    "Satz 1 KWO LSA); die Frist läuft ab Zustellung. Bei einem Verzicht des Vorgängers mit Wirkung ab einem späteren "
    "Tag beginnt die Mitgliedschaft frühestens mit seinem Ausscheiden (§ 43 Abs. 2 KWG LSA).",
    "by": "Schreiben: Art. 47 Abs. 2 Satz 1 GLKrWG zählt die zwei Wochen ab der Verkündung des vorläufigen "
    "Wahlergebnisses; für den Listennachfolger gilt er entsprechend (Art. 48 Abs. 3 Satz 3). Das Programm zählt ab der "
    "erfassten Verständigung; den Fristbeginn prüfen. Ist die Amtszeit des Wahlleiters beendet, verständigt der erste "
    "Bürgermeister oder der Landrat (§ 95 Abs. 3 GLKrWO).",
    "sh": "Schreiben: welche Fassung des § 37 GKWG gilt und ob er für Nachrückende gilt, steht nicht im Material; "
    "das Schreiben folgt Fassung A (Lesart sh.membership = acceptance). Die Frist steht in § 36 GKWG, der nicht "
    "vorliegt: ergänzen und mit dem geltenden Recht abgleichen.",
    "sh:automatic": "Schreiben: welche Fassung des § 37 GKWG gilt und ob er für Nachrückende gilt, steht nicht im "
    "Material; das Schreiben folgt Fassung B (Lesart sh.membership = automatic): mit dem geltenden Recht abgleichen.",
    "sh:determination": "Schreiben: ob § 37 GKWG für Nachrückende gilt, steht nicht im Material; das Schreiben "
    "folgt der Lesart sh.membership = determination (Mitgliedschaft mit der Feststellung): mit dem geltenden Recht "
    "abgleichen.",
    "rp": "Schreiben: an welchem Tag die Mitgliedschaft beginnt, sagen § 45 Abs. 5 und § 44 KWG nicht (Lesart "
    "rp.membership); das Schreiben nennt daher keinen Tag. Die Benachrichtigung zustellen (die Frist läuft ab "
    "Zustellung).",
}

# An Ersatzperson barred by his employment must be told how he can accept: BB § 51 Abs. 2 Satz 1 with Satz 4,
# RP § 64 Abs. 2 Satz 1 with § 66 Abs. 1 Satz 4 KWO
INCOMPATIBLE = {
    "bb": (
        "Sie können die Wahl nur annehmen, wenn Sie nachweisen, dass Sie die zur Beendigung Ihres Beamten- oder "
        "Arbeitnehmerverhältnisses erforderliche Erklärung abgegeben haben; weisen Sie dies nicht vor Ablauf der "
        "Frist nach, gilt die Wahl als abgelehnt.",
        "§ 51 Abs. 2 Satz 1, 2 und 4 BbgKWahlG",
    ),
    "rp": (
        "Sie können die Wahl nur annehmen, wenn Sie die Beendigung Ihres Dienst- oder Beschäftigungsverhältnisses "
        "oder Ihre Beurlaubung ohne Bezüge nachweisen; wird der Nachweis nicht bis zum Ablauf der Frist erbracht, "
        "gilt die Wahl als abgelehnt.",
        "§ 64 Abs. 2 Satz 1 mit § 66 Abs. 1 Satz 4 KWO",
    ),
}
