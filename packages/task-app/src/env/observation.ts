/**
 * What an episode shows of its state: the observation the model reads
 * (`observe`) and what the trace and the trajectory keep (`record`, by
 * default the observation's text). A turn needs both for the same state
 * several times (the observation sent, the state before and after each
 * step, the trajectory's `obs`); the loop's view makes each once per state
 * and forgets them when user code that may change a state in place ran.
 */
import type { Observation } from "./types.js";

/** An observation as text: content parts' text joined, images left out. */
export function observationText(observation: Observation): string {
  return typeof observation === "string" ? observation : observation.map((p) => (p.type === "text" ? p.text : "")).join("\n");
}

/** What a state looks like to the model and to the record, as an environment declares it. */
export interface StateShow {
  observe(state: never): Observation;
  record?(state: never): Record<string, unknown>;
}

/** The record of a state: the environment's `record`, else the observation's text. */
export function recordState(env: StateShow, state: unknown, observe: (state: unknown) => Observation = (s) => env.observe(s as never)): Record<string, unknown> {
  return env.record?.(state as never) ?? { observation: observationText(observe(state)) };
}

/** The observation and record of the last state asked about, kept until `forget()` (a tool or `onText` ran). */
export interface StateView {
  observe(state: unknown): Observation;
  record(state: unknown): Record<string, unknown>;
  forget(): void;
}

export function createStateView(env: StateShow): StateView {
  const none = {};
  let seen: unknown = none;
  let observed: Observation | undefined;
  let recorded: Record<string, unknown> | undefined;
  const see = (state: unknown) => {
    if (state === seen) return;
    seen = state;
    observed = undefined;
    recorded = undefined;
  };
  const view: StateView = {
    observe(state) {
      see(state);
      return (observed ??= env.observe(state as never));
    },
    record(state) {
      see(state);
      return (recorded ??= recordState(env, state, view.observe));
    },
    forget() {
      seen = none;
    },
  };
  return view;
}
