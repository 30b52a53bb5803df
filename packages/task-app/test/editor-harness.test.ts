/**
 * Proves the headless language-server harness itself on a small schema made
 * here: both servers (Taplo's WASM server, Tombi's native one) must offer key
 * completion with docs, enum value completion, hover and an unknown-key
 * diagnostic; and the checks must fail when the schema lacks what they
 * look for (a key the schema does not have is not offered).
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { z } from "zod";
import { generateJsonSchema } from "../src/codegen/json-schema.js";
import { serializeJson } from "../src/codegen/serialize.js";
import { cursorsOf, LspSession, textOf, type ServerKind } from "./helpers/lsp.js";

const Small = z.strictObject({
  server: z
    .strictObject({
      port: z.number().int().min(1).max(65535).default(8080).meta({ description: "TCP port the server listens on." }),
      mode: z.enum(["fast", "safe"]).optional().meta({ description: "Trade-off between speed and checks." }),
    })
    .meta({ description: "Server settings." }),
});

const DOC = `#:schema ./small.schema.json
[server]
mode = "fast"
<|key|>
`;

for (const kind of ["taplo", "tombi"] as const satisfies readonly ServerKind[]) {
  describe(`${kind} language server harness`, () => {
    let dir = "";
    let session: LspSession;

    before(async () => {
      dir = await mkdtemp(join(tmpdir(), `editor-harness-${kind}-`));
      await writeFile(join(dir, "small.schema.json"), serializeJson(generateJsonSchema(Small)));
      session = await LspSession.start(kind, dir);
    });
    after(async () => {
      await session?.close();
      await rm(dir, { recursive: true, force: true });
    });

    test("offers the keys of the table with their descriptions", async () => {
      const { text, at } = cursorsOf(DOC);
      const uri = await session.openAndWait(join(dir, "complete.toml"), text);
      const items = await session.completion(uri, at.key!);
      const port = items.find((i) => i.label === "port");
      assert.ok(port, `port offered; got ${items.map((i) => i.label).join(", ")}`);
      assert.match(textOf((await session.resolveCompletion(port)).documentation), /TCP port the server listens on/);
      assert.equal(items.find((i) => i.label === "host"), undefined, "a key the schema lacks is not offered");
    });

    test("offers the allowed values of an enum", async () => {
      const { text, at } = cursorsOf(`#:schema ./small.schema.json\n[server]\nmode = <|value|>\n`);
      const uri = await session.openAndWait(join(dir, "value.toml"), text);
      const labels = (await session.completion(uri, at.value!)).map((i) => i.label.replace(/"/g, ""));
      assert.ok(labels.includes("fast") && labels.includes("safe"), `got ${labels.join(", ")}`);
    });

    test("shows the description on hover", async () => {
      const text = `#:schema ./small.schema.json\n[server]\nport = 9000\n`;
      const uri = await session.openAndWait(join(dir, "hover.toml"), text);
      const hover = await session.hover(uri, { line: 2, character: 1 });
      assert.match(hover, /TCP port the server listens on/);
    });

    test("reports an unknown key and an out-of-range value, not a valid file", async () => {
      const bad = await session.openAndWait(join(dir, "bad.toml"), `#:schema ./small.schema.json\n[server]\nprot = 1\n`);
      const messages = (await session.diagnosticsFor(bad)).map((d) => d.message).join("\n");
      assert.match(messages, /prot/);
      const range = await session.openAndWait(join(dir, "range.toml"), `#:schema ./small.schema.json\n[server]\nport = 0\n`);
      assert.ok((await session.diagnosticsFor(range)).length > 0, "port = 0 is out of range");
      const good = await session.openAndWait(join(dir, "good.toml"), `#:schema ./small.schema.json\n[server]\nport = 1\n`);
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.deepEqual(await session.diagnosticsFor(good, () => true, 1_000), []);
    });
  });
}

describe("a language server that never answers initialize", () => {
  test("fails the start and is killed, so the test file can still exit", async () => {
    const token = `silent-lsp-${process.pid}-${Date.now()}`;
    const running = () => readdirSync("/proc").filter((p) => /^\d+$/.test(p) && readCmdline(p).includes(token));
    await assert.rejects(
      LspSession.start("tombi", tmpdir(), undefined, { command: process.execPath, args: ["-e", "setInterval(() => {}, 1000)", token], timeoutMs: 2_000 }),
      /initialize timed out/,
    );
    assert.deepEqual(running(), [], "the silent server is gone");
  });
});

/** A process's command line, or "" when it is gone or unreadable. */
function readCmdline(pid: string): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {
    return "";
  }
}
