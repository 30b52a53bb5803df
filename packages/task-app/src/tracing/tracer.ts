/**
 * The session tracer (synth-ai's `SessionTracer`, tracing v3): one per
 * rollout. Turns group events (LM calls, environment steps, runtime actions)
 * and messages; event rewards point at recorded events by id; the outcome
 * reward closes the episode. `toSessionTrace()` gives a `SessionTraceV3`,
 * what `record.return_trace` returns and what a trace store writes.
 * Each `record*` call is checked when made (a bad value throws there) and
 * kept as a journal entry; the session's objects are built from the journal
 * when it is read (build.ts), so a session nobody reads costs little more
 * than its checks. Creating one allocates a few empty arrays.
 */
import { isoOf } from "../time/iso-now.js";
import { createSessionId } from "./session-id.js";
import { validateSessionTrace } from "../../generated/rollout-validate.js";
import { SessionTraceV3, type TracedEventReward, type TracedOutcomeReward } from "../schemas/session-trace.js";
import { Entry, EntryKind, makeEnvironmentEvent, makeLMCall, makeMessage, makeRuntimeEvent, SessionBuild, type LMCallRecorded, type Place, type TracedUsage } from "./build.js";
import type { ChatMessageLike } from "./messages.js";
import type {
  EnvironmentEventInput,
  EventRewardInput,
  LMCallInput,
  MessageInput,
  OutcomeRewardInput,
  RuntimeEventInput,
  SessionTracerOptions,
  StartTurnOptions,
  UsageLike,
} from "./types.js";

/** Records one rollout's session. Every `record*` of an event returns its id, which `recordEventReward` takes. */
export interface SessionTracer {
  readonly sessionId: string;
  /** Session metadata; add to it freely (it is stored with the session). */
  readonly metadata: Record<string, unknown>;
  /** Turn number of the open turn, or null. */
  readonly currentTurn: number | null;
  /** True until something is recorded. */
  readonly isEmpty: boolean;
  /** Opens a turn (finishing the open one) and returns its step id. */
  startTurn(options?: StartTurnOptions): string;
  /** Finishes the open turn; does nothing when none is open. */
  finishTurn(): void;
  /** Records a model call (an LM event); returns its event id. */
  recordLMCall(call: LMCallInput): string;
  /** Records an environment step; returns its event id. */
  recordEnvironmentEvent(event: EnvironmentEventInput): string;
  /** Records runtime actions; returns its event id. */
  recordRuntimeEvent(event: RuntimeEventInput): string;
  /** Records a message of the open turn (or of the session); returns its message id. */
  recordMessage(message: MessageInput): string;
  /** Credits a reward to a recorded event. Throws on an unknown event id or a non-finite value. */
  recordEventReward(reward: EventRewardInput): TracedEventReward;
  /** Records the outcome of the episode for an objective (default `reward`). */
  recordOutcomeReward(outcome: OutcomeRewardInput): TracedOutcomeReward;
  /** The session recorded so far, validated. */
  toSessionTrace(): SessionTraceV3;
  /**
   * The same snapshot, not yet validated: for a consumer that validates it
   * itself (a SQLite trace store checks it on its writer thread, off the
   * serving thread). Typed as what it becomes once checked.
   */
  toUncheckedSessionTrace?(): SessionTraceV3;
}

/** Creates the tracer of one session. */
export function createSessionTracer(options: SessionTracerOptions = {}): SessionTracer {
  return new Tracer(options);
}

function finite(value: number, what: string): number {
  if (typeof value !== "number" || !Number.isFinite(value)) throw new Error(`${what} must be a finite number, got ${String(value)}`);
  return value;
}

function count(value: number | null | undefined): number | null {
  return typeof value === "number" && Number.isFinite(value) ? Math.max(0, Math.round(value)) : null;
}

function readUsage(usage: UsageLike | null | undefined): TracedUsage {
  if (!usage) return { input_tokens: null, output_tokens: null, total_tokens: null };
  const u = usage as Record<string, number | null | undefined>;
  const input = count(u.inputTokens ?? u.prompt_tokens);
  const output = count(u.outputTokens ?? u.completion_tokens);
  const total = count(u.totalTokens ?? u.total_tokens) ?? (input !== null && output !== null ? input + output : null);
  return { input_tokens: input, output_tokens: output, total_tokens: total };
}

const isUserMessage = (m: ChatMessageLike) => typeof m === "object" && m !== null && m.role === "user";

/** Whether a message's content has a text part (what makes `textOf` of its parts not null). */
function hasText(content: ChatMessageLike["content"]): boolean {
  if (content === null || content === undefined) return false;
  if (typeof content === "string") return true;
  return (Array.isArray(content) ? content : [content]).some((p) => p?.type === "text");
}

/** What `#idTurns` holds for a message's id. */
const NOT_AN_EVENT = -1;

class Tracer implements SessionTracer {
  readonly sessionId: string;
  readonly metadata: Record<string, unknown>;
  /** The clock in ms: Date.now() unless a clock was given. */
  readonly #nowMs: () => number;
  readonly #createdAt: string;
  /** Every record call not yet built into `#build`, in order. */
  readonly #journal: Entry[] = [];
  readonly #build = new SessionBuild();
  /** The step ids used, once a turn named its own number or id (null: turn_0 ... turn_<n-1>, see startTurn). */
  #stepIds: Set<string> | null = null;
  #stepCount = 0;
  /** The open turn's number and step id (null: no turn is open). */
  #openTurn: number | null = null;
  #openStepId: string | null = null;
  /** Ids are `<session id>:<n>`, n counting events and messages. */
  readonly #idPrefix: string;
  #counter = 0;
  /** By n: the turn an event was recorded in, or NOT_AN_EVENT for a message (index 0 unused). */
  readonly #idTurns: (number | null)[] = [NOT_AN_EVENT];
  readonly #eventRewards: TracedEventReward[] = [];
  readonly #outcomes: TracedOutcomeReward[] = [];

  constructor(options: SessionTracerOptions) {
    const now = options.now;
    this.#nowMs = now ? () => now().getTime() : Date.now;
    this.sessionId = options.sessionId ?? createSessionId(this.#nowMs());
    this.#idPrefix = `${this.sessionId}:`;
    this.metadata = { ...options.metadata };
    this.#createdAt = isoOf(this.#nowMs());
  }

  get currentTurn(): number | null {
    return this.#openTurn;
  }
  get isEmpty(): boolean {
    return this.#stepCount + this.#counter + this.#eventRewards.length + this.#outcomes.length === 0;
  }

  startTurn(options: StartTurnOptions = {}): string {
    const turn = options.turnNumber ?? this.#stepCount;
    if (!Number.isInteger(turn) || turn < 0) throw new Error(`turn number must be a non-negative integer, got ${turn}`);
    const stepId = options.stepId ?? `turn_${turn}`;
    // While every turn took the default number and id, the ids are unique by construction (turn_0, turn_1, ...):
    // the set of ids is made only once a turn names its own.
    if (options.stepId !== undefined || options.turnNumber !== undefined || this.#stepIds !== null) {
      const ids = (this.#stepIds ??= new Set(Array.from({ length: this.#stepCount }, (_, i) => `turn_${i}`)));
      if (ids.has(stepId)) throw new Error(`step id "${stepId}" is already used in this session`);
      ids.add(stepId);
    }
    this.finishTurn();
    this.#journal.push(new Entry(EntryKind.StartTurn, stepId, this.#nowMs(), options.metadata === undefined ? undefined : { ...options.metadata }, turn));
    this.#stepCount++;
    this.#openTurn = turn;
    this.#openStepId = stepId;
    return stepId;
  }

  finishTurn(): void {
    if (this.#openStepId === null) return;
    this.#journal.push(new Entry(EntryKind.FinishTurn, this.#openStepId, this.#nowMs(), undefined, undefined));
    this.#openTurn = null;
    this.#openStepId = null;
  }

  #nextId(): string {
    this.#idTurns.push(NOT_AN_EVENT);
    return this.#idPrefix + ++this.#counter;
  }
  /** A new event's id, its turn kept for the rewards credited to it. */
  #nextEventId(): string {
    this.#idTurns.push(this.#openTurn);
    return this.#idPrefix + ++this.#counter;
  }
  /** The turn of a recorded event, or undefined when `eventId` names none of this session. */
  #eventTurn(eventId: string): number | null | undefined {
    const prefix = this.#idPrefix;
    if (typeof eventId !== "string" || eventId.length <= prefix.length || !eventId.startsWith(prefix)) return undefined;
    const digits = eventId.slice(prefix.length);
    const n = Number(digits);
    // Only the id as issued (`<session id>:<n>`): not `:01`, `:1.0` or `: 1`.
    if (!Number.isInteger(n) || n < 1 || String(n) !== digits) return undefined;
    const turn = this.#idTurns[n];
    return turn === NOT_AN_EVENT ? undefined : turn;
  }

  /** Where a record lands: the open turn. */
  #place(): Place {
    return { turn: this.#openTurn, stepId: this.#openStepId };
  }

  recordLMCall(call: LMCallInput): string {
    const output = typeof call.output === "string" ? { role: "assistant", content: call.output } : (call.output ?? null);
    // Converted now unless the call is unchanging: a call whose messages cannot be converted records nothing.
    const build = this.#build;
    const converted = call.unchanging ? null : build.convert(call, output);
    if (call.costUsd !== undefined && call.costUsd !== null) finite(call.costUsd, "costUsd");
    const latency = call.latencyMs ?? (call.startedAt && call.completedAt ? call.completedAt.getTime() - call.startedAt.getTime() : null);
    if (latency !== null) finite(latency, "latencyMs");
    const id = this.#nextEventId();
    // The session messages' ids are taken now, in the order recorded.
    let userId: string | null = null;
    let toolUseId: string | null = null;
    let assistantId: string | null = null;
    if (call.recordMessages !== false) {
      if (call.input.some(isUserMessage)) userId = this.#nextId();
      if ((output?.tool_calls?.length ?? 0) + (call.toolCalls?.length ?? 0) > 0) toolUseId = this.#nextId();
      else if (output && hasText(output.content)) assistantId = this.#nextId();
    }
    const recorded: LMCallRecorded = { call, output, usage: readUsage(call.usage), latency, userId, toolUseId, assistantId, converted };
    const ms = this.#nowMs();
    if (converted) {
      // A call that may change after is made into its event now (its tools copied the first time the session sees each).
      const { event, messages } = makeLMCall(id, ms, recorded, converted, this.#place(), build.copyTool);
      this.#journal.push(new Entry(EntryKind.MadeEvent, id, ms, event, messages));
    } else this.#journal.push(new Entry(EntryKind.LMCall, id, ms, undefined, recorded));
    return id;
  }

  recordEnvironmentEvent(event: EnvironmentEventInput): string {
    finite(event.reward, "reward");
    const id = this.#nextEventId();
    const ms = this.#nowMs();
    if (event.unchanging) this.#journal.push(new Entry(EntryKind.Environment, id, ms, event, undefined));
    else this.#journal.push(new Entry(EntryKind.MadeEvent, id, ms, makeEnvironmentEvent(id, ms, event, this.#place()), null));
    return id;
  }

  recordRuntimeEvent(event: RuntimeEventInput): string {
    const id = this.#nextEventId();
    const ms = this.#nowMs();
    this.#journal.push(new Entry(EntryKind.MadeEvent, id, ms, makeRuntimeEvent(id, ms, event, this.#place()), null));
    return id;
  }

  recordMessage(message: MessageInput): string {
    const json = message.jsonText ?? (message.json === undefined ? null : (JSON.stringify(message.json) ?? null));
    const id = this.#nextId();
    const ms = this.#nowMs();
    if (message.unchanging) this.#journal.push(new Entry(EntryKind.Message, id, ms, message, json));
    else this.#journal.push(new Entry(EntryKind.MadeMessage, id, ms, makeMessage(id, ms, message, json, this.#place()), undefined));
    return id;
  }

  recordEventReward(reward: EventRewardInput): TracedEventReward {
    const eventTurn = this.#eventTurn(reward.eventId);
    if (eventTurn === undefined) {
      throw new Error(`unknown event id "${reward.eventId}": pass an id returned by recordLMCall, recordEnvironmentEvent or recordRuntimeEvent of this session`);
    }
    if (!reward.rewardType) throw new Error("an event reward needs a rewardType");
    const traced: TracedEventReward = {
      event_id: reward.eventId,
      turn_number: reward.turnNumber === undefined ? eventTurn : reward.turnNumber,
      reward_value: finite(reward.rewardValue, "rewardValue"),
      reward_type: reward.rewardType,
      key: reward.key ?? null,
      annotation: reward.annotation ?? null,
      source: reward.source ?? null,
      message_id: reward.messageId ?? null,
      objective_key: reward.objectiveKey ?? "reward",
      created_at: isoOf(this.#nowMs()),
    };
    this.#eventRewards.push(traced);
    return traced;
  }

  recordOutcomeReward(outcome: OutcomeRewardInput): TracedOutcomeReward {
    const objective = outcome.objectiveKey ?? "reward";
    const traced: TracedOutcomeReward = {
      objective_key: objective,
      total_reward: finite(outcome.totalReward, "totalReward"),
      achievements_count: Math.max(0, Math.round(outcome.achievementsCount ?? 0)),
      total_steps: Math.max(0, Math.round(outcome.totalSteps ?? this.#stepCount)),
      reward_metadata: { ...outcome.rewardMetadata },
      annotation: outcome.annotation ?? null,
      created_at: isoOf(this.#nowMs()),
    };
    const index = this.#outcomes.findIndex((o) => o.objective_key === objective);
    if (index >= 0) this.#outcomes[index] = traced;
    else this.#outcomes.push(traced);
    return traced;
  }

  toUncheckedSessionTrace(): SessionTraceV3 {
    const build = this.#build;
    build.apply(this.#journal);
    this.#journal.length = 0;
    // A snapshot: turns still open may grow, the session handed out does not.
    const steps = build.steps.map((s) => ({ ...s, events: [...s.events], markov_blanket_messages: [...s.markov_blanket_messages] }));
    const session = {
      session_id: this.sessionId,
      created_at: this.#createdAt,
      metadata: this.metadata,
      session_time_steps: steps,
      event_history: [...build.events],
      markov_blanket_message_history: [...build.messages],
      session_metadata: [],
      event_rewards: [...this.#eventRewards],
      outcome_rewards: [...this.#outcomes],
    };
    return session as SessionTraceV3;
  }

  toSessionTrace(): SessionTraceV3 {
    const session = this.toUncheckedSessionTrace();
    // Checked in place by the compiled validator (defaults filled, unknown keys dropped, as Zod's parse
    // would in a copy, at a fraction of its cost); Zod has the last word on what it refuses.
    try {
      if (validateSessionTrace(session)) return session as SessionTraceV3;
    } catch {
      // a value the compiled code cannot complete in place: Zod's copy below
    }
    return SessionTraceV3.parse(session);
  }
}
