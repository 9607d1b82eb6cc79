//! Symmetry breaking in a proof, by VeriPB's dominance rule
//! (Bogaerts, Gocht, McCreesh and Nordström): a lexicographic order on
//! some variables is loaded ([`Writer::load_lex_order`]), and each
//! symmetry's lex-leader constraint comes in by `dom` with the symmetry
//! as its witness ([`Writer::dominance`]): a solution that breaks the
//! constraint has an image under the symmetry that is smaller in the
//! order. The constraints every symmetry maps onto each other (the core)
//! are the searches' to keep; what the lex-leader constraints say is
//! theirs to write.

use super::Writer;
use crate::error::Result;

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
