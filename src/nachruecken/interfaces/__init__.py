"""Ways in: the command line (``cli``, with ``launcher`` as its entry point and ``solve_command``
for ``solve``), many cases on worker processes (``batch``), the Python API (``api``) behind
``nachruecken.decide``, and the local web application (``web``, for ``serve``).

May import: every other subpackage.
"""
