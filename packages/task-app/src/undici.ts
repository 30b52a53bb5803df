/**
 * undici's connection pool, as task-app loads it: the agent loop's chat
 * client (src/env/chat.ts) sends its requests through it (types from
 * "undici" itself), and the build replaces this module's output with one
 * file holding it (scripts/bundle-vendor.mjs). Only the Agent is taken (the
 * package's index loads fetch, caches and mocks besides: about 180 ms of
 * CPU; the Agent alone as one file, about 25 ms), and the chat client loads
 * this module at its first request: a process that never calls a model
 * never pays for it. No undici object reaches a user.
 */
import type { Agent as AgentClass } from "undici";
// @ts-expect-error undici's lib files carry no types of their own: undici's types describe the class (above)
import AgentOfLib from "undici/lib/dispatcher/agent.js";

export const Agent: typeof AgentClass = AgentOfLib;
