/**
 * The wire to speak with an app: asked for, else what its `/info` advertises
 * (`rollout_wire.preferred`), else 0.2.x. A module of its own (no schema
 * loaded) because `eval` reads it before any rollout.
 */
import type { Wire } from "../client/index.js";

/** The wire to speak: `requested`, else the one `/info` advertises, else "0.2". */
export function wireOf(info: unknown, requested: Wire | undefined): Wire {
  if (requested) return requested;
  const preferred = (info as { rollout_wire?: { preferred?: unknown } } | null)?.rollout_wire?.preferred;
  return preferred === "container" || preferred === "0.2" ? preferred : "0.2";
}
