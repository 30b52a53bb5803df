/**
 * A parsed `POST /rollout` body → the request the executor takes, whatever
 * its era: the era is told by shape (`era.ts`), the body checked in place
 * against that era's schema, a container-era one mapped to the 0.2.x shape
 * with its context overrides checked (`overrides.ts`).
 */
import type { RolloutRequest } from "../../schemas/rollout.js";
import { errorReply, summariseIssues, type Reply } from "../errors.js";
import { checkParsedContainerRolloutRequest, checkParsedRolloutRequest } from "../validate.js";
import { toExecutorRequest, type ContainerRun } from "./container.js";
import { detectWire } from "./era.js";
import { checkContextOverrides } from "../../runtime/override-rules.js";

/** The executor's request (and, for the container era, what its answer needs), or the error reply. */
export type ReadRollout = { ok: true; rollout: RolloutRequest; container: ContainerRun | undefined } | { ok: false; reply: Reply };

/** Reads a parsed body. May throw only as `JSON.parse` output cannot (no getters, no proxies). */
export function readRolloutRequest(value: unknown, allowEnv: readonly string[] = []): ReadRollout {
  if (detectWire(value) === "0.2") {
    const parsed = checkParsedRolloutRequest(value);
    if (!parsed.success) return invalid("invalid rollout request", parsed.issues);
    return { ok: true, rollout: parsed.data, container: undefined };
  }
  const parsed = checkParsedContainerRolloutRequest(value);
  if (!parsed.success) return invalid("invalid container-era rollout request", parsed.issues);
  const request = parsed.data;
  const overrides = checkContextOverrides(request.context_overrides ?? [], allowEnv);
  if (overrides.tooMany) {
    const issues = [{ path: "context_overrides", message: overrides.tooMany }];
    return { ok: false, reply: errorReply(422, "limit_exceeded", `invalid container-era rollout request: ${overrides.tooMany}`, { issues }) };
  }
  const executorRequest = toExecutorRequest(request);
  return { ok: true, rollout: executorRequest, container: { request, executorRequest, overrides } };
}

function invalid(what: string, issues: { path: string; message: string }[]): ReadRollout {
  return { ok: false, reply: errorReply(422, "invalid_request", `${what}: ${summariseIssues(issues)}`, { issues }) };
}
