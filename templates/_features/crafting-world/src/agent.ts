/**
 * One crafting episode: each turn the policy sees the world and calls the
 * `interact` tool with a few actions. A turn's reward is the number of
 * achievements it unlocked (its achievement delta), so an episode's return is
 * its count of unique achievements.
 *
 * The trace (`ctx.tracer`) gets one turn per decision: the policy's call as an
 * LM call, the actions' effect as an environment event with the state before
 * and after, and each new achievement as an event reward on that step.
 */
import {
  createRewardLog,
  ensureSplit,
  normaliseSeed,
  type RolloutRequest,
  type RolloutResponse,
  type RolloutStep,
  type SessionTracer,
  type TaskDatasetRegistry,
} from "task-app";
import { finishEpisode, type JudgeRubric, type JudgedEvent } from "./episode.js";
import { findToolCall, toolCallMessage, type ChatMessage, type ToolSpec } from "./inference.js";
import { decide } from "./policy.js";
import { planActions } from "./planner.js";
import { ACHIEVEMENTS, ACTIONS, createWorld, step, type Action, type WorldState } from "./world.js";
import type { SPLITS } from "./datasets/worlds.js";

/** The tool the policy acts through. */
export const INTERACT_TOOL: ToolSpec = {
  type: "function",
  function: {
    name: "interact",
    description: "Take 1-5 actions in the crafting world, in order.",
    parameters: {
      type: "object",
      properties: {
        actions: { type: "array", items: { type: "string", enum: [...ACTIONS] }, minItems: 1, maxItems: 5 },
        reasoning: { type: "string", description: "One short sentence on why." },
      },
      required: ["actions"],
      additionalProperties: false,
    },
  },
};

/** The system prompt both templates send. */
export const SYSTEM_PROMPT = [
  "You play a small crafting game on an 8x8 grid. Unlock as many achievements as you can:",
  ACHIEVEMENTS.join(", ") + ".",
  "Moving into a blocked tile only turns you. `do` acts on the tile you face: trees give wood, water gives drink,",
  "stone needs a wood pickaxe, iron needs a stone pickaxe. place_table costs 2 wood; pickaxes need a table next to you",
  "(wood pickaxe: 1 wood; stone pickaxe: 1 wood + 1 stone). Answer by calling interact.",
].join(" ");

/** The map a request points at: `env.config.split`/`index` if given, else the seed. */
export async function worldForRequest(datasets: TaskDatasetRegistry, request: Pick<RolloutRequest, "env">): Promise<WorldState> {
  const split = ensureSplit(datasets.describe("worlds"), (request.env.config.split as string | undefined) ?? null) as keyof typeof SPLITS;
  const range = (await datasets.get<typeof SPLITS>("worlds"))[split];
  const index = normaliseSeed((request.env.config.index as number | undefined) ?? request.env.seed ?? 0, range.size);
  return createWorld(range.offset + index);
}

/** Options of {@link runCraftingEpisode}. */
export interface EpisodeOptions {
  world: WorldState;
  rubrics: Record<string, JudgeRubric>;
  signal: AbortSignal;
  /** The rollout's tracer (`ctx.tracer`). */
  tracer: SessionTracer;
  /** The user message for this turn (text, or images for a vision policy). */
  observe: (state: WorldState, turn: number) => ChatMessage;
  /** What the trajectory records as this turn's observation. */
  record: (state: WorldState) => Record<string, unknown>;
}

function isAction(value: unknown): value is Action {
  return typeof value === "string" && (ACTIONS as readonly string[]).includes(value);
}

/** Runs one episode and builds its RolloutResponse. */
export async function runCraftingEpisode(request: RolloutRequest, options: EpisodeOptions): Promise<RolloutResponse> {
  const { world, signal, tracer } = options;
  const config = request.policy.config;
  const envConfig = request.env.config as { max_turns?: number; step_rewards?: { enabled?: boolean; mode?: string; indicator_lambda?: number } };
  const maxTurns = envConfig.max_turns ?? config.max_llm_calls ?? 10;
  const stepwise = envConfig.step_rewards?.enabled !== false && envConfig.step_rewards?.mode !== "off" && envConfig.step_rewards?.mode !== "env_sparse";
  const lambda = envConfig.step_rewards?.indicator_lambda ?? 1;
  const rewards = createRewardLog();
  const steps: RolloutStep[] = [];
  const events: JudgedEvent[] = [];
  let validActions = 0;
  let totalActions = 0;

  for (let turn = 0; turn < maxTurns && !signal.aborted; turn++) {
    const obs = options.record(world);
    tracer.startTurn();
    const { message, eventId } = await decide(
      tracer,
      config,
      {
        model: config.model ?? "gpt-4o-mini",
        messages: [{ role: "system", content: SYSTEM_PROMPT }, options.observe(world, turn)],
        ...(config.use_tools === false ? {} : { tools: [INTERACT_TOOL], tool_choice: "required" as const }),
        ...(config.temperature !== undefined ? { temperature: config.temperature } : {}),
        ...(config.max_tokens !== undefined ? { max_tokens: config.max_tokens } : {}),
        ...(config.thinking_mode !== undefined ? { thinking_mode: config.thinking_mode } : {}),
        ...(config.thinking_budget !== undefined ? { thinking_budget: config.thinking_budget } : {}),
      },
      () => toolCallMessage("interact", { actions: planActions(world) }),
      signal,
    );
    const call = findToolCall(message, "interact");
    const requested = Array.isArray(call?.args.actions) ? call.args.actions.slice(0, 5) : [];
    const before = world.achievements.length;
    const inventoryBefore = { ...world.inventory };
    const results = requested.map((a) => (isAction(a) ? step(world, a) : { unlocked: [], valid: false }));
    const unlocked = world.achievements.slice(before);
    const delta = unlocked.length;
    const reward = stepwise ? lambda * delta : 0;
    if (stepwise) rewards.recordStepReward({ turn, value: reward });
    validActions += results.filter((r) => r.valid).length;
    totalActions += Math.max(requested.length, 1);
    events.push(
      { criterion_id: "progress", score: delta > 0 ? 1 : 0, turn, eventId },
      { criterion_id: "valid_actions", score: requested.length ? results.filter((r) => r.valid).length / requested.length : 0, turn, eventId },
    );
    const done = world.achievements.length === ACHIEVEMENTS.length;
    // A sparse episode pays everything on its last step (see below); the trace records the same.
    const last = done || turn === maxTurns - 1;
    const stepId = tracer.recordEnvironmentEvent({
      reward: stepwise || !last ? reward : lambda * world.achievements.length,
      terminated: done,
      truncated: !done && turn === maxTurns - 1,
      stateBefore: { achievements: world.achievements.slice(0, before), inventory: inventoryBefore },
      stateAfter: { achievements: [...world.achievements], inventory: { ...world.inventory } },
      metadata: { actions: requested },
    });
    tracer.recordMessage({ type: "tool_result", json: { valid: results.map((r) => r.valid), unlocked }, metadata: { tool_call_id: call?.id ?? null } });
    for (const achievement of unlocked) {
      tracer.recordEventReward({
        eventId: stepId,
        rewardValue: lambda,
        rewardType: "unique_achievement_delta",
        source: "environment",
        key: achievement,
        annotation: { new_unique: unlocked },
      });
    }
    tracer.finishTurn();
    steps.push({
      obs,
      tool_calls: call ? [{ tool: "interact", args: call.args }] : [],
      reward,
      done,
      info: { unlocked, achievements: [...world.achievements], achievement_delta: delta },
    });
    if (done) break;
  }
  if (!stepwise) {
    const lastTurn = Math.max(steps.length - 1, 0);
    rewards.recordStepReward({ turn: lastTurn, value: lambda * world.achievements.length });
    const last = steps.at(-1);
    if (last) last.reward = lambda * world.achievements.length;
  }
  const unique = world.achievements.length;
  return finishEpisode({
    request,
    tracer,
    steps,
    rewards,
    outcome: {
      achievements: unique / ACHIEVEMENTS.length,
      crafted_tool: world.inventory.wood_pickaxe + world.inventory.stone_pickaxe > 0 ? 1 : 0,
    },
    events,
    rubrics: options.rubrics,
    achievements: world.achievements,
    final: { ...options.record(world), achievements: [...world.achievements] },
    ...(config.inference_url ? { inferenceUrl: config.inference_url } : {}),
    details: {
      achievements: [...world.achievements],
      unique_achievements: unique,
      valid_action_rate: totalActions ? validActions / totalActions : 0,
      aborted: signal.aborted,
    },
  });
}
