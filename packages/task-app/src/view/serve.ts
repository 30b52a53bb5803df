/**
 * `startViewer`: opens the trace store with the readers' one read-only,
 * bounded open (`openTraceReader`: it never creates, migrates or writes a
 * store, refuses a foreign one, and bounds every query) and the run directories,
 * and serves the viewer on a socket (127.0.0.1 by default). Any other host
 * gets a random access token, which the printed URL carries.
 */
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "../hono.js";
import { openTraceReader, type TraceReader } from "../traces/reader.js";
import { createViewApi, type ViewApi } from "./api.js";
import { createViewServer } from "./app.js";
import { createRunReader, discoverRuns } from "./runs.js";

export interface ViewerOptions {
  /** Trace store (path or URL); undefined or missing file: runs only. */
  db?: string;
  /** Fail when the store cannot be opened (it was named explicitly). Default false: a missing default store is skipped. */
  dbRequired?: boolean;
  /** Run directories or folders of them. */
  runs: string[];
  /** Fail when a --runs path is missing. Default true. */
  runsRequired?: boolean;
  host?: string;
  port?: number;
  env?: NodeJS.ProcessEnv;
}

export interface OpenViewer {
  api: ViewApi;
  store?: TraceReader;
  close(): Promise<void>;
}

const isLoopback = (host: string) => host === "127.0.0.1" || host === "::1" || host === "localhost";

/** The API over the store and runs `options` name (no socket): for serving or exporting. */
export async function openViewer(options: ViewerOptions): Promise<OpenViewer> {
  const sources = discoverRuns(options.runs, { optional: options.runsRequired === false });
  let store: TraceReader | undefined;
  if (options.db) {
    try {
      store = await openTraceReader(options.db, options.env ? { env: options.env } : {});
    } catch (error) {
      if (options.dbRequired) throw error;
    }
  }
  const api = createViewApi({ ...(store ? { db: store.db, storeLocation: store.location } : {}), runs: createRunReader(sources) });
  return { api, ...(store ? { store } : {}), close: async () => void (await store?.close()) };
}

export interface RunningViewer {
  /** The URL to open (with `?token=` when one is needed). */
  url: string;
  token?: string;
  server: Server;
  viewer: OpenViewer;
  close(): Promise<void>;
}

/** Opens the viewer and listens. */
export async function startViewer(options: ViewerOptions): Promise<RunningViewer> {
  const viewer = await openViewer(options);
  const host = options.host ?? "127.0.0.1";
  const token = isLoopback(host) ? undefined : randomBytes(24).toString("base64url");
  const app = createViewServer({ api: viewer.api, ...(token ? { token } : {}) });
  const server = createServer(getRequestListener(app.fetch));
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(options.port ?? 0, host, () => resolve());
    });
  } catch (error) {
    await viewer.close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const shown = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
  const base = `http://${shown.includes(":") ? `[${shown}]` : shown}:${port}`;
  return {
    url: `${base}/runs${token ? `?token=${token}` : ""}`,
    ...(token ? { token } : {}),
    server,
    viewer,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await viewer.close();
    },
  };
}
