/**
 * `task-app lsp` against hostile and broken input: buffers validate would
 * refuse as files (NUL bytes, over the size limit, empty) get the same
 * finding; requests at impossible positions, foreign diagnostics, non-file
 * URIs and a malformed frame get an answer and leave the server running;
 * --socket speaks the same protocol.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import type { Finding } from "../../src/config/findings.js";
import { LspSession } from "../helpers/lsp.js";
import { RL } from "../helpers/rules-table.js";
import { runCli } from "../helpers/run-cli.js";

let dir: string;
let lsp: LspSession;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), "task-app-lsp-hostile-"));
  lsp = await LspSession.start("task-app", dir, { debounceMs: 0 });
});
after(async () => {
  await lsp?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function validateJson(path: string): Promise<Finding[]> {
  const result = await runCli(["validate", "--json", path], dir);
  return (JSON.parse(result.stdout) as { findings: Finding[] }[])[0]!.findings;
}

describe("task-app lsp: buffers validate would refuse as files", () => {
  const cases: [string, string][] = [
    ["nul-rl.toml", `${RL}\n# \u0000 binary\n`],
    ["huge-rl.toml", `${RL}\n${"# padding line of a config far larger than any real one\n".repeat(90_000)}`],
    ["empty-rl.toml", "  \n\n"],
  ];
  for (const [name, text] of cases) {
    test(name, async () => {
      const path = join(dir, name);
      writeFileSync(path, text);
      const want = await validateJson(path);
      assert.equal(want.length, 1);
      const got = await lsp.diagnosticsAt(lsp.open(path, text), 1);
      assert.deepEqual(
        got.map((d) => [d.code, d.message, d.range.start.line + 1, d.range.start.character + 1]),
        want.map((f) => [f.code, f.message, f.line, f.column]),
      );
    });
  }
});

describe("task-app lsp: requests that make no sense get an answer", () => {
  test("hover and completion past the end, on a rubric, with foreign diagnostics; an untitled buffer is checked", async () => {
    const uri = await lsp.openAndWait(join(dir, "odd-rl.toml"), RL);
    assert.equal(await lsp.hover(uri, { line: 9999, character: 9999 }), "");
    assert.ok(Array.isArray(await lsp.completion(uri, { line: 9999, character: 3 })));
    const rubric = await lsp.openAndWait(join(dir, "x.rubric.json"), '{"outcome": {}}');
    assert.deepEqual(await lsp.completion(rubric, { line: 0, character: 3 }), []);
    const foreign = { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, message: "x", source: "taplo", code: "unknown_key" };
    assert.deepEqual(await lsp.request("textDocument/codeAction", { textDocument: { uri }, range: foreign.range, context: { diagnostics: [foreign] } }), []);
    const ours = { ...foreign, source: "task-app", data: { path: "no.such[3].key" } };
    assert.deepEqual(await lsp.request("textDocument/codeAction", { textDocument: { uri }, range: foreign.range, context: { diagnostics: [ours] } }), []);
    const untitled = "untitled:Untitled-1";
    lsp.notify("textDocument/didOpen", { textDocument: { uri: untitled, languageId: "toml", version: 1, text: RL.replace("batch_size", "batchsize") } });
    const diagnostics = await lsp.diagnosticsAt(untitled, 1);
    assert.ok(diagnostics.some((d) => d.code === "unknown_key"));
  });

  test("hover, completion and code actions at line and character 2^31 - 1 answer as at the end of the document", { timeout: 10_000 }, async () => {
    // No trailing newline: the last line is `mode = "direct"`, so the end of the document is in a value.
    const text = RL.replace("batch_size", "batchsize").trimEnd();
    const uri = await lsp.openAndWait(join(dir, "far-rl.toml"), text);
    const far = { line: 2 ** 31 - 1, character: 2 ** 31 - 1 };
    const lines = text.split("\n");
    const end = { line: lines.length - 1, character: lines.at(-1)!.length };
    const hover = await lsp.hover(uri, far);
    assert.match(hover, /`training\.weight_sync\.mode`/);
    assert.equal(hover, await lsp.hover(uri, end));
    assert.equal(await lsp.hover(uri, { line: 0, character: far.character }), await lsp.hover(uri, { line: 0, character: "[algorithm]".length }));
    const completion = await lsp.completion(uri, far);
    assert.deepEqual(completion, await lsp.completion(uri, end));
    assert.deepEqual(await lsp.completion(uri, { line: far.line, character: 0 }), await lsp.completion(uri, { line: end.line, character: 0 }));
    const diagnostics = await lsp.diagnosticsAt(uri, 1);
    const range = { start: far, end: far };
    const actions = (await lsp.request("textDocument/codeAction", { textDocument: { uri }, range, context: { diagnostics } })) as { title: string }[];
    assert.ok(actions.some((a) => a.title === 'Rename to "batch_size"'), JSON.stringify(actions));
  });

  test("closing a document clears its diagnostics", async () => {
    const path = join(dir, "closed-rl.toml");
    const uri = lsp.open(path, RL.replace("batch_size", "batchsize"));
    assert.ok((await lsp.diagnosticsAt(uri, 1)).length > 0);
    const before = lsp.published.length;
    lsp.notify("textDocument/didClose", { textDocument: { uri } });
    const deadline = Date.now() + 5000;
    while (!lsp.published.slice(before).some((p) => p.uri === uri) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    assert.deepEqual(lsp.published.slice(before).find((p) => p.uri === uri)?.diagnostics, []);
  });
});

describe("task-app lsp --socket", () => {
  test("connects to a client listening on 127.0.0.1 and answers initialize", async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as { port: number }).port;
    const connected = new Promise<import("node:net").Socket>((resolve) => server.once("connection", resolve));
    const bin = fileURLToPath(new URL("../../bin/task-app.js", import.meta.url));
    const child = spawn(process.execPath, [bin, "lsp", "--socket", String(port)], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString("utf8")));
    // A server that exits fails the test at once instead of leaving it waiting.
    const exited = new Promise<never>((_, reject) => child.once("exit", (code) => reject(new Error(`task-app lsp --socket exited (${code}): ${stderr}`))));
    try {
      const socket = await Promise.race([connected, exited]);
      const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { processId: null, rootUri: null, capabilities: {} } });
      socket.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
      let received = "";
      await Promise.race([
        new Promise<void>((resolve) =>
          socket.on("data", (chunk: Buffer) => {
            received += chunk.toString("utf8");
            if (received.includes('"serverInfo"')) resolve();
          }),
        ),
        exited,
      ]);
      assert.match(received, /"name":"task-app"/);
      socket.destroy();
    } finally {
      exited.catch(() => undefined);
      child.kill();
      server.close();
    }
  });

  test("a port that is not one is a usage error, and so is --stdio with --socket", async () => {
    const result = await runCli(["lsp", "--socket", "70000"], dir);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /--socket must be a port number/);
    const both = await runCli(["lsp", "--stdio", "--socket", "4000"], dir);
    assert.equal(both.code, 2);
    assert.match(both.stderr, /--stdio and --socket are two ways to connect; give one/);
  });
});
