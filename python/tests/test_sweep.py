"""qspec.sweep: a model over parameter values and wall placements, one dict
per instance in order; DataFrames, progress, and a sweep stopped by Ctrl-C,
an exception or a `break` with no thread left running."""

import collections
import os
import pathlib
import signal
import sys
import threading
import time

import pytest

import qspec

ROOT = pathlib.Path(__file__).resolve().parents[2]
MODELS = ROOT / "models"

N_QUEENS = "param n = 8\nboard n x n\npiece queen\nrule no_attack\ncount == n\n"
MAX_QUEENS = "param n = 8\nboard n x n\npiece queen\nrule no_attack\nmaximize count\n"
# Rooks on an n x m board: min(n, m) of them at most.
ROOKS = "param n = 5\nparam m = 5\nboard n x m\npiece rook\nrule no_attack\nmaximize count\n"
# Instances far longer than a test waits for n = 9 and 10 (milliseconds
# for n = 4): 7^3 takes seconds in a release build.
HARD = "param n = 6\nboard n^3\npiece queen\nrule no_attack\nmaximize count\n"


def os_threads():
    """The process's threads as the kernel counts them (Rust's among them,
    which `threading` does not see), or Python's alone without /proc."""
    if not os.path.isdir("/proc/self/task"):
        return threading.active_count()
    return len(os.listdir("/proc/self/task"))


def settled(want, seconds=5.0):
    """Whether the thread count comes back to `want` (a joined thread may
    take a moment to leave /proc)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if os_threads() <= want:
            return True
        time.sleep(0.01)
    return False


# --- parameter sweeps -----------------------------------------------------------


def test_n_queens_rows_in_order():
    s = qspec.sweep(qspec.loads(N_QUEENS), n=range(1, 9))
    assert len(s) == s.total == 8
    assert s.columns == ["n", "value", "status", "cells"]
    rows = list(s)
    assert [r["n"] for r in rows] == list(range(1, 9))
    # Solvable for every n but 2 and 3.
    want = ["satisfiable", "unsatisfiable", "unsatisfiable"] + ["satisfiable"] * 5
    assert [r["status"] for r in rows] == want
    for r in rows:
        assert list(r) == s.columns
        assert r["value"] is None
        if r["status"] == "satisfiable":
            cells = r["cells"]
            assert len(cells) == r["n"] and all(isinstance(c, tuple) for c in cells)
            assert len({row for row, _ in cells}) == r["n"]
        else:
            assert r["cells"] is None
    assert s.done == 8
    assert next(s, None) is None


def test_maximize_gives_the_optimum_of_each_instance():
    rows = qspec.sweep(qspec.loads(MAX_QUEENS), n=range(1, 9)).records()
    assert [(r["n"], r["status"], r["value"]) for r in rows] == [
        (1, "optimal", 1),
        (2, "optimal", 1),
        (3, "optimal", 2),
    ] + [(n, "optimal", n) for n in range(4, 9)]


def test_the_first_parameter_varies_slowest_and_loaded_values_stay():
    rows = qspec.sweep(qspec.loads(ROOKS), n=[2, 3], m=range(1, 4)).records()
    assert [(r["n"], r["m"], r["value"]) for r in rows] == [
        (n, m, min(n, m)) for n in [2, 3] for m in [1, 2, 3]
    ]
    # A value the model was loaded with holds for every instance.
    loaded = qspec.loads(ROOKS, m=2)
    rows = qspec.sweep(loaded, n=[3, 4]).records()
    assert [(r["n"], r["value"]) for r in rows] == [(3, 2), (4, 2)]
    assert list(rows[0]) == ["n", "value", "status", "cells"]


def test_a_single_value_and_a_path():
    rows = qspec.sweep(MODELS / "n-queens.qspec", n=6).records()
    assert [(r["n"], r["status"]) for r in rows] == [(6, "satisfiable")]
    bare = qspec.sweep(qspec.loads(MAX_QUEENS)).records()
    assert [(r["value"], r["status"]) for r in bare] == [(8, "optimal")]
    assert list(bare[0]) == ["value", "status", "cells"]


def test_optimal_count():
    s = qspec.sweep(qspec.loads(N_QUEENS), n=range(4, 9), optimal_count=1000)
    assert s.columns == ["n", "value", "status", "optimal_count", "cells"]
    # OEIS A000170.
    assert [r["optimal_count"] for r in s] == [2, 10, 4, 40, 92]


# --- wall sweeps ----------------------------------------------------------------


def test_two_walls_on_8x8_as_the_blocked_article_counts():
    # tests/suite/sweep.rs (the_blocked_article_two_and_three_walls), what
    # `qspec sweep models/blocked-8x8.qspec --walls 2` prints: 278 classes,
    # 2016 boards, of values 8, 9 and 10 on 368, 1610 and 38 boards.
    s = qspec.sweep(MODELS / "blocked-8x8.qspec", walls=2)
    assert s.columns == ["walls", "class_size", "value", "status", "cells"]
    rows = list(s)
    assert len(rows) == len(s) == 278
    boards = collections.Counter()
    for r in rows:
        assert r["status"] == "optimal" and len(r["walls"]) == 2
        assert all(isinstance(w, tuple) and len(w) == 2 for w in r["walls"])
        assert len(r["cells"]) == r["value"]
        assert not set(r["walls"]) & set(r["cells"])
        boards[r["value"]] += r["class_size"]
    assert sorted(boards.items()) == [(8, 368), (9, 1610), (10, 38)]


def test_walls_by_parameter_every_placement():
    text = "param n = 4\nboard n x n\npiece queen\nrule no_attack\nmaximize count\n"
    s = qspec.sweep(qspec.loads(text), n=[3, 4], walls=[0, 1], symmetry=False)
    assert s.columns == ["n", "walls", "class_size", "value", "status", "cells"]
    rows = s.records()
    # n = 3: the empty placement and 9 of one wall; n = 4: 1 and 16.
    assert len(rows) == s.total == 1 + 9 + 1 + 16
    assert [(r["n"], len(r["walls"])) for r in rows[:2]] == [(3, 0), (3, 1)]
    assert rows[0]["walls"] == [] and rows[0]["value"] == 2
    assert all(r["class_size"] is None for r in rows)
    assert rows[10]["n"] == 4 and rows[10]["value"] == 4


# --- errors ---------------------------------------------------------------------


def test_bad_parameters_are_errors_before_any_row():
    m = qspec.loads(N_QUEENS)
    with pytest.raises(qspec.ModelError, match="no param `k`"):
        qspec.sweep(m, k=range(3))
    with pytest.raises(qspec.UsageError, match="`n` takes an int"):
        qspec.sweep(m, n="eight")
    with pytest.raises(qspec.UsageError, match="`n` takes an int"):
        qspec.sweep(m, n=[4, 5.5])
    with pytest.raises(qspec.UsageError, match="`walls`"):
        qspec.sweep(m, walls=-1)
    with pytest.raises(qspec.UsageError, match="`progress`"):
        qspec.sweep(m, n=4, progress="yes")
    with pytest.raises(qspec.QspecFileError):
        qspec.sweep("nope.qspec")
    with pytest.raises(TypeError):
        qspec.sweep(42)


def test_an_instance_that_fails_ends_the_sweep_with_its_error():
    before = os_threads()
    restricted = "param n = 5\nboard n x n\npiece queen\nrule no_attack\nhint break_symmetry\nmaximize count\n"
    s = qspec.sweep(qspec.loads(restricted), n=[4, 5], optimal_count=3)
    with pytest.raises(qspec.UsageError, match="removes some"):
        list(s)
    assert next(s, None) is None
    assert settled(before)


# --- records as tables ----------------------------------------------------------


def test_to_pandas():
    pd = pytest.importorskip("pandas")
    df = qspec.sweep(qspec.loads(MAX_QUEENS), n=range(2, 7)).to_pandas()
    assert isinstance(df, pd.DataFrame)
    assert list(df.columns) == ["n", "value", "status", "cells"]
    assert df["n"].tolist() == [2, 3, 4, 5, 6]
    assert df["value"].tolist() == [1, 2, 4, 5, 6]
    assert set(df["status"]) == {"optimal"}
    walls = qspec.sweep(qspec.loads(MAX_QUEENS, n=4), walls=1).to_pandas()
    assert list(walls.columns) == ["walls", "class_size", "value", "status", "cells"]
    assert walls["class_size"].sum() == 16
    # An empty sweep still has its columns.
    empty = qspec.sweep(qspec.loads(MAX_QUEENS), n=[]).to_pandas()
    assert (len(empty), list(empty.columns)) == (0, ["n", "value", "status", "cells"])


def test_to_polars():
    pl = pytest.importorskip("polars")
    df = qspec.sweep(qspec.loads(N_QUEENS), n=range(1, 7)).to_polars()
    assert isinstance(df, pl.DataFrame)
    assert df.columns == ["n", "value", "status", "cells"]
    assert df["n"].to_list() == [1, 2, 3, 4, 5, 6]
    assert df["status"].to_list()[:4] == ["satisfiable", "unsatisfiable", "unsatisfiable", "satisfiable"]
    assert df["value"].null_count() == 6
    assert df["cells"].to_list()[1] is None and len(df["cells"].to_list()[3]) == 4


def test_a_missing_library_is_named(monkeypatch):
    import builtins

    real = builtins.__import__

    def no_pandas(name, *args, **kwargs):
        if name in ("pandas", "polars"):
            raise ImportError(name)
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_pandas)
    s = qspec.sweep(qspec.loads(MAX_QUEENS), n=range(4, 6))
    with pytest.raises(ImportError, match="pip install pandas"):
        s.to_pandas()
    with pytest.raises(ImportError, match="pip install polars"):
        s.to_polars()
    # Nothing was consumed.
    assert len(s.records()) == 2


# --- progress -------------------------------------------------------------------


def test_progress_is_called_from_the_iterating_thread():
    calls = []

    def progress(done, total):
        calls.append((done, total, threading.get_ident()))

    rows = qspec.sweep(qspec.loads(N_QUEENS), n=range(4, 10), progress=progress).records()
    assert len(rows) == 6
    assert [(d, t) for d, t, _ in calls] == [(i, 6) for i in range(1, 7)]
    assert {ident for _, _, ident in calls} == {threading.get_ident()}


def test_an_exception_of_the_callback_stops_the_sweep():
    before = os_threads()

    def progress(done, total):
        if done == 2:
            raise RuntimeError("enough")

    s = qspec.sweep(qspec.loads(N_QUEENS), n=range(4, 40), progress=progress)
    assert next(s)["n"] == 4
    with pytest.raises(RuntimeError, match="enough"):
        next(s)
    assert next(s, None) is None
    assert settled(before)


def test_a_tqdm_bar():
    pytest.importorskip("tqdm")
    rows = qspec.sweep(qspec.loads(N_QUEENS), n=range(4, 8), progress=True).records()
    assert len(rows) == 4
    assert len(qspec.sweep(qspec.loads(N_QUEENS), n=4, progress=False).records()) == 1


def test_progress_true_without_tqdm_draws_nothing(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "tqdm", None)
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)
    rows = qspec.sweep(qspec.loads(N_QUEENS), n=range(4, 7), progress=True).records()
    assert len(rows) == 3
    assert capsys.readouterr().err == ""


# --- stopping -------------------------------------------------------------------


def test_a_break_stops_the_sweep_and_its_threads():
    before = (threading.active_count(), os_threads())
    started = time.monotonic()
    for row in qspec.sweep(qspec.loads(HARD), n=[4, 9, 10], jobs=2):
        break
    else:
        pytest.fail("no row")
    assert row["n"] == 4
    # The rest was stopped, not finished.
    assert time.monotonic() - started < 5
    assert settled(before[1])
    assert threading.active_count() == before[0]


def test_close_stops_a_sweep():
    before = os_threads()
    s = qspec.sweep(qspec.loads(HARD), n=[9, 10], jobs=2)
    time.sleep(0.2)
    started = time.monotonic()
    s.close()
    assert time.monotonic() - started < 5
    assert settled(before)
    assert list(s) == []


@pytest.mark.skipif(not hasattr(signal, "SIGINT"), reason="needs SIGINT")
def test_ctrl_c_stops_a_sweep_promptly():
    # Ctrl-C as Python handles it (see test_qspec.py's solve test).
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    before = (threading.active_count(), os_threads())
    try:
        s = qspec.sweep(qspec.loads(HARD), n=[9, 10], jobs=2)
        timer = threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT))
        started = time.monotonic()
        timer.start()
        with pytest.raises(KeyboardInterrupt):
            s.records()
        assert time.monotonic() - started < 5
        timer.cancel()
        timer.join()
    finally:
        signal.signal(signal.SIGINT, previous)
    assert settled(before[1])
    assert threading.active_count() == before[0]
    assert next(s, None) is None
