"""qspec from Python: load a .qspec model, compile it to CNF, WCNF, OPB, LP or
MPS, solve it with the embedded Kissat, CaDiCaL or clique search, list and
count its solutions (up to symmetry), and verify any solver's answer from the
board geometry alone.

    >>> import qspec
    >>> m = qspec.loads("board 5^3\\nrule no_attack\\nmaximize count\\n")
    >>> r = m.solve()
    >>> r.status, r.value
    ('optimal', 13)
    >>> qspec.loads("board 8 x 8\\nrule no_attack\\ncount == 8\\n").count(up_to_symmetry=True)
    Count(solutions=92, classes=12, complete=True)
"""


class QspecError(Exception):
    """Base class of every error qspec raises."""


class ModelError(QspecError, ValueError):
    """The model is wrong. ``str(e)`` shows every diagnostic with its place and
    a caret, as the command line does; ``file``, ``line``, ``column`` and
    ``message`` describe the first one."""

    file = None
    line = None
    column = None
    message = None


class LimitError(ModelError):
    """The model, or what a format or engine makes of it, is larger than the
    limits allow (estimated before anything large is built)."""


class UsageError(QspecError, ValueError):
    """The arguments contradict each other, or ask what this model cannot do
    (a CNF file of a model with an objective, the clique engine on a model
    it cannot take, ``optimal=True`` without an objective)."""


class AnswerError(QspecError, ValueError):
    """A solver's answer (or a compiled file's header) is malformed;
    ``line`` says where."""

    file = None
    line = None
    message = None


class QspecFileError(QspecError, OSError):
    """A file could not be read or written: ``errno`` and ``filename`` as
    ``OSError`` has them, ``str(e)`` qspec's message ("cannot read
    nope.qspec: no such file or directory")."""

    def __str__(self):
        return self.strerror if self.strerror is not None else super().__str__()


class SolveError(QspecError, RuntimeError):
    """A solver failed, or qspec's own check caught a mistake of its own."""


from ._qspec import (  # noqa: E402  (the exceptions must exist first)
    Clauses,
    Core,
    Count,
    Model,
    Result,
    Scope,
    Session,
    Solution,
    Solutions,
    Sweep,
    Verdict,
    __version__,
    load,
    loads,
    sweep,
)

__all__ = [
    "load",
    "loads",
    "Model",
    "Result",
    "Solution",
    "Solutions",
    "Count",
    "Verdict",
    "Clauses",
    "Session",
    "Scope",
    "Core",
    "sweep",
    "Sweep",
    "QspecError",
    "ModelError",
    "LimitError",
    "UsageError",
    "AnswerError",
    "QspecFileError",
    "SolveError",
    "__version__",
]
