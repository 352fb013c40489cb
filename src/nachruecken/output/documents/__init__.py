"""Drafted documents an office signs: the Feststellung, from one Jinja2 template per state
(``templates/feststellung/``): the document (``feststellung``), its template context (``context``) with
the operative part (``operative``), the fixed wording (``phrases``), and the blocks made into HTML and
DOCX (``blocks``).

May import: as ``output``.
"""
