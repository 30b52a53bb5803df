/**
 * {{title}}: single-step arithmetic word problems. The policy answers by
 * calling the `submit_answer` tool; a correct answer earns reward 1. Serve it
 * with `task-app serve src/app.ts`.
 */
import {
  createDatasetRegistry,
  createRewardLog,
  defineTaskApp,
  ensureSplit,
  normaliseSeed,
  type RolloutRequest,
  type SessionTracer,
  type TaskInfoInput,
} from "task-app";
import * as arithmeticDataset from "./datasets/arithmetic.js";
import { finishEpisode, loadRubricFile } from "./episode.js";
import { findToolCall, toolCallMessage, type ToolSpec } from "./inference.js";
import { decide, type Decision } from "./policy.js";
import { parseAnswer, scriptedAnswer, type Problem, type Split } from "./problems.js";

/** Datasets the app draws problems from. `task-app add dataset <id>` registers more here. */
export const datasets = createDatasetRegistry();
datasets.register(arithmeticDataset.spec, arithmeticDataset.load);

/** Rubrics every rollout is judged against. `task-app add rubric <name>` adds entries here. */
export const rubrics = {
  outcome: await loadRubricFile("outcome"),
  events: await loadRubricFile("events"),
};

const SUBMIT_ANSWER: ToolSpec = {
  type: "function",
  function: {
    name: "submit_answer",
    description: "Submit the final numeric answer to the word problem.",
    parameters: {
      type: "object",
      properties: { answer: { type: "string", description: "The answer, digits only." } },
      required: ["answer"],
      additionalProperties: false,
    },
  },
};

const SYSTEM_PROMPT = "Solve the arithmetic word problem. Think briefly, then call submit_answer with the number only.";

const baseTaskInfo = {
  task: { id: "{{appId}}", name: "{{title}}", version: "0.1.0", description: "Arithmetic word problems answered by a tool call." },
  environment: "math",
  environments: ["math"],
  action_space: { type: "tool_call", tools: [SUBMIT_ANSWER.function], max_calls: 1 },
  observation: { summary: "A word problem as text.", keys: ["problem", "split", "index"] },
  dataset: { ...arithmeticDataset.spec },
  rubric: { version: "1", criteria_count: rubrics.outcome.rubric?.criteria.length ?? 0, source: "rubrics/outcome.json" },
  inference: { supports_proxy: false, tool: { name: "submit_answer", parallel_tool_calls: false } },
  capabilities: { supports_rollout: true, supports_env_lifecycle: false, requires_api_key_header: true },
  limits: { max_turns: 1, max_ops: 2, max_time_s: 60 },
  task_metadata: {},
} satisfies TaskInfoInput;

/** The problem a request points at: `env.config.split`/`index` if given, else the seed. */
export async function problemForRequest(request: Pick<RolloutRequest, "env">): Promise<Problem> {
  const split = ensureSplit(datasets.describe("arithmetic"), (request.env.config.split as string | undefined) ?? null) as Split;
  const problems = (await datasets.get<Record<Split, Problem[]>>("arithmetic"))[split];
  const index = normaliseSeed((request.env.config.index as number | undefined) ?? request.env.seed ?? 0, problems.length);
  return problems[index] as Problem;
}

/** Asks the policy (the inference server, else the scripted solver) and records the call in the trace. */
async function answer(request: RolloutRequest, problem: Problem, tracer: SessionTracer, signal: AbortSignal): Promise<Decision> {
  const config = request.policy.config;
  const body = {
    model: config.model ?? "gpt-4o-mini",
    messages: [
      { role: "system" as const, content: SYSTEM_PROMPT },
      { role: "user" as const, content: problem.question },
    ],
    ...(config.use_tools === false ? {} : { tools: [SUBMIT_ANSWER], tool_choice: "required" as const }),
    ...(config.temperature !== undefined ? { temperature: config.temperature } : {}),
    ...(config.max_tokens !== undefined ? { max_tokens: config.max_tokens } : {}),
  };
  return decide(tracer, config, body, () => toolCallMessage("submit_answer", { answer: String(scriptedAnswer(problem)) }), signal);
}

export default defineTaskApp({
  appId: "{{appId}}",
  name: "{{title}}",
  description: "Single-step arithmetic word problems answered through a submit_answer tool call.",
  baseTaskInfo,
  datasets,
  rubrics: { outcome: rubrics.outcome.rubric, events: rubrics.events.rubric },
  provideTaskInstances: async (seeds) =>
    Promise.all(
      seeds.map(async (seed) => {
        const problem = await problemForRequest({ env: { config: {}, seed } });
        return {
          ...baseTaskInfo,
          dataset: { ...baseTaskInfo.dataset, seed, split: problem.split, index: problem.index },
          observation: { ...baseTaskInfo.observation, problem: problem.question },
        };
      }),
    ),
  rollout: async (request, { signal, tracer }) => {
    const problem = await problemForRequest(request);
    const obs = { problem: problem.question, split: problem.split, index: problem.index };
    // One turn: the policy's answer is an LM call, checking it is the environment step.
    tracer.startTurn();
    const { message, eventId } = await answer(request, problem, tracer, signal);
    const call = findToolCall(message, "submit_answer");
    const given = parseAnswer(call?.args.answer);
    const correct = given === problem.answer;
    tracer.recordEnvironmentEvent({
      reward: correct ? 1 : 0,
      terminated: true,
      stateBefore: obs,
      stateAfter: { ...obs, given_answer: given ?? null, correct },
    });
    tracer.recordMessage({ type: "tool_result", json: { correct }, metadata: { tool_call_id: call?.id ?? null } });
    tracer.finishTurn();
    const rewards = createRewardLog();
    rewards.recordStepReward({ turn: 0, value: correct ? 1 : 0 });
    return finishEpisode({
      request,
      tracer,
      steps: [
        {
          obs,
          tool_calls: message.tool_calls?.map((c) => ({ tool: c.function.name, args: call?.id === c.id ? call.args : {} })) ?? [],
          reward: correct ? 1 : 0,
          done: true,
          info: { correct, expected_answer: problem.answer, given_answer: given ?? null },
        },
      ],
      rewards,
      outcome: { correct_answer: correct ? 1 : 0, used_tool: call ? 1 : 0 },
      events: [
        { criterion_id: "tool_call", score: call ? 1 : 0, turn: 0, eventId },
        { criterion_id: "numeric_answer", score: given === undefined ? 0 : 1, turn: 0, eventId },
      ],
      rubrics,
      final: { ...obs, status: correct ? "correct" : "incorrect" },
      ...(request.policy.config.inference_url ? { inferenceUrl: request.policy.config.inference_url } : {}),
      details: { correct, expected_answer: problem.answer, given_answer: given ?? null },
    });
  },
});
