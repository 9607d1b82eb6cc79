//! A playable HTML page of 2-D boards (a puzzle set): each board shows its
//! walls and the number of pieces to place; clicking a cell places or
//! removes a piece, the cells the pieces see are shaded (walls block the
//! riders' lines), pieces that attack each other turn red, and the board
//! says "solved" when it holds the target number of pieces and no two
//! attack. "Show" draws the known optimum.
//!
//! The page is one self-contained file (no network): the boards are a JSON
//! object in a script. Opened as `page.html#selftest`, the page plays every
//! board itself (places each optimum by clicks, checks it is reported
//! solved; places two attacking pieces, checks they are flagged) and writes
//! the outcome into the element `#selftest` — what the tests read through a
//! headless browser.
//!
//! ```
//! use qspec::draw::page::{write_page, PageBoard, PageMoves};
//! let rook = PageMoves { riders: vec![(0, 1), (1, 0), (0, -1), (-1, 0)], leapers: vec![], torus: false };
//! let board = PageBoard { label: "2 rooks".into(), rows: 2, cols: 2, walls: vec![], target: 2, solution: vec![(0, 0), (1, 1)] };
//! let mut html = Vec::new();
//! write_page(&mut html, "Rooks", 'R', &rook, &[board])?;
//! assert!(String::from_utf8(html).unwrap().contains("<title>Rooks</title>"));
//! # Ok::<(), std::io::Error>(())
//! ```

use std::io::{self, Write};

/// How the piece moves on the page: rider directions (sliding until a wall,
/// a piece or the edge; both signs of each) and leaper offsets (both signs).
#[derive(Clone, Debug, Default)]
pub struct PageMoves {
    /// Rider directions `(dr, dc)`.
    pub riders: Vec<(i64, i64)>,
    /// Leaper offsets `(dr, dc)`.
    pub leapers: Vec<(i64, i64)>,
    /// The board wraps around (a torus).
    pub torus: bool,
}

/// One board of the page.
#[derive(Clone, Debug)]
pub struct PageBoard {
    /// A caption (e.g. "3 walls, 11 queens").
    pub label: String,
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// The walls `(row, column)`.
    pub walls: Vec<(usize, usize)>,
    /// How many pieces the player must place.
    pub target: usize,
    /// An optimal placement `(row, column)`, shown on request.
    pub solution: Vec<(usize, usize)>,
}

/// Writes the page titled `title` for `boards` of a piece moving as `moves`.
pub fn write_page(
    out: &mut dyn Write,
    title: &str,
    piece_letter: char,
    moves: &PageMoves,
    boards: &[PageBoard],
) -> io::Result<()> {
    let title = escape_html(title);
    write!(
        out,
        "{HEAD_START}<title>{title}</title>\n{STYLE}</head>\n<body>\n"
    )?;
    writeln!(out, "<h1>{title}</h1>")?;
    writeln!(out, "<p>{INSTRUCTIONS}</p>")?;
    writeln!(
        out,
        "<pre id=\"selftest\"></pre>\n<div id=\"boards\"></div>"
    )?;
    write!(out, "<script>\nconst DATA = ")?;
    write_data(out, piece_letter, moves, boards)?;
    writeln!(out, ";\n{SCRIPT}</script>\n</body>\n</html>")
}

/// The boards and moves as one JSON object (one board per line).
fn write_data(
    out: &mut dyn Write,
    piece_letter: char,
    moves: &PageMoves,
    boards: &[PageBoard],
) -> io::Result<()> {
    let pairs = |v: &[(i64, i64)]| {
        let parts: Vec<String> = v.iter().map(|(a, b)| format!("[{a},{b}]")).collect();
        format!("[{}]", parts.join(","))
    };
    let cells = |v: &[(usize, usize)]| {
        let parts: Vec<String> = v.iter().map(|(a, b)| format!("[{a},{b}]")).collect();
        format!("[{}]", parts.join(","))
    };
    let letter = escape_json(&piece_letter.to_string());
    writeln!(
        out,
        "{{\"piece\":\"{letter}\",\"torus\":{},\"riders\":{},\"leapers\":{},\"boards\":[",
        moves.torus,
        pairs(&moves.riders),
        pairs(&moves.leapers)
    )?;
    for (i, b) in boards.iter().enumerate() {
        let comma = if i + 1 < boards.len() { "," } else { "" };
        writeln!(
            out,
            "{{\"label\":\"{}\",\"rows\":{},\"cols\":{},\"target\":{},\"walls\":{},\"solution\":{}}}{comma}",
            escape_json(&b.label),
            b.rows,
            b.cols,
            b.target,
            cells(&b.walls),
            cells(&b.solution)
        )?;
    }
    write!(out, "]}}")
}

/// `text` safe inside HTML.
fn escape_html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// `text` safe inside a JSON string within a `<script>`.
fn escape_json(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            c if (c as u32) < 0x20 || c == '\u{2028}' || c == '\u{2029}' => {
                out.push_str(&format!("\\u{:04x}", c as u32));
            }
            c => out.push(c),
        }
    }
    out
}

const HEAD_START: &str = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";

const INSTRUCTIONS: &str = "Place the given number of pieces so that no two attack each other. \
Walls (dark squares) block lines of attack. Click a cell to place or remove a piece; \
shaded cells are attacked, red pieces attack another piece.";

const STYLE: &str = r#"<style>
body { font-family: sans-serif; margin: 1em; }
#boards { display: flex; flex-wrap: wrap; gap: 1.5em; }
.puzzle { border: 1px solid #ccc; padding: .6em; }
.grid { display: grid; gap: 0; margin: .4em 0; }
.cell { width: 30px; height: 30px; border: 0; padding: 0; font: bold 18px sans-serif; cursor: pointer; }
.light { background: #f0d9b5; } .dark { background: #b58863; }
.cell.seen { background-image: linear-gradient(rgba(40,90,200,.35), rgba(40,90,200,.35)); }
.cell.wall { background: #222; cursor: default; }
.cell.piece { color: #111; } .cell.conflict { color: #d00; }
.status.solved { color: #080; font-weight: bold; }
</style>
"#;

const SCRIPT: &str = r##"function key(r, c) { return r + "," + c; }
function step(b, r, c, dr, dc) {
  r += dr; c += dc;
  if (DATA.torus) { r = (r % b.rows + b.rows) % b.rows; c = (c % b.cols + b.cols) % b.cols; }
  if (r < 0 || c < 0 || r >= b.rows || c >= b.cols) return null;
  return [r, c];
}
function seenFrom(b, walls, pieces, r0, c0) {
  const seen = new Set();
  const both = v => [v, [-v[0], -v[1]]];
  for (const d of DATA.riders) for (const [dr, dc] of both(d)) {
    let p = [r0, c0];
    for (let i = 0; i < b.rows * b.cols; i++) {
      p = step(b, p[0], p[1], dr, dc);
      if (p === null || walls.has(key(p[0], p[1]))) break;
      if (p[0] === r0 && p[1] === c0) break;
      seen.add(key(p[0], p[1]));
      if (pieces.has(key(p[0], p[1]))) break;
    }
  }
  for (const d of DATA.leapers) for (const [dr, dc] of both(d)) {
    const p = step(b, r0, c0, dr, dc);
    if (p !== null && !walls.has(key(p[0], p[1]))) seen.add(key(p[0], p[1]));
  }
  return seen;
}
function redraw(state) {
  const { b, walls, pieces, buttons, status } = state;
  const seen = new Set(), conflict = new Set();
  for (const k of pieces) {
    const [r, c] = k.split(",").map(Number);
    for (const s of seenFrom(b, walls, pieces, r, c)) {
      seen.add(s);
      if (pieces.has(s)) { conflict.add(s); conflict.add(k); }
    }
  }
  for (const [k, button] of buttons) {
    const on = pieces.has(k);
    button.textContent = on ? DATA.piece : "";
    button.classList.toggle("piece", on);
    button.classList.toggle("conflict", conflict.has(k));
    button.classList.toggle("seen", !on && seen.has(k));
  }
  const solved = conflict.size === 0 && pieces.size === b.target;
  status.textContent = solved ? "solved!" : pieces.size + " of " + b.target + " placed" +
    (conflict.size ? ", " + conflict.size + " attacked" : "");
  status.classList.toggle("solved", solved);
  state.solved = solved; state.conflicts = conflict.size;
}
function build(b, index) {
  const box = document.createElement("div");
  box.className = "puzzle";
  box.id = "puzzle-" + index;
  const caption = document.createElement("div");
  caption.textContent = b.label;
  box.appendChild(caption);
  const grid = document.createElement("div");
  grid.className = "grid";
  grid.style.gridTemplateColumns = "repeat(" + b.cols + ", 30px)";
  const walls = new Set(b.walls.map(([r, c]) => key(r, c)));
  const state = { b, walls, pieces: new Set(), buttons: new Map(), status: null };
  for (let r = 0; r < b.rows; r++) for (let c = 0; c < b.cols; c++) {
    const button = document.createElement("button");
    const k = key(r, c);
    button.className = "cell " + ((r + c) % 2 ? "dark" : "light");
    button.dataset.cell = k;
    if (walls.has(k)) { button.classList.add("wall"); button.disabled = true; }
    else {
      button.addEventListener("click", () => {
        if (state.pieces.has(k)) state.pieces.delete(k); else state.pieces.add(k);
        redraw(state);
      });
      state.buttons.set(k, button);
    }
    grid.appendChild(button);
  }
  box.appendChild(grid);
  state.status = document.createElement("div");
  state.status.className = "status";
  box.appendChild(state.status);
  for (const [name, act] of [["clear", () => state.pieces.clear()],
      ["show", () => { state.pieces = new Set(b.solution.map(([r, c]) => key(r, c))); }]]) {
    const button = document.createElement("button");
    button.textContent = name;
    button.className = name;
    button.addEventListener("click", () => { act(); redraw(state); });
    box.appendChild(button);
  }
  document.getElementById("boards").appendChild(box);
  redraw(state);
  return state;
}
function selftest(states) {
  const failures = [];
  states.forEach((s, i) => {
    const click = k => s.buttons.get(k).click();
    for (const [r, c] of s.b.solution) click(key(r, c));
    if (!s.solved) failures.push("board " + i + ": its optimum is not reported solved");
    const first = s.b.solution[0];
    if (first !== undefined) {
      const seen = seenFrom(s.b, s.walls, new Set(), first[0], first[1]);
      s.pieces.clear(); redraw(s);
      click(key(first[0], first[1]));
      const victim = [...seen].find(k => s.buttons.has(k));
      if (victim !== undefined) {
        click(victim);
        if (s.conflicts !== 2 || s.solved) failures.push("board " + i + ": an attack is not flagged");
      }
    }
    s.pieces.clear(); redraw(s);
  });
  document.getElementById("selftest").textContent = failures.length === 0 ?
    "selftest ok: " + states.length + " boards" : "selftest FAILED\n" + failures.join("\n");
}
const STATES = DATA.boards.map(build);
if (location.hash === "#selftest") selftest(STATES);
"##;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_data_is_escaped_and_one_board_per_line() {
        let boards = vec![
            PageBoard {
                label: "2 walls </script> \"x\"".into(),
                rows: 2,
                cols: 3,
                walls: vec![(0, 1)],
                target: 2,
                solution: vec![(0, 0), (0, 2)],
            },
            PageBoard {
                label: "b".into(),
                rows: 1,
                cols: 1,
                walls: vec![],
                target: 1,
                solution: vec![(0, 0)],
            },
        ];
        let moves = PageMoves {
            riders: vec![(0, 1), (1, 0)],
            leapers: vec![],
            torus: false,
        };
        let mut out = Vec::new();
        write_page(&mut out, "Puzzles <8x8>", 'R', &moves, &boards).unwrap();
        let page = String::from_utf8(out).unwrap();
        assert!(page.contains("<title>Puzzles &lt;8x8&gt;</title>"));
        assert!(!page.contains("</script> \\\"x"));
        assert!(page.contains(
            "{\"label\":\"2 walls \\u003c/script\\u003e \\\"x\\\"\",\"rows\":2,\"cols\":3,\"target\":2,\"walls\":[[0,1]],\"solution\":[[0,0],[0,2]]},"
        ));
        assert!(page.contains("\"riders\":[[0,1],[1,0]],\"leapers\":[]"));
        assert_eq!(page.matches("<script>").count(), 1);
    }
}
