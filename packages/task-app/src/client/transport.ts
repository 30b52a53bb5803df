/**
 * The client's transport under the retries: the shared outgoing-request
 * policy (`../http/policy.ts`): redirects followed only within the task
 * app's origin, so keys never leave it, and a cap on response bodies.
 */
import { createGuardedFetch, type GuardOptions } from "../http/policy.js";

export { BodyTooLarge, RedirectRefused } from "../http/policy.js";

/** Settings of {@link createTransport}. */
export interface TransportOptions extends GuardOptions {
  maxRedirects: number;
}

/** Wraps `fetchImpl` with the redirect policy and the body cap. */
export function createTransport(fetchImpl: (request: Request) => Promise<Response>, options: TransportOptions): (request: Request) => Promise<Response> {
  return createGuardedFetch(fetchImpl, options);
}
