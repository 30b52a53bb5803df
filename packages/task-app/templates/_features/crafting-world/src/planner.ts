/**
 * The built-in scripted policy for the crafting world: it walks to the next
 * resource it needs (breadth-first search), faces it and acts. Deterministic
 * and offline, so rollouts without an inference server are reproducible.
 */
import { type Action, type Tile, type WorldState, nearTable, tileAt } from "./world.js";

const MOVES: Array<[Action, number, number]> = [
  ["move_up", 0, -1],
  ["move_down", 0, 1],
  ["move_left", -1, 0],
  ["move_right", 1, 0],
];

/** Moves that bring the player next to a `target` tile and face it; undefined when unreachable. */
function pathTo(state: WorldState, target: Tile): Action[] | undefined {
  const seen = new Set<string>([`${state.x},${state.y}`]);
  const queue: Array<{ x: number; y: number; path: Action[] }> = [{ x: state.x, y: state.y, path: [] }];
  while (queue.length > 0) {
    const cur = queue.shift() as { x: number; y: number; path: Action[] };
    for (const [move, dx, dy] of MOVES) {
      const nx = cur.x + dx;
      const ny = cur.y + dy;
      const tile = tileAt(state, nx, ny);
      if (tile === target) return [...cur.path, move];
      if (tile === "grass" && !seen.has(`${nx},${ny}`)) {
        seen.add(`${nx},${ny}`);
        queue.push({ x: nx, y: ny, path: [...cur.path, move] });
      }
    }
  }
  return undefined;
}

/** Moves to face an empty grass tile next to the player (for placing a table). */
function faceGrass(state: WorldState): Action[] {
  for (const [move, dx, dy] of MOVES) {
    if (tileAt(state, state.x + dx, state.y + dy) === "grass") {
      // Moving onto grass also turns toward it; the next turn checks the new facing tile.
      return [move];
    }
  }
  return ["noop"];
}

function walkTo(state: WorldState, target: Tile): Action[] {
  return pathTo(state, target) ?? ["noop"];
}

function gather(state: WorldState, target: Tile): Action[] {
  const path = pathTo(state, target);
  return path ? [...path, "do"] : ["noop"];
}

/** The next few actions toward the next achievement. */
export function planActions(state: WorldState, maxActions = 5): Action[] {
  const inv = state.inventory;
  const has = (a: string) => state.achievements.includes(a as never);
  let plan: Action[];
  if (!has("collect_drink") && has("make_wood_pickaxe")) plan = gather(state, "water");
  else if (inv.wood_pickaxe === 0 && !has("place_table") && inv.wood < 3) plan = gather(state, "tree");
  else if (!has("place_table")) {
    const facing = tileAt(state, state.x + state.facing[0], state.y + state.facing[1]);
    plan = facing === "grass" ? ["place_table"] : faceGrass(state);
  } else if (inv.wood_pickaxe === 0) plan = nearTable(state) ? ["make_wood_pickaxe"] : walkTo(state, "table");
  else if (inv.stone === 0 && inv.stone_pickaxe === 0) plan = gather(state, "stone");
  else if (inv.stone_pickaxe === 0 && inv.wood === 0) plan = gather(state, "tree");
  else if (inv.stone_pickaxe === 0) plan = nearTable(state) ? ["make_stone_pickaxe"] : walkTo(state, "table");
  else plan = gather(state, "iron");
  return plan.slice(0, maxActions);
}
