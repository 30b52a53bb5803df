/**
 * The differential harness against synth-ai's own checks: the corpus configs
 * synth-ai accepts, plus deterministic mutations of them, go through
 * `task-app validate` + the payload builders and through
 * test/python/synth_oracle.py (pydantic models restated from CONTRACT.md).
 * Verdicts, the payload's model fields and (0.2.13 era) its data.config are
 * compared and every disagreement gets a category; the ones that remain on
 * purpose are listed in KNOWN_DISAGREEMENTS with the reason. Each defect class
 * found by the differential runs has mutations every config gets
 * (defectMutations), on which no new disagreement is ever explained.
 */
import { spawnSync } from "node:child_process";
import { isDeepStrictEqual } from "node:util";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse, stringify } from "smol-toml";
import { checkConfigText } from "../../src/config/check.js";
import { validateSftJsonl } from "../../src/config/jsonl.js";
import { buildRLPayload, buildSFTPayload, PayloadError } from "../../src/payload/index.js";
import type { RLConfig } from "../../src/schemas/rl-config.js";
import type { SFTConfig } from "../../src/schemas/sft-config.js";
import { readCorpus } from "./corpus.js";

type Kind = "rl" | "sft";
type Table = Record<string, unknown>;
export interface Doc {
  id: string;
  kind: Kind;
  toml: string;
  /**
   * A defect-class mutation both sides must agree on: a disagreement the
   * unmutated config does not already have is reported as `defect:<category>`,
   * never explained.
   */
  mustAgree?: boolean;
}
interface Verdict {
  accept: boolean;
  reasons: string[];
  model?: string;
  base_model?: string;
  /** RL [model]-era payloads: data.config as the 0.2.13 builder makes it. */
  config?: unknown;
}

/**
 * Disagreements that remain, by category, with why. `stricter:<code>`: task-app
 * refuses what synth-ai would submit; `miss:<reason>`: task-app accepts what
 * synth-ai refuses.
 */
export const KNOWN_DISAGREEMENTS: Record<string, string> = {
  "miss:model_experimental": "a warning on purpose: `task-app train --allow-experimental` (or SDK_EXPERIMENTAL=1) submits it, as synth-ai's flag does",
  "stricter:rl_topology_gpus": "stricter on purpose: GPU counts that do not add up to compute.gpu_count fail when the job is scheduled",
  "stricter:rl_tensor_parallel": "stricter on purpose: the later CLI requires both tensor-parallel keys; a mismatch fails when vLLM starts",
  "stricter:rl_topology_required": "stricter on purpose: the later CLI requires [topology] or [compute.topology]; without it the trainer cannot place the job",
  "stricter:rl_vllm_images": "stricter on purpose: vLLM refuses prompts with more images than limit_mm_per_prompt allows",
  "stricter:rl_reward_source": "stricter on purpose: both *_rewards_only flags true, or rubric rewards with no judge, leave the run without a reward source",
  "stricter:rl_weight_sync": "stricter on purpose: the later CLI refuses weight_sync.enable = false or targets without \"policy\"",
  "stricter:rl_model_source": "stricter on purpose: a fine-tuned id in model.base is sent as a base model the trainer cannot load",
  "stricter:image_only_needs_vision": "stricter on purpose: image-only prompts on a text model have no input at all",
  "stricter:thinking_budget_mode": "stricter on purpose: thinking_budget without thinking_mode = \"think\" is ignored by the policy",
  "stricter:unknown_key": "strict by default (typos caught before a GPU is booked); `--allow-unknown` keeps unknown keys as synth-ai does",
  "stricter:invalid_value": "stricter on purpose: enumerated settings (step_rewards_mode, reference placement, ...) with a value the trainer does not know",
  "stricter:invalid_format": "stricter on purpose: a task_url that is not an http(s) URL cannot be called",
  "stricter:invalid_type":
    "stricter on purpose: task-app types the sections synth-ai leaves free-form ([topology], [vllm], [reference], [lora], rollout.policy_config, the *_rewards_only flags, [rubric]): a fractional GPU count or port, a number for a name, or a quoted number or boolean there (which synth-ai sends on as written, uncoerced) fails in the trainer or the task app",
  "stricter:out_of_range": "stricter on purpose: zero or negative counts, sizes and rates (batch_size = 0, max_turns = 0, learning_rate = 0, ...) make a job that fails or trains nothing",
  "stricter:missing_key": "stricter on purpose: [compute] and [rollout] (required by the later CLI: an RL job needs its GPUs and its environment), and vllm.limit_mm_per_prompt without its image count",
  "miss:later:judge_options": "a warning on purpose: the later CLI refuses [judge] without [judge.options], but SOURCES.md marks synth-ai's own NEW_FORMAT example (a disabled [judge] alone) valid",
  "stricter:sft_dataset": "the same check: synth-ai's builder refuses a missing dataset too, from the file system at submit time",
};

const here = fileURLToPath(new URL(".", import.meta.url));

/** A small seeded PRNG so mutations are the same on every run. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

const clone = <T>(v: T): T => structuredClone(v);

function leaves(node: unknown, path: string[] = []): { path: string[]; value: unknown }[] {
  if (node && typeof node === "object" && !Array.isArray(node))
    return Object.entries(node as Table).flatMap(([k, v]) => leaves(v, [...path, k]));
  return [{ path, value: node }];
}

function setAt(doc: Table, path: string[], value: unknown): Table {
  const out = clone(doc);
  let node = out;
  for (const key of path.slice(0, -1)) node = node[key] as Table;
  const last = path[path.length - 1]!;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return out;
}

const MODEL_IDS = [
  "qwen/qwen3-4b",
  "Qwen/Qwen3-32B",
  "Qwen/Qwen3-VL-32B-Instruct",
  "Qwen/Qwen3-4B-Thinking-2507",
  "meta-llama/Llama-3.1-8B",
  "gpt-4o-mini",
  "ft:Qwen/Qwen3-8B:job-1",
  "  ",
  // Python's str.strip() rules: U+001F and U+0085 are stripped (the id normalises), U+FEFF is not (unknown).
  "\x1fqwen/qwen3-4b\x85",
  "\ufeffQwen/Qwen3-4B",
];

/**
 * The defect classes of the second differential run, as mutations every
 * config gets (never sampled away), so a regression in any of them is a
 * disagreement: TOML 1.1 syntax and a BOM, blank model ids next to the other
 * key, pydantic's coercion rules at typed keys and none at free-form ones,
 * a legacy [policy] beside [model], an upper-case URL scheme.
 */
function defectMutations(doc: Table, text: string): [string, string, boolean][] {
  const out: [string, string, boolean][] = [];
  const toml = (d: Table) => stringify(d);
  // TOML 1.1 in a free-form table ([tags] takes any value), and a BOM: tomllib refuses every one.
  for (const [name, extra] of [
    ["toml1.1 multi-line inline table", "t = { a = 1,\n  b = 2 }"],
    ["toml1.1 trailing comma", "t = { a = 1, }"],
    ["toml1.1 \\e escape", 't = "a\\eb"'],
    ["toml1.1 \\x escape", 't = "a\\x41"'],
    ["toml1.1 time without seconds", "t = 07:32"],
  ])
    out.push([name!, `${text}\n[tags.fidelity_${out.length}]\n${extra}\n`, true]);
  out.push(["BOM", `\ufeff${text}`, true]);
  // Blank ids beside the other model key: synth-ai's validator counts them as set.
  for (const [section, a, b] of [["model", "source", "base"], ["model", "base", "source"], ["policy", "source", "model_name"], ["policy", "model_name", "source"]] as const) {
    const t = doc[section] as Table | undefined;
    if (t && typeof t[b] === "string" && !(a in t)) out.push([`blank ${section}.${a} beside ${b}`, toml(setAt(doc, [section, a], "   ")), true]);
  }
  // Model ids: Python's strip rules, the catalog (unknown ids refused), no fine-tuned id for SFT.
  for (const [section, key] of [["model", "base"], ["policy", "model_name"], ["job", "model"]] as const) {
    const t = doc[section] as Table | undefined;
    if (!t || typeof t[key] !== "string" || (section === "model" && "source" in t)) continue;
    for (const id of ["\x1fqwen/qwen3-4b\x85", "\ufeffQwen/Qwen3-4B", "meta-llama/Llama-3.1-8B-Instruct", "ft:Qwen/Qwen3-4B:job-1"])
      if (section === "job" || !id.startsWith("ft:")) out.push([`${section}.${key} = ${JSON.stringify(id)}`, toml(setAt(doc, [section, key], id)), true]);
  }
  // Coercion: pydantic's rules where synth-ai types the key, none elsewhere.
  for (const { path, value } of leaves(doc)) {
    const key = path.join(".");
    if (typeof value === "number" && Number.isInteger(value)) out.push([`2e0 ${key}`, toml(setAt(doc, path, "2e0")), false], [`bool ${key}`, toml(setAt(doc, path, true)), false]);
    if (typeof value === "boolean")
      out.push([`padded ${key}`, toml(setAt(doc, path, ` ${value} `)), false], [`t/f ${key}`, toml(setAt(doc, path, value ? "t" : "f")), false], [`0/1 ${key}`, toml(setAt(doc, path, Number(value))), false]);
  }
  if (doc.model && !doc.policy)
    out.push(["legacy [policy] beside [model]", toml({ ...clone(doc), policy: { model: "Qwen/Qwen3-4B", inference_url: "http://localhost:8000", max_tokens: "256", temperature: 1 } }), true]);
  const services = doc.services as Table | undefined;
  if (typeof services?.task_url === "string")
    out.push(["upper-case URL scheme", toml(setAt(doc, ["services", "task_url"], services.task_url.replace(/^https?/i, (s) => s.toUpperCase()))), true]);
  return out;
}

/** Every mutation of one config: each leaf retyped, blanked or removed, model ids swapped, eras mixed. */
function mutate(doc: Table): [string, Table][] {
  const out: [string, Table][] = [];
  for (const { path, value } of leaves(doc)) {
    const key = path.join(".");
    out.push([`drop ${key}`, setAt(doc, path, undefined)]);
    if (typeof value === "number") {
      out.push([`quote ${key}`, setAt(doc, path, String(value))]);
      if (Number.isInteger(value)) out.push([`fraction ${key}`, setAt(doc, path, value + 0.5)]);
      out.push([`zero ${key}`, setAt(doc, path, 0)]);
    }
    if (typeof value === "string") {
      out.push([`blank ${key}`, setAt(doc, path, "  ")]);
      out.push([`pad ${key}`, setAt(doc, path, ` ${value} `)]);
      out.push([`upper ${key}`, setAt(doc, path, value.toUpperCase())]);
      out.push([`number ${key}`, setAt(doc, path, 7)]);
    }
    if (typeof value === "boolean") out.push([`quote ${key}`, setAt(doc, path, String(value))], [`flip ${key}`, setAt(doc, path, !value)]);
  }
  for (const [section, keys] of [["model", ["base", "source"]], ["policy", ["model_name", "source"]], ["job", ["model"]]] as const) {
    const table = doc[section] as Table | undefined;
    if (!table) continue;
    const key = keys.find((k) => typeof table[k] === "string") ?? keys[0];
    for (const id of MODEL_IDS) out.push([`${section}.${key} = ${JSON.stringify(id)}`, setAt(doc, [section, key], id)]);
  }
  if (doc.model && !doc.policy) out.push(["add [policy]", { ...clone(doc), policy: { model_name: "Qwen/Qwen3-8B", trainer_mode: "lora", label: "x" } }]);
  out.push(["tags of every type", { ...clone(doc), tags: { n: 3, b: true, list: [1, "a"], nested: { a: 1 } } }]);
  for (const section of Object.keys(doc)) out.push([`drop [${section}]`, setAt(doc, [section], undefined)]);
  return out;
}

/** The corpus configs synth-ai accepts, and `perFile` sampled mutations of each. */
export function buildDocuments(perFile = 120): Doc[] {
  const corpus = readCorpus();
  if (!corpus) return [];
  const docs: Doc[] = [];
  for (const entry of corpus.entries) {
    if (entry.verdict !== "valid") continue;
    const kind: Kind | undefined = /^rl\b/.test(entry.kind) ? "rl" : /^sft\b/.test(entry.kind) ? "sft" : undefined;
    if (!kind) continue;
    const text = readFileSync(entry.path, "utf8");
    docs.push({ id: `${entry.file}`, kind, toml: text });
    const base = parse(text) as Table;
    for (const [name, toml, mustAgree] of defectMutations(base, text)) docs.push({ id: `${entry.file}: ${name}`, kind, toml, mustAgree });
    const next = random(entry.file.length * 7919);
    const all = mutate(base);
    for (let i = 0; i < Math.min(perFile, all.length); i++) {
      const [name, doc] = all.splice(Math.floor(next() * all.length), 1)[0]!;
      docs.push({ id: `${entry.file}: ${name}`, kind, toml: stringify(doc) });
    }
  }
  return docs;
}

function taskAppVerdict(doc: Doc, dataset: string): Verdict {
  const check = checkConfigText(doc.toml, { kind: doc.kind, file: "config.toml", normalize: false });
  const reasons = [...new Set(check.findings.filter((f) => f.severity === "error").map((f) => f.code))];
  if (!check.ok) return { accept: false, reasons };
  try {
    if (doc.kind === "rl") {
      const { data } = buildRLPayload(check.config as RLConfig, { env: {} }).payload;
      return { accept: true, reasons, model: data.model, base_model: data.base_model, config: JSON.parse(JSON.stringify(data.config)) };
    }
    return { accept: true, reasons, model: buildSFTPayload(check.config as SFTConfig, { dataset, env: {} }).payload.model };
  } catch (error) {
    if (!(error instanceof PayloadError)) throw error;
    return { accept: false, reasons: [`payload:${error.code}`] };
  }
}

/** A copy with every table's keys in order, numbers as JSON has them (4.0 and 4 alike). */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === "object") return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortKeys((value as Table)[k])]));
  return value;
}

export interface FidelityReport {
  total: number;
  agree: number;
  categories: Map<string, string[]>;
}

/** Runs both sides over `docs` and groups the disagreements by category. */
export function runFidelity(python: string, docs: Doc[], scratch: string): FidelityReport {
  const dataset = join(scratch, "train.jsonl");
  writeFileSync(dataset, '{"messages":[{"role":"user","content":"hi"},{"role":"assistant","content":"hello"}]}\n');
  const run = spawnSync(python, [join(here, "../python/synth_oracle.py")], { input: JSON.stringify({ dataset, documents: docs }), encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`synth_oracle.py failed: ${run.stderr}`);
  const oracle = new Map((JSON.parse(run.stdout) as { results: (Verdict & { id: string })[] }).results.map((r) => [r.id, r]));
  const categories = new Map<string, string[]>();
  /** Each corpus file's own category (undefined when it agrees), to tell a mutation's disagreement from its file's. */
  const fileCategory = new Map<string, string | undefined>();
  let agree = 0;
  for (const doc of docs) {
    const ours = taskAppVerdict(doc, dataset);
    const theirs = oracle.get(doc.id)!;
    let category: string | undefined;
    if (ours.accept && !theirs.accept) category = `miss:${theirs.reasons[0]}`;
    else if (!ours.accept && theirs.accept) category = `stricter:${ours.reasons[0]}`;
    else if (ours.accept && (ours.model !== theirs.model || ours.base_model !== theirs.base_model)) category = "payload:model";
    else if (ours.accept && theirs.config !== undefined && !isDeepStrictEqual(sortKeys(ours.config), sortKeys(theirs.config))) category = "payload:config";
    if (!doc.id.includes(": ")) fileCategory.set(doc.id, category);
    if (!category) {
      agree++;
      continue;
    }
    if (doc.mustAgree && category !== fileCategory.get(doc.id.split(": ")[0]!)) category = `defect:${category}`;
    categories.set(category, [...(categories.get(category) ?? []), doc.id]);
  }
  return { total: docs.length, agree, categories };
}

const EXAMPLE = (text: string, extra = "") => `{"messages": [{"role": "user", "content": "${text}"}, {"role": "assistant", "content": "ok"}]${extra}}`;

/** SFT JSONL mutations for Python's reading rules: universal newlines, str.strip(), NaN / Infinity. */
export const JSONL_MUTATIONS: Record<string, string> = {
  "lone CR between examples": `${EXAMPLE("a")}\r${EXAMPLE("b")}\n`,
  "lone CR inside an example": `{"messages": [{"role": "user", "content": "a"},\r{"role": "assistant", "content": "b"}]}\n${EXAMPLE("c")}\n`,
  "CRLF and a trailing CR": `${EXAMPLE("a")}\r\n${EXAMPLE("b")}\r`,
  "Python-only whitespace around lines": `\u00a0${EXAMPLE("a")}\x1f\n\x85${EXAMPLE("b")}\u3000\n\x1c\n`,
  "a U+FEFF line": `${EXAMPLE("a")}\n\ufeff\n`,
  "a BOM": `\ufeff${EXAMPLE("a")}\n`,
  "NaN and Infinity": `${EXAMPLE("a", ', "metadata": {"s": NaN, "m": Infinity, "n": -Infinity}')}\n`,
  "NaN as a role": `{"messages": [{"role": NaN, "content": "a"}]}\n`,
};

/**
 * Runs the JSONL mutations through `validate-jsonl`'s reader and the oracle's
 * restatement of synth-ai's: the lines refused and the examples counted must
 * be the same; each file that differs is a `jsonl:<name>` category, never explained.
 */
export async function runJsonlFidelity(python: string, scratch: string, report: FidelityReport): Promise<void> {
  const paths = Object.keys(JSONL_MUTATIONS).map((_, i) => join(scratch, `mutation-${i}.jsonl`));
  Object.values(JSONL_MUTATIONS).forEach((text, i) => writeFileSync(paths[i]!, text));
  const run = spawnSync(python, [join(here, "../python/synth_oracle.py")], { input: JSON.stringify({ dataset: "", documents: [], jsonl: paths }), encoding: "utf8" });
  if (run.status !== 0) throw new Error(`synth_oracle.py failed: ${run.stderr}`);
  const theirs = (JSON.parse(run.stdout) as { jsonl: { bad: number[]; examples: number }[] }).jsonl.map(({ bad, examples }) => ({ bad, examples }));
  for (const [i, name] of Object.keys(JSONL_MUTATIONS).entries()) {
    const ours = await validateSftJsonl(paths[i]!);
    report.total++;
    if (isDeepStrictEqual({ bad: [...new Set(ours.errors.map((e) => e.line))], examples: ours.examples }, theirs[i])) report.agree++;
    else report.categories.set(`jsonl:${name}`, [`${name}: synth-ai ${JSON.stringify(theirs[i])}, task-app ${JSON.stringify({ bad: ours.errors.map((e) => e.line), examples: ours.examples })}`]);
  }
}

/** The report as lines: totals, then each category with its count, reason (or "UNEXPLAINED") and an example. */
export function formatFidelity(report: FidelityReport): string[] {
  const lines = [`${report.total} configs: ${report.agree} agree, ${report.total - report.agree} disagree`];
  for (const [category, ids] of [...report.categories].sort((a, b) => b[1].length - a[1].length))
    lines.push(`  ${category}: ${ids.length} (${KNOWN_DISAGREEMENTS[category] ?? "UNEXPLAINED"}); e.g. ${ids[0]}`);
  return lines;
}
