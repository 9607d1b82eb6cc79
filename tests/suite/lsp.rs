//! `qspec lsp` as an editor runs it: a real process spoken to in JSON-RPC
//! (the Language Server Protocol's framing) — initialize, a broken model
//! opened and its located diagnostic with its quick fix, the fix and the
//! diagnostics cleared, hover, completion, go to definition, rename, the
//! code lenses that solve and count, formatting, shutdown and exit.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use serde_json::{json, Value};

/// A running `qspec lsp` and the messages it has sent.
struct Server {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Server {
    fn start() -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_qspec"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("qspec lsp starts");
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        Server {
            child,
            input,
            output,
        }
    }

    fn send(&mut self, message: Value) {
        let body = message.to_string();
        write!(self.input, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        self.input.flush().unwrap();
    }

    fn request(&mut self, id: u64, method: &str, params: Value) -> Value {
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let message = self.receive();
            if message["id"] == json!(id) {
                return message;
            }
        }
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// The next message the server sends.
    fn receive(&mut self) -> Value {
        let mut length = None;
        loop {
            let mut line = String::new();
            assert!(
                self.output.read_line(&mut line).unwrap() > 0,
                "the server closed"
            );
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some(n) = line.strip_prefix("Content-Length: ") {
                length = Some(n.parse::<usize>().unwrap());
            }
        }
        let mut body = vec![0; length.expect("a Content-Length")];
        self.output.read_exact(&mut body).unwrap();
        serde_json::from_slice(&body).unwrap()
    }

    /// The next diagnostics the server publishes.
    fn diagnostics(&mut self) -> Value {
        loop {
            let message = self.receive();
            if message["method"] == "textDocument/publishDiagnostics" {
                return message["params"].clone();
            }
        }
    }
}

const URI: &str = "file:///work/m.qspec";

fn at(line: u32, character: u32) -> Value {
    json!({"textDocument": {"uri": URI}, "position": {"line": line, "character": character}})
}

#[test]
fn an_editor_gets_diagnostics_hover_completion_and_formatting() {
    let mut server = Server::start();
    let init = server.request(
        1,
        "initialize",
        json!({"capabilities": {}, "processId": null}),
    );
    let capabilities = &init["result"]["capabilities"];
    assert_eq!(capabilities["hoverProvider"], json!(true), "{init}");
    assert_eq!(
        capabilities["documentFormattingProvider"],
        json!(true),
        "{init}"
    );
    server.notify("initialized", json!({}));

    // A misspelt rule: the located error, with the command line's help.
    let broken = "param n = 8\nboard n x n\npiece queen\nrule no_attak\ncount == n\n";
    server.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": URI, "languageId": "qspec", "version": 1, "text": broken}}),
    );
    let published = server.diagnostics();
    let diagnostics = published["diagnostics"].as_array().unwrap();
    assert_eq!(diagnostics.len(), 1, "{published}");
    let d = &diagnostics[0];
    assert_eq!(
        d["range"]["start"],
        json!({"line": 3, "character": 5}),
        "{d}"
    );
    assert_eq!(d["severity"], json!(1), "{d}");
    assert!(d["message"].as_str().unwrap().contains("no_attack"), "{d}");

    // The diagnostic's "did you mean" as a quick fix.
    let actions = server.request(
        20,
        "textDocument/codeAction",
        json!({"textDocument": {"uri": URI}, "range": d["range"], "context": {"diagnostics": [d]}}),
    );
    let fix = &actions["result"][0];
    assert_eq!(fix["kind"], json!("quickfix"), "{actions}");
    assert_eq!(
        fix["edit"]["changes"][URI][0],
        json!({"range": d["range"], "newText": "no_attack"}),
        "{actions}"
    );

    // Fixed: the diagnostics cleared.
    let fixed = "param n = 8\nboard n x n\npiece queen\nrule no_attack\ncount == n\n";
    server.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": URI, "version": 2}, "contentChanges": [{"text": fixed}]}),
    );
    assert_eq!(server.diagnostics()["diagnostics"], json!([]));

    // Hover: a piece's moves, a parameter's value, a statement's meaning
    // and, on the board line, the model's estimated size.
    let hover = |server: &mut Server, id, line, character| -> String {
        let answer = server.request(id, "textDocument/hover", at(line, character));
        answer["result"]["contents"]["value"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    };
    let queen = hover(&mut server, 2, 2, 8);
    assert!(
        queen.contains("rides along (0,1) (1,-1) (1,0) (1,1)"),
        "{queen}"
    );
    let n = hover(&mut server, 3, 4, 10);
    assert!(n.contains("`param n = 8`"), "{n}");
    let board = hover(&mut server, 4, 1, 2);
    assert!(board.contains("**`board`**"), "{board}");
    assert!(
        board.contains("64 cells") && board.contains("64 variables"),
        "{board}"
    );

    // Completion: keywords, pieces, the document's own parameter.
    let completion = server.request(5, "textDocument/completion", at(4, 0));
    let labels: Vec<&str> = completion["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    for want in [
        "board",
        "queen",
        "no_attack",
        "totalizer",
        "break_symmetry",
        "row",
        "n",
    ] {
        assert!(labels.contains(&want), "{want}: {labels:?}");
    }

    // Go to definition and rename: the parameter `n`, used on three lines.
    let definition = server.request(8, "textDocument/definition", at(4, 9));
    assert_eq!(
        definition["result"]["range"],
        json!({"start": {"line": 0, "character": 6}, "end": {"line": 0, "character": 7}}),
        "{definition}"
    );
    let mut renamed = at(1, 6);
    renamed["newName"] = json!("size");
    let rename = server.request(9, "textDocument/rename", renamed);
    let edits = rename["result"]["changes"][URI].as_array().unwrap();
    let lines: Vec<u64> = edits
        .iter()
        .map(|e| e["range"]["start"]["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, [0, 1, 1, 4], "{rename}");
    assert!(edits.iter().all(|e| e["newText"] == "size"), "{rename}");
    let mut piece = at(2, 8);
    piece["newName"] = json!("royal");
    let refused = server.request(10, "textDocument/rename", piece);
    assert!(
        refused["error"]["message"]
            .as_str()
            .unwrap()
            .contains("piece royal queen"),
        "{refused}"
    );

    // The code lens on the board line solves the model and shows the board.
    let lenses = server.request(
        11,
        "textDocument/codeLens",
        json!({"textDocument": {"uri": URI}}),
    );
    let lens = &lenses["result"][0];
    assert_eq!(lens["range"]["start"]["line"], json!(1), "{lenses}");
    assert_eq!(lens["command"]["command"], json!("qspec.solve"), "{lenses}");
    let solved = server.request(
        12,
        "workspace/executeCommand",
        json!({"command": "qspec.solve", "arguments": lens["command"]["arguments"]}),
    );
    let board = solved["result"].as_str().unwrap_or_default();
    assert!(
        board.contains("s SATISFIABLE") && board.contains("verified: every rule holds"),
        "{solved}"
    );
    // Beside it, the lens that counts, as `qspec count --up-to-symmetry`.
    let lens = &lenses["result"][1];
    assert_eq!(lens["command"]["command"], json!("qspec.count"), "{lenses}");
    let counted = server.request(
        13,
        "workspace/executeCommand",
        json!({"command": "qspec.count", "arguments": lens["command"]["arguments"]}),
    );
    assert_eq!(
        counted["result"],
        json!(
            "c each representative found is the canonical member of its class and was verified from the board geometry\n\
             12 classes under the board's symmetry group of order 8\n\
             92 solutions (the sum of the class sizes)\n"
        ),
        "{counted}"
    );

    // Formatting: one edit to the layout of `qspec fmt`.
    let messy = "param n=8\nboard n x n\npiece   queen\nrule no_attack;count==n\n";
    server.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": URI, "version": 3}, "contentChanges": [{"text": messy}]}),
    );
    server.diagnostics();
    let formatted = server.request(
        6,
        "textDocument/formatting",
        json!({"textDocument": {"uri": URI}, "options": {"tabSize": 2, "insertSpaces": true}}),
    );
    let edits = formatted["result"].as_array().unwrap();
    assert_eq!(edits.len(), 1, "{formatted}");
    assert_eq!(
        edits[0]["newText"],
        json!("param n = 8\nboard n x n\npiece queen\nrule no_attack; count == n\n")
    );

    // Shutdown, exit: the process ends, exit code 0.
    let shutdown = server.request(7, "shutdown", Value::Null);
    assert_eq!(shutdown["result"], Value::Null, "{shutdown}");
    server.notify("exit", Value::Null);
    let status = server.child.wait().unwrap();
    assert_eq!(status.code(), Some(0));
}

/// A lens' command runs beside the editor's other requests: a count that
/// runs to its time limit (one second, as the editor's
/// `initializationOptions` set it) does not hold a hover, which is
/// answered first; the count then answers with what it reached (`at
/// least`).
#[test]
fn a_long_count_from_a_lens_does_not_hold_the_other_requests() {
    let mut server = Server::start();
    server.request(
        1,
        "initialize",
        json!({"capabilities": {}, "processId": null, "initializationOptions": {"lensSeconds": 1}}),
    );
    server.notify("initialized", json!({}));
    // Every set of non-attacking knights on 8 x 8: far more than 1 s.
    let many = "board 8 x 8\npiece knight\nrule no_attack\ncount >= 0\n";
    server.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": URI, "languageId": "qspec", "version": 1, "text": many}}),
    );
    server.diagnostics();
    let lenses = server.request(
        5,
        "textDocument/codeLens",
        json!({"textDocument": {"uri": URI}}),
    );
    assert_eq!(
        lenses["result"][1]["command"]["title"],
        json!("count (at most 1 s)"),
        "{lenses}"
    );
    server.send(
        json!({"jsonrpc": "2.0", "id": 2, "method": "workspace/executeCommand",
        "params": {"command": "qspec.count", "arguments": [URI]}}),
    );
    server.send(
        json!({"jsonrpc": "2.0", "id": 3, "method": "textDocument/hover",
        "params": {"textDocument": {"uri": URI}, "position": {"line": 1, "character": 8}}}),
    );
    let mut answered = Vec::new();
    while answered.len() < 2 {
        let message = server.receive();
        if let Some(id) = message["id"].as_u64() {
            answered.push((id, message));
        }
    }
    assert_eq!(answered[0].0, 3, "the hover waited for the count");
    let hover = answered[0].1["result"]["contents"].to_string();
    assert!(hover.contains("knight"), "{hover}");
    let count = answered[1].1["result"].as_str().unwrap_or_default();
    assert!(count.contains("at least"), "{count}");
    server.request(4, "shutdown", Value::Null);
    server.notify("exit", Value::Null);
    assert!(server.child.wait().unwrap().success());
}
