/**
 * Where a view's data comes from: the viewer's JSON API when served, or the
 * data embedded in an exported report (pages computed here with the server's
 * own functions, so both show the same numbers).
 */
import type { CompareView, RunPageView, RunsOverview } from "../../src/view/api.js";
import type { ExportData } from "../../src/view/export-data.js";
import { buildCompareView, buildRunPage } from "../../src/view/pages.js";
import type { SessionView } from "../../src/view/session.js";
import { parseRowQuery } from "../../src/view/tables.js";

export interface Source {
  exported: boolean;
  runs(): Promise<RunsOverview>;
  run(name: string, query: URLSearchParams): Promise<RunPageView | undefined>;
  compare(a: string, b: string, query: URLSearchParams): Promise<CompareView | undefined>;
  session(id: string): Promise<SessionView | undefined>;
  raw(id: string): Promise<unknown>;
}

async function getJson<T>(path: string): Promise<T | undefined> {
  const res = await fetch(path, { headers: { accept: "application/json" }, credentials: "same-origin" });
  if (res.status === 404) return undefined;
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

const seg = encodeURIComponent;

export function serverSource(): Source {
  return {
    exported: false,
    runs: async () => (await getJson<RunsOverview>("/api/runs"))!,
    run: (name, query) => getJson(`/api/runs/${seg(name)}?${query}`),
    compare: (a, b, query) => getJson(`/api/compare/${seg(a)}/${seg(b)}?${query}`),
    session: (id) => getJson(`/api/sessions/${seg(id)}`),
    raw: (id) => getJson(`/api/sessions/${seg(id)}/raw`),
  };
}

export function embeddedSource(data: ExportData): Source {
  const tokensOf = (name: string) => new Map(Object.entries(data.runs[name]?.tokens ?? {}));
  return {
    exported: true,
    runs: async () => data.overview,
    run: async (name, query) => {
      const run = data.runs[name];
      return run && buildRunPage(run.run, run.results, parseRowQuery(query), tokensOf(name));
    },
    compare: async (a, b, query) => {
      const ra = data.runs[a];
      const rb = data.runs[b];
      const { page, size } = parseRowQuery(query);
      return ra && rb ? buildCompareView(ra.run, rb.run, ra.results, rb.results, { ...(page !== undefined ? { page } : {}), ...(size !== undefined ? { size } : {}) }) : undefined;
    },
    session: async (id) => data.sessions[id]?.view,
    raw: async (id) => data.sessions[id]?.raw,
  };
}
