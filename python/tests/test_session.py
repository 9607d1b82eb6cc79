"""Sessions (`Model.session()`): one solver asked again and again under
assumptions. Every answer is checked by a second route that shares nothing
with the session's solver: the same model with the assumptions written as
`fix` statements and solved afresh, or the list of every solution."""

import itertools
import os
import pathlib
import random
import signal
import threading
import time

import pytest

import qspec

ROOT = pathlib.Path(__file__).resolve().parents[2]
QUEENS = "board {n} x {n}\npiece queen\nrule no_attack\ncount == {n}\n"


def queens(n):
    return qspec.loads(QUEENS.format(n=n))


def fixed_afresh(n, cells):
    """The model with `cells` fixed by the language's own `fix`, solved by a
    fresh load: the second route."""
    fix = "fix " + " ".join(f"({r},{c})" for r, c in cells) + "\n" if cells else ""
    return qspec.loads(QUEENS.format(n=n) + fix).solve().status


def test_a_completion_is_solved_with_the_fixed_queens_in_place():
    s = queens(10).session()
    s.fix([(0, 2), (4, 9), (7, 0)])  # models/queens-completion.qspec
    r = s.solve()
    assert r.status == "satisfiable" and r.verified
    assert {(0, 2), (4, 9), (7, 0)} <= set(r.cells)


def test_why_not_names_an_irreducible_impossible_set_of_the_fixed_queens():
    s = queens(10).session()
    s.fix([(0, 3), (6, 5), (8, 9), (2, 0)])  # the first three: models/queens-completion-impossible.qspec
    assert s.solve().status == "unsatisfiable"
    core = s.why_not()
    assert core is not None and len(core) == len(core.fixed) > 0
    assert set(core.fixed) <= {(0, 3), (6, 5), (8, 9), (2, 0)}
    # Impossible on its own, and every one of its cells needed.
    assert fixed_afresh(10, core.fixed) == "unsatisfiable"
    for dropped in core.fixed:
        rest = [c for c in core.fixed if c != dropped]
        assert fixed_afresh(10, rest) == "satisfiable", dropped


def test_why_not_is_none_when_the_assumptions_are_possible():
    s = queens(8).session()
    s.fix((0, 0))
    assert s.why_not() is None


def test_random_completions_agree_with_a_fresh_model_and_every_core_is_irreducible():
    rng = random.Random(41)
    for n in (6, 7, 8):
        every = {frozenset(s.cells) for s in queens(n).solutions()}
        s = queens(n).session()
        for _ in range(12):
            cells = sorted({(rng.randrange(n), rng.randrange(n)) for _ in range(rng.randint(1, 5))})
            with s.fixed(cells):
                possible = any(set(cells) <= b for b in every)
                assert s.solve().status == ("satisfiable" if possible else "unsatisfiable")
                core = s.why_not()
                assert (core is None) == possible
                if core is not None:
                    assert not any(set(core.fixed) <= b for b in every)
                    for dropped in core.fixed:
                        rest = set(core.fixed) - {dropped}
                        assert any(rest <= b for b in every)
                    smallest = s.why_not(smallest=True)
                    assert not any(set(smallest.fixed) <= b for b in every)
                    assert len(smallest) == fewest_in_conflict(cells, every)
            assert s.assumptions == []


def fewest_in_conflict(cells, every):
    """The size of the smallest subset of `cells` that no solution holds,
    by trying every subset."""
    for size in range(len(cells) + 1):
        for subset in itertools.combinations(cells, size):
            if not any(set(subset) <= b for b in every):
                return size
    return None


def test_the_smallest_core_can_be_smaller_than_the_first_irreducible_one():
    s = queens(10).session()
    s.fix([(0, 3), (6, 5), (8, 9), (2, 0), (9, 0)])  # (2, 0) and (9, 0) share a column
    assert len(s.why_not()) >= 2
    assert s.why_not(smallest=True).fixed == [(2, 0), (9, 0)]
    s.clear()
    s.fix([(0, 0)])
    assert s.why_not(smallest=True) is None


def test_solutions_under_assumptions_are_those_of_the_full_list():
    every = [frozenset(s.cells) for s in queens(8).solutions()]
    s = queens(8).session()
    s.fix((0, 0))
    listed = s.solutions()
    assert sorted(sorted(x.cells) for x in listed) == sorted(sorted(b) for b in every if (0, 0) in b)
    assert len(listed) == 4 and all(x.board for x in listed)
    s.forbid([(1, c) for c in range(8) if c != 4])
    assert [x.cells[1] for x in s.solutions()] == [(1, 4)] * len(s.solutions())
    assert len(s.solutions(limit=1)) <= 1
    # Asked again, the session lists the same: the blocking clauses are retired.
    assert len(s.solutions()) == len(s.solutions())


def test_push_pop_and_scopes_keep_frames():
    s = queens(8).session()
    s.fix((0, 0))
    s.push()
    s.fix((1, 1))  # attacks (0, 0)
    assert s.depth == 1 and s.solve().status == "unsatisfiable"
    assert s.assumptions == [("fix", (0, 0)), ("fix", (1, 1))]
    s.pop()
    assert s.depth == 0 and s.solve().status == "satisfiable"
    with s.forbidden([(r, 7) for r in range(8)]) as inner:
        assert inner is s and s.depth == 1
        assert all(c[1] != 7 for c in s.solve().cells)
    assert s.assumptions == [("fix", (0, 0))]
    with pytest.raises(qspec.UsageError, match="pop without a push"):
        s.pop()
    with pytest.raises(ZeroDivisionError):
        with s.fixed((7, 7)):
            1 / 0
    assert s.depth == 0
    s.clear()
    assert s.assumptions == []


def test_named_assumptions_and_bad_cells():
    m = queens(5)
    s = m.session()
    s.assume(["x_0_0", "-x_1_2"])
    assert s.assumptions == [("assume", "x_0_0"), ("assume", "-x_1_2")]
    assert (0, 0) in s.solve().cells
    with pytest.raises(qspec.UsageError, match="no variable named"):
        s.assume(["x_9_9"])
    with pytest.raises(qspec.UsageError, match="not a cell of the board"):
        s.fix([(0, 1), (5, 0)])
    with pytest.raises(qspec.UsageError, match="coordinate tuples"):
        s.fix("a1")
    # All or none: nothing of a refused call was kept.
    assert len(s.assumptions) == 2


def test_an_objective_is_optimised_under_the_assumptions():
    m = qspec.loads("board 6 x 6\npiece queen\nrule no_attack\nmaximize count\n")
    s = m.session()
    assert s.solve().value == 6
    with s.fixed([(0, 0), (1, 2)]):
        r = s.solve()
        fresh = qspec.loads("board 6 x 6\npiece queen\nrule no_attack\nfix (0,0) (1,2)\nmaximize count\n").solve()
        assert (r.status, r.value) == ("optimal", fresh.value)
        assert {(0, 0), (1, 2)} <= set(r.cells) and r.verified
        at_optimum = s.solutions(optimal=True)
        assert at_optimum and all(x.value == r.value for x in at_optimum)
    assert s.solve().value == 6


def test_kinds_must_be_named_and_restricting_hints_are_refused():
    peace = qspec.loads(
        "board 4 x 4\npiece white queen\npiece black queen\nrule white no_attack black\n"
        "count white == count black\nmaximize count white\n"
    )
    s = peace.session()
    with pytest.raises(qspec.UsageError, match="say which kind"):
        s.fix((0, 0))
    with pytest.raises(qspec.UsageError, match="kind="):
        s.fix((0, 0), kind="green")
    s.fix((0, 0), kind="white")
    s.fix((0, 1), kind="black")  # a black queen beside a white one: attacked
    assert s.solve().status == "unsatisfiable"
    assert len(s.why_not()) == 2
    with pytest.raises(qspec.UsageError, match="removes solutions"):
        qspec.load(ROOT / "models" / "peaceable-queens.qspec", n=4).session()


def test_a_timeout_gives_unknown_or_an_answer_and_the_session_goes_on():
    s = queens(12).session()
    s.fix((0, 0))
    r = s.solve(timeout=0)
    assert r.status in ("satisfiable", "unknown")
    assert s.solve().status == "satisfiable"


HARD = "board 6^3\npiece queen\nrule no_attack\ncount >= 22\n"


@pytest.mark.skipif(not hasattr(signal, "SIGINT"), reason="needs SIGINT")
def test_ctrl_c_stops_a_session_and_it_answers_again_afterwards():
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        s = qspec.loads(HARD).session()
        timer = threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT))
        started = time.monotonic()
        timer.start()
        with pytest.raises(KeyboardInterrupt):
            s.solve()
        assert time.monotonic() - started < 5
        timer.cancel()
        # The session is whole: it answers again (stopped by the timeout).
        assert s.solve(timeout=0.2).status == "unknown"
        assert s.depth == 0
    finally:
        signal.signal(signal.SIGINT, previous)
