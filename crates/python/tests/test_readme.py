"""The README's Python examples (doctest sessions) print what they show."""

from __future__ import annotations

import doctest
import pathlib
import re

README = pathlib.Path(__file__).resolve().parents[3] / "README.md"


def test_readme_python_sessions() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert blocks, "README has no Python example"
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    for i, block in enumerate(blocks):
        test = parser.get_doctest(block, {}, f"README python block {i + 1}", str(README), 0)
        assert test.examples, f"block {i + 1} has no >>> example"
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0
