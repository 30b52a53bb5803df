/**
 * A training backend on loopback that follows the documented endpoints
 * (CONTRACT.md §12, §13.2) and records every request it receives:
 *   POST /api/rl/verify_task_app           probes {endpoint_base_url}/health; any answer is any_ok
 *   POST /api/rl/jobs, /api/learning/jobs  creates a job; Idempotency-Key repeats return the same job
 *   GET  /api/{rl,learning}/jobs/:id        the job; each read moves it one step along its script
 *   GET  /api/{rl,learning}/jobs/:id/events?since_seq=N
 *   POST /api/learning/jobs/:id/start
 *   POST /api/learning/files (multipart)    stores the file; GET /api/learning/files/:id is ready on the second read
 * Every call needs `Authorization: Bearer <apiKey>`; a wrong key gets a 401
 * whose detail echoes the start of the presented key, as careless servers do.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { cliArgv } from "./cli-command.js";
import { runCliInProcess } from "./cli-in-process.js";
import type { CliResult } from "./run-cli.js";

/** One step of a job's life: the status a read returns and the events it releases. */
export interface JobStep {
  status: string;
  events?: { type: string; message?: string; data?: Record<string, unknown> }[];
  /** Extra fields of the status body (fine_tuned_model, error, ...). */
  body?: Record<string, unknown>;
}

export interface FakeBackendOptions {
  apiKey: string;
  /** The life of every job created (default: queued, running with metrics, succeeded with a model). */
  script?: JobStep[];
  /** Job creations answered 503 after the job was made (a lost answer), before one succeeds. */
  failCreates?: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON, or for multipart the fields (files as {name, type, text}). */
  body: unknown;
}

export interface FakeJob {
  id: string;
  kind: "rl" | "sft";
  payload: unknown;
  idempotencyKey?: string;
  reads: number;
  started: boolean;
  /** Set by `POST .../cancel`; the job then reads as cancelled. */
  cancelled: boolean;
}

export interface FakeBackend {
  /** Base URL without `/api` (the CLI appends it). */
  url: string;
  requests: RecordedRequest[];
  jobs: FakeJob[];
  files: Map<string, { name: string; type: string; text: string; purpose: string }>;
  /** Requests whose method and path (without query) match. */
  calls(method: string, path: string | RegExp): RecordedRequest[];
  close(): Promise<void>;
}

export const SUCCESS_SCRIPT: JobStep[] = [
  { status: "queued", events: [{ type: "job.queued", message: "waiting for GPUs" }] },
  { status: "running", events: [{ type: "rl.train.step", message: "iteration 1", data: { step: 1, mean_return: 0.25, judge_scores: { quality: 0.5 } } }] },
  { status: "running", events: [{ type: "rl.train.step", message: "iteration 2", data: { step: 2, mean_return: 0.75 } }] },
  { status: "succeeded", events: [{ type: "job.succeeded", message: "done" }], body: { fine_tuned_model: "ft:Qwen/Qwen3-4B:job-1" } },
];

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const type = req.headers["content-type"] ?? "";
  if (type.startsWith("multipart/form-data")) {
    const form = await new Response(raw, { headers: { "content-type": type } }).formData();
    const fields: Record<string, unknown> = {};
    for (const [key, value] of form.entries())
      fields[key] = typeof value === "string" ? value : { name: (value as File).name, type: value.type, text: await value.text() };
    return fields;
  }
  if (!raw.length) return undefined;
  try {
    return JSON.parse(raw.toString("utf8"));
  } catch {
    return raw.toString("utf8");
  }
}

/** Starts the backend on 127.0.0.1 with a free port. */
export async function startFakeBackend(options: FakeBackendOptions): Promise<FakeBackend> {
  const script = options.script ?? SUCCESS_SCRIPT;
  let failCreates = options.failCreates ?? 0;
  const requests: RecordedRequest[] = [];
  const jobs: FakeJob[] = [];
  const files = new Map<string, { name: string; type: string; text: string; purpose: string }>();
  const fileReads = new Map<string, number>();

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const body = await readBody(req);
    requests.push({ method: req.method ?? "GET", path: url.pathname, headers: req.headers, body });
    const send = (status: number, value: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(value));
    };
    const auth = req.headers.authorization ?? "";
    if (auth !== `Bearer ${options.apiKey}`) return send(401, { detail: `Invalid API key: ${auth.slice(7, 19)}...` });
    const path = url.pathname;
    const post = req.method === "POST";

    if (post && path === "/api/rl/verify_task_app") {
      const endpoint = (body as { endpoint_base_url?: string }).endpoint_base_url ?? "";
      const ok = await fetch(`${endpoint}/health`, { signal: AbortSignal.timeout(2000) }).then(() => true, () => false);
      return send(200, { any_ok: ok, results: [{ url: `${endpoint}/health`, ok }] });
    }
    const jobsPath = /^\/api\/(rl|learning)\/jobs$/.exec(path);
    if (req.method === "GET" && jobsPath) {
      // The list, newest first, as `{data: [...]}`; `limit` and `status` filter it.
      const kind = jobsPath[1] === "rl" ? "rl" : "sft";
      const statusOf = (j: FakeJob) => (j.cancelled ? "cancelled" : script[Math.min(j.reads, script.length - 1)]!.status);
      const wanted = url.searchParams.get("status");
      const list = jobs.filter((j) => j.kind === kind && (!wanted || statusOf(j) === wanted)).reverse();
      const limit = Number(url.searchParams.get("limit") ?? 20);
      return send(200, { object: "list", data: list.slice(0, limit).map((j) => ({ id: j.id, status: statusOf(j), model: (j.payload as { model?: string })?.model ?? "Qwen/Qwen3-4B", created_at: "2026-11-25T00:00:00Z" })), has_more: list.length > limit });
    }
    if (post && jobsPath) {
      const key = req.headers["idempotency-key"] as string | undefined;
      let job = key ? jobs.find((j) => j.idempotencyKey === key) : undefined;
      if (!job) {
        job = { id: `job-${jobs.length + 1}`, kind: jobsPath[1] === "rl" ? "rl" : "sft", payload: body, idempotencyKey: key, reads: 0, started: false, cancelled: false };
        jobs.push(job);
      }
      if (failCreates > 0) {
        failCreates--;
        return send(503, { detail: "temporarily unavailable" });
      }
      return send(201, { job_id: job.id, status: "queued" });
    }
    const jobPath = /^\/api\/(rl|learning)\/jobs\/([^/]+)(\/events|\/start|\/cancel)?$/.exec(path);
    if (jobPath) {
      const job = jobs.find((j) => j.id === decodeURIComponent(jobPath[2]!) && (j.kind === "rl") === (jobPath[1] === "rl"));
      if (!job) return send(404, { detail: "job not found" });
      if (post && jobPath[3] === "/start") {
        job.started = true;
        return send(200, { job_id: job.id, status: "queued" });
      }
      if (post && jobPath[3] === "/cancel") {
        job.cancelled = true;
        return send(200, { id: job.id, status: "cancelled" });
      }
      if (job.cancelled && !jobPath[3]) return send(200, { id: job.id, status: "cancelled" });
      const released = script.slice(0, Math.max(1, job.reads)).flatMap((s) => s.events ?? []);
      if (jobPath[3] === "/events") {
        const since = Number(url.searchParams.get("since_seq") ?? 0);
        return send(200, { events: released.map((e, i) => ({ seq: i + 1, ...e })).filter((e) => e.seq > since) });
      }
      const step = script[Math.min(job.reads, script.length - 1)]!;
      job.reads++;
      return send(200, { id: job.id, status: step.status, ...step.body });
    }
    if (post && path === "/api/learning/files") {
      const fields = body as { file: { name: string; type: string; text: string }; purpose: string };
      const id = `file-${files.size + 1}`;
      files.set(id, { ...fields.file, purpose: fields.purpose });
      return send(200, { id, status: "processing" });
    }
    const filePath = /^\/api\/learning\/files\/([^/]+)$/.exec(path);
    if (filePath && files.has(filePath[1]!)) {
      const reads = (fileReads.get(filePath[1]!) ?? 0) + 1;
      fileReads.set(filePath[1]!, reads);
      return send(200, { id: filePath[1], status: reads > 1 ? "ready" : "processing" });
    }
    send(404, { detail: `no route ${req.method} ${path}` });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    jobs,
    files,
    calls: (method, path) => requests.filter((r) => r.method === method && (typeof path === "string" ? r.path === path : path.test(r.path))),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Runs the CLI (test/helpers/run-cli.ts) in a child process with exactly
 * `env` on top of PATH and HOME, so no key of the machine running the tests
 * leaks in and none of the test's keys leak out.
 */
export function runCliWithEnv(
  argv: readonly string[],
  env: Record<string, string>,
  cwd = process.cwd(),
  onSpawn?: (child: ChildProcess) => void,
): Promise<CliResult> {
  const base = cliBaseEnv();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...cliArgv(), ...argv], { cwd, env: { ...base, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (c: Buffer) => out.push(c));
    child.stderr.on("data", (c: Buffer) => err.push(c));
    child.on("error", reject);
    onSpawn?.(child);
    child.on("close", (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8") }));
  });
}

/** What runCliWithEnv starts from: PATH, HOME and NO_COLOR, none of the test process's keys. */
const cliBaseEnv = () => ({ PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NO_COLOR: "1" });

/** runCliWithEnv's run in this process (./cli-in-process.ts), for tests whose subject is not the process boundary. */
export function runCliWithEnvInProcess(argv: readonly string[], env: Record<string, string>, cwd?: string): Promise<CliResult> {
  return runCliInProcess(argv, { env: { ...cliBaseEnv(), ...env }, ...(cwd ? { cwd } : {}) });
}

/** Fails when `text` holds any key, or its first or last 6 characters. */
export function assertNoKey(text: string, keys: readonly string[]): void {
  for (const key of keys)
    for (const piece of [key, key.slice(0, 6), key.slice(-6)])
      if (text.includes(piece)) throw new Error(`output holds ${piece === key ? "a key" : "part of a key"} (${piece.length} characters):\n${text}`);
}
