//! What an engine that lists every solution itself hands back ([`Every`]):
//! one member of each class under the symmetries it searched with
//! ([`Symmetries`]), so that a caller spreads a class into its members
//! only when it wants them, one class at a time, and counts classes
//! without spreading at all. The clique search ([`super::clique`]) and the
//! row search ([`super::rows`]) both answer with it.

use crate::model::Var;

/// The most classes an engine that lists every solution keeps at once
/// (some hundreds of MB): a count with more is one for CaDiCaL, which lists
/// one at a time, where its group is small enough for it.
pub const COLLECT_LIMIT: usize = 1_000_000;

/// The solutions an engine found, one member of each class.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Every {
    /// One member of each class under [`Every::symmetries`], as its
    /// counted variables (sorted); the classes sorted, so the same on every
    /// run and any number of threads.
    pub classes: Vec<Vec<Var>>,
    /// The symmetries the search pruned with: each class is the images of
    /// its member under them.
    pub symmetries: Symmetries,
    /// Whether every class was found (else a stop came first, or the
    /// search found more classes than it keeps).
    pub complete: bool,
    /// Whether the search stopped at the most classes it keeps (the
    /// `keep` of [`Engine::every`](super::Engine::every)).
    pub overflowed: bool,
    /// Nodes searched, on all threads.
    pub nodes: u64,
    /// What was searched, for a note (`clique search: 343 cells, ...`).
    pub describe: String,
}

/// The symmetries of a search as maps of its counted variables (the
/// identity left out).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Symmetries {
    /// The counted variables, by vertex.
    vertices: Vec<Var>,
    /// `vertex[v.index()]`: the vertex of variable `v` (`u32::MAX`: none).
    vertex: Vec<u32>,
    /// `maps[g][i]`: the vertex symmetry `g` sends vertex `i` to.
    maps: Vec<Vec<u32>>,
}

impl Symmetries {
    /// The symmetries `maps` (each a permutation of the indices of
    /// `vertices`, the identity left out) on the counted variables
    /// `vertices`.
    pub fn new(vertices: Vec<Var>, maps: &[Vec<usize>]) -> Symmetries {
        let size = vertices.iter().map(|v| v.index() + 1).max().unwrap_or(0);
        let mut vertex = vec![u32::MAX; size];
        for (i, v) in vertices.iter().enumerate() {
            vertex[v.index()] = i as u32;
        }
        let maps = maps
            .iter()
            .map(|m| m.iter().map(|&w| w as u32).collect())
            .collect();
        Symmetries {
            vertices,
            vertex,
            maps,
        }
    }

    /// The counted variables, by vertex.
    pub fn vertices(&self) -> &[Var] {
        &self.vertices
    }

    /// How many there are, the identity counted.
    pub fn order(&self) -> usize {
        self.maps.len() + 1
    }

    /// Symmetry `g` (`0..order() - 1`, the identity left out) as the
    /// pairs of a counted variable and its image.
    pub fn pairs(&self, g: usize) -> impl Iterator<Item = (Var, Var)> + '_ {
        self.maps[g]
            .iter()
            .enumerate()
            .map(|(i, &w)| (self.vertices[i], self.vertices[w as usize]))
    }

    /// The image of `set` (counted variables) under symmetry `g`, sorted.
    fn image(&self, g: usize, set: &[Var]) -> Vec<Var> {
        let map = &self.maps[g];
        let mut image: Vec<Var> = set
            .iter()
            .map(|v| self.vertices[map[self.vertex[v.index()] as usize] as usize])
            .collect();
        image.sort_unstable();
        image
    }

    /// The members of the class of `set` (counted variables, sorted): its
    /// distinct images, sorted.
    pub fn members(&self, set: &[Var]) -> Vec<Vec<Var>> {
        let mut members: Vec<Vec<Var>> = std::iter::once(set.to_vec())
            .chain((0..self.maps.len()).map(|g| self.image(g, set)))
            .collect();
        members.sort_unstable();
        members.dedup();
        members
    }
}
