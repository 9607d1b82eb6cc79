//! Shared test machinery: the brute-force oracle (all placements of a tiny
//! board, judged by the tests' own geometry, [`geometry`], which shares no
//! code with the library's board, pieces or verifier) and the enumeration
//! of a compiled CNF's solutions projected on the board's piece variables.
#![allow(dead_code)]

pub mod geometry;

use qspec::answer::decode::{cell_var, CellVar};
use qspec::board::Board;
use qspec::board::Placement;
use qspec::encode::{encode_model, ClauseArena, ClauseSink};
use qspec::language::{load, RuleSpec, Spec};
use qspec::model::{Constraint, Lit, Model, Rel, Var};
use qspec::options::Encodings;
use qspec::solve::Embedded;
use std::collections::BTreeSet;

/// Every built-in piece, as the code defines them.
pub const PIECES: [&str; 7] = qspec::board::BUILTIN_PIECES;

/// No three in line, n = 2..9: `(n, classes, boards)`, the classes under
/// the square's 8 symmetries (OEIS A000769) and all boards (A000755).
pub const NO_THREE_IN_LINE: [(usize, u64, u64); 8] = [
    (2, 1, 1),
    (3, 1, 2),
    (4, 4, 11),
    (5, 5, 32),
    (6, 11, 50),
    (7, 22, 132),
    (8, 57, 380),
    (9, 51, 368),
];

/// `maximize count` under `rule no_attack` on small boards, for the
/// engines' oracle tests: every built-in piece on 4x4, a leaper of its
/// own, walls, a fixed and forbidden cells, a torus, three dimensions and
/// a bounded count.
pub fn no_attack_models() -> Vec<String> {
    let mut all: Vec<String> = PIECES
        .iter()
        .map(|p| format!("board 4 x 4\npiece {p}\nrule no_attack\nmaximize count\n"))
        .collect();
    all.extend(
        [
            "board 3 x 5\npiece camel { leaper (1,3) }\nrule no_attack\nmaximize count\n",
            "board 4 x 5\nwall (1,1) (2,3)\npiece queen\nrule no_attack\nmaximize count\n",
            "board 5 x 5\nwall (2,2)\npiece knight\nrule no_attack\nmaximize count\n",
            "board 4 x 4\nfix (0,1)\npiece king\nrule no_attack\nmaximize count\n",
            "board 4 x 4\nforbid (0,0) (1,1) (2,2)\npiece rook\nrule no_attack\nmaximize count\n",
            "board 5 x 5\ntorus\npiece queen\nrule no_attack\nmaximize count\n",
            "board 3^3\npiece queen\nrule no_attack\nmaximize count\n",
            "board 4 x 4\npiece queen\nrule no_attack\ncount <= 3\nmaximize count\n",
            "board 3 x 3\npiece queen\nrule no_attack\ncount >= 4\nmaximize count\n",
        ]
        .map(String::from),
    );
    all
}

/// The board and the model of a spec.
pub fn build(spec: &Spec) -> (Model, Board) {
    let board = Board::new(&spec.dims, spec.torus, &spec.walls);
    (qspec::lower::build(spec, &board), board)
}

/// Compiles `src` with `enc` and compares its CNF's solutions with the
/// oracle's; returns the number of solutions.
pub fn agree(src: &str, enc: Encodings) -> usize {
    agree_as(src, enc, false)
}

/// [`agree`], and also the OPB rows (the linearisation OPB, LP and MPS
/// share) read back and re-encoded.
pub fn agree_with_rows(src: &str, enc: Encodings) -> usize {
    agree_as(src, enc, true)
}

fn agree_as(src: &str, enc: Encodings, rows: bool) -> usize {
    let s = spec(src);
    let (model, board) = build(&s);
    let want = oracle(&s, &board);
    let got = cnf_solutions(&model, &board, &enc);
    assert_eq!(
        got.len(),
        want.len(),
        "solution count differs for {enc:?} on\n{src}"
    );
    assert_eq!(got, want, "solutions differ for {enc:?} on\n{src}");
    if rows {
        let linear = cnf_solutions(&opb_round_trip(&model), &board, &Encodings::default());
        assert_eq!(linear, want, "OPB rows disagree with the oracle on\n{src}");
    }
    want.len()
}

/// A solution as the sorted list of occupied cells, followed (with `walls
/// free`) by `n_cells + c` for every chosen wall `c`.
pub type Cells = Vec<usize>;

pub fn spec(src: &str) -> Spec {
    load("test.qspec", src, &[]).unwrap_or_else(|e| panic!("{e}"))
}

/// Every placement of `spec` on `board`, found by exhaustive search.
///
/// The search only prunes with facts that hold for every rule set it is
/// used with: a piece count already over the largest allowed count (or
/// unable to reach the smallest), and — when `no_attack` is one of the rules
/// and walls are fixed — a partial placement that already contains an attack
/// (adding pieces never removes an attack, so no extension is a solution).
pub fn oracle(spec: &Spec, board: &Board) -> BTreeSet<Cells> {
    let cells: Vec<usize> = (0..board.n_cells())
        .filter(|&c| !board.is_wall(c))
        .collect();
    let mut search = Search {
        spec,
        board,
        cells,
        placement: Placement::empty(board.n_cells()),
        found: BTreeSet::new(),
        prune_attacks: spec.rules.contains(&RuleSpec::NoAttack),
        free_walls: spec.free_walls,
        max_walls: spec
            .wall_bounds()
            .iter()
            .filter(|(r, _)| *r != Rel::Ge)
            .map(|&(_, k)| k as usize)
            .min()
            .unwrap_or(usize::MAX),
        max_pieces: spec
            .counts()
            .iter()
            .filter(|(r, _)| *r != Rel::Ge)
            .map(|&(_, k)| k as usize)
            .min()
            .unwrap_or(usize::MAX),
        min_pieces: spec
            .counts()
            .iter()
            .filter(|(r, _)| *r != Rel::Le)
            .map(|&(_, k)| k as usize)
            .max()
            .unwrap_or(0),
    };
    search.go(0, 0, 0);
    search.found
}

struct Search<'a> {
    spec: &'a Spec,
    board: &'a Board,
    cells: Vec<usize>,
    placement: Placement,
    found: BTreeSet<Cells>,
    prune_attacks: bool,
    free_walls: bool,
    max_walls: usize,
    max_pieces: usize,
    min_pieces: usize,
}

impl Search<'_> {
    fn go(&mut self, i: usize, placed: usize, walls: usize) {
        if placed + (self.cells.len() - i) < self.min_pieces {
            return;
        }
        if i == self.cells.len() {
            let p = &self.placement;
            if geometry::is_solution(self.spec, &p.pieces, &p.chosen_walls) {
                self.found.insert(solution_cells(&self.placement));
            }
            return;
        }
        let cell = self.cells[i];
        self.go(i + 1, placed, walls);
        if placed < self.max_pieces {
            self.placement.pieces[cell] = true;
            // Adding pieces never removes an attack, unless walls may still
            // be put between them.
            if !(self.prune_attacks && !self.free_walls && self.has_attack()) {
                self.go(i + 1, placed + 1, walls);
            }
            self.placement.pieces[cell] = false;
        }
        if self.free_walls && walls < self.max_walls {
            self.placement.chosen_walls[cell] = true;
            self.go(i + 1, placed, walls + 1);
            self.placement.chosen_walls[cell] = false;
        }
    }

    fn has_attack(&self) -> bool {
        let p = &self.placement;
        geometry::has_attack(self.spec, &p.pieces, &p.chosen_walls)
    }
}

/// A placement as [`Cells`].
pub fn solution_cells(p: &Placement) -> Cells {
    let n = p.pieces.len();
    let pieces = (0..n).filter(|&c| p.pieces[c]);
    let walls = (0..n).filter(|&c| p.chosen_walls[c]).map(|c| n + c);
    pieces.chain(walls).collect()
}

/// The piece and wall variables, each with its index in [`Cells`] terms
/// (`c` for a piece on `c`, `n_cells + c` for a wall), through the names.
pub fn piece_vars(model: &Model, board: &Board) -> Vec<(Var, usize)> {
    (1..=model.n_vars())
        .map(Var::from_dimacs)
        .filter_map(|v| match cell_var(board, model.name(v)) {
            Some(CellVar::Piece(c)) => Some((v, c)),
            Some(CellVar::Wall(c)) => Some((v, board.n_cells() + c)),
            _ => None,
        })
        .collect()
}

/// Every solution of the model's CNF encoding, projected on the pieces.
pub fn cnf_solutions(model: &Model, board: &Board, enc: &Encodings) -> BTreeSet<Cells> {
    let mut solver = Embedded::new();
    let vars = encode_model(model, enc, &mut solver);
    solver.reserve_vars(vars.n_vars());
    let pieces = piece_vars(model, board);
    let only_vars: Vec<Var> = pieces.iter().map(|&(v, _)| v).collect();
    solver
        .enumerate(&only_vars)
        .expect("the embedded solver runs")
        .into_iter()
        .map(|values| {
            let mut cells: Cells = pieces
                .iter()
                .zip(values)
                .filter(|(_, b)| *b)
                .map(|(&(_, c), _)| c)
                .collect();
            cells.sort_unstable();
            cells
        })
        .collect()
}

/// The solutions of `all` (without free walls) whose size satisfies `rel k`.
pub fn with_count(all: &BTreeSet<Cells>, rel: Rel, k: u32) -> BTreeSet<Cells> {
    all.iter()
        .filter(|s| rel.holds(s.len() as i64, i64::from(k)))
        .cloned()
        .collect()
}

/// The model as its OPB file reads: the file written by qspec, its rows
/// parsed back into linear constraints over the same variables (the names
/// and decisions are the model's). Checking this model against the oracle
/// checks the linearisation that OPB, LP and MPS share.
pub fn opb_round_trip(model: &Model) -> Model {
    let mut bytes = Vec::new();
    qspec::emit::write_opb(&mut bytes, model, &qspec::emit::Provenance::default())
        .expect("OPB is written");
    let text = String::from_utf8(bytes).unwrap();
    let mut back = Model {
        names: model.names.clone(),
        decisions: model.decisions,
        ..Model::default()
    };
    let origin = back.origin("opb");
    for line in text.lines() {
        if line.starts_with('*') || line.starts_with("min:") || line.trim().is_empty() {
            continue;
        }
        back.add(opb_row(line), origin);
    }
    back
}

/// `+1 x3 -2 x5 >= -1 ;` as a linear constraint.
fn opb_row(line: &str) -> qspec::model::Constraint {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(tokens.last(), Some(&";"), "row not ended by ;: {line}");
    let n = tokens.len();
    let (rel, rhs) = (tokens[n - 3], tokens[n - 2].parse::<i64>().unwrap());
    let rel = match rel {
        ">=" => Rel::Ge,
        "=" => Rel::Eq,
        other => panic!("OPB allows only >= and =, found {other} in {line}"),
    };
    let terms = tokens[..n - 3]
        .chunks(2)
        .map(|pair| {
            let coef: i64 = pair[0].parse().unwrap();
            let id: i32 = pair[1].strip_prefix('x').unwrap().parse().unwrap();
            (coef, qspec::model::Lit::from_dimacs(id))
        })
        .collect();
    qspec::model::Constraint::Linear { terms, rel, rhs }
}

/// The project's folder.
pub fn root() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The `bin` folder of passagemath-kissat (its `sage_wheels` package), when
/// it holds a `kissat`: the one `.ci/run` installs where Debian has none.
pub fn sage_wheels_bin() -> Option<std::path::PathBuf> {
    let find = "import os, sage_wheels; print(os.path.join(list(sage_wheels.__path__)[0], 'bin'))";
    let out = std::process::Command::new("python3")
        .args(["-c", find])
        .stderr(std::process::Stdio::null())
        .output()
        .ok()?;
    let dir = std::path::PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
    (out.status.success() && dir.join("kissat").is_file()).then_some(dir)
}

/// Asserts `text` against the insta snapshot `name` in the top-level
/// `snapshots/` folder.
pub fn snapshot(name: &str, text: &str) {
    insta::with_settings!({
        snapshot_path => root().join("snapshots"),
        prepend_module_to_snapshot => false,
    }, {
        insta::assert_snapshot!(name, text);
    });
}

/// Runs the `qspec` binary in the project's folder.
pub fn qspec(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_qspec"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("qspec runs")
}

/// Runs the `qspec` binary in the project's folder with `input` on its
/// standard input.
pub fn qspec_stdin(args: &[&str], input: &[u8]) -> std::process::Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_qspec"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("qspec runs");
    child
        .stdin
        .take()
        .expect("a standard input")
        .write_all(input)
        .expect("qspec reads its input");
    child.wait_with_output().expect("qspec ends")
}

/// Runs the `qspec` binary in the project's folder with no proof checker
/// to be found: an empty PATH and a home without `.cargo`.
pub fn qspec_without_checker(args: &[&str], home: &std::path::Path) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_qspec"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("PATH", "")
        .env("HOME", home)
        .env_remove("CARGO_HOME")
        .output()
        .expect("qspec runs")
}

/// The classes of the most queens on n x n each attacking exactly k others
/// as qspec lists them (`solve --all --optimal --up-to-symmetry --jsonl`
/// of `models/queens-attacking-exactly-k-max.qspec`): one JSON line per
/// class, then the summary.
pub fn k_max_classes(n: usize, k: u32) -> String {
    let (n_text, k_text) = (format!("n={n}"), format!("k={k}"));
    let o = qspec(&[
        "solve",
        "models/queens-attacking-exactly-k-max.qspec",
        "-D",
        &n_text,
        "-D",
        &k_text,
        "--all",
        "--optimal",
        "--up-to-symmetry",
        "--jsonl",
    ]);
    assert!(o.status.success(), "n={n} k={k}: {}", stderr(&o));
    stdout(&o)
}

pub fn stdout(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

// ------------------------------------------------ a hand-built queens model

/// The n×n queens board: variables `x_r_c`, one at-most-one per row,
/// column and diagonal of at least two cells (origin `rule no_attack`).
pub fn queens_board(n: usize) -> (Model, Vec<Vec<Var>>) {
    let mut model = Model::default();
    let cells: Vec<Vec<Var>> = (0..n)
        .map(|r| {
            (0..n)
                .map(|c| model.new_var(format!("x_{r}_{c}")))
                .collect()
        })
        .collect();
    let origin = model.origin("rule no_attack");
    for line in board_lines(n) {
        let lits = line.iter().map(|&(r, c)| cells[r][c].positive()).collect();
        model.add(Constraint::AtMostOne(lits), origin);
    }
    (model, cells)
}

/// Rows, columns, diagonals and anti-diagonals with at least two cells.
pub fn board_lines(n: usize) -> Vec<Vec<(usize, usize)>> {
    let n_i = n as i64;
    let mut lines: Vec<Vec<(usize, usize)>> = Vec::new();
    lines.extend((0..n).map(|r| (0..n).map(|c| (r, c)).collect()));
    lines.extend((0..n).map(|c| (0..n).map(|r| (r, c)).collect()));
    for d in -(n_i - 1)..n_i {
        let diagonal = (0..n)
            .filter_map(|r| {
                let c = r as i64 - d;
                (0..n_i).contains(&c).then_some((r, c as usize))
            })
            .collect();
        lines.push(diagonal);
    }
    for s in 0..(2 * n - 1) {
        let anti = (0..n)
            .filter_map(|r| s.checked_sub(r).filter(|&c| c < n).map(|c| (r, c)))
            .collect();
        lines.push(anti);
    }
    lines.retain(|line: &Vec<(usize, usize)>| line.len() >= 2);
    lines
}

/// Pairwise at-most-one clauses for every at-most-one of the model and
/// "at least one per row" clauses: a CNF of the n-queens problem.
pub fn queens_clauses(model: &Model, n: usize) -> ClauseArena {
    let mut arena = ClauseArena::new();
    for tagged in &model.constraints {
        if let Constraint::AtMostOne(lits) = &tagged.constraint {
            for (i, &a) in lits.iter().enumerate() {
                for &b in &lits[i + 1..] {
                    arena.add_clause(&[!a, !b]);
                }
            }
        }
    }
    for r in 0..n {
        let row: Vec<Lit> = (0..n)
            .map(|c| Var::from_dimacs((r * n + c + 1) as u32).positive())
            .collect();
        arena.add_clause(&row);
    }
    arena
}

/// The text of the element `#selftest` of the page `path` once headless
/// Chromium has run its script as `path#selftest` (`apt-get install -y
/// chromium`).
pub fn chromium_selftest(path: &std::path::Path) -> String {
    let profile = tempfile::tempdir().unwrap();
    let output = std::process::Command::new("chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--virtual-time-budget=5000",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg("--dump-dom")
        .arg(format!("file://{}#selftest", path.display()))
        .output()
        .expect("chromium is installed (apt-get install -y chromium)");
    let dom = String::from_utf8_lossy(&output.stdout).to_string();
    let start = dom
        .find("<pre id=\"selftest\">")
        .expect("the page was rendered")
        + 19;
    let end = start + dom[start..].find("</pre>").unwrap();
    dom[start..end].to_string()
}

/// A small deterministic generator (xorshift), so that property tests run
/// the same cases everywhere.
pub struct Rng(pub u64);

impl Rng {
    /// A number in `0..n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }

    /// An index in `0..n`.
    pub fn index(&mut self, n: usize) -> usize {
        self.below(n as u64) as usize
    }

    /// A number in `low..=high`.
    pub fn between(&mut self, low: i64, high: i64) -> i64 {
        low + self.below((high - low + 1) as u64) as i64
    }
}

/// Writes `text` as `name` in `dir`; its path as a string (for a command
/// line).
pub fn write_text(dir: &std::path::Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("file written");
    path.to_string_lossy().into_owned()
}

/// A solution of a model of several kinds: `(cell, kind)` of every piece,
/// in cell order.
pub type KindCells = Vec<(usize, usize)>;

/// Every placement of `spec` (several kinds) on `board`, by exhaustive
/// search: each cell empty or holding a piece of one kind, judged by the
/// tests' own geometry ([`geometry::is_kind_solution`]). Boards of a dozen
/// cells (3^12 placements for two kinds).
pub fn kind_oracle(spec: &Spec, board: &Board) -> BTreeSet<KindCells> {
    let n = board.n_cells();
    let cells: Vec<usize> = (0..n).filter(|&c| !board.is_wall(c)).collect();
    let kinds = spec.kinds.len();
    let mut found = BTreeSet::new();
    let mut choice = vec![0usize; cells.len()]; // 0 empty, k + 1 kind k
    loop {
        let mut pieces = vec![false; n];
        let mut of = vec![0usize; n];
        for (i, &c) in cells.iter().enumerate() {
            if choice[i] > 0 {
                pieces[c] = true;
                of[c] = choice[i] - 1;
            }
        }
        if geometry::is_kind_solution(spec, &pieces, &of, &vec![false; n]) {
            found.insert((0..n).filter(|&c| pieces[c]).map(|c| (c, of[c])).collect());
        }
        let Some(i) = (0..choice.len()).find(|&i| choice[i] < kinds) else {
            return found;
        };
        choice[i] += 1;
        for c in &mut choice[..i] {
            *c = 0;
        }
    }
}

/// Every solution of the model's CNF encoding, as `(cell, kind)` pieces
/// (the kinds read from the variables' names).
pub fn cnf_kind_solutions(model: &Model, board: &Board, enc: &Encodings) -> BTreeSet<KindCells> {
    let mut solver = Embedded::new();
    let vars = encode_model(model, enc, &mut solver);
    solver.reserve_vars(vars.n_vars());
    let pieces: Vec<(Var, usize, usize)> = (1..=model.n_vars())
        .map(Var::from_dimacs)
        .filter_map(|v| match cell_var(board, model.name(v)) {
            Some(CellVar::Piece(c)) => Some((v, c, 0)),
            Some(CellVar::KindPiece { kind, cell }) => Some((v, cell, kind)),
            _ => None,
        })
        .collect();
    let only: Vec<Var> = pieces.iter().map(|&(v, _, _)| v).collect();
    solver
        .enumerate(&only)
        .expect("the embedded solver runs")
        .into_iter()
        .map(|values| {
            let mut cells: KindCells = pieces
                .iter()
                .zip(values)
                .filter(|(_, on)| *on)
                .map(|(&(_, c, k), _)| (c, k))
                .collect();
            cells.sort_unstable();
            cells
        })
        .collect()
}
