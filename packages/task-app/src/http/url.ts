/**
 * Task URLs as users write them: `http://user:pass@host/prefix?token=…`.
 * `fetch` refuses a URL that holds credentials, so they travel as a Basic
 * authorization header instead, and a path is put after the base's path
 * with the base's query kept at the end.
 */

/** A base URL without its userinfo, and the Basic authorization that carries it (when it had any). */
export interface SplitUrl {
  url: string;
  authorization?: string;
}

/** Takes `user:pass@` out of `baseUrl` (a string that is not a URL is returned as it is). */
export function splitUrlCredentials(baseUrl: string): SplitUrl {
  if (!URL.canParse(baseUrl)) return { url: baseUrl };
  const parsed = new URL(baseUrl);
  if (!parsed.username && !parsed.password) return { url: baseUrl };
  const pair = `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`;
  parsed.username = "";
  parsed.password = "";
  return { url: parsed.toString(), authorization: `Basic ${Buffer.from(pair).toString("base64")}` };
}

/**
 * `base` + `path`: the base's trailing slashes dropped, its query (if any)
 * moved after the path and joined with the path's own query by `&`.
 */
export function joinUrl(base: string, path: string): string {
  const at = base.indexOf("?");
  const [head, query] = at < 0 ? [base, ""] : [base.slice(0, at), base.slice(at + 1)];
  const joined = head.replace(/\/+$/, "") + path;
  return query ? `${joined}${path.includes("?") ? "&" : "?"}${query}` : joined;
}
