//! Which board cell each decision variable stands for: filled by the
//! lowering as it makes the variables, read by every stage that needs a
//! variable's cell (the engines' choice, the clique search's symmetries,
//! the MiniZinc writer). Names are for files and for reading other
//! solvers' answers; inside qspec a variable's cell is looked up here,
//! never parsed from its name.
//!
//! A piece variable carries its piece's kind: one kind today (kind 0, the
//! model's piece); when a model places several, "the piece on (3,4)" still
//! says which.

use std::collections::HashMap;

use super::Var;

/// The index of a piece kind among a model's pieces (0: the first).
pub type PieceKind = usize;

/// What a decision variable stands for.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Decision {
    /// A piece on a cell.
    Piece {
        /// Which of the model's pieces.
        kind: PieceKind,
        /// The cell's coordinates.
        cell: Vec<usize>,
    },
    /// A wall the solver puts on a cell (`walls free`).
    Wall {
        /// The cell's coordinates.
        cell: Vec<usize>,
    },
}

impl Decision {
    /// The cell's coordinates.
    pub fn cell(&self) -> &[usize] {
        match self {
            Decision::Piece { cell, .. } | Decision::Wall { cell } => cell,
        }
    }
}

/// The decisions of a model, by variable.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Decisions {
    /// What each variable (by index) stands for, if it is a decision.
    of_var: Vec<Option<Decision>>,
    /// The letter a board shows each kind's pieces by, in a model of
    /// several kinds (empty: one kind, any capital letter), for reading a
    /// board's picture back.
    letters: Vec<char>,
    /// Each kind's name, in a model of several kinds, for reading a
    /// board's JSON line back.
    names: Vec<String>,
}

impl Decisions {
    /// Records that `var` stands for `decision`.
    pub fn add(&mut self, var: Var, decision: Decision) {
        if self.of_var.len() <= var.index() {
            self.of_var.resize(var.index() + 1, None);
        }
        self.of_var[var.index()] = Some(decision);
    }

    /// Records the names and letters of a model's kinds (see
    /// [`Decisions::letters`], [`Decisions::kind_names`]).
    pub fn set_kinds(&mut self, names: Vec<String>, letters: Vec<char>) {
        self.names = names;
        self.letters = letters;
    }

    /// Each kind's name, in a model of several kinds.
    pub fn kind_names(&self) -> &[String] {
        &self.names
    }

    /// The letter each kind is drawn by, in a model of several kinds.
    pub fn letters(&self) -> &[char] {
        &self.letters
    }

    /// What `var` stands for; `None` for a variable that stands for no
    /// cell (an auxiliary one).
    pub fn of(&self, var: Var) -> Option<&Decision> {
        self.of_var.get(var.index()).and_then(Option::as_ref)
    }

    /// Every decision with its variable, in the variables' order.
    pub fn iter(&self) -> impl Iterator<Item = (Var, &Decision)> {
        self.of_var
            .iter()
            .enumerate()
            .filter_map(|(i, d)| Some((Var::from_dimacs(i as u32 + 1), d.as_ref()?)))
    }

    /// The variable of every decision: the lookup from a cell back to its
    /// variable, built when a stage needs it.
    pub fn by_decision(&self) -> HashMap<&Decision, Var> {
        self.iter().map(|(var, d)| (d, var)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_decision_is_found_from_its_variable_and_back() {
        let mut d = Decisions::default();
        let queen = Decision::Piece {
            kind: 0,
            cell: vec![3, 4],
        };
        let wall = Decision::Wall { cell: vec![3, 4] };
        d.add(Var::from_dimacs(2), queen.clone());
        d.add(Var::from_dimacs(5), wall.clone());
        assert_eq!(d.of(Var::from_dimacs(2)), Some(&queen));
        assert_eq!(d.of(Var::from_dimacs(1)), None);
        assert_eq!(d.of(Var::from_dimacs(9)), None);
        let back = d.by_decision();
        assert_eq!(back[&wall], Var::from_dimacs(5));
        let another_kind = Decision::Piece {
            kind: 1,
            cell: vec![3, 4],
        };
        assert_eq!(back.get(&another_kind), None);
        let listed: Vec<(u32, &[usize])> = d.iter().map(|(v, d)| (v.id(), d.cell())).collect();
        assert_eq!(listed, [(2, &[3, 4][..]), (5, &[3, 4][..])]);
    }
}
