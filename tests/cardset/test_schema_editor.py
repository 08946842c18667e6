"""The schemas work in an editor: the YAML language server (the one behind VS Code's YAML extension) completes
keys and flags mistakes in layouts.yaml using the schema `pnp schema` writes.

Needs node and yaml-language-server (npm install yaml-language-server); set PNP_YAML_LANGUAGE_SERVER to its
executable if it is not on PATH. Skipped where neither is installed.
"""
import json
import os
import shutil
import subprocess
import threading

import pytest
from click.testing import CliRunner

from pnp.cli.main import main

SERVER = os.environ.get("PNP_YAML_LANGUAGE_SERVER") or shutil.which("yaml-language-server")
pytestmark = pytest.mark.skipif(not SERVER or not shutil.which("node"),
                                reason="needs node and yaml-language-server (.ci/run installs it: npm install -g "
                                       "yaml-language-server@1.25.0; or set PNP_YAML_LANGUAGE_SERVER)")

LAYOUTS = """\
card:
  boxes:
    title: {x: 5, y: 5, w: 53, h: 9, text: "{{ name }}", colour: "#800"}
    body:
      x: 5
      y: 20
      w: 53
      h: 40
      align: centre
      
"""


class Lsp:
    """A minimal language-server client over stdio (JSON-RPC with Content-Length headers)."""

    def __init__(self, cmd, settings: dict):
        self.settings = settings
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.messages, self.next_id, self.ended = [], 0, False
        self.arrived = threading.Condition()  # notified on every message read and when the server's output ends
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        out = self.proc.stdout
        while True:
            header = b""
            while not header.endswith(b"\r\n\r\n"):
                ch = out.read(1)
                if not ch:
                    with self.arrived:
                        self.ended = True
                        self.arrived.notify_all()
                    return
                header += ch
            length = int(next(h for h in header.decode().split("\r\n") if h.lower().startswith("content-length"))
                         .split(":")[1])
            msg = json.loads(out.read(length))
            if "id" in msg and "method" in msg:  # a request from the server: settings it pulls, else nothing
                items = msg.get("params", {}).get("items", []) if msg["method"] == "workspace/configuration" else None
                result = [self.settings.get(i.get("section"), {}) for i in items] if items is not None else None
                self.send({"jsonrpc": "2.0", "id": msg["id"], "result": result})
            with self.arrived:
                self.messages.append(msg)
                self.arrived.notify_all()

    def send(self, msg):
        body = json.dumps(msg).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        return self.wait(lambda m: m.get("id") == self.next_id and "method" not in m)["result"]

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def wait(self, predicate, timeout=30):
        """The first message matching predicate, waiting (up to timeout s) for each new one as it arrives."""
        def answered():
            return next((m for m in self.messages if predicate(m)), None)
        with self.arrived:
            self.arrived.wait_for(lambda: answered() is not None or self.ended, timeout)
            found = answered()
        if found is None:
            raise AssertionError("no answer from the language server")
        return found

    def close(self):
        self.proc.kill()
        self.proc.wait()


def test_language_server_flags_mistakes_and_completes_keys_with_pnp_schema(tmp_path):
    res = CliRunner().invoke(main, ["schema", "-o", str(tmp_path / ".vscode")])
    assert res.exit_code == 0
    doc = tmp_path / "layouts.yaml"
    doc.write_text(LAYOUTS)
    uri = doc.as_uri()
    settings = {"yaml": {"validate": True, "completion": True, "hover": True,
                         "schemas": {(tmp_path / ".vscode" / "layouts.schema.json").as_uri(): ["layouts.yaml"]}}}
    lsp = Lsp([SERVER, "--stdio"], settings)
    try:
        lsp.request("initialize", {"processId": os.getpid(), "rootUri": tmp_path.as_uri(),
                                   "capabilities": {"workspace": {"configuration": True}}})
        lsp.notify("initialized", {})
        lsp.notify("workspace/didChangeConfiguration", {"settings": settings})
        lsp.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1,
                                                             "text": LAYOUTS}})
        diag = lsp.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                        and m["params"]["uri"] == uri and m["params"]["diagnostics"])["params"]["diagnostics"]
        lines = {d["range"]["start"]["line"]: d["message"] for d in diag}
        assert 2 in lines and "colour" in lines[2]          # the unknown key, on its line
        assert 8 in lines and "center" in lines[8]          # the wrong choice, with the valid ones
        items = lsp.request("textDocument/completion", {"textDocument": {"uri": uri},
                                                        "position": {"line": 9, "character": 6}})
        labels = {i["label"] for i in (items["items"] if isinstance(items, dict) else items)}
        assert {"valign", "font", "min_size", "template"} <= labels
    finally:
        lsp.close()
