/**
 * The dataset registry (CONTRACT.md §5.4): specs with loaders, cached loads,
 * split resolution and seed normalisation.
 */
import { TaskDatasetSpec, type TaskDatasetSpecInput } from "../schemas/dataset.js";

/** Loads a dataset's data for a spec; sync or async. */
export type DatasetLoader<T = unknown> = (spec: TaskDatasetSpec) => T | Promise<T>;

interface Entry {
  spec: TaskDatasetSpec;
  loader: DatasetLoader;
  cache: boolean;
}

/** Holds dataset specs by id, with their loaders and a load cache. */
export class TaskDatasetRegistry {
  readonly #entries = new Map<string, Entry>();
  readonly #cache = new Map<string, Promise<unknown>>();

  /** Registers a spec (validated) with its loader; a duplicate id replaces the earlier entry. */
  register<T>(spec: TaskDatasetSpecInput, loader: DatasetLoader<T>, options: { cache?: boolean } = {}): TaskDatasetSpec {
    const parsed = TaskDatasetSpec.parse(spec);
    this.#entries.set(parsed.id, { spec: parsed, loader, cache: options.cache ?? true });
    for (const key of this.#cache.keys()) if (key.startsWith(`${parsed.id}\u0000`)) this.#cache.delete(key);
    return parsed;
  }

  /** The spec registered under `id`; throws when there is none. */
  describe(id: string): TaskDatasetSpec {
    const entry = this.#entries.get(id);
    if (!entry) throw new Error(`unknown dataset "${id}"`);
    return entry.spec;
  }

  /** Every registered spec, in registration order. */
  list(): TaskDatasetSpec[] {
    return [...this.#entries.values()].map((e) => e.spec);
  }

  /** Loads a dataset by spec or id; cached per (id, version, default_split) unless registered with `cache: false`. */
  async get<T = unknown>(specOrId: TaskDatasetSpec | string): Promise<T> {
    const id = typeof specOrId === "string" ? specOrId : specOrId.id;
    const entry = this.#entries.get(id);
    if (!entry) throw new Error(`unknown dataset "${id}"`);
    const spec = typeof specOrId === "string" ? entry.spec : specOrId;
    if (!entry.cache) return (await entry.loader(spec)) as T;
    const key = [spec.id, spec.version ?? "", spec.default_split ?? ""].join("\u0000");
    let pending = this.#cache.get(key);
    if (!pending) {
      pending = Promise.resolve().then(() => entry.loader(spec));
      pending.catch(() => this.#cache.delete(key));
      this.#cache.set(key, pending);
    }
    return (await pending) as T;
  }
}

/** Creates an empty dataset registry. */
export function createDatasetRegistry(): TaskDatasetRegistry {
  return new TaskDatasetRegistry();
}

/**
 * Resolves the split to use: with no splits declared, `split ?? default_split ?? "default"`;
 * otherwise a listed split, else the default split, else an error.
 */
export function ensureSplit(spec: Pick<TaskDatasetSpec, "id" | "splits" | "default_split">, split?: string | null): string {
  if (spec.splits.length === 0) return split || spec.default_split || "default";
  if (split && spec.splits.includes(split)) return split;
  if (!split && spec.default_split) return spec.default_split;
  throw new Error(`unknown split "${split ?? ""}" for dataset "${spec.id}"; expected one of: ${spec.splits.join(", ")}`);
}

/**
 * Turns any seed into an index: integer part, absolute value, then modulo
 * `cardinality` when it is > 0. Throws on a value that is not a finite number.
 */
export function normaliseSeed(seed: number | string | bigint, cardinality?: number | null): number {
  const n = typeof seed === "bigint" ? seed : BigInt(Math.trunc(toFinite(seed)));
  const abs = n < 0n ? -n : n;
  const reduced = cardinality && cardinality > 0 ? abs % BigInt(Math.trunc(cardinality)) : abs;
  return Number(reduced);
}

function toFinite(seed: number | string): number {
  const n = typeof seed === "number" ? seed : seed.trim() === "" ? NaN : Number(seed);
  if (!Number.isFinite(n)) throw new Error(`seed must be an integer, got ${JSON.stringify(seed)}`);
  return n;
}
