"""What a person reads: the terminal text, Markdown and CSV, the result's JSON Schema, the
description of each statute (``statutes``), and the drafted documents (``documents``: the act, notice,
letter and checklist of a determination).

May import: ``engine``, ``case``, ``law`` and the package root (not ``research``).
"""
