"""`nachruecken serve` in a real browser (Debian's Chromium, headless, through Selenium): the start page
lists a case file and leads to its page, the case page shows the determination and links its documents,
the documents open or download, and a hostile title stays text. Elements are found by what a person sees
and by link targets, not by the pages' markup, which may change. Screenshots go to build/screenshots/."""

from __future__ import annotations

import shutil

from browser import LiveServer, replaced, screenshot

from conftest import ROOT

pytest_plugins = ["browser"]  # the fixtures browser and live_server

try:
    from selenium.webdriver.common.by import By
except ImportError:  # the browser fixture skips (or fails under CI=true) with the reason
    By = None

CASE = ROOT / "instances/he/schenklengsfeld-2023.yaml"
HEADING = "//*[self::h1 or self::h2 or self::h3 or self::h4 or @role='heading']"


def _links(driver) -> dict[str, str]:
    """The page's links: absolute href -> visible text."""
    return {a.get_attribute("href"): a.text.strip() for a in driver.find_elements(By.TAG_NAME, "a")}


def _document_link(driver, suffix: str) -> str:
    hrefs = [href for href in _links(driver) if href and "/documents/" in href and href.endswith(suffix)]
    assert hrefs, f"no document link ending {suffix} on {driver.current_url}"
    act = [href for href in hrefs if "act" in href.rsplit("/", 1)[-1]]
    return (act or hrefs)[0]


def _open_case_from_start(driver, server: LiveServer, filename: str) -> None:
    driver.get(server.url + "/")
    links = [a for a in driver.find_elements(By.TAG_NAME, "a") if a.text.strip() == filename]
    assert links, f"{filename} is not listed on the start page: {driver.find_element(By.TAG_NAME, 'body').text}"
    from selenium.webdriver.support.ui import WebDriverWait

    page = driver.find_element(By.TAG_NAME, "html")
    links[0].click()
    WebDriverWait(driver, 60).until(replaced(page))  # the click does not always wait


def test_start_page_lists_the_case_and_its_link_leads_to_the_case_page(browser, live_server):
    shutil.copy(CASE, live_server.folder / CASE.name)
    browser.get(live_server.url + "/")
    assert browser.execute_script("return document.documentElement.lang").startswith("de")
    body = browser.find_element(By.TAG_NAME, "body").text
    assert CASE.name in body
    assert "Schenklengsfeld" in body  # the case's title or body beside its file
    screenshot(browser, "start")

    _open_case_from_start(browser, live_server, CASE.name)
    assert browser.current_url == f"{live_server.url}/cases/{CASE.stem}"
    headings = [h.text for h in browser.find_elements(By.XPATH, HEADING)]
    # the determination: the seat Thilo Weimar left, taken by Jürgen Wolf
    assert any("Weimar" in h for h in headings), headings
    assert "Jürgen Wolf" in browser.find_element(By.TAG_NAME, "body").text
    screenshot(browser, "case")


def test_case_page_documents_download_and_open(browser, live_server):
    shutil.copy(CASE, live_server.folder / CASE.name)
    browser.get(f"{live_server.url}/cases/{CASE.stem}")
    pdf = _document_link(browser, ".pdf")
    assert pdf.startswith(live_server.url + f"/cases/{CASE.stem}/documents/")
    assert live_server.fetch(pdf).startswith(b"%PDF")

    act = _document_link(browser, ".html")
    browser.get(act)
    assert browser.current_url == act
    text = browser.find_element(By.TAG_NAME, "body").text
    assert len(text) > 200, text
    assert "Jürgen Wolf" in text
    screenshot(browser, "act")


def test_a_hostile_title_is_shown_as_text(browser, live_server):
    hostile = "<script>window.__pwned=1</script>"
    data = CASE.read_text(encoding="utf-8").replace(
        "title: Schenklengsfeld 2023 - waiver of the next candidate by votes", f"title: '{hostile}'", 1
    )
    data = data.replace("{name: Gemeindevertretung Schenklengsfeld,", f"{{name: '{hostile}',", 1)  # on the start page
    assert hostile in data
    (live_server.folder / "hostile.yaml").write_text(data, encoding="utf-8")

    browser.get(live_server.url + "/")
    assert browser.execute_script("return window.__pwned") is None
    assert hostile in browser.find_element(By.TAG_NAME, "body").text
    screenshot(browser, "hostile-start")

    _open_case_from_start(browser, live_server, "hostile.yaml")
    assert browser.current_url == f"{live_server.url}/cases/hostile"
    assert browser.execute_script("return window.__pwned") is None
    assert hostile in browser.find_element(By.TAG_NAME, "body").text
    screenshot(browser, "hostile-case")


def test_a_form_on_another_site_cannot_import_an_export(browser, live_server, tmp_path):
    """Issue 52 (F2): a page on another origin (here localhost on a port of its own) that posts an export
    to the desk's /api/import, as a cross-site form can, is refused by the desk's Origin check; the same
    upload from the desk's own page with its token is read."""
    import functools
    import http.server
    import threading

    attack = tmp_path / "attack"
    attack.mkdir()
    (attack / "index.html").write_text(
        f"""<!DOCTYPE html><html><body><form id="f" method="post" enctype="multipart/form-data"
        action="{live_server.url}/api/import"><input type="file" name="file" id="file">
        <input type="hidden" name="statute" value="nw"></form>
        <script>
        const dt = new DataTransfer();
        dt.items.add(new File(["Name;Wahlvorschlag\\nMuster;SPD\\n"], "liste.csv", {{type: "text/csv"}}));
        document.getElementById("file").files = dt.files;
        </script></body></html>""",
        encoding="utf-8",
    )
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(attack))
    other = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    try:
        browser.get(f"http://localhost:{other.server_address[1]}/index.html")
        browser.execute_script("document.getElementById('f').submit()")
        from selenium.webdriver.support.ui import WebDriverWait

        WebDriverWait(browser, 30).until(lambda d: d.current_url.startswith(live_server.url))
        answer = browser.find_element(By.TAG_NAME, "body").text
        assert "Anfrage von einer anderen Seite" in answer and '"case"' not in answer
    finally:
        other.shutdown()
        other.server_close()
    # the control: the desk's own page may post it (with the token the desk hands its own scripts)
    browser.get(live_server.url + "/")
    status = browser.execute_async_script(
        """const done = arguments[arguments.length - 1];
        fetch("/api/csrf").then(r => r.json()).then(t => {
          const fd = new FormData();
          fd.append("file", new File(["Name;Wahlvorschlag;Gewählt\\nMuster;SPD;ja\\nMeier;SPD;\\n"], "liste.csv"));
          fd.append("statute", "nw");
          fd.append("csrf", t.csrf);
          return fetch("/api/import", {method: "POST", body: fd});
        }).then(r => done(r.status)).catch(e => done(String(e)));"""
    )
    assert status == 200
