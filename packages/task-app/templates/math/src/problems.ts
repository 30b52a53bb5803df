/**
 * A small generated dataset of arithmetic word problems. Each (split, index)
 * always yields the same problem, so a seed names one problem forever.
 */
import { random } from "./random.js";

/** Dataset splits and how many problems each holds. */
export const SPLITS = { train: 1000, test: 200 } as const;
/** A split name. */
export type Split = keyof typeof SPLITS;

/** One word problem with its expression and answer. */
export interface Problem {
  split: Split;
  index: number;
  question: string;
  /** The numbers in the order the question states them. */
  operands: number[];
  /** The operations between consecutive operands. */
  operators: Array<"+" | "-" | "*">;
  /** The correct answer (normal operator precedence). */
  answer: number;
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

const NAMES = ["Ava", "Ben", "Chen", "Dara", "Eli", "Fatima", "Gus", "Hana"];
const ITEMS = ["apple", "marble", "sticker", "pencil", "cookie", "shell"];

type Shape = (n: string, item: string, a: number, b: number, c: number) => Omit<Problem, "split" | "index">;

const SHAPES: Shape[] = [
  (n, item, a, b, c) => ({
    question: `${n} has ${a} ${item}s and buys ${b} packs of ${c} ${item}s each. How many ${item}s does ${n} have now?`,
    operands: [a, b, c],
    operators: ["+", "*"],
    answer: a + b * c,
  }),
  (n, item, a, b, c) => ({
    question: `${n} had ${a + b} ${item}s, gave away ${b}, then found ${c} more. How many ${item}s does ${n} have?`,
    operands: [a + b, b, c],
    operators: ["-", "+"],
    answer: a + c,
  }),
  (n, item, a, b, c) => ({
    question: `${n} buys ${a} boxes of ${b} ${item}s and uses ${c} of them. How many ${item}s are left?`,
    operands: [a, b, c],
    operators: ["*", "-"],
    answer: a * b - c,
  }),
];

/** The problem at `index` of `split` (index is taken modulo the split size). */
export function problemFor(split: Split, index: number): Problem {
  const i = ((Math.trunc(index) % SPLITS[split]) + SPLITS[split]) % SPLITS[split];
  const next = random(hash(`${split}:${i}`));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const shape = pick(SHAPES);
  const a = 2 + Math.floor(next() * 18);
  const b = 2 + Math.floor(next() * 8);
  const c = 2 + Math.floor(next() * 8);
  return { split, index: i, ...shape(pick(NAMES), pick(ITEMS), a, b, c) };
}

/**
 * The built-in scripted policy's answer: it applies the operations strictly
 * left to right, so it is right unless precedence matters (`a + b * c`).
 * Deterministic and offline, which makes rollouts reproducible in tests.
 */
export function scriptedAnswer(problem: Problem): number {
  return problem.operators.reduce((acc, op, i) => {
    const x = problem.operands[i + 1] ?? 0;
    return op === "+" ? acc + x : op === "-" ? acc - x : acc * x;
  }, problem.operands[0] ?? 0);
}

/** Reads a numeric answer out of free text or a number: `"42"`, `" 42.0 "`, `42`. */
export function parseAnswer(value: unknown): number | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value !== "string") return undefined;
  const match = /-?\d+(?:\.\d+)?/.exec(value.replace(/,/g, ""));
  return match ? Number(match[0]) : undefined;
}
