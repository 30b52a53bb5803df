/**
 * What one HTTP exchange of a check or an eval health probe found, and its
 * one-line summary: apart from `./http.ts` (which sends probes with fetch)
 * so `eval` names a failed probe without loading that.
 */

/** What came back from one request (or why nothing did). */
export interface Probe {
  method: string;
  path: string;
  /** 0 when the request failed before a response. */
  status: number;
  headers: Record<string, string>;
  text: string;
  /** Parsed JSON body, `undefined` when the body is not JSON. */
  json: unknown;
  /** Network or timeout error when there was no response (status 0), or why the body was not read in full. */
  error?: string;
}

/** `GET /x -> 200` style summary of a probe. */
export function describeProbe(p: Probe): string {
  return `${p.method} ${p.path} -> ${p.status === 0 ? `no response (${p.error})` : p.error ? `${p.status} (${p.error})` : p.status}`;
}
