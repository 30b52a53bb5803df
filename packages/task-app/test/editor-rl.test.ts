/**
 * The committed RL config schema in real editors: Taplo's language server
 * (the one inside Even Better TOML) and Tombi's, both headless, on TOML files
 * that bind the schema with a `#:schema` directive (test/fixtures/editor/).
 */
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { parse } from "smol-toml";
import { RLConfig } from "../src/schemas/rl-config.js";
import { cursorsOf, LspSession, positionOf, textOf, type ServerKind } from "./helpers/lsp.js";

const fixtures = join(dirname(fileURLToPath(import.meta.url)), "fixtures", "editor");

async function fixture(name: string): Promise<{ path: string; text: string; at: Record<string, { line: number; character: number }> }> {
  const { text, at } = cursorsOf(await readFile(join(fixtures, name), "utf8"));
  return { path: join(fixtures, name), text, at };
}

test("the editing fixture is a valid RL config once its cursor markers are removed", async () => {
  const { text } = await fixture("rl-editing.toml");
  const result = RLConfig.safeParse(parse(text));
  assert.ok(result.success, JSON.stringify(result.error?.issues));
});

for (const kind of ["taplo", "tombi"] as const satisfies readonly ServerKind[]) {
  describe(`${kind} with schemas/rl-config.schema.json`, () => {
    let session: LspSession;
    before(async () => {
      session = await LspSession.start(kind, fixtures);
    });
    after(async () => {
      await session?.close();
    });

    test("completion on a blank line in [training] offers async_semaphore_max with its description", async () => {
      const { path, text, at } = await fixture("rl-editing.toml");
      const uri = await session.openAndWait(path, text);
      const items = await session.completion(uri, at.training!);
      const item = items.find((i) => i.label === "async_semaphore_max");
      assert.ok(item, `offered: ${items.map((i) => i.label).join(", ")}`);
      const docs = textOf((await session.resolveCompletion(item)).documentation);
      const description = await schemaDescription(["training", "async_semaphore_max"]);
      assert.ok(docs.includes(description), `docs ${JSON.stringify(docs)} lack ${JSON.stringify(description)}`);
    });

    test("completion in [rollout.policy_config] offers the vision and thinking keys", async () => {
      const { path, text, at } = await fixture("rl-editing.toml");
      const uri = await session.openAndWait(path, text);
      const labels = (await session.completion(uri, at.policy_config!)).map((i) => i.label);
      for (const key of ["use_vision", "image_only_mode", "thinking_mode", "thinking_budget"]) {
        assert.ok(labels.includes(key), `${key} not in ${labels.join(", ")}`);
      }
      assert.ok(!labels.includes("async_semaphore_max"), "keys of another table are not offered");
    });

    test("value completion after thinking_mode = offers the allowed values", async () => {
      const { path, text, at } = await fixture("rl-thinking-value.toml");
      const uri = await session.openAndWait(path, text);
      const values = (await session.completion(uri, at.value!)).map((i) => i.label.replace(/"/g, ""));
      assert.deepEqual([...values].sort(), ["no_think", "think"]);
    });

    test("hover on base under [model] shows its description", async () => {
      const { path, text } = await fixture("rl-editing.toml");
      const uri = await session.openAndWait(path, text);
      const hover = await session.hover(uri, positionOf(text, "base = ", 1));
      assert.ok(hover.includes(await schemaDescription(["model", "base"])), hover);
    });

    test("a misspelled key gets a diagnostic naming it", async () => {
      const { path, text } = await fixture("rl-typo.toml");
      const uri = await session.openAndWait(path, text);
      const diagnostics = await session.diagnosticsFor(uri, (d) => d.some((x) => x.message.includes("lable")));
      const hits = diagnostics.filter((d) => d.message.includes("lable"));
      assert.ok(hits.length > 0, JSON.stringify(diagnostics));
      // Tombi marks the key itself; Taplo marks the table that holds it.
      const lines = [positionOf(text, "lable").line, positionOf(text, "[model]").line];
      assert.ok(
        hits.some((d) => lines.includes(d.range.start.line)),
        `expected on line ${lines.join(" or ")}: ${JSON.stringify(hits)}`,
      );
    });

    test("setting both model.source and model.base is an error (oneOf)", async () => {
      const { path, text } = await fixture("rl-source-and-base.toml");
      const uri = await session.openAndWait(path, text);
      const diagnostics = await session.diagnosticsFor(uri);
      assert.ok(diagnostics.length > 0, "expected a oneOf diagnostic");
    });

    test("the valid editing fixture has no diagnostics", async () => {
      const { path, text } = await fixture("rl-editing.toml");
      const uri = await session.openAndWait(path, text);
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.deepEqual(await session.diagnosticsFor(uri, () => true, 1_000), []);
    });
  });
}

/** The description the committed schema gives a key, to compare with what the editor shows. */
async function schemaDescription(path: readonly string[]): Promise<string> {
  const root = join(fixtures, "..", "..", "..", "schemas", "rl-config.schema.json");
  let node = JSON.parse(await readFile(root, "utf8")) as Record<string, unknown>;
  for (const key of path) node = (node.properties as Record<string, Record<string, unknown>>)[key]!;
  assert.equal(typeof node.description, "string", `${path.join(".")} has a description`);
  return node.description as string;
}
