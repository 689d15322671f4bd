"""The cover page: counts are the CLI's (`boardkit cover count`), the
covering drawn is the CLI's (`boardkit cover show`), for a rectangle and a
board drawn by clicking cells."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from conftest import Page
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select


def cli(*args: str, stdin: str | None = None) -> list[str]:
    """The lines `boardkit ARGS` prints."""
    done = subprocess.run([os.environ["BOARDKIT_BIN"], *args], input=stdin,
                          capture_output=True, text=True, check=True)
    return done.stdout.splitlines()


def count_shown(page: Page) -> str:
    return page.wait(lambda d: (t := d.find_element(By.ID, "result").text) not in ("–", "…") and t)


def drawn_rows(page: Page) -> list[str]:
    rows = page.wait(lambda d: d.find_element(By.ID, "drawing").get_attribute("data-rows"))
    return rows.split("\n")


def set_number(page: Page, id_: str, value: int) -> None:
    field = page.driver.find_element(By.ID, id_)
    field.send_keys(Keys.CONTROL, "a", Keys.NULL, str(value), Keys.TAB)


def test_a_4x6_rectangle_counts_and_draws_as_the_cli(page: Page) -> None:
    page.open("/cover")
    page.driver.find_element(By.ID, "count").click()
    assert count_shown(page) == cli("cover", "count", "--rect", "4x6")[0] == "18"
    assert drawn_rows(page) == cli("cover", "show", "--rect", "4x6")[1:]
    assert page.driver.find_element(By.ID, "drawing-note").text == "One covering: 8 pieces."


def test_a_drawn_board_counts_and_draws_as_the_cli(page: Page, tmp_path: Path) -> None:
    page.open("/cover")
    page.driver.find_element(By.ID, "mode-draw").click()
    set_number(page, "draw-height", 6)
    set_number(page, "draw-width", 7)
    page.wait(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#editor button")) == 42)
    board = [".......", ".#.....", ".....#.", ".......", "...#...", "......."]
    for r, row in enumerate(board):
        for c, cell in enumerate(row):
            if cell == "#":
                page.driver.find_element(
                    By.CSS_SELECTOR, f'#editor button[data-row="{r}"][data-col="{c}"]').click()
    page.driver.find_element(By.ID, "count").click()
    text = "1\n6 7\n" + "\n".join(board) + "\n"
    assert count_shown(page) == cli("cover", "count", "-", stdin=text)[0]
    assert drawn_rows(page) == cli("cover", "show", "-", stdin=text)[1:]
    page.screenshot(page.screenshot_dir / "cover.png")


def test_no_covering_is_said_plainly(page: Page) -> None:
    page.open("/cover")
    set_number(page, "height", 2)
    set_number(page, "width", 2)
    Select(page.driver.find_element(By.ID, "pieces")).select_by_value("i3")
    page.driver.find_element(By.ID, "count").click()
    assert count_shown(page) == "0"
    note = page.wait(lambda d: d.find_element(By.ID, "drawing-note").text)
    assert note == "No covering: these pieces cannot cover this board."
    assert not page.driver.find_element(By.ID, "drawing").is_displayed()


def test_a_refused_board_shows_the_apis_message(page: Page) -> None:
    page.open("/cover")
    set_number(page, "height", 0)
    page.expect_console_error("400")
    page.driver.find_element(By.ID, "count").click()
    error = page.wait(lambda d: d.find_element(By.ID, "error").text)
    assert error.startswith("invalid value '0x6' for 'rect': "), error
