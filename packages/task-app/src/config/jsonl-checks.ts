/**
 * What `task-app validate-jsonl` checks beyond synth-ai's lenient line schema
 * (./jsonl.ts): things that make a training job fail or learn nothing.
 * A role the chat template does not know is an error, an example without an
 * assistant turn has nothing to learn (a warning), and a data URL whose
 * base64 does not decode is an error.
 */
import type { SFTExample } from "../schemas/sft-jsonl.js";
import { readImagePartUrl } from "../schemas/sft-jsonl.js";
import { formatPath } from "./findings.js";

/** Roles chat templates render; anything else fails when the trainer applies the template. */
export const KNOWN_ROLES: readonly string[] = ["system", "developer", "user", "assistant", "tool", "function"];

export interface SftExampleIssue {
  severity: "error" | "warning";
  path: string;
  message: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** `data:<type>;base64,<payload>`: the payload, or undefined when `url` is not a base64 data URL. */
function base64Payload(url: string): string | undefined {
  if (!url.startsWith("data:")) return undefined;
  const comma = url.indexOf(",");
  if (comma < 0) return undefined;
  return /;base64$/i.test(url.slice(0, comma)) ? url.slice(comma + 1) : undefined;
}

/** Why a base64 payload does not decode, or undefined when it does. */
export function describeBadBase64(payload: string): string | undefined {
  if (payload === "") return "is empty";
  const bad = /[^A-Za-z0-9+/=]/.exec(payload);
  if (bad) return `has a character outside base64 (${JSON.stringify(bad[0])} at offset ${bad.index})`;
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(payload)) return "has '=' padding in the middle";
  if (payload.length % 4 !== 0) return `has a length of ${payload.length}, not a multiple of 4`;
  return undefined;
}

/** The image URLs of a message content with their key paths (relative to the content). */
function imageUrls(content: unknown): { path: (string | number)[]; url: string }[] {
  const parts = Array.isArray(content) ? content : [content];
  const out: { path: (string | number)[]; url: string }[] = [];
  parts.forEach((part, index) => {
    if (!isRecord(part)) return;
    const at: (string | number)[] = Array.isArray(content) ? [index] : [];
    const url = readImagePartUrl(part);
    if (typeof url === "string") out.push({ path: [...at, isRecord(part.image_url) ? "image_url" : "image", ...(isRecord(part.image_url) ? ["url"] : [])], url });
    else if (typeof part.image_url === "string") out.push({ path: [...at, "image_url"], url: part.image_url });
  });
  return out;
}

/** Checks one example that passed the line schema. */
export function checkSftExample(example: SFTExample): SftExampleIssue[] {
  const issues: SftExampleIssue[] = [];
  const messages = example.messages as unknown as Record<string, unknown>[];
  messages.forEach((message, i) => {
    const role = message.role as string;
    if (!KNOWN_ROLES.includes(role))
      issues.push({ severity: "error", path: `messages[${i}].role`, message: `unknown role ${JSON.stringify(role)}; expected one of ${KNOWN_ROLES.join(", ")}` });
    for (const { path, url } of imageUrls(message.content)) {
      const payload = base64Payload(url);
      const why = payload === undefined ? undefined : describeBadBase64(payload);
      if (why) issues.push({ severity: "error", path: formatPath(["messages", i, "content", ...path]), message: `data URL is not valid base64: its payload ${why}` });
    }
  });
  if (!messages.some((m) => m.role === "assistant"))
    issues.push({ severity: "warning", path: "messages", message: "no assistant turn: the example has nothing to train on" });
  return issues;
}
