//! Where a text qspec reads comes from: a file, standard input for `-`,
//! gunzipped when the name ends in `.gz`.

use std::io::{self, BufRead, BufReader};
use std::path::Path;

/// A buffered reader of `path`: standard input for `-`, gunzipped for `.gz`.
pub fn open_text(path: &Path) -> io::Result<Box<dyn BufRead>> {
    if path.as_os_str() == "-" {
        return Ok(Box::new(BufReader::new(io::stdin())));
    }
    let file = std::fs::File::open(path)?;
    let gz = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("gz"));
    Ok(if gz {
        Box::new(BufReader::new(flate2::read::MultiGzDecoder::new(file)))
    } else {
        Box::new(BufReader::with_capacity(1 << 16, file))
    })
}
