//! The fenced blocks of a Markdown page: each with its kind (the fence's
//! first word) and what an HTML comment right above the fence says of it
//! (`<!-- doc: ... -->`, invisible on the rendered page).

/// What a block is, from the first word of its fence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `console`: a transcript, `$ command` lines each with the output it
    /// prints under it; run and compared.
    Console,
    /// `sh`: command lines with `# comments`; run, and the numbers of each
    /// comment found in its command's output.
    Sh,
    /// `python`: a doctest (`>>>` lines), run by pytest's `--doctest-glob`.
    Python,
    /// `qspec`: a model or statements of one; the language must accept it.
    Qspec,
    /// `toml`: a manifest; `is FILE` or `write FILE` says which.
    Toml,
    /// `text`: a picture or a table; not run, and must say why.
    Text,
    /// Anything else, or no word at all.
    Unknown(String),
}

/// What the comment above a block says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Directive {
    /// `not run: REASON`.
    NotRun(String),
    /// `is FILE`: the block is the text of FILE (in the page's scratch
    /// folder) at this point.
    Is(String),
    /// `write FILE`: the block is written to FILE.
    Write(String),
}

/// One fenced block of a page.
#[derive(Clone, Debug)]
pub struct Block {
    /// The page, relative to the repository.
    pub file: String,
    /// The line of the opening fence.
    pub line: usize,
    pub kind: Kind,
    pub directive: Option<Directive>,
    /// `before: COMMAND` lines of the comment: shell commands run, hidden,
    /// before the block (a story's edit that the prose tells).
    pub before: Vec<String>,
    /// The block's lines, each with its number in the page.
    pub lines: Vec<(usize, String)>,
}

impl Block {
    /// `FILE:LINE`, for messages.
    pub fn place(&self) -> String {
        format!("{}:{}", self.file, self.line)
    }

    /// The block's text, its lines joined.
    pub fn text(&self) -> String {
        self.lines.iter().map(|(_, l)| format!("{l}\n")).collect()
    }
}

/// Every fenced block of `text` (the page `file`); an error for a fence
/// left open or a `doc:` comment that says nothing known.
pub fn blocks(file: &str, text: &str) -> Result<Vec<Block>, String> {
    let mut blocks = Vec::new();
    let mut comment: Vec<String> = Vec::new();
    let mut open: Option<Block> = None;
    let mut in_comment = false;
    for (i, line) in text.lines().enumerate() {
        let number = i + 1;
        let trimmed = line.trim_start();
        if let Some(block) = open.as_mut() {
            if trimmed.starts_with("```") {
                blocks.push(open.take().unwrap());
            } else {
                block.lines.push((number, line.to_string()));
            }
            continue;
        }
        if let Some(info) = trimmed.strip_prefix("```") {
            let (directive, before) = directives(&comment)
                .map_err(|e| format!("{file}:{number}: the comment above the block: {e}"))?;
            comment.clear();
            open = Some(Block {
                file: file.to_string(),
                line: number,
                kind: kind(info),
                directive,
                before,
                lines: Vec::new(),
            });
            continue;
        }
        if in_comment || trimmed.starts_with("<!-- doc:") {
            comment.push(line.trim().to_string());
            in_comment = !line.contains("-->");
        } else if !trimmed.is_empty() {
            comment.clear();
        }
    }
    match open {
        Some(block) => Err(format!("{}: the block is not closed", block.place())),
        None => Ok(blocks),
    }
}

fn kind(info: &str) -> Kind {
    match info.split_whitespace().next().unwrap_or("") {
        "console" => Kind::Console,
        "sh" => Kind::Sh,
        "python" => Kind::Python,
        "qspec" => Kind::Qspec,
        "toml" => Kind::Toml,
        "text" => Kind::Text,
        other => Kind::Unknown(other.to_string()),
    }
}

/// The directive and the `before:` commands of a `<!-- doc: ... -->`
/// comment's lines (each line after the first may hold one more).
fn directives(comment: &[String]) -> Result<(Option<Directive>, Vec<String>), String> {
    let text = comment.join("\n");
    let Some(body) = text
        .trim()
        .strip_prefix("<!-- doc:")
        .and_then(|t| t.strip_suffix("-->"))
    else {
        return Ok((None, Vec::new()));
    };
    let mut directive = None;
    let mut before = Vec::new();
    for item in body.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if let Some(command) = item.strip_prefix("before:") {
            before.push(command.trim().to_string());
            continue;
        }
        let said = if let Some(reason) = item.strip_prefix("not run:") {
            Directive::NotRun(reason.trim().to_string())
        } else if let Some(file) = item.strip_prefix("is ") {
            Directive::Is(file.trim().to_string())
        } else if let Some(file) = item.strip_prefix("write ") {
            Directive::Write(file.trim().to_string())
        } else {
            return Err(format!(
                "`{item}` is none of `not run: REASON`, `is FILE`, `write FILE`, `before: COMMAND`"
            ));
        };
        if directive.replace(said).is_some() {
            return Err("more than one of `not run:`, `is`, `write`".into());
        }
    }
    Ok((directive, before))
}

#[test]
fn blocks_have_their_kind_directive_and_lines() {
    let page = "text\n<!-- doc: not run: needs a cluster -->\n```sh\nqspec a\n```\n\n\
                <!-- doc:\n  before: touch x\n  is q.toml -->\n```toml\nk = 1\n```\n```\nplain\n```\n";
    let found = blocks("p.md", page).unwrap();
    assert_eq!(found.len(), 3);
    assert_eq!(found[0].kind, Kind::Sh);
    assert_eq!(
        found[0].directive,
        Some(Directive::NotRun("needs a cluster".into()))
    );
    assert_eq!(found[0].lines, [(4, "qspec a".to_string())]);
    assert_eq!(found[1].directive, Some(Directive::Is("q.toml".into())));
    assert_eq!(found[1].before, ["touch x"]);
    assert_eq!(found[2].kind, Kind::Unknown(String::new()));
    assert_eq!(found[2].directive, None);
    assert!(blocks("p.md", "```sh\nqspec a\n").is_err());
    assert!(blocks("p.md", "<!-- doc: maybe -->\n```sh\n```\n").is_err());
    // A comment that is not right above the block says nothing of it.
    let far = blocks("p.md", "<!-- doc: is a -->\nprose\n```toml\n```\n").unwrap();
    assert_eq!(far[0].directive, None);
}
