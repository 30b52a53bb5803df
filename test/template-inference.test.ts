/**
 * Each template's own inference test, run as a user's project runs it: the
 * template scaffolded into a temp folder, `task-app` resolved to this
 * package (a node_modules symlink, so the build in dist/ is used), and the
 * project's test/inference.test.ts run with node's test runner. It starts a
 * fake inference server on loopback, a host off the default allow-list, and
 * checks that OPENAI_API_KEY never reaches it, from a direct call and from a
 * rollout naming it in policy.config.inference_url.
 *
 * Needs the build (`npm run build`).
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, rm, symlink } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { after, it } from "node:test";
import { createTaskApp, TEMPLATE_NAMES } from "../src/scaffold/create.js";
import { packageRoot } from "../src/scaffold/paths.js";

const root = await mkdtemp(path.join(os.tmpdir(), "template-inference-"));
after(() => rm(root, { recursive: true, force: true }));
const tsx = fileURLToPath(import.meta.resolve("tsx"));

for (const template of TEMPLATE_NAMES) {
  it(`${template}: the vendor key reaches no inference server off the allow-list`, async () => {
    const dir = path.join(root, template);
    await createTaskApp({ dir, template, name: `${template}-env`, environmentApiKey: false });
    await mkdir(path.join(dir, "node_modules"));
    await symlink(packageRoot(), path.join(dir, "node_modules", "task-app"), "dir");
    const env: NodeJS.ProcessEnv = { ...process.env, OPENAI_API_KEY: "sk-never-sent-0123456789" };
    delete env.NODE_TEST_CONTEXT;
    delete env.INFERENCE_KEY_HOSTS;
    const run = spawnSync(process.execPath, ["--import", tsx, "--test", "test/inference.test.ts"], { cwd: dir, env, encoding: "utf8", timeout: 120_000 });
    assert.equal(run.status, 0, `${run.stdout.slice(-4000)}\n${run.stderr.slice(-2000)}`);
    assert.match(run.stdout, /^# pass 5$/m);
    assert.match(run.stdout, /^# fail 0$/m);
  });
}
