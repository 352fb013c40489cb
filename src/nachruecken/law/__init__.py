"""The law as data: which statute texts exist and when each is in force, their catalogues (norms,
citations, readings, sentences in English and German), what a declaration means under each text, and the
calendar of periods (BGB §§ 187 ff., public holidays).

Modules: ``statutes`` (registry, catalogues, readings), ``versions`` (which text decides a vacancy),
``texts`` (the sentences of an explanation), ``wording`` (reading values as German words),
``declarations`` (what a declaration means, per text), ``dates`` (dates and periods).

May import: the package root (``errors``, ``resources``) only.
"""
