"""The analyses for researchers: the consistency checks of one statute over a bounded universe
(``check``, with the program clingo grounds in ``universe``, witnesses as case files in ``witness`` and
the reading divergence in ``divergence``), whole terms (``terms``, ``term_check``, and what they add to a
check in ``term_findings``), the statute diff (``diff``) with two encodings in one program
(``namespace``), states side by side (``comparison``) and the report.

May import: ``engine``, ``case``, ``law`` and the package root (not ``output``).
"""
