/**
 * Runs the `task-app` CLI's `main(argv)` (src/cli/main.ts: the same yargs
 * parsing, handlers and printers a spawned CLI runs) inside the test process,
 * with the given working directory and environment, capturing what it writes
 * to standard output and error and returning its exit code: the shape of
 * ./run-cli.ts's result, without paying a Node start and a CLI load per call.
 *
 * For tests whose subject is what a command prints, exits with or does, not
 * the process boundary: each file that uses it keeps real-process runs
 * (./run-cli.ts) for its claims about exit codes, output and signals, so the
 * bin, the process exit and the event loop draining stay covered.
 *
 * Calls are serialised (the environment, the working directory and the two
 * streams are the process's own). The test runner's own reports, which a
 * test file's process writes to its standard output as V8-serialised frames
 * (they start with 0xFF 0x0F), pass through to the runner untouched.
 */
import type { CliResult } from "./run-cli.js";

export interface InProcessOptions {
  /** Working directory for the call (default: the test process's). */
  cwd?: string;
  /** The whole environment for the call, as a spawned CLI's `env` (default: the test process's). */
  env?: NodeJS.ProcessEnv;
}

let queue: Promise<unknown> = Promise.resolve();

/** `task-app <argv>` in this process; resolves with its exit code and output. */
export function runCliInProcess(argv: readonly string[], options: InProcessOptions = {}): Promise<CliResult> {
  const run = queue.then(() => runNow(argv, options));
  queue = run.catch(() => undefined);
  return run;
}

type Write = typeof process.stdout.write;

function capture(stream: NodeJS.WriteStream, sink: Buffer[]): () => void {
  const original = stream.write;
  stream.write = function (this: NodeJS.WriteStream, chunk: unknown, encoding?: unknown, callback?: unknown): boolean {
    if (chunk instanceof Uint8Array && chunk[0] === 0xff && chunk[1] === 0x0f) return (original as (...a: unknown[]) => boolean).call(this, chunk, encoding, callback);
    sink.push(typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8") : Buffer.from(chunk as Uint8Array));
    const done = typeof encoding === "function" ? encoding : callback;
    if (typeof done === "function") process.nextTick(done as () => void);
    return true;
  } as Write;
  return () => {
    stream.write = original;
  };
}

async function runNow(argv: readonly string[], options: InProcessOptions): Promise<CliResult> {
  const { main } = await import("../../src/cli/main.js");
  const savedEnv = { ...process.env };
  const savedCwd = process.cwd();
  const savedExitCode = process.exitCode;
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  if (options.env) setEnv(options.env);
  if (options.cwd) process.chdir(options.cwd);
  const restoreOut = capture(process.stdout, out);
  const restoreErr = capture(process.stderr, err);
  let code: number;
  try {
    code = await main([...argv]);
  } finally {
    restoreOut();
    restoreErr();
    process.chdir(savedCwd);
    setEnv(savedEnv);
    process.exitCode = savedExitCode;
  }
  return { code, stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8") };
}

/** Makes process.env hold exactly `env` (the object itself stays: modules hold references to it). */
function setEnv(env: NodeJS.ProcessEnv): void {
  for (const key of Object.keys(process.env)) if (!(key in env)) delete process.env[key];
  for (const [key, value] of Object.entries(env)) if (value !== undefined) process.env[key] = value;
}
