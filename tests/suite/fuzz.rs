//! A deterministic mutation fuzzer over the library's whole front half —
//! read, parse, check, size guard, build, encode and write every format —
//! and over `verify` with corrupted solver answers.
//!
//! Every file of `models/` is mutated (bytes and tokens deleted,
//! duplicated, swapped; huge numbers, look-alike and invisible Unicode, a
//! BOM, every line end made `\r\n`, `\r` or a mix, NUL bytes, tabs, deep
//! nesting, long operator chains, binary garbage),
//! and each case must: not panic, not overflow its (modest) stack, end
//! within the per-case budget, and, when it is refused, say where —
//! `file:line:column` inside the file — or which limit it passed.
//!
//! `cargo test` runs a fixed number of cases from a fixed seed (about a
//! minute); `bench/fuzz.sh` runs many more (`QSPEC_FUZZ_CASES`,
//! `QSPEC_FUZZ_SEED`).

use qspec::draw::Layout;
use qspec::emit::{write_format, Clauses, EmitOptions, Provenance};
use qspec::encode::{encode_model, ClauseArena};
use qspec::instance::{guard, load_file, Destination, Limits};
use qspec::options::{Encodings, Format};
use qspec::service::verify_answer;
use qspec::Error;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Cases per `cargo test` run of each fuzzer.
const CI_MODEL_CASES: u64 = 12_000;
const CI_ANSWER_CASES: u64 = 5_000;
/// No case may take longer (a loaded CI machine, an unoptimised build).
const BUDGET: Duration = Duration::from_secs(10);
/// The stack each case runs on: recursion that the limits do not bound
/// overflows it and fails the run.
const STACK: usize = 1 << 20;

/// The limits each case runs under: small, so that no case takes long.
fn limits() -> Limits {
    Limits {
        max_clauses: 2_000_000,
        max_bytes: 50_000_000,
        max_memory: 300_000_000,
    }
}

/// xorshift64*: small, fast, and the same everywhere.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn corpus(dir: &str, ext: Option<&str>) -> Vec<Vec<u8>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| ext.is_none_or(|x| p.extension().is_some_and(|e| e == x)))
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files.iter().map(|p| std::fs::read(p).unwrap()).collect()
}

const TOKENS: &[&str] = &[
    "board",
    "piece",
    "rule",
    "count",
    "param",
    "torus",
    "walls",
    "wall",
    "free",
    "fix",
    "forbid",
    "encode",
    "maximize",
    "minimize",
    "queen",
    "king",
    "knight",
    "amazon",
    "nightrider",
    "rook",
    "bishop",
    "no_attack",
    "dominate",
    "attacks",
    "amo",
    "card",
    "rays",
    "ladder",
    "cardnet",
    "chain",
    "direct",
    "x",
    "^",
    "==",
    "<=",
    ">=",
    "<",
    ">",
    "=",
    "+",
    "-",
    "*",
    "/",
    "%",
    "(",
    ")",
    ",",
    "{",
    "}",
    ";",
    "#",
    "0",
    "1",
    "2",
    "3",
    "9",
    "n",
    "m",
    "k",
    "(1,0)",
    "(0,0,0)",
    "rider",
    "leaper",
    ".",
    "Q",
];

const ODD: &[&str] = &[
    "\u{FEFF}", "é", "×", "８", "\u{2028}", "\u{85}", "\u{A0}", "−", "≤", "\u{200B}", "😀", "\t",
    "\r\n", "\r", "\0", "\u{7F}", "Ｑ", "·",
];

const HUGE: &[&str] = &[
    "99999999999999999999",
    "9223372036854775807",
    "-9223372036854775808",
    "4294967296",
    "2^62",
    "2^63",
    "(2^31)",
    "1000000",
    "20000001",
    "16",
    "17",
    "0",
    "-1",
];

/// One mutation of `text`.
fn mutate(rng: &mut Rng, text: &mut Vec<u8>) {
    let at = |rng: &mut Rng, text: &Vec<u8>| rng.below(text.len() + 1);
    match rng.below(17) {
        0 if !text.is_empty() => {
            let a = at(rng, text).min(text.len() - 1);
            let b = (a + 1 + rng.below(8)).min(text.len());
            text.drain(a..b);
        }
        1 if !text.is_empty() => {
            let a = at(rng, text).min(text.len() - 1);
            let b = (a + 1 + rng.below(16)).min(text.len());
            let piece: Vec<u8> = text[a..b].to_vec();
            let to = at(rng, text);
            text.splice(to..to, piece);
        }
        2 if text.len() > 2 => {
            let a = rng.below(text.len());
            let b = rng.below(text.len());
            text.swap(a, b);
        }
        3 => {
            let to = at(rng, text);
            let token = format!(" {} ", rng.pick(TOKENS));
            text.splice(to..to, token.bytes());
        }
        4 => {
            let to = at(rng, text);
            text.splice(to..to, rng.pick(HUGE).bytes());
        }
        5 => {
            let to = char_boundary(text, at(rng, text));
            text.splice(to..to, rng.pick(ODD).bytes());
        }
        6 => text.splice(0..0, "\u{FEFF}".bytes()).for_each(drop),
        7 => *text = relined(text, || b"\r\n"),
        8 => *text = relined(text, || b"\r"),
        9 => *text = relined(text, || *rng.pick(LINE_ENDS)),
        10 => {
            for _ in 0..1 + rng.below(3) {
                let to = char_boundary(text, at(rng, text));
                text.insert(to, 0);
            }
        }
        11 => {
            let depth = 1 + rng.below(200);
            let to = at(rng, text);
            let nest = format!("{}1{}", "(".repeat(depth), ")".repeat(rng.below(depth + 1)));
            text.splice(to..to, nest.bytes());
        }
        12 => {
            let n = 1 + rng.below(600);
            let op = *rng.pick(&["- ", "-", "1+", "2^", "2*"]);
            let to = at(rng, text);
            text.splice(to..to, op.repeat(n).bytes());
            text.splice(to + op.len() * n..to + op.len() * n, *b"1");
        }
        13 => {
            let to = at(rng, text);
            let garbage: Vec<u8> = (0..1 + rng.below(12)).map(|_| rng.next() as u8).collect();
            text.splice(to..to, garbage);
        }
        14 => lines_op(rng, text),
        15 => {
            // Replace a word by another token.
            let words: Vec<(usize, usize)> = word_spans(text);
            if let Some(&(a, b)) = (!words.is_empty()).then(|| rng.pick(&words)) {
                text.splice(a..b, rng.pick(TOKENS).bytes());
            }
        }
        _ => {
            let to = at(rng, text);
            text.splice(to..to, *b"\t");
        }
    }
}

fn char_boundary(text: &[u8], mut at: usize) -> usize {
    while at < text.len() && (text[at] & 0xC0) == 0x80 {
        at += 1;
    }
    at
}

/// The line ends the grammar reads.
const LINE_ENDS: &[&[u8]] = &[b"\n", b"\r\n", b"\r"];

/// `text` with each of its line ends (`\r\n`, `\n` or a lone `\r`, as the
/// grammar reads them) replaced by the one `ending` gives for it: bytes,
/// since a mutated model may not be UTF-8.
fn relined(text: &[u8], mut ending: impl FnMut() -> &'static [u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() + 16);
    let mut i = 0;
    while i < text.len() {
        match text[i] {
            b'\r' if text.get(i + 1) == Some(&b'\n') => {
                out.extend_from_slice(ending());
                i += 2;
            }
            b'\n' | b'\r' => {
                out.extend_from_slice(ending());
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    out
}

fn word_spans(text: &[u8]) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut start = None;
    for (i, &b) in text.iter().enumerate() {
        let word = b.is_ascii_alphanumeric() || b == b'_';
        match (word, start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                spans.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    spans
}

/// Deletes, duplicates or swaps whole lines.
fn lines_op(rng: &mut Rng, text: &mut Vec<u8>) {
    let mut lines: Vec<Vec<u8>> = text.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
    let (a, b) = (rng.below(lines.len()), rng.below(lines.len()));
    match rng.below(3) {
        0 => {
            lines.remove(a);
        }
        1 => {
            let line = lines[a].clone();
            lines.insert(b, line);
        }
        _ => lines.swap(a, b),
    }
    *text = lines.join(&b'\n');
}

/// Runs `f` on a thread with a modest stack, within the budget; the
/// panic message (or a timeout) as an error.
fn guarded(f: impl FnOnce() -> Result<(), String> + Send + 'static) -> Result<Duration, String> {
    let started = Instant::now();
    let worker = std::thread::Builder::new()
        .stack_size(STACK)
        .spawn(f)
        .map_err(|e| e.to_string())?;
    let outcome = worker.join();
    let took = started.elapsed();
    match outcome {
        Ok(Ok(())) if took <= BUDGET => Ok(took),
        Ok(Ok(())) => Err(format!("took {took:?}, over the budget of {BUDGET:?}")),
        Ok(Err(e)) => Err(e),
        Err(panic) => Err(format!(
            "panicked: {}",
            panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default()
        )),
    }
}

/// Every placed diagnostic names `name:line:column` inside the file.
fn check_refusal(e: &Error, name: &str, text: &[u8]) -> Result<(), String> {
    let shown = e.to_string();
    match e {
        Error::Spec(errors) => {
            let lines = qspec::diag::source_lines(&errors.source).count();
            for d in &errors.errors {
                if d.is_unplaced() {
                    continue;
                }
                let (line, col) = qspec::diag::line_col(&errors.source, d.span.start);
                let place = format!("{name}:{line}:{col}");
                if !shown.contains(&place) || line > lines {
                    return Err(format!("no place {place} in\n{shown}"));
                }
            }
            Ok(())
        }
        Error::TooLarge { message, .. } if message.contains("over the limit") => Ok(()),
        Error::TooLarge { .. } | Error::Unsupported { .. } | Error::Usage { .. } => Ok(()),
        other => Err(format!(
            "unexpected error for {} bytes: {other}",
            text.len()
        )),
    }
}

/// The front half on one mutated model: read, check, guard, build, then
/// encode and write one format into nothing.
fn run_model_case(dir: &Path, case: u64, text: Vec<u8>) -> Result<(), String> {
    let path = dir.join(format!("case{}.qspec", case % 4));
    std::fs::write(&path, &text).map_err(|e| e.to_string())?;
    let name = path.display().to_string();
    let limits = limits();
    let loaded = match load_file(
        &path,
        &[],
        &qspec::instance::LoadOptions {
            limits,
            ..Default::default()
        },
    ) {
        Ok(l) => l,
        Err(e) => return check_refusal(&e, &name, &text),
    };
    let format = [
        Format::Cnf,
        Format::Wcnf,
        Format::Opb,
        Format::Lp,
        Format::Mps,
        Format::Mzn,
    ][case as usize % 6];
    let enc = Encodings::default();
    if let Err(e) = guard::check_output(
        &loaded.model,
        &enc,
        Destination::File {
            format,
            gzip: case.is_multiple_of(2),
        },
        loaded.estimate.bytes,
        &limits,
    ) {
        return check_refusal(&e, &name, &text);
    }
    if qspec::emit::check_format(&loaded.model, format).is_err() {
        return Ok(());
    }
    let mut arena = ClauseArena::new();
    let n_vars = encode_model(&loaded.model, &enc, &mut arena).n_vars();
    let prov = Provenance::default();
    let clauses = Clauses {
        arena: &arena,
        n_vars,
    };
    let layout = Layout::of(&loaded.spec, &loaded.board);
    write_format(
        &mut std::io::sink(),
        format,
        &loaded.model,
        &prov,
        Some(clauses),
        Some(&layout),
        &EmitOptions::default(),
    )
    .map_err(|e| format!("writing {format}: {e}"))
}

/// The slowest cases of a run: their time, number and input.
#[derive(Default)]
struct Slowest(Vec<(Duration, u64, Vec<u8>)>);

impl Slowest {
    const KEPT: usize = 5;

    fn note(&mut self, took: Duration, case: u64, input: &[u8]) {
        if self.0.len() < Self::KEPT || took > self.0[Self::KEPT - 1].0 {
            self.0.push((took, case, input.to_vec()));
            self.0.sort_by_key(|s| std::cmp::Reverse(s.0));
            self.0.truncate(Self::KEPT);
        }
    }

    fn max(&self) -> Duration {
        self.0.first().map_or(Duration::ZERO, |s| s.0)
    }

    /// One line a case: the time, the case and its input on one line.
    fn report(&self) -> String {
        self.0
            .iter()
            .map(|(took, case, input)| {
                let text = String::from_utf8_lossy(input).replace(['\r', '\n'], " | ");
                let short: String = text.chars().take(160).collect();
                format!("fuzz:   {took:?} case {case}: {short}\n")
            })
            .collect()
    }
}

fn fuzz_models(cases: u64, seed: u64) -> (u64, Duration) {
    let seeds = corpus("models", Some("qspec"));
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng(seed | 1);
    let mut slowest = Slowest::default();
    for case in 0..cases {
        let mut text = rng.pick(&seeds).clone();
        for _ in 0..1 + rng.below(4) {
            mutate(&mut rng, &mut text);
        }
        let keep = text.clone();
        let d = dir.path().to_path_buf();
        match guarded(move || run_model_case(&d, case, text)) {
            Ok(took) => slowest.note(took, case, &keep),
            Err(why) => panic!(
                "model case {case} (seed {seed}) failed: {why}\n--- input ({} bytes) ---\n{}",
                keep.len(),
                String::from_utf8_lossy(&keep)
            ),
        }
    }
    eprint!("fuzz: the slowest model cases\n{}", slowest.report());
    (cases, slowest.max())
}

/// A real answer and the model it answers.
const ANSWERS: &[(&str, &str)] = &[
    ("cadical-eight-queens.out", "eight-queens.qspec"),
    ("minisat-eight-queens.result", "eight-queens.qspec"),
    ("cryptominisat-eight-queens.out", "eight-queens.qspec"),
    ("gurobi-eight-queens.sol", "eight-queens.qspec"),
    (
        "clasp-pb-blocked-two-walls.out",
        "blocked-8x8-two-walls.qspec",
    ),
    (
        "clasp-maxsat-blocked-two-walls.out",
        "blocked-8x8-two-walls.qspec",
    ),
    ("highs-blocked-two-walls.sol", "blocked-8x8-two-walls.qspec"),
    ("glpk-blocked-two-walls.out", "blocked-8x8-two-walls.qspec"),
    (
        "rc2-literals-blocked-two-walls.out",
        "blocked-8x8-two-walls.qspec",
    ),
    (
        "sat4j-pb-blocked-two-walls.out",
        "blocked-8x8-two-walls.qspec",
    ),
    ("cbc-queens-3d-5.sol", "queens-3d-5.qspec"),
    ("scip-queens-3d-5.sol", "queens-3d-5.qspec"),
];

const ANSWER_BITS: &[&str] = &[
    "v 0\n",
    "s SATISFIABLE\n",
    "s UNSATISFIABLE\n",
    "s OPTIMUM FOUND\n",
    "o 12\n",
    "v -1 2 0\n",
    "v 4294967296 0\n",
    "v 99999999999999999999999 0\n",
    "v x1 -x2\n",
    "-0",
    "1e308",
    "NaN",
    "v 0101010101\n",
    "\u{FEFF}",
    "\0\0\0",
    "c comment\n",
    "x_0_0 1\n",
    "99999999",
];

/// Mutates a real answer: truncates it, inserts garbage, wrong or huge
/// variable numbers, duplicates or swaps lines.
fn mutate_answer(rng: &mut Rng, text: &mut Vec<u8>) {
    match rng.below(5) {
        0 if !text.is_empty() => {
            let cut = rng.below(text.len());
            text.truncate(cut);
        }
        1 => {
            let to = rng.below(text.len() + 1);
            text.splice(to..to, rng.pick(ANSWER_BITS).bytes());
        }
        2 => lines_op(rng, text),
        3 => {
            // A number changed: another variable, a huge one, a sign.
            let words = word_spans(text);
            if !words.is_empty() {
                let (a, b) = *rng.pick(&words);
                let n = match rng.below(3) {
                    0 => (rng.next() % 200).to_string(),
                    1 => rng.pick(HUGE).to_string(),
                    _ => format!("-{}", String::from_utf8_lossy(&text[a..b])),
                };
                text.splice(a..b, n.bytes());
            }
        }
        _ => mutate(rng, text),
    }
}

fn fuzz_answers(cases: u64, seed: u64) -> (u64, Duration) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng(seed.rotate_left(17) | 1);
    let mut slowest = Duration::ZERO;
    let loaded: Vec<_> = ANSWERS
        .iter()
        .map(|(answer, model)| {
            let text = std::fs::read(root.join("tests/fixtures/answers").join(answer)).unwrap();
            let path = root.join("models").join(model);
            (text, path)
        })
        .collect();
    for case in 0..cases {
        let (text, model) = rng.pick(&loaded);
        let mut text = text.clone();
        for _ in 0..1 + rng.below(3) {
            mutate_answer(&mut rng, &mut text);
        }
        let answer = dir.path().join(format!("answer{}", case % 4));
        std::fs::write(&answer, &text).unwrap();
        let model = model.clone();
        let keep = text.clone();
        let outcome = guarded(move || {
            let loaded = load_file(
                &model,
                &[],
                &qspec::instance::LoadOptions {
                    limits: limits(),
                    ..Default::default()
                },
            )
            .map_err(|e| e.to_string())?;
            match verify_answer(&loaded, &answer, None, None) {
                Ok(_) => Ok(()),
                Err(
                    Error::Text { .. }
                    | Error::Usage { .. }
                    | Error::Unsupported { .. }
                    | Error::Io { .. },
                ) => Ok(()),
                Err(other) => Err(format!("unexpected error: {other}")),
            }
        });
        match outcome {
            Ok(took) => slowest = slowest.max(took),
            Err(why) => panic!(
                "answer case {case} (seed {seed}) failed: {why}\n--- answer ---\n{}",
                String::from_utf8_lossy(&keep)
            ),
        }
    }
    (cases, slowest)
}

#[test]
#[ignore = "slow: .ci/run runs it"]
fn mutated_models_never_crash_hang_or_lose_their_place() {
    let cases = env_u64("QSPEC_FUZZ_CASES", CI_MODEL_CASES);
    let seed = env_u64("QSPEC_FUZZ_SEED", 0x5EED_0001);
    let (n, slowest) = fuzz_models(cases, seed);
    eprintln!("fuzz: {n} mutated models, slowest case {slowest:?}");
}

#[test]
#[ignore = "slow: .ci/run runs it"]
fn corrupted_answers_never_crash_or_hang_verify() {
    let cases = env_u64("QSPEC_FUZZ_ANSWER_CASES", CI_ANSWER_CASES);
    let seed = env_u64("QSPEC_FUZZ_SEED", 0x5EED_0001);
    let (n, slowest) = fuzz_answers(cases, seed);
    eprintln!("fuzz: {n} corrupted answers, slowest case {slowest:?}");
}
