/** Every quick fix, one module per kind of answer the checks know. */
import { fixEnumValue } from "./enum-value.js";
import { addMissingKey } from "./missing-key.js";
import { removeIneffectiveKey } from "./remove-key.js";
import { renameUnknownKey } from "./rename-key.js";
import { setNamedValue } from "./set-value.js";
import { setThinkingMode } from "./thinking-mode.js";
import { writeTypedValue } from "./typed-value.js";
import type { FixContext, FixProvider, QuickFix } from "./types.js";
import { setVisionFields } from "./vision.js";

export type { FixContext, QuickFix } from "./types.js";

export const fixProviders: readonly FixProvider[] = [
  renameUnknownKey,
  fixEnumValue,
  writeTypedValue,
  addMissingKey,
  setThinkingMode,
  setVisionFields,
  removeIneffectiveKey,
  setNamedValue,
];

/** The quick fixes for one finding. */
export function quickFixesFor(context: FixContext): QuickFix[] {
  return fixProviders.filter((p) => p.codes.includes(context.code)).flatMap((p) => p.fixes(context));
}
