/**
 * `npm run bench:env-loop`: the CPU per model turn of a declared
 * environment's agent loop (`defineEnvironment`'s rollout executor, called
 * in this process with a real session tracer: the loop, the chat client, the
 * tool check and run, the trace, the judging), as a ratio to a bare loop
 * that posts the same chat-completions requests (the same growing
 * conversation, the same tools) to the same loopback model server (node:http,
 * Node's own client, with a kept-alive connection) and parses its answers,
 * nothing else; and, reported beside it, the same bare loop on the library's
 * own client (undici's dispatcher: what the library's loop costs beyond the
 * client it chose, since that choice is most of why it beats the goal's
 * baseline), the library with each
 * episode's session read afterwards (what `return_trace` or a trace store
 * asks for: the session's events and messages are made then), and a floor: the bare loop plus
 * the least of the work a turn is asked to do, written plainly (see `floor` below), which tells
 * how much of the gap that work alone makes. The model server is a
 * process of its own (its CPU is not counted): it answers every request with
 * the same tool call and usage, from precomputed bytes. Rounds alternate
 * (the order rotates); medians with their spread.
 *
 * Every path is first run `--warmup` rounds unmeasured (its JIT's steady state).
 *
 * This process and the model server run on one CPU (`--pin`, as bench:server: bench/pin.mjs). Free,
 * each request written to the model server asleep on the other CPU wakes it with an
 * inter-processor interrupt billed to the writer: about 2.8 a turn here, some 40 µs of the bare
 * loop's 130, the same for both loops, which brings their ratio toward 1. Pinned, each loop is
 * charged for its own work, as against a model server on another machine. A shorter free run
 * follows, its ratio printed in the goal row's note.
 *
 * Usage: npm run bench:env-loop [-- --episodes 40 --turns 10 --rounds 7 --warmup 6 --pin same|off|CPUS]
 */
import { fork } from "node:child_process";
import { Agent, createServer, request as httpRequest } from "node:http";
import { loadLine, ownCpuUs, parseBenchArgs, ratios, reportGoal, spread, summarise } from "./measure.mjs";
import { allCpus, ipiCount, pinnedCpus, setAffinity } from "./pin.mjs";

const { values: opts } = parseBenchArgs({ options: { model: { type: "boolean", default: false }, episodes: { type: "string", default: "100" }, turns: { type: "string", default: "10" }, rounds: { type: "string", default: "15" }, warmup: { type: "string", default: "6" }, pin: { type: "string", default: "same" } } });

const ANSWER = {
  id: "bench",
  object: "chat.completion",
  choices: [{ index: 0, finish_reason: "tool_calls", message: { role: "assistant", content: null, tool_calls: [{ id: "call_0", type: "function", function: { name: "add", arguments: '{"n":1}' } }] } }],
  usage: { prompt_tokens: 120, completion_tokens: 9, total_tokens: 129 },
};

if (opts.model) {
  // The model server's process: one precomputed answer for every request.
  const bytes = Buffer.from(JSON.stringify(ANSWER));
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(200, { "content-type": "application/json", "content-length": bytes.length }).end(bytes));
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, "127.0.0.1", () => process.send({ url: `http://127.0.0.1:${server.address().port}/v1` }));
  // Gone with the benchmark, however it ends (a bad option, an error, Ctrl-C).
  process.on("disconnect", () => process.exit(0));
} else {
  const episodes = Number(opts.episodes);
  const turns = Number(opts.turns);
  const rounds = Number(opts.rounds);
  // Read before the model server starts: a bad --pin ends the benchmark with nothing left running.
  const cpus = pinnedCpus(opts.pin);
  const child = fork(new URL(import.meta.url).pathname, ["--model"], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const { url } = await new Promise((resolve) => child.once("message", resolve));
  const { defineEnvironment, z } = await import("../dist/index.js");
  const { createSessionTracer } = await import("../dist/tracing/tracer.js");
  const { Agent: Pool } = await import("../dist/undici.js");

  // A counter that never finishes early: every episode takes `turns` turns, one tool call each.
  const app = defineEnvironment({
    appId: "bench",
    name: "Bench",
    config: z.object({ start: z.number().int().default(0) }),
    system: "Count up by calling add.",
    reset: ({ config }) => ({ total: config.start }),
    observe: (state) => `total=${state.total}`,
    tools: { add: { description: "Add n to the total.", args: z.object({ n: z.number().int().min(1).max(3) }), run: ({ n }, state) => ({ state: { total: state.total + n }, result: { total: state.total + n }, reward: n }) } },
    maxTurns: turns,
    scoreTurn: (turn) => ({ valid: turn.calls.every((c) => c.ok) ? 1 : 0 }),
    outcome: (state) => ({ reached: state.total >= turns ? 1 : 0 }),
  });
  const tools = [{ type: "function", function: { name: "add", description: "Add n to the total.", parameters: { type: "object", properties: { n: { type: "integer", minimum: 1, maximum: 3 } }, required: ["n"] } } }];
  const policy = { model: "bench-model", inference_url: url };
  const request = (i) => ({ run_id: `r${i}`, env: { seed: i, config: {} }, policy: { config: policy }, ops: [], record: {}, safety: { max_time_s: 600 }, mode: "eval" });

  /** `read`: each episode's session read afterwards (what `return_trace` or a trace store asks for), else left unread. */
  async function library(read = false) {
    const signal = new AbortController().signal;
    for (let i = 0; i < episodes; i++) {
      const tracer = createSessionTracer({ metadata: { run_id: `r${i}` } });
      const answer = await app.rollout(request(i), { signal, tracer, wire: "0.2" });
      if (answer.trajectories[0].steps.length !== turns) throw new Error("the episode did not take every turn");
      if (read && tracer.toSessionTrace().event_history.length < 2 * turns) throw new Error("the session misses events");
    }
  }

  const agent = new Agent({ keepAlive: true });
  // The URL parsed once (as the library's client does), not by node:http on every request.
  const target = new URL(`${url}/chat/completions`);
  const { hostname, port, pathname: path } = target;
  /** One POST over a kept-alive connection; the body as text. */
  const post = (text) =>
    new Promise((resolve, reject) => {
      const payload = Buffer.from(text);
      const req = httpRequest({ hostname, port, path, method: "POST", agent, headers: { "content-type": "application/json", "content-length": payload.length } }, (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
      });
      req.on("error", reject);
      req.end(payload);
    });

  /** One POST through undici's dispatcher (the library's client), the body as text: the least a request costs on it. */
  const pool = new Pool();
  const dispatchHeaders = { "content-type": "application/json" };
  const dispatch = (text) =>
    new Promise((resolve, reject) => {
      const chunks = [];
      pool.dispatch(
        { origin: target.origin, path, method: "POST", headers: dispatchHeaders, body: Buffer.from(text) },
        { onConnect() {}, onHeaders: () => true, onData: (c) => chunks.push(c) > 0, onComplete: () => resolve(Buffer.concat(chunks).toString("utf8")), onError: reject },
      );
    });

  /** The same requests, posted and parsed, with nothing around them. */
  const bare = () => bareOn(post);
  /** The bare loop on the library's own client. */
  const bareUndici = () => bareOn(dispatch);
  async function bareOn(send) {
    for (let i = 0; i < episodes; i++) {
      const messages = [
        { role: "system", content: "Count up by calling add." },
        { role: "user", content: "total=0" },
      ];
      let total = 0;
      for (let t = 0; t < turns; t++) {
        const body = { model: "bench-model", messages, tools, tool_choice: "required", parallel_tool_calls: false };
        const data = JSON.parse(await send(JSON.stringify(body)));
        const message = data.choices[0].message;
        const n = JSON.parse(message.tool_calls[0].function.arguments).n;
        total += n;
        messages.push({ role: "assistant", content: null, tool_calls: message.tool_calls }, { role: "tool", tool_call_id: message.tool_calls[0].id, content: JSON.stringify({ total }) }, { role: "user", content: `total=${total}` });
      }
    }
  }

  /**
   * The floor: the bare loop plus the least of what the issue asks each turn to do, written as plainly
   * as it can be: a deadline and the caller's abort watched on each request (as the library keeps them:
   * one set of deadlines under one armed timer, one abort listener per signal), the tool call's
   * arguments checked with their Zod schema, the tool run, the usage summed, the step reward and the
   * turn's score kept, and the turn traced as plain objects (the call's messages as sent, its usage and
   * tool calls; the environment event with its reward and states; the turn's messages). What the
   * library spends beyond it is its own: the v3 trace's ids, times and shapes, the trajectory, judging.
   */
  const argsSchema = z.object({ n: z.number().int().min(1).max(3) });
  const deadlines = new Set();
  let armed = null;
  const expire = () => {
    armed = null;
    const now = performance.now();
    for (const deadline of deadlines) if (deadline.at <= now) deadline.fail();
    if (deadlines.size > 0) (armed = setTimeout(expire, 1000)).unref();
  };
  const watchers = new WeakMap();
  const watchAbort = (signal, onAbort) => {
    let set = watchers.get(signal);
    if (!set) {
      const all = (set = new Set());
      watchers.set(signal, all);
      signal.addEventListener("abort", () => [...all].forEach((f) => f()), { once: true });
    }
    set.add(onAbort);
  };
  const postWatched = (text, signal, ms) =>
    new Promise((resolve, reject) => {
      const payload = Buffer.from(text);
      const req = httpRequest({ hostname, port, path, method: "POST", agent, headers: { "content-type": "application/json", "content-length": payload.length } }, (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => {
          deadlines.delete(deadline);
          watchers.get(signal).delete(onAbort);
          resolve(Buffer.concat(chunks).toString("utf8"));
        });
      });
      const deadline = { at: performance.now() + ms, fail: () => req.destroy(new Error("no answer in time")) };
      const onAbort = () => req.destroy(new Error("aborted"));
      deadlines.add(deadline);
      if (armed === null) (armed = setTimeout(expire, ms)).unref();
      watchAbort(signal, onAbort);
      req.on("error", reject);
      req.end(payload);
    });
  async function floor() {
    const signal = new AbortController().signal;
    for (let i = 0; i < episodes; i++) {
      const history = [
        { role: "system", content: "Count up by calling add." },
        { role: "user", content: "total=0" },
      ];
      const trace = { events: [], messages: [] };
      const steps = [];
      const usage = { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 };
      let state = { total: 0 };
      for (let t = 0; t < turns; t++) {
        const messages = history.slice();
        const body = { model: "bench-model", messages, tools, tool_choice: "required", parallel_tool_calls: false };
        const startedAt = performance.now();
        const data = JSON.parse(await postWatched(JSON.stringify(body), signal, 120_000));
        const message = data.choices[0].message;
        usage.prompt_tokens += data.usage.prompt_tokens;
        usage.completion_tokens += data.usage.completion_tokens;
        usage.total_tokens += data.usage.total_tokens;
        const call = message.tool_calls[0];
        const checked = argsSchema.safeParse(JSON.parse(call.function.arguments));
        if (!checked.success) throw new Error("the model's arguments were refused");
        const after = { total: state.total + checked.data.n };
        const result = JSON.stringify({ total: after.total });
        trace.events.push(
          { type: "lm", turn: t, model: body.model, input: messages, tools, output: message, usage: data.usage, latency_ms: performance.now() - startedAt },
          { type: "environment", turn: t, reward: checked.data.n, before: state, after },
        );
        trace.messages.push({ type: "user", turn: t, text: messages[messages.length - 1].content }, { type: "tool_use", turn: t, calls: message.tool_calls }, { type: "tool_result", turn: t, text: result });
        steps.push({ obs: state, tool_calls: [{ tool: call.function.name, args: checked.data }], reward: checked.data.n, done: false, scores: { valid: 1 } });
        state = after;
        history.push({ role: "assistant", content: null, tool_calls: message.tool_calls }, { role: "tool", tool_call_id: call.id, content: result }, { role: "user", content: `total=${state.total}` });
      }
      if (trace.events.length !== 2 * turns || steps.length !== turns) throw new Error("the floor's episode misses turns");
    }
  }

  const measure = async (fn) => {
    const start = ownCpuUs();
    await fn();
    return (ownCpuUs() - start) / (episodes * turns);
  };
  const runs = { library: () => library(false), traced: () => library(true), floor, bare, bareUndici };
  const names = Object.keys(runs);
  /** `count` rotated rounds of every path: CPU per turn by path, and IPIs per turn. */
  const measureRounds = async (count) => {
    const series = { library: [], traced: [], floor: [], bare: [], bareUndici: [] };
    const ipis = ipiCount();
    for (let round = 0; round < count; round++) {
      // Rotate the order each round so no series always runs first (or last).
      for (const name of names.map((_, i) => names[(i + round) % names.length])) series[name].push(await measure(runs[name]));
    }
    return { series, ipisPerTurn: (ipiCount() - ipis) / (count * names.length * episodes * turns) };
  };
  const place = (on) => {
    setAffinity(process.pid, on);
    setAffinity(child.pid, on);
  };
  if (cpus) place(cpus);
  // Warm every path to its steady state (kept-alive connections, and the JIT: the library's loop
  // takes some thousands of turns to reach its optimised code; measured from the first round, its
  // first three rounds cost 1.2x-1.8x the later ones).
  for (let round = 0; round < Number(opts.warmup); round++) for (const run of Object.values(runs)) await run();
  const { series, ipisPerTurn } = await measureRounds(rounds);
  // The same loops free (the scheduler's placement, wake-ups billed): reported beside the goal.
  let free = null;
  if (cpus) {
    place(allCpus());
    for (const run of Object.values(runs)) await run();
    free = await measureRounds(Math.max(3, Math.ceil(rounds / 2)));
  }
  child.kill();
  await pool.close();
  const ratio = ratios(series.library, series.bare);
  const freeRatio = free ? summarise(ratios(free.series.library, free.series.bare)).median : null;
  process.stdout.write(`agent loop: ${episodes} episodes x ${turns} turns a round, ${rounds} rounds; ${cpus ? `this process and the model server on CPU ${cpus}` : "free (--pin off)"}, ${ipisPerTurn.toFixed(2)} IPIs per turn; ${loadLine()}\n`);
  process.stdout.write(`  library (defineEnvironment's loop, traced, judged): ${spread(series.library, 0, " µs")} CPU per turn\n`);
  process.stdout.write(`  library, each session read (return_trace, a trace store): ${spread(series.traced, 0, " µs")} CPU per turn, ${spread(ratios(series.traced, series.bare), 2, "x")} the bare loop (reported, not the goal)\n`);
  process.stdout.write(`  floor (the bare loop plus the least of the work asked: deadline and abort watched, arguments checked, usage, rewards, a plain trace): ${spread(series.floor, 0, " µs")} CPU per turn, ${spread(ratios(series.floor, series.bare), 2, "x")} the bare loop; the library ${spread(ratios(series.library, series.floor), 2, "x")} the floor (reported, not the goal)\n`);
  process.stdout.write(`  bare loop (node:http + JSON.parse of the same requests): ${spread(series.bare, 0, " µs")} CPU per turn\n`);
  process.stdout.write(`  bare loop on the library's client (undici's dispatcher + JSON.parse): ${spread(series.bareUndici, 0, " µs")} CPU per turn; the library ${spread(ratios(series.library, series.bareUndici), 2, "x")} of it (reported, not the goal)\n`);
  process.stdout.write(`  ratio: ${spread(ratio, 2, "x")}\n`);
  if (free) process.stdout.write(`  free (${free.series.library.length} rounds, ${free.ipisPerTurn.toFixed(2)} IPIs per turn): library ${spread(free.series.library, 0, " µs")}, bare ${spread(free.series.bare, 0, " µs")}, ratio ${spread(ratios(free.series.library, free.series.bare), 2, "x")}; floor ${spread(ratios(free.series.floor, free.series.bare), 2, "x")} the bare loop\n`);
  const median = summarise(ratio).median;
  const r = summarise(ratio);
  reportGoal({
    row: "agent loop, CPU per model turn",
    subject: spread(series.library, 0, " µs"),
    baseline: `bare node:http loop of the same requests ${spread(series.bare, 0, " µs")}`,
    figure: `${median.toFixed(2)}x (${r.min.toFixed(2)}-${r.max.toFixed(2)})`,
    goal: "<= 1.1x",
    pass: median <= 1.1,
    note: `${rounds} rounds of ${episodes * turns} turns, ${cpus ? `the loop and the model server on one CPU; free: ${freeRatio.toFixed(2)}x` : "free"}; each session read after: ${summarise(ratios(series.traced, series.bare)).median.toFixed(2)}x; the floor (bare plus the least of the work asked): ${summarise(ratios(series.floor, series.bare)).median.toFixed(2)}x, the library ${summarise(ratios(series.library, series.floor)).median.toFixed(2)}x of it; against the bare loop on the library's own client (undici's dispatcher): ${summarise(ratios(series.library, series.bareUndici)).median.toFixed(2)}x`,
  });
}
