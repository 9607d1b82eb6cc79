//! Rendering a placement: text (`.` empty, `Q` piece, `#` wall, `*` a
//! fixed piece, `x` a forbidden cell; boards of more than two dimensions
//! layer by layer) and SVG (a chess board with pieces, walls, fixed pieces
//! ringed in gold, forbidden cells crossed, regions in colours with a
//! border between them and, on request, the lines of attack).

use super::layout::{layers, piece_letter, Layout};
use crate::board::sets::Regions;
use crate::board::Board;
use crate::board::Placement;
use crate::language::Spec;
use crate::verify::attack_pairs;
use std::fmt::Write;

/// `12 pieces` (and `, 5 walls placed` when the solver chooses walls).
pub fn pieces_line(spec: &Spec, p: &Placement) -> String {
    let walls = if spec.free_walls {
        format!(
            ", {} placed",
            crate::diag::plural(p.n_chosen_walls() as u64, "wall", "walls")
        )
    } else {
        String::new()
    };
    format!(
        "{}{walls}",
        crate::diag::plural(p.n_pieces() as u64, "piece", "pieces")
    )
}

/// The board as text, one line per row, cells separated by spaces
/// ([`Layout`] rendered for `p`).
pub fn text(spec: &Spec, board: &Board, p: &Placement) -> String {
    Layout::of(spec, board).render(p)
}

/// The colours regions are filled with, in the order their first cells
/// come (light enough for the pieces' black discs).
const REGION_COLOURS: [&str; 12] = [
    "#f4a6a6", "#a6c8f4", "#b8e0a0", "#f4d58d", "#d3b4f0", "#9fe0d9", "#f7c3a1", "#c9c9c9",
    "#e8e39a", "#f0b3d6", "#aab6e8", "#cfe8b0",
];

/// The fill of a region: its place among the regions, round the palette.
fn region_colour(spec: &Spec, letter: char) -> &'static str {
    let order = spec.regions.as_ref().map_or(Vec::new(), |r| r.cells());
    let at = order.iter().position(|(l, _)| *l == letter).unwrap_or(0);
    REGION_COLOURS[at % REGION_COLOURS.len()]
}

/// A thick line between two neighbouring cells of different regions, so
/// that regions of the same colour (more than the palette) still show.
fn region_borders(
    s: &mut String,
    board: &Board,
    regions: &Regions,
    origin: &dyn Fn(usize) -> (usize, usize),
) {
    let d = board.dims().len();
    if d != 2 {
        return;
    }
    for cell in 0..board.n_cells() {
        let (x, y) = origin(cell);
        for (step, edge) in [
            ([0i64, 1], (SQUARE, 0, SQUARE, SQUARE)),
            ([1, 0], (0, SQUARE, SQUARE, SQUARE)),
        ] {
            let Some(next) = board.step(cell, &step) else {
                continue;
            };
            if regions.of(next) != regions.of(cell) {
                let (x1, y1, x2, y2) = edge;
                let _ = writeln!(
                    s,
                    "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#1b1b1b\" stroke-width=\"3\"/>",
                    x + x1,
                    y + y1,
                    x + x2,
                    y + y2
                );
            }
        }
    }
}

/// The discs of a model's kinds after the first (black): white, then
/// colours.
const KIND_DISCS: [(&str, &str); 5] = [
    ("#fafafa", "#1b1b1b"),
    ("#1f77b4", "white"),
    ("#d62728", "white"),
    ("#2ca02c", "white"),
    ("#9467bd", "white"),
];

/// The disc, the ink and the letter of a piece of `kind`.
fn piece_look(spec: &Spec, kind: usize) -> (&'static str, &'static str, char) {
    if !spec.has_kinds() || kind == 0 {
        let letter = spec.kinds.first().map_or(piece_letter(spec), |k| k.letter);
        return ("#1b1b1b", "white", letter);
    }
    let (disc, ink) = KIND_DISCS[(kind - 1) % KIND_DISCS.len()];
    (disc, ink, spec.kinds[kind].letter)
}

const SQUARE: usize = 40;
const GAP: usize = 20;

/// The board as an SVG picture; `attacks` draws a line for every attack.
pub fn svg(spec: &Spec, board: &Board, p: &Placement, attacks: bool) -> String {
    let layers = layers(board);
    let (rows, cols) = (layers[0].2, layers[0].3);
    let label_h = if layers.len() > 1 { 20 } else { 0 };
    let layer_w = cols * SQUARE;
    let width = layers.len() * layer_w + (layers.len() - 1) * GAP + 2 * GAP;
    let height = rows * SQUARE + label_h + 2 * GAP;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\">"
    );
    let _ = writeln!(s, "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>");
    let origin = |cell: usize| -> (usize, usize) {
        let l = cell / (rows * cols);
        let within = cell % (rows * cols);
        let x = GAP + l * (layer_w + GAP) + (within % cols) * SQUARE;
        let y = GAP + label_h + (within / cols) * SQUARE;
        (x, y)
    };
    for (label, first, _, _) in &layers {
        if !label.is_empty() {
            let (x, _) = origin(*first);
            let _ = writeln!(
                s,
                "<text x=\"{x}\" y=\"{}\" font-size=\"14\">{label}</text>",
                GAP + 14
            );
        }
    }
    for cell in 0..board.n_cells() {
        let (x, y) = origin(cell);
        let within = cell % (rows * cols);
        let dark = (within / cols + within % cols) % 2 == 1;
        let region = spec.regions.as_ref().and_then(|r| r.of(cell));
        let fill = if board.is_wall(cell) || p.chosen_walls[cell] {
            "#444444"
        } else if let Some(letter) = region {
            region_colour(spec, letter)
        } else if dark {
            "#b58863"
        } else {
            "#f0d9b5"
        };
        let _ = writeln!(
            s,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{SQUARE}\" height=\"{SQUARE}\" fill=\"{fill}\"/>"
        );
        let coords = board.coords(cell);
        if !p.pieces[cell] && spec.forbidden.contains(&coords) {
            let (a, b) = (8, SQUARE - 8);
            let _ =
                writeln!(
                s,
                "<path d=\"M{} {} L{} {} M{} {} L{} {}\" stroke=\"#c0392b\" stroke-width=\"3\"/>",
                x + a, y + a, x + b, y + b, x + b, y + a, x + a, y + b
            );
        }
        if p.pieces[cell] {
            let (cx, cy) = (x + SQUARE / 2, y + SQUARE / 2);
            let (ring, width) = if spec.fixed.contains(&coords) {
                ("#d4a017", 4)
            } else {
                ("white", 2)
            };
            let (disc, ink, letter) = piece_look(spec, p.kinds[cell]);
            let _ = writeln!(
                s,
                "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"{disc}\" stroke=\"{ring}\" stroke-width=\"{width}\"/>",
                SQUARE * 2 / 5
            );
            let _ = writeln!(
                s,
                "<text x=\"{cx}\" y=\"{}\" font-size=\"18\" fill=\"{ink}\" text-anchor=\"middle\">{letter}</text>",
                cy + 6,
            );
        }
    }
    if let Some(regions) = &spec.regions {
        region_borders(&mut s, board, regions, &origin);
    }
    if attacks {
        for (a, b) in attack_pairs(spec, board, p) {
            let ((ax, ay), (bx, by)) = (origin(a), origin(b));
            let h = SQUARE / 2;
            let _ = writeln!(
                s,
                "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#d62728\" stroke-width=\"3\" stroke-opacity=\"0.7\"/>",
                ax + h,
                ay + h,
                bx + h,
                by + h
            );
        }
    }
    let _ = writeln!(s, "</svg>");
    s
}
