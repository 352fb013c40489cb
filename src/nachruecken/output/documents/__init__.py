"""Drafted documents an office signs: the Feststellung, from one Jinja2 template per state
(``templates/feststellung/``).

May import: as ``output``.
"""
