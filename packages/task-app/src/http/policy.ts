/**
 * The outgoing-request policy of every request task-app sends with a key:
 * the typed client, eval's health probes and rollouts, train and jobs to the
 * backend, and `check`. Two rules, one place:
 *
 * - **Redirects stay within the origin.** A redirect to another origin is
 *   refused before anything is sent there (no key header, no body): fetch's
 *   own handling drops `Authorization` on a cross-origin hop but keeps
 *   `X-API-Key` / `X-API-Keys` and, on 307/308, re-sends the body (a job
 *   payload to another host). Within the origin a redirect is followed as
 *   fetch does (303, and 301/302 after a POST, become a GET without body).
 * - **Response bodies are capped.** A body larger than the cap (declared or
 *   streamed) stops the read with {@link BodyTooLarge}: an endless answer
 *   must not grow a string until the process dies.
 *
 * `createGuardedFetch` applies both to a `fetch`; `nextRedirect` and
 * `createByteCounter` are the same rules for a `node:http` client (eval's).
 * `refuseRedirect` is the stricter rule of a client that follows no
 * redirect at all (deploy's calls to a Kubernetes API server).
 */

/** A redirect to another origin (or one that cannot be inspected) was refused. */
export class RedirectRefused extends Error {
  override name = "RedirectRefused";
  readonly code = "REDIRECT_REFUSED";
  constructor(
    readonly status: number,
    /** The origin the redirect pointed to (never the full URL: its query may hold secrets). */
    readonly target: string,
    readonly origin: string,
  ) {
    super(`refused a ${status} redirect from ${origin} to ${target}: keys and request bodies are only sent to the origin they were meant for`);
  }
}

/** The response body is larger than the limit; reading stopped there. */
export class BodyTooLarge extends Error {
  override name = "BodyTooLarge";
  readonly code = "RESPONSE_TOO_LARGE";
  constructor(readonly limitBytes: number) {
    super(`response body exceeds the ${limitBytes}-byte limit; reading stopped`);
  }
}

/** Same-origin redirects followed per request by default. */
export const DEFAULT_MAX_REDIRECTS = 5;

/** The request a redirect leads to. */
export interface RedirectHop {
  url: URL;
  method: string;
  /** False when the hop becomes a GET: drop the body and its content headers. */
  keepBody: boolean;
}

/**
 * Where a redirect answer leads, or undefined when `status` / `location` is
 * not a redirect to follow. Throws {@link RedirectRefused} for another origin
 * (the origin of the first request: a chain cannot wander off either) and a
 * TypeError past `maxRedirects` hops.
 */
export function nextRedirect(
  answer: { status: number; location: string | null | undefined },
  request: { url: string | URL; method: string; origin: string; hop: number },
  maxRedirects = DEFAULT_MAX_REDIRECTS,
): RedirectHop | undefined {
  const { status, location } = answer;
  if (!isRedirect(status) || location === null || location === undefined) return undefined;
  const target = redirectTarget(status, location, request);
  if (target.origin !== request.origin) throw new RedirectRefused(status, target.origin, request.origin);
  if (request.hop >= maxRedirects) throw new TypeError(`more than ${maxRedirects} redirects`);
  const keepBody = status === 307 || status === 308 || (status !== 303 && request.method !== "POST");
  return { url: target, method: keepBody ? request.method : "GET", keepBody };
}

/**
 * The rule of a client that follows no redirect at all, same origin or not
 * (deploy's Kubernetes calls: an API server answers its own API, and a hop
 * would carry the kubeconfig's token and a Secret's body): throws
 * {@link RedirectRefused} for a redirect answer, returns for any other.
 */
export function refuseRedirect(answer: { status: number; location: string | null | undefined }, request: { url: string | URL; origin: string }): void {
  const { status, location } = answer;
  if (!isRedirect(status)) return;
  const target = location === null || location === undefined ? "an undisclosed location" : redirectTarget(status, location, request).origin;
  throw new RedirectRefused(status, target, request.origin);
}

const isRedirect = (status: number) => status >= 300 && status <= 399 && status !== 304;

/** Whether an answer is a redirect that {@link nextRedirect} rules on (any other answer is the final one, its body to read). */
export const isRedirectAnswer = (answer: { status: number; location: string | null | undefined }): boolean =>
  isRedirect(answer.status) && answer.location !== null && answer.location !== undefined;

function redirectTarget(status: number, location: string, request: { url: string | URL; origin: string }): URL {
  try {
    return new URL(location, request.url);
  } catch {
    throw new RedirectRefused(status, "an unreadable location", request.origin);
  }
}

/** Counts the bytes of a body as they arrive; `add` throws {@link BodyTooLarge} past the cap. */
export function createByteCounter(maxBytes: number): { add(size: number): void; readonly seen: number } {
  return new ByteCounter(maxBytes);
}

/** A class rather than an object literal with a getter: one is made per response read, and a literal with an accessor costs microseconds to build. */
class ByteCounter {
  seen = 0;
  constructor(private readonly maxBytes: number) {}
  add(size: number): void {
    this.seen += size;
    if (this.seen > this.maxBytes) throw new BodyTooLarge(this.maxBytes);
  }
}

/** True when a declared `content-length` is over the cap. */
export const declaredOver = (contentLength: string | null | undefined, maxBytes: number): boolean => {
  const declared = Number(contentLength);
  return contentLength !== null && contentLength !== undefined && contentLength !== "" && Number.isFinite(declared) && declared > maxBytes;
};

/** Settings of {@link createGuardedFetch}. */
export interface GuardOptions {
  /** Largest response body accepted, in bytes (Infinity: no cap). */
  maxResponseBytes: number;
  /** Same-origin redirects followed per request (default 5). */
  maxRedirects?: number;
}

type Fetch = (request: Request) => Promise<Response>;

/** Wraps `fetchImpl` with the redirect policy and the body cap. */
export function createGuardedFetch(fetchImpl: Fetch, options: GuardOptions): Fetch {
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  return async (request) => limitBody(await followSameOrigin(fetchImpl, request, maxRedirects), options.maxResponseBytes);
}

async function followSameOrigin(fetchImpl: Fetch, first: Request, maxRedirects: number): Promise<Response> {
  const origin = new URL(first.url).origin;
  const body = first.body ? await first.clone().arrayBuffer() : undefined;
  let request = new Request(first, { redirect: "manual" });
  for (let hop = 0; ; hop++) {
    const response = await fetchImpl(request);
    if (response.type === "opaqueredirect") throw new RedirectRefused(response.status, "an undisclosed location", origin);
    let next: RedirectHop | undefined;
    try {
      next = nextRedirect({ status: response.status, location: response.headers.get("location") }, { url: request.url, method: request.method, origin, hop }, maxRedirects);
    } catch (error) {
      response.body?.cancel().catch(() => undefined);
      throw error;
    }
    if (!next) return response;
    response.body?.cancel().catch(() => undefined);
    const headers = new Headers(request.headers);
    if (!next.keepBody) for (const name of ["content-type", "content-length"]) headers.delete(name);
    request = new Request(next.url, { method: next.method, headers, body: next.keepBody ? body : undefined, signal: request.signal, redirect: "manual" });
  }
}

/** Refuses a declared length over the cap at once; otherwise counts bytes as they are read and errors the stream past the cap. */
function limitBody(response: Response, maxBytes: number): Response {
  if (!Number.isFinite(maxBytes)) return response;
  if (declaredOver(response.headers.get("content-length"), maxBytes)) {
    response.body?.cancel().catch(() => undefined);
    throw new BodyTooLarge(maxBytes);
  }
  if (!response.body) return response;
  const counter = createByteCounter(maxBytes);
  const counted = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        try {
          counter.add(chunk.byteLength);
          controller.enqueue(chunk);
        } catch (error) {
          controller.error(error);
        }
      },
    }),
  );
  return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** The {@link BodyTooLarge} or {@link RedirectRefused} behind `error` (fetch wraps a stream's error in a TypeError's cause), if any. */
export function policyErrorOf(error: unknown): RedirectRefused | BodyTooLarge | undefined {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) if (e instanceof RedirectRefused || e instanceof BodyTooLarge) return e;
  return undefined;
}
