/**
 * Runs the `task-app` CLI in a child process (the build when it is fresh,
 * else the sources through tsx: ./cli-command.ts) and captures its exit code
 * and output, so tests see exactly what a user sees.
 * Usage as a script: `node --import tsx test/helpers/run-cli.ts <args>`.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { cliArgv } from "./cli-command.js";

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

const self = fileURLToPath(import.meta.url);

export interface RunCliOptions {
  /** Kill the CLI (SIGKILL) after this long, so a hanging command fails its test instead of holding it. */
  timeoutMs?: number;
}

/** Spawns the CLI with `argv` (in `cwd`, with `env` when given) and resolves when it exits (code 137 when killed by `timeoutMs`). */
export function runCli(argv: readonly string[], cwd = process.cwd(), env?: NodeJS.ProcessEnv, options: RunCliOptions = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...cliArgv(), ...argv], {
      cwd,
      stdio: ["ignore", "pipe", "pipe"],
      ...(env ? { env } : {}),
      ...(options.timeoutMs ? { timeout: options.timeoutMs, killSignal: "SIGKILL" as const } : {}),
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (c: Buffer) => out.push(c));
    child.stderr.on("data", (c: Buffer) => err.push(c));
    child.on("error", reject);
    child.on("close", (code) =>
      resolve({ code: code ?? 137, stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8") }),
    );
  });
}

if (process.argv[1] === self) {
  const { main } = await import("../../src/cli/main.js");
  process.exitCode = await main(process.argv.slice(2));
}
