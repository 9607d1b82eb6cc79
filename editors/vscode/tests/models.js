// Highlighting on every model of models/: each is tokenized by the
// grammar as VS Code would (vscode-textmate with Oniguruma), and every
// character that is not blank gets a scope of its own, words and numbers
// and operators alike (nothing left as bare `source.qspec`), a `#` in a
// board picture is a wall, and every comment is one to its end.
// Run: npm test (after npm install), from editors/vscode/.
const fs = require("fs");
const path = require("path");
const textmate = require("vscode-textmate");
const oniguruma = require("vscode-oniguruma");

const wasm = fs.readFileSync(require.resolve("vscode-oniguruma/release/onig.wasm")).buffer;
const onigLib = oniguruma.loadWASM(wasm).then(() => ({
  createOnigScanner: (sources) => new oniguruma.OnigScanner(sources),
  createOnigString: (s) => new oniguruma.OnigString(s),
}));
const registry = new textmate.Registry({
  onigLib,
  loadGrammar: async () =>
    textmate.parseRawGrammar(
      fs.readFileSync(path.join(__dirname, "../syntaxes/qspec.tmLanguage.json"), "utf8"),
      "qspec.tmLanguage.json",
    ),
});

async function main() {
  const grammar = await registry.loadGrammar("source.qspec");
  const dir = path.join(__dirname, "../../../models");
  const models = fs.readdirSync(dir).filter((f) => f.endsWith(".qspec")).sort();
  const failures = [];
  let checked = 0;
  for (const model of models) {
    const lines = fs.readFileSync(path.join(dir, model), "utf8").split("\n");
    let state = textmate.INITIAL;
    let inBoard = false;
    lines.forEach((line, i) => {
      const { tokens, ruleStack } = grammar.tokenizeLine(line, state);
      state = ruleStack;
      for (const token of tokens) {
        const text = line.slice(token.startIndex, token.endIndex);
        const scopes = token.scopes;
        const where = `${model}:${i + 1}:${token.startIndex + 1} \`${text}\``;
        if (text.trim() !== "" && scopes.length < 2) {
          failures.push(`${where}: no scope`);
        }
        const comment = scopes.some((s) => s.startsWith("comment."));
        if (comment && !text.trimStart().startsWith("#") && !scopes.some((s) => s.startsWith("comment.") && token.startIndex > line.indexOf("#"))) {
          failures.push(`${where}: a comment that does not start at #`);
        }
        if (inBoard && text === "#" && !scopes.includes("constant.other.wall.qspec")) {
          failures.push(`${where}: a wall not highlighted as one`);
        }
      }
      const code = line.split("#")[0];
      if (/^\s*board\b.*\{\s*$/.test(code)) inBoard = true;
      else if (/^\s*\}/.test(line)) inBoard = false;
      checked += 1;
    });
  }
  if (failures.length > 0) {
    console.error(failures.join("\n"));
    process.exit(1);
  }
  console.log(`highlighted ${models.length} models, ${checked} lines`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
