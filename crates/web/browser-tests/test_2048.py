"""The 2048 page: a seeded game matches the library's (through the API,
which tests/api.rs checks against the library), keys and undo move it,
the hint shows a move, and autoplay plays."""

from __future__ import annotations

from typing import Any

from conftest import Page
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys


def shown_board(page: Page) -> list[list[int]]:
    values = [int(v) for v in page.driver.execute_script(
        "return [...document.querySelectorAll('#board .tile')].map((t) => t.dataset.value)")]
    n = int(len(values) ** 0.5)
    return [values[i * n:(i + 1) * n] for i in range(n)]


def figure(page: Page, name: str) -> float:
    return float(page.driver.find_element(By.ID, name).text)


def start(page: Page, seed: int, size: int) -> None:
    page.open(f"/2048?seed={seed}&size={size}")
    page.wait(lambda d: f"Seed {seed}, {size} × {size}." in d.find_element(By.ID, "status").text)


def api_game(page: Page, seed: int, size: int) -> dict[str, Any]:
    status, game = page.api("POST", "/2048/games", {"seed": seed, "size": size})
    assert status == 201, game
    return game


def test_a_seeded_game_is_the_librarys_and_keys_move_it(page: Page) -> None:
    start(page, 42, 4)
    reference = api_game(page, 42, 4)
    assert shown_board(page) == reference["board"]
    body = page.driver.find_element(By.TAG_NAME, "body")
    history = [reference["board"]]
    for key, direction in [(Keys.ARROW_LEFT, "left"), (Keys.ARROW_UP, "up"),
                           ("d", "right"), ("s", "down"), ("a", "left")]:
        status, reference = page.api("POST", f"/2048/games/{reference['id']}/moves",
                                     {"direction": direction})
        assert status == 200, reference
        body.send_keys(key)
        expected = reference["board"]
        page.wait(lambda d: shown_board(page) == expected)
        assert figure(page, "score") == reference["score"]
        assert figure(page, "moves") == reference["moves"]
        if reference["changed"]:
            history.append(expected)
    assert len(history) >= 4, history
    page.driver.find_element(By.ID, "undo").click()
    page.wait(lambda d: shown_board(page) == history[-2])
    page.driver.find_element(By.ID, "undo").click()
    page.wait(lambda d: shown_board(page) == history[-3])
    assert figure(page, "moves") == len(history) - 3


def test_other_sizes_are_the_librarys(page: Page) -> None:
    for size, seed in [(3, 5), (8, 18446744073709551615)]:
        start(page, seed, size)
        assert shown_board(page) == api_game(page, seed, size)["board"]
        assert len(shown_board(page)) == size


def test_the_hint_names_a_legal_move(page: Page) -> None:
    start(page, 7, 4)
    legal = api_game(page, 7, 4)["legal"]
    page.driver.find_element(By.ID, "hint").click()
    hint = page.wait(lambda d: d.find_element(By.ID, "hint-text").get_attribute("data-move"))
    assert hint in legal
    assert page.driver.find_element(By.ID, "hint-text").text.startswith(f"AI: {hint} (expects ")


def test_autoplay_plays_and_the_figures_change(page: Page) -> None:
    start(page, 3, 4)
    page.driver.find_element(By.ID, "fastest").click()
    assert page.driver.find_element(By.ID, "speed-out").text == "no limit"
    page.driver.find_element(By.ID, "autoplay").click()
    page.wait(lambda d: figure(page, "moves") >= 60)
    page.driver.find_element(By.ID, "autoplay").click()
    page.wait(lambda d: d.find_element(By.ID, "autoplay").text == "Start AI")
    assert figure(page, "rate") > 0
    assert figure(page, "score") > 0
    assert figure(page, "largest") >= 32
    assert figure(page, "best") >= figure(page, "score")
    page.screenshot(page.screenshot_dir / "2048.png")


def test_a_refused_seed_shows_the_apis_message(page: Page) -> None:
    page.open("/2048?seed=-1&size=4")
    page.expect_console_error("400")
    error = page.wait(lambda d: d.find_element(By.ID, "error").text)
    assert error == ("invalid value '-1' for 'seed': expected a seed from 0 to 18446744073709551615")


SWIPE = """
const board = document.getElementById('board');
const box = board.getBoundingClientRect();
const x = box.left + box.width / 2, y = box.top + box.height / 2;
const touch = (dx, dy) => new Touch({identifier: 1, target: board, clientX: x + dx, clientY: y + dy});
board.dispatchEvent(new TouchEvent('touchstart', {touches: [touch(0, 0)], changedTouches: [touch(0, 0)], bubbles: true}));
board.dispatchEvent(new TouchEvent('touchend', {touches: [], changedTouches: [touch(arguments[0], arguments[1])], bubbles: true}));
"""


def test_swipes_move_the_board(page: Page) -> None:
    start(page, 21, 5)
    reference = api_game(page, 21, 5)
    assert shown_board(page) == reference["board"]
    for (dx, dy), direction in [((-120, 10), "left"), ((5, -90), "up"), ((100, 0), "right")]:
        status, reference = page.api("POST", f"/2048/games/{reference['id']}/moves",
                                     {"direction": direction})
        assert status == 200, reference
        page.driver.execute_script(SWIPE, dx, dy)
        expected = reference["board"]
        page.wait(lambda d: shown_board(page) == expected)
        assert figure(page, "moves") == reference["moves"]


def test_an_8x8_board_fits_a_phone_wide_window(page: Page) -> None:
    size = page.driver.get_window_size()
    try:
        page.driver.set_window_size(390, 844)
        start(page, 8, 8)
        fits = page.driver.execute_script("""
            const board = document.getElementById('board').getBoundingClientRect();
            const tiles = [...document.querySelectorAll('#board .tile')];
            return {
                board: board.left >= 0 && board.right <= document.documentElement.clientWidth,
                tiles: tiles.every((t) => t.scrollWidth <= t.clientWidth && t.clientWidth > 20),
                square: new Set(tiles.map((t) => t.clientHeight)).size === 1
                    && tiles[0].clientHeight === tiles[0].clientWidth,
                count: tiles.length,
            };""")
        assert fits == {"board": True, "tiles": True, "square": True, "count": 64}
        page.screenshot(page.screenshot_dir / "2048-phone.png")
    finally:
        page.driver.set_window_size(size["width"], size["height"])
