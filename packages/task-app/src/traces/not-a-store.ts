/**
 * The error a trace reader throws for a store it cannot read, in a module of
 * its own so that naming it loads no SQL layer.
 */
/** Thrown by a reader when a store is not one task-app can read. */
export class NotATraceStoreError extends Error {
  constructor(readonly location: string, detail?: string) {
    super(`not a task-app trace store: ${location}${detail ? ` (${detail})` : ""}`);
    this.name = "NotATraceStoreError";
  }
}
