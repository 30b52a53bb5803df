/**
 * docs/write-an-environment.md stays true: its complete environment module
 * (the ```ts block that calls defineEnvironment) is served from a scratch
 * project and run, with the scripted policy and against a loopback model
 * that makes a bad call first; the line count the guide states is the
 * module's. The math and vision counts it states are the templates'.
 */
import assert from "node:assert/strict";
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, it } from "node:test";
import { packageRoot } from "../src/scaffold/paths.js";
import { createTaskAppServer } from "../src/server/app.js";
import { loadTaskAppModule } from "../src/server/load.js";
import { callMessage, startFakeModel } from "./helpers/fake-model.js";

const KEY = "k".repeat(32);
const guide = await readFile(new URL("../../../docs/write-an-environment.md", import.meta.url), "utf8");
const codeLines = (text: string) => text.split("\n").filter((l) => l.trim() && !/^\s*(\/\/|\/\*\*?|\*)/.test(l)).length;
const root = await mkdtemp(path.join(os.tmpdir(), "docs-env-"));
after(() => rm(root, { recursive: true, force: true }));

it("the guess-the-number module runs as written, and is as long as the guide says", async () => {
  const module = [...guide.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!).find((block) => block.includes("defineEnvironment("));
  assert.ok(module, "the guide holds a complete module");
  const stated = /^(\d+) lines of code\. The model's earlier guesses/m.exec(guide)?.[1];
  assert.equal(Number(stated), codeLines(module));
  await mkdir(path.join(root, "src"), { recursive: true });
  await mkdir(path.join(root, "node_modules"));
  await symlink(packageRoot(), path.join(root, "node_modules", "task-app"), "dir");
  await writeFile(path.join(root, "package.json"), '{ "type": "module", "dependencies": { "task-app": "*" } }\n');
  await writeFile(path.join(root, "src", "app.ts"), module);
  const app = await loadTaskAppModule(path.join(root, "src", "app.ts"));
  const server = createTaskAppServer(app, { env: { ENVIRONMENT_API_KEY: KEY } });
  const post = async (body: Record<string, unknown>) => {
    const res = await server.request("/rollout", { method: "POST", headers: { "x-api-key": KEY, "content-type": "application/json" }, body: JSON.stringify({ ops: [], ...body }) });
    return { status: res.status, body: (await res.json()) as any };
  };
  for (let seed = 0; seed < 20; seed++) {
    const { status, body } = await post({ run_id: `g${seed}`, env: { seed }, policy: { config: {} } });
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(body.metrics.episode_returns[0], 1, `seed ${seed}: the scripted binary search finds it`);
    assert.ok(body.trajectories[0].steps.length <= 7);
  }
  // A model that first sends a word for the number: told so as a tool message, then finds it.
  const model = await startFakeModel((_r, i) => ({ message: i === 0 ? callMessage("guess", { n: "fifty" }) : callMessage("guess", { n: 4 }) }));
  try {
    const { status, body } = await post({ run_id: "g-model", env: { seed: 3 }, policy: { config: { inference_url: model.url } } });
    assert.equal(status, 200);
    assert.deepEqual(body.trajectories[0].steps.map((s: any) => s.reward), [0, 1]);
    assert.match(String(model.requests[1]!.body.messages.find((m) => m.role === "tool")?.content), /invalid arguments for guess: n:/);
  } finally {
    await model.close();
  }
});

it("states the math and vision templates' line counts as they are", async () => {
  const math = await readFile(new URL("../templates/math/src/app.ts", import.meta.url), "utf8");
  const vision = await readFile(new URL("../templates/vision/src/app.ts", import.meta.url), "utf8");
  assert.match(guide, new RegExp(`Its \`src/app.ts\` is ${codeLines(math)} lines of code`));
  assert.match(guide, new RegExp(`adds the view: ${codeLines(vision)} lines of code`));
});
