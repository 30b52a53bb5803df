/**
 * An app served by another copy of task-app than its own dependency (a
 * global `task-app` serving a project's app, two versions installed side by
 * side): what the server asks of the app's declaration and errors holds
 * across copies. The declaration's episode starter (OpenEnv's reset and
 * step, synth-ai's env lifecycle) and `instanceof RolloutRequestError` (a
 * 422 with the issues, not a 500) went through state of one module copy:
 * served this way, /openenv/reset failed with "this environment was not made
 * by defineEnvironment" and a refused env.config was a 500.
 */
import assert from "node:assert/strict";
import { cp, mkdir, mkdtemp, rm, symlink } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { after, describe, it } from "node:test";
import { z } from "../src/zod.js";
import { defineEnvironment } from "../src/env/define.js";
import { findEpisodeStarter } from "../src/env/episodes.js";
import { RolloutRequestError } from "../src/runtime/request-error.js";
import { createTaskApp } from "../src/scaffold/create.js";
import { packageRoot } from "../src/scaffold/paths.js";
import { startServe } from "./helpers/serve-process.js";

const KEY = "k".repeat(32);
const root = await mkdtemp(path.join(os.tmpdir(), "serve-two-copies-"));
after(() => rm(root, { recursive: true, force: true }));

/** A module of dist/ loaded again as another copy would load it (its own instance, its own module state). */
const anotherCopyOf = (file: string) => import(`${pathToFileURL(path.join(packageRoot(), "dist", file)).href}?another-copy`);

describe("across copies of task-app", () => {
  it("instanceof RolloutRequestError holds for another copy's; not for an error that only takes its name; a subclass keeps its own check", async () => {
    const other = (await anotherCopyOf("runtime/request-error.js")) as typeof import("../src/runtime/request-error.js");
    assert.notEqual(other.RolloutRequestError, RolloutRequestError, "a copy of its own");
    const theirs = new other.RolloutRequestError("env.config is invalid", [{ path: "env.config.split", message: "no" }]);
    assert.ok(theirs instanceof RolloutRequestError);
    assert.ok(new RolloutRequestError("x", []) instanceof other.RolloutRequestError);
    assert.ok(!(Object.assign(new Error("x"), { name: "RolloutRequestError", issues: [] }) instanceof RolloutRequestError));
    for (const value of [null, undefined, "RolloutRequestError", 1] as unknown[]) assert.ok(!((value as object) instanceof RolloutRequestError));
    class Narrower extends RolloutRequestError {}
    assert.ok(new Narrower("x", []) instanceof RolloutRequestError);
    assert.ok(!(new RolloutRequestError("x", []) instanceof Narrower));
    assert.ok(new RolloutRequestError("x", []) instanceof Error);
  });

  it("a declaration's episode starter is found by another copy; a frozen or twice-defined declaration still by its own", async () => {
    const other = (await anotherCopyOf("env/episodes.js")) as typeof import("../src/env/episodes.js");
    const definition = { appId: "t", name: "T", reset: () => ({ n: 0 }), observe: () => "o", tools: { noop: { description: "Nothing.", args: z.object({}), run: () => ({ reward: 0, done: true }) } } };
    defineEnvironment(definition as never);
    const starter = other.findEpisodeStarter(definition);
    assert.ok(starter, "found through the registered symbol");
    assert.deepEqual((await starter.start(3, {})).state, { n: 0 });
    assert.deepEqual(Object.keys(definition), ["appId", "name", "reset", "observe", "tools"], "the declaration's own keys are unchanged");
    defineEnvironment(definition as never);
    assert.ok(findEpisodeStarter(definition), "defined again");
    const frozen = Object.freeze({ ...definition });
    defineEnvironment(frozen as never);
    assert.ok(findEpisodeStarter(frozen));
    assert.equal(other.findEpisodeStarter(frozen), undefined);
    assert.equal(other.findEpisodeStarter({}), undefined);
  });
});

describe("the math app served by the checkout's CLI, its own task-app a copy in its node_modules", () => {
  it("answers OpenEnv's reset and refuses a bad env.config with a 422", async () => {
    const made = await createTaskApp({ dir: path.join(root, "math"), template: "math", environmentApiKey: KEY });
    const copy = path.join(made.dir, "node_modules", "task-app");
    await mkdir(copy, { recursive: true });
    for (const entry of ["package.json", "dist", "generated"]) await cp(path.join(packageRoot(), entry), path.join(copy, entry), { recursive: true });
    // The environment entry's one package beside it.
    const entry = createRequire(import.meta.url).resolve("smol-toml");
    const inModules = `${path.sep}node_modules${path.sep}smol-toml${path.sep}`;
    const smolToml = entry.slice(0, entry.lastIndexOf(inModules) + inModules.length - 1);
    await symlink(smolToml, path.join(made.dir, "node_modules", "smol-toml"), "dir");
    assert.equal(createRequire(path.join(made.dir, "src", "app.ts")).resolve("task-app/env"), path.join(copy, "dist", "env", "index.js"), "the app's task-app is the copy");
    const server = await startServe("src/app.ts", [], { cwd: made.dir, env: { ENVIRONMENT_API_KEY: KEY } });
    try {
      const post = (route: string, body: unknown) => fetch(`${server.url}${route}`, { method: "POST", headers: { "x-api-key": KEY, "content-type": "application/json" }, body: JSON.stringify(body) });
      const reset = await post("/openenv/reset", { seed: 2 });
      const text = await reset.text();
      assert.equal(reset.status, 200, text);
      assert.equal(JSON.parse(text).done, false);
      // The app's refusal of a reset's config, from its copy: a 422 there too.
      const badReset = await post("/openenv/reset", { seed: 2, config: { split: "bogus" } });
      assert.equal(badReset.status, 422, await badReset.text());
      const refused = await post("/rollout", { run_id: "two-copies", env: { seed: 1, config: { split: "bogus" } }, policy: { config: { model: "scripted" } }, ops: [] });
      const error = (await refused.json()) as { detail: { error: { code: string; issues: { path: string }[] } } };
      assert.equal(refused.status, 422, JSON.stringify(error));
      assert.equal(error.detail.error.code, "invalid_request");
      assert.deepEqual(error.detail.error.issues.map((i) => i.path), ["env.config.split"]);
    } finally {
      await server.kill();
    }
  });
});
