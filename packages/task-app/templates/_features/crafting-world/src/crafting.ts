/**
 * The crafting world as an environment declaration: the `interact` tool, its
 * rewards (each turn's new achievements, or the count at the end when step
 * rewards are off), the judges' scores and the task info. src/app.ts spreads
 * it into `defineEnvironment` with how the policy sees the world (text, or
 * images) and what the trajectory keeps.
 */
import { normaliseSeed, z, type EnvironmentDefinition, type Observation, type PolicyConfig, type TaskInfoInput } from "task-app/env";
import * as worlds from "./datasets/worlds.js";
import { planActions } from "./planner.js";
import { ACHIEVEMENTS, ACTIONS, createWorld, step, type WorldState } from "./world.js";

/** An episode: the world, and what the app's view keeps (past frames, vision settings). */
export interface CraftingState<View> {
  world: WorldState;
  view: View;
}

/** How an app shows the world: the view a rollout starts with, the observation, what a step records. */
export interface CraftingView<View> {
  view: (policy: PolicyConfig, world: WorldState) => View;
  /** The view after the world changed (a new frame, say). */
  advance?: (view: View, world: WorldState) => View;
  observe: (state: CraftingState<View>) => Observation;
  record: (state: CraftingState<View>) => Record<string, unknown>;
  /** Finished turns kept in each request (default all). */
  historyTurns?: number;
}

const SYSTEM_PROMPT = [
  "You play a small crafting game on an 8x8 grid. Unlock as many achievements as you can:",
  ACHIEVEMENTS.join(", ") + ".",
  "Moving into a blocked tile only turns you. `do` acts on the tile you face: trees give wood, water gives drink,",
  "stone needs a wood pickaxe, iron needs a stone pickaxe. place_table costs 2 wood; pickaxes need a table next to you",
  "(wood pickaxe: 1 wood; stone pickaxe: 1 wood + 1 stone). Answer by calling interact.",
].join(" ");

/** What every crafting app's /task_info says; an app adds its task and observation. */
export const craftingTaskInfo = {
  environment: "crafting",
  environments: ["crafting"],
  dataset: { ...worlds.spec },
  limits: { max_turns: 10, max_time_s: 600 },
  task_metadata: { achievements: [...ACHIEVEMENTS] },
} satisfies Partial<TaskInfoInput>;

const config = z.object({
  split: z.enum(["train", "test"]).default("train"),
  index: z.number().int().nonnegative().optional(),
  max_turns: z.number().int().positive().max(1000).optional(),
  step_rewards: z.object({ enabled: z.boolean().optional(), mode: z.string().optional(), indicator_lambda: z.number().optional() }).optional(),
});

/** Whether a turn pays its achievement delta (else the episode pays its count on its last step), and the payment per achievement. */
function rewardRule(c: z.output<typeof config>) {
  const { enabled, mode, indicator_lambda } = c.step_rewards ?? {};
  return { stepwise: enabled !== false && mode !== "off" && mode !== "env_sparse", lambda: indicator_lambda ?? 1 };
}

const interact = z.object({ actions: z.array(z.enum(ACTIONS)).min(1).max(5), reasoning: z.string().optional().describe("One short sentence on why.") });

/** The crafting world seen through `app`: everything `defineEnvironment` takes but the app's names and task info. */
export function craftingWorld<View>(app: CraftingView<View>): Omit<EnvironmentDefinition<CraftingState<View>, typeof config, { interact: typeof interact }, typeof worlds.SPLITS>, "appId" | "name"> {
  return {
    dataset: worlds,
    config,
    system: SYSTEM_PROMPT,
    reset: ({ seed, config, data, policy }): CraftingState<View> => {
      const range = data[config.split];
      const world = createWorld(range.offset + normaliseSeed(config.index ?? seed, range.size));
      return { world, view: app.view(policy, world) };
    },
    observe: app.observe,
    tools: {
      interact: {
        description: "Take 1-5 actions in the crafting world, in order.",
        args: interact,
        run: ({ actions }, state, ctx) => {
          const world = structuredClone(state.world);
          const results = actions.map((a) => step(world, a));
          const unlocked = world.achievements.slice(state.world.achievements.length);
          const done = world.achievements.length === ACHIEVEMENTS.length;
          const { stepwise, lambda } = rewardRule(ctx.config);
          const reward = stepwise ? lambda * unlocked.length : done || ctx.lastTurn ? lambda * world.achievements.length : 0;
          return {
            state: { world, view: app.advance ? app.advance(state.view, world) : state.view },
            result: { valid: results.map((r) => r.valid), unlocked },
            reward,
            done,
            info: { unlocked, achievements: [...world.achievements], achievement_delta: unlocked.length },
            eventRewards: unlocked.map((key) => ({ key, value: lambda, type: "unique_achievement_delta" })),
          };
        },
      },
    },
    maxTurns: (config, policy) => config.max_turns ?? policy.max_llm_calls ?? 10,
    ...(app.historyTurns === undefined ? {} : { historyTurns: app.historyTurns }),
    scripted: ({ world }) => ({ tool: "interact", args: { actions: planActions(world) } }),
    scoreTurn: (turn) => {
      const results = turn.calls.flatMap((c) => (c.ok ? (c.result as { valid: boolean[] }).valid : []));
      const progress = turn.after.world.achievements.length > turn.before.world.achievements.length;
      return { progress: progress ? 1 : 0, valid_actions: results.length ? results.filter(Boolean).length / results.length : 0 };
    },
    outcome: ({ world }) => ({
      achievements: world.achievements.length / ACHIEVEMENTS.length,
      crafted_tool: world.inventory.wood_pickaxe + world.inventory.stone_pickaxe > 0 ? 1 : 0,
    }),
    details: ({ world }, episode) => {
      const results = episode.turns.flatMap((t) => t.calls.flatMap((c) => (c.ok ? (c.result as { valid: boolean[] }).valid : [])));
      return { achievements: [...world.achievements], unique_achievements: world.achievements.length, valid_action_rate: results.length ? results.filter(Boolean).length / results.length : 0 };
    },
    achievements: ({ world }) => world.achievements,
    rubrics: new URL("../rubrics/", import.meta.url),
    record: app.record,
    taskInfo: craftingTaskInfo,
  };
}
