/**
 * A small deterministic crafting world, in the spirit of Crafter: a grid with
 * trees, stone, iron and water; the player gathers, places a table and crafts
 * pickaxes. Every new achievement is worth one point.
 */
import { random } from "./random.js";

/** Tiles of the grid. */
export type Tile = "grass" | "tree" | "stone" | "iron" | "water" | "table";
/** Things the player can do; one action advances the world by one tick. */
export const ACTIONS = [
  "move_up",
  "move_down",
  "move_left",
  "move_right",
  "do",
  "place_table",
  "make_wood_pickaxe",
  "make_stone_pickaxe",
  "noop",
] as const;
/** One of {@link ACTIONS}. */
export type Action = (typeof ACTIONS)[number];
/** Everything that can be unlocked, in the order a good player unlocks it. */
export const ACHIEVEMENTS = [
  "collect_wood",
  "place_table",
  "make_wood_pickaxe",
  "collect_stone",
  "make_stone_pickaxe",
  "collect_drink",
  "collect_iron",
] as const;
/** One of {@link ACHIEVEMENTS}. */
export type Achievement = (typeof ACHIEVEMENTS)[number];

/** Grid side length. */
export const SIZE = 8;
const DIRS = { move_up: [0, -1], move_down: [0, 1], move_left: [-1, 0], move_right: [1, 0] } as const;

/** The full state of one episode. */
export interface WorldState {
  seed: number;
  grid: Tile[][];
  x: number;
  y: number;
  facing: readonly [number, number];
  inventory: { wood: number; stone: number; iron: number; drink: number; wood_pickaxe: number; stone_pickaxe: number };
  achievements: Achievement[];
  steps: number;
}

/** What one action did. */
export interface StepResult {
  /** Achievements unlocked by this action (at most one). */
  unlocked: Achievement[];
  /** Whether the action was applicable (moving into a tree is valid; crafting without wood is not). */
  valid: boolean;
}

/** The world for `seed`: the same seed always gives the same map. Each resource appears at least once. */
export function createWorld(seed: number): WorldState {
  const next = random(seed * 2654435761);
  const grid: Tile[][] = Array.from({ length: SIZE }, () => Array.from({ length: SIZE }, () => "grass" as Tile));
  const place = (tile: Tile, count: number) => {
    for (let placed = 0; placed < count; ) {
      const x = Math.floor(next() * SIZE);
      const y = Math.floor(next() * SIZE);
      const isStart = Math.abs(x - SIZE / 2) + Math.abs(y - SIZE / 2) < 2;
      if (!isStart && grid[y]?.[x] === "grass") {
        (grid[y] as Tile[])[x] = tile;
        placed++;
      }
    }
  };
  place("tree", 6);
  place("stone", 4);
  place("water", 2);
  place("iron", 1);
  return {
    seed,
    grid,
    x: SIZE / 2,
    y: SIZE / 2,
    facing: [0, 1],
    inventory: { wood: 0, stone: 0, iron: 0, drink: 0, wood_pickaxe: 0, stone_pickaxe: 0 },
    achievements: [],
    steps: 0,
  };
}

/** The tile at (x, y), or undefined off the grid. */
export function tileAt(state: WorldState, x: number, y: number): Tile | undefined {
  return state.grid[y]?.[x];
}

/** Whether a table is on one of the 8 tiles around the player. */
export function nearTable(state: WorldState): boolean {
  for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) if (tileAt(state, state.x + dx, state.y + dy) === "table") return true;
  return false;
}

function unlock(state: WorldState, achievement: Achievement): Achievement[] {
  if (state.achievements.includes(achievement)) return [];
  state.achievements.push(achievement);
  return [achievement];
}

/** Applies one action in place and reports what it unlocked. */
export function step(state: WorldState, action: Action): StepResult {
  state.steps++;
  const inv = state.inventory;
  if (action in DIRS) {
    const [dx, dy] = DIRS[action as keyof typeof DIRS];
    state.facing = [dx, dy];
    if (tileAt(state, state.x + dx, state.y + dy) === "grass") {
      state.x += dx;
      state.y += dy;
    }
    return { unlocked: [], valid: true };
  }
  const fx = state.x + state.facing[0];
  const fy = state.y + state.facing[1];
  const facingTile = tileAt(state, fx, fy);
  switch (action) {
    case "do":
      if (facingTile === "tree") {
        inv.wood++;
        return { unlocked: unlock(state, "collect_wood"), valid: true };
      }
      if (facingTile === "water") {
        inv.drink++;
        return { unlocked: unlock(state, "collect_drink"), valid: true };
      }
      if (facingTile === "stone" && inv.wood_pickaxe > 0) {
        inv.stone++;
        (state.grid[fy] as Tile[])[fx] = "grass";
        return { unlocked: unlock(state, "collect_stone"), valid: true };
      }
      if (facingTile === "iron" && inv.stone_pickaxe > 0) {
        inv.iron++;
        (state.grid[fy] as Tile[])[fx] = "grass";
        return { unlocked: unlock(state, "collect_iron"), valid: true };
      }
      return { unlocked: [], valid: false };
    case "place_table":
      if (inv.wood < 2 || facingTile !== "grass") return { unlocked: [], valid: false };
      inv.wood -= 2;
      (state.grid[fy] as Tile[])[fx] = "table";
      return { unlocked: unlock(state, "place_table"), valid: true };
    case "make_wood_pickaxe":
      if (inv.wood < 1 || !nearTable(state)) return { unlocked: [], valid: false };
      inv.wood--;
      inv.wood_pickaxe++;
      return { unlocked: unlock(state, "make_wood_pickaxe"), valid: true };
    case "make_stone_pickaxe":
      if (inv.wood < 1 || inv.stone < 1 || !nearTable(state)) return { unlocked: [], valid: false };
      inv.wood--;
      inv.stone--;
      inv.stone_pickaxe++;
      return { unlocked: unlock(state, "make_stone_pickaxe"), valid: true };
    default:
      return { unlocked: [], valid: true };
  }
}

const GLYPH: Record<Tile, string> = { grass: ".", tree: "T", stone: "S", iron: "I", water: "~", table: "#" };

/** A text picture of the map (`@` is the player) plus inventory and achievements. */
export function describe(state: WorldState): string {
  const rows = state.grid.map((row, y) => row.map((tile, x) => (x === state.x && y === state.y ? "@" : GLYPH[tile])).join(""));
  const inv = Object.entries(state.inventory)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${k}=${n}`)
    .join(", ");
  const facing = Object.entries(DIRS).find(([, d]) => d[0] === state.facing[0] && d[1] === state.facing[1])?.[0] ?? "";
  return [
    "Map (. grass, T tree, S stone, I iron, ~ water, # table, @ you):",
    ...rows,
    `Facing: ${facing.replace("move_", "")}`,
    `Inventory: ${inv || "empty"}`,
    `Achievements: ${state.achievements.join(", ") || "none"}`,
  ].join("\n");
}
