/**
 * What the log says about a failed executor: the error's cause chain (where a
 * failed `fetch` keeps the real reason, such as `ECONNREFUSED`) and the
 * inference URL the rollout was pointed at, both redacted.
 */
import { redactUrl, type SecretRedactor } from "./secrets.js";

/** Deepest cause chain followed. */
const MAX_CAUSES = 4;

/** `code: message` of each cause of `error`, outermost first; empty when it has none. */
export function describeCauses(error: unknown, redact: SecretRedactor): string[] {
  const out: string[] = [];
  let cause = (error as { cause?: unknown } | null)?.cause;
  while (cause !== undefined && cause !== null && out.length < MAX_CAUSES) {
    const { code, message } = cause as { code?: unknown; message?: unknown };
    const text = typeof message === "string" ? message : String(cause);
    out.push(redact(code !== undefined && !text.includes(String(code)) ? `${String(code)}: ${text}` : text).slice(0, 500));
    cause = (cause as { cause?: unknown }).cause;
  }
  return out;
}

/** Log fields for a failed executor: `cause` (when the error has one) and `inference_url` (when the rollout named one). */
export function describeExecutorFailure(error: unknown, inferenceUrl: string | null | undefined, redact: SecretRedactor): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const causes = describeCauses(error, redact);
  if (causes.length) fields.cause = causes.join(" <- ");
  if (inferenceUrl) fields.inference_url = redactUrl(inferenceUrl, redact);
  return fields;
}
