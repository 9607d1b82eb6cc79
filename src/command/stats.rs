//! The `stats` command: the CNF size of every encoding choice
//! ([`qspec::encode::stats`]), as a table or JSON
//! ([`qspec::service::stats`]).

use std::io::Write;

use super::progress::Progress;
use super::{print, EncodingRequest, ModelRequest};
use qspec::encode::stats;
use qspec::error::Result;
use qspec::service::{stats_json, stats_table};

/// What the command line asks of `stats`.
#[derive(Clone, Debug)]
pub struct StatsRequest {
    /// The model and how to load it.
    pub model: ModelRequest,
    /// Encodings asked for on the command line.
    pub encodings: EncodingRequest,
    /// JSON instead of a table.
    pub json: bool,
}

/// Runs `stats`, printing to `out`.
pub fn run(req: &StatsRequest, out: &mut dyn Write) -> Result<u8> {
    // A large board takes seconds to build and size: say what is going on.
    let status = Progress::status();
    status.say("building the model");
    let loaded = req.model.load()?;
    let chosen = req.encodings.resolve(&loaded);
    status.say("sizing every encoding");
    let rows = stats(&loaded.model, chosen);
    drop(status);
    let text = if req.json {
        stats_json(&loaded, &rows)
    } else {
        stats_table(&loaded, &rows)
    };
    print(out, &text)?;
    Ok(0)
}
