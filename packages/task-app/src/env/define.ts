/**
 * `defineEnvironment`: a task app from a declared environment. The user
 * writes the dataset, `reset`, `observe`, the system prompt, typed tools and
 * the scores; the library runs the agent loop (loop.ts), judges the episode
 * (judge.ts), traces it, and serves it through `defineTaskApp` on both of
 * synth-ai's wires. `/task_info` is built from the declaration: the tools'
 * JSON Schemas, the dataset, the rubric, the limits.
 */
import { z } from "../zod.js";
import { createDatasetRegistry } from "../runtime/datasets.js";
import { defineTaskApp } from "../runtime/define.js";
import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { readRubricBundleFile, RubricError } from "../runtime/rubrics.js";
import { compareCodeUnits } from "../text/compare.js";
import type { RolloutRequest } from "../schemas/rollout.js";
import type { TaskApp } from "../schemas/task-app.js";
import type { TaskInfoInput } from "../schemas/task-info.js";
import { RolloutRequestError } from "../runtime/request-error.js";
import type { ToolSpec } from "./chat.js";
import { finishEpisode, type JudgeRubric } from "./judge.js";
import { registerEpisodeStarter } from "./episodes.js";
import { runEpisode, type AnyEnvironment } from "./loop.js";
import { recordState } from "./observation.js";
import { renderToolSpecs } from "./tools.js";
import type { EnvironmentDefinition, Schema } from "./types.js";

/** A task app made by `defineEnvironment`, with the declaration it was made from. */
export type EnvironmentApp = TaskApp & { readonly environment: AnyEnvironment };

const ANY_CONFIG = z.record(z.string(), z.unknown());

/**
 * Declares an environment and returns its task app (serve it with
 * `task-app serve src/app.ts`). Every type flows from the declaration: the
 * state from `reset` into `observe`, the tools' `run` and the scores; each
 * tool's arguments from its Zod schema; `env.config` from `config`.
 */
export function defineEnvironment<State, Config extends Schema = typeof ANY_CONFIG, Tools extends Record<string, Schema> = Record<string, Schema>, Data = undefined>(
  definition: EnvironmentDefinition<State, Config, Tools, Data>,
): EnvironmentApp {
  const env = definition as unknown as AnyEnvironment;
  const configSchema = env.config ?? ANY_CONFIG;
  const specs = renderToolSpecs(env.tools);
  const rubrics = loadRubrics(env.rubrics ?? {});
  const datasets = createDatasetRegistry();
  for (const dataset of [...(env.dataset ? [env.dataset] : []), ...(env.datasets ?? [])]) datasets.register(dataset.spec, dataset.load as () => unknown);
  const data = async () => (env.dataset ? datasets.get(env.dataset.spec.id) : undefined);
  const record = (state: unknown) => recordState(env, state);
  const baseTaskInfo = renderTaskInfo(env, specs, rubrics);
  const start = async (request: Pick<RolloutRequest, "env" | "policy">) => {
    const config = readConfig(configSchema, request.env.config);
    const state: unknown = await env.reset({ seed: request.env.seed ?? 0, config, data: await data(), datasets, policy: request.policy.config });
    return { config, state };
  };
  registerEpisodeStarter(env, { start: (seed, config) => start({ env: { seed, config }, policy: { config: {} } } as never), record });
  return defineTaskApp({
    appId: env.appId,
    name: env.name,
    description: env.description ?? "",
    baseTaskInfo,
    datasets,
    rubrics: Object.fromEntries(Object.entries(rubrics).map(([name, r]) => [name, r.rubric])),
    provideTaskInstances: (seeds) =>
      Promise.all(
        seeds.map(async (seed) => {
          const { state } = await start({ env: { seed, config: {} }, policy: { config: {} } } as never);
          return { ...baseTaskInfo, dataset: { ...baseTaskInfo.dataset, seed }, observation: { ...baseTaskInfo.observation, ...record(state) } };
        }),
      ),
    rollout: async (request, { signal, tracer }) => {
      const { config, state } = await start(request);
      const run = await runEpisode(env, state, { request, config, tracer, signal, specs });
      const episode = { turns: run.turns, return: run.episodeReturn };
      const policy = request.policy.config;
      return finishEpisode({
        request,
        tracer,
        steps: run.steps,
        episodeReturn: run.episodeReturn,
        outcome: env.outcome?.(run.state, episode) ?? {},
        turns: run.judged,
        rubrics,
        final: record(run.state),
        details: { ...env.details?.(run.state, episode), ...(run.usage ? { usage: run.usage } : {}), ...(signal.aborted ? { aborted: true } : {}) },
        ...(env.achievements ? { achievements: env.achievements(run.state) } : {}),
        ...(policy.inference_url ? { inferenceUrl: policy.inference_url } : {}),
      });
    },
    environment: env,
  }) as EnvironmentApp;
}

/** `env.config` read with the environment's schema; a refusal is a 422 naming each key. */
function readConfig(schema: Schema, value: unknown): unknown {
  const parsed = z.safeParse(schema, value ?? {});
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => ({ path: ["env", "config", ...i.path].map(String).join("."), message: i.message }));
  throw new RolloutRequestError(`env.config is invalid: ${issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`, issues);
}

/** Rubric files by name, or a folder whose every `.json` / `.toml` / `.yaml` / `.yml` file is a rubric named by its base name. */
function loadRubrics(source: Record<string, string | URL> | string | URL): Record<string, JudgeRubric> {
  if (typeof source === "object" && !(source instanceof URL)) return Object.fromEntries(Object.entries(source).map(([name, file]) => [name, readRubricBundleFile(file)]));
  const dir = source instanceof URL ? fileURLToPath(source) : resolve(source);
  let names: string[];
  try {
    names = readdirSync(dir).filter((f) => RUBRIC_FILE.test(f)).sort(compareCodeUnits);
  } catch (error) {
    throw new RubricError(`${dir}: cannot read the rubrics folder (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  return Object.fromEntries(names.map((f) => [f.replace(RUBRIC_FILE, ""), readRubricBundleFile(join(dir, f))]));
}

const RUBRIC_FILE = /\.(json|toml|ya?ml)$/i;

function renderTaskInfo(env: AnyEnvironment, specs: ToolSpec[], rubrics: Record<string, JudgeRubric>): TaskInfoInput {
  const maxTurns = typeof env.maxTurns === "number" ? env.maxTurns : 10;
  const toolNames = specs.map((s) => s.function.name);
  const info: TaskInfoInput = {
    task: { id: env.appId, name: env.name, version: "0.1.0", description: env.description ?? "" },
    environment: env.appId,
    environments: [env.appId],
    action_space: { type: "tool_call", tools: specs.map((s) => s.function), max_calls: env.parallelToolCalls ? undefined : maxTurns },
    observation: { summary: "The observation as the policy reads it.", keys: ["observation"] },
    dataset: env.dataset ? { ...env.dataset.spec } : { id: env.appId, name: env.name },
    rubric: { version: "1", criteria_count: rubrics.outcome?.rubric?.criteria.length ?? 0 },
    inference: { supports_proxy: false, ...(toolNames.length === 1 ? { tool: { name: toolNames[0], parallel_tool_calls: env.parallelToolCalls === true } } : {}) },
    capabilities: { supports_rollout: true, supports_env_lifecycle: true, requires_api_key_header: true },
    limits: { max_turns: maxTurns, max_time_s: env.maxTimeS ?? 600 },
    task_metadata: {},
  };
  return { ...info, ...env.taskInfo } as TaskInfoInput;
}
