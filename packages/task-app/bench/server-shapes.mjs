/**
 * The rollout responses `bench:server` serves, built once per process:
 * "1kb" (a short episode), "150kb" (2 trajectories x 200 steps with tool
 * calls, rewards and info, what a multi-turn agent returns) and "image"
 * (64 steps, each observation carrying a ~20 KB PNG data URL of its own, as
 * the frames of a real episode differ). Deterministic, so every server sends
 * the same bytes.
 */
export const SIZES = ["1kb", "150kb", "image"];

/** A small seeded generator (mulberry32), so the shapes do not change between runs. */
function createRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ACTIONS = ["move_left", "move_right", "move_up", "move_down", "do", "sleep", "place_stone", "make_wood_pickaxe"];
const ITEMS = ["wood", "stone", "coal", "iron", "sapling", "drink", "food"];

function stepOf(random, t, last, imageOf) {
  const image = imageOf?.();
  const action = ACTIONS[Math.floor(random() * ACTIONS.length)];
  const inventory = Object.fromEntries(ITEMS.map((item) => [item, Math.floor(random() * 9)]));
  const obs = image
    ? { turn: t, image_url: image, text: `Turn ${t}: you see the map above.` }
    : { turn: t, text: `Turn ${t}: you face ${ITEMS[t % ITEMS.length]} to the ${t % 2 ? "north" : "east"}; health ${(random() * 9).toFixed(0)}/9.`, inventory };
  return {
    obs,
    tool_calls: [{ id: `call_${t}_${Math.floor(random() * 1e9).toString(36)}`, type: "function", function: { name: "interact", arguments: JSON.stringify({ actions: [action, ACTIONS[t % ACTIONS.length]] }) } }],
    reward: Math.round(random() * 100) / 100,
    done: last,
    info: { achievements_delta: random() < 0.1 ? ["collect_wood"] : [], latency_ms: Math.round(random() * 900), meta: { model: "Qwen/Qwen3-4B" } },
  };
}

function trajectoryOf(random, index, steps, imageOf) {
  return {
    env_id: `crafter-${index}`,
    policy_id: "policy-qwen",
    steps: Array.from({ length: steps }, (_, t) => stepOf(random, t, t === steps - 1, imageOf)),
    final: { achievements: ["collect_wood", "place_table"], total_reward: 3 },
    length: steps,
    inference_url: "http://127.0.0.1:8000/v1?cid=trace_bench",
  };
}

/** A fake PNG: a real signature and IHDR, then random (incompressible) bytes, as a data URL of about `bytes` * 4/3 characters. */
function pngDataUrl(random, bytes) {
  const body = Buffer.alloc(bytes);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(body);
  for (let i = 8; i < bytes; i++) body[i] = Math.floor(random() * 256);
  return `data:image/png;base64,${body.toString("base64")}`;
}

/** The executor's result for `size` (without its run id). */
export function buildResponse(size) {
  const random = createRandom(7);
  const trajectories =
    size === "1kb"
      ? [trajectoryOf(random, 0, 1, null)]
      : size === "150kb"
        ? [trajectoryOf(random, 0, 200, null), trajectoryOf(random, 1, 200, null)]
        : [trajectoryOf(random, 0, 64, () => pngDataUrl(random, 15_000))];
  const returns = trajectories.map((t) => t.steps.reduce((sum, s) => sum + s.reward, 0));
  return {
    trajectories,
    metrics: { episode_returns: returns, mean_return: returns.reduce((a, b) => a + b, 0) / returns.length, num_steps: trajectories.reduce((n, t) => n + t.length, 0), num_episodes: trajectories.length, outcome_score: 0.5, details: { achievements: 2 } },
    pipeline_metadata: { inference_url: "http://127.0.0.1:8000/v1" },
  };
}

/** The request `bench:server` sends for `size`. */
export function requestBody(size) {
  return JSON.stringify({ run_id: "bench", env: { env_name: "crafter", seed: 7, config: { split: "train", size } }, policy: { policy_name: "bench", config: { model: "Qwen/Qwen3-4B", temperature: 0 } }, ops: ["agent", "env"] });
}
