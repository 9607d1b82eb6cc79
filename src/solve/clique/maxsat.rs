//! Placing vertices of `B` in `A` at no cost to its bound: the node's
//! classes `A` (the first `need - 1`, pairwise conflicting vertices each)
//! bound what they hold by their number; each vertex `b` coloured later is
//! tried, in colour order (Li and Quan's MaxSAT reasoning, San Segundo's
//! infra-chromatic bound, Li, Fang and Xu's IncMaxCLQ):
//!
//! * Re-NUMBER (Tomita): a class with no vertex compatible with `b` takes
//!   it; a class with one, `w`, takes it when another class takes `w`
//!   (every member conflicting with `w`);
//! * unit propagation over the classes, each read as the soft clause "one
//!   of my vertices is chosen": choose `b`, drop every vertex that
//!   conflicts with it, choose the last vertex of a class left with one,
//!   and so on. When a class is left empty, the classes the propagation
//!   went through (found back from each dropped vertex's reason) and `b`
//!   cannot each give a vertex. `b` is placed, and each class of the set
//!   gets a vertex of a new virtual group — compatible with every real
//!   vertex, at most one of a group chosen: the set and `b` gave one less
//!   than their number, the set with the group gives at most as much, and
//!   the classes stay for later arguments (IncMaxCLQ's transformation).
//!   Re-NUMBER leaves a class with a virtual vertex alone (a vertex moved
//!   in could be chosen with it).
//!
//! A vertex no argument places is a branch. What each placement used is
//! kept ([`Absorber::placed`]) with the classes as they end
//! ([`Absorber::classes`]): the node's reasoning, what a proof log states.
//!
//! Everything works on the node's labels ([`Local`]): conflicts are sparse
//! (a queen on 7^3 attacks at most 72 of 342 cells), so every count walks a
//! vertex's conflicts among the classes, not the classes.

use super::local::Local;

/// The reason of a label dropped because `b` itself was chosen.
const BY_BRANCH: u16 = u16::MAX;

/// `left` of a class whose last vertex was chosen.
const CHOSEN: u32 = u32::MAX;

/// `chosen_in` of a group not chosen.
const NONE: u16 = u16::MAX;

/// The classes of `A` and the scratch space of the arguments.
#[derive(Default)]
pub struct Absorber {
    words: usize,
    /// The classes, `words` each; their sizes (virtual vertices counted).
    classes: Vec<u64>,
    sizes: Vec<u32>,
    /// Each label's class (read only for labels in a class).
    class_of: Vec<u16>,
    /// The labels in the classes.
    live: Vec<u64>,
    /// Whether a class holds virtual vertices.
    tainted: Vec<bool>,
    /// The virtual groups: group `g`'s classes are `group_classes` from
    /// `groups[g]` to `groups[g + 1]`; each class's groups.
    groups: Vec<u32>,
    group_classes: Vec<u16>,
    class_groups: Vec<Vec<u16>>,
    /// The classes with one vertex at the start.
    ones: Vec<u16>,
    /// Propagation: the labels dropped, why each was (the class whose
    /// choice dropped it), the vertices left in each class, the classes
    /// left with one, the class each group's vertex was chosen in.
    dropped: Vec<u64>,
    reason: Vec<u16>,
    left: Vec<u32>,
    units: Vec<u16>,
    chosen_in: Vec<u16>,
    /// Re-NUMBER: per class, how many of its vertices conflict with the
    /// vertex at hand, and the classes counted.
    hits: Vec<u32>,
    touched: Vec<u16>,
    /// Conflict analysis: the classes of the set.
    in_set: Vec<bool>,
    set: Vec<u16>,
    /// The labels placed by propagation, each with the end of its set in
    /// `sets`.
    placed: Vec<(u32, u32)>,
    sets: Vec<u16>,
    /// The labels left to branch on.
    branches: Vec<u32>,
}

impl Absorber {
    /// Takes `classes` (those of `A`, in `local`'s labels) and tries each
    /// label of `beyond` in turn; the labels left, in the same order.
    pub fn absorb<'a>(
        &mut self,
        local: &Local,
        classes: impl Iterator<Item = &'a [u64]>,
        beyond: impl Iterator<Item = u32>,
    ) -> &[u32] {
        self.prepare(local, classes);
        self.branches.clear();
        for b in beyond {
            if !self.place(local, b) {
                self.branches.push(b);
            }
        }
        &self.branches
    }

    /// The classes as they end (`words` each).
    pub fn classes(&self) -> impl Iterator<Item = &[u64]> {
        self.classes
            .chunks(self.words.max(1))
            .take(self.sizes.len())
    }

    /// The labels placed by propagation, each with the classes it spent.
    pub fn placed(&self) -> impl Iterator<Item = (u32, &[u16])> {
        let mut from = 0;
        self.placed.iter().map(move |&(b, to)| {
            let set = &self.sets[from..to as usize];
            from = to as usize;
            (b, set)
        })
    }

    fn prepare<'a>(&mut self, local: &Local, classes: impl Iterator<Item = &'a [u64]>) {
        let words = local.words;
        self.words = words;
        self.classes.clear();
        self.sizes.clear();
        self.live.clear();
        self.live.resize(words, 0);
        if self.class_of.len() < local.n {
            self.class_of.resize(local.n, 0);
            self.reason.resize(local.n, 0);
        }
        for (c, class) in classes.enumerate() {
            self.classes.extend_from_slice(class);
            let mut size = 0;
            for (w, (&x, l)) in class.iter().zip(self.live.iter_mut()).enumerate() {
                *l |= x;
                let mut y = x;
                while y != 0 {
                    self.class_of[w * 64 + y.trailing_zeros() as usize] = c as u16;
                    y &= y - 1;
                    size += 1;
                }
            }
            self.sizes.push(size);
        }
        let free = self.sizes.len();
        for list in [&mut self.tainted, &mut self.in_set] {
            list.clear();
            list.resize(free, false);
        }
        self.groups.clear();
        self.groups.push(0);
        self.group_classes.clear();
        if self.class_groups.len() < free {
            self.class_groups.resize(free, Vec::new());
        }
        for list in &mut self.class_groups[..free] {
            list.clear();
        }
        self.left.resize(free, 0);
        self.hits.clear();
        self.hits.resize(free, 0);
        self.touched.clear();
        self.ones.clear();
        self.ones
            .extend((0..free as u16).filter(|&c| self.sizes[c as usize] == 1));
        self.dropped.resize(words, 0);
        self.placed.clear();
        self.sets.clear();
    }

    /// Places `b` in `A` if an argument does: a class takes it, or a
    /// class takes a vertex that makes room for it, or propagation from it
    /// meets a conflict.
    fn place(&mut self, local: &Local, b: u32) -> bool {
        let free = self.sizes.len();
        self.dropped.fill(0);
        self.units.clear();
        self.left.copy_from_slice(&self.sizes);
        self.chosen_in.clear();
        self.chosen_in.resize(self.groups.len() - 1, NONE);
        // Choosing `b` leaves a class without a vertex compatible with it
        // (never one with virtual vertices: they are compatible with all).
        if let Some(c) = self.choose(local, b, BY_BRANCH) {
            self.add_to(c as usize, b);
            return true;
        }
        // Classes only grow, and one that gave a vertex away took one:
        // those with one vertex at the start that still have one.
        for &c in &self.ones {
            if self.sizes[c as usize] == 1 {
                self.units.push(c);
            }
        }
        if self.renumber(local, b) {
            return true;
        }
        let mut head = 0;
        let mut conflict = None;
        while conflict.is_none() && head < self.units.len() {
            let c = self.units[head] as usize;
            head += 1;
            if self.left[c] != 1 {
                continue;
            }
            self.left[c] = CHOSEN;
            conflict = match self.last_of(c) {
                Some(u) => self.choose(local, u, c as u16),
                None => self.choose_virtual(c),
            };
        }
        debug_assert!(free == self.sizes.len());
        let Some(empty) = conflict else {
            return false;
        };
        self.analyse(empty, b);
        true
    }

    fn add_to(&mut self, c: usize, v: u32) {
        let bit = 1u64 << (v % 64);
        self.classes[c * self.words + v as usize / 64] |= bit;
        self.live[v as usize / 64] |= bit;
        self.class_of[v as usize] = c as u16;
        self.sizes[c] += 1;
    }

    /// Re-NUMBER, once `b` is chosen: the first class left with a single
    /// vertex `w` compatible with `b`, with no virtual vertex, gives `w`
    /// to another such class whose every vertex conflicts with `w`, and
    /// takes `b`.
    fn renumber(&mut self, local: &Local, b: u32) -> bool {
        let Some(c) = self
            .units
            .iter()
            .map(|&c| c as usize)
            .find(|&c| !self.tainted[c] && self.left[c] == 1)
        else {
            return false;
        };
        let w = self
            .last_of(c)
            .expect("a class without virtual vertices has a real one");
        let Some(d) = self.taker(local, w, c) else {
            return false;
        };
        self.classes[c * self.words + w as usize / 64] &= !(1u64 << (w % 64));
        self.sizes[c] -= 1;
        self.add_to(d, w);
        self.add_to(c, b);
        true
    }

    /// A class other than `c`, with no virtual vertex, whose every vertex
    /// conflicts with `w`.
    fn taker(&mut self, local: &Local, w: u32, c: usize) -> Option<usize> {
        for &t in &self.touched {
            self.hits[t as usize] = 0;
        }
        self.touched.clear();
        let row = local.row(w as usize);
        for (i, &r) in row.iter().enumerate() {
            let mut x = self.live[i] & r;
            while x != 0 {
                let r = i * 64 + x.trailing_zeros() as usize;
                x &= x - 1;
                let d = self.class_of[r] as usize;
                if d == c || self.tainted[d] {
                    continue;
                }
                if self.hits[d] == 0 {
                    self.touched.push(d as u16);
                }
                self.hits[d] += 1;
                if self.hits[d] == self.sizes[d] {
                    return Some(d);
                }
            }
        }
        None
    }

    /// The real vertex of class `c` not dropped, if one is.
    fn last_of(&self, c: usize) -> Option<u32> {
        let words = self.words;
        (0..words).find_map(|w| {
            let x = self.classes[c * words + w] & !self.dropped[w];
            (x != 0).then(|| (w * 64) as u32 + x.trailing_zeros())
        })
    }

    /// Chooses `u`: drops the live labels that conflict with it, each
    /// with `why`; the class left empty, if one is.
    fn choose(&mut self, local: &Local, u: u32, why: u16) -> Option<u16> {
        let row = local.row(u as usize);
        for (w, &r) in row.iter().enumerate() {
            let mut x = self.live[w] & r & !self.dropped[w];
            while x != 0 {
                let bit = x.trailing_zeros();
                x &= x - 1;
                self.dropped[w] |= 1u64 << bit;
                let r = w * 64 + bit as usize;
                self.reason[r] = why;
                let c = self.class_of[r] as usize;
                // A class chosen from loses its chosen vertex: the two
                // choices conflict, the class is left empty.
                if self.left[c] == CHOSEN || self.left[c] == 1 {
                    self.left[c] = 0;
                    return Some(c as u16);
                }
                self.left[c] -= 1;
                if self.left[c] == 1 {
                    self.units.push(c as u16);
                }
            }
        }
        None
    }

    /// Chooses the virtual vertex left in class `c`: drops its group's
    /// vertices in the other classes; the class left empty, if one is.
    fn choose_virtual(&mut self, c: usize) -> Option<u16> {
        let g = *self.class_groups[c]
            .iter()
            .find(|&&g| self.chosen_in[g as usize] == NONE)
            .expect("a unit class has a vertex left");
        self.chosen_in[g as usize] = c as u16;
        let (from, to) = (self.groups[g as usize], self.groups[g as usize + 1]);
        for i in from..to {
            let d = self.group_classes[i as usize] as usize;
            if d == c {
                continue;
            }
            if self.left[d] == CHOSEN || self.left[d] == 1 {
                self.left[d] = 0;
                return Some(d as u16);
            }
            self.left[d] -= 1;
            if self.left[d] == 1 {
                self.units.push(d as u16);
            }
        }
        None
    }

    /// The classes the propagation went through to empty `empty`: every
    /// dropped vertex of a class in the set, real or virtual, brings in
    /// the class whose choice dropped it. `b` is placed, and each class of
    /// the set gets a vertex of a new virtual group.
    fn analyse(&mut self, empty: u16, b: u32) {
        let words = self.words;
        self.set.clear();
        self.set.push(empty);
        self.in_set[empty as usize] = true;
        let mut head = 0;
        while head < self.set.len() {
            let c = self.set[head] as usize;
            head += 1;
            for w in 0..words {
                let mut x = self.classes[c * words + w] & self.dropped[w];
                while x != 0 {
                    let r = w * 64 + x.trailing_zeros() as usize;
                    x &= x - 1;
                    let why = self.reason[r];
                    if why != BY_BRANCH && !self.in_set[why as usize] {
                        self.in_set[why as usize] = true;
                        self.set.push(why);
                    }
                }
            }
            for &g in &self.class_groups[c] {
                let why = self.chosen_in[g as usize];
                if why != NONE && why as usize != c && !self.in_set[why as usize] {
                    self.in_set[why as usize] = true;
                    self.set.push(why);
                }
            }
        }
        let g = (self.groups.len() - 1) as u16;
        for &c in &self.set {
            let c = c as usize;
            self.in_set[c] = false;
            self.tainted[c] = true;
            self.sizes[c] += 1;
            self.class_groups[c].push(g);
        }
        self.group_classes.extend_from_slice(&self.set);
        self.groups.push(self.group_classes.len() as u32);
        self.sets.extend_from_slice(&self.set);
        self.placed.push((b, self.sets.len() as u32));
    }
}
