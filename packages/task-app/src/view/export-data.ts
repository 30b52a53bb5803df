/**
 * What an exported report embeds: the runs overview (with the model groups
 * of stored sessions no exported run produced), each run's results and
 * session tokens, every session of those runs (its timeline and its raw
 * rows), and of each model group its newest sessions (at most
 * STORED_EXPORT_LIMIT, listed and embedded). The browser app computes the
 * run and compare pages from it with the server's functions.
 */
import type { EvalResult } from "../eval/results.js";
import type { ModelGroupView, RunsOverview, RunSummaryView, ViewApi } from "./api.js";
import type { StoredRow } from "./stored.js";
import type { SessionView } from "./session.js";

export interface ExportData {
  generated_at: string;
  overview: RunsOverview;
  runs: Record<string, { run: RunSummaryView; results: EvalResult[]; tokens: Record<string, number> }>;
  sessions: Record<string, { view: SessionView; raw: unknown }>;
  /** Per model group: its summary and its newest sessions (`rows.length` may be below `group.sessions`). */
  stored?: { group: ModelGroupView; rows: StoredRow[] }[];
}

/** Sessions of each model group a report lists and embeds (the newest). */
export const STORED_EXPORT_LIMIT = 200;

/** Gathers the data of the named runs (all of them when `names` is empty). */
export async function collectExportData(api: ViewApi, names: readonly string[], options: { storedLimit?: number } = {}): Promise<ExportData> {
  const overview = await api.runs();
  const wanted = names.length ? names : overview.runs.map((r) => r.name);
  // Null-prototype records: a run or session named `__proto__` is a key like any other.
  const runs: ExportData["runs"] = Object.create(null);
  const sessions: ExportData["sessions"] = Object.create(null);
  for (const name of wanted) {
    const data = await api.runData(name);
    if (!data) continue;
    runs[name] = data;
    for (const r of data.results) {
      if (!r.session_id || Object.hasOwn(sessions, r.session_id)) continue;
      const session = await api.session(r.session_id);
      if (session) sessions[r.session_id] = session;
    }
  }
  const stored: NonNullable<ExportData["stored"]> = [];
  for (const group of overview.models) {
    const page = await api.stored(group.model, { page: 0, size: options.storedLimit ?? STORED_EXPORT_LIMIT });
    if (!page) continue;
    stored.push({ group: page.group, rows: page.rows.rows });
    for (const r of page.rows.rows) {
      if (Object.hasOwn(sessions, r.session_id)) continue;
      const session = await api.session(r.session_id);
      if (session) sessions[r.session_id] = session;
    }
  }
  return { generated_at: new Date().toISOString(), overview: { store: overview.store, runs: overview.runs.filter((r) => Object.hasOwn(runs, r.name)), models: overview.models }, runs, sessions, stored };
}
