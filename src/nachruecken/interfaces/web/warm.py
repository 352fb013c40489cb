"""What the desk's fork server loads before it forks a job (``jobs.PRELOAD``): the jobs' code, every
statute's catalogue, parsed encodings and their reading for specialisation, and one small case decided, so that a child starts warm;
then the loaded objects are frozen out of the garbage collector, whose walks over them would copy
every page of memory a child shares with the server."""

from __future__ import annotations

import gc

from nachruecken.engine.solver import _parsed, summary
from nachruecken.interfaces.web import jobs, work  # noqa: F401  (jobs: each child starts in its _child)
from nachruecken.law.statutes import STATUTE_IDS, load_statute

# a council of two on one list, one death: touches the loader, the ledger, the solver and the output
_SMALL = {
    "statute": "nw",
    "election_date": "2020-09-13",
    "nominations": [{"id": "a", "candidates": [{"id": "a1", "elected": True}, {"id": "a2"}]}],
    "events": [{"date": "2021-03-01", "person": "a1", "type": "died"}],
}


def warm() -> None:
    for sid in STATUTE_IDS:
        load_statute(sid)
        _parsed(sid)
        summary(sid)
    work.decide_data(_SMALL, None, "de", None)
    gc.freeze()


warm()
