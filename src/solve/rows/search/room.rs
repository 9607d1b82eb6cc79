//! The room the rows and columns have left: after each line, every open
//! row must still have room for its pieces, and every column (when the
//! count fills them too) for what it lacks, counted over the open rows by
//! bit masks (a column free in one row, in two, in three); a row or column
//! with just the room it needs gets its pieces there and then, and the
//! count starts again.

use super::Walker;

impl Walker<'_, '_> {
    /// Checks that every open row has room for its pieces and every column
    /// (filled too) for what it lacks, and places the pieces of any that
    /// has just the room it needs, again until none has: the level after
    /// them, or `None` (the pieces taken off again) at a dead end.
    pub(in crate::solve::rows) fn settle(&mut self, start: usize) -> Option<usize> {
        let width = self.plan.problem.width;
        let mut level = start;
        loop {
            match self.find_forced(level) {
                Room::Lacking => break,
                Room::Enough => return Some(level),
                Room::Forced => {}
            }
            for row in 0..self.plan.problem.rows {
                let mut cells = self.forced[row];
                while cells != 0 {
                    let column = cells.trailing_zeros() as usize;
                    cells &= cells - 1;
                    if self.levels[level][row] >> column & 1 == 0 {
                        self.unplace_to(start);
                        return None;
                    }
                    self.place(row * width + column, level);
                    level += 1;
                }
            }
        }
        self.unplace_to(start);
        None
    }

    /// Whether every open row has room for its pieces and every column
    /// (filled too) for what it lacks, at `level`, and, in
    /// [`Walker::forced`], the free cells of those that have just the room.
    fn find_forced(&mut self, level: usize) -> Room {
        let p = self.plan.problem;
        let free = &self.levels[level];
        let mut room = Room::Enough;
        // The columns free in one open row at least, in two, in three.
        let (mut once, mut twice, mut thrice) = (0u64, 0u64, 0u64);
        let rows = free.iter().zip(&self.needs).zip(&mut self.forced);
        for ((&cells, &need), forced) in rows {
            *forced = 0;
            if need == 0 {
                continue;
            }
            let fits = match need {
                1 | 2 => at_most_three(cells).cmp(&need),
                _ => cells.count_ones().cmp(&need),
            };
            match fits {
                std::cmp::Ordering::Less => return Room::Lacking,
                std::cmp::Ordering::Equal => {
                    *forced = cells;
                    room = Room::Forced;
                }
                std::cmp::Ordering::Greater => {}
            }
            thrice |= twice & cells;
            twice |= once & cells;
            once |= cells;
        }
        if p.column_fill.is_none() {
            return room;
        }
        let [one, two, more] = self.lacking;
        if (one & !once) | (two & !twice) | (more & !thrice) != 0 {
            return Room::Lacking;
        }
        let mut forced = (one & once & !twice) | (two & twice & !thrice);
        let mut more = more;
        while more != 0 {
            let bit = more & more.wrapping_neg();
            more &= more - 1;
            let column = bit.trailing_zeros() as usize;
            let free_in = free.iter().filter(|&&cells| cells & bit != 0).count() as u32;
            match free_in.cmp(&self.lacks(column)) {
                std::cmp::Ordering::Less => return Room::Lacking,
                std::cmp::Ordering::Equal => forced |= bit,
                std::cmp::Ordering::Greater => {}
            }
        }
        if forced != 0 {
            for (row, cells) in free.iter().enumerate() {
                self.forced[row] |= cells & forced;
            }
            room = Room::Forced;
        }
        room
    }
}

/// How many bits `cells` has, up to three (three for more): the room a
/// row is checked for, without counting every bit.
fn at_most_three(cells: u64) -> u32 {
    let two_on = cells & cells.wrapping_sub(1);
    let three_on = two_on & two_on.wrapping_sub(1);
    u32::from(cells != 0) + u32::from(two_on != 0) + u32::from(three_on != 0)
}

/// What [`Walker::find_forced`] found.
enum Room {
    /// A row or a column lacks room for its pieces.
    Lacking,
    /// Every row and column has room, some just enough.
    Forced,
    /// Every row and column has more room than it needs.
    Enough,
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_room_of_a_row_is_counted_up_to_three() {
        for cells in [0u64, 1, 0b110, 0b1011, 0b1111, u64::MAX, 1 << 63 | 1] {
            assert_eq!(
                super::at_most_three(cells),
                cells.count_ones().min(3),
                "{cells:b}"
            );
        }
    }
}
