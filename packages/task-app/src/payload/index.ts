/** Job payloads synth-ai compatible trainers accept, built from validated configs. */
export { buildRLPayload, type RLJobPayload, type RLPayloadBuild, type RLPayloadOptions } from "./rl.js";
export {
  buildSFTPayload,
  checkSFTHyperparameters,
  FORWARDED_HYPERPARAMETERS,
  type SFTEffectiveConfig,
  type SFTJobPayload,
  type SFTPayloadBuild,
  type SFTPayloadHyperparameters,
  type SFTPayloadOptions,
} from "./sft.js";
export { PayloadError, type PayloadErrorCode } from "./errors.js";
export { ensureApiBase } from "./common.js";
