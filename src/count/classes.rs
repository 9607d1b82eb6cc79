//! The group whose classes a count counts: asked for (`--up-to-symmetry`)
//! or implied by the model's own `hint break_symmetry`, the board's
//! symmetries (times the swaps of interchangeable kinds), refused with the
//! reason when it is larger than whoever lists can take.

use crate::board::orbit::Orbits;
use crate::board::symmetry::normalises;
use crate::board::symmetry::CLASS_LIMIT;
use crate::error::{Error, Result};
use crate::instance::Instance;
use crate::language::HintSpec;
use crate::lower::{kind_symmetry_group, symmetry_group_within, GROUP_LIMIT};
use crate::options::Setting;

/// The group whose classes are counted, if any: `asked` for (else an error
/// when it cannot be), or implied by the model's own `hint break_symmetry`
/// when its group can be listed and every `hint symmetric` keeps classes
/// whole.
pub fn classes(instance: &Instance, asked: bool) -> Result<Option<Orbits>> {
    classes_within(instance, asked, GROUP_LIMIT)
}

/// [`classes`] for a listing by an engine when `by_engine` ([`lister_for`]:
/// the clique search, the row search; it needs no constraint per symmetry, so it takes
/// groups of up to [`CLASS_LIMIT`] elements), else by CaDiCaL (up to
/// [`GROUP_LIMIT`]).
pub fn classes_for(instance: &Instance, asked: bool, by_engine: bool) -> Result<Option<Orbits>> {
    let limit = match by_engine {
        true => CLASS_LIMIT,
        false => GROUP_LIMIT,
    };
    classes_within(instance, asked, limit)
}

/// [`classes`] of a group of up to `limit` elements: [`GROUP_LIMIT`] where
/// CaDiCaL lists one representative per class (a lex-leader constraint per
/// element), [`CLASS_LIMIT`] where the clique search lists every solution.
pub fn classes_within(instance: &Instance, asked: bool, limit: u128) -> Result<Option<Orbits>> {
    let hinted = instance
        .spec
        .hints
        .iter()
        .any(|h| h.kind == HintSpec::BreakSymmetry);
    if !asked && !hinted {
        return Ok(None);
    }
    if instance.spec.has_kinds() {
        return kind_classes(instance, asked, limit);
    }
    let group = match symmetry_group_within(&instance.spec, &instance.board, limit) {
        Ok(group) => group,
        Err(_) if asked => return Err(group_too_large("the board's symmetry group", limit)),
        Err(_) => return Ok(None),
    };
    for hint in &instance.spec.hints {
        if let HintSpec::Symmetric(maps) = &hint.kind {
            if !normalises(&group, maps, GROUP_LIMIT as usize) {
                if !asked {
                    return Ok(None);
                }
                return Err(Error::unsupported_with_help(
                    format!(
                        "{}: the solutions of `{}` are not closed under the board's symmetry group (a board symmetry carries some of them onto boards the hint excludes), so their classes cannot be counted",
                        Setting::UpToSymmetry.mark(),
                        hint.text
                    ),
                    format!(
                        "count without {}, or use a symmetry every board symmetry conjugates into its own group (rot90, rot180)",
                        Setting::UpToSymmetry.mark()
                    ),
                ));
            }
        }
    }
    Ok(Some(Orbits::new(&instance.board, &group)))
}

/// [`classes_within`] of a model of several kinds: the board's symmetries
/// times the permutations of interchangeable kinds, acting on the kinds'
/// layers of cells ([`crate::lower::KindSymmetry::position_map`]).
fn kind_classes(instance: &Instance, asked: bool, limit: u128) -> Result<Option<Orbits>> {
    let (spec, board) = (&instance.spec, &instance.board);
    match kind_symmetry_group(spec, board, limit) {
        Ok(group) => Ok(Some(Orbits::of_maps(
            group.iter().map(|g| g.position_map(board)).collect(),
        ))),
        Err(_) if asked => Err(group_too_large(
            "the group of the board and the kinds",
            limit,
        )),
        Err(_) => Ok(None),
    }
}

/// `--up-to-symmetry` refused: `group` has more than `limit` elements.
fn group_too_large(group: &str, limit: u128) -> Error {
    Error::unsupported_with_help(
        format!(
            "{}: {group} has more than {limit} elements, too many to list and to compute class sizes with",
            Setting::UpToSymmetry.mark()
        ),
        format!(
            "count every solution (without {}), or add `hint break_symmetry` to count under it (at least one solution per class)",
            Setting::UpToSymmetry.mark()
        ),
    )
}
