"""`nachruecken serve`: the office's desk on its own machine (extra ``web``)."""

from __future__ import annotations

import secrets
from pathlib import Path

import typer

from nachruecken.interfaces.solve_command import _err

LOCAL = ("127.0.0.1", "localhost", "::1")


def serve(
    folder: Path = typer.Argument(Path("."), help="the office's folder: one case file per council term"),
    port: int = typer.Option(8765, "--port", help="the port to listen on"),
    host: str = typer.Option("127.0.0.1", "--host", help="the address to bind (default: this machine only)"),
    allow_remote: bool = typer.Option(
        False,
        "--allow-remote",
        help="bind an address other machines can reach; every request then needs the access key printed at start",
    ),
    open_browser: bool = typer.Option(False, "--open", help="open the start page in the browser"),
):
    """Serve the office's folder in a browser, and the JSON API (/api/decide, /api/import, /api/statutes)."""
    if host not in LOCAL and not allow_remote:
        _err(f"--host {host}: reachable from other machines; give --allow-remote (then an access key is required)")
        raise typer.Exit(2)
    if not 1 <= port <= 65535:
        _err(f"--port {port}: not a port (1 to 65535)")
        raise typer.Exit(2)
    if not folder.is_dir():
        _err(f"{folder}: not a folder")
        raise typer.Exit(2)
    if not _free(host, port):
        _err(f"--port {port}: already in use on {host}; give another port")
        raise typer.Exit(2)
    twice = _stems_twice(folder)
    if twice:
        _err(f"{folder}: two case files named {twice} (a case is addressed by its name without suffix): rename one")
        raise typer.Exit(2)
    try:
        import uvicorn

        from nachruecken.interfaces.web.app import create_app
        from nachruecken.interfaces.web.jobs import start_fork_server
        from nachruecken.interfaces.web.safety import ACCESS_PARAM
    except ImportError:
        _err("serve needs the extra web: pip install 'nachruecken[web]'")
        raise typer.Exit(2) from None
    access = secrets.token_urlsafe(24) if allow_remote else None
    shown = f"[{host}]" if ":" in host else host
    address = f"http://{shown}:{port}/" + (f"?{ACCESS_PARAM}={access}" if access else "")
    if access:
        _err(f"serving {folder} on {shown}:{port} to other machines; each needs the access key, given once here:")
        print(address, flush=True)  # the key is printed once: it is not kept anywhere
    if open_browser:
        import threading
        import webbrowser

        threading.Timer(1.0, webbrowser.open, (address,)).start()
    app = create_app(folder, host, access=access, port=port)
    start_fork_server()
    # on SIGTERM a running job is given 5 s, then cancelled (its child killed), so a stop never hangs
    uvicorn.run(app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=5)


def _free(host: str, port: int) -> bool:
    """Whether the port can be bound on the host (a port in use is one line, not uvicorn's exit)."""
    import socket

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
        try:
            probe.bind((host, port))
        except OSError:
            return False
    return True


def _stems_twice(folder: Path) -> str:
    """A case file name (without suffix) that two files in the folder share ("" if none)."""
    seen: set[str] = set()
    for path in sorted(folder.iterdir()):
        if path.suffix.lower() in (".yaml", ".yml", ".json", ".lp"):
            if path.stem in seen:
                return path.stem
            seen.add(path.stem)
    return ""
