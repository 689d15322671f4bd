"""The Sokoban page: the built-in levels as the server lists them, keys
played by the page's own rules checked against the library's (the same keys
through `/api/v1/sokoban/move`, the page's moves through
`/api/v1/sokoban/verify`), undo and redo, the streamed solve and its
animation ending on the solved position, cancelling a solve, and a bad
level's message with its line."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from conftest import Page
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

KEY_OF = {"l": Keys.ARROW_LEFT, "u": Keys.ARROW_UP, "r": Keys.ARROW_RIGHT, "d": Keys.ARROW_DOWN}
WASD_OF = {"l": "a", "u": "w", "r": "d", "d": "s"}

# An open room of eight boxes: the fewest-moves search on it runs for many
# seconds.
SLOW = """\
##############
#@           #
#  $ $ $ $   #
#            #
#  $ $ $ $   #
#            #
#            #
#   . . . .  #
#            #
#   . . . .  #
##############
"""


def levels(page: Page) -> list[dict[str, Any]]:
    status, answer = page.api("GET", "/sokoban/levels")
    assert status == 200, answer
    listed: list[dict[str, Any]] = answer["levels"]
    return listed


def shown_map(page: Page) -> list[str]:
    text = page.driver.find_element(By.ID, "board").get_attribute("data-map") or ""
    return text.split("\n")


def text_of(page: Page, element_id: str) -> str:
    return page.driver.find_element(By.ID, element_id).text


def library_position(page: Page, xsb: str, moves: str) -> dict[str, Any]:
    status, answer = page.api("POST", "/sokoban/move", {"xsb": xsb, "moves": moves})
    assert status == 200, answer
    position: dict[str, Any] = answer
    return position


def open_level(page: Page, number: int) -> dict[str, Any]:
    level = levels(page)[number - 1]
    page.open(f"/sokoban?level={number}")
    start = library_position(page, level["xsb"], "")["map"]
    page.wait(lambda d: shown_map(page) == start)
    return level


def press(page: Page, keys: str, wasd: bool = False) -> None:
    board = page.driver.find_element(By.ID, "board")
    for letter in keys:
        board.send_keys(WASD_OF[letter] if wasd else KEY_OF[letter])


def test_the_page_loads_and_lists_the_builtin_levels(page: Page) -> None:
    listed = levels(page)
    page.open("/sokoban")
    options = page.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#builtin option"))
    assert [o.text for o in options] == [
        f"{lv['number']}. {lv['title']} ({lv['boxes']} {'box' if lv['boxes'] == 1 else 'boxes'})"
        for lv in listed
    ]
    first = library_position(page, listed[0]["xsb"], "")
    page.wait(lambda d: shown_map(page) == first["map"])
    assert text_of(page, "title") == "First push"
    assert text_of(page, "on-goals") == "0 / 1"
    walls = page.driver.find_elements(By.CSS_SELECTOR, "#board .cell.wall")
    assert len(walls) == "".join(first["map"]).count("#")
    # A level chosen from the list takes the keys at once, not the list.
    Select(page.driver.find_element(By.ID, "builtin")).select_by_value("2")
    page.wait(lambda d: text_of(page, "title") == "Corner")
    page.driver.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
    page.wait(lambda d: text_of(page, "moves") == "1")
    assert shown_map(page) == library_position(page, listed[1]["xsb"], "d")["map"]
    assert Select(page.driver.find_element(By.ID, "builtin")).first_selected_option.text == (
        "2. Corner (1 box)")


def test_keys_play_a_builtin_level_to_solved_as_the_library_does(page: Page) -> None:
    level = open_level(page, 3)
    status, solved = page.api("POST", "/sokoban/solve", {"xsb": level["xsb"]})
    assert status == 200 and solved["status"] == "solved", solved
    keys = solved["solution"].lower()
    half = len(keys) // 2
    # A key into the wall first: the page, as the library, makes no move.
    blocked = next(k for k in "ludr" if library_position(page, level["xsb"], k)["moves"] == 0)
    press(page, blocked + keys[:half])
    expected = library_position(page, level["xsb"], blocked + keys[:half])
    page.wait(lambda d: shown_map(page) == expected["map"])
    assert text_of(page, "lurd") == expected["lurd"]
    assert (text_of(page, "moves"), text_of(page, "pushes")) == (
        str(expected["moves"]), str(expected["pushes"]))
    # Undo twice, redo once, then the rest with WASD.
    board = page.driver.find_element(By.ID, "board")
    board.send_keys("z")
    board.send_keys("z")
    board.send_keys("y")
    back = library_position(page, level["xsb"], keys[:half - 1])
    page.wait(lambda d: shown_map(page) == back["map"])
    press(page, keys[half - 1:], wasd=True)
    page.wait(lambda d: text_of(page, "status").startswith("Solved"))
    lurd = text_of(page, "lurd")
    status, verdict = page.api("POST", "/sokoban/verify", {"xsb": level["xsb"], "solution": lurd})
    assert status == 200, verdict
    assert verdict["status"] == "solved"
    assert text_of(page, "status") == (
        f"Solved in {verdict['moves']} moves, {verdict['pushes']} pushes.")
    assert verdict["pushes"] > 1
    assert text_of(page, "on-goals") == f"{level['boxes']} / {level['boxes']}"


def test_random_keys_move_as_the_library_says(page: Page) -> None:
    level = open_level(page, 4)
    rng = random.Random(41)
    keys = "".join(rng.choice("ludr") for _ in range(150))
    press(page, keys)
    expected = library_position(page, level["xsb"], keys)
    assert expected["blocked"] > 0 and expected["pushes"] > 0, expected
    page.wait(lambda d: text_of(page, "lurd") == expected["lurd"])
    assert shown_map(page) == expected["map"]
    page.driver.find_element(By.ID, "restart").click()
    assert shown_map(page) == library_position(page, level["xsb"], "")["map"]


def test_the_solvers_solution_plays_to_the_solved_position(page: Page) -> None:
    level = open_level(page, 5)
    page.driver.find_element(By.ID, "solve").click()
    status = page.driver.find_element(By.ID, "solve-status")
    page.wait(lambda d: status.get_attribute("data-event") == "solved")
    solution = text_of(page, "solution-text")
    _, verdict = page.api("POST", "/sokoban/verify", {"xsb": level["xsb"], "solution": solution})
    assert verdict["status"] == "solved", verdict
    assert status.text.startswith("Solved in ")
    assert f"{verdict['moves']} moves, {verdict['pushes']} pushes" in status.text
    n = len(solution)
    assert text_of(page, "anim-pos") == f"move 0 of {n}"
    page.driver.find_element(By.ID, "step-forward").click()
    page.driver.find_element(By.ID, "step-forward").click()
    page.driver.find_element(By.ID, "step-back").click()
    assert text_of(page, "anim-pos") == f"move 1 of {n}"
    assert shown_map(page) == library_position(page, level["xsb"], solution[:1])["map"]
    speed = page.driver.find_element(By.ID, "speed")

    def set_speed(moves_per_second: int) -> None:
        page.driver.execute_script(
            "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'))",
            speed, moves_per_second)
        assert text_of(page, "speed-out") == f"{moves_per_second} moves/s"

    # Slowly to move 3, paused there, then fast to the end.
    set_speed(4)
    page.driver.find_element(By.ID, "play").click()
    page.wait(lambda d: text_of(page, "anim-pos") == f"move 3 of {n}")
    page.driver.find_element(By.ID, "play").click()
    assert text_of(page, "play") == "Play"
    paused = text_of(page, "anim-pos")
    page.driver.execute_script("return new Promise((done) => setTimeout(done, 600))")
    assert text_of(page, "anim-pos") == paused
    set_speed(40)
    page.driver.find_element(By.ID, "play").click()
    page.wait(lambda d: text_of(page, "anim-pos") == f"move {n} of {n}")
    assert text_of(page, "play") == "Play"
    assert shown_map(page) == library_position(page, level["xsb"], solution)["map"]
    assert text_of(page, "status").startswith("Solved in ")
    assert "solved" in (page.driver.find_element(By.ID, "board").get_attribute("class") or "")
    assert text_of(page, "lurd") == solution
    page.driver.find_element(By.ID, "step-back").click()
    assert text_of(page, "status") == ""
    page.driver.find_element(By.ID, "copy").click()
    copied = page.wait(lambda d: text_of(page, "copy-status"))
    if copied != "Copied.":
        selected = page.driver.execute_script("return window.getSelection().toString()")
        assert selected == solution, copied
    # The screenshot README shows (docs/screenshots/sokoban.png is a copy):
    # the solution stepped back to two thirds of its moves.
    k = n * 2 // 3
    for _ in range(n - 1 - k):
        page.driver.find_element(By.ID, "step-back").click()
    assert text_of(page, "anim-pos") == f"move {k} of {n}"
    assert shown_map(page) == library_position(page, level["xsb"], solution[:k])["map"]
    shot = page.screenshot_dir / "sokoban.png"
    page.driver.set_window_size(760, 1080)
    try:
        page.screenshot(shot)
    finally:
        page.driver.set_window_size(900, 1000)
    assert shot.stat().st_size > 0


def test_a_solve_can_be_cancelled_and_a_capped_time_is_shown(page: Page) -> None:
    page.open("/sokoban")
    page.driver.find_element(By.TAG_NAME, "summary").click()
    page.driver.find_element(By.ID, "xsb").send_keys(SLOW)
    page.driver.find_element(By.ID, "load").click()
    start = library_position(page, SLOW, "")["map"]
    page.wait(lambda d: shown_map(page) == start)
    page.driver.find_element(By.CSS_SELECTOR, "#optimal option[value='moves']").click()
    limit = page.driver.find_element(By.ID, "time-limit")
    limit.clear()
    limit.send_keys("3600")
    page.driver.find_element(By.ID, "solve").click()
    status = page.driver.find_element(By.ID, "solve-status")
    page.wait(lambda d: status.get_attribute("data-event") == "progress")
    assert status.text.startswith("Searching… "), status.text
    assert status.text.endswith(" s of 10 s (the server caps it at 10 s)"), status.text
    page.driver.find_element(By.ID, "cancel").click()
    page.wait(lambda d: status.get_attribute("data-event") == "cancelled")
    assert status.text == "Cancelled."
    assert page.driver.find_element(By.ID, "solve").is_enabled()
    # The board is still the player's.
    press(page, "r")
    page.wait(lambda d: text_of(page, "moves") == "1")


def test_a_bad_level_shows_the_parsers_message_and_line(page: Page) -> None:
    page.open("/sokoban")
    page.wait(lambda d: shown_map(page) != [""])
    bad = "#######\n#@ $@.#\n#######\n"
    status, answer = page.api("POST", "/sokoban/validate", {"xsb": bad})
    assert status == 400
    assert answer["error"].startswith("line 2, column 5: "), answer
    page.driver.find_element(By.TAG_NAME, "summary").click()
    page.driver.find_element(By.ID, "xsb").send_keys(bad)
    page.expect_console_error("400")
    page.driver.find_element(By.ID, "load").click()
    shown = page.wait(lambda d: text_of(page, "error"))
    assert shown == answer["error"]


def test_an_uploaded_file_is_loaded(page: Page, tmp_path: Path) -> None:
    level = tmp_path / "corridor.xsb"
    level.write_text("Title: From a file\n\n#######\n#@ $ .#\n#######\n")
    page.open("/sokoban")
    page.wait(lambda d: shown_map(page) != [""])
    page.driver.find_element(By.TAG_NAME, "summary").click()
    page.driver.find_element(By.ID, "file").send_keys(str(level))
    page.wait(lambda d: text_of(page, "title") == "From a file")
    assert shown_map(page) == ["#######", "#@ $ .#", "#######"]
    assert page.driver.find_element(By.ID, "xsb").get_attribute("value") == level.read_text()


def test_a_collection_offers_its_levels(page: Page) -> None:
    text = "Title: One\n\n#####\n#@$.#\n#####\n\nTitle: Two\n\n######\n#@ $.#\n######\n"
    page.open("/sokoban")
    page.driver.find_element(By.TAG_NAME, "summary").click()
    page.driver.find_element(By.ID, "xsb").send_keys(text)
    page.driver.find_element(By.ID, "load").click()
    page.wait(lambda d: text_of(page, "title") == "One")
    options = page.driver.find_elements(By.CSS_SELECTOR, "#text-level option")
    assert [o.text for o in options] == ["1. One (3 × 5, 1 box)", "2. Two (3 × 6, 1 box)"]
    options[1].click()
    page.wait(lambda d: text_of(page, "title") == "Two")
    assert shown_map(page) == ["######", "#@ $.#", "######"]
    press(page, "rr")
    page.wait(lambda d: text_of(page, "status") == "Solved in 2 moves, 1 push.")
