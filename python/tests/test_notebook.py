"""What a notebook shows: boards drawn as SVG (the picture `--svg`
writes), results as HTML, and progress of long work as a tqdm bar or
through a callback."""

import os
import pathlib
import re
import signal
import subprocess
import threading
import time
import xml.etree.ElementTree as ET

import pytest

import qspec

ROOT = pathlib.Path(__file__).resolve().parents[2]
EIGHT = "board 8 x 8\npiece queen\nrule no_attack\ncount == 8\n"
SVG = "{http://www.w3.org/2000/svg}"


def drawn_pieces(svg):
    """The cells of the pieces an SVG board draws (a circle each, 40 px
    squares from a 20 px margin)."""
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    return sorted(
        ((int(c.get("cy")) - 40) // 40, (int(c.get("cx")) - 40) // 40) for c in root.iter(SVG + "circle")
    )


def test_a_result_draws_its_own_board():
    r = qspec.loads(EIGHT).solve()
    svg = r._repr_svg_()
    assert drawn_pieces(svg) == sorted(r.cells)
    html = r._repr_html_()
    assert html.startswith("<figure") and svg in html and "satisfiable, 8 pieces, verified" in html


def test_the_picture_is_the_one_the_command_line_draws(tmp_path):
    r = qspec.load(ROOT / "models" / "blocked-8x8-two-walls.qspec").solve()
    built = [ROOT / "target" / p / "qspec" for p in ("release", "debug")]
    binary = next((b for b in built if b.exists()), None)
    if binary is None:
        pytest.skip("the command line is not built (CI builds it before the Python tests)")
    out = tmp_path / "board.svg"
    subprocess.run([binary, "solve", ROOT / "models" / "blocked-8x8-two-walls.qspec", "--svg", out], check=True, capture_output=True)
    assert r._repr_svg_() == out.read_text()


def test_solutions_and_verdicts_draw_themselves_and_no_board_draws_nothing():
    m = qspec.loads(EIGHT)
    first = next(m.solutions(up_to_symmetry=True))
    assert drawn_pieces(first._repr_svg_()) == sorted(first.cells)
    assert "solution 1, 8 pieces, a class of 8" in first._repr_html_()
    v = m.verify("s SATISFIABLE\nv 1 2 0\n")
    assert drawn_pieces(v._repr_svg_()) == [(0, 0), (0, 1)]
    assert "attacks" in v._repr_html_()
    none = qspec.loads("board 3 x 3\npiece queen\nrule no_attack\ncount == 3\n").solve()
    assert none._repr_svg_() is None and none._repr_html_() is None


def test_kinds_and_regions_are_drawn():
    r = qspec.load(ROOT / "models" / "queens-regions.qspec").solve()
    svg = r._repr_svg_()
    assert len(drawn_pieces(svg)) == len(r.cells)
    fills = set(re.findall(r'<rect [^>]*fill="(#[0-9a-f]{6})"', svg))
    assert len(fills) > 3  # the regions' colours, not a chessboard's two
    peace = qspec.loads(
        "board 5 x 5\npiece white queen\npiece black queen\nrule white no_attack black\n"
        "count white == count black\nmaximize count white\n"
    ).solve()
    assert sorted(set(peace.kinds)) == ["black", "white"]
    assert len(drawn_pieces(peace._repr_svg_())) == len(peace.cells)


def test_a_count_is_a_table():
    c = qspec.loads(EIGHT).count(up_to_symmetry=True)
    html = c._repr_html_()
    assert "<th" in html and ">92<" in html and ">12<" in html and ">complete<" in html


def test_count_reports_progress_to_a_callback():
    seen = []
    c = qspec.load(ROOT / "models" / "n-queens.qspec", n=9).count(progress=lambda done, total: seen.append((done, total)))
    assert c.solutions == 352
    assert seen and seen[-1] == (352, None)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_a_callback_that_raises_stops_the_count():
    def stop(done, total):
        raise RuntimeError("enough")

    with pytest.raises(RuntimeError, match="enough"):
        qspec.load(ROOT / "models" / "n-queens.qspec", n=12).count(progress=stop)


def test_count_draws_a_tqdm_bar_when_tqdm_is_there(capsys):
    pytest.importorskip("tqdm")
    c = qspec.loads(EIGHT).count(progress=True)
    assert c.solutions == 92
    assert "92" in capsys.readouterr().err


def test_progress_true_without_tqdm_is_quiet(monkeypatch):
    import builtins

    real = builtins.__import__

    def no_tqdm(name, *args, **kwargs):
        if name.startswith("tqdm"):
            raise ImportError(name)
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_tqdm)
    assert qspec.loads(EIGHT).count(progress=True).solutions == 92


@pytest.mark.skipif(not hasattr(signal, "SIGINT"), reason="needs SIGINT")
def test_the_kernels_interrupt_stops_a_count_with_a_bar():
    pytest.importorskip("tqdm")
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        m = qspec.load(ROOT / "models" / "n-queens.qspec", n=14)  # 365,596 solutions: minutes
        timer = threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT))
        started = time.monotonic()
        timer.start()
        with pytest.raises(KeyboardInterrupt):
            m.count(progress=True)
        assert time.monotonic() - started < 5
        timer.cancel()
    finally:
        signal.signal(signal.SIGINT, previous)


def test_the_documented_picture_is_what_a_notebook_draws():
    # docs/python-notebook.svg, shown by README and docs/python.md
    r = qspec.load(ROOT / "models" / "queens-completion.qspec").solve()
    assert (ROOT / "docs" / "python-notebook.svg").read_text() == r._repr_svg_()
