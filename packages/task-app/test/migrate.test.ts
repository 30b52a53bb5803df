/**
 * `task-app migrate`: every RL config of the corpus and the fixtures, of
 * each era, moved to the other era validates as well as it did, its payload
 * carries the same model, training, LoRA, topology and rollout settings, and
 * every line migrate did not need to change is kept as written. The CLI
 * prints a diff by default and writes atomically with --write.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { checkSourceText } from "../src/config/check-source.js";
import { parseTomlDocument } from "../src/config/toml.js";
import { migrateRLConfig, REWARD_KEYS, type Era } from "../src/migrate/rl-era.js";
import { buildRLPayload } from "../src/payload/index.js";
import type { RLConfig } from "../src/schemas/rl-config.js";
import { edit, noCorpusReason, readCorpus } from "./helpers/corpus.js";
import { RL, RL_POLICY } from "./helpers/rules-table.js";
import { runCli } from "./helpers/run-cli.js";

type Table = Record<string, unknown>;
const isTable = (v: unknown): v is Table => !!v && typeof v === "object" && !Array.isArray(v);

/** [policy] sampling keys 0.2.13 keeps in [rollout.policy_config]. */
const SAMPLING = ["inference_url", "temperature", "top_p", "max_tokens"];

/**
 * The settings both eras must carry, in one shape: model, training (rewards flattened), LoRA, topology, rollout
 * (with the sampling keys a [policy] table writes counted where 0.2.13 keeps them, in rollout.policy_config).
 */
function settingsOf(config: RLConfig, text: string): Table {
  const written = parseTomlDocument(text).value.policy;
  const sampling = isTable(written) ? Object.fromEntries(SAMPLING.filter((k) => k in written).map((k) => [k, written[k]])) : {};
  const payload = buildRLPayload(config, { env: { TASK_APP_URL: "https://task.example.com" } }).payload;
  const data = payload.data.config as Table;
  const modelTable = { ...((data.model ?? data.policy) as Table) };
  if ("model_name" in modelTable) modelTable.base = modelTable.model_name;
  delete modelTable.model_name;
  // Sampling defaults the [policy] table adds, and keys only one era has.
  // Sampling keys (compared in rollout.policy_config, with the defaults [policy] adds left out), and keys only one era has.
  for (const k of [...SAMPLING, "repetition_penalty", "name", "dtype", "seed"]) delete modelTable[k];
  const training = { ...((data.training ?? {}) as Table) };
  Object.assign(training, isTable(training.rewards) ? training.rewards : {});
  const lora = training.lora ?? data.lora;
  for (const k of ["rewards", "lora", "weight_sync", "log_interval", "weight_sync_interval"]) delete training[k];
  const compute = (data.compute ?? {}) as Table;
  const topology = { ...((data.topology ?? compute.topology ?? {}) as Table) };
  if (topology.reference_placement === "none") delete topology.reference_placement;
  return {
    model: (payload.data as Table).model ?? (payload.data as Table).base_model,
    modelTable,
    training,
    lora,
    topology,
    rollout: Object.keys(sampling).length ? { ...(data.rollout as Table), policy_config: { ...sampling, ...((data.rollout as Table).policy_config as Table) } } : data.rollout,
    algorithm: data.algorithm,
  };
}

const FIXTURES = new URL("./fixtures/", import.meta.url);
const corpus = readCorpus();
const files: [string, string][] = [
  ...(corpus ? corpus.files.map((f): [string, string] => [f, readFileSync(join(corpus.configsDir, f), "utf8")]) : []),
  ...readdirSync(new URL("valid/", FIXTURES)).map((f): [string, string] => [f, readFileSync(new URL(`valid/${f}`, FIXTURES), "utf8")]),
  ["rules-table RL", RL],
  ["rules-table RL_POLICY", RL_POLICY],
];

describe("migrate every RL config of each era", () => {
  const counted: Record<Era, number> = { "0.2": 0, policy: 0 };
  for (const [name, text] of files) {
    const check = checkSourceText(text, { file: name });
    if (check.kind !== "rl" || !check.ok) continue;
    test(name, () => {
      const to: Era = "model" in (check.config as Table) ? "policy" : "0.2";
      const result = migrateRLConfig(text, to);
      counted[result.from]++;
      assert.notEqual(result.text, text, "something moved");
      const after = checkSourceText(result.text, { file: name });
      const errors = after.findings.filter((f) => f.severity === "error");
      // The one thing migrate cannot decide: which reward source a config with neither flag means.
      const undecidedCodes = [
        ...(result.notes.some((n) => n.startsWith("set exactly one of rollout.")) ? ["rl_reward_source"] : []),
        ...(result.notes.some((n) => n.startsWith("set judge.options.")) ? ["rl_policy_judge"] : []),
      ];
      const undecided = undecidedCodes.length > 0;
      assert.deepEqual(
        errors.filter((f) => !undecidedCodes.includes(f.code)).map((f) => `${f.code} ${f.path}: ${f.message}`),
        [],
        result.text,
      );
      if (undecidedCodes.includes("rl_reward_source")) {
        // --reward-source decides it: the flag is set, nothing else changes.
        const decided = migrateRLConfig(text, to, { rewardSource: "task-app" });
        const checked = checkSourceText(decided.text, { file: name });
        assert.deepEqual(checked.findings.filter((f) => f.severity === "error" && f.code !== "rl_policy_judge").map((f) => `${f.code} ${f.path}: ${f.message}`), [], decided.text);
        assert.equal(((checked.config as Table).rollout as Table).task_app_origin_rewards_only, true);
        assert.ok(!decided.notes.some((n) => n.startsWith("set exactly one of rollout.")));
      }
      if (undecided) {
        // The flags decide both: the result validates and carries the same settings (the reward flags aside).
        const decided = migrateRLConfig(text, to, {
          ...(undecidedCodes.includes("rl_reward_source") ? { rewardSource: "task-app" as const } : {}),
          ...(undecidedCodes.includes("rl_policy_judge") ? { judge: { provider: "openai", model: "gpt-5" } } : {}),
        });
        const checked = checkSourceText(decided.text, { file: name });
        assert.ok(checked.ok, `${JSON.stringify(checked.findings.filter((f) => f.severity === "error"))}\n${decided.text}`);
        const withoutFlags = (t: Table) => ({ ...t, rollout: { ...(t.rollout as Table), task_app_origin_rewards_only: undefined, rubric_rewards_only: undefined } });
        assert.deepEqual(withoutFlags(settingsOf(checked.config as RLConfig, decided.text)), withoutFlags(settingsOf(check.config as RLConfig, text)));
        return;
      }
      assert.ok(after.ok);
      assert.deepEqual(settingsOf(after.config as RLConfig, result.text), settingsOf(check.config as RLConfig, text));
      // Lines migrate had no reason to touch are kept byte for byte, in order.
      const touched = /^\s*(\[|base\b|model_name\b|#.*task-app migrate|log_interval|weight_sync_interval|enable|type\s*=|(?:name|dtype|seed|max_tokens|temperature|top_p|top_k|repetition_penalty|stop_sequences|inference_url)\s*=|(?:REWARDS)\s*=)/;
      const pattern = new RegExp(touched.source.replace("REWARDS", REWARD_KEYS.join("|")));
      // A merged duplicate (the same key in [topology] and [compute.topology]) is kept once.
      const merged = result.notes.some((n) => n.includes("merged into"));
      const keep = (t: string) => {
        const lines = t.split("\n").filter((l) => l.trim() && !pattern.test(l));
        return merged ? [...new Set(lines)].sort() : lines;
      };
      assert.deepEqual(keep(result.text), keep(text));
      // And back: the original again, unless migrate added or commented out keys.
      // And back: the same lines (reward keys may come back in another order), unless migrate added, merged or commented out keys.
      const lines = (t: string) => t.split("\n").filter((l) => l.trim()).sort();
      if (!result.notes.length) assert.deepEqual(lines(migrateRLConfig(result.text, result.from).text), lines(text));
    });
  }
  test("both eras were exercised", { skip: corpus ? false : noCorpusReason() }, () => {
    assert.ok(counted["0.2"] >= 5, `${counted["0.2"]} 0.2.13-era configs`);
    assert.ok(counted.policy >= 2, `${counted.policy} [policy]-era configs`);
  });
});

test("a CRLF file stays CRLF, and comes back as it was", () => {
  const crlf = RL.replaceAll("\n", "\r\n").replace("[model]", "[model] # the one we train");
  const forward = migrateRLConfig(crlf, "policy");
  assert.doesNotMatch(forward.text.replaceAll("\r\n", ""), /\n/, "no lone LF");
  assert.ok(checkSourceText(forward.text, { file: "rl.toml" }).ok);
  assert.match(forward.text, /\[policy\] # the one we train\r\nmodel_name = /);
  const back = migrateRLConfig(forward.text, "0.2").text;
  assert.deepEqual(back.split("\r\n").filter(Boolean).sort(), crlf.split("\r\n").filter(Boolean).sort());
});

describe("[policy] sampling settings going back to 0.2.13", () => {
  const withSampling = edit(RL_POLICY, ['[policy]\nmodel_name = "Qwen/Qwen3-4B"', '[policy]\nmodel_name = "Qwen/Qwen3-4B"\ntemperature = 0.4 # cooler\nmax_tokens = 1024\ntop_k = 40']);
  test("move to [rollout.policy_config] (created after [rollout]); a key 0.2.13 has no place for is commented out, saying so", () => {
    const result = migrateRLConfig(withSampling, "0.2");
    assert.match(result.text, /\n\[rollout\.policy_config\]\ntemperature = 0\.4 # cooler\nmax_tokens = 1024\n/);
    assert.match(result.text, /^# top_k = 40  # task-app migrate: 0\.2\.13 has no place for top_k$/m);
    const after = checkSourceText(result.text, { file: "rl.toml" });
    assert.ok(after.ok, JSON.stringify(after.findings));
    const rollout = (after.config as Table).rollout as Table;
    assert.deepEqual(rollout.policy_config, { temperature: 0.4, max_tokens: 1024 });
    assert.ok(result.notes.some((n) => n === "policy.temperature, policy.max_tokens moved to [rollout.policy_config]: where 0.2.13 keeps the policy's sampling settings"));
  });
  test("into an existing [rollout.policy_config]: the same value is dropped, a different one refused at its place", () => {
    const existing = `${withSampling.trimEnd()}\n\n[rollout.policy_config]\nmax_tokens = 1024\nuse_tools = true\n`;
    const result = migrateRLConfig(existing, "0.2");
    const after = checkSourceText(result.text, { file: "rl.toml" });
    assert.ok(after.ok, JSON.stringify(after.findings));
    assert.deepEqual(((after.config as Table).rollout as Table).policy_config, { max_tokens: 1024, use_tools: true, temperature: 0.4 });
    assert.equal(result.text.match(/max_tokens = 1024/g)?.length, 1);
    const clash = existing.replace("[rollout.policy_config]\nmax_tokens = 1024", "[rollout.policy_config]\nmax_tokens = 2048");
    assert.throws(
      () => migrateRLConfig(clash, "0.2"),
      (error: Error & { line?: number }) => /\[policy\] and \[rollout\.policy_config\] both set max_tokens, differently/.test(error.message) && clash.split("\n")[error.line! - 1]!.startsWith("max_tokens = 1024"),
    );
  });
});

describe("--reward-source", () => {
  const undecided = RL.replace(/^(task_app_origin_rewards_only|rubric_rewards_only)\s*=.*\n/gm, "");
  test("sets the source the later CLI requires, in the era migrated to or in place", () => {
    const plain = migrateRLConfig(undecided, "policy");
    assert.ok(plain.notes.some((n) => n.includes("--reward-source task-app or --reward-source rubric")), "without it, the note says how");
    assert.ok(checkSourceText(plain.text, { file: "rl.toml" }).findings.some((f) => f.code === "rl_reward_source"));
    const decided = migrateRLConfig(undecided, "policy", { rewardSource: "task-app" });
    const after = checkSourceText(decided.text, { file: "rl.toml" });
    assert.ok(after.ok, JSON.stringify(after.findings.filter((f) => f.severity === "error")));
    assert.equal(((after.config as Table).rollout as Table).task_app_origin_rewards_only, true);
    assert.ok(decided.notes.includes("rollout.task_app_origin_rewards_only = true added: --reward-source task-app"));
    // Already in the [policy] era: only the flag is written; then switching to rubric turns the other one off.
    const inPlace = migrateRLConfig(plain.text, "policy", { rewardSource: "task-app" });
    assert.equal(inPlace.text, decided.text);
    const rubric = migrateRLConfig(decided.text, "policy", { rewardSource: "rubric" });
    const rollout = (parseTomlDocument(rubric.text).value.rollout ?? {}) as Table;
    assert.deepEqual([rollout.rubric_rewards_only, rollout.task_app_origin_rewards_only], [true, false]);
  });
  test("--judge-provider and --judge-model write [judge.options] (after [judge], or into it)", () => {
    const judged = `${RL_POLICY.trimEnd()}\n\n[judge]\nenabled = true # grade outcomes\n`;
    assert.ok(checkSourceText(judged, { file: "rl.toml" }).findings.some((f) => f.code === "rl_policy_judge"));
    const result = migrateRLConfig(judged, "policy", { judge: { provider: "groq", model: "openai/gpt-oss-120b" } });
    assert.match(result.text, /\[judge\]\nenabled = true # grade outcomes\n\n?\[judge\.options\]\nprovider = "groq"\nmodel = "openai\/gpt-oss-120b"\n/);
    assert.ok(!checkSourceText(result.text, { file: "rl.toml" }).findings.some((f) => f.code === "rl_policy_judge"));
    const changed = migrateRLConfig(result.text, "policy", { judge: { model: "gpt-5" } });
    assert.match(changed.text, /provider = "groq"\nmodel = "gpt-5"\n/);
    assert.throws(() => migrateRLConfig(judged, "policy", { judge: { provider: "anthropic" } }), /--judge-provider "anthropic": synth-ai's later CLI accepts openai, groq, gemini/);
    assert.throws(() => migrateRLConfig(RL_POLICY, "policy", { judge: { provider: "openai" } }), /no \[judge\] table/);
  });

  test("the CLI flag, with --write", async () => {
    const dir = mkdtempSync(join(tmpdir(), "task-app-migrate-source-"));
    try {
      writeFileSync(join(dir, "rl.toml"), undecided);
      // Judge rewards with no judge enabled would train on nothing: refused, the file left as it was.
      const refused = await runCli(["migrate", "rl.toml", "--reward-source", "rubric", "--write"], dir);
      assert.equal(refused.code, 1);
      assert.match(refused.stderr, /rubric_rewards_only = true needs judge\.enabled = true/);
      assert.equal(readFileSync(join(dir, "rl.toml"), "utf8"), undecided);
      const result = await runCli(["migrate", "rl.toml", "--reward-source", "task-app", "--write"], dir);
      assert.equal(result.code, 0, result.stderr);
      const written = readFileSync(join(dir, "rl.toml"), "utf8");
      assert.match(written, /^task_app_origin_rewards_only = true$/m);
      assert.ok(checkSourceText(written, { file: "rl.toml" }).ok);
      const bad = await runCli(["migrate", "rl.toml", "--reward-source", "judges"], dir);
      assert.equal(bad.code, 2);
      assert.match(bad.stderr, /reward-source/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("task-app migrate (CLI)", () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), "task-app-migrate-"));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test("prints a diff and leaves the file alone", async () => {
    const file = join(dir, "rl.toml");
    writeFileSync(file, RL);
    const result = await runCli(["migrate", "rl.toml"], dir);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^--- a\/rl\.toml\n\+\+\+ b\/rl\.toml\n/);
    assert.match(result.stdout, /\n-\[topology\]\n/);
    assert.match(result.stdout, /\n\+\[compute\.topology\]\n/);
    assert.match(result.stdout, /\n-base = "Qwen\/Qwen3-4B"\n/);
    assert.match(result.stdout, /\n\+model_name = "Qwen\/Qwen3-4B"\n/);
    assert.equal(readFileSync(file, "utf8"), RL);
    // The diff is a real patch: git apply turns the file into what --write would write.
    writeFileSync(join(dir, "rl.diff"), result.stdout);
    const applied = spawnSync("git", ["apply", "--unsafe-paths", "rl.diff"], { cwd: dir, encoding: "utf8" });
    assert.equal(applied.status, 0, applied.stderr);
    assert.equal(readFileSync(file, "utf8"), migrateRLConfig(RL, "policy").text);
  });

  test("--write replaces the file atomically (no temporary file left), and --to 0.2 brings it back", async () => {
    const file = join(dir, "rl-write.toml");
    const original = edit(RL, ["[model]", "# the model\n[model]  # trained"]);
    writeFileSync(file, original);
    const result = await runCli(["migrate", "rl-write.toml", "--write"], dir);
    assert.equal(result.code, 0, result.stderr);
    const written = readFileSync(file, "utf8");
    assert.match(written, /# the model\n\[policy\]  # trained\nmodel_name = /);
    assert.ok(checkSourceText(written, { file }).ok);
    assert.deepEqual(readdirSync(dir).filter((f) => f.endsWith(".tmp")), []);
    const back = await runCli(["migrate", "rl-write.toml", "--to", "0.2", "--write"], dir);
    assert.equal(back.code, 0, back.stderr);
    assert.equal(readFileSync(file, "utf8"), original);
    const again = await runCli(["migrate", "rl-write.toml", "--to", "0.2"], dir);
    assert.equal(again.code, 0);
    assert.match(again.stderr, /already in the 0\.2\.13 era/);
  });

  test("--write keeps a byte-order mark and CRLF line endings, both ways", async () => {
    const file = join(dir, "rl-bom.toml");
    const original = `\uFEFF${RL.replaceAll("\n", "\r\n")}`;
    writeFileSync(file, original);
    const result = await runCli(["migrate", "rl-bom.toml", "--write"], dir);
    assert.equal(result.code, 0, result.stderr);
    const bytes = readFileSync(file);
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], "the byte-order mark is kept");
    const written = bytes.toString("utf8");
    assert.match(written, /^\uFEFF\[algorithm\]\r\n/);
    assert.match(written, /\r\n\[policy\]\r\nmodel_name = /);
    assert.doesNotMatch(written.replaceAll("\r\n", ""), /\n/, "no lone LF");
    const back = await runCli(["migrate", "rl-bom.toml", "--to", "0.2", "--write"], dir);
    assert.equal(back.code, 0, back.stderr);
    assert.equal(readFileSync(file, "utf8"), original);
  });

  test("a model table written inline is refused at its place, and nothing is written", async () => {
    const file = join(dir, "inline.toml");
    const text = `model = { base = "Qwen/Qwen3-4B", trainer_mode = "lora", label = "x" }\n\n${edit(RL, ['[model]\nbase = "Qwen/Qwen3-4B"\ntrainer_mode = "lora"\nlabel = "crafter-rl"\n', ""])}`;
    writeFileSync(file, text);
    const result = await runCli(["migrate", "inline.toml", "--write"], dir);
    assert.equal(result.code, 1);
    assert.match(result.stderr, /inline\.toml:\d+:\d+: error: \[model\] is not written as a table header here/);
    assert.equal(readFileSync(file, "utf8"), text);
  });

  test("an SFT config is a usage error", async () => {
    writeFileSync(join(dir, "sft.toml"), readFileSync(new URL("valid/sft.toml", FIXTURES), "utf8"));
    const result = await runCli(["migrate", "sft.toml"], dir);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /is a sft config; migrate moves RL configs/);
  });
});
