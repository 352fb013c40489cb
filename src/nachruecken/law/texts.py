"""Sentences for the explanation, in English or German.

Statute-specific texts live in each encoding's catalogue.yaml under ``texts`` (keyed
``<kind>@<norm>``); this module holds the generic fallbacks and fills the placeholders.

The warnings of a term's replay have their own table (``law/warning_texts.py``).
"""

from __future__ import annotations

import string

from nachruecken.law.statutes import Statute, load_statute

LANGS = ("en", "de")

REASON_ORDER = (
    "already_member",
    "already_called",
    "already_elected",
    "former_member",
    "died",
    "lost_eligibility",
    "incompatible",
    "refused",
    "waived",
    "left_group",
    "expelled",
    "joined_other_group",
    "excluded_substitute",
    "evidence_missing",
)

GENERIC = {
    "already_member": {
        "en": "Already sits in the body (through {other}).",
        "de": "Sitzt bereits in der Vertretung (über {other}).",
    },
    "already_called": {"en": "Was already called to a seat before.", "de": "Wurde bereits früher berufen."},
    "former_member": {"en": "Held a seat in this body before.", "de": "Hatte bereits einen Sitz in dieser Vertretung."},
    "already_elected": {"en": "Was elected at the election already.", "de": "Wurde bei der Wahl bereits gewählt."},
    "died": {"en": "Died on {date}.", "de": "Am {date} verstorben."},
    "lost_eligibility": {"en": "Lost eligibility on {date}.", "de": "Hat am {date} die Wählbarkeit verloren."},
    "refused": {"en": "Refused on {date}.", "de": "Hat am {date} abgelehnt."},
    "waived": {"en": "Waived the Anwartschaft on {date}.", "de": "Hat am {date} auf die Anwartschaft verzichtet."},
    "left_group": {
        "en": "Left the party or voter group on {date}.",
        "de": "Ist am {date} aus der Partei oder Wählergruppe ausgeschieden.",
    },
    "expelled": {
        "en": "Was expelled from the party or voter group on {date}.",
        "de": "Wurde am {date} aus der Partei oder Wählergruppe ausgeschlossen.",
    },
    "incompatible": {
        "en": "Has a Hinderungsgrund (an office or post incompatible with the seat) since {date}.",
        "de": "Bei ihm liegt seit dem {date} ein Hinderungsgrund vor.",
    },
    "joined_other_group": {
        "en": "Joined another party or voter group on {date}.",
        "de": "Ist am {date} einer anderen Partei oder Wählergruppe beigetreten.",
    },
    "excluded_substitute": {"en": "Disregarded as Ersatzbewerber.", "de": "Als Ersatzbewerber unberücksichtigt."},
    "evidence_missing": {
        "en": "Did not produce the required evidence in time ({date}).",
        "de": "Hat erforderliche Nachweise nicht fristgerecht vorgelegt ({date}).",
    },
    "successor": {
        "en": "Next in line; no ground excludes {person}.",
        "de": "Als Nächster an der Reihe; es liegt kein Ausschlussgrund vor.",
    },
    "tied": {"en": "Tied for the seat ({votes}).", "de": "Gleichauf für den Sitz ({votes})."},
    "behind": {
        "en": "Ranked after the successor; not reached.",
        "de": "Nach dem Nachfolger eingereiht; nicht erreicht.",
    },
}

TRIGGER_PHRASE = {
    "en": {
        "died": "died",
        "refused": "refused the election",
        "resigned": "gave up the seat",
        "lost_seat": "lost the seat",
        "elected_mayor": "accepted the election as mayor",
        "switched": "moved to another seat",
        "lost_eligibility": "lost an eligibility requirement before accepting",
    },
    "de": {
        "died": "Tod",
        "refused": "Ablehnung der Wahl",
        "resigned": "Niederlegung des Sitzes",
        "lost_seat": "Verlust des Sitzes",
        "elected_mayor": "Annahme der Wahl zum Bürgermeister",
        "switched": "Wechsel auf einen anderen Sitz",
        "lost_eligibility": "Wegfall einer Wählbarkeitsvoraussetzung vor der Annahme",
    },
}

KEY_PHRASE = {
    "en": {"votes": "votes, most first", "list": "list place", "votes_nonzero": "votes, most first (0 as no count)"},
    "de": {
        "votes": "Stimmen, die meisten zuerst",
        "list": "Listenplatz",
        "votes_nonzero": "Stimmen, die meisten zuerst (0 als keine Stimmenzahl)",
    },
}

# Reason codes and membership statuses as words (JSON keeps the codes as data).
REASON_WORDS = {
    "en": {
        "already_member": "already a member",
        "already_called": "already called",
        "already_elected": "already elected",
        "former_member": "former member",
        "died": "died",
        "lost_eligibility": "lost eligibility",
        "incompatible": "Hinderungsgrund",
        "refused": "refused",
        "waived": "waived",
        "left_group": "left the party",
        "expelled": "expelled",
        "joined_other_group": "joined another party",
        "excluded_substitute": "Ersatzbewerber disregarded",
        "evidence_missing": "evidence missing",
    },
    "de": {
        "already_member": "bereits Mitglied",
        "already_called": "bereits berufen",
        "already_elected": "bereits gewählt",
        "former_member": "früheres Mitglied",
        "died": "verstorben",
        "lost_eligibility": "Wählbarkeit verloren",
        "incompatible": "Hinderungsgrund",
        "refused": "Ablehnung",
        "waived": "Verzicht",
        "left_group": "aus der Partei ausgeschieden",
        "expelled": "ausgeschlossen",
        "joined_other_group": "anderer Partei beigetreten",
        "excluded_substitute": "Ersatzbewerber unberücksichtigt",
        "evidence_missing": "Nachweis fehlt",
    },
}
MEMBERSHIP_WORDS = {
    "en": {
        "pending": "pending",
        "accepted": "accepted",
        "deemed_accepted": "deemed accepted",
        "refused": "refused",
        "deemed_refused": "deemed refused",
        "determined": "determined (a member with the determination)",
        "to_be_determined": "to be determined (no Feststellung recorded)",
        "notified": "notified",
        "deadline": "period ends",
        "member_from": "member from",
        "earliest_determination": "Feststellung possible from",
    },
    "de": {
        "pending": "offen",
        "accepted": "angenommen",
        "deemed_accepted": "gilt als angenommen",
        "refused": "abgelehnt",
        "deemed_refused": "gilt als abgelehnt",
        "determined": "festgestellt (Mitglied mit der Feststellung)",
        "to_be_determined": "festzustellen (keine Feststellung erfasst)",
        "notified": "zugestellt",
        "deadline": "Frist endet",
        "member_from": "Mitglied ab",
        "earliest_determination": "Feststellung möglich ab",
    },
}
CALL_END_WORDS = {
    "en": {
        "refused": "refused",
        "waived": "waived",
        "died": "died",
        "lost_eligibility": "lost eligibility",
        "lapsed": "period lapsed",
        "superseded": "superseded by a recorded call",
        "reservation": "reservation",
        "evidence_missing": "evidence missing",
        "incompatibility": "Hinderungsgrund",
        "resigned": "declined",
        "elected_mayor": "became mayor",
    },
    "de": {
        "refused": "Ablehnung",
        "waived": "Verzicht",
        "died": "verstorben",
        "lost_eligibility": "Wählbarkeit verloren",
        "lapsed": "Frist verstrichen",
        "superseded": "durch erfasste Berufung ersetzt",
        "reservation": "Vorbehalt",
        "evidence_missing": "Nachweis fehlt",
        "incompatibility": "Hinderungsgrund",
        "resigned": "Verzicht",
        "elected_mayor": "Bürgermeister geworden",
    },
}

LABELS = {
    "en": {
        "successor": "successor",
        "skipped": "skipped",
        "tied": "tied",
        "behind": "behind",
        "vacant": "seat stays empty",
        "lot": "lot required",
        "by_election": "by-election",
        "by_election_neuwahl_wahlkreis": "by-election in the Wahlkreis (Neuwahl)",
        "by_election_ergaenzungswahl": "supplementary election (Ergänzungswahl)",
        "referred": "referred",
        "undetermined": "undetermined",
        "not_applicable": "not applicable",
        "no_votes": "no vote count",
        "votes": "{n} votes",
        "lot_won": "; won the lot drawn on {date}",
        "unnotified_declaration_in_time": "no notification recorded: a declaration within four weeks of the "
        "call is taken as in time (reading core.unnotified)",
        "unnotified_from_call": "no notification recorded: the period is counted from the call "
        "(reading core.unnotified = from_call)",
        "unnotified_pending": "no notification recorded: no period to declare has begun, so silence deems "
        "nothing; a declaration counts whenever made (reading core.unnotified)",
        "unnotified_week_from_call": "no service recorded: the week is counted from the call",
        "recorded_successor": "Called by the office on {date}, as the case records; the recorded call stands "
        "(the person the statute's walk reaches is shown behind).",
        "unnotified_determination_on_call": "no Feststellung recorded: it is taken as made on the day he "
        "is reached (reading sh.membership = determination); record the `called` date",
        "unnotified_undetermined_four_weeks": "no Feststellung recorded: it can be made from the earliest date "
        "given and is assumed made four weeks later (reading "
        "he.undetermined = four_weeks); record the `called` date",
    },
    "de": {
        "successor": "Nachfolger",
        "skipped": "übergangen",
        "tied": "stimmengleich",
        "behind": "dahinter",
        "vacant": "Sitz bleibt leer",
        "lot": "Losentscheid nötig",
        "by_election": "Neuwahl",
        "by_election_neuwahl_wahlkreis": "Neuwahl im Wahlkreis",
        "by_election_ergaenzungswahl": "Ergänzungswahl",
        "referred": "verwiesen",
        "undetermined": "unbestimmt",
        "not_applicable": "nicht anwendbar",
        "no_votes": "keine Stimmenzahl",
        "votes": "{n} Stimmen",
        "lot_won": "; hat das am {date} gezogene Los gewonnen",
        "unnotified_declaration_in_time": "keine Benachrichtigung erfasst: eine Erklärung binnen vier Wochen "
        "nach der Berufung gilt als rechtzeitig (Lesart core.unnotified)",
        "unnotified_from_call": "keine Benachrichtigung erfasst: die Frist läuft ab der Berufung "
        "(Lesart core.unnotified = from_call)",
        "unnotified_pending": "keine Benachrichtigung erfasst: keine Erklärungsfrist hat begonnen, Schweigen "
        "bewirkt daher nichts; eine Erklärung zählt, wann immer sie abgegeben wird (Lesart core.unnotified)",
        "unnotified_week_from_call": "keine Zustellung erfasst: die Woche läuft ab der Berufung",
        "recorded_successor": "Vom Wahlamt am {date} berufen, wie der Fall erfasst; die erfasste Berufung "
        "gilt (die Person, die das Gesetz erreicht, steht dahinter).",
        "unnotified_determination_on_call": "Feststellung nicht erfasst: sie gilt als am Tag getroffen, an "
        "dem er erreicht wird (Lesart sh.membership = determination); das Datum der Feststellung (`called`) "
        "erfassen",
        "unnotified_undetermined_four_weeks": "Feststellung nicht erfasst: frühestens am angegebenen Tag "
        "möglich, angenommen vier Wochen später (Lesart he.undetermined "
        "= four_weeks); das Datum der Feststellung (`called`) erfassen",
    },
}


def status_word(status: str, statute_id: str | None, lang: str) -> str:
    """A candidate's status as a word; the successor in the statute's own term where its catalogue
    gives one (``label@successor``: Listennachfolger, Ersatzperson, ...)."""
    if status == "successor" and statute_id:
        entry = load_statute(statute_id).texts.get("label@successor")
        if entry:
            return entry[lang]
    return LABELS[lang][status]


def reason_words(c: dict, lang: str) -> str:
    """A passed-over candidate's reasons as words (empty for the others)."""
    return ", ".join(REASON_WORDS[lang].get(r, r) for r in c.get("reasons", [])) if c["status"] == "skipped" else ""


def votes_word(votes: int | None, lang: str) -> str:
    """ "1.234 Stimmen" / "1,234 votes", or that there is no count."""
    if votes is None:
        return LABELS[lang]["no_votes"]
    return LABELS[lang]["votes"].format(n=f"{votes:,}".replace(",", "." if lang == "de" else ","))


def membership_summary(m: dict, lang: str) -> str:
    """The membership as one line: its status, and the dates the determination gives."""
    from nachruecken.law.dates import long_iso

    words = MEMBERSHIP_WORDS[lang]
    dates = [
        f"{words[k]} {long_iso(m[k], lang)}"
        for k in ("notified", "deadline", "member_from", "earliest_determination")
        if m.get(k)
    ]
    if m.get("assumption") and not m.get("notified"):
        # no service recorded: the dates rest on the tool's assumption, never a statutory deadline
        dates = [f"{ASSUMED[lang]}: " + ", ".join(dates)] if dates else []
    return ", ".join([words.get(m["status"], m["status"])] + dates)


ASSUMED = {"en": "assumed", "de": "angenommen"}

DEADLINE_MOVED = {
    "en": "the period would have ended on {nominal} ({days}); under BGB § 193 it ends on the next working day",
    "de": "die Frist endete rechnerisch am {nominal} ({days}); nach § 193 BGB endet sie am nächsten Werktag",
}


def deadline_note(membership: dict | None, lang: str) -> str:
    """Why the deadline falls where it does, when a weekend or holiday moved it (empty otherwise)."""
    moved = (membership or {}).get("deadline_moved")
    if not moved:
        return ""
    from nachruecken.law.dates import long_iso

    days = ", ".join(d["name"] for d in moved["days"])
    return DEADLINE_MOVED[lang].format(nominal=long_iso(moved["from"], lang), days=days)


class _Readings:
    """Lets a template say ``{reading:he.ersatzliste_order}``."""

    def __init__(self, readings: dict[str, str]):
        self.readings = readings

    def __format__(self, spec: str) -> str:
        return self.readings.get(spec, spec)


class _Formatter(string.Formatter):
    def get_value(self, key, args, kwargs):
        return kwargs.get(key, "?") if isinstance(key, str) else super().get_value(key, args, kwargs)


_FMT = _Formatter()


class Texts:
    def __init__(self, statute: Statute, lang: str, readings: dict[str, str]):
        self.statute, self.lang, self.readings = statute, lang, _Readings(readings)

    def label(self, key: str, **ctx) -> str:
        return LABELS[self.lang][key].format(**ctx)

    def votes(self, votes: int | None) -> str:
        return votes_word(votes, self.lang)

    def sentence(self, keys: list[str], **ctx) -> str:
        """The first of ``keys`` the statute (then the generic table) has, filled in."""
        for key in keys:
            entry = self.statute.texts.get(key)
            if entry is None and "@" in key:
                entry = None
            if entry is None:
                entry = GENERIC.get(key)
            if entry is not None:
                return _FMT.format(entry[self.lang], reading=self.readings, **ctx).strip()
        return ""

    def citation(self, norm: str) -> str:
        return self.statute.citation(norm)
