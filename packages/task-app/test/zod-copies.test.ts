/**
 * The package's Zod is one vendored file (src/zod.ts, scripts/bundle-vendor.mjs), so an app that
 * imports `z` from "zod" itself holds a second copy. What the library does with such an app's
 * schemas works as with its own: tool specs (descriptions and `.meta()` included), argument checks,
 * an environment's config, and `instanceof` both ways. An environment declared with zod/mini (schemas
 * without methods: the library reads every schema through Zod's functions) works too.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { z as appZ } from "zod";
import * as mini from "zod/mini";
import { checkToolCall, createSessionTracer, defineEnvironment, renderToolSpecs, z } from "../src/index.js";

const call = (args: unknown) => ({ id: "c1", type: "function" as const, function: { name: "move", arguments: JSON.stringify(args) } });

test("a tool whose arguments are the app's own Zod: its spec, with descriptions and .meta(), and its checks", () => {
  const argsOf = (zod: typeof z) => zod.object({ n: zod.number().int().min(1).max(3).describe("squares to move"), dir: zod.enum(["left", "right"]).meta({ title: "Direction" }) });
  const tools = { move: { description: "Move n squares.", args: argsOf(appZ as unknown as typeof z) } };
  const [spec] = renderToolSpecs(tools);
  // What the library's own Zod gives for the same schema, descriptions and metadata included.
  assert.deepEqual(spec, renderToolSpecs({ move: { description: "Move n squares.", args: argsOf(z) } })[0]);
  assert.deepEqual(spec!.function.parameters.properties, { n: { type: "integer", minimum: 1, maximum: 3, description: "squares to move" }, dir: { type: "string", enum: ["left", "right"], title: "Direction" } });
  const ok = checkToolCall(tools, call({ n: 2, dir: "left" }));
  assert.deepEqual(ok.ok && ok.args, { n: 2, dir: "left" });
  const refused = checkToolCall(tools, call({ n: 0, dir: "up" }));
  assert.equal(refused.ok, false);
  assert.match(!refused.ok ? refused.problem.message : "", /n.*>=1|too small/i);
});

test("schemas of either copy are instances of the other's classes, and a parse error of the library's is the app's ZodError", () => {
  assert.ok(appZ.string() instanceof z.ZodType);
  assert.ok(z.string() instanceof appZ.ZodType);
  const failed = z.object({ a: z.number() }).safeParse({ a: "x" });
  assert.ok(!failed.success && failed.error instanceof appZ.ZodError);
});

test("an environment's config and tools in the app's own Zod: defined, its config parsed with defaults", async () => {
  const env = defineEnvironment({
    appId: "copies",
    name: "Copies",
    config: appZ.object({ start: appZ.number().int().default(5) }),
    system: "Count.",
    reset: ({ config }) => ({ total: config.start }),
    observe: (s) => `total=${s.total}`,
    tools: { add: { description: "Add n.", args: appZ.object({ n: appZ.number().int() }), run: ({ n }, s) => ({ state: { total: s.total + n }, reward: n }) } },
    scripted: () => ({ tool: "add", args: { n: 2 } }),
    maxTurns: 1,
  });
  const request = { run_id: "r", env: { seed: 0, config: {} }, policy: { config: {} }, ops: [], record: {}, safety: { max_time_s: 60 }, mode: "eval" };
  const answer = await env.rollout(request as never, { signal: new AbortController().signal, tracer: createSessionTracer({ metadata: { run_id: "r" } }), wire: "0.2" } as never);
  const [step] = answer.trajectories![0]!.steps;
  assert.deepEqual(step!.obs, { observation: "total=5" });
  assert.equal(step!.reward, 2);
});

test("an environment declared with zod/mini: its tool spec, its config's defaults and refusals, its arguments' checks", async () => {
  const env = defineEnvironment({
    appId: "mini",
    name: "Mini",
    config: mini.object({ start: mini._default(mini.number(), 5) }),
    system: "Count.",
    reset: ({ config }) => ({ total: config.start }),
    observe: (s) => `total=${s.total}`,
    tools: { add: { description: "Add n.", args: mini.object({ n: mini.number().check(mini.minimum(1)) }), run: ({ n }, s) => ({ state: { total: s.total + n }, reward: n }) } },
    scripted: () => ({ tool: "add", args: { n: 2 } }),
    maxTurns: 1,
  });
  assert.deepEqual(renderToolSpecs(env.environment.tools)[0]!.function.parameters.properties, { n: { type: "number", minimum: 1 } });
  assert.equal(checkToolCall(env.environment.tools, { id: "c", type: "function", function: { name: "add", arguments: '{"n":0}' } }).ok, false);
  const run = (config: unknown) =>
    env.rollout({ run_id: "r", env: { seed: 0, config }, policy: { config: {} }, ops: [], record: {}, safety: { max_time_s: 60 }, mode: "eval" } as never, { signal: new AbortController().signal, tracer: createSessionTracer({ metadata: { run_id: "r" } }), wire: "0.2" } as never);
  const [step] = (await run({})).trajectories![0]!.steps;
  assert.deepEqual([step!.obs, step!.reward], [{ observation: "total=5" }, 2]);
  await assert.rejects(async () => run({ start: "x" }), /env\.config\.start/);
});
