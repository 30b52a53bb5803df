/**
 * Error responses in synth-ai's shape `{"detail":{"error":{code,message,...}}}`,
 * and the conversion of Zod issues into `{path, message}` pairs.
 */
import type { z } from "zod";
import { createErrorBody, type ErrorIssue } from "../schemas/errors.js";
import { formatPath } from "../config/findings.js";

/** Every error status the server sends, and the codes that go with it. */
export const ERROR_CODES = {
  400: ["invalid_json"],
  401: ["unauthorised"],
  404: ["not_found"],
  405: ["method_not_allowed"],
  413: ["payload_too_large"],
  415: ["unsupported_media_type"],
  422: ["invalid_request", "invalid_seed", "limit_exceeded"],
  500: ["rollout_failed", "invalid_rollout_response", "invalid_task_info", "internal_error"],
  503: ["missing_environment_api_key", "shutting_down", "server_busy"],
  504: ["rollout_timeout"],
} as const;

/** A JSON reply before it becomes a Response or is written to a socket: its text, or its UTF-8 bytes (serialize.ts). */
export interface Reply {
  status: number;
  body: string | Buffer;
}

/** An error reply in synth-ai's shape. */
export function errorReply(status: number, code: string, message: string, extra: Record<string, unknown> = {}): Reply {
  return { status, body: JSON.stringify(createErrorBody(code, message, extra)) };
}

/** A JSON reply as a Fetch-API Response. */
export function toResponse(reply: Reply): Response {
  return new Response(reply.body as string | Uint8Array<ArrayBuffer>, { status: reply.status, headers: { "content-type": "application/json" } });
}

/** A JSON error response with the given status, code, message and extra fields. */
export function errorResponse(status: number, code: string, message: string, extra: Record<string, unknown> = {}): Response {
  return toResponse(errorReply(status, code, message, extra));
}

/** Zod issues as `{path, message}` pairs (dotted paths, `[i]` for indices). */
export function toIssues(error: z.ZodError, limit = 100): ErrorIssue[] {
  return error.issues.slice(0, limit).map((issue) => ({ path: formatPath(issue.path), message: issue.message }));
}

/** One-line summary of issues for an error message. */
export function summariseIssues(issues: readonly ErrorIssue[], limit = 5): string {
  const head = issues.slice(0, limit).map((i) => `${i.path || "(body)"}: ${i.message}`).join("; ");
  return issues.length > limit ? `${head}; and ${issues.length - limit} more` : head;
}
