/** The error every payload builder throws for a config or option it cannot turn into a job. */

/** Stable reasons a payload cannot be built. */
export type PayloadErrorCode =
  | "algorithm"
  | "task_url_missing"
  | "task_url_invalid"
  | "model_missing"
  | "model_ambiguous"
  | "model_finetuned"
  | "backend_invalid"
  | "dataset_missing"
  | "dataset_not_found"
  | "hyperparameters";

/** Thrown by buildRLPayload/buildSFTPayload; `message` is written for the person running the command. */
export class PayloadError extends Error {
  override name = "PayloadError";
  constructor(
    readonly code: PayloadErrorCode,
    message: string,
  ) {
    super(message);
  }
}
