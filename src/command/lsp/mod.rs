//! `qspec lsp`: a language server over standard input and output (JSON-RPC,
//! the Language Server Protocol), for editors. It keeps each open `.qspec`
//! document's text and answers from the library alone, as the command line
//! does: diagnostics as the user types ([`answers::diagnostics`], the same
//! errors and warnings, places and help), hover ([`answers::hover`]: a
//! statement's meaning from the language reference, a piece's moves, a
//! parameter's value, the model's estimated size on `board`, `rule` and
//! `count` lines), completion ([`answers::completion`]), formatting
//! (`qspec fmt`'s layout), go to definition and rename of a parameter or a
//! kind, and each "did you mean" as a quick fix ([`names`]); code lenses
//! that solve and count the model within a time limit ([`run`]), each on a
//! thread of its own while the editor's other requests are answered. The protocol's plumbing is lsp-server's and its
//! types lsp-types' (rust-analyzer's stack); no async runtime.

mod answers;
mod names;
mod run;
mod text;

use std::collections::HashMap;

use lsp_server::{Connection, Message, Notification, Request, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, Notification as _,
    PublishDiagnostics,
};
use lsp_types::request::{
    CodeActionRequest, CodeLensRequest, Completion, ExecuteCommand, Formatting, GotoDefinition,
    HoverRequest, Rename, Request as _,
};
use lsp_types::{
    CodeActionProviderCapability, CodeLensOptions, CompletionOptions, ExecuteCommandOptions,
    GotoDefinitionResponse, HoverProviderCapability, OneOf, PublishDiagnosticsParams,
    ServerCapabilities, TextDocumentSyncCapability, TextDocumentSyncKind, Uri,
};

use qspec::error::{Error, Result};

/// What the server offers.
fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::FULL)),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions::default()),
        document_formatting_provider: Some(OneOf::Left(true)),
        definition_provider: Some(OneOf::Left(true)),
        rename_provider: Some(OneOf::Left(true)),
        code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
        code_lens_provider: Some(CodeLensOptions {
            resolve_provider: Some(false),
        }),
        execute_command_provider: Some(ExecuteCommandOptions {
            commands: vec![run::SOLVE.to_string(), run::COUNT.to_string()],
            ..ExecuteCommandOptions::default()
        }),
        ..ServerCapabilities::default()
    }
}

/// Serves one editor until it says `exit`; the exit code.
pub fn run() -> Result<u8> {
    let (connection, threads) = Connection::stdio();
    let capabilities = serde_json::to_value(capabilities()).map_err(lsp_failed)?;
    let initialize = connection.initialize(capabilities).map_err(lsp_failed)?;
    serve(&connection, run::time_limit(&initialize))?;
    drop(connection);
    threads.join().map_err(lsp_failed)?;
    Ok(0)
}

fn lsp_failed(e: impl std::fmt::Display) -> Error {
    Error::usage(format!("qspec lsp: {e}"))
}

/// What the server keeps for its editor: the open documents by their URI,
/// and how long a lens' command may take.
struct Documents {
    texts: HashMap<String, String>,
    lens_limit: std::time::Duration,
}

fn serve(connection: &Connection, lens_limit: std::time::Duration) -> Result<()> {
    let mut documents = Documents {
        texts: HashMap::new(),
        lens_limit,
    };
    for message in &connection.receiver {
        match message {
            Message::Request(request) => {
                if connection.handle_shutdown(&request).map_err(lsp_failed)? {
                    return Ok(());
                }
                if request.method == ExecuteCommand::METHOD {
                    execute(connection, &documents, request)?;
                    continue;
                }
                let response = respond(&documents, request);
                send(connection, response.into())?;
            }
            Message::Notification(notification) => {
                if let Some(uri) = documents.take(notification) {
                    publish(connection, &documents, &uri)?;
                }
            }
            Message::Response(_) => {}
        }
    }
    Ok(())
}

fn send(connection: &Connection, message: Message) -> Result<()> {
    connection.sender.send(message).map_err(lsp_failed)
}

/// Runs a lens' command (solve, count) on a thread of its own, so that
/// the editor's other requests are answered meanwhile: its answer is shown
/// to the user (`window/showMessage`) and sent as the response. A request
/// that names no command the server has, or no open document, is refused
/// at once.
fn execute(connection: &Connection, documents: &Documents, request: Request) -> Result<()> {
    let id = request.id.clone();
    let params = match serde_json::from_value::<lsp_types::ExecuteCommandParams>(request.params) {
        Ok(p) => p,
        Err(e) => return send(connection, invalid(id, e.to_string()).into()),
    };
    let uri = params
        .arguments
        .first()
        .and_then(|a| a.as_str())
        .unwrap_or_default()
        .to_string();
    let Some(text) = documents.texts.get(&uri).cloned() else {
        return send(
            connection,
            invalid(id, format!("{uri} is not an open document")).into(),
        );
    };
    let command: fn(&str, &str, std::time::Duration) -> String = match params.command.as_str() {
        run::SOLVE => run::solve,
        run::COUNT => run::count,
        other => {
            let why = format!("qspec lsp has no command {other}");
            return send(connection, invalid(id, why).into());
        }
    };
    let sender = connection.sender.clone();
    let limit = documents.lens_limit;
    let work = move || {
        let answer = command(answers::name_of(&uri), &text, limit);
        let shown = lsp_types::ShowMessageParams {
            typ: lsp_types::MessageType::INFO,
            message: answer.clone(),
        };
        let method = lsp_types::notification::ShowMessage::METHOD.to_string();
        // The editor may have gone; nothing is left to tell then.
        let _ = sender.send(Notification::new(method, shown).into());
        let _ = sender.send(Response::new_ok(id, answer).into());
    };
    // Not joined: the answer goes out on its own, and the connection's
    // writer waits for it before the server exits.
    qspec::threads::detached_on_stack("qspec lsp command", qspec::threads::DEEP_STACK, work);
    Ok(())
}

/// The diagnostics of the document at `uri` (none once it is closed).
fn publish(connection: &Connection, documents: &Documents, uri: &Uri) -> Result<()> {
    let diagnostics = match documents.texts.get(uri.as_str()) {
        Some(text) => answers::diagnostics(uri.as_str(), text),
        None => Vec::new(),
    };
    let params = PublishDiagnosticsParams {
        uri: uri.clone(),
        diagnostics,
        version: None,
    };
    send(
        connection,
        Notification::new(PublishDiagnostics::METHOD.to_string(), params).into(),
    )
}

impl Documents {
    /// Takes a document's opening, change or closing; the document's URI
    /// when its diagnostics are to be published again.
    fn take(&mut self, notification: Notification) -> Option<Uri> {
        match notification.method.as_str() {
            DidOpenTextDocument::METHOD => {
                let params: lsp_types::DidOpenTextDocumentParams =
                    serde_json::from_value(notification.params).ok()?;
                let document = params.text_document;
                self.texts
                    .insert(document.uri.as_str().to_string(), document.text);
                Some(document.uri)
            }
            DidChangeTextDocument::METHOD => {
                let params: lsp_types::DidChangeTextDocumentParams =
                    serde_json::from_value(notification.params).ok()?;
                // Whole texts only: the server asks for full synchronisation.
                let text = params.content_changes.into_iter().last()?.text;
                let uri = params.text_document.uri;
                self.texts.insert(uri.as_str().to_string(), text);
                Some(uri)
            }
            DidCloseTextDocument::METHOD => {
                let params: lsp_types::DidCloseTextDocumentParams =
                    serde_json::from_value(notification.params).ok()?;
                self.texts.remove(params.text_document.uri.as_str());
                Some(params.text_document.uri)
            }
            _ => None,
        }
    }
}

/// The answer to a request.
fn respond(documents: &Documents, request: Request) -> Response {
    let id = request.id.clone();
    let text_of = |uri: &Uri| documents.texts.get(uri.as_str()).map(String::as_str);
    let result = match request.method.as_str() {
        HoverRequest::METHOD => serde_json::from_value::<lsp_types::HoverParams>(request.params)
            .map(|p| {
                let at = p.text_document_position_params;
                let hover = text_of(&at.text_document.uri).and_then(|text| {
                    answers::hover(at.text_document.uri.as_str(), text, at.position)
                });
                serde_json::to_value(hover)
            }),
        Completion::METHOD => serde_json::from_value::<lsp_types::CompletionParams>(request.params)
            .map(|p| {
                let at = p.text_document_position;
                let items = text_of(&at.text_document.uri)
                    .map(|text| answers::completion(at.text_document.uri.as_str(), text))
                    .unwrap_or_default();
                serde_json::to_value(items)
            }),
        Formatting::METHOD => {
            serde_json::from_value::<lsp_types::DocumentFormattingParams>(request.params).map(|p| {
                let edits = text_of(&p.text_document.uri).and_then(answers::formatting);
                serde_json::to_value(edits)
            })
        }
        GotoDefinition::METHOD => {
            serde_json::from_value::<lsp_types::GotoDefinitionParams>(request.params).map(|p| {
                let at = p.text_document_position_params;
                let uri = at.text_document.uri;
                let found = text_of(&uri)
                    .and_then(|text| names::definition(&uri, text, at.position))
                    .map(GotoDefinitionResponse::Scalar);
                serde_json::to_value(found)
            })
        }
        Rename::METHOD => {
            let params = match serde_json::from_value::<lsp_types::RenameParams>(request.params) {
                Ok(p) => p,
                Err(e) => return invalid(id, e.to_string()),
            };
            let at = params.text_document_position;
            let uri = at.text_document.uri;
            let Some(text) = text_of(&uri) else {
                return invalid(id, "the document is not open".to_string());
            };
            match names::rename(&uri, text, at.position, &params.new_name) {
                Ok(edit) => Ok(serde_json::to_value(edit)),
                Err(why) => return invalid(id, why),
            }
        }
        CodeLensRequest::METHOD => {
            serde_json::from_value::<lsp_types::CodeLensParams>(request.params).map(|p| {
                let uri = p.text_document.uri;
                let lenses = text_of(&uri)
                    .map(|text| run::lenses(uri.as_str(), text, documents.lens_limit))
                    .unwrap_or_default();
                serde_json::to_value(lenses)
            })
        }
        CodeActionRequest::METHOD => {
            serde_json::from_value::<lsp_types::CodeActionParams>(request.params).map(|p| {
                serde_json::to_value(names::quick_fixes(
                    &p.text_document.uri,
                    &p.context.diagnostics,
                ))
            })
        }
        _ => {
            return Response::new_err(
                id,
                lsp_server::ErrorCode::MethodNotFound as i32,
                format!("qspec lsp does not answer {}", request.method),
            )
        }
    };
    match result {
        Ok(Ok(value)) => Response::new_ok(id, value),
        Ok(Err(e)) | Err(e) => invalid(id, e.to_string()),
    }
}

/// A refusal of a request, saying why.
fn invalid(id: lsp_server::RequestId, why: String) -> Response {
    Response::new_err(id, lsp_server::ErrorCode::InvalidParams as i32, why)
}
