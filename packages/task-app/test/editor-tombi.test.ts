/**
 * Tombi's own extensions on the committed config schemas, checked with the
 * real Tombi: `x-tombi-table-keys-order: "schema"` makes `tombi format` put
 * the RL and SFT top-level tables in the order the schema declares them
 * (without changing the data or the lint verdict), and
 * `x-tombi-additional-key-label` makes its key completion in a free-form
 * table offer `$<label>` instead of `$key`. Each check runs against a copy of
 * the schema without the extension too, to show the extension is what makes
 * the difference.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parse } from "smol-toml";
import { ADDITIONAL_KEY_LABELS, TOMBI_EXTRAS } from "../src/codegen/tombi.js";
import { RLConfig } from "../src/schemas/rl-config.js";
import { configSchemas } from "../src/schemas/registry.js";
import { cursorsOf, LspSession, tombiBinary } from "./helpers/lsp.js";

type Json = Record<string, unknown>;

const repo = join(dirname(fileURLToPath(import.meta.url)), "..");
const schemaPath = (id: string) => join(repo, "schemas", `${id}.schema.json`);
const readSchema = async (id: string) => JSON.parse(await readFile(schemaPath(id), "utf8")) as Json;

/** The schema without the given `x-tombi-*` keys anywhere. */
function without(schema: Json, ...keys: string[]): Json {
  return JSON.parse(JSON.stringify(schema, (key, value: unknown) => (keys.includes(key) ? undefined : value))) as Json;
}

/** Every node carrying `key`, with its key path (`*` for additionalProperties). */
function nodesWith(node: unknown, key: string, path: string[] = []): { path: string; node: Json }[] {
  if (typeof node !== "object" || node === null) return [];
  if (Array.isArray(node)) return node.flatMap((n) => nodesWith(n, key, path));
  const out: { path: string; node: Json }[] = key in node ? [{ path: path.join("."), node: node as Json }] : [];
  for (const [k, v] of Object.entries(node)) {
    if (k === "properties") for (const [name, child] of Object.entries(v as Json)) out.push(...nodesWith(child, key, [...path, name]));
    else if (k === "additionalProperties") out.push(...nodesWith(v, key, [...path, "*"]));
    else if (k !== "x-taplo" && k !== "examples" && k !== "default") out.push(...nodesWith(v, key, path));
  }
  return out;
}

/** `tombi` on stdin with a `#:schema` directive (and a blank line after it). */
function tombi(command: "format" | "lint", schemaUrl: string, text: string): { status: number | null; output: string; stdout: string } {
  const run = spawnSync(tombiBinary(), [command, "--offline", "--stdin-filename", "rl.toml", "-"], {
    input: `#:schema ${schemaUrl}\n\n${text}`,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", TOMBI_OFFLINE: "1" },
    timeout: 60_000,
  });
  return { status: run.status, output: run.stdout + run.stderr, stdout: run.stdout };
}

/** Top-level table names in the order the text defines them. */
const tablesOf = (text: string) => [...new Set([...text.matchAll(/^\[([A-Za-z_]+)/gm)].map((m) => m[1]!))];

test("the committed schemas carry the extras: the RL and SFT top-level order, and labels only on free-form tables", async () => {
  for (const entry of configSchemas) {
    const schema = await readSchema(entry.id);
    const extras = TOMBI_EXTRAS[entry.id] ?? {};
    assert.equal(schema["x-tombi-table-keys-order"], extras.rootKeysOrder, entry.id);
    assert.equal(schema["x-tombi-toml-version"], "v1.0.0");
    for (const { path, node } of nodesWith(schema, "x-tombi-additional-key-label")) {
      assert.equal(node.type, "object", `${entry.id} ${path}`);
      assert.ok(typeof node.additionalProperties === "object" || node.additionalProperties === true, `${entry.id} ${path} takes free-form keys`);
      assert.match(node["x-tombi-additional-key-label"] as string, /^[a-z][a-z_]*$/);
    }
    assert.equal(nodesWith(schema, "x-tombi-table-keys-order").length, extras.rootKeysOrder ? 1 : 0, `${entry.id}: only the root is ordered`);
  }
  // The RL top level in the order the Zod schema declares it: algorithm, services, compute ... model first.
  const rl = await readSchema("rl-config");
  const keys = Object.keys(rl.properties as Json);
  assert.deepEqual(keys, Object.keys(RLConfig.shape));
  assert.deepEqual(keys.filter((k) => ["algorithm", "services", "compute", "model"].includes(k)), ["algorithm", "services", "compute", "model"]);
  const labels = new Map(nodesWith(rl, "x-tombi-additional-key-label").map(({ path, node }) => [path, node["x-tombi-additional-key-label"]]));
  assert.equal(labels.get("tags"), "tag");
  assert.equal(labels.get("rollout.env_config.step_rewards.weights"), "achievement");
  assert.equal(labels.get("rollout.env_config.step_rewards.k_limits"), "achievement");
  assert.equal(labels.get("judge"), undefined, "the RL [judge] table is closed");
  const sft = await readSchema("sft-config");
  assert.equal(new Map(nodesWith(sft, "x-tombi-additional-key-label").map(({ path, node }) => [path, node["x-tombi-additional-key-label"]])).get("metadata"), "metadata_key");
  // Every label rule names at least one table of some schema (a rule that matches nothing is a mistake).
  const used = new Set<string>();
  for (const entry of configSchemas) {
    for (const { node } of nodesWith(await readSchema(entry.id), "x-tombi-additional-key-label")) used.add(node["x-tombi-additional-key-label"] as string);
  }
  for (const rule of ADDITIONAL_KEY_LABELS) assert.ok(used.has(rule.label), `${rule.path} (${rule.label}) labels a table`);
});

describe("tombi with the extensions", () => {
  let dir = "";
  let session: LspSession;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "editor-tombi-"));
    const rl = await readSchema("rl-config");
    await writeFile(join(dir, "rl.schema.json"), JSON.stringify(rl));
    await writeFile(join(dir, "unordered.schema.json"), JSON.stringify(without(rl, "x-tombi-table-keys-order")));
    await writeFile(join(dir, "unlabelled.schema.json"), JSON.stringify(without(rl, "x-tombi-additional-key-label")));
    session = await LspSession.start("tombi", dir);
  });
  after(async () => {
    await session?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const SHUFFLED = [
    "[tags]",
    'experiment = "crafter"',
    "",
    "[rollout]",
    'env_name = "crafter"',
    'policy_name = "crafter-react"',
    "max_turns = 10",
    "episodes_per_batch = 8",
    "max_concurrent_rollouts = 4",
    "",
    "[model]",
    'base = "Qwen/Qwen3-4B"',
    'trainer_mode = "full"',
    'label = "crafter-rl"',
    "",
    "[compute]",
    'gpu_type = "H100"',
    "gpu_count = 2",
    "",
    "[services]",
    'task_url = "https://example.modal.run"',
    "",
    "[algorithm]",
    'type = "online"',
    'method = "policy_gradient"',
    'variety = "gspo"',
    "",
  ].join("\n");

  test("tombi format puts the top-level tables in schema order, keeps the data, and the result still lints", () => {
    const url = pathToFileURL(join(dir, "rl.schema.json")).href;
    const valid = tombi("lint", url, SHUFFLED);
    assert.equal(valid.status, 0, `the shuffled config is valid: ${valid.output}`);
    const formatted = tombi("format", url, SHUFFLED);
    assert.equal(formatted.status, 0, formatted.output);
    assert.deepEqual(tablesOf(formatted.stdout), ["algorithm", "services", "compute", "model", "rollout", "tags"]);
    assert.deepEqual(parse(formatted.stdout), parse(SHUFFLED), "same data");
    assert.equal(tombi("lint", url, formatted.stdout.replace(/^#:schema .*\n/, "")).status, 0);
    // Without the extension Tombi keeps the order as written.
    const plain = tombi("format", pathToFileURL(join(dir, "unordered.schema.json")).href, SHUFFLED);
    assert.deepEqual(tablesOf(plain.stdout), ["tags", "rollout", "model", "compute", "services", "algorithm"]);
  });

  test("key completion in a free-form table offers the schema's label", async () => {
    const cases = [
      { table: "[tags]", label: "tag" },
      { table: "[rollout.env_config.step_rewards.weights]", label: "achievement" },
    ];
    for (const { table, label } of cases) {
      for (const [schema, expected] of [
        ["rl.schema.json", `$${label}`],
        ["unlabelled.schema.json", "$key"],
      ] as const) {
        const { text, at } = cursorsOf(`#:schema ./${schema}\n\n${table}\n<|key|>\n`);
        const uri = await session.openAndWait(join(dir, `${label}-${schema}.toml`), text);
        const labels = (await session.completion(uri, at.key!)).map((i) => i.label);
        assert.ok(labels.includes(expected), `${schema} ${table}: ${expected} in ${labels.join(", ")}`);
      }
    }
  });
});
