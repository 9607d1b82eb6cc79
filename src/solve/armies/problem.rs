//! What the armies search solves, read off a model ([`Problem::of`]): two
//! kinds of piece (two armies) on the live cells of a board of two
//! dimensions, a rule that no piece of one army stands on a line with a
//! piece of the other (each line a whole row, column or diagonal segment
//! between walls), equal armies, and the army's size maximised: peaceable
//! queens. The rule may come as binary clauses or as chains of defined
//! variables (`rays=chain`): the definitions are expanded to the pairs of
//! cells they forbid, and the lines are read back from those pairs — the
//! model is taken only when its pairs are exactly the pairs of some whole
//! lines, so the search's view (every line holds one army) is the model's.
//! A model with any other constraint is refused with the reason, except
//! for the constraints of hints that keep every verdict.

use std::collections::{HashMap, HashSet};

use crate::board::symmetry::grid_maps;
use crate::model::{Constraint, Decision, Exclusion, Lit, Model, Rel, Sense, Var};

/// The most cells the search takes (its conflict matrix is cells squared
/// bits: 2 MB at this size).
pub const MAX_CELLS: usize = 4096;

/// The directions a line may run in, as (row, column) steps: rows,
/// columns, diagonals, anti-diagonals. The search branches on the lines
/// of every direction but the last it keeps, in this order.
const DIRECTIONS: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

/// The armies as a board whose lines each hold one army.
#[derive(Clone, Debug)]
pub struct Problem {
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub width: usize,
    /// The piece variable of each army on each cell (`row * width +
    /// column`), `None` off the live cells.
    pub var_at: ArmyVars,
    /// The lines, by direction (only directions whose segments are whole
    /// lines of the rule): each a segment of live cells, cells in order.
    pub families: Vec<Vec<Vec<usize>>>,
    /// The board's symmetries that keep the live cells and the lines, each
    /// as a map of cells, the identity left out.
    pub maps: Vec<Vec<usize>>,
    /// The size the armies must reach (`count white == 12`, `count white
    /// >= 12`), or `None` when it is maximised.
    pub size: Option<u32>,
    /// Whether that size is exact (`count white == 12`), not a least one.
    pub exact: bool,
}

impl Problem {
    /// The problem `model` states, or why the armies search cannot take
    /// it.
    pub fn of(model: &Model) -> Result<Problem, String> {
        let (rows, width, var_at) = board(model)?;
        let read = Read::of(model, &var_at)?;
        let size = match (&model.objective, read.at_least) {
            (Some(_), None) => {
                objective(model, &var_at)?;
                None
            }
            (None, Some(k)) => Some(k),
            (Some(_), Some(_)) => return Err("the model bounds the armies it maximises".into()),
            (None, None) => return Err("the model neither maximises the armies (`maximize count white`) nor fixes their size (`count white == 12`)".into()),
        };
        let live: Vec<bool> = (0..rows * width).map(|c| var_at[0][c].is_some()).collect();
        let families = lines(rows, width, &live, &read.conflicts)?;
        let mut problem = Problem {
            rows,
            width,
            var_at,
            families,
            maps: Vec::new(),
            size,
            exact: read.exact,
        };
        problem.maps = symmetries(&problem);
        Ok(problem)
    }

    /// The number of cells of the board's box.
    pub fn n_cells(&self) -> usize {
        self.rows * self.width
    }
}

/// Each army's piece variable on each cell (`None` off the live cells).
type ArmyVars = [Vec<Option<Var>>; 2];

/// The board's size and each army's variable on each cell.
fn board(model: &Model) -> Result<(usize, usize, ArmyVars), String> {
    let mut placed: Vec<(Var, usize, usize, usize)> = Vec::new();
    for (var, decision) in model.cells.iter() {
        match decision {
            Decision::Piece { kind, cell } if *kind < 2 && cell.len() == 2 => {
                placed.push((var, *kind, cell[0], cell[1]))
            }
            Decision::Piece { kind, .. } if *kind >= 2 => {
                return Err("the model has more than two kinds of piece, and the armies search places two armies".into())
            }
            Decision::Piece { cell, .. } => {
                return Err(format!(
                    "the board has {} dimensions, and the armies search takes boards of two",
                    cell.len()
                ))
            }
            Decision::Wall { .. } => {
                return Err("the solver places walls (`walls free`), and the armies search places pieces only".into())
            }
        }
    }
    if placed.is_empty() || placed.len() != model.n_decisions() as usize {
        return Err("the model's decisions are not the cells of a board".into());
    }
    if !placed.iter().any(|p| p.1 == 1) {
        return Err(
            "the model has one kind of piece, and the armies search places two armies".into(),
        );
    }
    let rows = placed.iter().map(|p| p.2 + 1).max().unwrap_or(0);
    let width = placed.iter().map(|p| p.3 + 1).max().unwrap_or(0);
    if rows * width > MAX_CELLS {
        return Err(format!(
            "the board has {} cells, and the armies search takes at most {MAX_CELLS}",
            rows * width
        ));
    }
    let mut var_at = [vec![None; rows * width], vec![None; rows * width]];
    for (var, kind, r, c) in placed {
        var_at[kind][r * width + c] = Some(var);
    }
    if (0..rows * width).any(|c| var_at[0][c].is_some() != var_at[1][c].is_some()) {
        return Err("a cell is open to one army only".into());
    }
    Ok((rows, width, var_at))
}

/// Checks the objective: the size of one army, maximised.
fn objective(model: &Model, var_at: &ArmyVars) -> Result<(), String> {
    let Some(objective) = &model.objective else {
        return Ok(());
    };
    let mut vars: Vec<Var> = objective.terms.iter().map(|&(_, l)| l.var()).collect();
    vars.sort_unstable();
    let army = |kind: usize| -> Vec<Var> {
        let mut v: Vec<Var> = var_at[kind].iter().flatten().copied().collect();
        v.sort_unstable();
        v
    };
    let plain = objective.sense == Sense::Maximize
        && objective.terms.iter().all(|&(c, l)| c == 1 && !l.is_neg());
    if !plain || (vars != army(0) && vars != army(1)) {
        return Err(format!(
            "the objective ({}) is not the size of one army, maximised",
            objective.what
        ));
    }
    Ok(())
}

/// The pairs of cells the model forbids to hold pieces of different
/// armies, read off its constraints.
struct Read {
    /// `conflicts[a]` holds `b` when a piece of the first army on `a` and
    /// one of the second on `b` may not stand together.
    conflicts: Vec<HashSet<usize>>,
    /// The least size of an army the model asks for (`count white ==
    /// 12`, `count black >= 12`), when it asks for one.
    at_least: Option<u32>,
    /// Whether every bound on an army's size is `==`.
    exact: bool,
}

impl Read {
    fn of(model: &Model, var_at: &ArmyVars) -> Result<Read, String> {
        let piece: HashMap<Var, (usize, usize)> = (0..2)
            .flat_map(|k| {
                var_at[k]
                    .iter()
                    .enumerate()
                    .filter_map(move |(c, v)| Some(((*v)?, (k, c))))
            })
            .collect();
        // Each flag's setters: `implied[h]` holds `a` for every `a -> h`.
        let mut implied: HashMap<Var, Vec<Var>> = HashMap::new();
        let mut pairs: Vec<[Var; 2]> = Vec::new();
        let mut equal = false;
        let mut at_least: Option<u32> = None;
        let mut exact = true;
        for tagged in &model.constraints {
            if model.keeps_verdicts_without(tagged.origin) {
                continue;
            }
            let origin = model.origin_text(tagged.origin);
            let refuse = |what: &str| {
                Err(format!(
                    "the constraints from `{origin}` include {what}, which is neither a rule between the armies nor their equal count"
                ))
            };
            // Pieces (or lines' flags) that exclude each other: each pair.
            match tagged.constraint.exclusion() {
                Some(Exclusion::Only(ls)) if ls.iter().all(|l| !l.is_neg()) => {
                    for (i, a) in ls.iter().enumerate() {
                        for b in &ls[i + 1..] {
                            pairs.push([a.var(), b.var()]);
                        }
                    }
                    continue;
                }
                Some(Exclusion::Pair([a, b])) if !a.is_neg() && !b.is_neg() => {
                    pairs.push([a.var(), b.var()]);
                    continue;
                }
                _ => {}
            }
            match &tagged.constraint {
                // `!a | h`: a piece (or a line's flag) sets the flag `h`.
                Constraint::Clause(ls) if ls.len() == 2 && ls[0].is_neg() != ls[1].is_neg() => {
                    let (body, head) = if ls[0].is_neg() {
                        (ls[0], ls[1])
                    } else {
                        (ls[1], ls[0])
                    };
                    if piece.contains_key(&head.var()) {
                        return refuse("a clause that sets a piece");
                    }
                    implied.entry(head.var()).or_default().push(body.var());
                }
                Constraint::OrDef { def, lits }
                    if !def.is_neg()
                        && !piece.contains_key(&def.var())
                        && lits.iter().all(|l| !l.is_neg()) =>
                {
                    implied
                        .entry(def.var())
                        .or_default()
                        .extend(lits.iter().map(|l| l.var()));
                }
                Constraint::Linear {
                    terms,
                    rel: Rel::Eq,
                    rhs: 0,
                } if equal_armies(terms, &piece) => equal = true,
                Constraint::Card {
                    lits,
                    rel: rel @ (Rel::Eq | Rel::Ge),
                    k,
                    guard: None,
                } if one_army(lits, &piece) => {
                    exact &= *rel == Rel::Eq;
                    at_least = Some(at_least.map_or(*k, |a| a.max(*k)))
                }
                Constraint::Clause(_) => return refuse("a clause"),
                Constraint::OrDef { .. } => return refuse("a defined variable"),
                Constraint::Linear { .. } => return refuse("a linear constraint"),
                Constraint::Card { .. } | Constraint::AtMostOne(_) => {
                    return refuse("a cardinality constraint")
                }
            }
        }
        if !equal {
            return Err("the armies are not of equal size (`count white == count black`)".into());
        }
        let mut expanded = Expanded {
            piece: &piece,
            implied: &implied,
            memo: HashMap::new(),
        };
        let n = var_at[0].len();
        let mut conflicts = vec![HashSet::new(); n];
        for [a, b] in pairs {
            let (left, right) = (expanded.of(a, 0)?, expanded.of(b, 0)?);
            for &(ka, ca) in left.iter() {
                for &(kb, cb) in right.iter() {
                    if ka == kb {
                        return Err("the rules forbid two pieces of one army together, and the armies search takes rules between the armies only".into());
                    }
                    let (white, black) = if ka == 0 { (ca, cb) } else { (cb, ca) };
                    conflicts[white].insert(black);
                }
            }
        }
        Ok(Read {
            conflicts,
            at_least,
            exact,
        })
    }
}

/// Whether `lits` are every piece of one army, each once, positive.
fn one_army(lits: &[Lit], piece: &HashMap<Var, (usize, usize)>) -> bool {
    let kinds: HashSet<usize> = lits
        .iter()
        .filter_map(|l| piece.get(&l.var()).map(|p| p.0))
        .collect();
    let distinct: HashSet<Var> = lits.iter().map(|l| l.var()).collect();
    kinds.len() == 1
        && lits
            .iter()
            .all(|l| !l.is_neg() && piece.contains_key(&l.var()))
        && distinct.len() == lits.len()
        && lits.len() * 2 == piece.len()
}

/// Whether `terms` say the armies are equal: every piece of one army
/// counted +1, every piece of the other -1.
fn equal_armies(terms: &[(i64, Lit)], piece: &HashMap<Var, (usize, usize)>) -> bool {
    let mut seen = [0usize; 2];
    let mut sign = [0i64; 2];
    for &(c, l) in terms {
        let Some(&(kind, _)) = piece.get(&l.var()) else {
            return false;
        };
        if l.is_neg() || c.abs() != 1 || (sign[kind] != 0 && sign[kind] != c) {
            return false;
        }
        sign[kind] = c;
        seen[kind] += 1;
    }
    let per_army = piece.len() / 2;
    sign[0] == -sign[1] && seen == [per_army, per_army]
}

/// The pieces a variable stands for once its setters are expanded: a flag
/// set by pieces (`a -> h`, or `h <-> a | b`) and read only as "not both"
/// (`!h | !g`) may as well be the `or` of its setters, so "not both" of two
/// flags forbids every pair of their pieces.
struct Expanded<'a> {
    piece: &'a HashMap<Var, (usize, usize)>,
    implied: &'a HashMap<Var, Vec<Var>>,
    memo: HashMap<Var, std::rc::Rc<Vec<(usize, usize)>>>,
}

impl Expanded<'_> {
    fn of(&mut self, var: Var, depth: usize) -> Result<std::rc::Rc<Vec<(usize, usize)>>, String> {
        if let Some(&p) = self.piece.get(&var) {
            return Ok(std::rc::Rc::new(vec![p]));
        }
        if let Some(done) = self.memo.get(&var) {
            return Ok(done.clone());
        }
        let setters = self.implied.get(&var).cloned().unwrap_or_default();
        if depth > self.implied.len() {
            return Err("the rule's definitions go round in a loop".into());
        }
        let mut all = Vec::new();
        for v in setters {
            all.extend(self.of(v, depth + 1)?.iter().copied());
        }
        all.sort_unstable();
        all.dedup();
        let all = std::rc::Rc::new(all);
        self.memo.insert(var, all.clone());
        Ok(all)
    }
}

/// The lines, by direction: the segments of live cells of each direction
/// whose every two cells conflict, kept when every segment of the
/// direction is such a line; refused unless every conflict is between two
/// cells of one kept line, and each cell conflicts with itself (one piece
/// a cell). The segments stop at the board's edges, or, on a torus (the
/// conflicts then run round the edges), wrap round them.
fn lines(
    rows: usize,
    width: usize,
    live: &[bool],
    conflicts: &[HashSet<usize>],
) -> Result<Vec<Vec<Vec<usize>>>, String> {
    for wrap in [false, true] {
        let families = families(rows, width, live, conflicts, wrap);
        let mut covered: Vec<HashSet<usize>> = vec![HashSet::new(); live.len()];
        for segment in families.iter().flatten() {
            for &a in segment {
                covered[a].extend(segment.iter().copied());
            }
        }
        if !families.is_empty() && covered == conflicts {
            return Ok(families);
        }
    }
    Err("the rule between the armies is not that a line (a row, column or diagonal, up to walls, or round a torus) holds one army".into())
}

/// The segments of each direction, kept when every segment of the
/// direction is a line of the rule (its every two cells conflict).
fn families(
    rows: usize,
    width: usize,
    live: &[bool],
    conflicts: &[HashSet<usize>],
    wrap: bool,
) -> Vec<Vec<Vec<usize>>> {
    let whole = |segment: &[usize]| {
        segment
            .iter()
            .all(|&a| segment.iter().all(|&b| conflicts[a].contains(&b)))
    };
    DIRECTIONS
        .iter()
        .map(|&(dr, dc)| match wrap {
            false => segments(rows, width, live, dr, dc),
            true => wrapped_segments(rows, width, live, dr, dc),
        })
        .filter(|segments| segments.iter().all(|s| whole(s)))
        .collect()
}

/// The runs of live cells in direction `(dr, dc)` on the torus: each
/// cycle of the step round the edges, whole when all its cells are live,
/// else cut at its dead cells; cycles in the order of their first cells.
fn wrapped_segments(
    rows: usize,
    width: usize,
    live: &[bool],
    dr: isize,
    dc: isize,
) -> Vec<Vec<usize>> {
    let step = |cell: usize| -> usize {
        let r = (cell / width) as isize + dr;
        let c = (cell % width) as isize + dc;
        r.rem_euclid(rows as isize) as usize * width + c.rem_euclid(width as isize) as usize
    };
    let mut seen = vec![false; rows * width];
    let mut out = Vec::new();
    for start in 0..rows * width {
        if seen[start] {
            continue;
        }
        let mut cycle = vec![start];
        seen[start] = true;
        let mut cell = step(start);
        while cell != start {
            seen[cell] = true;
            cycle.push(cell);
            cell = step(cell);
        }
        // From just after a dead cell, so that no run is cut in two.
        if let Some(dead) = cycle.iter().position(|&c| !live[c]) {
            cycle.rotate_left(dead + 1);
        }
        for run in cycle.split(|&c| !live[c]).filter(|r| !r.is_empty()) {
            out.push(run.to_vec());
        }
    }
    out
}

/// The maximal runs of live cells in direction `(dr, dc)`, each from its
/// first cell, in the order of their first cells.
fn segments(rows: usize, width: usize, live: &[bool], dr: isize, dc: isize) -> Vec<Vec<usize>> {
    let at = |r: isize, c: isize| -> Option<usize> {
        (r >= 0 && c >= 0 && (r as usize) < rows && (c as usize) < width)
            .then(|| r as usize * width + c as usize)
            .filter(|&x| live[x])
    };
    let mut out = Vec::new();
    for r in 0..rows as isize {
        for c in 0..width as isize {
            if at(r, c).is_none() || at(r - dr, c - dc).is_some() {
                continue;
            }
            let mut segment = Vec::new();
            let (mut rr, mut cc) = (r, c);
            while let Some(x) = at(rr, cc) {
                segment.push(x);
                rr += dr;
                cc += dc;
            }
            out.push(segment);
        }
    }
    out
}

/// The symmetries of the box that keep the live cells and map every line
/// onto a line, as maps of cells, the identity left out; on a torus (a
/// line that wraps round the edges) with each of the translations too.
fn symmetries(problem: &Problem) -> Vec<Vec<usize>> {
    let lines: HashSet<Vec<usize>> = problem
        .families
        .iter()
        .flatten()
        .map(|l| sorted(l.clone()))
        .collect();
    let n = problem.n_cells();
    let (rows, width) = (problem.rows, problem.width);
    let mut candidates = grid_maps(rows, width);
    if wraps(problem) {
        let identity: Vec<usize> = (0..n).collect();
        let box_maps: Vec<Vec<usize>> = std::iter::once(identity).chain(candidates).collect();
        candidates = Vec::new();
        for (dr, dc) in (0..rows).flat_map(|dr| (0..width).map(move |dc| (dr, dc))) {
            for map in &box_maps {
                let moved = |c: usize| ((c / width + dr) % rows) * width + (c % width + dc) % width;
                if (dr, dc) != (0, 0) || !map.iter().enumerate().all(|(c, &m)| c == m) {
                    candidates.push(map.iter().map(|&c| moved(c)).collect());
                }
            }
        }
    }
    candidates
        .into_iter()
        .filter(|map| {
            (0..n).all(|c| problem.var_at[0][c].is_some() == problem.var_at[0][map[c]].is_some())
                && lines
                    .iter()
                    .all(|l| lines.contains(&sorted(l.iter().map(|&c| map[c]).collect())))
        })
        .collect()
}

/// Whether a line runs round the board's edges (a torus): two cells of
/// one line that are not one step apart on the board, though one step
/// apart on the line.
fn wraps(problem: &Problem) -> bool {
    let width = problem.width;
    problem.families.iter().flatten().any(|line| {
        line.windows(2).any(|pair| {
            let (a, b) = (pair[0], pair[1]);
            let (dr, dc) = (
                (b / width).abs_diff(a / width),
                (b % width).abs_diff(a % width),
            );
            dr > 1 || dc > 1
        })
    })
}

fn sorted(mut cells: Vec<usize>) -> Vec<usize> {
    cells.sort_unstable();
    cells
}
