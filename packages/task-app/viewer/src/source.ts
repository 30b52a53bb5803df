/**
 * Where a view's data comes from: the viewer's JSON API when served, or the
 * data embedded in an exported report (pages computed here with the server's
 * own functions, so both show the same numbers).
 */
import type { CompareView, RunPageView, RunsOverview, StoredPageView } from "../../src/view/api.js";
import type { ExportData } from "../../src/view/export-data.js";
import { buildCompareView, buildRunPage } from "../../src/view/pages.js";
import type { SessionView } from "../../src/view/session.js";
import { pageOf, parseRowQuery, storedModelOf, storedPathOf } from "../../src/view/tables.js";

export interface Source {
  exported: boolean;
  runs(): Promise<RunsOverview>;
  run(name: string, query: URLSearchParams): Promise<RunPageView | undefined>;
  compare(a: string, b: string, query: URLSearchParams): Promise<CompareView | undefined>;
  session(id: string): Promise<SessionView | undefined>;
  /** A model group of stored sessions, as `/stored?model=` names it. */
  stored(query: URLSearchParams): Promise<StoredPageView | undefined>;
  /** Whether the source holds a session (an exported report holds only some). */
  has(id: string): boolean;
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
    stored: (query) => {
      const { page, size } = parseRowQuery(query);
      const group = storedModelOf(query);
      const paging = `${page !== undefined ? `&page=${page}` : ""}${size !== undefined ? `&size=${size}` : ""}`;
      return group ? getJson(`/api${storedPathOf(group.model)}${paging}`) : Promise.resolve(undefined);
    },
    has: () => true,
    raw: (id) => getJson(`/api/sessions/${seg(id)}/raw`),
  };
}

/** `record[key]` when `key` is its own (a run named `constructor` or `__proto__` is no inherited property). */
const own = <T>(record: Record<string, T>, key: string): T | undefined => (Object.hasOwn(record, key) ? record[key] : undefined);

export function embeddedSource(data: ExportData): Source {
  const tokensOf = (name: string) => new Map(Object.entries(own(data.runs, name)?.tokens ?? {}));
  return {
    exported: true,
    runs: async () => data.overview,
    run: async (name, query) => {
      const run = own(data.runs, name);
      return run && buildRunPage(run.run, run.results, parseRowQuery(query), tokensOf(name));
    },
    compare: async (a, b, query) => {
      const ra = own(data.runs, a);
      const rb = own(data.runs, b);
      const { page, size } = parseRowQuery(query);
      return ra && rb ? buildCompareView(ra.run, rb.run, ra.results, rb.results, { ...(page !== undefined ? { page } : {}), ...(size !== undefined ? { size } : {}) }) : undefined;
    },
    session: async (id) => own(data.sessions, id)?.view,
    stored: async (query) => {
      const wanted = storedModelOf(query);
      const stored = wanted && (data.stored ?? []).find((s) => s.group.model === wanted.model);
      return stored ? { group: stored.group, rows: pageOf(stored.rows, parseRowQuery(query)) } : undefined;
    },
    has: (id) => Object.hasOwn(data.sessions, id),
    raw: async (id) => own(data.sessions, id)?.raw,
  };
}
