"""What the documents say of each state's law beyond one determination: the law's full name (named once,
with its abbreviation), the legal remedy where its text is in the material (else a marked blank and a
checklist line), the duty to publish, who determines and who signs (the letter to a successor: letters.py).
Every sentence cites its norm; nothing here is a plausible paragraph without text.
"""

from __future__ import annotations

from nachruecken.output.documents.phrases import blank

LAW_NAMES = {
    "he": {"de": "Hessisches Kommunalwahlgesetz (KWG)", "en": "Hessian Local Elections Act (KWG)"},
    "nw": {"de": "Kommunalwahlgesetz NRW (KWahlG)", "en": "North Rhine-Westphalia Local Elections Act (KWahlG)"},
    "bb": {
        "de": "Brandenburgisches Kommunalwahlgesetz (BbgKWahlG)",
        "en": "Brandenburg Local Elections Act (BbgKWahlG)",
    },
    "mv": {
        "de": "Landes- und Kommunalwahlgesetz M-V (LKWG M-V)",
        "en": "Mecklenburg-Vorpommern Elections Act (LKWG M-V)",
    },
    "hh": {
        "de": "Gesetz über die Wahl zu den Bezirksversammlungen (BezVWG)",
        "en": "Hamburg District Assemblies Elections Act (BezVWG)",
    },
    "rp": {
        "de": "Kommunalwahlgesetz Rheinland-Pfalz (KWG)",
        "en": "Rhineland-Palatinate Local Elections Act (KWG)",
    },
    "sn": {
        "de": "Gemeindeordnung für den Freistaat Sachsen (SächsGemO)",
        "en": "Saxon Municipal Code (SächsGemO)",
    },
    "sh": {
        "de": "Gemeinde- und Kreiswahlgesetz Schleswig-Holstein (GKWG)",
        "en": "Schleswig-Holstein Municipal and County Elections Act (GKWG)",
    },
    "st": {
        "de": "Kommunalwahlgesetz für das Land Sachsen-Anhalt (KWG LSA)",
        "en": "Saxony-Anhalt Local Elections Act (KWG LSA)",
    },
    "by": {
        "de": "Gemeinde- und Landkreiswahlgesetz (GLKrWG)",
        "en": "Bavarian Municipal and County Elections Act (GLKrWG)",
    },
}


def remedy(state: str, lang: str) -> tuple[str, list[str]]:
    """The Rechtsbehelfsbelehrung as far as its text is in the material, and the checklist lines it needs."""
    de = lang == "de"
    if state == "he":
        if not de:
            return (
                "Any person entitled to vote may object within an exclusion period of two weeks after the public "
                "notice (§ 34 Abs. 4 Satz 1 with § 25 Abs. 1 Satz 1 KWG); the objection of a person who does not "
                "claim a breach of own rights needs the support of one per cent of those entitled to vote, at least "
                "five, and with more than 10,000 at least 100 (§ 25 Abs. 1 Satz 2 KWG). It is lodged in writing or "
                f"for the record with {blank('the Wahlleiter')} and reasoned within the period (§ 25 Abs. 2 KWG). "
                f"{blank('the body')} decides on it (§ 34 Abs. 4 Satz 2 KWG).",
                HE_CHECKS["en"],
            )
        return (
            f"Gegen diese Feststellung kann jede wahlberechtigte Person des Wahlkreises {blank('Gemeinde, Stadt oder Kreis')} "
            "binnen einer Ausschlussfrist von zwei Wochen nach ihrer öffentlichen Bekanntmachung Einspruch erheben "
            "(§ 34 Abs. 4 Satz 1 in Verbindung mit § 25 Abs. 1 Satz 1 KWG). Der Einspruch einer wahlberechtigten "
            "Person, die nicht die Verletzung eigener Rechte geltend macht, ist nur zulässig, wenn ihn eins vom "
            "Hundert der Wahlberechtigten, mindestens jedoch fünf Wahlberechtigte, unterstützen; bei mehr als "
            "10.000 Wahlberechtigten müssen mindestens 100 Wahlberechtigte den Einspruch unterstützen (§ 25 Abs. 1 "
            f"Satz 2 KWG). Der Einspruch ist schriftlich oder zur Niederschrift bei {blank('Wahlleiterin / Wahlleiter')} "
            "einzureichen und innerhalb der Einspruchsfrist im Einzelnen zu begründen; nach Ablauf der "
            "Einspruchsfrist können weitere Einspruchsgründe nicht mehr geltend gemacht werden (§ 25 Abs. 2 KWG). "
            f"Über den Einspruch beschließt {blank('Gemeindevertretung / Kreistag')} (§ 34 Abs. 4 Satz 2 KWG).",
            HE_CHECKS["de"],
        )
    if state == "st":
        return _st_remedy(de), []
    return _partial(state, de)


def _st_remedy(de: bool) -> str:
    """Sachsen-Anhalt § 50 Abs. 3 with Abs. 2 and 5 KWG LSA: the Wahleinspruch against a Feststellung made after
    the result (the text holds period, form, office and effect)."""
    if not de:
        return (
            "Any person entitled to vote in the electoral area, any party or voter group that filed a Wahlvorschlag, "
            "the Wahlleiter and the supervisory authority may lodge a Wahleinspruch against this determination within "
            "two weeks of its publication; for a person on whom it was served, the period begins on the day of "
            "service (§ 50 Abs. 1, 3 Satz 1, 2 KWG LSA). It is lodged with reasons, in writing or for the record, "
            f"with {blank('the Wahlleiter')} (§ 50 Abs. 3 Satz 3 with Abs. 2 KWG LSA). It has no suspensive effect "
            "(§ 50 Abs. 5 Satz 1 KWG LSA)."
        )
    return (
        "Gegen diese Feststellung können jede wahlberechtigte Person des Wahlgebietes, jede Partei oder Wählergruppe, "
        "die einen Wahlvorschlag eingereicht hat, die Wahlleitung und die Kommunalaufsichtsbehörde binnen zwei Wochen "
        "nach ihrer Bekanntgabe Wahleinspruch erheben; ist die Feststellung zugestellt worden, beginnt die Frist für "
        "die Empfängerin oder den Empfänger mit dem Tag der Zustellung (§ 50 Abs. 1, Abs. 3 Satz 1, 2 KWG LSA). Der "
        f"Wahleinspruch ist bei {blank('Wahlleiterin / Wahlleiter')} mit Begründung schriftlich einzureichen oder zur "
        "Niederschrift zu erklären (§ 50 Abs. 3 Satz 3 mit Abs. 2 KWG LSA). Er hat keine aufschiebende Wirkung "
        "(§ 50 Abs. 5 Satz 1 KWG LSA)."
    )


HE_CHECKS = {
    "de": [
        "Rechtsbehelf: § 34 Abs. 4 KWG in der Fassung seit 2011 liegt dem Programm nicht im Wortlaut vor; die "
        "Belehrung folgt dem Wortlaut vor 2011 (Satz 1, 2) und § 25 Abs. 1, 2 KWG. Mit der geltenden Fassung "
        "abgleichen.",
        "Rechtsbehelf: veröffentlichte Belehrungen nennen zusätzlich die Klage nach § 27 KWG; deren Text liegt nicht "
        "vor: aus der Vorlage des Amtes ergänzen.",
        "Zustellung und Bekanntmachung nach § 58 KWO: an die Kommunalaufsichtsbehörde (Abs. 1 Satz 1 Nr. 1, Satz 2), "
        "an die betroffenen Vertreter (Nr. 3, Satz 3), öffentliche Bekanntmachung (Abs. 2).",
    ],
    "en": [
        "Remedy: § 34 Abs. 4 KWG in its wording since 2011 is not held verbatim; the instruction follows the wording "
        "before 2011 (Satz 1, 2) and § 25 Abs. 1, 2 KWG. Compare with the text in force.",
        "Remedy: published instructions add the action under § 27 KWG; its text is not held: add it from the "
        "office's template.",
        "Service and notice under § 58 KWO: to the supervisory authority (Abs. 1 Satz 1 Nr. 1, Satz 2), to the "
        "members concerned (Nr. 3, Satz 3), public notice (Abs. 2).",
    ],
}

# What the material holds of the remedy of the other states (text), and what it lacks (a blank).
_PARTIAL = {
    "nw": (
        "Gegen diese Feststellung ist der Rechtsbehelf nach § 39 Abs. 1 KWahlG gegeben; § 39 Abs. 1, § 40 Abs. 3 "
        "und § 41 KWahlG gelten entsprechend, an die Stelle des Beschlusses der Vertretung tritt die Entscheidung "
        "der Wahlleitung (§ 45 Abs. 6 Satz 8 KWahlG).",
        "§ 39 Abs. 1 KWahlG",
    ),
    "bb": (
        "Gegen diese Feststellung sind die in den §§ 55 bis 58 BbgKWahlG genannten Rechtsbehelfe gegeben (§ 60 "
        "Abs. 8 Satz 1 BbgKWahlG). Über Einsprüche beschließt die Vertretung; sie bestätigt die Feststellung, hebt "
        "sie auf oder ändert sie ab (§ 60 Abs. 8 Satz 3 BbgKWahlG).",
        "§§ 55 bis 58 BbgKWahlG",
    ),
    "mv": (
        "Gegen die Feststellung der Wahlleitung ist der Einspruch in entsprechender Anwendung des § 35 LKWG M-V "
        "zulässig (§ 46 Abs. 4 Satz 1). Über Einsprüche beschließt die Vertretung; sie bestätigt die Feststellung, "
        "hebt sie auf oder ändert sie ab (§ 46 Abs. 4 Satz 2). Gegen diesen Beschluss ist die Klage zulässig "
        "(§ 46 Abs. 4 Satz 3 LKWG M-V).",
        "§ 35 LKWG M-V",
    ),
    "sh": (
        "Gegen diese Feststellung kann jede und jeder Wahlberechtigte des Wahlgebiets Einspruch nach § 38 GKWG "
        "einlegen (§ 44 Abs. 3 Satz 3 GKWG).",
        "§ 38 GKWG",
    ),
}
# Checklist lines a state's remedy needs beyond the blank (Schleswig-Holstein: the Vertretung's own finding in a
# doubtful case is challenged by Klage, not Einspruch)
_REMEDY_CHECKS = {
    "sh": {
        "de": "Rechtsbehelfsbelehrung: hat in einem Zweifelsfall die Vertretung entschieden (§ 44 Abs. 3 Satz 2 GKWG), "
        "ist gegen ihre Feststellung die Klage nach § 40 GKWG gegeben, nicht der Einspruch; die Belehrung dann "
        "anpassen (§ 40 liegt nicht vor).",
        "en": "Remedy: where the Vertretung decided a doubtful case (§ 44 Abs. 3 Satz 2 GKWG), its finding is "
        "challenged by an action under § 40 GKWG, not by Einspruch; adjust the instruction (§ 40 is not held).",
    },
}


# States whose material holds a remedy that may not reach this determination: what the checklist says of it
# (the act keeps a blank: a remedy is printed only where the text gives it for this act).
_NOT_SHOWN = {
    "by": {
        "de": "Rechtsbehelfsbelehrung: Art. 51a GLKrWG eröffnet den Verwaltungsrechtsweg gegen die Entscheidung der "
        "Rechtsaufsichtsbehörde (oder ihre Unterlassung) für eine in ihren Rechten verletzte Person oder eine "
        "anfechtende Person mit mindestens fünf Beitretenden; ob und wie die Entscheidung über das Nachrücken "
        "angefochten wird (Wahlanfechtung, Art. 50, 51 GLKrWG), sagt das Material nicht: aus dem geltenden Recht oder "
        "der Vorlage des Amtes ergänzen.",
        "en": "Remedy: Art. 51a GLKrWG opens the administrative courts against the supervisory authority's decision "
        "(or its failure to decide), for a person whose rights are infringed or a challenger joined by at least five "
        "voters; whether and how the decision on moving up is challenged (Art. 50, 51 GLKrWG) is not in the material: "
        "add it from the law in force or the office's template.",
    },
    "sn": {
        "de": "Rechtsbehelfsbelehrung: § 25 KomWG (Einspruch gegen die Wahl binnen zwei Wochen nach Bekanntmachung des "
        "Wahlergebnisses bei der Rechtsaufsichtsbehörde, dann Anfechtungs- oder Verpflichtungsklage) betrifft die Wahl; "
        "ob er gegen das Nachrücken gegeben ist, sagt das Material nicht: aus dem geltenden Recht oder der Vorlage des "
        "Amtes ergänzen.",
        "en": "Remedy: § 25 KomWG (objection to the election within two weeks of the result's notice, to the "
        "supervisory authority, then an action) concerns the election; whether it lies against a succession is not "
        "in the material: add it from the law in force or the office's template.",
    },
    "rp": {
        "de": "Rechtsbehelfsbelehrung: § 48 KWG liegt nur in der Fassung von 1994 vor (Einspruch gegen die "
        "Gültigkeit der Wahl binnen zwei Wochen beim Bürgermeister, Entscheidung der Aufsichtsbehörde); ob er gegen "
        "die Feststellung einer Ersatzperson gegeben ist, sagt das Material nicht: aus dem geltenden Recht oder der "
        "Vorlage des Amtes ergänzen.",
        "en": "Remedy: § 48 KWG is held only in its 1994 wording (objection to the validity of the election within "
        "two weeks to the mayor, decided by the supervisory authority); whether it lies against the determination "
        "of an Ersatzperson is not in the material: add it from the law in force or the office's template.",
    },
}


def _partial(state: str, de: bool) -> tuple[str, list[str]]:
    if state not in _PARTIAL:  # Hamburg: § 36 BezVWG names no remedy; the others: _NOT_SHOWN
        line = (
            "Rechtsbehelfsbelehrung: die Vorschrift nennt keinen Rechtsbehelf und das Programm hält keinen; aus dem "
            "geltenden Recht oder der Vorlage des Amtes ergänzen."
            if de
            else "Remedy: the provision names none and the tool holds none; add it from the law in force or the "
            "office's template."
        )
        if state in _NOT_SHOWN:
            line = _NOT_SHOWN[state]["de" if de else "en"]
        return blank("Rechtsbehelfsbelehrung" if de else "legal remedy"), [line]
    text, missing = _PARTIAL[state]
    label = f"Frist, Form und Stelle nach {missing}" if de else f"period, form and office under {missing}"
    body = (text + " " if text and de else "") + blank(label)
    line = (
        f"Rechtsbehelfsbelehrung: Frist, Form und Stelle stehen in {missing}, dessen Text dem Programm nicht "
        "vorliegt; die Lücke im Entwurf aus dem Gesetz oder der Vorlage des Amtes füllen."
        if de
        else f"Remedy: period, form and office are in {missing}, whose text is not held; fill the blank from the "
        "law or the office's template."
    )
    extra = _REMEDY_CHECKS.get(state, {}).get("de" if de else "en")
    return body, [line, extra] if extra else [line]


# The duty to publish the determination, where the statute states it
PUBLISH = {
    "bb": {
        "de": "Die Wahlleitung gibt den Übergang des Sitzes öffentlich bekannt (§ 60 Abs. 7 Satz 1 BbgKWahlG).",
        "en": "The Wahlleiter publishes the passing of the seat (§ 60 Abs. 7 Satz 1 BbgKWahlG).",
    },
    "mv": {
        "de": "Nach dem Erwerb der Mitgliedschaft gibt die Wahlleitung den Übergang des Sitzes öffentlich bekannt "
        "(§ 46 Abs. 5 Satz 2 LKWG M-V).",
        "en": "Once membership is acquired the Wahlleitung publishes the passing of the seat (§ 46 Abs. 5 Satz 2 LKWG M-V).",
    },
    "nw": {
        "de": "Die Wahlleitung macht die Feststellung öffentlich bekannt (§ 45 Abs. 6 Satz 7 KWahlG).",
        "en": "The Wahlleiter publishes the determination (§ 45 Abs. 6 Satz 7 KWahlG).",
    },
    "he": {
        "de": "Die Feststellung ist öffentlich bekannt zu machen (§ 58 Abs. 2 KWO).",
        "en": "The determination is published (§ 58 Abs. 2 KWO).",
    },
    "rp": {
        "de": "Die Wahlleitung macht den Namen der einberufenen Ersatzperson oder, wenn keine vorhanden ist, dies "
        "öffentlich bekannt (§ 66 Abs. 3 KWO).",
        "en": "The Wahlleiter publishes the name of the Ersatzperson called, or that none is left (§ 66 Abs. 3 KWO).",
    },
    "sh": {
        "de": "Die Wahlleitung gibt die Feststellung bekannt (§ 44 Abs. 3 Satz 1 GKWG).",
        "en": "The Wahlleiter publishes the determination (§ 44 Abs. 3 Satz 1 GKWG).",
    },
    "st": {
        "de": "Die Wahlleitung teilt der oder dem Vorsitzenden der Vertretung unverzüglich mit und macht öffentlich "
        "bekannt, auf welchen nächst festgestellten Bewerber der Sitz übergeht (§ 75 Abs. 1 Satz 3 KWO LSA).",
        "en": "The Wahlleiter informs the chair of the body without delay and publishes to which nächst festgestellter "
        "Bewerber the seat passes (§ 75 Abs. 1 Satz 3 KWO LSA).",
    },
}

# The notice says it is the publication the statute requires
PUBLISHED = {
    "bb": {
        "de": "Dies wird hiermit öffentlich bekannt gemacht (§ 60 Abs. 7 Satz 1 BbgKWahlG).",
        "en": "This is hereby published (§ 60 Abs. 7 Satz 1 BbgKWahlG).",
    },
    "mv": {
        "de": "Dies wird hiermit öffentlich bekannt gemacht (§ 46 Abs. 5 Satz 2 LKWG M-V).",
        "en": "This is hereby published (§ 46 Abs. 5 Satz 2 LKWG M-V).",
    },
    "nw": {
        "de": "Dies wird hiermit öffentlich bekannt gemacht (§ 45 Abs. 6 Satz 7 KWahlG).",
        "en": "This is hereby published (§ 45 Abs. 6 Satz 7 KWahlG).",
    },
    "he": {
        "de": "Dies wird hiermit öffentlich bekannt gemacht (§ 58 Abs. 2 KWO).",
        "en": "This is hereby published (§ 58 Abs. 2 KWO).",
    },
    "rp": {
        "de": "Dies wird hiermit öffentlich bekannt gemacht (§ 66 Abs. 3 KWO).",
        "en": "This is hereby published (§ 66 Abs. 3 KWO).",
    },
    "sh": {
        "de": "Dies wird hiermit bekannt gegeben (§ 44 Abs. 3 Satz 1 GKWG).",
        "en": "This is hereby published (§ 44 Abs. 3 Satz 1 GKWG).",
    },
    "st": {
        "de": "Dies wird hiermit öffentlich bekannt gemacht (§ 75 Abs. 1 Satz 3 KWO LSA).",
        "en": "This is hereby published (§ 75 Abs. 1 Satz 3 KWO LSA).",
    },
}

# Who determines and who signs, where it is not "die Wahlleitung" (BB § 60 Abs. 6; HH § 36 Abs. 2 Satz 1)
DETERMINER = {
    "bb": {
        "de": blank("Der Wahlausschuss / die Wahlleiterin / der Wahlleiter"),
        "en": blank("the Wahlausschuss / Wahlleiter"),
    },
    "hh": {"de": "Die Bezirkswahlleitung", "en": "The Bezirkswahlleitung"},
    "sn": {"de": blank("Die feststellende Stelle"), "en": blank("the determining office")},
    # Bayern Art. 48 Abs. 3 Satz 1, 2: the Wahlausschuss, after its term the Gemeinderat or Kreistag
    "by": {
        "de": blank("Der Wahlausschuss / der Gemeinderat / der Kreistag"),
        "en": blank("the Wahlausschuss / Gemeinderat / Kreistag"),
    },
}
SIGNER = {
    "he": {"de": "Gemeindewahlleiterin / Gemeindewahlleiter (Kreiswahlleiterin / Kreiswahlleiter)", "en": "Wahlleiter"},
    "bb": {"de": "für den Wahlausschuss / Wahlleiterin / Wahlleiter", "en": "for the Wahlausschuss / Wahlleiter"},
    "hh": {"de": "Bezirkswahlleitung", "en": "district returning officer"},
    "rp": {"de": "Wahlleiterin / Wahlleiter", "en": "Wahlleiter"},
    "sh": {"de": "Wahlleiterin / Wahlleiter", "en": "Wahlleiter"},
    "st": {"de": "Wahlleiterin / Wahlleiter", "en": "Wahlleiter"},
    "by": {"de": blank("für den Wahlausschuss / Gemeinderat / Kreistag"), "en": blank("for the deciding body")},
    "sn": {"de": blank("unterzeichnende Stelle"), "en": blank("signing office")},
}
