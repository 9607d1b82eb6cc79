"""The type stubs (qspec/__init__.pyi) are whole: every documented Python
example — README.md's and docs/*.md's, the doctests `.ci/run` runs — type
checks under `mypy --strict` against the installed package."""

import pathlib
import re
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCK = re.compile(r"```python\n(.*?)```", re.S)
CONFIG = """[mypy]
strict = True

[mypy-pysat.*]
ignore_missing_imports = True
"""


def script(page):
    """The page's examples as one script: the statements of its doctests
    (their `>>> ` and `... ` lines), in order, without their output."""
    lines = []
    for block in BLOCK.findall(page.read_text()):
        for line in block.splitlines():
            if line.startswith((">>> ", "... ")):
                lines.append(line[4:])
            elif line in (">>>", "..."):
                lines.append("")
    return "\n".join(lines) + "\n"


def test_every_page_has_its_examples_read():
    assert "qspec.load" in script(ROOT / "docs" / "python.md")
    assert "session()" in script(ROOT / "README.md")


@pytest.mark.parametrize("page", [p for p in PAGES if "```python" in p.read_text()], ids=lambda p: p.name)
def test_the_documented_examples_type_check_strictly(page, tmp_path):
    pytest.importorskip("mypy")
    (tmp_path / "mypy.ini").write_text(CONFIG)
    example = tmp_path / (page.stem.replace("-", "_") + "_examples.py")
    example.write_text(script(page))
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", tmp_path / "mypy.ini", "--no-incremental", example],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert run.returncode == 0, run.stdout + run.stderr
