/**
 * A CLI (or fixture) process a test watches as it runs: its output so far,
 * its exit code, and a wait for a number of stdout lines matching a pattern
 * (to act mid-run: kill it, start a second one, interrupt it).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cliArgv } from "./cli-command.js";

export interface Running {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** The exit code, or null when a signal ended it. */
  exited: Promise<number | null>;
  /** Resolves once stdout holds `count` lines matching `pattern`. */
  waitFor(pattern: RegExp, count?: number): Promise<void>;
}

/** Spawns `node <argv>` in `cwd` with `env` over the process environment; a TypeScript fixture needs tsx in `argv`. */
export function startNode(argv: string[], env: NodeJS.ProcessEnv, cwd: string): Running {
  const child = spawn(process.execPath, argv, { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  const waiters: (() => void)[] = [];
  child.stdout!.on("data", (c: Buffer) => {
    out += c;
    for (const w of [...waiters]) w();
  });
  child.stderr!.on("data", (c: Buffer) => (err += c));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code, signal) => resolve(signal ? null : code)));
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    waitFor: (pattern, count = 1) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (out.split("\n").filter((l) => pattern.test(l)).length >= count) resolve();
        };
        waiters.push(check);
        check();
        exited.then(() => reject(new Error(`exited before ${count} lines matched ${pattern}: ${out}\n${err}`)));
      }),
  };
}

/** Spawns `task-app <args>`. */
export const startCli = (args: string[], env: NodeJS.ProcessEnv, cwd: string): Running => startNode([...cliArgv(), ...args], env, cwd);
