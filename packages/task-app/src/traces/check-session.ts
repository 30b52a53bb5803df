/**
 * The check a store makes of a session it is handed unchecked: the compiled
 * validator in place (defaults filled, unknown keys dropped), Zod's copy when
 * the compiled code cannot complete it, and Zod's words when it is refused.
 * Zod and the schemas are loaded only then, so the SQLite writer thread,
 * which checks the sessions the serving thread hands it as they were
 * recorded, starts without them.
 */
import { validateSessionTrace } from "../../generated/rollout-validate.js";
import type { SessionTraceV3 } from "../schemas/session-trace.js";

/** `input` checked in place, or undefined when only Zod can say (checkSessionTrace). */
export function checkSessionTraceInPlace(input: unknown): SessionTraceV3 | undefined {
  try {
    if (validateSessionTrace(input)) return input as SessionTraceV3;
  } catch {
    // a value the compiled code cannot complete in place: Zod's copy
  }
  return undefined;
}

/** `input` as a tracing-v3 session, or an error naming the path of the problem. */
export async function checkSessionTrace(input: unknown): Promise<SessionTraceV3> {
  const checked = checkSessionTraceInPlace(input);
  if (checked) return checked;
  const [{ SessionTraceV3 }, { z }] = await Promise.all([import("../schemas/session-trace.js"), import("../zod.js")]);
  const parsed = SessionTraceV3.safeParse(input);
  if (!parsed.success) throw new Error(`not a tracing-v3 session:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
