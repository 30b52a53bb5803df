/** The shape of a quick fix: which finding codes it answers, and the edits it proposes. */
import type { TomlDocument } from "../../config/toml.js";
import type { KeyPath, OffsetEdit } from "../toml-edits.js";

export interface FixContext {
  text: string;
  doc: TomlDocument;
  /** The finding's code, message and key path. */
  code: string;
  message: string;
  path: KeyPath;
  /** The config kind the check detected. */
  kind?: string;
}

export interface QuickFix {
  title: string;
  edits: OffsetEdit[];
  /** The fix an editor may apply on its own ("fix all"). */
  preferred?: boolean;
}

export interface FixProvider {
  /** Finding codes this provider answers. */
  codes: readonly string[];
  fixes(context: FixContext): QuickFix[];
}

export const defineFix = (provider: FixProvider): FixProvider => provider;
