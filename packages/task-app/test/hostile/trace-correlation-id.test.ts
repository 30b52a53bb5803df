/**
 * A container-era `trace_correlation_id` is stripped and judged blank by
 * Python's `str.strip()`, as synth-ai's models do: ids of only U+001C..U+001F
 * or U+0085 are refused (JavaScript's `trim()` keeps them), U+FEFF is an id
 * (`trim()` removes it), and the echoed id is the one synth-ai's model
 * strips. Each verdict and echo, from the server in-process, is checked
 * against Python's `str.strip()` and the restated synth-ai models
 * (test/python/check_wire_eras.py); skips the Python half without pydantic.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { test } from "node:test";
import { packageRoot } from "../../src/scaffold/paths.js";
import { createTaskAppServer } from "../../src/server/index.js";
import { createMathApp } from "../fixtures/apps/math.js";
import { findPython } from "../helpers/python.js";

const KEY = "sk_env_t5q2w8e4r6";
const headers = { "x-api-key": KEY, "content-type": "application/json" };
const env = { env_name: "math", seed: 1 };
const policy = { policy_name: "p" };

/** Ids, with what synth-ai's model makes of them: the stripped id, or null for a refusal. */
const IDS: [id: string, stripped: string | null][] = [
  ["\u001c", null],
  ["\u001d\u001e\u001f", null],
  ["\u0085", null],
  [" \u0085\t", null],
  ["\ufeff", "\ufeff"],
  ["\u001ctrace-1\u001f", "trace-1"],
  ["\u0085trace-2 \u0085", "trace-2"],
  ["\ufefftrace-3\ufeff", "\ufefftrace-3\ufeff"],
  ["\u00a0trace-4\u3000", "trace-4"],
  ["trace-5", "trace-5"],
];

async function answerAll() {
  const server = createTaskAppServer(createMathApp(), { env: { ENVIRONMENT_API_KEY: KEY } });
  const out: { id: string; status: number; body: Record<string, unknown> }[] = [];
  for (const [id] of IDS) {
    const res = await server.request("/rollout", { method: "POST", headers, body: JSON.stringify({ trace_correlation_id: id, env, policy }) });
    out.push({ id, status: res.status, body: (await res.json()) as Record<string, unknown> });
  }
  return out;
}

test("trace_correlation_id is stripped and judged blank by Python's rules", async () => {
  const answers = await answerAll();
  for (const [n, [id, stripped]] of IDS.entries()) {
    const { status, body } = answers[n]!;
    const name = JSON.stringify(id);
    if (stripped === null) {
      assert.equal(status, 422, name);
      assert.match(JSON.stringify(body), /trace_correlation_id/, name);
    } else {
      assert.equal(status, 200, name);
      assert.equal(body.trace_correlation_id, stripped, name);
    }
  }
});

const python = findPython(["pydantic"]);

test("synth-ai's models agree on every verdict and read every echo", { skip: python.ok ? false : python.reason }, async () => {
  if (!python.ok) return;
  const verdicts = spawnSync(python.python, ["-c", "import json, sys\nprint(json.dumps([i.strip() or None for i in json.load(sys.stdin)]))"], {
    input: JSON.stringify(IDS.map(([id]) => id)),
    encoding: "utf8",
  });
  assert.equal(verdicts.status, 0, verdicts.stderr);
  assert.deepEqual(JSON.parse(verdicts.stdout), IDS.map(([, s]) => s), "the table restates str.strip()");
  const answers = await answerAll();
  const cases = answers
    .filter((a) => a.status === 200)
    .map((a, n) => ({ name: `id ${n}`, wire: "container", request: { trace_correlation_id: a.id, env, policy }, response: a.body }));
  assert.equal(cases.length, IDS.filter(([, s]) => s !== null).length);
  const run = spawnSync(python.python, [join(packageRoot(), "test", "python", "check_wire_eras.py")], { input: JSON.stringify({ cases }), encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
});
