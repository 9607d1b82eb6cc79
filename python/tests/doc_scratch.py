"""A pytest plugin for the Python examples of README.md and docs/*.md, run
as doctests by `.ci/run`:

    pytest -p doc_scratch --doctest-glob='*.md' README.md docs/

Each page runs in a scratch folder of its own where `models/` is a link to
the repository's, as the command-line examples run in the Rust suite
(tests/suite/doc_examples): a page that writes `q.cnf` writes it there."""

import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _scratch_folder(request, tmp_path, monkeypatch):
    if type(request.node).__name__ == "DoctestItem":
        (tmp_path / "models").symlink_to(ROOT / "models")
        monkeypatch.chdir(tmp_path)
    yield
