"""What a person reads: the terminal text, Markdown and CSV, the result's JSON Schema, the
description of each statute (``statutes``), and the drafted documents (``documents``: the Feststellung and
its templates, one per state).

May import: ``engine``, ``case``, ``law`` and the package root (not ``research``).
"""
