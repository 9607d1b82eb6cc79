// The VS Code client of `qspec lsp`: started for .qspec documents, it runs
// the language server (the `qspec` on the PATH, or the setting
// `qspec.path`; its code lenses' time limit the setting `qspec.lensSeconds`) over standard input and output, and the editor gets its
// diagnostics, hover, completion, formatting, names, quick fixes and code
// lenses.
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

/** How the server starts: `qspec lsp`, or the configured program's. */
function serverOptions(configuration) {
  const command = configuration.get('path') || 'qspec';
  return { command, args: ['lsp'] };
}

/** What the server is told at its start: the code lenses' time limit. */
function initializationOptions(configuration) {
  return { lensSeconds: configuration.get('lensSeconds') || 10 };
}

function activate(context) {
  const configuration = vscode.workspace.getConfiguration('qspec');
  client = new LanguageClient('qspec', 'qspec language server', serverOptions(configuration), {
    documentSelector: [{ scheme: 'file', language: 'qspec' }, { scheme: 'untitled', language: 'qspec' }],
    initializationOptions: initializationOptions(configuration),
  });
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate, serverOptions, initializationOptions };
