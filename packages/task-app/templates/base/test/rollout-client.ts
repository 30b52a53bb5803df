/**
 * The app served in-process (no socket) for tests, with a test key: plain
 * requests, and rollouts that fill in the fields a test does not care about.
 */
import assert from "node:assert/strict";
import { createTaskAppServer, type TaskApp, type TaskAppServer } from "task-app";

/** The ENVIRONMENT_API_KEY the test server accepts. */
export const TEST_KEY = "test-environment-key";

/** A test server and helpers that call it with {@link TEST_KEY}. */
export interface RolloutClient {
  /** The server itself, for requests that must go without the key. */
  server: TaskAppServer;
  /** Sends a request with the key (JSON content type) and returns its status and JSON body. */
  json(path: string, init?: RequestInit): Promise<{ status: number; body: any }>;
  /**
   * POSTs /rollout with `run_id`, empty `ops` and an empty `policy` unless
   * `body` gives them, asserts 200, and returns the RolloutResponse.
   */
  rollout(body: Record<string, unknown>): Promise<any>;
}

/** Serves `app` in-process; rollouts default to the run id `runId`. */
export function createRolloutClient(app: TaskApp, runId: string): RolloutClient {
  const server = createTaskAppServer(app, { env: { ENVIRONMENT_API_KEY: TEST_KEY } });
  const headers = { "x-api-key": TEST_KEY, "content-type": "application/json" };
  const json = async (path: string, init: RequestInit = {}) => {
    const res = await server.request(path, { ...init, headers: { ...headers, ...init.headers } });
    return { status: res.status, body: await res.json() };
  };
  return {
    server,
    json,
    async rollout(body) {
      const res = await json("/rollout", { method: "POST", body: JSON.stringify({ run_id: runId, ops: [], policy: {}, ...body }) });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body;
    },
  };
}
