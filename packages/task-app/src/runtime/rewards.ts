/**
 * Reward bookkeeping for rollout executors: per-step rewards and event
 * rewards (achievements, judge events, shaping terms), summed into returns.
 */

/** A reward for one decision step. */
export interface StepReward {
  turn: number;
  value: number;
}

/** A reward attached to an event within a turn. */
export interface EventReward {
  turn: number;
  value: number;
  /** What kind of event, e.g. "achievement", "unique_achievement", "judge". */
  type: string;
  /** Who produced it, e.g. "env", "judge", "shaping". */
  source: string;
  /** Free-form details. */
  meta?: Record<string, unknown>;
}

/** Collects step and event rewards of one episode. */
export interface RewardLog {
  /** Records a step reward; throws on a non-finite value or a negative/non-integer turn. */
  recordStepReward(reward: StepReward): void;
  /** Records an event reward; throws on a non-finite value or a negative/non-integer turn. */
  recordEventReward(reward: EventReward): void;
  /** Step rewards in recording order. */
  readonly stepRewards: readonly StepReward[];
  /** Event rewards in recording order. */
  readonly eventRewards: readonly EventReward[];
  /** Sum of step rewards plus event rewards: the episode return. */
  total(): number;
  /** Reward per turn (steps and events of a turn added), turns 0..max, for compact traces. */
  rewardsByTurn(): number[];
}

/** Creates an empty reward log for one episode. */
export function createRewardLog(): RewardLog {
  const stepRewards: StepReward[] = [];
  const eventRewards: EventReward[] = [];
  const check = (turn: number, value: number) => {
    if (!Number.isInteger(turn) || turn < 0) throw new Error(`reward turn must be a non-negative integer, got ${turn}`);
    if (!Number.isFinite(value)) throw new Error(`reward value must be finite, got ${value}`);
  };
  return {
    stepRewards,
    eventRewards,
    recordStepReward(reward) {
      check(reward.turn, reward.value);
      stepRewards.push({ ...reward });
    },
    recordEventReward(reward) {
      check(reward.turn, reward.value);
      if (!reward.type || !reward.source) throw new Error("event reward needs a type and a source");
      eventRewards.push({ ...reward });
    },
    total() {
      let sum = 0;
      for (const r of stepRewards) sum += r.value;
      for (const r of eventRewards) sum += r.value;
      return sum;
    },
    rewardsByTurn() {
      const all = [...stepRewards, ...eventRewards];
      const out: number[] = new Array(all.reduce((m, r) => Math.max(m, r.turn + 1), 0)).fill(0);
      for (const r of all) out[r.turn] = (out[r.turn] ?? 0) + r.value;
      return out;
    },
  };
}
