/**
 * The trace-store functions the package's main entry lists, each loading the
 * store layer (Kysely, the SQLite, libsql and PostgreSQL drivers) when first
 * called: importing `task-app` costs nothing for a program that never opens
 * a store. Same signatures and errors as the functions they call; a store
 * error still comes back as the rejection of the call that opened it.
 */
import type * as Store from "./store.js";
import type * as Reader from "./reader.js";
import type * as Queries from "./queries.js";
import type * as Show from "./show.js";

export const openTraceStore: typeof Store.openTraceStore = async (...args) => (await import("./store.js")).openTraceStore(...args);
export const openTraceReader: typeof Reader.openTraceReader = async (...args) => (await import("./reader.js")).openTraceReader(...args);
export const listSessions: typeof Queries.listSessions = async (...args) => (await import("./queries.js")).listSessions(...args);
export const statsByModel: typeof Queries.statsByModel = async (...args) => (await import("./queries.js")).statsByModel(...args);
export const loadSessionDetail: typeof Show.loadSessionDetail = async (...args) => (await import("./show.js")).loadSessionDetail(...args);
