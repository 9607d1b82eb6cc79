//! The playable page of region puzzles (`qspec puzzles MODEL --size N
//! --html FILE`): each puzzle a board of coloured regions, with the sets the
//! model counts (every row, column and region, or whatever it says) and how
//! many pieces each must hold, named as the verifier names them.

use super::puzzles::page_moves_of;
use super::regions::{PuzzleModel, RegionPuzzle};
use crate::board::sets::{set_name, sets, Regions};
use crate::board::Board;
use crate::draw::page::{PageBoard, PageCount, PageMoves};
use crate::draw::piece_letter;
use crate::error::Result;
use crate::language::Spec;
use crate::model::Rel;

/// The page of `puzzles`, made of `model`: the piece's letter, its moves
/// and a board a puzzle (the model's walls on it). A model the page cannot
/// play is refused at its statements.
pub fn region_page(
    model: &PuzzleModel,
    puzzles: &[RegionPuzzle],
) -> Result<(char, PageMoves, Vec<PageBoard>)> {
    model.refuse_for_page()?;
    let spec = model.spec();
    let board = model.board();
    let boards = puzzles
        .iter()
        .map(|p| page_board(spec, &board, p))
        .collect();
    Ok((piece_letter(spec), page_moves_of(spec), boards))
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
    let at = |cell: usize| {
        let c = board.coords(cell);
        (c[0], c[1])
    };
    let counts = spec
        .scoped_counts()
        .iter()
        .flat_map(|count| {
            sets(board, &count.scope, Some(&regions), 1)
                .into_iter()
                .map(|set| {
                    let (least, most) = bounds(count.rel, count.k as usize, set.len());
                    PageCount {
                        name: set_name(board, &count.scope, Some(&regions), &set),
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
            spec.piece().name
        ),
        rows: board.dims()[0],
        cols: board.dims()[1],
        walls: (0..board.n_cells())
            .filter(|&c| board.is_wall(c))
            .map(at)
            .collect(),
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

    fn model(text: &str, side: usize) -> crate::error::Result<PuzzleModel> {
        let source = crate::instance::Source {
            name: "q.qspec".into(),
            text: text.into(),
            options: Default::default(),
        };
        PuzzleModel::new(&source, &[], side)
    }

    #[test]
    fn every_row_column_and_region_is_a_count_named_as_the_verifier_names_it() {
        let model = model(
            "board 2 x 2\nregions {\n  a b\n  a b\n}\npiece king\nrule no_attack\ncount per row == 1\ncount per column <= 1\ncount per region == 1\n",
            3,
        )
        .unwrap();
        let puzzle = RegionPuzzle {
            rows: vec!["aab".into(), "cab".into(), "ccb".into()],
            solution: vec![vec![0, 0], vec![2, 2]],
            found_at: 4,
        };
        let (letter, moves, boards) = region_page(&model, &[puzzle]).unwrap();
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
        assert_eq!((b.counts[6].least, b.counts[6].most), (1, 1));
        assert!(b.walls.is_empty());
    }

    #[test]
    fn what_the_page_cannot_play_is_refused_at_its_statement() {
        let fixed = model(
            "board 3 x 3\nregions {\n  a a a\n  b b b\n  c c c\n}\npiece rook\nrule no_attack\nfix (0,0)\ncount per region == 1\n",
            3,
        )
        .unwrap();
        let err = region_page(&fixed, &[]).unwrap_err().to_string();
        assert!(
            err.contains("q.qspec:9:1") && err.contains("a fixed cell"),
            "{err}"
        );
        let walled = model(
            "board 3 x 3\nwall (1,1)\nregions {\n  a a a\n  b b b\n  c c c\n}\npiece rook\nrule no_attack\ncount per region == 1\n",
            3,
        )
        .unwrap();
        let (_, _, boards) = region_page(
            &walled,
            &[RegionPuzzle {
                rows: vec!["aaa".into(); 3],
                solution: vec![],
                found_at: 1,
            }],
        )
        .unwrap();
        assert_eq!(boards[0].walls, [(1, 1)]);
    }
}
