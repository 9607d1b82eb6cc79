#!/usr/bin/env python3
"""The language server's latency (issue 64): `qspec lsp` as an editor runs
it, on the largest model of models/ (by size): the time from an edit
(`didChange`, the whole text) to its diagnostics, and a hover with the
model's estimate (the `board` word), each the median of ROUNDS.
Aims: diagnostics under 50 ms, hover under 100 ms.

Usage: python3 bench/lsp.py [QSPEC] (default: target/release/qspec)
  ROUNDS=50  the rounds of each measure
"""

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
QSPEC = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / "target/release/qspec")
ROUNDS = int(os.environ.get("ROUNDS", "50"))


class Server:
    def __init__(self):
        self.p = subprocess.Popen([QSPEC, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def send(self, message):
        body = json.dumps(message).encode()
        self.p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.p.stdin.flush()

    def receive(self):
        length = None
        while True:
            line = self.p.stdout.readline().strip()
            if not line:
                break
            if line.startswith(b"Content-Length: "):
                length = int(line.split(b": ")[1])
        return json.loads(self.p.stdout.read(length))

    def until(self, want):
        while True:
            m = self.receive()
            if want(m):
                return m


def main():
    model = max((ROOT / "models").glob("*.qspec"), key=lambda p: p.stat().st_size)
    text = model.read_text()
    uri = model.resolve().as_uri()
    s = Server()
    s.send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"capabilities": {}}})
    s.until(lambda m: m.get("id") == 0)
    s.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    s.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": uri, "languageId": "qspec", "version": 0, "text": text}}})
    s.until(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    board = next(i for i, l in enumerate(text.splitlines()) if l.startswith("board"))
    edits, hovers = [], []
    for k in range(1, ROUNDS + 1):
        edited = text + ("\n" if k % 2 else "")
        t = time.perf_counter()
        s.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": k}, "contentChanges": [{"text": edited}]}})
        s.until(lambda m: m.get("method") == "textDocument/publishDiagnostics")
        edits.append(time.perf_counter() - t)
        t = time.perf_counter()
        s.send({"jsonrpc": "2.0", "id": k, "method": "textDocument/hover", "params": {
            "textDocument": {"uri": uri}, "position": {"line": board, "character": 1}}})
        answer = s.until(lambda m: m.get("id") == k)
        hovers.append(time.perf_counter() - t)
        assert "estimated" in answer["result"]["contents"]["value"], answer
    s.send({"jsonrpc": "2.0", "id": -1, "method": "shutdown"})
    s.until(lambda m: m.get("id") == -1)
    s.send({"jsonrpc": "2.0", "method": "exit"})
    s.p.wait()
    ms = lambda xs: statistics.median(xs) * 1000
    print(f"| model | diagnostics after an edit (median of {ROUNDS}) | hover with the estimate |")
    print("|---|---|---|")
    print(f"| {model.relative_to(ROOT)} ({len(text)} bytes) | {ms(edits):.2f} ms | {ms(hovers):.2f} ms |")


if __name__ == "__main__":
    main()
