/**
 * Bodies of both rollout wires, produced by each template's own executor
 * (scaffolded, served in-process by the built package) for requests written
 * here and for those `check` and `eval` send, are accepted by
 * restated synth-ai pydantic models of their era (test/python/check_wire_eras.py):
 * 0.2.x requests and answers by the 0.2.13 and later models, container-era
 * ones by the container contracts; no answer carries the other era's keys
 * (`metrics` never beside `reward_info`). A 0.2.x answer labelled container
 * era is refused, so the check can fail.
 *
 * Needs the build (the templates import `task-app`, linked to this package).
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { mkdir, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { after, before, describe, test } from "node:test";
import { createTaskApp, TEMPLATE_NAMES } from "../src/scaffold/create.js";
import { packageRoot } from "../src/scaffold/paths.js";
import { rolloutProbe } from "../src/check/wire.js";
import { resolveEvalPlan } from "../src/eval/index.js";
import { buildEvalRequest } from "../src/eval/rollout.js";
import { containerEvalRequest } from "../src/eval/wire.js";
import { findPython } from "./helpers/python.js";

const KEY = "sk_env_p4r8m2v6n1";
const hasBuild = existsSync(join(packageRoot(), "dist", "server", "index.js"));
const python = findPython(["pydantic"]);
const work = mkdtempSync(join(tmpdir(), "wire-python-"));
after(() => rmSync(work, { recursive: true, force: true }));

interface Case {
  name: string;
  wire: "0.2" | "container";
  request: Record<string, unknown>;
  response: Record<string, unknown>;
}

function runCheck(cases: Case[]) {
  if (!python.ok) throw new Error(python.reason);
  return spawnSync(python.python, [join(packageRoot(), "test", "python", "check_wire_eras.py")], { input: JSON.stringify({ cases }), encoding: "utf8" });
}

describe("both wires, from every template, against synth-ai's pydantic models", { skip: !hasBuild ? "run `npm run build` first" : !python.ok ? python.reason : false }, () => {
  const cases: Case[] = [];

  before(async () => {
    for (const template of TEMPLATE_NAMES) {
      const project = await createTaskApp({ dir: join(work, template), template, environmentApiKey: false });
      await mkdir(join(project.dir, "node_modules"), { recursive: true });
      await symlink(packageRoot(), join(project.dir, "node_modules", "task-app"), "dir");
      const app = ((await import(pathToFileURL(join(project.dir, "src", "app.ts")).href)) as { default: unknown }).default;
      const server = (await import(pathToFileURL(join(project.dir, "node_modules", "task-app", "dist", "server", "index.js")).href)) as typeof import("../src/server/index.js");
      const handler = server.createTaskAppServer(app as Parameters<typeof server.createTaskAppServer>[0], { env: { ENVIRONMENT_API_KEY: KEY } });
      const env = { env_name: template, seed: 3, config: {} };
      const policy = { policy_name: "scripted", config: { model: "scripted" } };
      const requests: [Case["wire"], Record<string, unknown>][] = [
        ["0.2", { run_id: `${template}-1`, env, policy, ops: [], record: { return_trace: true, trace_format: "full" } }],
        ["0.2", { run_id: `${template}-2`, env, policy, ops: [] }],
        ["container", { trace_correlation_id: `trace-${template}`, env, policy }],
        [
          "container",
          {
            trace_correlation_id: ` trace-${template}-o `,
            env,
            policy: { ...policy, output_mode: "tool_calls" },
            safety: { max_time_s: 60 },
            // Files only: a template's app allows no variables (overrideEnv), which would refuse the override.
            context_overrides: [{ override_id: "o1", file_artifacts: { "AGENTS.md": "# brief" } }],
            override_bundle_id: "bundle-1",
          },
        ],
      ];
      // What check and eval send, in both eras.
      const plan = await resolveEvalPlan({ url: ["http://127.0.0.1:1"], model: "scripted", seeds: "3", envName: template, runDir: join(work, `plan-${template}`) }, work);
      const evalRequest = buildEvalRequest(plan, 3, 0, true) as unknown as Record<string, unknown>;
      requests.push(["0.2", evalRequest], ["container", containerEvalRequest(buildEvalRequest(plan, 3, 1, true))]);
      for (const wire of ["0.2", "container"] as const) requests.push([wire, JSON.parse(rolloutProbe(wire, { envName: template, seed: 3 }, 120).body) as Record<string, unknown>]);
      for (const [wire, request] of requests) {
        const res = await handler.request("/rollout", { method: "POST", headers: { "x-api-key": KEY, "content-type": "application/json" }, body: JSON.stringify(request) });
        const response = (await res.json()) as Record<string, unknown>;
        assert.equal(res.status, 200, `${template} ${wire}: ${JSON.stringify(response).slice(0, 400)}`);
        cases.push({ name: `${template} ${wire} ${cases.length}`, wire, request, response });
      }
    }
  });

  test("every body is accepted by its era's models, and carries no key of the other era", () => {
    assert.equal(cases.length, TEMPLATE_NAMES.length * 8);
    const run = runCheck(cases);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout.trim(), `ok ${cases.length}`);
    for (const c of cases.filter((c) => c.wire === "container")) assert.equal(c.response.success_status, undefined, `${c.name}: ${String(c.response.status_detail)}`);
  });

  test("the check refuses a 0.2.x answer presented as container era, and an answer with metrics beside reward_info", () => {
    const legacy = cases.find((c) => c.wire === "0.2")!;
    const container = cases.find((c) => c.wire === "container")!;
    const wrongEra = runCheck([{ ...legacy, wire: "container", request: container.request }]);
    assert.equal(wrongEra.status, 1);
    const both = runCheck([{ ...container, response: { ...container.response, metrics: legacy.response.metrics } }]);
    assert.equal(both.status, 1);
    assert.match(both.stderr, /carries metrics|CResp refuses/);
  });
});
