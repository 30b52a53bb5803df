/**
 * A small GRPO-style driver against the scaffolded math, multi-step and vision apps
 * served by `task-app serve`: 8 WebSocket sessions at once over
 * `/openenv/ws`, 20 episodes each, every action chosen by the environment's
 * own `scripted` function (the rule `/rollout` follows without an inference
 * server). The policy reads the state it needs from a shadow of the episode
 * kept by the driver, checked against every observation the server sends.
 * Per seed, the rewards the trainer collects equal those of `/rollout` with
 * the scripted policy, step by step.
 */
import assert from "node:assert/strict";
import { once } from "node:events";
import { mkdir, mkdtemp, rm, symlink } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";
import WebSocket from "ws";
import { findEpisodeStarter } from "../src/env/episodes.js";
import { z } from "../src/zod.js";
import type { AnyEnvironment } from "../src/env/loop.js";
import { createTaskApp } from "../src/scaffold/create.js";
import { packageRoot } from "../src/scaffold/paths.js";
import { loadTaskAppModule } from "../src/server/load.js";
import { postRollout, startServe } from "./helpers/serve-process.js";

const KEY = "d".repeat(32);
const SESSIONS = 8;
const EPISODES = 20;

const root = await mkdtemp(path.join(os.tmpdir(), "openenv-driver-"));
after(() => rm(root, { recursive: true, force: true }));

/** One WebSocket session: each `ask` sends a message and resolves with its reply (replies come in order). */
async function openSession(url: string): Promise<{ ask: (message: unknown) => Promise<any>; close: () => void }> {
  const ws = new WebSocket(`${url.replace("http", "ws")}/openenv/ws`, { headers: { "x-api-key": KEY } });
  const waiting: ((reply: any) => void)[] = [];
  ws.on("message", (raw) => waiting.shift()?.(JSON.parse(String(raw))));
  await once(ws, "open");
  return {
    ask: (message) =>
      new Promise((resolve) => {
        waiting.push(resolve);
        ws.send(JSON.stringify(message));
      }),
    close: () => ws.close(),
  };
}

/**
 * Runs one episode at `seed`: reset, then the scripted move for the shadow
 * state until done. Returns the rewards of its steps.
 */
async function runEpisode(session: Awaited<ReturnType<typeof openSession>>, env: AnyEnvironment, seed: number): Promise<number[]> {
  const reset = await session.ask({ type: "reset", data: { seed } });
  assert.equal(reset.type, "observation", JSON.stringify(reset));
  let { config, state } = await findEpisodeStarter(env)!.start(seed, {});
  assert.deepEqual(reset.data.observation.observation, env.observe(state), "the shadow starts where the server does");
  const rewards: number[] = [];
  const maxTurns = typeof env.maxTurns === "function" ? env.maxTurns(config, {}) : (env.maxTurns ?? 10);
  for (let turn = 0; ; turn++) {
    const move = env.scripted!(state, turn) as { tool: string; args: Record<string, unknown> };
    const reply = await session.ask({ type: "step", data: { tool: move.tool, args: move.args } });
    assert.equal(reply.type, "observation", JSON.stringify(reply));
    rewards.push(reply.data.reward);
    // The shadow follows with the environment's own tool, and must see what the server sent.
    const parsed = z.parse(env.tools[move.tool]!.args, move.args);
    const outcome = await env.tools[move.tool]!.run(parsed, state, { turn, lastTurn: turn === maxTurns - 1, config, signal: new AbortController().signal });
    state = outcome && "state" in outcome ? outcome.state : state;
    assert.deepEqual(reply.data.observation.observation, env.observe(state));
    if (reply.data.done) return rewards;
  }
}

for (const template of ["math", "multi-step", "vision"]) {
  describe(`the scaffolded ${template} app driven by a trainer`, { timeout: 180_000 }, () => {
    it(`${SESSIONS} concurrent sessions × ${EPISODES} episodes: per seed, the rewards of /rollout's scripted policy`, async () => {
      const made = await createTaskApp({ dir: path.join(root, template), template, environmentApiKey: KEY });
      await mkdir(path.join(made.dir, "node_modules"));
      await symlink(packageRoot(), path.join(made.dir, "node_modules", "task-app"), "dir");
      const env = (await loadTaskAppModule(path.join(made.dir, "src", "app.ts"))).environment as AnyEnvironment;
      assert.ok(env.scripted, "the template has a scripted policy");
      const server = await startServe("src/app.ts", ["--log-format", "json"], { cwd: made.dir, env: { ENVIRONMENT_API_KEY: KEY } });
      try {
        const trained = new Map<number, number[]>();
        await Promise.all(
          Array.from({ length: SESSIONS }, async (_, s) => {
            const session = await openSession(server.url);
            for (let e = 0; e < EPISODES; e++) {
              const seed = s * EPISODES + e;
              trained.set(seed, await runEpisode(session, env, seed));
            }
            session.close();
          }),
        );
        assert.equal(trained.size, SESSIONS * EPISODES);
        const rolled = new Map<number, number[]>();
        for (const seed of trained.keys()) {
          const { status, body } = await postRollout(server.url, KEY, {
            run_id: `driver-${template}-${seed}`,
            env: { seed, config: {} },
            policy: { policy_name: "scripted", config: { model: "scripted" } },
          });
          assert.equal(status, 200, JSON.stringify(body));
          rolled.set(seed, (body.trajectories as { steps: { reward: number }[] }[])[0]!.steps.map((step) => step.reward));
        }
        assert.deepEqual(trained, rolled);
        const total = [...trained.values()].flat().reduce((a, b) => a + b, 0);
        assert.ok(total > 0, "some episodes earn a reward");
      } finally {
        await server.kill();
      }
    });
  });
}
