//! The `qspec` command line: argument parsing only. Each subcommand's
//! arguments become a [`Command`] request; [`command::run`] does the work;
//! an error is printed here, once.

use clap::{Args, Parser, Subcommand};
use qspec::answer::read::Form;
use qspec::command::{
    self, count_help, Command, CompileRequest, CountRequest, EncodingRequest, EnumerateArgs,
    ModelRequest, SolveRequest, StatsRequest, VerifyRequest,
};
use qspec::instance::guard::{parse_size, DEFAULT_MAX_CLAUSES};
use qspec::instance::Limits;
use qspec::options::{AmoEncoding, CardEncoding, CertifyLevel, Engine, Format, RayEncoding};
use std::path::PathBuf;
use std::process::ExitCode;

const ABOUT: &str = "Compile chess-placement problems (.qspec) to CNF, WCNF, OPB, LP and MPS";

const LONG_ABOUT: &str = "\
qspec compiles a small declarative .qspec file — a board, a piece, the rules
between pieces, bounds and objectives — into a file that SAT, MaxSAT,
pseudo-Boolean and MIP solvers read, with a selectable encoding for every
cardinality constraint.

Examples:
  qspec compile models/eight-queens.qspec -o queens.cnf
  qspec compile models/n-queens.qspec -D n=50 -o q50.cnf.gz --amo ladder
  qspec compile models/queens-3d-5.qspec -o q3d.lp
  qspec stats models/queens-3d-5-inf.qspec
  qspec solve models/eight-queens.qspec --solver cadical
  qspec count models/eight-queens.qspec --up-to-symmetry
  qspec verify models/eight-queens.qspec answer.txt --map queens.cnf
  qspec sweep models/blocked-8x8.qspec --walls 3 | qspec sweep merge -

The language: docs/language.md in qspec's repository (every statement, its
exact meaning, an example each, and the limits below).

Limits: boards of at most 20,000,000 cells and 16 dimensions; a piece that
moves in at most 100,000 directions (a queen or a king up to 11 dimensions,
the other built-in pieces up to 16); model files of at most 16 MB. Before
building anything, every command estimates the model and what it makes of
it, and refuses (saying the estimate) beyond --max-memory (default 4G),
--max-clauses (default 200,000,000) and --max-bytes (default 1G).

Exit codes:
    0  success (solve: proven optimum; verify: every rule holds)
    1  failure (solve: error, or timeout without any solution; verify: the
       answer breaks a rule or holds no solution)
    2  bad input: the message says where
   10  solve: a solution was found (not proven optimal); count, solve --all:
       stopped by --limit with more solutions left
   20  solve: proven, no solution exists
  130  interrupted (Ctrl-C or SIGTERM; solve prints its best board first)
  141  standard output closed early (`qspec solve ... | head -1`)";

/// `solve --help`: the solvers known by name come from their table.
fn solve_help() -> String {
    let solvers = wrap(&format!(
        "or with any installed solver given by --solver 'CMD' (the compiled file is appended; {}; any other program needs --format).",
        qspec::solve::external::known_solvers()
    ));
    format!(
        "Compile the model and solve it with an embedded solver (nothing to install),
{solvers}
A model with an objective is optimised: every better value is printed as it is
found (`o 9`, `o 10`, ...), then the optimum is proven by showing that no better
solution exists. The optimiser first tries the upper estimate of a clique cover
of the model's own conflicts (printed as `c upper estimate ...`; kings on
100x100 and knights on 60x60 are proven at once), takes cores as lower bounds,
then demands better than each solution found until the bounds meet. When the
model itself bounds `maximize count` (`hint lines` on `rule attacks == k`, added
automatically: `c bound count <= 18`), that bound is decided first, with the
bound in the spec, then one less, ... (60 s in all, then the optimiser):
the first with a board is the optimum (Q_3(8) = 18 in 0.1 s). The board
printed is checked by `verify` from the geometry alone.

Embedded engines (--engine):
  kissat     the default: rebuilt for every step (it takes no assumptions);
             far faster on hard calls (on bench/solve.sh the 6^3 proof takes
             15 s against CaDiCaL's 65 s; q_5(8) >= 28 0.6 s against 31 s)
  cadical    incremental: one solver for the whole optimisation, with cores,
             and the warm start as phases; ahead on small models that take
             many optimisation steps (tenths of a second)
  portfolio  both on two threads: the first to finish wins, and each takes up
             the other's better solutions and bounds; needs two free cores
  clique     no SAT solver: a branch and bound for the most pieces no two of
             which attack (`rule no_attack` with `maximize count` or
             `count >= m`; any piece, walls, fix, forbid, implied hints),
             bounded by colouring the candidates into lines and pruned by the
             board's symmetries. Far ahead where the count is the whole
             question: no 22 queens on 6^3 in 0.3 s (Kissat 15 s), none of
             33 on 7^3 in under 3 minutes, knights on 60x60 in 0.4 s; behind
             where one full placement is hard to hit (30 queens on 30x30:
             Kissat at once, not found here in 30 s). Other models are
             refused with the reason.

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
the objective's literals — and refuted from scratch by CaDiCaL (whatever
--engine did the search) with a proof an independent checker checks. Before
the `s` line it prints `c certified: <claim> (... checked by <checker> in X s;
...)`, or `c NOT certified: <reason>` (no checker, proof rejected,
interrupted) and then exits 1. --timeout bounds the search, not the
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
Both levels take the hints as given: a restricting hint restricts the claim
(`under hint symmetric rot90`) and an implied one is an assumption
(`assuming hint lines`). Both checkers are looked for on the PATH and in
~/.cargo/bin.

Every solution (--all): the same flags as `qspec count` (--limit, --optimal,
--up-to-symmetry, --jsonl; see `qspec count --help`), on the incremental
CaDiCaL: each solution is printed as it is found, verified first, e.g.
  qspec solve models/eight-queens.qspec --all --up-to-symmetry
With --all, --engine only finds the optimum of --optimal, and the exit codes
are count's.

Exit codes (SAT-competition convention):
  10  a solution was found (for an objective: the best one, not proven optimal)
  20  proven: no solution exists
   0  proven optimum
   1  error, or timeout without any solution, or --certify not certified
   2  bad input
 130  interrupted by Ctrl-C or SIGTERM: the best board found is printed
      and verified first; a second Ctrl-C stops at once"
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

const STATS_HELP: &str = "\
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

const VERIFY_HELP: &str = "\
Read a solver's answer, map it back onto the model (rebuilt from the same file,
-D values and --rays), and check the board from the geometry alone: every rule,
count and wall, and the objective the solver reports.

The answer's form is told from its content: SAT competition output (Kissat,
CaDiCaL, CryptoMiniSat, Glucose), a MiniSat result file, MaxSAT evaluation
output (o/s/v, v as 0/1 string or literals), PB competition output (v x1 -x2),
SCIP, Gurobi (.sol), HiGHS and CBC solution files, GLPK's glpsol -o output.
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

#[derive(Parser)]
#[command(name = "qspec", version, about = ABOUT, long_about = LONG_ABOUT)]
struct Cli {
    #[command(subcommand)]
    command: Sub,
}

#[derive(Subcommand)]
enum Sub {
    /// Compile a model into a solver file (format from -o's extension or --format)
    #[command(long_about = compile_help())]
    Compile(CompileArgs),
    /// Show the variables and clauses every encoding choice would produce, writing nothing
    #[command(long_about = STATS_HELP)]
    Stats(StatsArgs),
    /// Compile and solve (embedded Kissat or CaDiCaL, or --solver CMD); print, verify and draw the board
    #[command(long_about = solve_help())]
    Solve(SolveArgs),
    /// Count every solution (or every class up to symmetry), each verified; `solve --all` shows them
    #[command(long_about = count_help())]
    Count(CountArgs),
    /// Check a solver's answer against the model; print and draw its board
    #[command(long_about = VERIFY_HELP)]
    Verify(VerifyArgs),
    /// Run a model over parameter ranges and wall placements (one JSON line each); plan, run, merge
    #[command(long_about = command::sweep::SWEEP_HELP)]
    Sweep(command::sweep::SweepArgs),
    /// Find puzzles: wall placements with a unique optimum and minimal walls
    #[command(long_about = command::sweep::PUZZLES_HELP)]
    Puzzles(command::sweep::PuzzlesArgs),
}

#[derive(Args)]
struct ModelArgs {
    /// The .qspec model file
    model: PathBuf,
    /// Override a parameter: -D n=10 (repeatable)
    #[arg(short = 'D', value_name = "NAME=VALUE", value_parser = parse_define)]
    define: Vec<(String, i64)>,
    /// Refuse a model whose building and encoding would take more memory than this (estimated first)
    #[arg(long, value_name = "SIZE", default_value = "4G", value_parser = parse_size, help_heading = "Limits")]
    max_memory: u64,
    /// Refuse a model whose CNF would have more clauses than this (estimated before encoding)
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_CLAUSES, help_heading = "Limits")]
    max_clauses: u64,
    /// Refuse to write a file estimated larger than this (e.g. 500M, 4G)
    #[arg(long, value_name = "SIZE", default_value = "1G", value_parser = parse_size, help_heading = "Limits")]
    max_bytes: u64,
    /// Add no automatic hint (qspec adds `hint lines` to `rule attacks` models with a count bound)
    #[arg(long)]
    no_auto_hints: bool,
}

impl ModelArgs {
    fn request(&self, rays: Option<RayEncoding>) -> ModelRequest {
        ModelRequest {
            path: self.model.clone(),
            defines: self.define.clone(),
            rays,
            limits: Limits {
                max_clauses: self.max_clauses,
                max_bytes: self.max_bytes,
                max_memory: self.max_memory,
            },
            auto_hints: !self.no_auto_hints,
        }
    }
}

#[derive(Args)]
struct EncodingArgs {
    /// At-most-one encoding for every line of `rule no_attack` (default: chosen per size)
    #[arg(long, value_name = "NAME")]
    amo: Option<AmoEncoding>,
    /// Cardinality encoding for counts and attack bounds (default: chosen per size)
    #[arg(long, value_name = "NAME")]
    card: Option<CardEncoding>,
    /// How `rule attacks` and `rule dominate` see along rays [default: chain]
    #[arg(long, value_name = "NAME")]
    rays: Option<RayEncoding>,
}

impl EncodingArgs {
    fn request(&self) -> EncodingRequest {
        EncodingRequest {
            amo: self.amo,
            card: self.card,
        }
    }
}

#[derive(Args)]
struct CompileArgs {
    #[command(flatten)]
    model: ModelArgs,
    /// Output file; `-` for standard output. `.gz` compresses.
    #[arg(short, long, default_value = "-", value_name = "FILE")]
    output: PathBuf,
    /// Output format (default: from the output's extension; cnf on standard output)
    #[arg(short, long, value_name = "FORMAT")]
    format: Option<Format>,
    #[command(flatten)]
    encodings: EncodingArgs,
    /// Write WCNF in the old `p wcnf V C top` format instead of the 2022 one
    #[arg(long)]
    wcnf_legacy: bool,
    /// Replace a read-only output file (it stays read-only)
    #[arg(long)]
    force: bool,
    /// MPS: write `maximize` as minimising the negated objective, not with OBJSENSE MAX (for GLPK, CBC)
    #[arg(long)]
    mps_negate: bool,
    /// Also write this board as MIP starts beside the LP/MPS output: .mst (Gurobi), .sol (SCIP), .highs.sol (HiGHS)
    #[arg(long, value_name = "BOARD")]
    start: Option<PathBuf>,
}

#[derive(Args)]
struct SolveArgs {
    #[command(flatten)]
    model: ModelArgs,
    #[command(flatten)]
    encodings: EncodingArgs,
    /// Stop after this many seconds and print the best board found so far
    #[arg(long, value_name = "SECONDS")]
    timeout: Option<f64>,
    /// Also draw the board as an SVG picture into FILE
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Draw the lines of attack in the SVG picture
    #[arg(long)]
    show_attacks: bool,
    /// The embedded solver: cadical, kissat, both as a portfolio, or the clique search (see above)
    #[arg(long, value_name = "NAME", default_value_t = Engine::default(), conflicts_with = "solver")]
    engine: Engine,
    /// Solve with this solver command line instead (the compiled file is appended)
    #[arg(long, value_name = "CMD")]
    solver: Option<String>,
    /// The file to hand the solver [default: the one it is known to read]
    #[arg(long, value_name = "FORMAT", requires = "solver")]
    format: Option<Format>,
    /// Hand WCNF in the old `p wcnf` format instead of the 2022 one (solvers known to need it get it anyway)
    #[arg(long, requires = "solver")]
    wcnf_legacy: bool,
    /// Warm start from this board (a picture as qspec prints it, or any answer `verify` reads)
    #[arg(long, value_name = "BOARD")]
    start: Option<PathBuf>,
    /// Check the final "no solution" or "optimal" with a proof: from the CNF (DRAT, `rate`) or end to end from the model's OPB file (VeriPB, `veripb`); see above
    #[arg(long, value_name = "LEVEL", num_args = 0..=1, require_equals = true, default_missing_value = "cnf", conflicts_with = "solver")]
    certify: Option<CertifyLevel>,
    /// Keep the certificate's input file (CNF or OPB) and proof in DIR (else they are removed)
    #[arg(long, value_name = "DIR", requires = "certify")]
    proof_dir: Option<PathBuf>,
    /// Print every solution as it is found, each verified (incremental CaDiCaL; see `qspec count --help`)
    #[arg(long, conflicts_with_all = ["solver", "start", "certify", "svg"])]
    all: bool,
    #[command(flatten)]
    enumerate: EnumerateArgs,
}

#[derive(Args)]
struct CountArgs {
    #[command(flatten)]
    model: ModelArgs,
    #[command(flatten)]
    encodings: EncodingArgs,
    /// Stop after this many seconds and say how many were found ("at least N")
    #[arg(long, value_name = "SECONDS")]
    timeout: Option<f64>,
    /// The engine that finds the optimum for --optimal (the enumeration runs on CaDiCaL)
    #[arg(long, value_name = "NAME", default_value_t = Engine::default())]
    engine: Engine,
    #[command(flatten)]
    enumerate: EnumerateArgs,
}

#[derive(Args)]
struct VerifyArgs {
    #[command(flatten)]
    model: ModelArgs,
    /// The solver's output or solution file (`-` for standard input, `.gz` allowed)
    answer: PathBuf,
    /// How `rule attacks` and `rule dominate` see along rays, as when compiling [default: chain]
    #[arg(long, value_name = "NAME")]
    rays: Option<RayEncoding>,
    /// The compiled file the solver read: map variable numbers (or LP renames) through its header
    #[arg(long, value_name = "FILE")]
    map: Option<PathBuf>,
    /// Also draw the board as an SVG picture into FILE
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Draw the lines of attack in the SVG picture
    #[arg(long)]
    show_attacks: bool,
    /// The answer's form, instead of telling it from the content
    #[arg(long, value_name = "FORM")]
    answer_format: Option<Form>,
    /// For an UNSAT answer: check the solver's proof against the --map file (DRAT and a CNF: `rate`; VeriPB and an OPB file: `veripb`)
    #[arg(long, value_name = "PROOF", requires = "map")]
    proof: Option<PathBuf>,
}

#[derive(Args)]
struct StatsArgs {
    #[command(flatten)]
    model: ModelArgs,
    #[command(flatten)]
    encodings: EncodingArgs,
    /// Print JSON instead of a table
    #[arg(long)]
    json: bool,
}

/// `compile --help`: what is written, and the automatic encoding choice.
fn compile_help() -> String {
    let auto = qspec::encode::describe(&qspec::options::Encodings::default());
    format!(
        "Compile a model into a solver file: CNF, WCNF (MaxSAT), OPB (pseudo-Boolean),
LP or MPS (MIP), chosen by --format or the output's extension (.cnf .wcnf .opb
.lp .mps, each optionally .gz). The file starts with a comment header: qspec's
version, the source, parameters, encodings, counts and, for CNF/WCNF/OPB, the
map from variable numbers to cells (`c var 12 x_1_3`).

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

fn parse_define(s: &str) -> std::result::Result<(String, i64), String> {
    let (name, value) = s
        .split_once('=')
        .ok_or_else(|| format!("`{s}` is not NAME=VALUE (e.g. -D n=10)"))?;
    let value = value
        .trim()
        .parse::<i64>()
        .map_err(|_| format!("`{value}` is not an integer (in -D {s})"))?;
    Ok((name.trim().to_string(), value))
}

impl Sub {
    /// The request this subcommand's arguments make.
    fn request(self) -> Command {
        match self {
            Sub::Compile(a) => Command::Compile(CompileRequest {
                model: a.model.request(a.encodings.rays),
                output: a.output,
                format: a.format,
                encodings: a.encodings.request(),
                wcnf_legacy: a.wcnf_legacy,
                force: a.force,
                mps_negate: a.mps_negate,
                start: a.start,
            }),
            Sub::Stats(a) => Command::Stats(StatsRequest {
                model: a.model.request(a.encodings.rays),
                encodings: a.encodings.request(),
                json: a.json,
            }),
            Sub::Solve(a) if a.all => Command::Count(CountRequest {
                model: a.model.request(a.encodings.rays),
                encodings: a.encodings.request(),
                engine: a.engine,
                timeout: a.timeout,
                flags: a.enumerate,
                all: true,
            }),
            Sub::Count(a) => Command::Count(CountRequest {
                model: a.model.request(a.encodings.rays),
                encodings: a.encodings.request(),
                engine: a.engine,
                timeout: a.timeout,
                flags: a.enumerate,
                all: false,
            }),
            Sub::Solve(a) => Command::Solve(SolveRequest {
                model: a.model.request(a.encodings.rays),
                encodings: a.encodings.request(),
                timeout: a.timeout,
                svg: a.svg,
                show_attacks: a.show_attacks,
                solver: a.solver,
                format: a.format,
                wcnf_legacy: a.wcnf_legacy,
                engine: a.engine,
                start: a.start,
                certify: a.certify,
                proof_dir: a.proof_dir,
            }),
            Sub::Verify(a) => Command::Verify(VerifyRequest {
                model: a.model.request(a.rays),
                answer: a.answer,
                map: a.map,
                form: a.answer_format,
                svg: a.svg,
                show_attacks: a.show_attacks,
                proof: a.proof,
            }),
            Sub::Sweep(a) => Command::Sweep(a),
            Sub::Puzzles(a) => Command::Puzzles(a),
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Sub::Solve(a) = &cli.command {
        if let (false, Some(flag)) = (a.all, a.enumerate.first_given()) {
            use clap::CommandFactory;
            Cli::command()
                .error(
                    clap::error::ErrorKind::MissingRequiredArgument,
                    format!("{flag} needs --all (or use `qspec count`)"),
                )
                .exit();
        }
    }
    let request = cli.command.request();
    qspec::interrupt::install();
    match command::run(&request, &mut std::io::stdout()) {
        Ok(code) => ExitCode::from(code),
        // The reader went away (`qspec solve ... | head -1`): stop quietly,
        // as Unix tools do.
        Err(e) if e.is_broken_pipe() => ExitCode::from(141),
        Err(e) => {
            command::note(&e.to_string());
            ExitCode::from(e.exit_code())
        }
    }
}
