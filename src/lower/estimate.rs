//! What building a spec's model will take, estimated from the spec alone
//! before anything is built: cells × line families × rule. Each figure is
//! an upper bound of what [`super::build`] makes (walls only shorten
//! lines), so that a model too large for memory is refused in microseconds
//! instead of being built.

use super::canonical_directions;
use crate::board::moves;
use crate::board::sets::{line_set_sizes, n_steps, shortest_binding, Scope};
use crate::language::{HintSpec, RuleSpec, Spec};
use crate::options::RayEncoding;

/// The size of a model, estimated before it is built.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ModelEstimate {
    /// Named variables (pieces, chosen walls, auxiliary indicators).
    pub variables: u64,
    /// Constraints.
    pub constraints: u64,
    /// Literals over all constraints.
    pub literals: u64,
    /// Memory the model takes while it is built and kept, in bytes.
    pub bytes: u64,
    /// Board cells.
    pub cells: u64,
    /// Rider line families and leaper directions (after merging the ones
    /// a torus makes equal) the rules walk: none without a rule.
    pub directions: u64,
    /// The directions of the lines counts range over (`count per line`:
    /// every slope; `per diagonal`: the diagonal steps).
    pub line_directions: u64,
}

impl ModelEstimate {
    /// What the model's size comes from: `40,000 cells x 4 directions`,
    /// `40,000 cells x 19,800 line directions`, `64 cells`.
    pub fn shape(&self) -> String {
        let cells = crate::diag::thousands(self.cells);
        let directions = crate::diag::thousands(self.directions + self.line_directions);
        match (self.directions, self.line_directions) {
            (0, 0) => format!("{cells} cells"),
            (0, _) => format!("{cells} cells x {directions} line directions"),
            _ => format!("{cells} cells x {directions} directions"),
        }
    }
}

/// Bytes per named variable (its name, the name's index entry).
const VAR_BYTES: u64 = 72;
/// Bytes per constraint besides its literals.
const CONSTRAINT_BYTES: u64 = 56;
/// Bytes per cell of the board and the builder's per-cell tables (40),
/// and of the model's cell table: a decision and its coordinates (64).
const CELL_BYTES: u64 = 104;
/// Bytes per memoised ray indicator.
const SEEN_BYTES: u64 = 48;

/// The model of `spec`, estimated; see the module documentation.
pub fn estimate(spec: &Spec) -> ModelEstimate {
    let cells = spec.dims.iter().map(|&s| s as u64).product::<u64>();
    let free = cells.saturating_sub(spec.walls.len() as u64);
    let m = moves(spec.piece());
    let riders = canonical_directions(&m.riders, &spec.dims, spec.torus);
    let leapers = canonical_directions(&m.leapers, &spec.dims, spec.torus);
    let (f_r, f_l) = (riders.len() as u64, leapers.len() as u64);
    let mut e = Counts::default();
    // Several kinds: a variable a kind and cell, at most one a cell.
    let kinds = spec.kinds.len().max(1) as u64;
    let pieces = kinds.saturating_mul(free);
    e.vars(pieces);
    if kinds > 1 {
        e.rows(free, pieces);
    }
    if spec.free_walls {
        e.vars(free);
        e.rows(free, 2 * free);
    }
    // The longest a ray can be along each rider direction.
    let ray = |v: &[i64]| -> u64 {
        spec.dims
            .iter()
            .zip(v)
            .filter(|(_, &x)| x != 0)
            .map(|(&s, &x)| (s as u64).div_ceil(x.unsigned_abs()))
            .min()
            .unwrap_or(1)
    };
    let ray_sum: u64 = riders.iter().map(|v| ray(v)).sum();
    let mut seen = false;
    for rule in &spec.rules {
        match rule {
            RuleSpec::NoAttack if spec.free_walls => {
                e.vars(f_r * free);
                e.rows(3 * f_r * free, 7 * f_r * free);
                e.rows(f_l * free, 2 * f_l * free);
            }
            RuleSpec::NoAttack => {
                e.rows(f_r * free / 2 + f_r, f_r * pieces);
                e.rows(f_l * free * kinds * kinds, 2 * f_l * free * kinds * kinds);
            }
            RuleSpec::AttacksOf { kind, .. } => {
                // A chain variable a cell and signed step, one card a cell.
                let m = moves(&spec.kinds[*kind].piece);
                let (r, l) = (m.riders.len() as u64, m.leapers.len() as u64);
                e.vars(r * free);
                e.rows(r * free, (kinds + 2) * r * free);
                e.rows(free, free * (r + l * kinds + 1));
            }
            RuleSpec::NoAttackOn { attacker, target } if kinds > 2 || attacker == target => {
                // Sight chains: a variable a cell, direction and way (twice
                // round a torus), each with three clauses.
                let m = moves(&spec.kinds[*attacker].piece);
                let r = canonical_directions(&m.riders, &spec.dims, spec.torus).len() as u64;
                let l = m.leapers.len() as u64;
                let laps = if spec.torus { 2 } else { 1 };
                let chained = 2 * r * free * laps;
                e.vars(chained);
                e.rows(3 * chained, (6 + kinds) * chained);
                e.rows(l * free, 2 * l * free);
            }
            RuleSpec::NoAttackOn { attacker, .. } => {
                let m = moves(&spec.kinds[*attacker].piece);
                let (r, l) = (m.riders.len() as u64, m.leapers.len() as u64);
                e.vars(2 * r * free);
                e.rows(3 * r * free, 6 * r * free);
                e.rows(2 * l * free, 4 * l * free);
            }
            RuleSpec::Attacks(..) => {
                e.rows(free, free * (2 * f_r + 2 * f_l + 1));
                if spec.torus {
                    // Per-target indicators: two per cell a ray passes.
                    e.vars(4 * ray_sum * free);
                    e.rows(4 * ray_sum * free, 12 * ray_sum * free);
                }
                seen = true;
            }
            RuleSpec::Dominate => {
                e.rows(free, free * (2 * f_r + 2 * f_l + 2));
                seen = true;
            }
        }
    }
    if seen {
        let signed = 2 * f_r;
        e.vars(signed * free);
        e.extra = e.extra.saturating_add(signed * free * SEEN_BYTES);
        let direct = spec.rays == Some(RayEncoding::Direct) || spec.torus;
        let per_ray = if direct { ray_sum.max(f_r) } else { 3 * f_r };
        let walls = if spec.free_walls { 2 } else { 1 };
        e.rows(signed * free * walls, 2 * per_ray * free * walls);
    }
    hints(spec, free, &riders, &mut e);
    let mut line_directions = 0;
    for count in &spec.scoped_counts() {
        // Lines worked out step by step where they can be; else, along
        // each step the sets are disjoint and each has at least `shortest`
        // cells: at most cells / shortest of them, holding each piece once.
        let shortest = shortest_binding(&count.scope, count.only_at_most());
        let steps = n_steps(&count.scope, &spec.dims, shortest);
        let sized = line_set_sizes(&count.scope, &spec.dims, shortest).filter(|_| !spec.torus);
        match sized {
            Some((sets, held)) => e.rows(sets, held.saturating_mul(kinds)),
            None => {
                let sets = cells / shortest.max(1) as u64;
                e.rows(steps.saturating_mul(sets), steps.saturating_mul(pieces));
            }
        }
        if matches!(count.scope, Scope::Line | Scope::Diagonal) {
            line_directions = line_directions.max(steps);
        }
    }
    let bounds = (spec.counts().len() + spec.wall_bounds().len() + spec.kind_counts().len()) as u64;
    e.rows(bounds, bounds * pieces);
    let compared = spec.counts_compared().len() as u64;
    e.rows(compared, compared * pieces);
    if spec.objective.is_some() {
        e.literals = e.literals.saturating_add(pieces);
    }
    let direction_bytes = (f_r + f_l) * (spec.dims.len() as u64 * 8 + 24) * 3;
    let bytes = e
        .variables
        .saturating_mul(VAR_BYTES)
        .saturating_add(e.constraints.saturating_mul(CONSTRAINT_BYTES))
        .saturating_add(e.literals.saturating_mul(4))
        .saturating_add(cells.saturating_mul(CELL_BYTES))
        .saturating_add(direction_bytes)
        .saturating_add(e.extra);
    ModelEstimate {
        variables: e.variables,
        constraints: e.constraints,
        literals: e.literals,
        bytes,
        cells,
        directions: if spec.rules.is_empty() { 0 } else { f_r + f_l },
        line_directions,
    }
}

/// The hints' variables and constraints (see `lower::hints`).
fn hints(spec: &Spec, free: u64, riders: &[Vec<i64>], e: &mut Counts) {
    let d = spec.dims.len() as u32;
    let f_r = riders.len() as u64;
    let largest = spec.dims.iter().copied().max().unwrap_or(0) as u64;
    let product = |shrink: u64| -> u64 {
        spec.dims
            .iter()
            .map(|&n| (n as u64).saturating_sub(shrink))
            .fold(1u64, u64::saturating_mul)
    };
    // Segment indicators: at most one per cell and family.
    let segments = f_r.saturating_mul(free);
    let mut indicators = false;
    for hint in &spec.hints {
        match &hint.kind {
            HintSpec::Lines | HintSpec::EmptyLines(..) => {
                if !indicators {
                    indicators = true;
                    e.vars(segments);
                    e.rows(segments, segments.saturating_add(f_r.saturating_mul(free)));
                }
                let rules = spec.rules.len() as u64 + 1;
                e.rows(
                    4 * rules + 1,
                    (4 * rules + 1).saturating_mul(free + segments),
                );
            }
            HintSpec::Cliques { cube, star } => {
                for h in 1..largest {
                    if *cube {
                        e.rows(product(h), product(h).saturating_mul((1 << d.min(60)) + 1));
                    }
                    if *star {
                        e.rows(
                            product(2 * h),
                            product(2 * h).saturating_mul(2 * u64::from(d) + 1),
                        );
                    }
                }
                // The clique-cover count: one indicator and one OR row per
                // group (each cell in one group), and the two count rows.
                e.vars(free);
                e.rows(free.saturating_add(2), free.saturating_mul(4));
                // On a torus the pairs are judged by each cell's segment in
                // every rider direction, a table of them all.
                if spec.torus {
                    let table = f_r.saturating_mul(free).saturating_mul(8);
                    e.extra = e.extra.saturating_add(table);
                }
            }
            HintSpec::Layers(_) => e.rows(largest * u64::from(d), free * u64::from(d)),
            HintSpec::Subboards { .. } => e.rows(free, free.saturating_mul(free)),
            HintSpec::Symmetric(maps) => {
                let n = maps.len() as u64 * 2 * free;
                e.rows(n, 2 * n);
            }
            HintSpec::SymmetricKinds { kinds, .. } => {
                let n = kinds.len() as u64 * free;
                e.rows(n, 2 * n);
            }
            HintSpec::BreakSymmetry => {
                // With several kinds: every kind's layer, under each swap.
                let swaps = super::hints::kind_permutations(spec).len() as u64;
                let layers = spec.kinds.len().max(1) as u64;
                let group = crate::board::symmetry::box_group_order(&spec.dims)
                    .min(super::hints::GROUP_LIMIT) as u64;
                let positions = group
                    .saturating_mul(swaps)
                    .saturating_mul(2 * layers * free);
                e.vars(positions);
                e.rows(3 * positions, 9 * positions);
            }
        }
    }
}

#[derive(Default)]
struct Counts {
    variables: u64,
    constraints: u64,
    literals: u64,
    extra: u64,
}

impl Counts {
    fn vars(&mut self, n: u64) {
        self.variables = self.variables.saturating_add(n);
    }

    fn rows(&mut self, constraints: u64, literals: u64) {
        self.constraints = self.constraints.saturating_add(constraints);
        self.literals = self.literals.saturating_add(literals);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    fn spec(src: &str) -> Spec {
        crate::language::load("t.qspec", src, &[]).unwrap()
    }

    #[test]
    fn the_estimate_bounds_the_built_model() {
        for src in [
            "board 8 x 8\npiece queen\nrule no_attack\ncount == 8\n",
            "board 6 x 7\nwall (1,1)\npiece amazon\nrule attacks == 2\nmaximize count\n",
            "board 5 x 5\ntorus\npiece queen\nrule dominate\ncount <= 5\n",
            "board 4 x 6\nwalls free\npiece rook\nrule no_attack\ncount >= 4\nminimize walls\n",
            "board 3^3\npiece king\nrule attacks <= 3\nrule dominate\nmaximize count\n",
            "board 2 x 2 x 2 x 2\ntorus\npiece queen\nrule no_attack\ncount >= 2\n",
            "board 6 x 6\nwall (2,2)\nrule attacks == 2\ncount >= 5\nhint lines\nhint empty_lines <= 3\n",
            "board 5^3\nrule no_attack\ncount >= 9\nhint cliques cube star\nhint layers <= 5\nhint subboards 3 <= 4\n",
            "board 6 x 6\nwalls free\nrule no_attack\nhint symmetric rot90\nhint break_symmetry\n",
            "board 3^4\nrule no_attack\nhint break_symmetry\n",
            "board 7 x 7\nwall (3,3)\ncount per line <= 2\ncount per row == 2\ncount per column >= 1\n",
            "board 4 x 5 x 3\ncount per line <= 1\ncount per diagonal == 1\ncount in (0,0,0) (2,2,2) <= 3\n",
            "board 3 x 3\nregions {\n  a a b\n  a b b\n  c c c\n}\npiece king\nrule no_attack\ncount per region == 1\n",
            "board 6 x 6\npiece white queen\npiece black queen\nrule white no_attack black\ncount white == count black\ncount black >= 2\nmaximize count white\n",
            "board 5 x 5\ntorus\npiece queen\npiece knight\nrule queen no_attack knight\nrule knight no_attack queen\ncount per row <= 2\nfix (0,0)\nforbid (1,1)\nmaximize count\n",
            "board 4 x 4\npiece a queen\npiece b queen\nrule no_attack\ncount a per row <= 1\ncount == 4\n",
        ] {
            let s = spec(src);
            let board = Board::new(&s.dims, s.torus, &s.walls);
            let model = crate::lower::build(&s, &board);
            let e = estimate(&s);
            let lits: u64 = model
                .constraints
                .iter()
                .map(|t| t.constraint.n_lits() as u64)
                .sum();
            assert!(
                e.variables >= u64::from(model.n_vars()),
                "{src}: {e:?} vs {}",
                model.n_vars()
            );
            assert!(
                e.constraints >= model.constraints.len() as u64,
                "{src}: {e:?}"
            );
            assert!(e.literals >= lits, "{src}: {e:?} vs {lits}");
        }
    }
}
