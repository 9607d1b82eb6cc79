//! Progress on long work, drawn on standard error: a bar (done / total,
//! rate, time left) for sweeps and puzzles, a running count for `count`,
//! a status line for `solve` (the best value so far, the bound) and its
//! certificate. Drawn only when standard error is a terminal, or when
//! `--progress` asks; never with `--no-progress`, and never in a pipe, a
//! log or CI otherwise. Standard output is the same with and without it:
//! every line qspec prints, on either stream, is written with the bar
//! lifted ([`suspended`]), so no line is torn by it.

use std::borrow::Cow;
use std::io::{IsTerminal, Write};
use std::sync::Mutex;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle, TermLike};

/// Whether to draw progress (`--progress`, `--no-progress`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Show {
    /// When standard error is a terminal (the command line's default).
    #[default]
    Auto,
    /// Always (`--progress`).
    Always,
    /// Never (`--no-progress`).
    Never,
}

impl Show {
    /// From the two flags (clap makes them exclusive).
    pub fn from_flags(progress: bool, no_progress: bool) -> Show {
        match (progress, no_progress) {
            (true, _) => Show::Always,
            (_, true) => Show::Never,
            _ => Show::Auto,
        }
    }

    fn draws(self) -> bool {
        match self {
            Show::Auto => std::io::stderr().is_terminal(),
            Show::Always => true,
            Show::Never => false,
        }
    }
}

/// What this process draws: [`Show::Never`] until the command line says
/// otherwise ([`set`]), so that the library, called from a program or
/// from Python, draws nothing of its own.
static SHOW: Mutex<Show> = Mutex::new(Show::Never);

/// Sets what this process draws (the command line's flags).
pub fn set(show: Show) {
    *SHOW.lock().unwrap_or_else(|e| e.into_inner()) = show;
}

fn shown() -> Show {
    *SHOW.lock().unwrap_or_else(|e| e.into_inner())
}

/// Refreshes a second: often enough to see it move, rarely enough to cost
/// nothing.
const HZ: u8 = 5;

/// The bar drawn now, if any: [`suspended`] lifts it for every line
/// printed.
static ACTIVE: Mutex<Option<ProgressBar>> = Mutex::new(None);

/// One piece of progress on standard error; cleared when dropped.
pub struct Progress {
    bar: Option<ProgressBar>,
    /// What the steps are (`instances`, `solutions`).
    what: &'static str,
}

/// A bar's figures: done of total, rate, time left.
fn bar_template(what: &str) -> String {
    format!("{{spinner}} {{pos}}/{{len}} {what} [{{bar:30}}] {{rate}}, {{eta}} left {{msg}}")
}

impl Progress {
    /// A bar of `total` steps (a spinner with a count until the total is
    /// known: [`Progress::set_total`]), `what` naming the steps.
    pub fn bar(total: Option<u64>, what: &'static str) -> Progress {
        let style = match total {
            Some(_) => bar_template(what),
            None => format!("{{spinner}} {{pos}} {what}, {{rate}} {{msg}}"),
        };
        Progress::start(total, what, &style)
    }

    /// A line that counts (`count`: solutions so far, and their rate).
    pub fn counter(what: &'static str) -> Progress {
        Progress::start(
            None,
            what,
            &format!("{{spinner}} {{pos}} {what} in {{elapsed}} ({{rate}}) {{msg}}"),
        )
    }

    /// A status line (`solve`): the time so far and a message.
    pub fn status() -> Progress {
        Progress::start(None, "", "{spinner} {elapsed} {msg}")
    }

    fn start(total: Option<u64>, what: &'static str, template: &str) -> Progress {
        if !shown().draws() {
            return Progress { bar: None, what };
        }
        let target = ProgressDrawTarget::term_like_with_hz(Box::new(Stderr), HZ);
        let bar = ProgressBar::with_draw_target(total, target);
        let style = ProgressStyle::with_template(template)
            .expect("the progress templates are valid")
            .with_key(
                "rate",
                |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = write!(w, "{:.0}/s", state.per_sec());
                },
            )
            .progress_chars("=> ");
        bar.set_style(style);
        bar.enable_steady_tick(Duration::from_millis(200));
        *lock() = Some(bar.clone());
        Progress {
            bar: Some(bar),
            what,
        }
    }

    /// One more step done.
    pub fn step(&self) {
        if let Some(bar) = &self.bar {
            bar.inc(1);
        }
    }

    /// The number of steps, once known.
    pub fn set_total(&self, total: u64) {
        if let Some(bar) = &self.bar {
            bar.set_style(
                bar.style()
                    .template(&bar_template(self.what))
                    .expect("the progress template is valid"),
            );
            bar.set_length(total);
        }
    }

    /// The text after the figures.
    pub fn say(&self, text: impl Into<Cow<'static, str>>) {
        if let Some(bar) = &self.bar {
            bar.set_message(text);
        }
    }

    /// Whether anything is drawn.
    pub fn is_drawn(&self) -> bool {
        self.bar.is_some()
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some(bar) = self.bar.take() {
            *lock() = None;
            bar.finish_and_clear();
        }
    }
}

fn lock() -> std::sync::MutexGuard<'static, Option<ProgressBar>> {
    ACTIVE.lock().unwrap_or_else(|e| e.into_inner())
}

/// Runs `write` with the bar lifted (cleared before, drawn again after),
/// so that a line printed while a bar is drawn is never torn by it.
pub fn suspended<R>(write: impl FnOnce() -> R) -> R {
    let bar = lock().clone();
    match bar {
        Some(bar) => bar.suspend(write),
        None => write(),
    }
}

/// Standard error as indicatif draws on it: one line, redrawn in place
/// with a carriage return and "erase line" (ANSI), whatever it is
/// connected to (`--progress` asks for the bar in a file too).
struct Stderr;

impl Stderr {
    fn put(&self, text: &str) -> std::io::Result<()> {
        std::io::stderr().lock().write_all(text.as_bytes())
    }
}

impl std::fmt::Debug for Stderr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Stderr")
    }
}

impl TermLike for Stderr {
    fn width(&self) -> u16 {
        std::env::var("COLUMNS")
            .ok()
            .and_then(|c| c.parse().ok())
            .unwrap_or(80)
    }

    fn move_cursor_up(&self, n: usize) -> std::io::Result<()> {
        match n {
            0 => Ok(()),
            n => self.put(&format!("\x1b[{n}A")),
        }
    }

    fn move_cursor_down(&self, n: usize) -> std::io::Result<()> {
        match n {
            0 => Ok(()),
            n => self.put(&format!("\x1b[{n}B")),
        }
    }

    fn move_cursor_right(&self, n: usize) -> std::io::Result<()> {
        match n {
            0 => Ok(()),
            n => self.put(&format!("\x1b[{n}C")),
        }
    }

    fn move_cursor_left(&self, n: usize) -> std::io::Result<()> {
        match n {
            0 => Ok(()),
            n => self.put(&format!("\x1b[{n}D")),
        }
    }

    fn write_line(&self, s: &str) -> std::io::Result<()> {
        self.put(&format!("{s}\n"))
    }

    fn write_str(&self, s: &str) -> std::io::Result<()> {
        self.put(s)
    }

    fn clear_line(&self) -> std::io::Result<()> {
        self.put("\r\x1b[2K")
    }

    fn flush(&self) -> std::io::Result<()> {
        std::io::stderr().lock().flush()
    }
}
