"""The index page and what every page is served with."""

from __future__ import annotations

import time
import urllib.request

from conftest import Page, Server
from selenium.webdriver.common.by import By

PAGES = ["/", "/2048", "/cover", "/yut"]


def test_the_index_links_every_page(page: Page) -> None:
    page.open("/")
    links = page.driver.find_elements(By.CSS_SELECTOR, "ul.pages a")
    assert [a.get_attribute("pathname") for a in links] == ["/2048", "/sokoban", "/cover", "/yut"]
    nav = page.driver.find_elements(By.CSS_SELECTOR, "header nav a")
    assert [a.text for a in nav] == ["boardkit", "2048", "Sokoban", "Cover", "Yut"]
    page.screenshot(page.screenshot_dir / "index.png")


def test_pages_carry_their_type_cache_and_policy(server: Server) -> None:
    for path, kind in [*((p, "text/html") for p in PAGES),
                       ("/assets/style.css", "text/css"),
                       ("/assets/common.js", "text/javascript")]:
        with urllib.request.urlopen(server.url(path), timeout=10) as answer:
            headers = answer.headers
            assert answer.status == 200, path
            assert headers["content-type"].startswith(kind), (path, headers["content-type"])
            assert headers["cache-control"] == "no-cache", path
            assert headers["content-security-policy"].startswith("default-src 'self'; script-src 'self';"), path
            assert "'unsafe-inline'" not in headers["content-security-policy"], path


def test_every_page_loads_without_console_errors(page: Page) -> None:
    for path in PAGES:
        page.open(path)
        assert page.driver.find_element(By.TAG_NAME, "h1").text
        assert page.unexpected_errors() == [], path


def test_the_harness_sees_console_errors(page: Page) -> None:
    page.open("/")
    page.driver.execute_script("console.error('boardkit harness check')")
    page.expect_console_error("a message that never comes")
    errors = page.unexpected_errors()
    assert len(errors) == 1 and "boardkit harness check" in errors[0], errors
    page.driver.execute_script("setTimeout(() => { throw new Error('thrown on purpose'); })")
    time.sleep(0.2)
    page.expect_console_error("thrown on purpose")
    assert page.unexpected_errors() == []
