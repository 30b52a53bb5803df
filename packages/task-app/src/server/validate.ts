/**
 * Validation of `POST /rollout` bodies with the compiled validators in
 * generated/rollout-validate.js (compiled from the Zod schemas by
 * `task-app generate`). They check the value in place: defaults are filled
 * and unknown keys dropped on the value itself, so a request is not copied
 * after `JSON.parse` and the executor's response is what gets serialised
 * (a frozen one, which cannot be completed in place, is parsed by Zod into
 * a copy).
 * Zod stays the source of truth: the compiled verdicts are held to Zod's by
 * test/differential-rollout.test.ts, and a refused value is run through Zod
 * once more, so error paths and messages are Zod's and Zod has the last word.
 */
import type { z } from "zod";
import {
  validateContainerRolloutRequest,
  validateParsedContainerRolloutRequest,
  validateParsedRolloutRequest,
  validateParsedRolloutResponse,
  validateRolloutRequest,
  validateRolloutResponse,
  validateRolloutResult,
  type CompiledValidator,
  type RolloutValidationError,
} from "../../generated/rollout-validate.js";
import { ContainerRolloutRequest } from "../schemas/container-rollout.js";
import type { ErrorIssue } from "../schemas/errors.js";
import { RolloutRequest, RolloutResponse } from "../schemas/rollout.js";
import { RolloutResult } from "../schemas/rollout-result.js";
import { toIssues } from "./errors.js";

/** A checked value (the same object, completed in place) or its issues. */
export type Checked<T> = { success: true; data: T } | { success: false; issues: ErrorIssue[] };

/** Checks a parsed `POST /rollout` body in place. May throw if a getter or proxy in `value` throws. */
export function checkRolloutRequest(value: unknown): Checked<RolloutRequest> {
  return check(validateRolloutRequest, RolloutRequest, value);
}

/**
 * `checkRolloutRequest` for a value `JSON.parse` made (the server's request body): the
 * compiled code leaves out the checks such a value always passes (plain objects, string
 * keys), and refuses the same documents.
 */
export function checkParsedRolloutRequest(value: unknown): Checked<RolloutRequest> {
  return check(validateParsedRolloutRequest, RolloutRequest, value);
}

/** `checkContainerRolloutRequest` for a value `JSON.parse` made. */
export function checkParsedContainerRolloutRequest(value: unknown): Checked<ContainerRolloutRequest> {
  return check(validateParsedContainerRolloutRequest, ContainerRolloutRequest, value);
}

/** `checkRolloutResponse` for a value `JSON.parse` made (an answer eval reads off the wire). */
export function checkParsedRolloutResponse(value: unknown): Checked<RolloutResponse> {
  return check(validateParsedRolloutResponse, RolloutResponse, value);
}

/** Checks a parsed container-era `POST /rollout` body in place. May throw if a getter or proxy in `value` throws. */
export function checkContainerRolloutRequest(value: unknown): Checked<ContainerRolloutRequest> {
  return check(validateContainerRolloutRequest, ContainerRolloutRequest, value);
}

/** Checks an executor's result (a 0.2.x response plus container-era fields) in place. May throw if a getter or proxy in `value` throws. */
export function checkRolloutResult(value: unknown): Checked<RolloutResult> {
  return check(validateRolloutResult, RolloutResult, value);
}

/** Checks a 0.2.x response in place. May throw if a getter or proxy in `value` throws. */
export function checkRolloutResponse(value: unknown): Checked<RolloutResponse> {
  return check(validateRolloutResponse, RolloutResponse, value);
}

function check<T>(validate: CompiledValidator, schema: z.ZodType<T>, value: unknown): Checked<T> {
  try {
    if (validate(value)) return { success: true, data: value as T };
  } catch {
    // A value that cannot be completed in place (frozen, a read-only proxy) goes to Zod's copy;
    // Zod throws too if a getter or proxy throws on reading, which the caller reports.
  }
  // Refused: Zod has the last word, with its issues, or its copy of a value the compiled
  // code sends to it (a class instance where Zod takes an object, a frozen value).
  const parsed = schema.safeParse(value);
  return parsed.success ? { success: true, data: parsed.data } : { success: false, issues: toIssues(parsed.error) };
}

/**
 * The error that made a compiled validator refuse. It stops at the first
 * failure, so that is the last error it recorded; a union records its
 * alternatives' errors, then its own at the union's path, as Zod reports it.
 * A nullable value is not a union to Zod, which reports what is wrong inside
 * the value: the compiled code tests null first (`if: {type: "null"}`), then
 * the value (`else`), and records the value's errors, then an `if` error at
 * the same path, which is skipped here (as the `anyOf: [X, {type: "null"}]`
 * form's union and null errors are).
 */
export function failureOf(validate: CompiledValidator): RolloutValidationError | undefined {
  const errors = validate.errors ?? [];
  let end = errors.length;
  for (;;) {
    if (end >= 2 && errors[end - 1]!.keyword === "if") end -= 1;
    else if (end >= 3 && isNullableFailure(errors[end - 1]!, errors[end - 2]!)) end -= 2;
    else break;
  }
  return errors[end - 1];
}

function isNullableFailure(union: RolloutValidationError, nullBranch: RolloutValidationError): boolean {
  return union.keyword === "anyOf" && nullBranch.keyword === "type" && nullBranch.params.type === "null" && nullBranch.instancePath === union.instancePath;
}

/** The path segments of an ajv error; a missing property's or a bad tag's own name is appended. */
export function pathOf(error: RolloutValidationError): (string | number)[] {
  const segments = error.instancePath === "" ? [] : error.instancePath.slice(1).split("/");
  const path: (string | number)[] = segments.map((s) => (/^(0|[1-9]\d*)$/.test(s) ? Number(s) : s.replace(/~1/g, "/").replace(/~0/g, "~")));
  const missing = error.params.missingProperty;
  if (error.keyword === "required" && typeof missing === "string") path.push(missing);
  // A discriminated union's tag that is missing or names no branch: Zod reports it at the tag.
  if (error.keyword === "discriminator" && typeof error.params.tag === "string") path.push(error.params.tag);
  return path;
}
