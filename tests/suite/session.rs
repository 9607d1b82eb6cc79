//! Sessions (`service::session`, Python's `Model.session()`): one
//! incremental solver asked under assumptions, checked against the
//! brute-force oracle on small boards — the verdict, the optimum and every
//! solution under each set of fixed and forbidden cells, and every conflict
//! `why_not` names: impossible on its own, each of its assumptions needed,
//! and with `smallest` no larger than the least conflict found by trying
//! every subset.

use crate::common;

use common::{no_attack_models, oracle, Cells, Rng};
use qspec::service::session::{Assumption, Session, WhyNot};
use qspec::solve::{Status, Stop};
use std::collections::BTreeSet;

/// Whether `board` (its pieces' cells) meets the assumptions.
fn meets(board: &Cells, assumptions: &[Assumption]) -> bool {
    assumptions.iter().all(|a| match a {
        Assumption::Fixed { cell, .. } => board.contains(cell),
        Assumption::Forbidden { cell, .. } => !board.contains(cell),
        Assumption::Named { .. } => unreachable!("only cells here"),
    })
}

fn possible(all: &BTreeSet<Cells>, assumptions: &[Assumption]) -> bool {
    all.iter().any(|b| meets(b, assumptions))
}

/// The fewest of `assumptions` that no solution meets.
fn fewest_in_conflict(all: &BTreeSet<Cells>, assumptions: &[Assumption]) -> usize {
    let n = assumptions.len();
    (0u32..1 << n)
        .filter(|mask| {
            let subset: Vec<Assumption> = (0..n)
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| assumptions[i].clone())
                .collect();
            !possible(all, &subset)
        })
        .map(u32::count_ones)
        .min()
        .expect("the whole set is in conflict") as usize
}

/// Random fixed and forbidden cells among the live ones.
fn assumptions(rng: &mut Rng, live: &[usize]) -> Vec<Assumption> {
    let mut cells = BTreeSet::new();
    for _ in 0..1 + rng.index(7) {
        cells.insert(live[rng.index(live.len())]);
    }
    cells
        .into_iter()
        .map(|cell| {
            if rng.index(3) == 0 {
                Assumption::Forbidden { cell, kind: None }
            } else {
                Assumption::Fixed { cell, kind: None }
            }
        })
        .collect()
}

#[test]
fn a_session_answers_as_the_oracle_under_every_assumption() {
    let stop = Stop::new(None);
    let mut rng = Rng(0x41);
    let mut conflicts = 0;
    let completions =
        (5..=7).map(|n| format!("board {n} x {n}\npiece queen\nrule no_attack\ncount == {n}\n"));
    for src in no_attack_models().into_iter().chain(completions) {
        let instance = qspec::load_source("m.qspec", &src, &[], &Default::default()).unwrap();
        let all = oracle(&instance.spec, &instance.board);
        // Cells a piece may stand on (a fixed piece elsewhere is refused).
        let live: Vec<usize> = (0..instance.board.n_cells())
            .filter(|&c| !instance.board.is_wall(c))
            .filter(|&c| !instance.spec.forbidden.contains(&instance.board.coords(c)))
            .collect();
        let mut session = Session::new(&instance, &instance.encodings(None, None)).unwrap();
        for trial in 0..16 {
            let said = assumptions(&mut rng, &live);
            let case = format!("{src:?}, trial {trial}, {said:?}");
            session.push();
            session.assume_all(said.clone()).unwrap();
            let meeting: BTreeSet<Cells> =
                all.iter().filter(|b| meets(b, &said)).cloned().collect();

            let answer = session.solve(&stop).unwrap();
            let best = meeting.iter().map(|b| b.len() as i64).max();
            match best {
                None => assert_eq!(answer.status, Status::Unsatisfiable, "{case}"),
                Some(_) if instance.model.objective.is_none() => {
                    assert_eq!(answer.status, Status::Satisfiable, "{case}");
                }
                Some(best) => {
                    assert_eq!(answer.status, Status::Optimal, "{case}");
                    assert_eq!(answer.objective, Some(best), "{case}");
                }
            }

            let listed = session.solutions(&instance, false, None, &stop).unwrap();
            let boards: BTreeSet<Cells> = listed
                .placements
                .iter()
                .map(common::solution_cells)
                .collect();
            assert!(listed.complete, "{case}");
            assert_eq!(boards, meeting, "{case}");
            assert_eq!(listed.placements.len(), meeting.len(), "{case}: each once");

            let at_optimum = session.solutions(&instance, true, None, &stop).unwrap();
            assert!(
                at_optimum
                    .placements
                    .iter()
                    .all(|p| Some(p.pieces.iter().filter(|&&x| x).count() as i64) == best),
                "{case}"
            );

            match session.why_not(false, &stop).unwrap() {
                WhyNot::Possible => assert!(!meeting.is_empty(), "{case}"),
                WhyNot::Stopped => panic!("{case}: stopped"),
                WhyNot::Conflict(core) => {
                    conflicts += 1;
                    assert!(meeting.is_empty(), "{case}");
                    assert!(!possible(&all, &core), "{case}: {core:?} is possible");
                    for i in 0..core.len() {
                        let mut rest = core.clone();
                        rest.remove(i);
                        assert!(possible(&all, &rest), "{case}: {core:?} without its {i}th");
                    }
                    let WhyNot::Conflict(least) = session.why_not(true, &stop).unwrap() else {
                        panic!("{case}: the smallest conflict is missing")
                    };
                    assert!(!possible(&all, &least), "{case}");
                    assert_eq!(least.len(), fewest_in_conflict(&all, &said), "{case}");
                }
            }
            session.pop().unwrap();
            assert!(session.assumptions().is_empty());
        }
    }
    assert!(conflicts > 20, "the cases hold conflicts: {conflicts}");
}

#[test]
fn frames_named_variables_and_refusals() {
    let src = "board 5 x 5\npiece queen\nrule no_attack\ncount == 5\n";
    let instance = qspec::load_source("m.qspec", src, &[], &Default::default()).unwrap();
    let mut session = Session::new(&instance, &instance.encodings(None, None)).unwrap();
    let stop = Stop::new(None);
    assert!(session.pop().is_err(), "no frame to pop");
    session
        .assume_all(vec![Assumption::Named {
            name: "x_0_1".into(),
            value: true,
        }])
        .unwrap();
    session.push();
    let fixed = |cell| Assumption::Fixed { cell, kind: None };
    session.assume_all(vec![fixed(0)]).unwrap();
    assert_eq!(session.depth(), 1);
    let WhyNot::Conflict(core) = session.why_not(false, &stop).unwrap() else {
        panic!("x_0_0 and x_0_1 share a row")
    };
    assert_eq!(core.len(), 2);
    session.pop().unwrap();
    assert_eq!(session.solve(&stop).unwrap().status, Status::Satisfiable);
    let refused = session.assume_all(vec![
        fixed(2),
        Assumption::Named {
            name: "nope".into(),
            value: false,
        },
    ]);
    assert!(refused.is_err());
    assert_eq!(session.assumptions().len(), 1, "all or none");
    let hinted = qspec::load_source(
        "h.qspec",
        &format!("{src}hint break_symmetry\n"),
        &[],
        &Default::default(),
    )
    .unwrap();
    let error = Session::new(&hinted, &hinted.encodings(None, None)).unwrap_err();
    assert!(error.to_string().contains("removes solutions"), "{error}");
}
