/**
 * A tiny router: every view has a URL (`/runs`, `/runs/<run>`,
 * `/sessions/<id>`, `/compare/<a>/<b>`, `/stored?model=<m>`, filters in the query string). Served,
 * it uses the path (History API); in an exported file, the fragment
 * (`report.html#/runs/<run>`), since file:// URLs have no paths of their own.
 */
import { h, type Child } from "./dom.js";

export interface Route {
  name: "runs" | "run" | "session" | "compare" | "stored" | "missing";
  params: string[];
  query: URLSearchParams;
}

let hashMode = false;
let onChange: () => void = () => {};

export function startRouter(options: { hash: boolean; render: () => void }): void {
  hashMode = options.hash;
  onChange = options.render;
  window.addEventListener(hashMode ? "hashchange" : "popstate", () => onChange());
  document.addEventListener("click", (event) => {
    const a = (event.target as Element | null)?.closest?.("a[data-nav]");
    if (!a || (event as MouseEvent).ctrlKey || (event as MouseEvent).metaKey || (event as MouseEvent).button !== 0) return;
    event.preventDefault();
    navigate(a.getAttribute("data-nav")!);
  });
  onChange();
}

/** The current location as a view path with its query. */
export function currentPath(): string {
  if (hashMode) return location.hash.replace(/^#/, "") || "/runs";
  return `${location.pathname}${location.search}`;
}

export function currentRoute(): Route {
  const url = new URL(currentPath(), "http://view.invalid");
  const parts = url.pathname.split("/").filter(Boolean).map((p) => decodeURIComponent(p));
  const query = url.searchParams;
  query.delete("token");
  if (parts.length === 0 || (parts[0] === "runs" && parts.length === 1)) return { name: "runs", params: [], query };
  if (parts[0] === "runs" && parts.length === 2) return { name: "run", params: [parts[1]!], query };
  if (parts[0] === "stored" && parts.length === 1) return { name: "stored", params: [], query };
  if (parts[0] === "sessions" && parts.length === 2) return { name: "session", params: [parts[1]!], query };
  if (parts[0] === "compare" && parts.length === 3) return { name: "compare", params: [parts[1]!, parts[2]!], query };
  return { name: "missing", params: parts, query };
}

/** Builds a view path from segments (each encoded) and a query. */
export function pathOf(segments: string[], query?: URLSearchParams): string {
  const q = query?.toString();
  return `/${segments.map(encodeURIComponent).join("/")}${q ? `?${q}` : ""}`;
}

export function hrefOf(path: string): string {
  return hashMode ? `#${path}` : path;
}

export function navigate(path: string, options: { replace?: boolean } = {}): void {
  if (hashMode) {
    if (options.replace) history.replaceState(null, "", `#${path}`);
    else location.hash = path;
    if (options.replace) onChange();
    return;
  }
  if (options.replace) history.replaceState(null, "", path);
  else history.pushState(null, "", path);
  onChange();
}

/** An internal link: a real href (open in a new tab works) that navigates without a reload. */
export function link(path: string, ...children: Child[]): HTMLAnchorElement {
  const a = h("a", {}, ...children);
  a.href = hrefOf(path);
  a.setAttribute("data-nav", path);
  return a;
}
