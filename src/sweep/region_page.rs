//! The playable page of region puzzles (`qspec puzzles MODEL --size N
//! --html FILE`): each puzzle a board of coloured regions, with the sets the
//! model counts (every row, column and region, or whatever it says) and how
//! many pieces each must hold, named as the verifier names them.

use super::puzzles::page_moves_of;
use super::regions::RegionPuzzle;
use crate::board::sets::{sets, Regions};
use crate::board::Board;
use crate::draw::page::{PageBoard, PageCount, PageMoves};
use crate::draw::piece_letter;
use crate::error::{Error, Result};
use crate::language::{RuleSpec, Spec};
use crate::model::Rel;
use crate::verify::set_name;

/// The page of `puzzles`, made of `spec` on a `size` x `size` board: the
/// piece's letter, its moves and a board a puzzle.
pub fn region_page(
    spec: &Spec,
    size: usize,
    puzzles: &[RegionPuzzle],
) -> Result<(char, PageMoves, Vec<PageBoard>)> {
    check_playable(spec)?;
    let board = Board::new(&[size, size], false, &[]);
    let boards = puzzles
        .iter()
        .map(|p| page_board(spec, &board, p))
        .collect();
    Ok((piece_letter(spec), page_moves_of(spec), boards))
}

/// Whether the page can play `spec`'s region puzzles: pieces that may not
/// attack (or no rule at all), one kind, counts of every piece.
fn check_playable(spec: &Spec) -> Result<()> {
    let fits = spec.rules.iter().all(|r| *r == RuleSpec::NoAttack)
        && !spec.has_kinds()
        && spec.scoped_counts.iter().all(|c| c.kind.is_none());
    if fits {
        Ok(())
    } else {
        Err(Error::unsupported(
            "the puzzle page plays region puzzles of one kind of piece under `rule no_attack` (or no rule)",
        ))
    }
}

fn page_board(spec: &Spec, board: &Board, puzzle: &RegionPuzzle) -> PageBoard {
    let regions = Regions::new(
        puzzle
            .rows
            .iter()
            .flat_map(|r| r.chars())
            .map(Some)
            .collect(),
    );
    let mut with_regions = spec.clone();
    with_regions.regions = Some(regions.clone());
    let at = |cell: usize| {
        let c = board.coords(cell);
        (c[0], c[1])
    };
    let counts = spec
        .scoped_counts
        .iter()
        .flat_map(|count| {
            sets(board, &count.scope, Some(&regions), 1)
                .into_iter()
                .map(|set| {
                    let (least, most) = bounds(count.rel, count.k as usize, set.len());
                    PageCount {
                        name: set_name(&with_regions, board, &count.scope, &set),
                        cells: set.iter().map(|&c| at(c)).collect(),
                        least,
                        most,
                    }
                })
                .collect::<Vec<_>>()
        })
        .collect();
    let solution: Vec<(usize, usize)> = puzzle.solution.iter().map(|c| (c[0], c[1])).collect();
    PageBoard {
        label: format!(
            "{0} x {0}, try {1}: {2} {3}s",
            board.dims()[0],
            puzzle.found_at,
            solution.len(),
            spec.piece.name
        ),
        rows: board.dims()[0],
        cols: board.dims()[1],
        walls: Vec::new(),
        target: solution.len(),
        solution,
        regions: puzzle.rows.clone(),
        counts,
    }
}

/// The fewest and the most pieces `rel k` lets a set of `len` cells hold.
fn bounds(rel: Rel, k: usize, len: usize) -> (usize, usize) {
    match rel {
        Rel::Eq => (k, k),
        Rel::Le => (0, k),
        Rel::Ge => (k, len),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_column_and_region_is_a_count_named_as_the_verifier_names_it() {
        let spec = crate::language::load(
            "q.qspec",
            "board 2 x 2\nregions {\n  a b\n  a b\n}\npiece king\nrule no_attack\ncount per row == 1\ncount per column <= 1\ncount per region >= 1\n",
            &[],
        )
        .unwrap();
        let puzzle = RegionPuzzle {
            rows: vec!["aab".into(), "cab".into(), "ccb".into()],
            solution: vec![vec![0, 0], vec![2, 2]],
            found_at: 4,
        };
        let (letter, moves, boards) = region_page(&spec, 3, &[puzzle]).unwrap();
        assert_eq!(letter, 'K');
        assert_eq!(moves.leapers.len(), 4);
        let b = &boards[0];
        assert_eq!(b.label, "3 x 3, try 4: 2 kings");
        assert_eq!(b.regions, ["aab", "cab", "ccb"]);
        let names: Vec<&str> = b.counts.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "row 0",
                "row 1",
                "row 2",
                "column 0",
                "column 1",
                "column 2",
                "region 'a'",
                "region 'b'",
                "region 'c'"
            ]
        );
        assert_eq!((b.counts[0].least, b.counts[0].most), (1, 1));
        assert_eq!((b.counts[3].least, b.counts[3].most), (0, 1));
        assert_eq!(b.counts[6].cells, [(0, 0), (0, 1), (1, 1)]);
        assert_eq!((b.counts[6].least, b.counts[6].most), (1, 3));
    }

    #[test]
    fn a_model_of_kinds_is_refused() {
        let spec = crate::language::load(
            "q.qspec",
            "board 2 x 2\nregions {\n  a b\n  a b\n}\npiece white queen\npiece black queen\nrule white no_attack black\ncount per region == 1\n",
            &[],
        )
        .unwrap();
        let err = region_page(&spec, 2, &[]).unwrap_err();
        assert!(err.to_string().contains("one kind of piece"), "{err}");
    }
}
