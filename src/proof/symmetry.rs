//! Symmetry breaking in a proof, by VeriPB's dominance rule
//! (Bogaerts, Gocht, McCreesh and Nordström): a lexicographic order on
//! some variables is loaded ([`Writer::load_lex_order`]), and each
//! symmetry's lex-leader constraint comes in by `dom` with the symmetry
//! as its witness ([`Writer::dominance`]): a solution that breaks the
//! constraint has an image under the symmetry that is smaller in the
//! order. The constraints every symmetry maps onto each other (the core)
//! are the searches' to keep; what the lex-leader constraints say is
//! theirs to write.

use std::collections::{BTreeMap, HashSet};

use super::Writer;
use crate::error::Result;
use crate::model::Var;

/// The most variables an order is written over: its weights are powers
/// of two below 2^127.
pub const MAX_ORDER: usize = 120;

/// One variable's weight in a lex order over `len` variables, the `i`th
/// the highest after those before it: `2^(len - 1 - i)`.
pub fn lex_weight(i: usize, len: usize) -> i128 {
    1i128 << (len - 1 - i)
}

impl Writer {
    /// Loads the order `name` over `vars` (at most [`MAX_ORDER`]): `u <=
    /// v` when `u`, read as a number with `vars[0]` its highest bit, is
    /// at least `v` — so a search that takes the greater value first meets
    /// the least member of a class first. Its transitivity is proved.
    pub fn load_lex_order<S: AsRef<str>>(&mut self, name: &str, vars: &[S]) -> Result<()> {
        let p = vars.len();
        let names = |prefix: &str| -> String { (0..p).map(|i| format!(" {prefix}{i}")).collect() };
        let mut def = String::new();
        for i in 0..p {
            let weight = lex_weight(i, p);
            def.push_str(&format!("{weight} u{i} -{weight} v{i} "));
        }
        let loaded: String = vars.iter().map(|v| format!(" {}", v.as_ref())).collect();
        let text = [
            format!("pre_order {name}"),
            "vars".into(),
            format!("left{}", names("u")),
            format!("right{}", names("v")),
            "aux".into(),
            "end".into(),
            "def".into(),
            format!("{def}>= 0 ;"),
            "end".into(),
            "transitivity".into(),
            "vars".into(),
            format!("fresh_right{}", names("w")),
            "end".into(),
            "proof".into(),
            "proofgoal #1".into(),
            "pol 1 2 + 3 +".into(),
            "end -1".into(),
            "end".into(),
            "end".into(),
            "end".into(),
            format!("load_order {name}{loaded}"),
        ];
        self.command(&text.join("\n"))
    }

    /// Derives `lhs >= rhs` by dominance with `witness` (`x3 -> x7 k1 ->
    /// ~k2`), where every solution that breaks it has an image under the
    /// witness that is strictly smaller in the loaded order and that
    /// satisfies the core; its id.
    pub fn dominance(&mut self, lhs: &str, rhs: i128, witness: &str) -> Result<u64> {
        // The order's strict part (the image is smaller) is the premise
        // itself, but not by propagation: the premise and the goal's
        // negation add up to `0 >= 1`. Four ids: the premise, the goal's
        // negation, their sum, the constraint.
        self.step_with_subproof(
            &format!(
                "dom {lhs} >= {rhs} ; {witness} ; begin\nproofgoal #2\npol -1 -2 +\nend -1\nend"
            ),
            4,
        )
    }
}

/// A row as VeriPB reads it: `(variable id, coefficient)` terms sorted by
/// variable, like terms added, and the degree.
pub type Form = (Vec<(u32, i64)>, i64);

/// `terms >= rhs` as a [`Form`].
pub fn form(terms: &[(i64, Var)], rhs: i64) -> Form {
    let mut sum: BTreeMap<u32, i64> = BTreeMap::new();
    for &(c, v) in terms {
        *sum.entry(v.id()).or_insert(0) += c;
    }
    (sum.into_iter().filter(|&(_, c)| c != 0).collect(), rhs)
}

/// Whether the symmetry `image` (a variable's image's id, by id) takes
/// every row of `kept` to a row of `kept`: the core a dominance step
/// needs mapped onto itself.
pub fn closes(kept: &HashSet<Form>, image: impl Fn(u32) -> Option<u32>) -> bool {
    kept.iter().all(|(terms, rhs)| {
        let mapped: Option<Vec<(u32, i64)>> =
            terms.iter().map(|&(v, c)| Some((image(v)?, c))).collect();
        mapped.is_some_and(|mut mapped| {
            mapped.sort_unstable();
            kept.contains(&(mapped, *rhs))
        })
    })
}

impl Writer {
    /// Breaks symmetries over variables: every constraint of the file but
    /// `kept` deleted (a refutation of fewer constraints refutes the
    /// file; what is left must be mapped onto itself, see [`closes`]), the
    /// lex order `name` over `order` (variable ids, the highest first)
    /// loaded, and for each of `preimages` (a symmetry, as each variable's
    /// preimage by id; a variable left out is its own) its lex-leader
    /// constraint — the order's variables no smaller than their image's —
    /// by dominance, the symmetry as witness.
    pub fn break_symmetries(
        &mut self,
        name: &str,
        n_constraints: u64,
        kept: &[u64],
        order: &[u32],
        preimages: &[BTreeMap<u32, u32>],
    ) -> Result<()> {
        if preimages.is_empty() {
            return Ok(());
        }
        let kept: HashSet<u64> = kept.iter().copied().collect();
        let gone: Vec<u64> = (1..=n_constraints)
            .filter(|id| !kept.contains(id))
            .collect();
        self.delete(&gone)?;
        let vars: Vec<String> = order.iter().map(|v| format!("x{v}")).collect();
        self.load_lex_order(name, &vars)?;
        for preimage in preimages {
            let of = |v: u32| preimage.get(&v).copied().unwrap_or(v);
            let mut weight: BTreeMap<u32, i128> = BTreeMap::new();
            for (i, &v) in order.iter().enumerate() {
                let w = lex_weight(i, order.len());
                *weight.entry(v).or_insert(0) += w;
                *weight.entry(of(v)).or_insert(0) -= w;
            }
            let lhs: Vec<String> = weight
                .iter()
                .filter(|&(_, &w)| w != 0)
                .map(|(v, w)| format!("{w} x{v}"))
                .collect();
            let witness: Vec<String> = preimage
                .iter()
                .filter(|&(to, from)| to != from)
                .map(|(to, from)| format!("x{to} -> x{from}"))
                .collect();
            self.dominance(&lhs.join(" "), 0, &witness.join(" "))?;
        }
        Ok(())
    }
}
