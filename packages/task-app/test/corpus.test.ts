/**
 * The real synth-ai configs in shared/compat/synth-ai/configs against the
 * verdicts of SOURCES.md. The list of files and their verdicts come from the
 * SOURCES.md table; this file only adds what the table cannot say exactly:
 * for each invalid file, the finding that names its reason, at its line.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { checkConfigFile, type ConfigCheck } from "../src/config/check.js";
import type { Finding } from "../src/config/findings.js";
import { formatFinding } from "../src/config/findings.js";
import { corpusDir, readCorpus, type CorpusEntry } from "./helpers/corpus.js";

interface ExpectedFinding {
  code: string;
  /** Dotted key path ("" for the whole file). */
  path: string;
  line: number;
  column: number;
  /** A fragment the message must contain. */
  message: string;
}

interface InvalidExpectation {
  /** The reason, in the words of the SOURCES.md notes. */
  reason: string;
  /** Errors that must be among the findings. */
  errors: ExpectedFinding[];
  /** Findings that must not be there: the notes mention the key, but it is right. */
  absent?: { code: string; path: string }[];
}

const missingTable = (name: string): ExpectedFinding => ({ code: "missing_key", path: name, line: 1, column: 1, message: `missing required table [${name}]` });
const missingKey = (path: string, line: number, column = 2): ExpectedFinding => ({
  code: "missing_key",
  path,
  line,
  column,
  message: `missing required key "${path.split(".").pop()}"`,
});
const unknownTable = (name: string, line: number): ExpectedFinding => ({ code: "unknown_key", path: name, line, column: 2, message: `unknown key "${name}"` });
const neitherSourceNorBase = (line: number): ExpectedFinding => ({
  code: "model_source_xor_base",
  path: "model",
  line,
  column: 2,
  message: "set exactly one of model.source (a fine-tuned id) or model.base (a base model id); neither is set",
});

/** Keyed by the repository path of SOURCES.md. Lines were read off the files. */
const INVALID: Record<string, InvalidExpectation> = {
  "examples/warming_up_to_rl/configs/rl_from_ft.toml": {
    reason: "no [algorithm], model.source commented out (and services.task_url), rollout/training incomplete",
    errors: [
      missingTable("algorithm"),
      missingKey("services.task_url", 3),
      neitherSourceNorBase(23),
      missingKey("rollout.env_name", 28),
      missingKey("rollout.max_concurrent_rollouts", 28),
      missingKey("training.num_epochs", 32),
      missingKey("training.learning_rate", 32),
    ],
  },
  "examples/warming_up_to_rl/configs/crafter_fft_4b.toml": {
    reason: "`sequence_length = 2048*2` is not TOML: the `*` at 27:23",
    errors: [{ code: "toml_syntax", path: "", line: 27, column: 23, message: "invalid TOML: " }],
  },
  "examples/warming_up_to_rl/configs/crafter_fft.toml": { reason: "no [algorithm]", errors: [missingTable("algorithm")] },
  "examples/vlm/configs/crafter_vlm_gpt4o.toml": { reason: "no [algorithm]", errors: [missingTable("algorithm")] },
  "tests/artifacts/configs/rl.vision.small.toml": {
    reason: '`limit_mm_per_prompt = { "image": 1 }`: a JSON-style `:` inside a TOML inline table, at 26:32',
    errors: [{ code: "toml_syntax", path: "", line: 26, column: 32, message: "invalid TOML: " }],
  },
  "tests/artifacts/configs/rl.lora.small.toml": { reason: "no [services], model.label missing", errors: [missingTable("services"), missingKey("model.label", 8)] },
  "tests/artifacts/configs/rl.fft.small.toml": { reason: "no [services], no model.label", errors: [missingTable("services"), missingKey("model.label", 8)] },
  "tests/artifacts/configs/rl.full.small.toml": { reason: "no [services], no model.label", errors: [missingTable("services"), missingKey("model.label", 8)] },
  "tests/artifacts/configs/fft.small.toml": { reason: "no [algorithm]", errors: [missingTable("algorithm")] },
  "tests/artifacts/configs/qlora.small.toml": { reason: "no [algorithm]", errors: [missingTable("algorithm")] },
  "examples/rl/configs/rl_from_base_qwen17.toml": {
    reason: "rollout.max_concurrent_rollouts missing",
    errors: [missingKey("rollout.max_concurrent_rollouts", 67)],
  },
  "examples/rl/configs/rl_from_base_qwen.toml": {
    reason: "no [algorithm], model has no trainer_mode/label, training incomplete",
    errors: [missingTable("algorithm"), missingKey("model.trainer_mode", 6), missingKey("model.label", 6), missingKey("training.num_epochs", 22), missingKey("training.iterations_per_epoch", 22)],
  },
  "examples/rl/configs/rl_from_ft_qwen.toml": {
    reason: 'the same as rl_from_base_qwen; its model.source = "ft:…" is a proper fine-tuned id',
    errors: [missingTable("algorithm"), missingKey("model.trainer_mode", 6), missingKey("model.label", 6), missingKey("training.num_epochs", 22)],
    absent: [
      { code: "rl_model_source", path: "model.source" },
      { code: "model_source_xor_base", path: "model" },
    ],
  },
  "examples/rl/crafter_online.toml": {
    reason: "no [algorithm], model.name instead of base/source",
    errors: [missingTable("algorithm"), neitherSourceNorBase(3), missingKey("model.label", 3)],
  },
  "examples/sft/configs/crafter_lora_qwen0p6b.toml": { reason: "no [algorithm]", errors: [missingTable("algorithm")] },
  "examples/sft/configs/crafter_fft_qwen0p6b.toml": { reason: "no [algorithm]", errors: [missingTable("algorithm")] },
  "examples/blog_posts/pokemon_vl/configs/train_rl_from_sft.toml": {
    reason: 'no [algorithm], model.trainer_mode missing, rollout/training incomplete; model.source = "fft:…" is a proper fine-tuned id',
    errors: [missingTable("algorithm"), missingKey("model.trainer_mode", 22), missingKey("rollout.env_name", 27), missingKey("training.num_epochs", 37)],
    absent: [{ code: "rl_model_source", path: "model.source" }],
  },
  "examples/task_apps/pokemon_red/pallet_town_rl_config.toml": {
    reason: "does not follow the RLConfig schema at all (recognised as RL by its file name only)",
    errors: [
      missingTable("algorithm"),
      missingTable("services"),
      unknownTable("experiment", 17),
      unknownTable("environment", 21),
      unknownTable("reward", 25),
      unknownTable("logging", 45),
    ],
  },
};

interface OtherExpectation {
  kind: string;
  kindReason: string;
  /** The strict-mode verdict, and why it is right. */
  ok: boolean;
  why: string;
  /** Strict-mode errors, when not ok: `code path` pairs, all of them. */
  errors?: string[];
  /** With allowUnknown. */
  allowUnknown?: { ok: boolean; errors?: string[]; kept?: [path: string, value: unknown][] };
}

/**
 * Eval and filter files: "validate as its own kind where the schema covers it".
 * Each verdict below is what the validator says now, with the reason it is right.
 */
const OTHER: Record<string, OtherExpectation> = {
  "examples/warming_up_to_rl/configs/eval_groq_qwen32b.toml": {
    kind: "eval",
    kindReason: "it names model / task_app_url at the top level (flat eval form)",
    ok: true,
    why: "flat form; every key (task_app_url, model, inference_url, num_episodes, max_turns, concurrency) is one the flat-form eval scripts read",
  },
  "examples/warming_up_to_rl/configs/eval_stepwise_complex.toml": {
    kind: "eval",
    kindReason: "it names model / task_app_url at the top level (flat eval form)",
    ok: true,
    why: 'flat form with a partial [rollout] stanza; step_rewards strategy = "complex" with weights and k_limits is a known env_config shape',
  },
  "examples/qwen_vl/configs/eval_qwen3vl_vision.toml": {
    kind: "eval",
    kindReason: "it has an [eval] table",
    ok: true,
    why: 'an [eval] table with keys EvalConfig defines; trace_format = "structured" is the later literal; seeds = "100-199" is an inclusive range, which task-app\'s seed spec defines',
  },
  "examples/qwen_vl/configs/eval_gpt5nano_vision.toml": {
    kind: "eval",
    kindReason: "it has an [eval] table",
    ok: false,
    why: "max_steps_per_episode, collect_traces, trace_db, parallel_episodes and [task] are read by no eval CLI: strict mode reports them so a user knows they do nothing",
    errors: ["unknown_key eval.max_steps_per_episode", "unknown_key eval.collect_traces", "unknown_key eval.trace_db", "unknown_key eval.parallel_episodes", "unknown_key task"],
    allowUnknown: {
      ok: true,
      kept: [
        ["eval.collect_traces", true],
        ["eval.trace_db", "traces/gpt5nano_vision/rollouts.db"],
        ["eval.parallel_episodes", 5],
        ["task.name", "crafter"],
        ["task.config.render_size", [64, 64]],
      ],
    },
  },
  "examples/qwen_vl/configs/filter_vision_sft.toml": {
    kind: "filter",
    kindReason: "it has a [filter] table",
    ok: false,
    why: "its keys (input_db, output_dir, quality filters, [sft], [split], [output]) are not FilterConfig's, and the two keys FilterConfig requires (db, output) are missing",
    errors: [
      "missing_key filter.db",
      "missing_key filter.output",
      "unknown_key filter.input_db",
      "unknown_key filter.output_dir",
      "unknown_key filter.min_steps_per_episode",
      "unknown_key filter.min_achievements_per_episode",
      "unknown_key filter.max_steps_per_episode",
      "unknown_key filter.detect_loops",
      "unknown_key filter.max_repeated_actions",
      "unknown_key filter.min_unique_states",
      "unknown_key filter.filter_errors",
      "unknown_key filter.filter_timeouts",
      "unknown_key filter.export_format",
      "unknown_key filter.include_images",
      "unknown_key filter.include_metadata",
      "unknown_key sft",
      "unknown_key split",
      "unknown_key output",
    ],
    // Keeping unknown keys does not make up for the missing required ones: still invalid.
    allowUnknown: { ok: false, errors: ["missing_key filter.db", "missing_key filter.output"] },
  },
  "examples/rl/configs/eval_base_qwen.toml": {
    kind: "rl",
    kindReason: 'type = "rl"',
    ok: false,
    why: 'the file declares type = "rl", and an explicit type wins over content; it is not an RL config. Checked as eval (--kind eval) it is still wrong, because its type tag says rl',
    errors: [
      "missing_key algorithm",
      "missing_key services",
      "missing_key compute",
      "missing_key rollout",
      "rl_topology_required compute",
      "unknown_key provider",
      "unknown_key task_app_url",
      "invalid_type model",
      "unknown_key split",
      "unknown_key num_episodes",
      "unknown_key seed_start",
      "missing_key policy.trainer_mode",
      "missing_key policy.label",
      "policy_model_xor_source policy",
    ],
  },
  "examples/multi_step/configs/crafter_eval_synth_qwen4b.toml": {
    kind: "eval",
    kindReason: "it has an [eval] table",
    ok: true,
    why: "an [eval] table with an [eval.judge] given by path; every key is one EvalConfig defines",
  },
  "examples/task_apps/sokoban/eval_groq_qwen32.toml": {
    kind: "eval",
    kindReason: "it names model / task_app_url at the top level (flat eval form)",
    ok: true,
    why: "flat form with a [policy] table; max_actions_per_call is the sokoban policy's own key",
  },
  "examples/task_apps/crafter/filter_sft_dataset.toml": {
    kind: "filter",
    kindReason: "it has a [filter] table",
    ok: true,
    why: "matches FilterConfig (db, output, min_official_score)",
  },
};

const describeFindings = (findings: readonly Finding[]) => findings.map((f) => `  ${f.code} | ${formatFinding(f)}`).join("\n");
const codePaths = (check: ConfigCheck) => check.findings.filter((f) => f.severity === "error").map((f) => `${f.code} ${f.path}`);

function valueAt(config: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((v, k) => (v && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined), config);
}

const corpus = readCorpus();

if (!corpus) {
  test("synth-ai compat corpus", {
    skip: `corpus not found: expected ${corpusDir()}/configs/ and ${corpusDir()}/SOURCES.md (set SYNTH_AI_COMPAT_DIR to point at another copy)`,
  }, () => {});
} else {
  const byVerdict = (v: CorpusEntry["verdict"]) => corpus.entries.filter((e) => e.verdict === v);
  const check = (entry: CorpusEntry, allowUnknown = false) => checkConfigFile(entry.path, { file: entry.file, allowUnknown });

  describe("SOURCES.md and configs/ agree", () => {
    test("every row names a file in configs/, and every file has a row", () => {
      assert.deepEqual(corpus.entries.map((e) => e.file).sort(), corpus.files);
    });
    test("every invalid file has an expectation here, and every expectation a row", () => {
      assert.deepEqual(Object.keys(INVALID).sort(), byVerdict("invalid").map((e) => e.repoPath).sort());
    });
    test("every eval/filter file has an expectation here, and every expectation a row", () => {
      assert.deepEqual(Object.keys(OTHER).sort(), byVerdict("not-a-train-config").map((e) => e.repoPath).sort());
    });
    test("there is something to test in each group", () => {
      for (const v of ["valid", "invalid", "not-a-train-config"] as const) assert.ok(byVerdict(v).length > 0, v);
    });
  });

  // SOURCES.md's PASS is "would build a job payload (model allow-list not applied)": the catalog is
  // left to the one check that applies it here, and every other finding must be absent.
  const CATALOG_CODES = new Set(["sft_supported_model", "rl_supported_model"]);
  describe("valid: zero errors in strict mode (the model catalog aside, as the verdicts were made)", () => {
    for (const entry of byVerdict("valid")) {
      test(entry.repoPath, async () => {
        const result = await checkConfigFile(entry.path, { file: entry.file, allowUnknownModels: true });
        const errors = result.findings.filter((f) => f.severity === "error");
        assert.deepEqual(errors, [], `${entry.file} (${entry.notes}):\n${describeFindings(errors)}`);
        assert.equal(result.ok, true);
        assert.ok(result.kind === "rl" || result.kind === "sft", `a train config, got ${result.kind}`);
        assert.ok(result.config, "a config is returned");
      });
    }
    test("the catalog itself: a valid file outside it is refused without --allow-unknown-models", async () => {
      const outside = byVerdict("valid").find((e) => e.repoPath.endsWith("crafter_vlm_sft_example.toml"));
      assert.ok(outside, "the Qwen2-VL SFT example is in the corpus");
      const errors = (await check(outside)).findings.filter((f) => f.severity === "error");
      assert.ok(errors.length > 0 && errors.every((f) => CATALOG_CODES.has(f.code)), describeFindings(errors));
    });
  });

  describe("invalid: an error that names the reason, at its line", () => {
    for (const entry of byVerdict("invalid")) {
      const expectation = INVALID[entry.repoPath];
      test(`${entry.repoPath}: ${expectation?.reason ?? "(no expectation)"}`, async () => {
        assert.ok(expectation, `add an expectation for ${entry.repoPath}: ${entry.notes}`);
        const result = await check(entry);
        assert.equal(result.ok, false, `${entry.file} passed; SOURCES.md says: ${entry.notes}`);
        const missing = expectation.errors.filter(
          (e) =>
            !result.findings.some(
              (f) => f.severity === "error" && f.code === e.code && f.path === e.path && f.line === e.line && f.column === e.column && f.message.includes(e.message),
            ),
        );
        assert.deepEqual(
          missing.map((e) => `${e.code} ${e.path} at ${e.line}:${e.column}: …${e.message}…`),
          [],
          `${entry.file}: expected errors not reported. It got:\n${describeFindings(result.findings)}`,
        );
        for (const a of expectation.absent ?? [])
          assert.ok(!result.findings.some((f) => f.code === a.code && f.path === a.path), `${entry.file}: unexpected ${a.code} at ${a.path}`);
      });
    }
  });

  describe("eval and filter files: validated as their own kind", () => {
    for (const entry of byVerdict("not-a-train-config")) {
      const expectation = OTHER[entry.repoPath];
      test(`${entry.repoPath}: ${expectation ? (expectation.ok ? "valid" : "invalid") : "(no expectation)"}`, async () => {
        assert.ok(expectation, `add an expectation for ${entry.repoPath}`);
        const strict = await check(entry);
        assert.equal(strict.kind, expectation.kind);
        assert.equal(strict.kindReason, expectation.kindReason);
        assert.equal(strict.ok, expectation.ok, `${expectation.why}\n${describeFindings(strict.findings)}`);
        assert.deepEqual(codePaths(strict), expectation.errors ?? []);
        if (expectation.allowUnknown) {
          const loose = await check(entry, true);
          assert.equal(loose.ok, expectation.allowUnknown.ok, describeFindings(loose.findings));
          assert.deepEqual(codePaths(loose), expectation.allowUnknown.errors ?? []);
          for (const [path, value] of expectation.allowUnknown.kept ?? []) assert.deepEqual(valueAt(loose.config, path), value, path);
        }
      });
    }

    test("eval_base_qwen.toml checked as eval: only its type tag is wrong", async () => {
      const entry = corpus.entries.find((e) => e.repoPath === "examples/rl/configs/eval_base_qwen.toml");
      assert.ok(entry);
      const result = await checkConfigFile(entry.path, { file: entry.file, kind: "eval" });
      assert.deepEqual(result.findings.map(formatFinding), [`${entry.file}:1:1: error: type: expected "eval", got string "rl"`]);
    });
  });

  test("normalization on the corpus: the Qwen3-VL config gets its processor id", async () => {
    const entry = corpus.entries.find((e) => e.repoPath === "examples/qwen_vl/configs/crafter_rl_vision_qwen3vl4b.toml");
    assert.ok(entry);
    const result = await check(entry);
    assert.deepEqual(result.injected.map((i) => `${i.path}=${JSON.stringify(i.value)}`), ['model.vision_processor_id="Qwen/Qwen3-VL-4B-Instruct"']);
  });
}
