"""Drafted documents of a determination: the act an office signs (one Jinja2 template per state in
``templates/feststellung/``), the public notice, the letter to the successor and the checklist. The
documents (``feststellung``), the template context (``context``) and each document's view of it
(``views``), the operative part (``operative``), the fixed wording (``phrases``), the law's names, remedies
and letters (``law_texts``), what keeps the tool's vocabulary out of what is signed (``clean``), the
checklist (``checklist``), and the blocks made into HTML, DOCX and PDF (``blocks``).

May import: as ``output``.
"""
