"""Fixtures of the browser tests: boardkit's server, a headless Chromium,
console errors that fail a test, and a screenshot of every test.

The server is the release binary `$BOARDKIT_BIN serve --bind 127.0.0.1:0`,
started once for the session; its URL is read from the line it prints.
Chromium and chromedriver are Debian's (/usr/bin/chromium,
/usr/bin/chromedriver), headless, with a fresh profile folder.

A test takes the `page` fixture: `page.open("/2048")` loads a page,
`page.driver` is the WebDriver session, `page.url(path)` an address on the
server. When the test ends, its screenshot is saved to
`target/browser-screenshots/<test>.png` and any error the browser's console
logged fails it, except those the test expected with
`page.expect_console_error("text")`. `page.api(method, path, body)` asks the
server directly (for values to compare with).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tempfile
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import WebDriverWait

ROOT = Path(__file__).resolve().parents[3]
SCREENSHOTS = ROOT / "target" / "browser-screenshots"
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SERVING = re.compile(r"^boardkit: serving on (http://\S+/)$")


class Server:
    """A running `boardkit serve` and its base URL (ending in '/')."""

    def __init__(self, process: subprocess.Popen[str], base: str) -> None:
        self.process = process
        self.base = base

    def url(self, path: str) -> str:
        return self.base + path.lstrip("/")

    def api(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        """The status and decoded JSON answer of `/api/v1` + `path`."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.url("/api/v1" + path), data=data, method=method,
            headers={"content-type": "application/json"} if data is not None else {},
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())


def boardkit_bin() -> str:
    binary = os.environ.get("BOARDKIT_BIN")
    if not binary:
        pytest.exit("BOARDKIT_BIN is not set: run scripts/test-browser.sh", 2)
    return binary


@pytest.fixture(scope="session")
def server() -> Iterator[Server]:
    # The server keeps its 2048 lookup tables in the Python tests' private
    # cache folder (built there once), never in the user's.
    cache = Path(__file__).resolve().parents[3] / "target" / "python-test-home" / ".cache"
    process = subprocess.Popen(
        [boardkit_bin(), "serve", "--bind", "127.0.0.1:0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=dict(os.environ, XDG_CACHE_HOME=str(cache)),
    )
    assert process.stdout is not None
    line = process.stdout.readline().strip()
    found = SERVING.match(line)
    if not found:
        process.kill()
        _, err = process.communicate()
        pytest.fail(f"the server printed {line!r}, stderr {err!r}")
    try:
        yield Server(process, found.group(1))
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture(scope="session")
def driver() -> Iterator[WebDriver]:
    profile = tempfile.mkdtemp(prefix="boardkit-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    options.add_argument("--window-size=900,1000")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    session = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        yield session
    finally:
        session.quit()
        shutil.rmtree(profile, ignore_errors=True)


def console_errors(driver: WebDriver) -> list[str]:
    """The console's errors since the last call (reading empties the log)."""
    return [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]


class Page:
    """One test's view of the browser and the server."""

    def __init__(self, driver: WebDriver, server: Server) -> None:
        self.driver = driver
        self.server = server
        self.expected: list[str] = []
        self.screenshot_dir = SCREENSHOTS

    def url(self, path: str) -> str:
        return self.server.url(path)

    def open(self, path: str) -> None:
        self.driver.get(self.url(path))
        self.wait(lambda d: d.execute_script("return document.readyState") == "complete")

    def wait(self, condition: Any, timeout: float = 20) -> Any:
        """Waits until `condition(driver)` is truthy and returns it."""
        return WebDriverWait(self.driver, timeout).until(condition)

    def api(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        return self.server.api(method, path, body)

    def expect_console_error(self, text: str) -> None:
        """Lets one console error containing `text` pass (a 4xx the test asks for)."""
        self.expected.append(text)

    def screenshot(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.driver.save_screenshot(str(path))

    def unexpected_errors(self) -> list[str]:
        left = []
        for message in console_errors(self.driver):
            match = next((t for t in self.expected if t in message), None)
            if match is None:
                left.append(message)
            else:
                self.expected.remove(match)
        return left


@pytest.fixture
def page(driver: WebDriver, server: Server, request: pytest.FixtureRequest) -> Iterator[Page]:
    console_errors(driver)
    driver.get("about:blank")
    driver.delete_all_cookies()
    view = Page(driver, server)
    yield view
    view.screenshot(SCREENSHOTS / f"{request.node.name}.png")
    errors = view.unexpected_errors()
    driver.get("about:blank")
    if errors:
        pytest.fail("the browser's console logged errors:\n" + "\n".join(errors))
