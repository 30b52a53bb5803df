/**
 * A watch of Kubernetes objects (`GET <path>?watch=true`: one JSON event a
 * line, `{type, object}`), sent through deploy's one transport
 * (kube-http.ts): no redirect, a deadline on the answer's head, each line
 * capped. Lines that are not events are skipped, as kubectl skips them.
 */
import type { IncomingMessage } from "node:http";
import type { Cluster } from "./cluster.js";
import { BodyTooLarge, credentialsOf, openKubeStream } from "./kube-http.js";

/** Called with each event: its type (ADDED, MODIFIED, DELETED, BOOKMARK, ERROR) and object. */
export type WatchEvent = (type: string, object: any) => void;

/**
 * Starts a watch of `path` with `query`; `done` is called once, with null
 * when the server ended the stream and with the error otherwise (also when
 * the watch could not start). Aborting the controller ends it without a
 * call to `done`.
 */
export function watchObjects(
  cluster: Pick<Cluster, "kc" | "server" | "limits">,
  path: string,
  query: Record<string, string | number | boolean | undefined>,
  onEvent: WatchEvent,
  done: (error: unknown) => void,
): AbortController {
  const controller = new AbortController();
  let called = false;
  const finish = (error: unknown) => {
    if (called || controller.signal.aborted) return;
    called = true;
    controller.abort();
    done(error);
  };
  void (async () => {
    const url = new URL(`${cluster.server.replace(/\/$/, "")}${path}`);
    url.searchParams.set("watch", "true");
    for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, String(value));
    const stream = await openKubeStream({ url: url.href, method: "GET", ...(await credentialsOf(cluster.kc)), signal: controller.signal }, cluster.limits);
    readLines(stream, cluster.limits.maxResponseBytes, (line) => {
      let event: { type?: unknown; object?: unknown };
      try {
        event = JSON.parse(line) as typeof event;
      } catch {
        return;
      }
      if (typeof event?.type === "string") onEvent(event.type, event.object);
    }).then(() => finish(null), finish);
  })().catch(finish);
  return controller;
}

/** Calls `onLine` with each line of `stream`; rejects with BodyTooLarge on a line longer than `maxLine` bytes. */
function readLines(stream: IncomingMessage, maxLine: number, onLine: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let pending: Buffer[] = [];
    let size = 0;
    stream.on("data", (chunk: Buffer) => {
      let start = 0;
      for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, start)) {
        pending.push(chunk.subarray(start, at));
        const line = Buffer.concat(pending).toString("utf8");
        pending = [];
        size = 0;
        start = at + 1;
        if (line.trim()) onLine(line);
      }
      const rest = chunk.subarray(start);
      size += rest.byteLength;
      if (size > maxLine) {
        reject(new BodyTooLarge(maxLine));
        return stream.destroy();
      }
      if (rest.byteLength) pending.push(rest);
    });
    stream.on("end", () => {
      const line = Buffer.concat(pending).toString("utf8");
      if (line.trim()) onLine(line);
      resolve();
    });
    stream.on("error", reject);
    stream.on("aborted", () => reject(new Error("the API server closed the watch mid-event")));
  });
}
