"""`nachruecken serve` in a real browser (Debian's Chromium, headless, through Selenium): the start page
lists a case file and leads to its page, the case page shows the determination and links its documents,
the documents open or download, and a hostile title stays text. Elements are found by what a person sees
and by link targets, not by the pages' markup, which may change. Screenshots go to build/screenshots/."""

from __future__ import annotations

import shutil

import pytest

from conftest import ROOT

pytest.register_assert_rewrite("browser")  # before its import here, as pytest_plugins imports it only after
from browser import LiveServer, screenshot  # noqa: E402

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
    from selenium.webdriver.support import expected_conditions
    from selenium.webdriver.support.ui import WebDriverWait

    page = driver.find_element(By.TAG_NAME, "html")
    links[0].click()
    WebDriverWait(driver, 60).until(expected_conditions.staleness_of(page))  # the click does not always wait


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
