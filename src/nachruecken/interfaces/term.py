"""``nachruecken.Term``: a council's term kept between decisions, for a program that records its events one
by one (the web desk). Each decision is what ``nachruecken.decide`` returns for the case as it then stands;
a walk whose facts a change left alone is not solved again, so appending an event costs about the walks
from its date on (the ledger itself is replayed in Python, which is cheap). ``decide`` stays stateless.
"""

from __future__ import annotations

import contextlib
import copy
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

MAX_WALKS = 20_000  # walks kept per term (a few kilobytes each)


class Term:
    """A case kept with the walks solved for it.

    >>> term = Term({"statute": "nw", "election_date": "2020-09-13", "nominations": [
    ...     {"id": "l", "candidates": [{"id": "a", "elected": True}, {"id": "b"}, {"id": "c"}]}]})
    >>> term.append({"date": "2021-01-10", "person": "a", "type": "died"})["determinations"][0]["successor"]
    'b'
    >>> term.append({"date": "2021-01-12", "person": "b", "type": "refused"})["determinations"][0]["successor"]
    'c'
    """

    def __init__(self, case: Mapping[str, Any], **options: Any):
        if not isinstance(case, Mapping):
            raise TypeError("a Term is made from a case as a mapping (the case file's data)")
        self._data = copy.deepcopy(dict(case))
        self._options = options
        self._walks: dict = {}
        self._result: dict | None = None

    @property
    def events(self) -> list[dict]:
        """The events as given so far (copies)."""
        return copy.deepcopy(list(self._data.get("events") or []))

    def result(self) -> dict:
        """The case decided as it stands: what ``decide`` returns."""
        if self._result is None:
            self._result = self._decide(self._data)
        return self._result

    def append(self, event: Mapping[str, Any]) -> dict:
        """The term with one more event, decided; an event the case cannot take changes nothing (InputError)."""
        return self.replace([*(self._data.get("events") or []), dict(event)])

    def replace(self, events: Sequence[Mapping[str, Any]]) -> dict:
        """The term with these events instead of its own, decided (nothing changes where they cannot be taken)."""
        data = {**self._data, "events": [dict(e) for e in events]}
        result = self._decide(data)
        self._data, self._result = data, result
        return result

    def _decide(self, data: dict) -> dict:
        from nachruecken.interfaces.api import decide

        with kept_walks(self._walks):
            return decide(data, **self._options)


@contextlib.contextmanager
def kept_walks(walks: dict) -> Iterator[None]:
    """Within the block, every walk is looked up in ``walks`` first and kept there (a term's own memo; the
    web desk keeps one per case file)."""
    from nachruecken.engine.solver import TERM_MEMO

    if len(walks) > MAX_WALKS:
        walks.clear()
    token = TERM_MEMO.set(walks)
    try:
        yield
    finally:
        TERM_MEMO.reset(token)
