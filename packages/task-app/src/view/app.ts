/**
 * `createViewServer`: the viewer's HTTP surface as a Hono fetch handler.
 * Read only: GET (and HEAD) only, every other method is refused; JSON under
 * `/api/`, the browser app's static files under `/assets/`, and its page for
 * every view URL (`/runs`, `/runs/<run>`, `/sessions/<id>`,
 * `/compare/<a>/<b>`, `/stored?model=<m>`). Every answer carries a Content-Security-Policy that
 * forbids inline script and allows images only from `data:` URLs. With a
 * token (any host but loopback), a request must carry it (`?token=` once,
 * then the cookie it sets; 401 otherwise, a malformed cookie included); without one, only loopback host names are
 * answered (a DNS-rebinding page cannot read the API).
 */
import { timingSafeEqual } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Context } from "hono";
import { Hono } from "../hono.js";
import type { ViewApi } from "./api.js";
import { parseRowQuery, storedModelOf } from "./tables.js";

/** The Content-Security-Policy of every answer. */
export const VIEW_CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src data:; connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export const TOKEN_COOKIE = "task_app_view_token";

/** Where `npm run build` puts the browser app (`dist/viewer`, two levels up from this module in `src/` and `dist/`). */
export const viewerAssetsDir = () => fileURLToPath(new URL("../../dist/viewer/", import.meta.url));

const TYPES: Record<string, string> = { ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8", ".html": "text/html; charset=utf-8", ".svg": "image/svg+xml", ".png": "image/png", ".woff2": "font/woff2" };
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

export interface ViewServerOptions {
  api: ViewApi;
  /** Required on every request when set (the server listens beyond loopback). */
  token?: string;
  /** The built browser app; default `dist/viewer`. */
  assetsDir?: string;
}

const sameToken = (given: string | undefined, token: string) => {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** The value of cookie `name`; undefined when absent or not percent-decodable (a malformed cookie is no token). */
function cookieOf(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k !== name) continue;
    try {
      return decodeURIComponent(v.join("="));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export function createViewServer(options: ViewServerOptions) {
  const assets = options.assetsDir ?? viewerAssetsDir();
  const app = new Hono();

  app.use("*", async (c, next) => {
    c.header("Content-Security-Policy", VIEW_CSP);
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Referrer-Policy", "no-referrer");
    c.header("X-Frame-Options", "DENY");
    c.header("Cross-Origin-Resource-Policy", "same-origin");
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return c.json({ error: "the viewer is read only" }, 405, { Allow: "GET, HEAD" });
    if (options.token) {
      const given = c.req.query("token");
      if (sameToken(given, options.token)) c.header("Set-Cookie", `${TOKEN_COOKIE}=${encodeURIComponent(options.token)}; Path=/; HttpOnly; SameSite=Strict`);
      else if (!sameToken(cookieOf(c.req.header("cookie"), TOKEN_COOKIE), options.token))
        return c.text("This viewer needs its access token: open the URL `task-app view` printed (it ends in ?token=...).\n", 401);
    } else {
      const host = (c.req.header("host") ?? "").replace(/:\d+$/, "").toLowerCase();
      if (!LOOPBACK_HOSTS.has(host)) return c.text(`This viewer answers only on loopback host names, not ${JSON.stringify(host.slice(0, 100))}.\n`, 403);
    }
    await next();
  });

  // A failure answers 500 with a one-line body: no stack trace on the page or the terminal.
  app.onError((_error, c) => c.json({ error: "the viewer could not answer this request" }, 500));

  const json = (c: Context, value: unknown) => {
    c.header("Cache-Control", "no-store");
    return value === undefined ? c.json({ error: "not found" }, 404) : c.json(value);
  };
  const pageQuery = (c: Context) => {
    const params = new URL(c.req.url).searchParams;
    const { page, size } = parseRowQuery(params);
    return { ...(page !== undefined ? { page } : {}), ...(size !== undefined ? { size } : {}) };
  };

  app.get("/api/runs", async (c) => json(c, await options.api.runs()));
  app.get("/api/runs/:name", async (c) => json(c, await options.api.run(c.req.param("name"), parseRowQuery(new URL(c.req.url).searchParams))));
  app.get("/api/compare/:a/:b", async (c) => json(c, await options.api.compare(c.req.param("a"), c.req.param("b"), pageQuery(c))));
  app.get("/api/stored", async (c) => {
    const params = new URL(c.req.url).searchParams;
    const group = storedModelOf(params);
    if (!group) return c.json({ error: "name the group: ?model=<model> or ?no_model=1" }, 400);
    return json(c, await options.api.stored(group.model, pageQuery(c)));
  });
  app.get("/api/sessions/:id", async (c) => json(c, (await options.api.session(c.req.param("id")))?.view));
  app.get("/api/sessions/:id/raw", async (c) => json(c, (await options.api.session(c.req.param("id")))?.raw));
  app.get("/api/*", (c) => c.json({ error: "no such API route" }, 404));

  app.get("/assets/:file", (c) => {
    const file = c.req.param("file");
    const path = join(assets, "assets", file);
    if (!/^[\w.-]+$/.test(file) || file.startsWith(".") || !existsSync(path)) return c.text("not found\n", 404);
    c.header("Cache-Control", "public, max-age=31536000, immutable");
    return c.body(readFileSync(path), 200, { "Content-Type": TYPES[extname(file)] ?? "application/octet-stream" });
  });

  const page = (c: Context) => {
    const index = join(assets, "index.html");
    if (!existsSync(index)) return c.text("The viewer's page is not built: run `npm run build` in the task-app package.\n", 500);
    c.header("Cache-Control", "no-store");
    return c.html(readFileSync(index, "utf8"));
  };
  app.get("/", (c) => c.redirect("/runs"));
  for (const route of ["/runs", "/runs/:name", "/sessions/:id", "/compare/:a/:b", "/stored"]) app.get(route, page);
  app.notFound((c) => c.text("not found\n", 404));
  return app;
}
