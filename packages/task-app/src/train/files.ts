/**
 * SFT training files on the backend (CONTRACT.md §13.2): `POST
 * /learning/files` (multipart `file`, `purpose=fine-tune`, content type
 * application/jsonl), then `GET /learning/files/{id}` until the file is
 * ready, uploaded, stored or complete.
 */
import { openAsBlob } from "node:fs";
import { TrainError } from "./errors.js";
import { formatSeconds } from "./poll.js";
import type { BackendClient } from "./http.js";

const READY = new Set(["ready", "uploaded", "stored", "complete", "completed", "processed"]);
const FAILED = new Set(["failed", "error", "rejected"]);

/** Uploads a JSONL file and returns its file id. Tried once: a repeat would store the file twice. */
export async function uploadFile(client: BackendClient, path: string, name: string): Promise<string> {
  const blob = await openAsBlob(path, { type: "application/jsonl" });
  const form = new FormData();
  form.append("file", blob, name);
  form.append("purpose", "fine-tune");
  const { body } = await client.send({ operation: `upload ${name}`, method: "POST", path: "/learning/files", form, retry: false });
  const b = body as { id?: unknown; file_id?: unknown } | undefined;
  const id = b?.id ?? b?.file_id;
  if (typeof id !== "string" || !id) throw new TrainError("upload", `cannot upload ${name}: the backend answered without a file id`);
  return id;
}

/** Waits until the backend has the file; throws when it reports a failure or the time is up. */
export async function waitForFile(
  client: BackendClient,
  fileId: string,
  options: { intervalMs: number; timeoutMs: number; sleep?: (ms: number) => Promise<void>; now?: () => number },
): Promise<void> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const now = options.now ?? Date.now;
  const started = now();
  for (;;) {
    const { body } = await client.send({ operation: `read the status of file ${fileId}`, path: `/learning/files/${encodeURIComponent(fileId)}`, retry: true });
    const status = String((body as { status?: unknown } | undefined)?.status ?? "ready").toLowerCase();
    if (READY.has(status)) return;
    if (FAILED.has(status)) throw new TrainError("upload", `the backend could not store file ${fileId} (status ${status})`);
    if (now() - started >= options.timeoutMs) throw new TrainError("upload", `file ${fileId} was still ${status} after ${formatSeconds(options.timeoutMs)}`);
    await sleep(options.intervalMs);
  }
}
