/**
 * The error body every synth-ai task app answers with (CONTRACT.md §2):
 * FastAPI's `{"detail": ...}` wrapping `{"error": {"code", "message", ...}}`.
 * Extra keys beside `code` and `message` are kept: they carry details such
 * as the issue list of a 422.
 */
import { z } from "../zod.js";

/** One problem found in a request or response body: where, and what is wrong. */
export const ErrorIssue = z
  .object({
    path: z.string().meta({
      description: 'Dotted path of the offending value inside the body ("" for the body itself).',
      examples: ["env.seed", "metrics.mean_return"],
    }),
    message: z.string().meta({ description: "What is wrong with the value.", examples: ["Invalid input: expected number, received string"] }),
  })
  .meta({ id: "ErrorIssue", description: "One validation problem: the path of the value and what is wrong with it." });
export type ErrorIssue = z.infer<typeof ErrorIssue>;

/** `detail.error`: a stable code, a human message and any extra fields. */
export const ErrorDetail = z
  .object({
    code: z.string().min(1).meta({
      description: "Stable machine-readable error code.",
      examples: ["unauthorised", "missing_environment_api_key", "invalid_request", "invalid_rollout_response"],
    }),
    message: z.string().meta({ description: "Human-readable explanation.", examples: ["API key missing or invalid"] }),
  })
  .catchall(z.unknown())
  .meta({ id: "ErrorDetail", description: "The error itself: code, message and any extra fields (kept as sent)." });
export type ErrorDetail = z.infer<typeof ErrorDetail>;

/** The full error body: `{"detail": {"error": {...}}}`. */
export const ErrorBody = z
  .object({
    detail: z
      .object({ error: ErrorDetail })
      .meta({ description: "FastAPI's detail wrapper around the error." }),
  })
  .meta({
    id: "ErrorBody",
    description: 'Error response body of a task app: {"detail": {"error": {"code", "message", ...}}}, readable by Python clients.',
    examples: [{ detail: { error: { code: "unauthorised", message: "API key missing or invalid" } } }],
  });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Builds an error body; `extra` keys sit beside `code` and `message`. */
export function createErrorBody(code: string, message: string, extra: Record<string, unknown> = {}): ErrorBody {
  return { detail: { error: { ...extra, code, message } } };
}
