// The extension's client (extension.js), outside VS Code: with `vscode`
// and the client class stood in for, activate() must start a client for
// .qspec documents whose server is `qspec lsp` (the setting `qspec.path`
// names the program, the test's $QSPEC; `qspec.lensSeconds` the lenses'
// limit), and deactivate() stop it.
// Then that server is started as the client would start it, and spoken to
// with the client library's own JSON-RPC transport (vscode-jsonrpc):
// initialize, a broken model opened and its diagnostic, the lenses'
// limit, shutdown.
const assert = require('assert');
const Module = require('module');
const { spawn } = require('child_process');
const rpc = require('vscode-jsonrpc/node');

const program = process.env.QSPEC;
assert.ok(program, 'set QSPEC to the qspec program to test with');

const made = [];
class FakeClient {
  constructor(id, name, server, options) {
    Object.assign(this, { id, name, server, options, started: false, stopped: false });
    made.push(this);
  }
  start() { this.started = true; return Promise.resolve(); }
  stop() { this.stopped = true; return Promise.resolve(); }
}
const fakes = {
  vscode: {
    workspace: {
      getConfiguration: (section) => ({
        get: (key) => (section !== 'qspec' ? undefined : { path: program, lensSeconds: 30 }[key]),
      }),
    },
  },
  'vscode-languageclient/node': { LanguageClient: FakeClient },
};
const load = Module._load;
Module._load = function (request, parent, isMain) {
  return request in fakes ? fakes[request] : load.call(this, request, parent, isMain);
};
const extension = require('../extension.js');
Module._load = load;

async function main() {
  const context = { subscriptions: [] };
  await extension.activate(context);
  assert.strictEqual(made.length, 1);
  const client = made[0];
  assert.deepStrictEqual(client.server, { command: program, args: ['lsp'] });
  assert.ok(client.options.documentSelector.every((s) => s.language === 'qspec'));
  assert.deepStrictEqual(client.options.initializationOptions, { lensSeconds: 30 });
  assert.ok(client.started && context.subscriptions.includes(client));
  await extension.deactivate();
  assert.ok(client.stopped);
  // Without the setting, the qspec on the PATH.
  assert.deepStrictEqual(extension.serverOptions({ get: () => undefined }), { command: 'qspec', args: ['lsp'] });

  const server = spawn(client.server.command, client.server.args, { stdio: ['pipe', 'pipe', 'inherit'] });
  const connection = rpc.createMessageConnection(
    new rpc.StreamMessageReader(server.stdout),
    new rpc.StreamMessageWriter(server.stdin)
  );
  const published = new Promise((resolve) => {
    connection.onNotification('textDocument/publishDiagnostics', resolve);
  });
  connection.listen();
  const init = await connection.sendRequest('initialize', {
    processId: null,
    rootUri: null,
    capabilities: {},
    initializationOptions: client.options.initializationOptions,
  });
  const caps = init.capabilities;
  assert.ok(caps.hoverProvider && caps.codeLensProvider && caps.documentFormattingProvider);
  assert.deepStrictEqual(caps.executeCommandProvider.commands, ['qspec.solve', 'qspec.count']);
  connection.sendNotification('initialized', {});
  const uri = 'file:///tmp/broken.qspec';
  connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri, languageId: 'qspec', version: 1, text: 'board 8 x 8\npiece queen\nrule no_attak\n' },
  });
  const diagnostics = await published;
  assert.strictEqual(diagnostics.uri, uri);
  assert.strictEqual(diagnostics.diagnostics.length, 1);
  assert.deepStrictEqual(diagnostics.diagnostics[0].range.start, { line: 2, character: 5 });
  // The lenses say the limit the client gave.
  connection.sendNotification('textDocument/didChange', {
    textDocument: { uri, version: 2 },
    contentChanges: [{ text: 'board 8 x 8\npiece queen\nrule no_attack\n' }],
  });
  const lenses = await connection.sendRequest('textDocument/codeLens', { textDocument: { uri } });
  assert.strictEqual(lenses[0].command.title, 'solve (at most 30 s)');
  await connection.sendRequest('shutdown');
  connection.sendNotification('exit');
  const code = await new Promise((resolve) => server.on('exit', resolve));
  assert.strictEqual(code, 0);
  connection.dispose();
  console.log(`the client starts ${program} lsp for .qspec documents; its server answered`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
