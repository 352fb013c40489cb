"""The browser harness: `nachruecken serve` run by uvicorn in a thread of the test process, and Debian's
Chromium driven by Selenium through Debian's chromedriver. Nothing is downloaded: the driver and the browser
are given by path, so Selenium Manager never runs (the fixture refuses it outright).

A test module loads the fixtures with ``pytest_plugins = ["browser"]`` (or imports them by name, with
``# noqa: F401, F811`` for ruff) and imports the helpers:

- ``live_server`` (function scope): a server of ``create_app(folder)`` on 127.0.0.1 and a free port, for a
  fresh folder of the test's own; a :class:`LiveServer` with ``url``, ``folder`` and ``fetch(path)``.
- ``serving(make_app, folder)``: a context manager serving ``make_app(port)`` the same way (an app with
  limits or an access key of the test's choosing).
- ``browser`` (module scope): one headless Chromium for the module's tests.
- ``screenshot(driver, name)``: the page as ``build/screenshots/<name>.png``.

Where the browser, its driver, selenium or uvicorn is missing, the tests are skipped with the reason; with
``CI=true`` they fail instead, so CI never passes by skipping them."""

from __future__ import annotations

import os
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from unittest import mock

import pytest

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
SCREENSHOTS = ROOT / "build" / "screenshots"
WINDOW = (1280, 1000)
MAX_HEIGHT = 4000
CHROMIUM_FLAGS = (
    "--headless=new",
    "--no-sandbox",  # root in CI, and no user namespaces in every container
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    # what the flags above leave (sign-in, the search engine's preconnect, updaters, optimization hints) finds
    # no name: the browser reaches the test server by its address, and nothing else
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
    f"--window-size={WINDOW[0]},{WINDOW[1]}",
    "--lang=de-DE",
)


def require(what: str, ok: bool) -> None:
    """Skip the test when ``what`` is missing; fail instead under ``CI=true``."""
    if ok:
        return
    reason = f"browser tests need {what} (apt-get install chromium chromium-driver; pip install -e '.[test]')"
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI=true: {reason}", pytrace=False)
    pytest.skip(reason)


def _importable(name: str) -> bool:
    try:
        __import__(name)
    except ImportError:
        return False
    return True


@dataclass(frozen=True)
class LiveServer:
    url: str  # http://127.0.0.1:PORT, without a trailing slash
    folder: Path  # the folder the app serves: put case files here

    def fetch(self, path_or_url: str, timeout: float = 60) -> bytes:
        """The body of a GET (a path on this server, or a full URL)."""
        url = path_or_url if "://" in path_or_url else self.url + path_or_url
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.read()


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[LiveServer]:
    """``create_app(folder)`` served by uvicorn in a thread, on 127.0.0.1 and a port the kernel picks (the
    socket is bound before the server starts, so parallel workers cannot race for a port)."""
    require("uvicorn and fastapi", _importable("uvicorn") and _importable("fastapi"))
    from nachruecken.interfaces.web.app import create_app

    folder = tmp_path / "cases"
    folder.mkdir()
    with serving(lambda port: create_app(folder, port=port), folder) as live:
        yield live


@contextmanager
def serving(make_app, folder: Path) -> Iterator[LiveServer]:
    """``make_app(port)`` served by uvicorn in a thread of this process until the block ends."""
    import uvicorn

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(make_app(port), log_level="warning", lifespan="off", access_log=False)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, name=f"uvicorn-{port}", daemon=True)
    thread.start()
    live = LiveServer(f"http://127.0.0.1:{port}", folder)
    try:
        _wait_until_it_answers(live, server, thread)
        yield live
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()
    assert not thread.is_alive(), "the uvicorn thread did not stop within 10 s"


def _wait_until_it_answers(live: LiveServer, server, thread: threading.Thread, timeout: float = 15) -> None:
    deadline = time.monotonic() + timeout
    while True:
        if not thread.is_alive():
            raise RuntimeError("uvicorn stopped before it served (see the captured log)")
        if server.started:
            try:
                live.fetch("/", timeout=5)
                return
            except OSError:
                pass
        if time.monotonic() > deadline:
            raise RuntimeError(f"{live.url} did not answer within {timeout} s")
        time.sleep(0.05)


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory):
    """One headless Chromium (Debian's, through Debian's chromedriver) for the module's tests, with a fresh
    profile of its own; quit after the module."""
    require("selenium", _importable("selenium"))
    require(str(CHROMIUM), CHROMIUM.is_file())
    require(str(CHROMEDRIVER), CHROMEDRIVER.is_file())
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.selenium_manager import SeleniumManager

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}")
    service = Service(executable_path=str(CHROMEDRIVER))

    def no_manager(*args, **kwargs):
        raise AssertionError("Selenium Manager was asked for a driver or a browser: it must never download one")

    # both paths are given, so selenium skips its manager; should a later selenium not, this stops it
    with (
        mock.patch.dict(os.environ, {"SE_OFFLINE": "true"}),
        mock.patch.object(SeleniumManager, "binary_paths", no_manager),
    ):
        driver = webdriver.Chrome(options=options, service=service)
    try:
        driver.set_page_load_timeout(60)
        driver.set_window_size(*WINDOW)
        yield driver
    finally:
        driver.quit()


def replaced(element):
    """A wait condition: ``element`` (of the page before a navigation) is gone. Selenium's staleness_of
    waits for a stale-element error only; mid-navigation chromium may answer that the node "does not
    belong to the document" instead, which is as gone (a flake of the CI run of 7 December 2026)."""
    from selenium.common.exceptions import WebDriverException

    def gone(_driver) -> bool:
        try:
            element.is_enabled()
        except WebDriverException:
            return True
        return False

    return gone


def screenshot(driver, name: str) -> Path:
    """The whole page (the window made as tall as the document, at most 4000 px high) as
    ``build/screenshots/<name>.png`` under the repository root; the window gets its size back after."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    width, height = driver.get_window_size()["width"], driver.get_window_size()["height"]
    full = driver.execute_script(
        "return Math.max(document.documentElement.scrollHeight, document.body ? document.body.scrollHeight : 0)"
    )
    # the window's own bars and frame: the viewport is that much lower than the window (about 140 px headless)
    frame = driver.execute_script("return Math.max(window.outerHeight - window.innerHeight, 0)")
    driver.set_window_size(width, min(max(int(full or 0) + int(frame or 0), height), MAX_HEIGHT))
    try:
        if not driver.save_screenshot(str(path)):
            raise RuntimeError(f"no screenshot written to {path}")
    finally:
        driver.set_window_size(width, height)
    return path
