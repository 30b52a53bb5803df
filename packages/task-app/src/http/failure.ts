/**
 * Why a request got no answer, in words a user can act on. fetch reports
 * every failure as `TypeError: fetch failed` and keeps the reason in its
 * `cause` chain (a system error's `code`, undici's `UND_ERR_*` codes, or a
 * bare "bad port"): the typed client, `check` and `train` describe a failure
 * with this one function instead of printing "fetch failed".
 */

const WORDS: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "host lookup failed for now",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  ETIMEDOUT: "connection timed out",
  EPIPE: "connection closed while sending",
  UND_ERR_SOCKET: "connection closed",
  UND_ERR_CONNECT_TIMEOUT: "connection timed out",
  UND_ERR_HEADERS_TIMEOUT: "no response headers in time",
  UND_ERR_BODY_TIMEOUT: "the body stopped arriving",
  DEPTH_ZERO_SELF_SIGNED_CERT: "the server's TLS certificate is self-signed",
  SELF_SIGNED_CERT_IN_CHAIN: "the server's TLS certificate chain is self-signed",
  CERT_HAS_EXPIRED: "the server's TLS certificate has expired",
  ERR_TLS_CERT_ALTNAME_INVALID: "the server's TLS certificate is for another host",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "the server's TLS certificate cannot be verified",
};

/** The innermost error of a `cause` chain that says more than "fetch failed" (at most 5 deep). */
function rootCause(error: unknown): unknown {
  let found = error;
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code !== undefined || !(e instanceof Error) || e.message !== "fetch failed") found = e;
  }
  return found;
}

/**
 * A short reason for a request that got no answer: "connection refused
 * (ECONNREFUSED)", "host not found (ENOTFOUND)", or, for a port fetch will
 * not connect to, which port and what to do (`blockedPortFix`: what is at the
 * URL, a task app by default). `url` (when known) names the port.
 */
export function describeRequestFailure(error: unknown, url?: string | URL, blockedPortFix = "serve the task app on another port"): string {
  const cause = rootCause(error);
  const code = (cause as { code?: unknown })?.code;
  const message = cause instanceof Error ? cause.message : String(cause);
  if (message === "bad port") return describeBlockedPort(url, blockedPortFix);
  if (typeof code === "string" && WORDS[code]) return `${WORDS[code]} (${code})`;
  if (typeof code === "string" && !message.includes(code)) return `${message} (${code})`;
  return message;
}

function describeBlockedPort(url: string | URL | undefined, fix: string): string {
  let port = "this port";
  try {
    if (url !== undefined) port = `port ${new URL(String(url)).port}`;
  } catch {
    // an unreadable URL: keep the general wording
  }
  return `${port} is one fetch refuses to connect to (a blocked port of the Fetch standard, as browsers refuse it): ${fix}`;
}
