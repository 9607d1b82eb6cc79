//! Differential tests for the seed problems' relations: attack counts with
//! blocking, domination, torus lines, walls chosen by the solver, and fixed
//! cells — every ray encoding and cardinality encoding against the oracle.

use crate::common;

use common::{agree_with_rows as agree, PIECES};
use qspec::options::{CardEncoding, Encodings};

const RAYS: [&str; 2] = ["direct", "chain"];

fn both_rays(src: &str) {
    for rays in RAYS {
        agree(
            &format!("{src}\nencode rays {rays}\n"),
            Encodings::default(),
        );
    }
}

#[test]
fn attacks_exactly_k_on_4x4_with_blocking() {
    for k in 0..=4 {
        both_rays(&format!("board 4 x 4\nrule attacks == {k}"));
        both_rays(&format!("board 4 x 4\nwall (1,2)\nrule attacks == {k}"));
    }
}

#[test]
#[ignore = "slow: .ci/run runs it"]
fn attacks_at_most_and_at_least_k() {
    for k in 0..=4 {
        both_rays(&format!("board 3 x 3\nrule attacks <= {k}"));
        both_rays(&format!("board 3 x 4\nrule attacks >= {k}\ncount <= 5"));
        both_rays(&format!("board 4 x 4\nrule attacks <= {k}\ncount >= 7"));
    }
}

#[test]
#[ignore = "slow: .ci/run runs it"]
fn attacks_for_every_piece_and_in_three_dimensions() {
    // Every built-in piece but the queen (the tests above are all queens).
    for piece in &PIECES[1..] {
        both_rays(&format!("board 4 x 4\npiece {piece}\nrule attacks == 2"));
    }
    both_rays("board 2 x 2 x 3\nrule attacks == 3");
    both_rays("board 2 x 3 x 3\nrule attacks <= 1\ncount >= 6");
}

#[test]
#[ignore = "slow: .ci/run runs it"]
fn reified_counts_with_every_card_encoding() {
    for card in CardEncoding::ALL {
        let enc = Encodings {
            amo: None,
            card: Some(card),
        };
        for rays in RAYS {
            agree(
                &format!("board 4 x 4\nrule attacks == 2\nencode rays {rays}"),
                enc,
            );
            agree(
                &format!("board 4 x 4\nrule attacks <= 1\ncount >= 5\nencode rays {rays}"),
                enc,
            );
        }
    }
}

#[test]
#[ignore = "slow: .ci/run runs it"]
fn attacks_on_a_torus_count_each_attacked_piece_once() {
    for k in 0..=3 {
        both_rays(&format!("board 4 x 4\ntorus\nrule attacks == {k}"));
        both_rays(&format!(
            "board 3 x 4\ntorus\nwall (1,1)\nrule attacks == {k}"
        ));
    }
    both_rays("board 4 x 4\ntorus\npiece knight\nrule attacks == 2");
    both_rays("board 3 x 3\ntorus\npiece amazon\nrule attacks <= 3");
}

#[test]
fn domination() {
    // The pieces up to the knight: the amazon and the nightrider add riders
    // and leapers the others already cover.
    for piece in &PIECES[..5] {
        both_rays(&format!(
            "board 4 x 4\npiece {piece}\nrule dominate\ncount <= 4"
        ));
    }
    both_rays("board 4 x 4\nwall (1,1) (2,3)\nrule dominate\ncount <= 3");
    both_rays("board 3^3\nrule dominate\ncount <= 2");
    both_rays("board 4 x 4\ntorus\nrule dominate\ncount <= 3");
}

#[test]
fn independent_domination() {
    both_rays("board 4 x 4\nrule no_attack\nrule dominate");
    both_rays("board 3^3\nrule no_attack\nrule dominate");
    both_rays("board 4 x 4\npiece king\nrule no_attack\nrule dominate");
}

#[test]
#[ignore = "slow: .ci/run runs it"]
fn free_walls_no_attack() {
    both_rays("board 3 x 3\nwalls free\nrule no_attack");
    both_rays("board 3 x 4\nwalls free\nwalls <= 2\nrule no_attack");
    both_rays("board 2 x 5\nwall (0,2)\nwalls free\nwalls <= 3\nrule no_attack");
    both_rays("board 3 x 3\nwalls free\npiece knight\nrule no_attack");
}

#[test]
fn free_walls_on_a_torus() {
    both_rays("board 3 x 3\ntorus\nwalls free\nwalls <= 3\nrule no_attack");
    both_rays("board 1 x 6\ntorus\nwalls free\nrule no_attack");
    both_rays("board 2 x 4\ntorus\nwalls free\nwalls <= 2\nrule no_attack");
}

#[test]
#[ignore = "slow: .ci/run runs it"]
fn free_walls_with_attack_counts_and_domination() {
    both_rays("board 3 x 3\nwalls free\nwalls <= 2\nrule attacks == 1");
    both_rays("board 3 x 3\nwalls free\nwalls <= 2\nrule attacks <= 2\ncount >= 4");
    both_rays("board 3 x 3\nwalls free\nwalls <= 2\nrule dominate\ncount <= 2");
    both_rays("board 3 x 3\ntorus\nwalls free\nwalls <= 2\nrule attacks == 2");
}

#[test]
fn fixed_cells_with_the_new_rules() {
    both_rays("board 4 x 4\nfix (0,0)\nforbid (3,3)\nrule attacks == 1");
    both_rays("board 4 x 4\nfix (1,1)\nrule dominate\ncount <= 3");
    both_rays("board 3 x 3\nfix (0,0)\nforbid (1,1)\nwalls free\nwalls <= 2\nrule no_attack");
}
