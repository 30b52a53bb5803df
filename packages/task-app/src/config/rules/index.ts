/** Every cross-section rule, in the order findings are reported. */
import { deployEnvProto } from "./deploy.js";
import { rlSupportedModel, sftSupportedModel } from "./models.js";
import { loopbackTaskUrl, visionOffOnVisionModel } from "./reach.js";
import * as rl from "./rl.js";
import * as policyEra from "./rl-policy-era.js";
import * as sft from "./sft.js";
import * as vt from "./vision-thinking.js";
import type { Rule } from "./types.js";

export type { Rule, RuleContext, RuleHit } from "./types.js";

export const rules: readonly Rule[] = [
  rl.rlModelSection,
  rl.rlAlgorithm,
  rl.rlModelSource,
  rl.rlTopologyRequired,
  rl.rlTopologyGpus,
  rl.rlTensorParallel,
  rl.rlVllmImages,
  rl.rlRewardSource,
  rl.rlWeightSync,
  rl.rlDuplicatePlaces,
  rl.rlTaskUrlSpaces,
  policyEra.rlPolicyAlgorithmType,
  policyEra.rlPolicyTraining,
  policyEra.rlPolicyJudge,
  rlSupportedModel,
  vt.imageOnlyNeedsVision,
  vt.thinkingBudgetMode,
  vt.imageSettingsOnTextModel,
  vt.thinkingOnNonThinkingModel,
  vt.instructSemaphore,
  sft.sftAlgorithm,
  sft.sftDataset,
  sft.sftDroppedKeys,
  sftSupportedModel,
  loopbackTaskUrl,
  visionOffOnVisionModel,
  deployEnvProto,
];
