"""An office's month in a real browser (Debian's Chromium through Selenium): an NRW export uploaded and
checked before it is saved, a Verzicht and a refusal recorded through the form, "warum nicht?", the act
downloaded, the history, the English switch. Every page it visits is written as a screenshot
(``build/screenshots/desk-*.png``); the README shows two of them (``docs/screenshots/``)."""

from __future__ import annotations

import pytest

from conftest import ROOT

pytest.register_assert_rewrite("browser")  # before its import here, as pytest_plugins imports it only after
from browser import replaced, screenshot  # noqa: E402

pytest_plugins = ["browser"]  # the fixtures browser and live_server

NRW = ROOT / "examples/nw"
STEM = "rat-der-stadt-musterstadt-2020"


def _by_id(driver, element_id: str):
    from selenium.webdriver.common.by import By

    return driver.find_element(By.ID, element_id)


def _submit(driver, element_id: str, how: str = "click") -> None:
    """Click a button or link (or submit a form) and wait until the next page has replaced this one (a
    click does not always wait for the navigation it starts)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    page = driver.find_element(By.TAG_NAME, "html")
    getattr(_by_id(driver, element_id), how)()
    WebDriverWait(driver, 60).until(replaced(page))
    WebDriverWait(driver, 60).until(lambda d: d.execute_script("return document.readyState") == "complete")


def _record(driver, word: str, date: str, person: str) -> None:
    """Fill the event form as a clerk does and save it."""
    from selenium.webdriver.support.ui import Select

    Select(_by_id(driver, "type")).select_by_visible_text(word)
    _by_id(driver, "date").send_keys(date)
    Select(_by_id(driver, "person")).select_by_visible_text(person)
    _submit(driver, "add-event")


def test_from_an_nrw_export_through_a_verzicht_and_a_refusal_to_the_act(live_server, browser):
    from selenium.webdriver.support.ui import Select

    driver = browser
    driver.get(live_server.url + "/")
    assert "Noch kein Fall in diesem Ordner." in _by_id(driver, "cases").text
    _by_id(driver, "file").send_keys(str(NRW / "wahlergebnis-rat-2020.csv"))
    _by_id(driver, "fall").send_keys(str(NRW / "fall.csv"))
    Select(_by_id(driver, "statute")).select_by_value("nw")
    screenshot(driver, "desk-start")
    _submit(driver, "import")

    assert "Ersatzbewerberin ohne Reservelistenplatz: Lea Hoffmann" in _by_id(driver, "summary").text
    assert _by_id(driver, "filename").get_attribute("value") == STEM
    assert not list(live_server.folder.glob("*.yaml"))  # shown, not yet saved
    screenshot(driver, "desk-preview")
    _submit(driver, "save")

    assert driver.current_url.endswith(f"/cases/{STEM}")
    assert "Doris Kaiser" in _by_id(driver, "composition").text
    _record(driver, "Verzicht", "01.03.2022", "Doris Kaiser")
    assert "Neu: Sitz von Doris Kaiser → Max Lorenz" in _by_id(driver, "changes").text
    _record(driver, "Ablehnung", "08.03.2022", "Max Lorenz")
    changes = _by_id(driver, "changes").text
    assert "Geändert: Sitz von Doris Kaiser: vorher Max Lorenz" in changes and "jetzt Jan Fischer" in changes
    seat = _by_id(driver, "det-doris-kaiser")
    assert "übergangen" in seat.text and "Jan Fischer" in seat.text
    screenshot(driver, "desk-case")

    Select(_by_id(driver, "why-person")).select_by_visible_text("Max Lorenz")
    _submit(driver, "why-form", "submit")
    assert "Sitz von Doris Kaiser: übergangen" in _by_id(driver, "why").text
    screenshot(driver, "desk-why-not")

    from selenium.webdriver.common.by import By

    act = _by_id(driver, "det-doris-kaiser").find_element(By.CSS_SELECTOR, 'a[data-kind="act"][data-format="pdf"]')
    assert live_server.fetch(act.get_attribute("href"))[:5] == b"%PDF-"
    html = _by_id(driver, "det-doris-kaiser").find_element(By.CSS_SELECTOR, 'a[data-kind="act"][data-format="html"]')
    driver.get(html.get_attribute("href"))
    assert "Jan Fischer" in driver.find_element(By.TAG_NAME, "body").text
    screenshot(driver, "desk-act")

    driver.get(f"{live_server.url}/cases/{STEM}/history")
    assert len(_by_id(driver, "versions").find_elements(By.TAG_NAME, "tr")) == 1 + 3  # imported, two events
    screenshot(driver, "desk-history")
    events = (live_server.folder / f"{STEM}.yaml").read_text(encoding="utf-8")
    assert "type: Verzicht" in events and "type: Ablehnung" in events and "# Übernommen aus" in events


def test_the_person_chooser_follows_the_event_and_the_english_switch(live_server, browser):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    (live_server.folder / "rat.yaml").write_text(
        (ROOT / "instances/he/schenklengsfeld-2023.yaml").read_text(encoding="utf-8"), encoding="utf-8"
    )
    driver = browser
    driver.get(f"{live_server.url}/cases/rat")
    groups = _by_id(driver, "person").find_elements(By.TAG_NAME, "optgroup")
    Select(_by_id(driver, "type")).select_by_visible_text("Mandatsverzicht")
    assert [g.get_attribute("disabled") for g in groups] == [None, "true"]  # members only
    Select(_by_id(driver, "type")).select_by_visible_text("Ablehnung")
    assert [g.get_attribute("disabled") for g in groups] == ["true", None]
    _submit(driver, "lang-switch")
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en"
    assert "Record an event" in driver.page_source and driver.current_url.endswith("/cases/rat")
    screenshot(driver, "desk-case-en")
    _submit(driver, "lang-switch")  # back to German for the module's other tests


@pytest.mark.parametrize("name", ['<img src=x onerror="window.__pwned=1">'])
def test_a_hostile_name_is_text_in_the_page(live_server, browser, name):
    text = (ROOT / "instances/he/schenklengsfeld-2023.yaml").read_text(encoding="utf-8")
    (live_server.folder / "rat.yaml").write_text(text.replace("Jürgen Wolf", name.replace('"', "'")), encoding="utf-8")
    browser.get(f"{live_server.url}/cases/rat?why=wolf")
    assert browser.execute_script("return window.__pwned") is None
    assert "<img src=x" in browser.find_element("id", "why").text


def test_an_export_the_import_cannot_place_is_read_by_the_column_chosen_in_the_map(live_server, browser, tmp_path):
    """A running number the import cannot place: the office picks its meaning in the column map, reads the
    export again, saves it, and the case decides by that place."""
    from selenium.webdriver.support.ui import Select

    export = tmp_path / "liste.csv"
    export.write_text("Partei;Lfd. Nr.;Name;gewählt\nCDU;1;Adler;ja\nCDU;3;Claus;\nCDU;2;Bauer;\n", encoding="utf-8")
    events = tmp_path / "ereignisse.csv"
    events.write_text("Datum;Name;Ereignis\n01.03.2022;Adler;Tod\n", encoding="utf-8")
    driver = browser
    driver.get(live_server.url + "/")
    _by_id(driver, "file").send_keys(str(export))
    _by_id(driver, "events").send_keys(str(events))
    Select(_by_id(driver, "statute")).select_by_value("he")
    _submit(driver, "import")
    assert "Lfd. Nr." in _by_id(driver, "import-error").text
    screenshot(driver, "desk-column-map")
    Select(_by_id(driver, "col-1")).select_by_value("position")
    _submit(driver, "reread")
    assert "3 Personen" in _by_id(driver, "summary").text
    _by_id(driver, "filename").clear()
    _by_id(driver, "filename").send_keys("rat-mit-spaltenwahl")
    _submit(driver, "save")
    assert driver.current_url.endswith("/cases/rat-mit-spaltenwahl")
    assert "Bauer" in _by_id(driver, "det-adler").text
    import nachruecken

    assert (
        nachruecken.decide(live_server.folder / "rat-mit-spaltenwahl.yaml")["determinations"][0]["successor"] == "bauer"
    )
