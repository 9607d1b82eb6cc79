//! A list of boards checked one by one against the problem's definition:
//! queens that each attack exactly k others (a queen attacks the first
//! queen it meets in each of its eight directions), exactly m of them on
//! the n x n board. Read from qspec's `--jsonl` listing (one object a line
//! with `"cells":[[r,c],...]` and `"class_size":s`; the summary line has no
//! cells), parsed here by hand: no dependency.

use std::collections::HashSet;

use crate::square;

/// What the list holds, once every board passed.
#[derive(Debug)]
pub struct Checked {
    /// Distinct classes (no two boards in one class).
    pub classes: u64,
    /// The boards in them: the sum of the orbit sizes.
    pub boards: u64,
    /// Classes by orbit size: 8, 4, 2, 1.
    pub by_size: [u64; 4],
    /// Each class's least image (sorted cell indices), in order.
    pub least: Vec<Vec<usize>>,
}

/// The queens the queen on `cell` attacks: the first in each direction.
fn attacks(n: usize, queens: &[bool], cell: usize) -> u32 {
    let first_queen = |d| square::ray(n, cell, d).any(|other| queens[other]);
    square::DIRECTIONS
        .into_iter()
        .filter(|&d| first_queen(d))
        .count() as u32
}

/// The numbers of a JSON array of pairs after `key` in `line`.
fn pairs(line: &str, key: &str) -> Option<Vec<(usize, usize)>> {
    let start = line.find(key)? + key.len();
    let rest = &line[start..];
    let end = rest.find("]]").map_or(rest.find(']')? + 1, |e| e + 2);
    let numbers: Vec<usize> = rest[..end]
        .split(|ch: char| !ch.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().unwrap())
        .collect();
    Some(numbers.chunks(2).map(|p| (p[0], p[1])).collect())
}

/// The number after `key` in `line`.
fn number_after(line: &str, key: &str) -> Option<u64> {
    let start = line.find(key)? + key.len();
    let digits: String = line[start..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

/// Checks every board of `text`; the first problem, with its line, is the
/// error.
pub fn check(n: usize, k: u32, m: usize, text: &str) -> Result<Checked, String> {
    let mut seen: HashSet<Vec<usize>> = HashSet::new();
    let mut out = Checked {
        classes: 0,
        boards: 0,
        by_size: [0; 4],
        least: Vec::new(),
    };
    for (i, line) in text.lines().enumerate() {
        let Some(cells) = pairs(line, "\"cells\":") else {
            continue;
        };
        let at = i + 1;
        let mut queens = vec![false; n * n];
        let mut list = Vec::new();
        for &(r, c) in &cells {
            if r >= n || c >= n || queens[r * n + c] {
                return Err(format!("line {at}: cell ({r},{c}) off the board or twice"));
            }
            queens[r * n + c] = true;
            list.push(r * n + c);
        }
        if list.len() != m {
            return Err(format!("line {at}: {} queens, not {m}", list.len()));
        }
        if let Some(&q) = list.iter().find(|&&q| attacks(n, &queens, q) != k) {
            let a = attacks(n, &queens, q);
            return Err(format!(
                "line {at}: the queen on ({},{}) attacks {a}",
                q / n,
                q % n
            ));
        }
        let least = (0..8).map(|s| square::image(n, s, &list)).min().unwrap();
        if !seen.insert(least.clone()) {
            return Err(format!("line {at}: a second board of one class"));
        }
        let (_, size) = square::class_of(n, &list);
        if number_after(line, "\"class_size\":") != Some(size) {
            return Err(format!(
                "line {at}: the stated class size is not the orbit's {size}"
            ));
        }
        out.classes += 1;
        out.boards += size;
        out.by_size[[8, 4, 2, 1].iter().position(|&s| s == size).unwrap()] += 1;
    }
    out.least = seen.into_iter().collect();
    out.least.sort_unstable();
    Ok(out)
}

/// The boards of the classes `least` (each class's least image) that
/// fall into each of the 2^w cubes on the w `cells` (cube number: bit j
/// set when the board holds `cells[j]`), every class spread into its
/// distinct images.
pub fn per_cube(n: usize, least: &[Vec<usize>], cells: &[usize]) -> Vec<u64> {
    let mut counts = vec![0u64; 1 << cells.len()];
    for class in least {
        let mut images: Vec<Vec<usize>> = (0..8).map(|s| square::image(n, s, class)).collect();
        images.sort_unstable();
        images.dedup();
        for board in &images {
            let cube = cells
                .iter()
                .enumerate()
                .filter(|(_, cell)| board.binary_search(cell).is_ok())
                .fold(0, |acc, (j, _)| acc | 1 << j);
            counts[cube] += 1;
        }
    }
    counts
}

/// A cube log of `queens_k.py --count --cubes P --log FILE`.
#[derive(Debug)]
pub struct CubeLog {
    /// Its split (`split r,c ...`): the cells, as indices r * n + c.
    pub split: Vec<usize>,
    /// The cubes counted so far (`cube C COUNT SECONDS`): (C, COUNT).
    pub counted: Vec<(usize, u64)>,
}

/// Reads a cube log (see [`CubeLog`]).
pub fn read_cube_log(n: usize, text: &str) -> Result<CubeLog, String> {
    let mut split = None;
    let mut cubes = Vec::new();
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first() {
            Some(&"split") => {
                let cells: Vec<usize> = words[1..]
                    .iter()
                    .map(|w| {
                        let (r, c) = w.split_once(',').ok_or(format!("not a cell: {w}"))?;
                        let (r, c): (usize, usize) = (
                            r.parse().map_err(|_| w.to_string())?,
                            c.parse().map_err(|_| w.to_string())?,
                        );
                        Ok(r * n + c)
                    })
                    .collect::<Result<_, String>>()?;
                if cells.is_empty() || cells.len() > 24 {
                    return Err(format!("a split of {} cells", cells.len()));
                }
                split = Some(cells);
            }
            Some(&"cube") if words.len() == 4 => {
                let cube: usize = words[1].parse().map_err(|_| line.to_string())?;
                let count: u64 = words[2].parse().map_err(|_| line.to_string())?;
                cubes.push((cube, count));
            }
            _ => return Err(format!("not a line of a cube log: {line:?}")),
        }
    }
    let split = split.ok_or("the log does not say its split")?;
    if let Some(&(cube, _)) = cubes.iter().find(|&&(cube, _)| cube >> split.len() != 0) {
        return Err(format!("cube {cube} on a split of {} cells", split.len()));
    }
    Ok(CubeLog {
        split,
        counted: cubes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_valid_list_passes_and_a_wrong_board_fails() {
        // The four corners of 4x4: each attacks the corners on its row and
        // column and the far one on its diagonal, 3 in all; a class of one.
        let corners = "{\"number\":1,\"class_size\":1,\"cells\":[[0,0],[0,3],[3,0],[3,3]]}\n";
        let c = check(4, 3, 4, corners).unwrap();
        assert_eq!((c.classes, c.boards, c.by_size), (1, 1, [0, 0, 0, 1]));
        assert!(check(4, 2, 4, corners).unwrap_err().contains("attacks 3"));
        assert!(check(4, 3, 5, corners).unwrap_err().contains("4 queens"));
        let twice = format!("{corners}{corners}");
        assert!(check(4, 3, 4, &twice).unwrap_err().contains("one class"));
        let sized = corners.replace("\"class_size\":1", "\"class_size\":8");
        assert!(check(4, 3, 4, &sized).unwrap_err().contains("class size"));
    }

    #[test]
    fn each_board_of_a_class_falls_in_its_cube() {
        // 8 queens on 8x8, one class of 8 boards: the queen at (0,0) of the
        // least image and its seven images each hold one corner cell.
        let n = 8;
        let board: Vec<usize> = vec![0, 12, 23, 29, 34, 46, 49, 59];
        let least = (0..8).map(|s| square::image(n, s, &board)).min().unwrap();
        let corners = [0, 7, 56, 63, 1, 2, 3, 4];
        let counts = per_cube(n, std::slice::from_ref(&least), &corners);
        assert_eq!(counts.iter().sum::<u64>(), 8);
        // Each corner is held by two of the eight boards (the board and its
        // mirror in the diagonal through that corner), no board by two.
        for j in 0..4 {
            let held: u64 = (0..256)
                .filter(|c| c & 15 == 1 << j)
                .map(|c| counts[c])
                .sum();
            assert_eq!(held, 2, "corner {j}");
        }
        let log = "split 0,0 0,7 7,0 7,7 0,1 0,2 0,3 0,4\ncube 1 2 0.5\n";
        let read = read_cube_log(n, log).unwrap();
        assert_eq!(read.split, corners);
        assert_eq!(read.counted, vec![(1, 2)]);
        assert!(read_cube_log(n, "cube 1 2 0.5\n").is_err());
        assert!(read_cube_log(n, "split 0,0 0,7\ncube 4 1 0.5\n").is_err());
    }
}
