/**
 * generated/CONFIG.md renders as written: prose from the schemas is escaped
 * for Markdown (`<think>` stays visible, `&` and `>` are entities, pipes do
 * not split cells), code spans are left literal, and every leaf row shows an
 * example.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { z } from "zod";
import { generateArtifacts } from "../src/codegen/index.js";
import { generateJsonSchema } from "../src/codegen/json-schema.js";
import { codeSpan, escapeText, exampleOf, generateConfigReference } from "../src/codegen/markdown.js";

/** The text of a Markdown line with its code spans removed (CommonMark backtick runs). */
function withoutCodeSpans(line: string): string {
  return line.replace(/(`+)[\s\S]*?(?<!`)\1(?!`)/g, "");
}

/** The cells of a table row, splitting on pipes that are not escaped. */
function cellsOf(row: string): string[] {
  return row.slice(2, -2).split(/(?<!\\) \| /);
}

test("escapeText turns <, > and & into entities outside code spans only", () => {
  assert.equal(escapeText("Budget for the <think> section & more"), "Budget for the &lt;think&gt; section &amp; more");
  assert.equal(escapeText("min <= max, see `a < b` and ``x ` <y>``"), "min &lt;= max, see `a < b` and ``x ` <y>``");
  assert.equal(escapeText("a lone ` then <b>"), "a lone ` then &lt;b&gt;");
  assert.equal(escapeText("plain text"), "plain text");
});

test("codeSpan fences text that holds backticks with a longer run", () => {
  assert.equal(codeSpan("key"), "`key`");
  assert.equal(codeSpan("a`b"), "`` a`b ``");
  assert.equal(codeSpan("<think>"), "`<think>`");
});

test("exampleOf: examples first, then the default, the first allowed value, true for a boolean", () => {
  assert.deepEqual(exampleOf({ type: "integer", default: 4, examples: [8] }), { value: 8 });
  assert.deepEqual(exampleOf({ type: "integer", default: 4 }), { value: 4 });
  assert.deepEqual(exampleOf({ type: "string", enum: ["think", "no_think"] }), { value: "think" });
  assert.deepEqual(exampleOf({ const: "rl" }), { value: "rl" });
  assert.deepEqual(exampleOf({ type: "boolean" }), { value: true });
  assert.equal(exampleOf({ type: "string" }), undefined);
});

test("a description with <think>, & and | renders as written in its table row", () => {
  const schema = generateJsonSchema(
    z.strictObject({
      budget: z.number().int().positive().optional().meta({
        description: "Tokens for the <think> section; a | b & c. Compare `x < y`.",
        examples: [1024],
      }),
      stop: z.string().optional().meta({ description: "Stop text.", examples: ["a|b`c"] }),
      policy: z
        .strictObject({ mode: z.enum(["think", "no_think"]).optional().meta({ description: "Mode." }) })
        .optional()
        .meta({ description: "Section <policy> & sampling." }),
    }),
    { title: "Demo <config>" },
  );
  const text = generateConfigReference([
    { id: "demo", title: "Demo <config>", description: "Files & <globs>.", fileMatch: ["**/demo.toml"], schemaPath: "schemas/demo.schema.json", schema },
  ]);
  assert.match(text, /^## Demo &lt;config&gt;$/m);
  assert.match(text, /^Files &amp; &lt;globs&gt;\.$/m);
  assert.match(text, /^Section &lt;policy&gt; &amp; sampling\.$/m);
  const budget = text.split("\n").find((l) => l.includes('id="demo.budget"'))!;
  assert.ok(budget.includes("Tokens for the &lt;think&gt; section; a \\| b &amp; c. Compare `x < y`."), budget);
  assert.ok(budget.includes("&gt; 0"), "ranges are escaped too");
  assert.equal(cellsOf(budget).length, 6, budget);
  const stop = text.split("\n").find((l) => l.includes('id="demo.stop"'))!;
  assert.ok(stop.endsWith('| `` "a\\|b`c" `` |'), stop);
  assert.equal(cellsOf(stop).length, 6, stop);
  const mode = text.split("\n").find((l) => l.includes('id="demo.policy.mode"'))!;
  assert.ok(mode.endsWith('| `"think"` |'), `an enum row shows its first allowed value: ${mode}`);
});

test("the generated reference has no raw HTML but its anchors, and an example in every leaf row", async () => {
  const reference = (await generateArtifacts()).get("generated/CONFIG.md")!;
  assert.ok(reference.includes("&lt;think&gt;"), "the <think> descriptions are escaped");
  let rows = 0;
  for (const [index, line] of reference.split("\n").entries()) {
    const prose = withoutCodeSpans(line).replace(/<a id="[^"<>&]+"><\/a>/g, "").replace(/^<!-- .* -->$/, "");
    assert.doesNotMatch(prose, /[<>]/, `line ${index + 1}: raw < or > outside code: ${line}`);
    assert.doesNotMatch(prose, /&(?!(?:amp|lt|gt);)/, `line ${index + 1}: raw & outside code: ${line}`);
    if (!line.startsWith("| ") || line.startsWith("| Key ") || line.startsWith("|---")) continue;
    rows++;
    const cells = cellsOf(line);
    assert.equal(cells.length, 6, `line ${index + 1}: six cells: ${line}`);
    const isSection = cells[0]!.startsWith("[");
    if (!isSection) assert.notEqual(cells[5]!.trim(), "", `line ${index + 1}: leaf row without an example: ${line}`);
  }
  assert.ok(rows > 500, `${rows} key rows checked`);
});
