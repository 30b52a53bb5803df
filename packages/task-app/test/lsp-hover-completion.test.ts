/**
 * Hover and completion of `task-app lsp` over real stdio, at chosen
 * positions: schema facts for keys, the catalog for model ids, keys of the
 * current table not yet set, table names, enum values and model ids.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { edit } from "./helpers/corpus.js";
import { cursorsOf, LspSession, type Position } from "./helpers/lsp.js";
import { RL, SFT } from "./helpers/rules-table.js";

let dir: string;
let lsp: LspSession;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), "task-app-lsp-hover-"));
  lsp = await LspSession.start("task-app", dir, { debounceMs: 0 });
});
after(async () => {
  await lsp?.close();
  rmSync(dir, { recursive: true, force: true });
});

const marked = edit(
  RL,
  ['base = "Qwen/Qwen3-4B"', 'base = "Qwen/Qw<|model|>en3-VL-4B-Instruct"'],
  ["task_app_origin_rewards_only = true", 'task_app_origin_rewards_only = true\non_<|key|>done = "reset"'],
  ["batch_size = 4", "batch_<|batch|>size = 4\n<|newkey|>"],
  ["[training.weight_sync]", "[training.weight_sync]\n\n[<|table|>"],
);
const { text, at } = cursorsOf(marked);

describe("task-app lsp: hover", () => {
  test("a key: type, allowed values, description and its reference link", async () => {
    const uri = await lsp.openAndWait(join(dir, "hover-rl.toml"), text);
    const hover = await lsp.hover(uri, at.key!);
    assert.match(hover, /\*\*`rollout\.on_done`\*\* · string/);
    assert.match(hover, /allowed `"reset"`, `"terminate"`/);
    assert.match(hover, /CONFIG\.md#rl-config\.rollout\.on_done\)/);
  });

  test("an integer key: its type and example", async () => {
    const uri = await lsp.openAndWait(join(dir, "hover-rl.toml"), text);
    const hover = await lsp.hover(uri, at.batch!);
    assert.match(hover, /`training\.batch_size`\*\* · integer/);
  });

  test("a model id: what the catalog says", async () => {
    const uri = await lsp.openAndWait(join(dir, "hover-rl.toml"), text);
    const hover = await lsp.hover(uri, at.model!);
    assert.match(hover, /\*\*Qwen\/Qwen3-VL-4B-Instruct\*\* \(synth-ai's model catalog\)/);
    assert.match(hover, /training: SFT, RL/);
    assert.match(hover, /vision: yes \(Qwen3-VL/);
    assert.match(hover, /thinking: no \(Instruct\)/);
    assert.match(hover, /experimental: no/);
  });

  test("an unknown model id says so", async () => {
    const { text: t, at: a } = cursorsOf(edit(RL, ['base = "Qwen/Qwen3-4B"', 'base = "acme/<|>tiny-7b"']));
    const uri = await lsp.openAndWait(join(dir, "hover-unknown-rl.toml"), t);
    assert.match(await lsp.hover(uri, a[""]!), /Not in synth-ai's model catalog/);
  });
});

describe("task-app lsp: completion", () => {
  test("keys of the current table not yet set", async () => {
    const uri = await lsp.openAndWait(join(dir, "complete-rl.toml"), text);
    const labels = (await lsp.completion(uri, at.newkey!)).map((i) => i.label);
    assert.ok(labels.includes("async_semaphore_max"), labels.join(","));
    assert.ok(labels.includes("weight_sync") || labels.includes("lora"), "subtables are offered");
    for (const set of ["batch_size", "num_epochs", "learning_rate", "group_size"]) assert.ok(!labels.includes(set), `${set} is already set`);
  });

  test("table names after [", async () => {
    const uri = await lsp.openAndWait(join(dir, "complete-rl.toml"), text);
    const labels = (await lsp.completion(uri, at.table!)).map((i) => i.label);
    assert.ok(labels.includes("rollout.policy_config"), labels.join(","));
    assert.ok(labels.includes("judge"));
    assert.ok(!labels.includes("training.weight_sync"), "a table already there is not offered");
  });

  test("enum values", async () => {
    const { text: t, at: a } = cursorsOf(edit(RL, ["task_app_origin_rewards_only = true", "task_app_origin_rewards_only = true\non_done = <|>"]));
    const uri = await lsp.openAndWait(join(dir, "enum-rl.toml"), t);
    const labels = (await lsp.completion(uri, a[""]!)).map((i) => i.label);
    assert.deepEqual(labels.sort(), ['"reset"', '"terminate"']);
  });

  test("values the trainer knows for keys that are free strings in the schema: trainer_mode, gpu_type, the algorithm", async () => {
    const rl = cursorsOf(edit(RL, ['trainer_mode = "lora"', "trainer_mode = <|mode|>"], ['gpu_type = "H100"', 'gpu_type = "<|gpu|>'], ['variety = "gspo"', "variety = <|variety|>"]));
    const uri = await lsp.openAndWait(join(dir, "known-values-rl.toml"), rl.text);
    const labels = async (at: Position) => (await lsp.completion(uri, at)).map((i) => i.label);
    assert.deepEqual(await labels(rl.at.mode!), ['"full"', '"lora"']);
    assert.deepEqual(await labels(rl.at.gpu!), ['"H100"', '"H200"', '"A100"']);
    assert.deepEqual(await labels(rl.at.variety!), ['"gspo"'], "RL runs gspo alone");
    const sft = cursorsOf(edit(SFT, ['variety = "fft"', "variety = <|variety|>"], ['method = "sft"', "method = <|method|>"]));
    const sftUri = await lsp.openAndWait(join(dir, "known-values-sft.toml"), sft.text);
    assert.deepEqual((await lsp.completion(sftUri, sft.at.variety!)).map((i) => i.label), ['"fft"', '"lora"']);
    assert.deepEqual((await lsp.completion(sftUri, sft.at.method!)).map((i) => i.label), ['"sft"', '"supervised_finetune"']);
  });

  test("model ids from the catalog, RL-trainable only in an RL config", async () => {
    const { text: t, at: a } = cursorsOf(edit(RL, ['base = "Qwen/Qwen3-4B"', "base = <|>"]));
    const uri = await lsp.openAndWait(join(dir, "model-rl.toml"), t);
    const items = await lsp.completion(uri, a[""]!);
    const labels = items.map((i) => i.label);
    assert.ok(labels.includes("Qwen/Qwen3-VL-4B-Instruct"));
    assert.ok(labels.includes("Qwen/Qwen3-4B"));
    assert.ok(!labels.includes("Qwen/Qwen3-32B"), "Qwen3-32B is SFT-only");
    assert.equal(items.find((i) => i.label === "Qwen/Qwen3-4B")?.insertText, '"Qwen/Qwen3-4B"');
  });
});
