"""Office input: an election office's own files read as a case, and a case written back as them.

An office keeps its candidates in the export of its election program (CSV or a spreadsheet), its events
in a sheet of German words and ``TT.MM.JJJJ`` dates, and the body's data in a few lines. ``read`` takes
those apart into tables; ``columns`` says what each header means; ``names`` matches the names an office
writes to persons; ``candidates``, ``events`` and ``fall`` make the case's parts; ``findings`` says what
the office should look at; ``build`` puts the case together and checks it by loading it; ``sheets`` and
``workbook`` write a case (or an empty template) as the office's sheets again.

Messages are German first: the office reads them.

May import: ``case`` (its own package), ``law`` and the package root.
"""
