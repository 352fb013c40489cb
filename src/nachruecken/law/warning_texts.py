"""The warnings of a term's replay (the ledger) and of the case's plausibility, in English and German:
one sentence per code, with its placeholders (``engine/term_warnings.py`` fills them; a statute's
catalogue may word one of its own as ``warning@<code>``).
"""

from __future__ import annotations

REPLAY_WARNINGS = {
    "en": {
        "name_unprintable": "the names of {persons} held control characters or bidi controls (a line break, an "
        "escape sequence, a reversal of the text): removed in every output; check the names in the case file",
        "elected_over_seats": "the case marks {elected} persons as elected, but the body has {seats} seats "
        "(body.seats): check the list and the `elected` marks",
        "events_before_election": "events dated before the election ({election}): {events}; check the dates",
        "no_seat_never_elected": "'{person}' has a '{type}' event on {date}, but the case never gives them a seat: "
        "if they won one at the election, mark them `elected: true` on their nomination",
        "nomination_without_reserve": "nobody on {nomination} is left for the seat of '{person}' (the case lists "
        "{n} names, all elected or passed over): if the official list has further "
        "names, add them",
        "vote_order_broken": "on {nomination} the seats go by votes ({norm}), but '{elected}' is elected with "
        "{votes} votes and {above} with more votes are not, and no event of theirs (a refusal, death, lost "
        "eligibility or Hinderungsgrund by four weeks after the election) explains it: check the votes and "
        "the `elected` marks",
        "readings_set_aside": "the case's readings {readings} belong to its own statute and are not applied "
        "under {spec}",
        "referred_kept": "the seat of '{person}' was referred to another provision; it is taken to stay with "
        "'{person}' until a later event (e.g. lost_seat) records the outcome",
        "called_conflict": "the case records '{called}' as called on {date} to the seat of '{person}', where the "
        "statute calls '{successor}'; the recorded call stands",
        "called_member": "the case records '{called}' as called on {date}, but he holds a seat then: a member "
        "cannot be called to a second seat; the record changes nothing, check it",
        "called_closed": "the case records '{called}' as called on {date} to the seat of '{person}', whose "
        "procedure had already ended (filled or left empty): the record changes nothing; check it",
        "called_without_vacancy": "the case records '{called}' as called on {date}, but no seat was open then "
        "that his list may fill: he is taken to sit from that day (a call before the "
        "case's events); name the seat with `seat_of` if it is in the case",
        "refusal_of_call": "'{person}' refused on {date} the call to the seat of '{departed}': not a departure (no "
        "second vacancy); once the council finds an important reason, the next Ersatzperson succeeds '{departed}'",
        "refusal_after_taking_up": "'{person}' refused on {date}, after taking the office up (`accepted`): not the "
        "refusal of the call but a request to end the office (Beendigung, § 18 Abs. 1 Satz 1 SächsGemO), which "
        "leaves a seat of its own once the council finds the important reason",
        "refused_by_member": "'{person}' refused on {date}, after the membership had begun{since_on}: read as giving "
        "up the seat (Verzicht); check that the declaration has the form the statute requires",
        "reservation_after_membership": "'{person}' declared acceptance with a reservation on {date}, after the "
        "membership had begun{since_on}: a declaration now changes nothing",
        "member_lost_eligibility": "'{person}' lost eligibility on {date} while holding a seat: this opens no "
        "vacancy by itself; if the seat is lost for it, record 'lost_seat'",
        "member_incompatible": "'{person}' has a Hinderungsgrund from {date} while holding a seat: this opens no "
        "vacancy by itself; if the seat is lost for it, record 'lost_seat' (cause: incompatibility)",
        "waived_by_member": "'{person}' waived on {date} while holding a seat: a member has no Anwartschaft to "
        "waive; if this is a Verzicht on the seat, record it as 'resigned' (in the form the "
        "statute requires)",
        "refuses_nothing": "'{person}' refused on {date}, but no call of theirs was open then: there was no "
        "call to refuse, so the refusal refuses nothing (the statute knows no waiver of the "
        "Anwartschaft; a refusal counts once they are called)",
        "unnotified_pending": "'{person}', called on {date}, has no notification recorded, and four weeks "
        "have passed: no period to declare began, so silence deemed nothing and the call stayed "
        "pending (reading core.unnotified = pending); record the notification (`notified`) or the "
        "declaration",
        "refuses_nothing_waiver": "'{person}' refused on {date}, but no call of theirs was open then: there was "
        "no call to refuse, so the refusal refuses nothing; if they meant to give up their "
        "place on the list, that is the statute's waiver of the Anwartschaft: record it as "
        "'waived' (in the form the statute requires)",
        "vacancy_not_vacated": "'{person}' is named under 'vacancy', but the term as replayed never vacates their seat",
        "file_order_decides": "several seats fell vacant on {date} and were decided in file order; in the other "
        "order the seats would go {other}",
        "no_seat": "'{person}' has a '{type}' event on {date} but holds no seat then; the event opens no vacancy",
        "passed_over_undetermined": "'{person}', reached on {since}, has a '{type}' event on {date}; no "
        "Feststellung of him is recorded, so the event counts as made before it and "
        "passes him over (reading he.undetermined); if he was determined earlier, "
        "record the `called` date",
        "undetermined_later_event": "'{person}' is taken as determined on {assumed} (no Feststellung recorded, "
        "reading he.undetermined); his '{type}' event on {date} would have passed him "
        "over had the Feststellung come later: record the `called` date",
        "refused_by_candidate": "'{person}' refused on {date} without holding a seat or being called: read as "
        "the written waiver of the Anwartschaft (check that it is written and addressed "
        "to the Wahlleiter)",
        "same_day_declarations": "'{person}' both accepted and refused on {date}; their order in the file "
        "decides which came first: check it against the office's record",
        "finding_ignored": "'{person}' has an 'important_reason' finding on {date}: this statute makes no "
        "declaration wait for such a finding, so it changes nothing",
        "finding_without_declaration": "'{person}' has an 'important_reason' finding on {date} but no refusal or "
        "resignation before it that it could decide: it changes nothing",
        "no_important_reason": "the council found no important reason on {found_on} for the declaration of "
        "'{person}' of {date}: it has no effect (he keeps his seat or stays called)",
        "finding_missing": "'{person}' declared on {date} a refusal or resignation that takes effect only once "
        "the council finds an important reason for it; no finding is recorded: record it as an "
        "'important_reason' event",
        "resigned_no_waiver": "'{person}' resigned on {date} without holding a seat or being called: the statute "
        "knows no waiver of the Anwartschaft, so the declaration excludes nothing (a refusal "
        "of a later call is recorded when it is made); if they won a seat at the election, "
        "mark them `elected: true`",
        "resigned_by_pending": "'{person}' resigned on {date} while his call was pending: he held no seat to give "
        "up, so the declaration is read as refusing the call",
        "resigned_by_elected": "'{person}' resigned on {date}, before his membership began: he held no seat to "
        "give up, so the declaration is read as refusing the election",
        "resigned_by_candidate": "'{person}' resigned on {date} without holding a seat or being called: the "
        "declaration is read as a waiver of the Anwartschaft (check that it has the form "
        "the statute asks of a waiver)",
        "resigned_by_candidate_never_elected": "'{person}' resigned on {date}, but the case never gives them a "
        "seat: read as a waiver of the Anwartschaft; if they won a seat at "
        "the election, mark them `elected: true` on their nomination",
        "verzicht_read": "'{person}' declared a Verzicht on {date} without saying on what: read by their status "
        "that day as {read_as} (a member gives up the seat, anyone else waives the Anwartschaft)",
        "period_start_presumed": "'{person}' declared on {date}; the case gives no `body.period_start`, so the "
        "declaration is presumed made before membership began (up to {until}) and read as "
        "refusing the election; give the start of the Wahlperiode (`body.period_start`) to "
        "decide it",
        "verzicht_not_recorded": "'{person}' gave up the seat on {date} in writing: a Verzicht is effective only "
        "when declared for the record (zur Niederschrift); the seat is not taken to fall "
        "vacant",
        "verzicht_form_unknown": "'{person}' gave up the seat on {date}; the case does not say in which form: a "
        "Verzicht is effective only when declared for the record (zur Niederschrift); "
        "check the form (`form: recorded`)",
        "by_election_seat_not_empty": "the by-election of {date} names the seat of '{person}', which the term as "
        "replayed does not leave empty then (a successor holds it or is called to "
        "it); it is not counted as filled by the by-election",
        "nothing": "no event vacates a seat: nothing to decide",
        "period_start_before_election": "body.period_start ({date}) lies before the election ({election}): a "
        "Wahlperiode begins after its election; check the date",
        "period_start_after_vacancy": "body.period_start ({date}) lies after the vacancy of '{person}' ({vacancy}): "
        "the seat fell vacant in the period it names; check the date",
    },
    "de": {
        "name_unprintable": "die Namen von {persons} enthielten Steuerzeichen (einen Zeilenumbruch, eine "
        "Escape-Folge, eine Umkehrung der Schreibrichtung): in jeder Ausgabe entfernt; die Namen im Fall prüfen",
        "elected_over_seats": "der Fall kennzeichnet {elected} Personen als gewählt, die Vertretung hat aber "
        "{seats} Sitze (`body.seats`): Liste und Kennzeichen `elected` prüfen",
        "events_before_election": "Ereignisse vor dem Wahltag ({election}): {events}; die Daten prüfen",
        "no_seat_never_elected": "'{person}' hat am {date} ein Ereignis `{type}`, der Fall weist der Person aber "
        "nie einen Sitz zu: wurde sie bei der Wahl gewählt, beim Wahlvorschlag "
        "`elected: true` angeben",
        "nomination_without_reserve": "auf {nomination} ist für den Sitz von '{person}' niemand mehr übrig (der "
        "Fall nennt {n} Namen, alle gewählt oder übergangen): enthält die amtliche "
        "Liste weitere Namen, diese ergänzen",
        "vote_order_broken": "auf {nomination} gehen die Sitze nach Stimmen ({norm}), gewählt ist aber "
        "'{elected}' mit {votes} Stimmen, nicht gewählt {above} mit mehr Stimmen, und kein Ereignis (Ablehnung, "
        "Tod, Verlust der Wählbarkeit oder Hinderungsgrund bis vier Wochen nach der Wahl) erklärt es: "
        "Stimmenzahlen und Kennzeichen `elected` prüfen",
        "readings_set_aside": "die Lesarten des Falls ({readings}) gehören zu dessen eigenem Gesetz und werden "
        "unter {spec} nicht angewandt",
        "referred_kept": "der Sitz von '{person}' wurde auf eine andere Vorschrift verwiesen; er bleibt bei "
        "'{person}', bis ein späteres Ereignis (z. B. ein Sitzverlust, `lost_seat`) das Ergebnis festhält",
        "called_conflict": "der Fall verzeichnet '{called}' als am {date} auf den Sitz von '{person}' berufen, "
        "das Gesetz beruft '{successor}'; die verzeichnete Berufung gilt",
        "called_member": "der Fall erfasst '{called}' als am {date} berufen, die Person hat dann aber einen Sitz: "
        "ein Mitglied kann nicht in einen zweiten Sitz berufen werden; die Angabe ändert nichts, "
        "bitte prüfen",
        "called_closed": "der Fall erfasst '{called}' als am {date} für den Sitz von '{person}' berufen, dessen "
        "Verfahren bereits beendet war (besetzt oder leer geblieben): die Angabe ändert nichts; "
        "bitte prüfen",
        "called_without_vacancy": "der Fall erfasst '{called}' als am {date} berufen, aber kein Sitz war offen, "
        "den seine Liste besetzen kann: er gilt ab diesem Tag als Mitglied (eine Berufung "
        "vor den Ereignissen des Falls); den Sitz mit `seat_of` nennen, wenn er im Fall steht",
        "refusal_of_call": "'{person}' hat am {date} die Berufung in den Sitz von '{departed}' abgelehnt: kein "
        "Ausscheiden (keine zweite Vakanz); mit dem wichtigen Grund rückt die nächste Ersatzperson für '{departed}' nach",
        "refusal_after_taking_up": "'{person}' hat am {date} abgelehnt, nachdem die Person das Amt übernommen hatte "
        "(als Annahme erfasst): keine Ablehnung der Berufung, sondern das Verlangen, die Tätigkeit zu beenden (§ 18 Abs. 1 "
        "Satz 1 SächsGemO); ihr Sitz wird frei, sobald der Gemeinderat den wichtigen Grund feststellt",
        "refused_by_member": "'{person}' hat am {date} abgelehnt, nachdem die Mitgliedschaft{since_on} begonnen hatte: "
        "als Verzicht auf den Sitz gelesen; ist die vom Gesetz verlangte Form gewahrt?",
        "reservation_after_membership": "'{person}' hat am {date} unter Vorbehalt angenommen, nachdem die "
        "Mitgliedschaft{since_on} begonnen hatte: eine Erklärung ändert nun nichts mehr",
        "member_lost_eligibility": "'{person}' hat am {date} die Wählbarkeit verloren, während er einen Sitz "
        "innehat: das macht den Sitz nicht von selbst frei; geht der Sitz deshalb verloren, "
        "als Sitzverlust (`lost_seat`) erfassen",
        "member_incompatible": "bei '{person}' liegt ab dem {date} ein Hinderungsgrund vor, während er einen Sitz "
        "innehat: das macht den Sitz nicht von selbst frei; geht der Sitz deshalb verloren, "
        "als Sitzverlust (`lost_seat` mit `cause: incompatibility`) erfassen",
        "waived_by_member": "'{person}' hat am {date} verzichtet, während er einen Sitz innehat: ein Mitglied hat "
        "keine Anwartschaft; ist es ein Verzicht auf den Sitz, als Niederlegung (`resigned`) erfassen (in der "
        "vom Gesetz verlangten Form)",
        "refuses_nothing": "'{person}' hat am {date} abgelehnt, aber keine Berufung dieser Person war offen: es "
        "gab nichts abzulehnen, die Ablehnung lehnt nichts ab (das Gesetz kennt keinen Verzicht "
        "auf die Anwartschaft; eine Ablehnung zählt, sobald die Person berufen ist)",
        "unnotified_pending": "für '{person}', berufen am {date}, ist keine Benachrichtigung erfasst, und vier "
        "Wochen sind vergangen: keine Erklärungsfrist hat begonnen, das Schweigen bewirkte nichts, die "
        "Berufung blieb offen (Lesart core.unnotified = pending); die Benachrichtigung (`notified`) "
        "oder die Erklärung erfassen",
        "refuses_nothing_waiver": "'{person}' hat am {date} abgelehnt, aber keine Berufung dieser Person war "
        "offen: es gab nichts abzulehnen, die Ablehnung lehnt nichts ab; sollte die Person "
        "auf ihren Listenplatz verzichten wollen, ist das der Verzicht auf die Anwartschaft "
        "des Gesetzes: als `waived` erfassen (in der vorgeschriebenen Form)",
        "vacancy_not_vacated": "'{person}' ist unter `vacancy` genannt, aber der nachgespielte Verlauf macht "
        "diesen Sitz nie frei",
        "file_order_decides": "am {date} wurden mehrere Sitze frei und in der Reihenfolge der Datei entschieden; "
        "in der anderen Reihenfolge gingen die Sitze so: {other}",
        "no_seat": "'{person}' hat am {date} ein Ereignis `{type}`, hält dann aber keinen Sitz; es macht keinen Sitz frei",
        "passed_over_undetermined": "'{person}', am {since} erreicht, hat am {date} ein Ereignis `{type}`; eine "
        "Feststellung ist nicht erfasst, daher gilt das Ereignis als vor ihr "
        "eingetreten und übergeht ihn (Lesart he.undetermined); wurde er früher "
        "festgestellt, das Datum (`called`) erfassen",
        "undetermined_later_event": "'{person}' gilt als am {assumed} festgestellt (Feststellung nicht erfasst, "
        "Lesart he.undetermined); sein Ereignis `{type}` am {date} hätte ihn "
        "übergangen, wäre die Feststellung später erfolgt: das Datum (`called`) erfassen",
        "refused_by_candidate": "'{person}' hat am {date} abgelehnt, ohne einen Sitz zu haben oder berufen zu "
        "sein: gilt als schriftlicher Verzicht auf die Anwartschaft (zu prüfen: schriftlich "
        "und an den Wahlleiter gerichtet)",
        "same_day_declarations": "'{person}' hat am {date} sowohl angenommen als auch abgelehnt; welche "
        "Erklärung zuerst einging, entscheidet die Reihenfolge im Fall: mit den Akten "
        "abgleichen",
        "finding_ignored": "'{person}' hat am {date} eine Entscheidung über einen wichtigen Grund: dieses Gesetz "
        "macht keine Erklärung von einer solchen Entscheidung abhängig, sie ändert nichts",
        "finding_without_declaration": "'{person}' hat am {date} eine Entscheidung über einen wichtigen Grund, "
        "aber keine vorherige Ablehnung oder Niederlegung, über die sie entscheiden könnte: "
        "sie ändert nichts",
        "no_important_reason": "der Gemeinderat hat am {found_on} keinen wichtigen Grund für die Erklärung von "
        "'{person}' vom {date} festgestellt: sie bleibt ohne Wirkung (Sitz oder Berufung "
        "bleiben bestehen)",
        "finding_missing": "'{person}' hat am {date} abgelehnt oder die Beendigung verlangt; das wirkt erst, "
        "wenn der Gemeinderat einen wichtigen Grund feststellt; keine Entscheidung erfasst: "
        "als Ereignis 'important_reason' erfassen",
        "resigned_no_waiver": "'{person}' hat am {date} verzichtet, ohne einen Sitz zu haben oder berufen zu sein: "
        "das Gesetz kennt keinen Verzicht auf die Anwartschaft, die Erklärung schließt daher "
        "nichts aus (eine Ablehnung einer späteren Berufung wird erfasst, wenn sie erfolgt); "
        "wurde die Person bei der Wahl gewählt, `elected: true` setzen",
        "resigned_by_pending": "'{person}' hat am {date} verzichtet, während die Berufung offen war: ohne Sitz "
        "gibt es nichts aufzugeben, die Erklärung gilt als Ablehnung der Berufung",
        "resigned_by_elected": "'{person}' hat am {date} verzichtet, bevor die Mitgliedschaft begann: ohne Sitz "
        "gibt es nichts aufzugeben, die Erklärung gilt als Ablehnung der Wahl",
        "resigned_by_candidate": "'{person}' hat am {date} verzichtet, ohne einen Sitz zu haben oder berufen zu "
        "sein: die Erklärung gilt als Verzicht auf die Anwartschaft (zu prüfen ist, ob sie "
        "die dafür vorgeschriebene Form hat)",
        "resigned_by_candidate_never_elected": "'{person}' hat am {date} verzichtet, der Fall weist der Person "
        "aber nie einen Sitz zu: gilt als Verzicht auf die Anwartschaft; "
        "wurde sie bei der Wahl gewählt, `elected: true` auf ihrem "
        "Wahlvorschlag setzen",
        "verzicht_read": "'{person}' hat am {date} einen Verzicht erklärt, ohne zu sagen worauf: nach dem Stand an "
        "diesem Tag gelesen als {read_as} (ein Mitglied verzichtet auf den Sitz, jede andere Person auf die "
        "Anwartschaft)",
        "period_start_presumed": "'{person}' hat am {date} eine Erklärung abgegeben; der Fall nennt keinen Beginn "
        "der Wahlperiode (`body.period_start`), daher gilt sie als vor Beginn der "
        "Mitgliedschaft abgegeben (bis {until}) und als Ablehnung der Wahl; der Beginn der "
        "Wahlperiode entscheidet",
        "verzicht_not_recorded": "'{person}' hat am {date} schriftlich auf den Sitz verzichtet: wirksam ist ein "
        "Verzicht nur zur Niederschrift; der Sitz gilt nicht als frei geworden",
        "verzicht_form_unknown": "'{person}' hat am {date} auf den Sitz verzichtet; der Fall nennt die Form nicht: "
        "wirksam ist ein Verzicht nur zur Niederschrift; die Form ist zu prüfen "
        "(`form: recorded`)",
        "by_election_seat_not_empty": "die Wahl während der Wahlperiode vom {date} nennt den Sitz von '{person}', der im nachgespielten "
        "Verlauf dann nicht frei ist (eine nachrückende Person hat ihn oder ist berufen); er wird nicht "
        "als durch sie besetzt gezählt",
        "nothing": "kein Ereignis macht einen Sitz frei: nichts zu entscheiden",
        "period_start_before_election": "der Beginn der Wahlperiode (`body.period_start`, {date}) liegt vor der Wahl ({election}): eine "
        "Wahlperiode beginnt nach ihrer Wahl; das Datum prüfen",
        "period_start_after_vacancy": "der Beginn der Wahlperiode (`body.period_start`, {date}) liegt nach dem Freiwerden des Sitzes von '{person}' ({vacancy}): "
        "der Sitz wurde in der genannten Wahlperiode frei; das Datum prüfen",
    },
}
