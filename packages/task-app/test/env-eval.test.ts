/**
 * A scaffolded declared environment evaluated as a user runs it
 * (`task-app eval --app src/app.ts` in the project) against a loopback
 * OpenAI-compatible server that cycles a malformed tool call, a call to a
 * tool that does not exist and a valid call, reporting token usage: every
 * rollout completes; the trace store holds the bad calls as recorded tool
 * errors; in the multi-turn app the request after the unknown tool's call
 * carries its error as a tool message; the tokens the server reported are in
 * the results, in `traces ls` and in what the viewer reads.
 */
import assert from "node:assert/strict";
import { mkdir, mkdtemp, readFile, rm, symlink } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";
import { createTaskApp } from "../src/scaffold/create.js";
import { packageRoot } from "../src/scaffold/paths.js";
import { openTraceReader } from "../src/traces/reader.js";
import { loadSessionView } from "../src/view/session.js";
import { callMessage, MODEL_USAGE, startFakeModel } from "./helpers/fake-model.js";
import { runCli } from "./helpers/run-cli.js";

const root = await mkdtemp(path.join(os.tmpdir(), "env-eval-"));
after(() => rm(root, { recursive: true, force: true }));

/** Each template's tool, and a valid call of it. */
const TOOL: Record<string, [string, Record<string, unknown>]> = { math: ["submit_answer", { answer: "7" }], "multi-step": ["interact", { actions: ["noop"] }] };

for (const template of ["math", "multi-step"]) {
  describe(`task-app eval of the ${template} template against a model that errs`, () => {
    it("completes every rollout, records the bad calls, answers them to the model and counts the tokens", async () => {
      const made = await createTaskApp({ dir: path.join(root, template), template, environmentApiKey: "k".repeat(32) });
      await mkdir(path.join(made.dir, "node_modules"));
      await symlink(packageRoot(), path.join(made.dir, "node_modules", "task-app"), "dir");
      const [tool, args] = TOOL[template]!;
      const script = [callMessage(tool, "{oops"), callMessage("teleport", { to: "moon" }), callMessage(tool, args)];
      const model = await startFakeModel((_r, i) => ({ message: script[i % 3]! }));
      try {
        const db = path.join(made.dir, "traces.db");
        const runDir = path.join(made.dir, "runs", "e");
        const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1" };
        delete env.ENVIRONMENT_API_KEY;
        const run = await runCli(["eval", "--app", "src/app.ts", "--seeds", "0-2", "--concurrency", "1", "--inference-url", model.url, "--model", "m-test", "--trace-db", db, "--run-dir", runDir], made.dir, env);
        assert.equal(run.code, 0, run.stderr + run.stdout);

        const results = (await readFile(path.join(runDir, "results.jsonl"), "utf8")).trim().split("\n").map((l) => JSON.parse(l));
        assert.equal(results.length, 3);
        const turns = template === "math" ? [1, 1, 1] : [10, 10, 10];
        results.sort((a, b) => a.seed - b.seed);
        results.forEach((r, i) => {
          assert.equal(r.status, "ok", JSON.stringify(r));
          assert.deepEqual(r.usage, { prompt_tokens: MODEL_USAGE.prompt_tokens * turns[i]!, completion_tokens: MODEL_USAGE.completion_tokens * turns[i]!, total_tokens: MODEL_USAGE.total_tokens * turns[i]! });
        });
        assert.equal(model.requests.length, turns.reduce((a, b) => a + b, 0));

        // The bad calls, as tool errors in the store.
        const reader = await openTraceReader(db);
        try {
          const errors = await reader.db.selectFrom("messages").select(["metadata"]).where("message_type", "=", "tool_result").execute();
          const codes = errors.map((m) => JSON.parse(String(m.metadata ?? "{}"))).filter((m) => m.error === true);
          // Every answer but each third was a bad call.
          assert.equal(codes.length, model.requests.filter((_, i) => i % 3 !== 2).length);
          assert.deepEqual(new Set(codes.map((m) => m.tool)), new Set([tool, "teleport"]));
          // What the viewer reads: every LM call carries the server's usage.
          const sessions = await reader.db.selectFrom("session_traces").select("session_id").execute();
          assert.equal(sessions.length, 3);
          const view = await loadSessionView(reader.db, sessions[0]!.session_id);
          const calls = view!.view.turns.flatMap((t) => t.items).filter((e) => e.kind === "lm_call");
          assert.ok(calls.length > 0 && calls.every((c) => c.kind === "lm_call" && c.total_tokens === MODEL_USAGE.total_tokens && c.input_tokens === MODEL_USAGE.prompt_tokens));
        } finally {
          await reader.close();
        }

        // traces ls shows each session's tokens.
        const ls = await runCli(["traces", "ls", "--db", db], made.dir, env);
        assert.equal(ls.code, 0, ls.stderr);
        const tokenColumn = ls.stdout.trim().split("\n")[0]!.split(/\s+/).indexOf("tokens");
        assert.ok(tokenColumn > 0, ls.stdout);
        const shown = ls.stdout.trim().split("\n").slice(1).map((l) => Number(l.split(/\s+/)[tokenColumn]));
        assert.deepEqual(shown.sort(), turns.map((t) => t * MODEL_USAGE.total_tokens).sort());

        if (template === "multi-step") {
          // Request 1 called the unknown tool; request 2 (same episode) answers it as a tool message.
          const tools = model.requests[2]!.body.messages.filter((m) => m.role === "tool");
          assert.match(String(tools.at(-1)?.content), /there is no tool \\"teleport\\"; the tools are: interact/);
          assert.match(String(tools.at(-2)?.content), /the arguments are not JSON/);
        }
      } finally {
        await model.close();
      }
    });
  });
}
