/**
 * An executor's refusal of the request itself (not a failure of its own):
 * the server answers 422 `invalid_request` with the issues, on either wire,
 * instead of a 500. `defineEnvironment` throws it for an `env.config` its
 * schema refuses.
 */
export class RolloutRequestError extends Error {
  override name = "RolloutRequestError";
  constructor(
    message: string,
    /** Each problem: the dotted path in the request body and what is wrong there. */
    readonly issues: readonly { path: string; message: string }[],
  ) {
    super(message);
  }
}
