/** The types of ./session-trace-data.mjs (see ./session-trace.ts). */
import type { SessionTraceV3 } from "../../src/schemas/session-trace.js";

export interface FixtureOptions {
  model?: string;
  turns?: number;
  outcome?: number;
  /** Put an image part in the user prompt of turn 0. */
  image?: boolean;
  runId?: string;
}

export declare const PNG_DATA_URL: string;

/** A session with `turns` turns; `index` makes ids unique and varies the seed. */
export declare function makeSessionTrace(index: number, options?: FixtureOptions): SessionTraceV3;

/** Rows one fixture session writes per table (what a complete session has). */
export declare function expectedRowCounts(session: SessionTraceV3): Record<string, number>;
