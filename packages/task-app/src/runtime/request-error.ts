/**
 * An executor's refusal of the request itself (not a failure of its own):
 * the server answers 422 `invalid_request` with the issues, on either wire,
 * instead of a 500. `defineEnvironment` throws it for an `env.config` its
 * schema refuses.
 *
 * `instanceof` holds across copies of task-app: one an app throws from its
 * own dependency while another copy serves it (a global `task-app` serving
 * a project's app, two versions installed side by side) is still refused
 * with a 422, not failed with a 500. Each instance carries a registered
 * symbol (`Symbol.for`, the same in every copy) that the check reads.
 */
const BRAND = Symbol.for("task-app.RolloutRequestError");

export class RolloutRequestError extends Error {
  /** An instance made by this class in any copy of task-app (a subclass keeps the usual prototype check). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (this !== RolloutRequestError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === "object" && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true;
  }

  override name = "RolloutRequestError";
  constructor(
    message: string,
    /** Each problem: the dotted path in the request body and what is wrong there. */
    readonly issues: readonly { path: string; message: string }[],
  ) {
    super(message);
    Object.defineProperty(this, BRAND, { value: true });
  }
}
