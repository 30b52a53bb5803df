/**
 * Why a task app cannot be used, in the words `check` and `eval` share:
 * nothing answered (the server is down or the URL is wrong), or it answered
 * and refused the key.
 */
import { describeProbe, type Probe } from "./probe.js";

/** 401/403, or synth-ai's 400 `unauthorised` (CONTRACT.md §3.3). */
export function keyRejected(p: Pick<Probe, "status" | "json">): boolean {
  if (p.status === 401 || p.status === 403) return true;
  const detail = (p.json as { detail?: { error?: { code?: unknown } } } | undefined)?.detail;
  return p.status === 400 && typeof detail === "object" && detail !== null && detail.error?.code === "unauthorised";
}

/** Nothing answered at `url`. */
export const describeUnreachable = (url: string, error: string | undefined): string => `nothing answered at ${url} (${error ?? "no response"}); is the task app running there?`;

/** The app answered `probe` and refused the key. */
export const describeKeyRejected = (probe: Probe): string => `the API key was rejected (${describeProbe(probe)} with the key); pass the app's key with --api-key or ENVIRONMENT_API_KEY`;

/** Why a probe of a running app failed: unreachable, key refused, or its own answer; undefined when it passed (200, body read). */
export function describeProbeFailure(url: string, probe: Probe): string | undefined {
  if (probe.status === 0) return describeUnreachable(url, probe.error);
  if (keyRejected(probe)) return describeKeyRejected(probe);
  if (probe.status !== 200 || probe.error) return `${url}: ${describeProbe(probe)}`;
  return undefined;
}
