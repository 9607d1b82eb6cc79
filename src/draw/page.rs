//! A playable HTML page of 2-D boards (a puzzle set): each board shows its
//! walls and the number of pieces to place; clicking a cell places or
//! removes a piece, the cells the pieces see are shaded (walls block the
//! riders' lines), pieces that attack each other turn red, and the board
//! says "solved" when it holds the target number of pieces and no two
//! attack. "Show" draws the known optimum.
//!
//! A region puzzle's board colours its regions, and carries the counts its
//! sets must meet (one piece a row, a column, a region): a set holding too
//! many turns its pieces orange, and "solved" needs every count met.
//!
//! The page is one self-contained file (no network): the boards are a JSON
//! object in a script. Opened as `page.html#selftest`, the page plays every
//! board itself (places each optimum by clicks, checks it is reported
//! solved; places two attacking pieces, checks they are flagged; on a board
//! with counts, moves one piece of the optimum to a cell no piece attacks
//! and checks the broken count is named and the board not solved) and writes
//! the outcome into the element `#selftest` — what the tests read through a
//! headless browser.
//!
//! ```
//! use qspec::draw::page::{write_page, PageBoard, PageMoves};
//! let rook = PageMoves { riders: vec![(0, 1), (1, 0), (0, -1), (-1, 0)], leapers: vec![], torus: false };
//! let board = PageBoard { label: "2 rooks".into(), rows: 2, cols: 2, walls: vec![], target: 2, solution: vec![(0, 0), (1, 1)], ..PageBoard::default() };
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
#[derive(Clone, Debug, Default)]
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
    /// The regions picture, a row a string, a letter a cell (`.` in no
    /// region); empty when the board has none.
    pub regions: Vec<String>,
    /// What its sets of cells must hold (none on a board of walls).
    pub counts: Vec<PageCount>,
}

/// A set of cells and how many pieces it must hold: `row 2`, one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageCount {
    /// What the page calls it (`row 2`, `region 'c'`).
    pub name: String,
    /// Its cells `(row, column)`.
    pub cells: Vec<(usize, usize)>,
    /// The fewest pieces it may hold.
    pub least: usize,
    /// The most.
    pub most: usize,
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
        write!(
            out,
            "{{\"label\":\"{}\",\"rows\":{},\"cols\":{},\"target\":{},\"walls\":{},\"solution\":{}",
            escape_json(&b.label),
            b.rows,
            b.cols,
            b.target,
            cells(&b.walls),
            cells(&b.solution)
        )?;
        if !b.regions.is_empty() || !b.counts.is_empty() {
            write_regions_and_counts(out, b)?;
        }
        writeln!(out, "}}{comma}")?;
    }
    write!(out, "]}}")
}

/// A region board's `"regions"` and `"counts"` (a board of walls leaves
/// them out, and its page is as it was).
fn write_regions_and_counts(out: &mut dyn Write, b: &PageBoard) -> io::Result<()> {
    let rows: Vec<String> = b
        .regions
        .iter()
        .map(|r| format!("\"{}\"", escape_json(r)))
        .collect();
    write!(out, ",\"regions\":[{}],\"counts\":[", rows.join(","))?;
    for (i, count) in b.counts.iter().enumerate() {
        let cells: Vec<String> = count
            .cells
            .iter()
            .map(|(r, c)| format!("[{r},{c}]"))
            .collect();
        write!(
            out,
            "{}{{\"name\":\"{}\",\"least\":{},\"most\":{},\"cells\":[{}]}}",
            if i == 0 { "" } else { "," },
            escape_json(&count.name),
            count.least,
            count.most,
            cells.join(",")
        )?;
    }
    write!(out, "]")
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
shaded cells are attacked, red pieces attack another piece. On a board of coloured regions, \
each row, column and region must hold its number of pieces: orange pieces stand in a set that holds too many.";

const STYLE: &str = r#"<style>
body { font-family: sans-serif; margin: 1em; }
#boards { display: flex; flex-wrap: wrap; gap: 1.5em; }
.puzzle { border: 1px solid #ccc; padding: .6em; }
.grid { display: grid; gap: 0; margin: .4em 0; }
.cell { width: 30px; height: 30px; border: 0; padding: 0; font: bold 18px sans-serif; cursor: pointer; }
.light { background: #f0d9b5; } .dark { background: #b58863; }
.cell.seen { background-image: linear-gradient(rgba(40,90,200,.35), rgba(40,90,200,.35)); }
.cell.wall { background: #222; cursor: default; }
.cell.region { box-sizing: border-box; }
.cell.piece { color: #111; } .cell.crowded { color: #e67e00; } .cell.conflict { color: #d00; }
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
function regionColour(index) { return "hsl(" + Math.round(index * 137.5) % 360 + ", 65%, 82%)"; }
function paintRegions(b, button, r, c) {
  const at = (rr, cc) => rr < 0 || cc < 0 || rr >= b.rows || cc >= b.cols ? "" : b.regions[rr][cc];
  const letter = at(r, c);
  if (letter === ".") return;
  const order = [...new Set(b.regions.join(""))].filter(l => l !== ".");
  button.classList.add("region");
  button.style.backgroundColor = regionColour(order.indexOf(letter));
  const edge = (rr, cc) => at(rr, cc) === letter ? "1px solid rgba(0,0,0,.15)" : "2px solid #222";
  button.style.borderTop = edge(r - 1, c); button.style.borderBottom = edge(r + 1, c);
  button.style.borderLeft = edge(r, c - 1); button.style.borderRight = edge(r, c + 1);
}
function brokenCounts(b, pieces) {
  const over = [], short = [], crowded = new Set();
  for (const set of b.counts || []) {
    const on = set.cells.map(([r, c]) => key(r, c)).filter(k => pieces.has(k));
    if (on.length > set.most) { over.push(set.name); on.forEach(k => crowded.add(k)); }
    if (on.length < set.least) short.push(set.name);
  }
  return { over, short, crowded };
}
function redraw(state) {
  const { b, walls, pieces, buttons, status } = state;
  const seen = new Set(), conflict = new Set();
  const counts = brokenCounts(b, pieces);
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
    button.classList.toggle("crowded", counts.crowded.has(k));
    button.classList.toggle("seen", !on && seen.has(k));
  }
  // A set short of pieces is named once every piece is placed: before, it
  // is only not done yet.
  const broken = counts.over.map(n => "too many in " + n).concat(
    pieces.size === b.target ? counts.short.map(n => "too few in " + n) : []);
  const solved = conflict.size === 0 && pieces.size === b.target && broken.length === 0;
  status.textContent = solved ? "solved!" : pieces.size + " of " + b.target + " placed" +
    (conflict.size ? ", " + conflict.size + " attacked" : "") +
    (broken.length ? ", " + broken.join(", ") : "");
  status.classList.toggle("solved", solved);
  state.solved = solved; state.conflicts = conflict.size; state.broken = broken;
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
    if (b.regions && b.regions.length) paintRegions(b, button, r, c);
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
    if ((s.b.counts || []).length) checkCounts(s, i, failures);
  });
  document.getElementById("selftest").textContent = failures.length === 0 ?
    "selftest ok: " + states.length + " boards" : "selftest FAILED\n" + failures.join("\n");
}
// The optimum with its first piece moved to a cell no other piece attacks:
// the board's one solution is the optimum, so some count must break, and
// the page must name it.
function checkCounts(s, i, failures) {
  const rest = s.b.solution.slice(1).map(([r, c]) => key(r, c));
  const pieces = new Set(rest);
  const attacked = new Set();
  for (const k of rest) {
    const [r, c] = k.split(",").map(Number);
    for (const a of seenFrom(s.b, s.walls, pieces, r, c)) attacked.add(a);
  }
  const moved = [...s.buttons.keys()].find(k => {
    if (pieces.has(k) || attacked.has(k)) return false;
    const [r, c] = k.split(",").map(Number);
    return ![...seenFrom(s.b, s.walls, pieces, r, c)].some(a => pieces.has(a)) &&
      k !== key(s.b.solution[0][0], s.b.solution[0][1]);
  });
  if (moved === undefined) return;
  for (const k of rest.concat([moved])) s.buttons.get(k).click();
  if (s.solved || s.broken.length === 0)
    failures.push("board " + i + ": a placement that breaks a count is not flagged");
  s.pieces.clear(); redraw(s);
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
                ..PageBoard::default()
            },
            PageBoard {
                label: "b".into(),
                rows: 1,
                cols: 2,
                walls: vec![],
                target: 1,
                solution: vec![(0, 0)],
                regions: vec!["ab".into()],
                counts: vec![PageCount {
                    name: "region 'a'".into(),
                    cells: vec![(0, 0)],
                    least: 1,
                    most: 1,
                }],
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
        assert!(page.contains(
            "\"solution\":[[0,0]],\"regions\":[\"ab\"],\"counts\":[{\"name\":\"region 'a'\",\"least\":1,\"most\":1,\"cells\":[[0,0]]}]}\n]}"
        ));
        assert_eq!(page.matches("<script>").count(), 1);
    }
}
