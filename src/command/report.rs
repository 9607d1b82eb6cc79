//! The SVG picture `solve` and `verify` draw on request (`--svg`); the text
//! they print about an answer is the service layer's
//! ([`qspec::service::shown`]).

use std::io::Write as _;
use std::path::{Path, PathBuf};

use super::Instance;
use qspec::board::Placement;
use qspec::draw as render;
use qspec::error::{Error, Result};
use qspec::files::Output;
/// The SVG file `--svg` asks for, opened (as a temporary file beside it)
/// before any solving, so that a bad path is reported at once.
pub fn prepare_svg(path: Option<&Path>) -> Result<Option<(Output, PathBuf)>> {
    let Some(path) = path else {
        return Ok(None);
    };
    let out = Output::create(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::InvalidInput => Error::usage(format!("--svg: {e}")),
        _ => Error::unwritable("--svg: cannot write ", path, e),
    })?;
    Ok(Some((out, path.to_path_buf())))
}

/// Draws `placement` into the SVG file prepared by [`prepare_svg`], when
/// both are there. Without a placement the file is not written, and
/// standard error says so: `--svg` is never dropped silently.
pub fn write_svg(
    loaded: &Instance,
    svg: Option<(Output, PathBuf)>,
    placement: Option<&Placement>,
    show_attacks: bool,
) -> Result<()> {
    let Some((mut out, path)) = svg else {
        return Ok(());
    };
    let Some(placement) = placement else {
        super::note(&format!(
            "c --svg: no board to draw, {} not written",
            path.display()
        ));
        return Ok(());
    };
    let picture = render::svg(&loaded.spec, &loaded.board, placement, show_attacks);
    out.write_all(picture.as_bytes())
        .and_then(|()| out.commit())
        .map_err(|e| Error::unwritable("cannot write ", &path, e))
}
