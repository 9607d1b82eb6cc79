//! CaDiCaL's listing in cubes on a value of docs/results.md, too slow for
//! the default suite (about a minute in the test profile): OEIS A019654
//! n = 10, the most queens each attacking exactly 4 others on 10 x 10 (27)
//! in 16573 classes, 132,584 boards — the sequence's value, which the
//! checker's d4 count and Burnside's lemma also give. Past the first 2000
//! classes the listing runs in 256 cubes, on two threads here. Slow: `cargo
//! test -- --ignored` runs it, as `.ci/run` does.

use crate::common;

use common::{qspec, stderr, stdout};

#[test]
#[ignore = "slow: .ci/run runs it"]
fn a019654_n10_in_cubes_on_two_threads() {
    let o = qspec(&[
        "count",
        "models/queens-attacking-exactly-k-max.qspec",
        "-D",
        "n=10",
        "-D",
        "k=4",
        "--optimal",
        "--up-to-symmetry",
        "--threads",
        "2",
    ]);
    let out = stdout(&o);
    assert!(o.status.success(), "{out}{}", stderr(&o));
    assert!(out.contains("in 256 cubes"), "{out}");
    assert!(
        out.contains("16573 classes under the board's symmetry group of order 8 with count = 27 (the optimum)"),
        "{out}"
    );
    assert!(
        out.contains("132584 solutions (the sum of the class sizes)"),
        "{out}"
    );
}
