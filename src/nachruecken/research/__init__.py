"""The analyses for researchers: the consistency checks of one statute over a bounded universe
(``check``), whole terms (``terms``, ``term_check``), two encodings in one program for the diff
(``namespace``), states side by side (``comparison``) and the report.

May import: ``engine``, ``case``, ``law`` and the package root (not ``output``).
"""
