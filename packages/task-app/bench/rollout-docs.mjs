/**
 * Rollout documents for bench/validation.mjs, deterministic (a seeded
 * generator), complete (every defaulted key present, so the output-side
 * schema of the OpenAPI document accepts them too) and shaped like what a
 * task app sends: crafter-like steps with a text observation, an inventory,
 * one tool call with JSON arguments, a reward and an info block, or steps
 * whose observation is a PNG data URL.
 */

/** A small linear congruential generator, so every run builds the same bytes. */
function createRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const ACTIONS = ["move_up", "move_down", "move_left", "move_right", "do", "sleep", "place_stone", "make_wood_pickaxe"];
const WORDS = "grass tree stone water sand table cow zombie wood sapling coal iron north south east west near far".split(" ");

function sentence(random, words) {
  return Array.from({ length: words }, () => WORDS[Math.floor(random() * WORDS.length)]).join(" ");
}

/** A PNG data URL of about `bytes` characters (a real PNG signature, then noise). */
function pngDataUrl(random, bytes) {
  const raw = Buffer.alloc(Math.floor((bytes * 3) / 4));
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(raw);
  for (let i = 8; i < raw.length; i++) raw[i] = Math.floor(random() * 256);
  return `data:image/png;base64,${raw.toString("base64")}`;
}

function textStep(random, t, last) {
  const action = ACTIONS[Math.floor(random() * ACTIONS.length)];
  return {
    obs: {
      text: `You see ${sentence(random, 6)}.`,
      inventory: { health: 9, food: 7, wood: t % 5 },
      achievements: t % 20 === 0 ? ["collect_wood"] : [],
      position: [Math.floor(random() * 64), Math.floor(random() * 64)],
    },
    tool_calls: [
      {
        id: `call_${t.toString(36)}${Math.floor(random() * 1e6)}`,
        type: "function",
        function: { name: "interact", arguments: JSON.stringify({ actions: [action], reasoning: sentence(random, 3) }) },
      },
    ],
    reward: t % 20 === 0 ? 1 : Math.round(random() * 100) / 1000,
    done: last,
    truncated: false,
    info: { meta: { inference_url: "http://127.0.0.1:8000/v1?cid=t1" } },
  };
}

function imageStep(random, t, last, imageBytes) {
  return {
    obs: { observation_image_data_url: pngDataUrl(random, imageBytes), text: `step ${t}` },
    tool_calls: [{ id: `call_${t}`, type: "function", function: { name: "interact", arguments: '{"actions":["do"]}' } }],
    reward: 0,
    done: last,
    truncated: false,
    info: { meta: { inference_url: "http://127.0.0.1:8000/v1?cid=trace_img" } },
  };
}

/** A RolloutResponse of `trajectories` x `steps` steps, text steps or image steps. */
export function createResponse({ trajectories, steps, imageBytes = 0, seed = 1 }) {
  const random = createRandom(seed);
  const trajs = Array.from({ length: trajectories }, (_, i) => ({
    env_id: `crafter-${i}`,
    policy_id: "crafter-react",
    steps: Array.from({ length: steps }, (_, t) => (imageBytes ? imageStep(random, t, t === steps - 1, imageBytes) : textStep(random, t, t === steps - 1))),
    final: { achievements: ["collect_wood", "place_table"] },
    length: steps,
    inference_url: "http://127.0.0.1:8000/v1?cid=trace_abc123",
  }));
  const returns = trajs.map((tr) => tr.steps.reduce((a, s) => a + s.reward, 0));
  return {
    run_id: "run-bench-0001",
    trajectories: trajs,
    branches: {},
    metrics: {
      episode_returns: returns,
      mean_return: returns.reduce((a, b) => a + b, 0) / returns.length,
      num_steps: trajectories * steps,
      num_episodes: trajectories,
      outcome_score: 0.5,
      events_score: null,
      details: { collect_wood: 1, place_table: 0.5 },
    },
    aborted: false,
    ops_executed: trajectories * steps * 2,
    trace: null,
    trace_correlation_id: "trace_abc123",
    pipeline_metadata: { inference_url: "http://127.0.0.1:8000/v1?cid=trace_abc123" },
  };
}

/** A RolloutRequest; `configRows` rows of task data in env.config make it as large as wanted. */
export function createRequest({ configRows = 0, seed = 2 }) {
  const random = createRandom(seed);
  return {
    run_id: "run-bench-0001",
    env: {
      env_name: "crafter",
      seed: 42,
      config: { split: "train", index: 3, difficulty: "easy", rows: Array.from({ length: configRows }, (_, i) => ({ id: i, prompt: sentence(random, 12), answer: sentence(random, 3) })) },
    },
    policy: {
      policy_name: "crafter-react",
      config: { inference_url: "http://127.0.0.1:8000/v1", model: "Qwen/Qwen3-4B", temperature: 0.7, top_p: 0.95, max_tokens: 512, use_tools: true, thinking_mode: "no_think", custom_key: "kept" },
    },
    ops: ["agent", "env", "agent", "env"],
    record: { trajectories: true, logprobs: false, value: false, return_trace: false, trace_format: "compact" },
    on_done: "reset",
    safety: { max_ops: 100000, max_time_s: 3600 },
    training_session_id: "ts-1",
    synth_base_url: null,
    mode: "rl",
  };
}
