// The VS Code client of `qspec lsp`: started for .qspec documents, it runs
// the language server (the `qspec` on the PATH, or the setting
// `qspec.path`) over standard input and output, and the editor gets its
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

function activate(context) {
  const server = serverOptions(vscode.workspace.getConfiguration('qspec'));
  client = new LanguageClient(
    'qspec',
    'qspec language server',
    server,
    { documentSelector: [{ scheme: 'file', language: 'qspec' }, { scheme: 'untitled', language: 'qspec' }] }
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate, serverOptions };
