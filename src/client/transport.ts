/**
 * The client's transport under the retries: redirects followed by hand so
 * keys never leave the task app's origin, and a cap on response bodies.
 *
 * fetch's own redirect handling drops `Authorization` on a cross-origin hop
 * but keeps `X-API-Key` / `X-API-Keys` and, on 307/308, the body. Here every
 * request goes out with `redirect: "manual"`: a redirect within the origin is
 * followed (303, and 301/302 after a POST, become a GET without body, as
 * fetch does); a redirect to another origin is refused before anything is
 * sent there.
 */

/** A redirect to another origin (or one that cannot be inspected) was refused. */
export class RedirectRefused extends Error {
  constructor(
    readonly status: number,
    /** The origin the redirect pointed to (never the full URL: its query may hold secrets). */
    readonly target: string,
    readonly origin: string,
  ) {
    super(`refused a ${status} redirect from ${origin} to ${target}: keys and request bodies are only sent to the task app's own origin`);
  }
}

/** The response body is larger than the limit; reading stopped there. */
export class BodyTooLarge extends Error {
  constructor(readonly limitBytes: number) {
    super(`response body exceeds the ${limitBytes}-byte limit (maxResponseBytes); reading stopped`);
  }
}

/** Settings of {@link createTransport}. */
export interface TransportOptions {
  /** Largest response body accepted, in bytes. */
  maxResponseBytes: number;
  /** Same-origin redirects followed per request. */
  maxRedirects: number;
}

type Fetch = (request: Request) => Promise<Response>;

/** Wraps `fetchImpl` with the redirect policy and the body cap. */
export function createTransport(fetchImpl: Fetch, options: TransportOptions): Fetch {
  return async (request) => limitBody(await followSameOrigin(fetchImpl, request, options.maxRedirects), options.maxResponseBytes);
}

async function followSameOrigin(fetchImpl: Fetch, first: Request, maxRedirects: number): Promise<Response> {
  const origin = new URL(first.url).origin;
  const body = first.body ? await first.clone().arrayBuffer() : undefined;
  let request = new Request(first, { redirect: "manual" });
  for (let hop = 0; ; hop++) {
    const response = await fetchImpl(request);
    if (response.type === "opaqueredirect") throw new RedirectRefused(response.status, "an undisclosed location", origin);
    const location = response.headers.get("location");
    if (response.status < 300 || response.status > 399 || response.status === 304 || location === null) return response;
    response.body?.cancel().catch(() => undefined);
    const target = new URL(location, request.url);
    if (target.origin !== origin) throw new RedirectRefused(response.status, target.origin, origin);
    if (hop >= maxRedirects) throw new TypeError(`more than ${maxRedirects} redirects`);
    const keepMethod = response.status === 307 || response.status === 308 || (response.status !== 303 && request.method !== "POST");
    const headers = new Headers(request.headers);
    if (!keepMethod) for (const name of ["content-type", "content-length"]) headers.delete(name);
    request = new Request(target, {
      method: keepMethod ? request.method : "GET",
      headers,
      body: keepMethod ? body : undefined,
      signal: request.signal,
      redirect: "manual",
    });
  }
}

/** Refuses a declared length over the cap at once; otherwise counts bytes as they are read and errors the stream past the cap. */
function limitBody(response: Response, maxBytes: number): Response {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.body?.cancel().catch(() => undefined);
    throw new BodyTooLarge(maxBytes);
  }
  if (!response.body) return response;
  let seen = 0;
  const counted = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxBytes) controller.error(new BodyTooLarge(maxBytes));
        else controller.enqueue(chunk);
      },
    }),
  );
  return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
}
