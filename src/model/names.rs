//! The names of the model's variables: written here when the builder
//! creates a variable, and parsed back here when an answer is decoded, so
//! the two can never disagree.
//!
//! * `x_<coords>` — a piece stands on the cell (`x_3_4`); in a model of
//!   several kinds, a piece of the first kind, and `x<k>_<coords>` one of
//!   kind k (`x1_3_4`, counted from 0);
//! * `wall_<coords>` — with `walls free`, the solver puts a wall there;
//! * `<prefix>_<coords>_<suffix>` — an auxiliary variable of a rule or a
//!   hint (`seen_3_4_ne`), never decoded into a board.
//!
//! ```
//! use qspec::model::names::{parse_cell, piece_var, CellName};
//! assert_eq!(piece_var(&[3, 4]), "x_3_4");
//! assert_eq!(parse_cell("x_3_4"), Some(CellName::Piece(vec![3, 4])));
//! ```

/// The prefix of piece variables.
const PIECE: &str = "x";
/// The prefix of chosen-wall variables.
const WALL: &str = "wall";

/// What a board variable's name says about a cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CellName {
    /// A piece on the cell with these coordinates.
    Piece(Vec<usize>),
    /// A piece of kind `kind` (1 or more) on the cell.
    KindPiece {
        /// The kind, counted from 0.
        kind: usize,
        /// The cell's coordinates.
        cell: Vec<usize>,
    },
    /// A chosen wall on the cell with these coordinates.
    Wall(Vec<usize>),
}

/// The name of the piece variable of a cell: `x_3_4`.
pub fn piece_var(coords: &[usize]) -> String {
    with_coords(PIECE, coords)
}

/// The name of the variable of a piece of kind `kind` on a cell: `x_3_4`
/// for kind 0, `x1_3_4` for kind 1.
pub fn kind_piece_var(kind: usize, coords: &[usize]) -> String {
    if kind == 0 {
        piece_var(coords)
    } else {
        with_coords(&format!("{PIECE}{kind}"), coords)
    }
}

/// The name of the chosen-wall variable of a cell: `wall_3_4`.
pub fn wall_var(coords: &[usize]) -> String {
    with_coords(WALL, coords)
}

/// The name of an auxiliary variable about a cell: `seen_3_4_ne`
/// (`suffix` may be empty).
pub fn aux_var(prefix: &str, coords: &[usize], suffix: &str) -> String {
    let mut name = with_coords(prefix, coords);
    if !suffix.is_empty() {
        name.push('_');
        name.push_str(suffix);
    }
    name
}

/// `prefix_c1_c2_...`.
fn with_coords(prefix: &str, coords: &[usize]) -> String {
    let mut name = String::from(prefix);
    for c in coords {
        name.push('_');
        name.push_str(&c.to_string());
    }
    name
}

/// A direction's short name: compass points for the 2-D unit steps
/// (`n ne e se s sw w nw`), else `v` and the components (`v1.m2`).
pub fn direction(v: &[i64]) -> String {
    let compass = match v {
        [-1, 0] => Some("n"),
        [-1, 1] => Some("ne"),
        [0, 1] => Some("e"),
        [1, 1] => Some("se"),
        [1, 0] => Some("s"),
        [1, -1] => Some("sw"),
        [0, -1] => Some("w"),
        [-1, -1] => Some("nw"),
        _ => None,
    };
    compass.map(str::to_string).unwrap_or_else(|| {
        let parts: Vec<String> = v
            .iter()
            .map(|&x| {
                if x < 0 {
                    format!("m{}", -x)
                } else {
                    x.to_string()
                }
            })
            .collect();
        format!("v{}", parts.join("."))
    })
}

/// The cell a board variable's name speaks of (`x_1_2`, `wall_0_3`), or
/// `None` for any other name (auxiliary variables such as `seen_1_2_e`).
/// The coordinates are not checked against a board.
pub fn parse_cell(name: &str) -> Option<CellName> {
    let (piece, rest) = if let Some(rest) = strip(name, PIECE) {
        (true, rest)
    } else if let Some(rest) = strip(name, WALL) {
        (false, rest)
    } else {
        return kind_piece(name);
    };
    let coords: Vec<usize> = rest
        .split('_')
        .map(|p| p.parse().ok())
        .collect::<Option<_>>()?;
    Some(if piece {
        CellName::Piece(coords)
    } else {
        CellName::Wall(coords)
    })
}

/// `x<k>_<coords>` with k >= 1.
fn kind_piece(name: &str) -> Option<CellName> {
    let rest = name.strip_prefix(PIECE)?;
    let (kind, coords) = rest.split_once('_')?;
    if kind.is_empty() || !kind.bytes().all(|b| b.is_ascii_digit()) || kind.starts_with('0') {
        return None;
    }
    let cell = coords
        .split('_')
        .map(|p| p.parse().ok())
        .collect::<Option<_>>()?;
    Some(CellName::KindPiece {
        kind: kind.parse().ok()?,
        cell,
    })
}

/// `name` without `prefix_`.
fn strip<'a>(name: &'a str, prefix: &str) -> Option<&'a str> {
    name.strip_prefix(prefix)?.strip_prefix('_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for coords in [vec![0], vec![3, 4], vec![1, 0, 12]] {
            assert_eq!(
                parse_cell(&piece_var(&coords)),
                Some(CellName::Piece(coords.clone()))
            );
            assert_eq!(
                parse_cell(&wall_var(&coords)),
                Some(CellName::Wall(coords.clone()))
            );
        }
        assert_eq!(aux_var("seen", &[1, 2], "e"), "seen_1_2_e");
        assert_eq!(parse_cell(&aux_var("seen", &[1, 2], "e")), None);
        assert_eq!(parse_cell("x_1_"), None);
        assert_eq!(parse_cell("x"), None);
        assert_eq!(parse_cell("xx_1"), None);
        assert_eq!(kind_piece_var(2, &[1, 0]), "x2_1_0");
        assert_eq!(
            parse_cell("x2_1_0"),
            Some(CellName::KindPiece {
                kind: 2,
                cell: vec![1, 0]
            })
        );
        assert_eq!(parse_cell("x0_1_0"), None);
        assert_eq!(parse_cell("x2_"), None);
    }

    #[test]
    fn direction_names() {
        assert_eq!(direction(&[-1, 1]), "ne");
        assert_eq!(direction(&[1, -2]), "v1.m2");
        assert_eq!(direction(&[0, 1, -1]), "v0.1.m1");
    }
}
