"""A case as data: the model, reading it from YAML, JSON or ASP facts, the case-file schema, the German
words and dates offices write, conversion between formats, the warnings on likely slips, the skeleton that
``init`` writes, and an office's own files in and out (``office/``).

Modules: ``model``, ``loader``, ``events``, ``words``, ``lpcase`` (``.lp`` case files), ``schema``,
``convert``, ``plausibility``, ``skeleton``; the package ``office``.

May import: ``law`` and the package root.
"""
