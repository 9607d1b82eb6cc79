//! The long help of every command: what it does, examples, exit codes.

pub const ABOUT: &str =
    "Compile chess-placement problems (.qspec) to CNF, WCNF, OPB, LP, MPS and MiniZinc";

pub const LONG_ABOUT: &str = "\
qspec compiles a small declarative .qspec file — a board, a piece, the rules
between pieces, bounds and objectives — into a file that SAT, MaxSAT,
pseudo-Boolean, MIP and (through MiniZinc) CP solvers read, with a
selectable encoding for every cardinality constraint.

Examples:
  qspec compile models/n-queens.qspec -D n=50 -o q50.cnf.gz --amo ladder
  qspec compile models/queens-3d-5.qspec -o q3d.lp
  qspec stats models/queens-3d-5-inf.qspec
  qspec solve models/eight-queens.qspec --solver cadical
  qspec count models/eight-queens.qspec --up-to-symmetry     # 12 classes, 92
  qspec compile models/eight-queens.qspec -o queens.cnf && cadical queens.cnf > answer.txt
  qspec verify models/eight-queens.qspec answer.txt --map queens.cnf
  qspec sweep models/blocked-8x8.qspec --walls 3 | qspec sweep merge -
  qspec snapshot init models && qspec snapshot update   # qspec.toml, snapshots/
  qspec snapshot check                # snapshot-test the models of qspec.toml

The language: docs/language.md in qspec's repository (every statement, its
exact meaning, an example each, and the limits below).

Limits: boards of at most 20,000,000 cells and 16 dimensions; a piece that
moves in at most 100,000 directions (a queen or a king up to 11 dimensions,
the other built-in pieces up to 16); model files of at most 16 MB. Before
building anything, every command estimates the model and what it makes of
it, and refuses (saying the estimate) beyond --max-memory (default 4G),
--max-clauses (default 200,000,000) and --max-bytes (default 1G).

JSON for scripts, one convention everywhere: --json prints one object
(solve: the verdict, {\"value\":13,\"status\":\"optimal\",\"cells\":[...],
\"verified\":true}; stats; snapshot check), --jsonl a stream of lines (solve
--all and count: one per solution, then a summary; sweep always); every
command takes either spelling. A board's fields are always named alike —
walls, class_size, value, status, cells — and left out when they do not apply.
Text meant for people then goes to standard error.

Exit codes:
    0  success (solve: proven optimum; verify: every rule holds)
    1  failure (solve: error, or timeout without any solution; verify: the
       answer breaks a rule or holds no solution; a solver, model counter or
       checker that is not installed)
    2  bad input: the message says where (also: an output that is a file the
       command reads, which is never written over)
   10  solve: a solution was found (not proven optimal); count, solve --all:
       stopped by --limit with more solutions left
   20  solve: proven, no solution exists
  130  interrupted (Ctrl-C or SIGTERM; solve prints its best board first)
  141  standard output closed early (`qspec solve ... | head -1`)";

/// `solve --help`: the solvers known by name come from their table.
pub fn solve_help() -> String {
    let solvers = wrap(&format!(
        "or with any installed solver given by --solver 'CMD' (the compiled file is appended; {}; any other program needs --format).",
        qspec::solve::known_solvers()
    ));
    format!(
        "Compile the model and solve it with an embedded solver (nothing to install),
{solvers}
A model with an objective is optimised: every better value is printed as it is
found (`o 9`, `o 10`, ...), then the optimum is proven by showing that no better
solution exists. The optimiser first tries the upper estimate of a clique cover
of the model's own conflicts (printed as `c upper estimate ...`, or `c lower
estimate ...` for a minimisation; kings on 100x100 and knights on 60x60 are
proven at once; a domination also prints the board's `c lower bound`), takes
cores as lower bounds,
then demands better than each solution found until the bounds meet. When the
model itself bounds `maximize count` (`hint lines` on `rule attacks == k`, added
automatically: `c bound count <= 18`), that bound is decided first, with the
bound in the spec, then one less, ... (60 s in all, then the optimiser):
the first with a board is the optimum (Q_3(8) = 18 in 0.1 s). The board
printed is checked by `verify` from the geometry alone.

Embedded engines (--engine):
  auto       the default: the engine for the model, named in the first note
             (`c engine: clique (a no_attack count bound on 3 or more
             dimensions)`): the clique search for `rule no_attack` counts on
             boards of 3 or more dimensions (where the lines' bound is far
             above the optimum and SAT is slow to close the gap); for such a
             count bound on 2 dimensions the clique search and Kissat side by
             side (the first to finish answers; 30 queens on 30x30 come from
             either); otherwise the portfolio (which SAT engine is faster
             varies from model to model and run to run), or on one thread
             CaDiCaL for an objective, Kissat for a decision
  kissat     rebuilt for every step (it takes no assumptions); far faster on
             hard calls (on bench/solve.sh the 6^3 proof takes 15 s against
             CaDiCaL's 65 s; q_5(8) >= 28 0.6 s against 31 s)
  cadical    incremental: one solver for the whole optimisation, with cores,
             and the warm start as phases; ahead on small models that take
             many optimisation steps (tenths of a second)
  portfolio  both on two threads: the first to finish wins, and each takes up
             the other's better solutions and bounds; needs two free cores
  clique     no SAT solver: a branch and bound for the most pieces no two of
             which attack (`rule no_attack` with `maximize count` or
             `count >= m`; any piece, walls, fix, forbid, implied hints). At
             each node the candidates are coloured into groups that pairwise
             attack (DSATUR), the groups bound what the candidates can add,
             and MaxSAT reasoning over the groups spares most branches; the
             board's symmetries prune every node. Far ahead where the count
             is the whole question: no 22 queens on 6^3 in 0.1 s (Kissat 12
             s), none of 33 on 7^3 in about 10 s; behind on 2-dimensional
             boards whose lines' bound is the optimum (knights on 60x60: 1 s,
             the SAT optimiser 0.03 s). Other models are refused with the
             reason.

Threads (--threads N, default one per core) for the clique search: a thread
that runs out of work takes the next branch of another thread's shallowest
node, with the candidates one thread would give it. The verdict, the optimum
and the board do not depend on the threads: deciding `count >= m`, the board
found is the one one thread finds; maximising asks again and again for a set
larger than the best so far, each time deciding as above, so the board and
the `o` lines are the same on every run. Ctrl-C and --timeout stop every
thread.

Splitting (--split K): prints the clique search cut into at least K
independent parts, as the tasks of a sweep (see `qspec sweep --help`), instead
of solving: a node of the search is replaced by its branches in the search's
order, each without the vertices branched on before it and their images under
the symmetries, until the leaves are small (a probe of 2000 nodes each; a
leaf it does not finish is sized by 64 random dives, Knuth's estimate); the
leaves are dealt into K parts of about equal size, and the lines `c split:`
give the estimated nodes in all and the work they mean at the rate the probes
ran (8^3 >= 49: some 92 core-minutes said, 100 taken; estimates run low). Each leaf is an instance of its task (a killed task resumes at the
first leaf not done; a task of fewer leaves than --jobs gives each leaf's
search the threads left over);
`sweep merge` joins them: the best count of any leaf, and `none` or optimal
only when every leaf says so. E.g. (6,3)-queens >= 22, in 8 parts, all run
here (on a cluster, one `--task I` per job: `qspec sweep --help`):
  qspec solve models/queens-nd-cliques-inf.qspec -D n=6 -D m=22 --split 8 > plan.jsonl
  qspec sweep run plan.jsonl --out results
  qspec sweep merge results/*.jsonl          # none: m = 22 is impossible
The armies search (peaceable queens) is cut the same way: its leaves are the
colourings of the first lines at which both armies may still reach the size,
leaf i dealt to part i mod K, so each part samples the whole search and one
part's time times K estimates it:
  qspec solve models/peaceable-queens-at-least.qspec -D n=10 -D m=15 --split 4 > plan.jsonl

Warm start (--start BOARD): a board as qspec prints it (the whole output of
`qspec solve` will do), or any answer `verify` reads. It is tried first (if it is
a solution it is the first `o` line), and CaDiCaL also prefers its cells. A smaller
board is placed in the corner: the n-1 solution starts the n model, e.g.
  qspec solve models/kings.qspec -D n=9 > k9.txt
  qspec solve models/kings.qspec -D n=10 --start k9.txt
With --solver, Gurobi gets it as a MIP start (.mst), SCIP and HiGHS as a
solution file; other solvers do not take one.

Certify (--certify[=LEVEL], embedded solver only): a found board is verified
from the geometry anyway; a claim that none exists (UNSATISFIABLE), or that an
optimum cannot be bettered (maximum 13: 14 is impossible), is written as a
model of its own — the model, plus the bound as a cardinality constraint on
the objective's literals — and refuted from scratch with a proof an
independent checker checks: by CaDiCaL, or at the model level by the
engine's own search where it has one (the armies search, the row search,
the clique search on short claims). Before the `s` line it prints `c certified: <claim> (...
checked by <checker> in X s; ...)`, or `c NOT certified: <reason>` (no
checker, proof rejected, interrupted) and then exits 1. --timeout bounds the search, not the
certification; Ctrl-C stops both. --proof-dir DIR keeps the files there.
  --certify (=cnf)  the claim's CNF with the encodings in force, a DRAT proof,
                    checked by `rate` (cargo install --locked rate). It does
                    not cover the encodings' faithfulness to the model. A CNF
                    that holds the empty clause is certified on its face
                    (rate 0.3.0 cannot read one).
  --certify=model   end to end: the claim's OPB file (the rules as linear
                    constraints, as `compile -f opb` writes them) is the
                    input; the VeriPB proof derives every clause of its own
                    certified encodings (rustsat's totalizers; --amo/--card
                    do not apply) from the file's constraints, then carries
                    CaDiCaL's proof step by step (each learnt clause with its
                    LRAT antecedents); checked by `veripb` (cargo install
                    --locked veripb), e.g.
  qspec solve models/queens-3d-5.qspec --certify=model --proof-dir proofs/
                    The armies search writes its own proof as it searches
                    (each line's colour a variable, its knapsack as cutting
                    planes, its symmetry pruning by VeriPB's dominance rule;
                    no SAT solver), e.g.
  qspec solve models/peaceable-queens.qspec -D n=8 --certify=model
                    --elaborate keeps also the kernel proof veripb elaborates
                    (for the formally verified checker CakePB).
Both levels take the hints as given: a restricting hint restricts the claim
(`under hint symmetric rot90`) and an implied one is an assumption
(`assuming hint lines`). Both checkers are looked for on the PATH and in
~/.cargo/bin.

Every solution (--all): the same flags as `qspec count` (--limit, --optimal,
--up-to-symmetry, --jsonl; see `qspec count --help`), on the incremental
CaDiCaL: each solution is printed as it is found, verified first, e.g.
  qspec solve models/eight-queens.qspec --all --up-to-symmetry
With --all, --engine finds the optimum of --optimal, and lists the solutions
too where the clique search takes the model (as `qspec count --help` says);
the exit codes are count's.

Exit codes (SAT-competition convention):
  10  a solution was found (for an objective: the best one, not proven optimal)
  20  proven: no solution exists
   0  proven optimum
   1  error (a --solver that is not installed among them), or timeout
      without any solution, or --certify not certified
   2  bad input
 130  interrupted by Ctrl-C or SIGTERM: the best board found is printed
      and verified first; a second Ctrl-C (a second or more after the
      first) stops at once"
    )
}

/// `text` broken into lines of at most 79 characters.
fn wrap(text: &str) -> String {
    let mut lines: Vec<String> = vec![String::new()];
    for word in text.split(' ') {
        let line = lines.last_mut().expect("one line at least");
        if !line.is_empty() && line.len() + 1 + word.len() > 79 {
            lines.push(word.to_string());
        } else {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    lines.join("\n")
}

pub const STATS_HELP: &str = "\
Show how large the model is and what every encoding choice makes of it,
writing nothing: the model's variables and its constraints by origin (rule
no_attack: 46, count: 1, ...), then one row per choice — the chosen one
(marked), each at-most-one encoding with the chosen cardinality encoding,
and each cardinality encoding with the chosen at-most-one encoding — with
the CNF's variables, clauses and literals.

Small models are measured exactly, by encoding into a counter. When the
encodings would be too large to count quickly, each row is estimated from
the constraints' shapes (exact for small shapes, the encodings' growth laws
for large ones) and marked `~`; --json says \"estimated\": true.

Use it to choose --amo and --card before compiling a large instance:
  qspec stats models/queens-3d-5.qspec
  qspec stats models/n-queens.qspec -D n=1000 --json

Exit codes: 0 shown, 2 bad input (or a model over --max-memory).";

pub const VERIFY_HELP: &str = "\
Read a solver's answer, map it back onto the model (rebuilt from the same file,
-D values and --rays), and check the board from the geometry alone: every rule,
count and wall, and the objective the solver reports.

The answer's form is told from its content: SAT competition output (Kissat,
CaDiCaL, CryptoMiniSat, Glucose), a MiniSat result file, MaxSAT evaluation
output (o/s/v, v as 0/1 string or literals), PB competition output (v x1 -x2),
SCIP, Gurobi (.sol), HiGHS and CBC solution files, GLPK's glpsol -o output,
MiniZinc's output for a .mzn file qspec wrote (the board as its output item
prints it; the last solution ended by ----------, optimal if ==========
follows), and qspec's own boards: its picture (the whole output of `qspec
solve`, or a board drawn or edited by hand; the same reader as --start, but
the picture must be the whole board, every row and every layer) and its JSON
line (`solve --json`, one line of `solve --all --jsonl`; --answer-format
picture or json). Move a queen by hand and ask whether the board still holds:
  qspec solve models/eight-queens.qspec > board.txt
  qspec verify models/eight-queens.qspec board.txt
  qspec solve models/blocked-least-walls.qspec --json > board.json
  qspec verify models/blocked-least-walls.qspec board.json
Numbered answers map through the model's own numbering (auxiliary variables
are ignored), or through the `c var` / `* var` lines of the compiled file
given with --map.

An UNSATISFIABLE answer holds no board to check; --proof PROOF checks the
solver's proof against the file given with --map: a DRAT proof of a CNF (e.g.
`cadical model.cnf PROOF`, `kissat model.cnf PROOF`) with the checker `rate`
(cargo install --locked rate), a VeriPB proof of an OPB file (e.g. the one
`solve --certify=model --proof-dir` keeps, or a PB solver's) with `veripb`
(cargo install --locked veripb). It prints `proof: certified: the CNF ... has
no solution` or `proof: NOT certified: <reason>`. The claim is about that file:
it is the model's if qspec compiled it from the same file and -D values.

Exit codes:
   0  every rule holds, or the UNSAT proof is certified
   1  the answer breaks a rule, or holds no solution (e.g. UNSATISFIABLE)
      without a certified --proof
   2  bad input: an unreadable or malformed answer, a bad model";

/// `compile --help`: what is written, and the automatic encoding choice.
pub fn compile_help() -> String {
    let auto = qspec::encode::describe(&qspec::options::Encodings::default());
    format!(
        "Compile a model into a solver file: CNF, WCNF (MaxSAT), OPB (pseudo-Boolean),
LP or MPS (MIP), or a MiniZinc model (CP, MIP and SAT solvers through
MiniZinc), chosen by --format or the output's extension (.cnf .wcnf .opb .lp
.mps .mzn, each optionally .gz). The file starts with a comment header: qspec's
version, the source, parameters, encodings, counts and, for CNF/WCNF/OPB, the
map from variable numbers to cells (`c var 12 x_1_3`).

MiniZinc: the constraints as MiniZinc says them (clause, sum over Booleans,
->, <->, exists: each solver uses its own propagators), and an output item
that prints the board as `qspec solve` does, so that MiniZinc's output can be
verified: `minizinc --solver gecode q.mzn > out.txt; qspec verify MODEL
out.txt`.

--lp-dialect lp_solve writes LP in lp_solve's format (`max: ...;`, labelled
rows, `bin x, y;`, no comments and so no header), the only LP that lp_solve and
OR-tools' LP reader (model_builder's import_from_lp_string) take; the default
`cplex` is read by HiGHS, SCIP, CBC, GLPK, Gurobi and CPLEX.

MPS writes `maximize` with OBJSENSE MAX (HiGHS, SCIP, Gurobi, CPLEX read it);
GLPK rejects that section and CBC ignores it: --mps-negate writes the
minimisation of the negated objective instead (the header says which).

--start BOARD (with -o q.lp or q.mps) also writes the board as MIP starts in
the file's variable names: q.mst (Gurobi: InputFile=q.mst), q.sol (SCIP:
read q.sol) and q.highs.sol (HiGHS: --read_solution_file). The embedded solver
completes every variable from the board's cells; a board smaller than the
model's is placed in the corner (see `qspec solve --help`).

Without --amo/--card, each constraint gets an encoding chosen by its size:
  {auto}

A failed or interrupted compile leaves no file behind and never overwrites an
existing one. Exit codes: 0 written, 2 bad input, 1 I/O failure."
    )
}

/// `qspec count --help`.
pub fn count_help() -> String {
    "Count the solutions of a model: every one is found by the embedded CaDiCaL
(incremental: each solution is excluded by a clause over the board's decision
variables — the cells, then the walls chosen with `walls free` — so auxiliary
variables never make one board count twice) or by the clique search (below),
and verified from the board geometry before it is counted. `qspec solve MODEL
--all` takes the same flags and prints every solution as it is found.

On a board of 64 or more cells CaDiCaL lists the first 2000 solutions on one
solver, then the rest on every thread (--threads) in 256 cubes: the settings
of the 8 cells that share those 2000 out most evenly, each cube listed by a
solver of its own, which holds that cube's blocking clauses only. The order is
the cubes' order, the same on any number of threads. Where each solution sets
as many cells (`count == v`, or --optimal on a count), a solution is blocked by
its pieces alone. OEIS A019654 n = 10 (16573 classes): 38 s on one thread,
22.5 s on two (55.7 s on one solver without cubes).

  qspec count models/eight-queens.qspec                    # 92 solutions
  qspec count models/eight-queens.qspec --up-to-symmetry   # 12 classes, 92
  qspec count models/n-queens.qspec -D n=10 --up-to-symmetry   # 92, 724
  qspec count models/queens-attacking-exactly-k-max.qspec -D n=6 -D k=3 \\
      --optimal --up-to-symmetry                          # OEIS A051759: 307
  qspec count models/blocked-least-walls.qspec -D m=16 --optimal \\
      --up-to-symmetry                                    # 1 class, 2 boards
  qspec count models/peaceable-queens.qspec -D n=6 --optimal   # A260680: 35, 560
  qspec solve models/eight-queens.qspec --all --limit 3    # three boards
  qspec solve models/eight-queens.qspec --all --jsonl      # one JSON a line

A model with an objective: --optimal finds the optimum first (with --engine,
as `solve` does), then counts the solutions at it (the objective fixed to the
optimum by a cardinality constraint in the encodings in force); without
--optimal every feasible solution is counted, whatever its value, and the
output says so.

The clique search lists the solutions instead of CaDiCaL with --engine
clique, and with the default auto where it solves (`rule no_attack` on 3 or
more dimensions), for a model whose count is fixed or bounded from below (at
the optimum, with --optimal): it collects every class of solutions under the
board's symmetries first, then lists each (every member, or the canonical one
with --up-to-symmetry), each verified as above. Where CaDiCaL must prove
there is no further solution, the bound does it: the 96 optimal placements of
32 queens on 7^3 (2 classes) in 15 s, where CaDiCaL, in 600 s, finds both
classes but does not prove there is no third.

  qspec count models/queens-3d-5.qspec --optimal --up-to-symmetry   # 22, 1056

The row search lists them instead with --engine rows, and with auto for the
models it takes (one piece under limits on sets of cells, `count per line
<= 2`, with a count that fills every row: no three in line), the same way:
every class first, each kept as the least of its images, then each listed
and verified.

  qspec count models/no-three-in-line.qspec -D n=11 --up-to-symmetry   # 158, 1120

--up-to-symmetry counts classes under the board's symmetry group as given
(the group of `hint break_symmetry`: the box's rotations and reflections that
keep walls, fixed and forbidden cells in place; with `walls free` they act on
pieces and walls together; in a model of several kinds, times the swaps of
kinds that carry the model onto itself: order 16 for peaceable queens). One representative per class is enumerated — the
least one, under the lex-leader constraints of `hint break_symmetry` — and
each is checked to be its class's canonical member from the geometry, and its
class size (the orbit) computed there: the number of solutions is the sum of
the class sizes. A model with `hint break_symmetry` is counted this way
anyway. Boxes whose group is too large to list are refused: over 1024
symmetries, or over 4096 where the clique search lists the solutions (no
constraint per symmetry is needed there: 3^5's 3840 are listed). A restricting hint is reported with every count (\"under hint
symmetric rot90\"); with --up-to-symmetry, `hint symmetric` must be normal
in the board's group (rot90, rot180: yes; mirror_rows on a square: no, its
solutions are not closed under the group). Implied hints, the automatic
`hint lines` included, never change a count.

A model counter counts without listing (--counter d4 or ganak, through their
Python packages: pip install d4solver, pip install pyganak): the CNF, with
its `c p show` line projecting on the board's decision variables, is handed
to the counter, which reaches where enumeration cannot (8x8 kings without a
count bound: 1,355,115,601 solutions). With --up-to-symmetry the classes come
from Burnside's lemma: the average, over the board's symmetry group, of the
solutions each symmetry fixes (one count per symmetry). --optimal finds the
optimum first as above.

  qspec count models/kings.qspec -D n=8 --counter ganak    # needs no count bound

--certify proves a count complete, so that it need not be taken on trust:
once the listing is done, the model it listed from (without the lex-leader
constraints, with --up-to-symmetry; with --optimal, the objective turned into
the bound \"as good as the optimum\", `count >= 24`, so that the same proof
shows nothing is better) gets a clause excluding each solution found — every
member of each class — and is refuted from scratch with a proof that an
independent checker checks: a DRAT
proof of its CNF checked by `rate` (`--certify`, `--certify=cnf`; cargo
install --locked rate), or a VeriPB proof from its OPB file checked by
`veripb` (`--certify=model`; where the armies search or the row search
listed them, by its own proof, each board it meets found among those
listed). Each solution listed was verified from the
geometry, so with the proof the count is exact. `c certified: no solution
besides the 92 solutions listed, so the count is complete (...)`, or `c NOT
certified: <why>` and exit 1. The claim takes the model's implied hints as
given, as `solve --certify` does, and says so. --proof-dir DIR keeps the
claim's file and proof. Meant for counts a proof can carry (each solution
is a clause of the claim): OEIS A019654 n = 9, 615 classes and 4920 boards,
is certified in some 30 s.

  qspec count models/eight-queens.qspec --up-to-symmetry --certify   # 12, 92

Output: `c` comment lines, then the count (`92 solutions`; `12 classes under
the board's symmetry group of order 8` and `92 solutions (the sum of the class
sizes)`; `at least N ...` when stopped). --jsonl (or --json) prints JSON lines
instead: with --all one object per solution ({\"number\":1,\"class_size\":8,
\"cells\":[[0,7],...]}, with `walls` under `walls free` and `value` with an
objective), and last a summary ({\"solutions\":92,\"classes\":12,
\"group_order\":8,\"complete\":true}, and \"certified\" with --certify,
whose lines go to standard error); a field is left out when it does not
apply.

Exit codes:
    0  complete: every solution was found (also when there is none)
   10  stopped by --limit N, and there are more (\"at least N\")
    1  stopped by --timeout (\"at least N (timeout)\"), or the optimum
       of --optimal not proven before it; stopped past the 1,000,000
       classes the clique search keeps at once, on a board of over 1024
       symmetries, which CaDiCaL cannot list one per class (\"at least N
       ... (stopped past ...)\"; with fewer, CaDiCaL takes over); --certify
       not certified; or an error (a model counter that is not installed
       among them)
    2  bad input (--optimal without an objective, among others)
  130  interrupted by Ctrl-C or SIGTERM (\"at least N (interrupted)\")"
        .to_string()
}

/// `qspec fmt --help`.
pub const FMT_HELP: &str = "\
Lay .qspec files out in the language's one layout, in place: each line
stays a line, in order, so comments stay where they stand; the code on a
line is spaced one way (`count per row <= 2`, `wall (0,7) (1,0)`, `board
5^3`, `param m = 2 * (n - 1)`, `a; b`), a comment after code two spaces
after it, a picture's rows and a multi-line piece's moves two spaces in and
a picture's cells one space apart, at most one blank line in a row and none
at the ends, `\\n` line ends. Formatting twice changes nothing, and the
formatted file compiles to the same output in every format. A file is
rewritten only when it changes, atomically; `-` reads standard input and
writes the formatted text to standard output.

A file that does not parse is never rewritten: its error is printed at its
place, the other files are still formatted, and the exit code is 2.

--check changes no file: for each file not in the layout it prints a
unified diff to standard output and the exit code is 1 (for CI and
pre-commit hooks; see examples/ci/).

Examples:
  qspec fmt --check models/*.qspec      # in CI: the diff of each file not in the layout
  qspec fmt - < models/eight-queens.qspec > mine.qspec
  qspec fmt mine.qspec                  # in place, only if it changes

Exit codes:
    0  every file is in the layout (now, or already with --check)
    1  --check: a file is not in the layout (the diff says where)
    2  a file does not parse (its error, at its place) or cannot be read";

/// `qspec lsp --help`.
pub const LSP_HELP: &str = "\
A language server for editors (the Language Server Protocol, JSON-RPC on
standard input and output; the editor starts it). For each open .qspec
document it gives:

  diagnostics  as you type: the errors and warnings `qspec` prints, each at
               its place with its help, one per mistake
  hover        a statement's meaning (docs/language.md's section), a
               piece's moves, a parameter's value, and on `board`, `rule`
               and `count` lines the model's size as every command
               estimates it before building
  completion   statement keywords, pieces, the document's kinds and
               parameters, scopes, encodings, hints
  formatting   `qspec fmt`'s layout
  names        go to a parameter's or a kind's declaration; rename it
  quick fixes  each error's \"did you mean\" as an edit
  code lenses  on the `board` line, each with the embedded engines for at
               most 10 s (initializationOptions {\"lensSeconds\": S} sets
               another limit, up to 600), on a thread of its own (the
               other requests are answered meanwhile): solve, the verdict
               and the board as `qspec solve` prints them; count, as
               `qspec count --up-to-symmetry` prints it

Editors: any LSP client started with `qspec lsp`; Neovim:
  vim.lsp.start({ name = 'qspec', cmd = { 'qspec', 'lsp' } })
Helix (languages.toml):
  [language-server.qspec]
  command = \"qspec\"
  args = [\"lsp\"]

It exits when the editor says `exit` (0), or on a broken protocol (2).";
