"""A case as data: the model, reading it from YAML, JSON or ASP facts, the case-file schema, the
importer for an office's candidate lists, conversion between formats, the warnings on likely slips, and
the skeleton that ``init`` writes.

Modules: ``model``, ``loader``, ``lpcase`` (``.lp`` case files), ``schema``, ``importer``, ``convert``,
``plausibility``, ``skeleton``.

May import: ``law`` and the package root.
"""
