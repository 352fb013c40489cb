"""The periods of the term: the period to declare of a person called or elected, an elected person's
period on his election and the day his membership began, his Hinderungsgrund and its proof, and the
refusals the ledger deems made when such a Hinderungsgrund stood unproved at the end of his period.
"""

from __future__ import annotations

import datetime as dt

from nachruecken.case.model import VACATING_TYPES, Event
from nachruecken.engine.ledger.model import Holding
from nachruecken.engine.ledger.state import LedgerState
from nachruecken.law.dates import period_end

# Without a recorded notification, declarations within four weeks of the call count as in time
# (reading core.unnotified = declaration_in_time, and the horizon of its default `pending`, after which
# the ledger warns; core/membership.lp); from_call counts the statute's period.
UNNOTIFIED_WEEKS = 4


class Periods(LedgerState):
    """The ledger's periods. Reads ``case``, ``land``, ``unnotified``, ``rules``, ``events``, ``as_of``,
    ``holders``, ``elected_until`` and ``elected_since``; ``_deemed_refusals`` adds to ``events``."""

    def period_from(self, start: dt.date, statute_weeks: int = 1) -> dt.date:
        """The end of the declaration period counted from a call without a recorded notification
        (``statute_weeks``: the statute's own period, for core.unnotified = from_call)."""
        weeks = statute_weeks if self.unnotified == "from_call" else UNNOTIFIED_WEEKS
        return period_end(start, weeks, self.land, self.case.holidays, self.rules.period_shift)

    def _election_period(self, person: str) -> tuple[dt.date | None, dt.date | None]:
        """(until, since) for an elected person (he counts as called on election_date): the last day
        on which his declaration is a declaration on the election, and the day his membership began
        (his acceptance, or the end of the period); (None, None): member from the start."""
        start = self.case.election_date
        if self.rules.members_from_period_start:
            # no acceptance period: a member from the start of the Wahlperiode; without it, a
            # declaration within the period core.unnotified presumes counts as made before (a warning)
            begins = self.case.body_period_start
            if begins is not None:
                return begins - dt.timedelta(days=1), begins
            if start is None:
                return None, None
            end = self.period_from(start)
            return end, end
        if start is None or self.rules.members_at_election:
            return None, None
        end, accepted = self._declaration_period(person, start)
        if self.rules.uncleared_refuses:
            barred, proof = self._hinderungsgrund(person, end)
            if barred:
                if proof is None:
                    # no member: his election counts as refused when the period ends (_deemed_refusals)
                    return end + dt.timedelta(days=1), None
                if accepted and proof > accepted.date:
                    return proof - dt.timedelta(days=1), proof  # he could accept only with the proof
        return (accepted.date - dt.timedelta(days=1), accepted.date) if accepted else (end, end)

    def _declaration_period(self, person: str, start: dt.date, called: bool = False) -> tuple[dt.date, Event | None]:
        """The end of a person's period to declare, counted from his notification on or after
        ``start`` (else as core.unnotified says), and his plain acceptance within it, if any. For one
        ``called`` with no notification recorded under core.unnotified = pending no period has begun: an
        acceptance counts whenever made (an elected person's period still ends four weeks after the
        election: the case seldom records the notification of the elected)."""
        mine = [e for e in self.events if e.person == person and e.date >= start]
        notice = next((e for e in mine if e.type == "notified"), None)
        end = (
            period_end(notice.date, 1, self.land, self.case.holidays, self.rules.period_shift)
            if notice
            else self.period_from(start)
        )
        open_ended = called and notice is None and self.unnotified == "pending"
        accepted = next(
            (e for e in mine if e.type == "accepted" and not e.reservation and (open_ended or e.date <= end)), None
        )
        return end, accepted

    def silence_deems_nothing(self, person: str, start: dt.date) -> bool:
        """Whether the silence of ``person``, called on ``start``, deems nothing: no notification of his
        on or after it is recorded and core.unnotified = pending (core/membership.lp)."""
        return self.unnotified == "pending" and not any(
            e.person == person and e.type == "notified" and e.date >= start for e in self.events
        )

    def _hinderungsgrund(self, person: str, end: dt.date) -> tuple[bool, dt.date | None]:
        """Whether an elected person's last `incompatibility` up to ``end`` stands, and the day of its
        proof (`incompatibility_ended` after it, up to ``end``; None: not proved)."""
        barred, proof = False, None
        for e in self.events:
            if e.person == person and e.date <= end and e.type == "incompatibility":
                barred, proof = True, None
            elif e.person == person and e.date <= end and e.type == "incompatibility_ended" and barred:
                proof = proof or e.date
        return barred, proof

    def _deemed_refusals(self, periods: dict) -> None:
        """An elected person whose Hinderungsgrund stood unproved when his period ended refuses the
        election on the day after (LedgerRules.uncleared_refuses): a refusal the ledger adds, first of
        its day, unless he left the seat before it."""
        added: list[Event] = []
        for person, (until, since) in periods.items():
            if since is not None or until is None or (self.as_of is not None and until > self.as_of):
                continue
            left = any(
                e.person == person
                and e.date < until
                and (
                    e.type in VACATING_TYPES
                    or (e.type == "accepted" and e.reservation and self.rules.reservation_refuses)
                )
                for e in self.events
            )
            if not left:
                added.append(
                    Event(
                        seq=-1 - len(added),
                        file_index=-1,
                        date=until,
                        person=person,
                        type="refused",
                        cause="incompatibility",
                    )
                )
        if added:
            self.events = sorted(self.events + added, key=lambda e: (e.date, e.file_index >= 0))

    def _in_period(self, holding: Holding, day: dt.date) -> bool:
        """One elected at the election whose period to declare has not run out on ``day``: his
        declarations are declarations on the election, his membership has not begun."""
        until = self.elected_until.get(holding.person) if holding.how == "elected" else None
        return until is not None and day <= until

    def _since(self, person: str) -> str:
        """The day a member's membership began, for warnings ("" when the case does not say)."""
        holding = self.holders[person]
        if holding.since is not None:
            return holding.since.isoformat()
        since = self.elected_since.get(person)
        return since.isoformat() if since else ""
