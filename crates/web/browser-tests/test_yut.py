"""The yut page: rolls typed or added with buttons give the best score of
`boardkit yut best`, and its line is listed and drawn on the board."""

from __future__ import annotations

import os
import subprocess

from conftest import Page
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select


def cli_best(rolls: str, pieces: int) -> str:
    done = subprocess.run([os.environ["BOARDKIT_BIN"], "yut", "best", "--pieces", str(pieces), "-"],
                          input=rolls + "\n", capture_output=True, text=True, check=True)
    return done.stdout.strip()


def score_shown(page: Page) -> str:
    return page.wait(lambda d: (t := d.find_element(By.ID, "score").text) not in ("–", "…") and t)


def test_the_best_line_is_the_clis_and_is_drawn(page: Page) -> None:
    page.open("/yut")
    page.driver.find_element(By.ID, "solve").click()
    assert score_shown(page) == cli_best("5 4 3 2 1", 4) == "116"
    turns = [li.text for li in page.driver.find_elements(By.CSS_SELECTOR, "#line li")]
    assert turns == [
        "roll 5: piece 1 start → 10, +10 (score 10)",
        "roll 4: piece 1 10 → b25, +25 (score 35)",
        "roll 3: piece 2 start → 6, +6 (score 41)",
        "roll 2: piece 1 b25 → b35, +35 (score 76)",
        "roll 1: piece 1 b35 → 40, +40 (score 116)",
    ]
    cell = page.driver.find_element(By.CSS_SELECTOR, "#yut-board circle.current-to")
    assert cell.get_attribute("data-cell") == "40"
    page.driver.find_element(By.CSS_SELECTOR, '#line li[data-turn="2"]').click()
    cell = page.driver.find_element(By.CSS_SELECTOR, "#yut-board circle.current-to")
    assert cell.get_attribute("data-cell") == "b25"
    assert page.driver.find_element(By.ID, "turn-shown").text == "after turn 2 of 5"
    page.driver.find_element(By.ID, "prev").click()
    cell = page.driver.find_element(By.CSS_SELECTOR, "#yut-board circle.current-to")
    assert cell.get_attribute("data-cell") == "10"


def test_rolls_from_the_buttons_give_the_clis_score(page: Page) -> None:
    page.open("/yut")
    page.driver.find_element(By.ID, "clear").click()
    rolls = "1 5 5 2 3 4 4 1 2 5 3 3"
    for roll in rolls.split():
        page.driver.find_element(By.CSS_SELECTOR, f'button[data-roll="{roll}"]').click()
    page.driver.find_element(By.CSS_SELECTOR, 'button[data-roll="4"]').click()
    page.driver.find_element(By.ID, "back").click()
    assert page.driver.find_element(By.ID, "rolls").get_attribute("value") == rolls
    Select(page.driver.find_element(By.ID, "pieces")).select_by_visible_text("2")
    page.driver.find_element(By.ID, "solve").click()
    assert score_shown(page) == cli_best(rolls, 2)
    assert len(page.driver.find_elements(By.CSS_SELECTOR, "#line li")) == 12
    page.driver.find_element(By.CSS_SELECTOR, '#line li[data-turn="7"]').click()
    pieces = page.driver.find_elements(By.CSS_SELECTOR, "#yut-board circle.piece")
    assert sorted(p.get_attribute("data-piece") for p in pieces) == ["1", "2"]
    page.screenshot(page.screenshot_dir / "yut.png")


def test_a_refused_roll_shows_the_apis_message(page: Page) -> None:
    page.open("/yut")
    field = page.driver.find_element(By.ID, "rolls")
    field.send_keys(Keys.CONTROL, "a", Keys.NULL, "5 6", Keys.ENTER)
    page.expect_console_error("400")
    assert page.wait(lambda d: d.find_element(By.ID, "error").text) == "roll 6 is outside 1..5"
    assert page.driver.find_element(By.ID, "score").text == "–"
