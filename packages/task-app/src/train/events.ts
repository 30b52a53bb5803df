/** What a training run reports as it goes; the CLI renders these as lines, a live status line or NDJSON. */
import type { JobEvent } from "./jobs.js";
import type { Metrics } from "./metrics.js";

export type TrainEvent =
  /** A step of the flow started or finished: `config`, `verify`, `health`, `dataset`, `upload`, `submit`, `start`. */
  | { type: "step"; step: string; message: string }
  /** A config finding or another problem that does not stop the run. */
  | { type: "warning"; message: string; /** True when `message` is a formatted `file:line:col: warning:` finding. */ finding?: boolean }
  /** The job body; on --dry-run the last event. */
  | { type: "payload"; kind: "rl" | "sft"; payload: unknown }
  | { type: "idempotency_key"; key: string; generated: boolean }
  | { type: "job"; kind: "rl" | "sft"; jobId: string }
  | { type: "status"; jobId: string; status: string }
  | { type: "event"; jobId: string; event: JobEvent }
  | { type: "metrics"; jobId: string; metrics: Metrics }
  | { type: "poll_error"; jobId: string; message: string }
  | { type: "done"; jobId: string; status: string; succeeded: boolean; fineTunedModel?: string };

export type TrainReporter = (event: TrainEvent) => void;
