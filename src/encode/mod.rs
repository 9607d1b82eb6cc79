//! Clausal encodings of the model's constraints for the CNF family (CNF,
//! WCNF, the embedded solver): at-most-one encodings, cardinality encodings,
//! reification, and the choice of encoding per constraint.
//!
//! Public surface (see each submodule for the encodings themselves):
//! * the user's choices, [`AmoEncoding`], [`CardEncoding`], [`Encodings`],
//!   live in [`crate::options`]; [`describe`] writes them for headers;
//! * [`encode_model`] — every constraint of a model into a [`ClauseSink`];
//! * [`encode_constraint`] — one constraint;
//! * [`estimate_clauses`] — the size before encoding.
//!
//! Layout: `amo` (rustsat's six AMO encodings), `card` (the driver and the
//! [`CardEncoding`]s, one file each under `card/`: `totalizer` and `adder`
//! wrap rustsat, `seqcounter`, `cardnet`, `sortnet` (on `network`) and
//! `mtotalizer` are ours), `linear` (pseudo-Boolean constraints through
//! rustsat's generalized totalizer or adder), `simplify` (set semantics and
//! trivial cases), `target` (structure vs enforcement clauses, for
//! reification), `bridge` (rustsat's clause collector and variable manager
//! over ours), `defaults` (the automatic choice).
//!
//! # Semantics
//!
//! The literal lists of `AtMostOne` and `Card` are sets: a repeated literal
//! counts once, a literal with its negation counts exactly 1 (so in an AMO
//! it forces every other literal false). `Card { guard: Some(g), .. }` is
//! `g -> sum rel k`: only the clauses that enforce the bound get `!g`; the
//! clauses that define auxiliary variables are written as they are.
//!
//! # Automatic choice (`None`)
//!
//! Measured with `cargo run --release --example encode_sizes -- amo-best`
//! and `-- crossover`; cost = clauses + auxiliary variables.
//!
//! **AMO over `n` distinct literals**: pairwise for `n <= 6`, commander for
//! `7 <= n <= 23`, product above. Pairwise is the smallest up to `n = 5`
//! (10 clauses) and one clause off the best at `n = 6` (15 vs bimander's 14)
//! with no auxiliary variable. Commander is the smallest from 9 to 23 (e.g.
//! `n = 12`: 36 vs ladder 43, product 40, pairwise 66) and two off bimander
//! at 7 and 8. Product is the smallest from 24 on (`n = 30`: 96 vs commander
//! 109, ladder 115; `n = 60`: 193 vs ladder 235, commander 270). The rule is
//! never more than 2 above the best for any `n <= 80`.
//!
//! **Cardinality**: first the cheaper side (`sum(x) <= k` is
//! `sum(!x) >= n - k`), then by the counting range `m` (`k + 1` for `<=` and
//! `=`, `k` for `>=`): sequential counter for `m <= 3` (`m <= 2` for `>=`),
//! totalizer for `m < 48`, cardinality network above. Only these three
//! arc-consistent encodings are chosen automatically; the adder and the
//! modulo totalizer are smaller for large bounds but propagate less, and are
//! used only when asked for. Costs at `n = 1024`:
//!
//! | m   | rel  | seqcounter | totalizer | cardnet |
//! |-----|------|-----------:|----------:|--------:|
//! | 2   | `<=` |   **4093** |      6135 |    8179 |
//! | 3   | `<=` |   **7154** |      8174 |   10728 |
//! | 3   | `>=` |       8177 |  **7155** |    9709 |
//! | 4   | `>=` |      11232 |  **9194** |   13530 |
//! | 16  | `>=` |      47424 | **25314** |   32142 |
//! | 44  | `>=` |     128512 | **55066** |   58075 |
//! | 48  | `>=` |     139712 |     59042 | **58234** |
//! | 64  | `>=` |     183552 |     74626 | **58990** |
//! | 128 | `>=` |     343552 |    129794 | **74454** |
//!
//! The same crossovers hold at `n = 256` and `n = 4096` (at `m = 48`:
//! 13123 vs 13179 and 247363 vs 243099). For `sum of 27000 >= 500` (release
//! build): cardnet 1.92 M clauses in ~60 ms; totalizer 13.5 M clauses;
//! seqcounter 26.5 M clauses.
//!
//! **Linear**: equal weights (after normalisation and dividing out the
//! common divisor) are cardinality constraints and follow the rule above;
//! other weights use rustsat's generalized totalizer, or the adder when it is
//! chosen or when the totalizer is estimated above 2^20 clauses.
//!
//! ```
//! use qspec::encode::{encode_model, ClauseArena, ClauseSink};
//! use qspec::options::{AmoEncoding, Encodings};
//! let queens = qspec::load_source("q.qspec", "board 8 x 8\nrule no_attack\ncount == 8\n", &[], &Default::default())?;
//! let mut clauses = ClauseArena::new();
//! let ladder = Encodings { amo: Some(AmoEncoding::Ladder), card: None };
//! let vars = encode_model(&queens.model, &ladder, &mut clauses);
//! assert!(vars.n_vars() > 64); // the cells, then the encodings' auxiliaries
//! assert!(clauses.n_clauses() > 0);
//! # Ok::<(), qspec::Error>(())
//! ```

mod amo;
pub(crate) mod bridge;
mod card;
mod defaults;
mod estimate;
mod guarded;
mod linear;
mod simplify;
mod sink;
mod stats;
#[cfg(test)]
mod testutil;

pub use estimate::{estimate_clauses, estimate_cnf, CnfSize, Shapes};
pub use sink::{ClauseArena, ClauseCounter, ClauseSink, Guarded};
pub use stats::{stats, EncodingStats, EXACT_STATS_WORK};

use crate::model::{Constraint, Lit, Model, VarAlloc};
use crate::options::Encodings;

/// The encodings in force as a solve's first line names them:
/// `amo=ladder card=auto` (the rules of `auto`: [`describe`]).
pub fn describe_short(enc: &Encodings) -> String {
    let name = |e: Option<&'static str>| e.unwrap_or("auto");
    format!(
        "amo={} card={}",
        name(enc.amo.map(|e| e.name())),
        name(enc.card.map(|e| e.name()))
    )
}

/// The encodings in force with the rules `auto` follows, as the files'
/// headers and `-v` state them: `amo=auto (pairwise n<=6, ...) card=...`.
pub fn describe(enc: &Encodings) -> String {
    let amo = match enc.amo {
        Some(e) => e.name().to_string(),
        None => format!("auto ({})", defaults::describe_amo_rule()),
    };
    let card = match enc.card {
        Some(e) => e.name().to_string(),
        None => format!("auto ({})", defaults::describe_card_rule()),
    };
    format!("amo={amo} card={card}")
}

/// Encodes one constraint into `out`, taking auxiliary variables from
/// `vars`.
pub fn encode_constraint(
    c: &Constraint,
    enc: &Encodings,
    vars: &mut VarAlloc,
    out: &mut dyn ClauseSink,
) {
    match c {
        Constraint::Clause(lits) => out.add_clause(lits),
        Constraint::OrDef { def, lits } => encode_or_def(*def, lits, out),
        Constraint::AtMostOne(lits) => amo::encode_amo(lits, enc.amo, vars, out),
        Constraint::Card {
            lits,
            rel,
            k,
            guard,
        } => card::encode_card(lits, *rel, i64::from(*k), *guard, enc.card, vars, out),
        Constraint::Linear { terms, rel, rhs } => {
            linear::encode_linear(terms, *rel, *rhs, None, enc.card, vars, out)
        }
    }
}

/// Encodes every constraint of the model in order; aux vars start after
/// `model.n_vars()`. Returns the allocator (its `n_vars()` is the CNF's
/// variable count).
pub fn encode_model(model: &Model, enc: &Encodings, out: &mut dyn ClauseSink) -> VarAlloc {
    let mut vars = VarAlloc::after(model.n_vars());
    for tagged in &model.constraints {
        encode_constraint(&tagged.constraint, enc, &mut vars, out);
    }
    vars
}

/// `def <-> OR(lits)`: `def -> OR(lits)` and `l -> def` for each `l`.
fn encode_or_def(def: Lit, lits: &[Lit], out: &mut dyn ClauseSink) {
    let mut long = Vec::with_capacity(lits.len() + 1);
    long.push(!def);
    long.extend_from_slice(lits);
    out.add_clause(&long);
    for &l in lits {
        out.add_clause(&[!l, def]);
    }
}
