"""Deciding: a case's facts for clingo, solving, the window of each ordering, the ledger that keeps
the term date by date, the determination built from both, the body's composition, and the comparison of a
result with a case's ``expected`` block.

Modules: ``facts``, ``solver``, ``window``, ``ledger``, ``determine`` (with ``determination``, the parts of
one determination, and ``term_warnings``), ``composition``, ``expectations``.

May import: ``case``, ``law`` and the package root.
"""
