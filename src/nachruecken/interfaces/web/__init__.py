"""`nachruecken serve`: the office's desk on its own machine. So far its JSON API (decide, import,
statutes, the OpenAPI description), a start page listing the case files of the office's folder, and a
page per case with its determinations and documents,
behind the safety rules every route shares (``safety``): the bound host only, JSON only, bounded bodies,
files only inside the folder.

Modules: ``app`` (the application and its routes), ``pages`` (the case page and its documents), ``safety``
(the checks every request passes).

May import: every layer below ``interfaces`` and ``interfaces`` itself.
"""
