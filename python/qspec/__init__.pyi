"""Type stubs of the qspec package (the native module `qspec._qspec`)."""

from os import PathLike
from types import TracebackType
from typing import Any, Callable, Dict, Iterable, Iterator, List, Literal, Optional, Tuple, Type, Union

__version__: str

StrPath = Union[str, "PathLike[str]"]
Cell = Tuple[int, ...]
Cells = Union[Cell, List[Cell], Tuple[Cell, ...]]
# `progress=`: True for a tqdm bar (when tqdm is installed), or a callable
# given (done, total), total None when unknown.
Progress = Union[None, bool, Callable[[int, Optional[int]], object]]
Ints = Union[int, Iterable[int]]
Row = Dict[str, Any]

class QspecError(Exception): ...

class ModelError(QspecError, ValueError):
    file: Optional[str]
    line: Optional[int]
    column: Optional[int]
    message: Optional[str]

class LimitError(ModelError): ...
class UsageError(QspecError, ValueError): ...

class AnswerError(QspecError, ValueError):
    file: Optional[str]
    line: Optional[int]
    message: Optional[str]

class QspecFileError(QspecError, OSError): ...
class SolveError(QspecError, RuntimeError): ...

def load(path: StrPath, *, auto_hints: bool = True, rays: Optional[str] = None, **params: int) -> Model:
    """Loads the model in the file `path`; keyword arguments set its parameters (`n=5`)."""

def loads(
    text: str, *, name: str = "<string>", auto_hints: bool = True, rays: Optional[str] = None, **params: int
) -> Model:
    """Loads a model from its text."""

class Model:
    """A loaded model: its spec, board and solver-neutral constraints."""

    @property
    def file(self) -> str: ...
    @property
    def params(self) -> Dict[str, int]: ...
    @property
    def dims(self) -> List[int]: ...
    @property
    def variables(self) -> List[str]: ...
    @property
    def n_constraints(self) -> int: ...
    @property
    def objective(self) -> Optional[str]: ...
    @property
    def hints(self) -> List[str]: ...
    @property
    def warnings(self) -> Optional[str]: ...
    def stats(self, *, amo: Optional[str] = None, card: Optional[str] = None) -> Dict[str, Any]:
        """The model's size and every encoding choice's CNF size (as `qspec stats --json`)."""
    def compile(
        self,
        path: StrPath,
        *,
        format: Optional[str] = None,
        amo: Optional[str] = None,
        card: Optional[str] = None,
        wcnf_legacy: bool = False,
        mps_negate: bool = False,
        force: bool = False,
    ) -> Dict[str, Any]:
        """Writes the model to `path` (format from the extension or `format`), atomically."""
    def compile_str(
        self,
        format: str = "cnf",
        *,
        amo: Optional[str] = None,
        card: Optional[str] = None,
        wcnf_legacy: bool = False,
        mps_negate: bool = False,
    ) -> str:
        """The model in `format` (cnf, wcnf, opb, lp, mps, mzn) as a string."""
    def solve(
        self,
        *,
        engine: Optional[str] = None,
        timeout: Optional[float] = None,
        amo: Optional[str] = None,
        card: Optional[str] = None,
    ) -> Result:
        """Solves (optimises) the model with an embedded engine: auto (the default), cadical, kissat, portfolio, clique, rows, armies."""
    def solutions(
        self,
        *,
        up_to_symmetry: bool = False,
        optimal: bool = False,
        limit: Optional[int] = None,
        timeout: Optional[float] = None,
        engine: Optional[str] = None,
        amo: Optional[str] = None,
        card: Optional[str] = None,
    ) -> Solutions:
        """Every solution, one at a time, each verified (one per class with `up_to_symmetry`)."""
    def count(
        self,
        *,
        up_to_symmetry: bool = False,
        optimal: bool = False,
        limit: Optional[int] = None,
        timeout: Optional[float] = None,
        engine: Optional[str] = None,
        amo: Optional[str] = None,
        card: Optional[str] = None,
        progress: Progress = None,
    ) -> Count:
        """Counts the solutions (and the classes, with `up_to_symmetry`); `progress` reports how many so far."""
    def session(self, *, amo: Optional[str] = None, card: Optional[str] = None) -> Session:
        """One solver holding the model, asked again and again under assumptions."""
    def verify(
        self, answer: str, *, map: Optional[StrPath] = None, format: Optional[str] = None, name: str = "<answer>"
    ) -> Verdict:
        """Judges a solver's answer (its text) from the board geometry alone."""
    def clauses(self, *, amo: Optional[str] = None, card: Optional[str] = None) -> Clauses:
        """The clauses, numbered as in the CNF file qspec writes."""
    def to_pysat(self, *, amo: Optional[str] = None, card: Optional[str] = None) -> Any:
        """The clauses as a `pysat.formula.CNF` (with `names` and `comments`)."""

class Result:
    """What `Model.solve()` found."""

    status: str
    value: Optional[int]
    text: str
    @property
    def cells(self) -> List[Cell]: ...
    @property
    def kinds(self) -> List[str]:
        """The kind of each piece of `cells`, by name (`white`, `black`)."""
    @property
    def walls(self) -> List[Cell]: ...
    @property
    def verified(self) -> bool: ...
    @property
    def violations(self) -> List[str]: ...
    @property
    def board(self) -> str: ...
    def _repr_svg_(self) -> Optional[str]: ...
    def _repr_html_(self) -> Optional[str]: ...

class Solution:
    number: int
    class_size: Optional[int]
    value: Optional[int]
    @property
    def cells(self) -> List[Cell]: ...
    @property
    def walls(self) -> List[Cell]: ...
    @property
    def board(self) -> str: ...
    def _repr_svg_(self) -> Optional[str]: ...
    def _repr_html_(self) -> Optional[str]: ...

class Solutions(Iterator[Solution]):
    def __iter__(self) -> Solutions: ...
    def __next__(self) -> Solution: ...
    @property
    def end(self) -> Optional[str]: ...
    @property
    def counted(self) -> Count: ...

class Count:
    solutions: int
    classes: Optional[int]
    complete: bool
    end: str
    group_order: Optional[int]
    optimum: Optional[int]
    def _repr_html_(self) -> str: ...

class Verdict:
    ok: bool
    claims_no_solution: bool
    text: str
    @property
    def cells(self) -> List[Cell]: ...
    @property
    def violations(self) -> List[str]: ...
    def __bool__(self) -> bool: ...
    def _repr_svg_(self) -> Optional[str]: ...
    def _repr_html_(self) -> Optional[str]: ...

class Clauses:
    n_vars: int
    clauses: List[List[int]]
    names: Dict[int, str]
    decisions: List[int]
    def __len__(self) -> int: ...

class Session:
    """One model held by one incremental solver, asked under assumptions kept in frames."""

    def fix(self, cells: Cells, *, kind: Optional[str] = None) -> None:
        """Pieces on `cells` until the frame they were fixed in is popped."""
    def forbid(self, cells: Cells, *, kind: Optional[str] = None) -> None:
        """No piece on `cells`."""
    def assume(self, literals: List[str]) -> None:
        """Named variables set: `"x_1_3"` true, `"-x_1_3"` false."""
    def push(self) -> None: ...
    def pop(self) -> None: ...
    def clear(self) -> None: ...
    @property
    def depth(self) -> int: ...
    @property
    def assumptions(self) -> List[Tuple[str, Union[Cell, str]]]: ...
    def fixed(self, cells: Cells, *, kind: Optional[str] = None) -> Scope:
        """`with s.fixed(cells):` pieces there inside the block only."""
    def forbidden(self, cells: Cells, *, kind: Optional[str] = None) -> Scope:
        """`with s.forbidden(cells):` those cells empty inside the block only."""
    def solve(self, *, timeout: Optional[float] = None) -> Result:
        """Solves under the assumptions (the optimum under them, with an objective)."""
    def solutions(
        self, *, optimal: bool = False, limit: Optional[int] = None, timeout: Optional[float] = None
    ) -> List[Solution]:
        """The solutions under the assumptions, each verified."""
    def why_not(self, *, smallest: bool = False, timeout: Optional[float] = None) -> Optional[Core]:
        """None when possible; else an irreducible set of the assumptions that cannot hold together (of the fewest, with `smallest`)."""

class Scope:
    def __enter__(self) -> Session: ...
    def __exit__(
        self,
        exc_type: Optional[Type[BaseException]],
        exc: Optional[BaseException],
        tb: Optional[TracebackType],
    ) -> Literal[False]: ...

class Core:
    """Assumptions that cannot hold together: each is needed."""

    @property
    def fixed(self) -> List[Cell]: ...
    @property
    def forbidden(self) -> List[Cell]: ...
    assumed: List[str]
    def __len__(self) -> int: ...
def sweep(
    model: Union[Model, StrPath],
    *,
    walls: Optional[Ints] = None,
    symmetry: bool = True,
    optimal_count: Optional[int] = None,
    jobs: Optional[int] = None,
    progress: Union[None, bool, Callable[[int, int], object]] = None,
    **params: Ints,
) -> Sweep:
    """The model over the product of the parameter values (`n=range(4, 13)`) and, with `walls`,
    every placement of that many walls: one dict per instance, in order, as each is ready."""

class Sweep(Iterator[Row]):
    """A running sweep: one dict per instance (its parameters, `walls` and `class_size` in a wall
    sweep, `value`, `status`, `optimal_count` when asked, `cells`)."""

    @property
    def total(self) -> int: ...
    @property
    def done(self) -> int: ...
    @property
    def columns(self) -> List[str]: ...
    def __iter__(self) -> Sweep: ...
    def __next__(self) -> Row: ...
    def __len__(self) -> int: ...
    def records(self) -> List[Row]:
        """The rows not given yet, as a list."""
    def to_pandas(self) -> Any:
        """The rows not given yet as a `pandas.DataFrame` (`pip install pandas`)."""
    def to_polars(self) -> Any:
        """The rows not given yet as a `polars.DataFrame` (`pip install polars`)."""
    def close(self) -> None:
        """Stops the sweep (its threads joined); the iterator then ends."""
