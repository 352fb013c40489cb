"""Ways in: the command line (``cli``, with ``launcher`` as its entry point and ``solve_command``
for ``solve``), many cases on worker processes (``batch``), and the Python API (``api``) behind
``nachruecken.decide``.

May import: every other subpackage.
"""
