/** Draws the crafting world as a 64×64 PNG, one 8×8 block per tile, like Crafter's image observations. */
import { encodePng } from "./png.js";
import { SIZE, type Tile, type WorldState } from "./world.js";

/** Pixel side of one tile. */
export const TILE_PX = 8;
/** Image side in pixels. */
export const IMAGE_PX = SIZE * TILE_PX;

const COLORS: Record<Tile, readonly [number, number, number]> = {
  grass: [106, 190, 48],
  tree: [34, 100, 34],
  stone: [128, 128, 128],
  iron: [196, 140, 96],
  water: [48, 96, 220],
  table: [140, 90, 40],
};
const PLAYER: readonly [number, number, number] = [250, 220, 60];
const EYE: readonly [number, number, number] = [20, 20, 20];

/** The world as PNG bytes: tiles, the player as a yellow block with a dark mark on the side it faces. */
export function renderWorld(state: WorldState): Buffer {
  const rgb = new Uint8Array(IMAGE_PX * IMAGE_PX * 3);
  const paint = (px: number, py: number, color: readonly [number, number, number]) => {
    const i = (py * IMAGE_PX + px) * 3;
    rgb[i] = color[0];
    rgb[i + 1] = color[1];
    rgb[i + 2] = color[2];
  };
  for (let ty = 0; ty < SIZE; ty++) {
    for (let tx = 0; tx < SIZE; tx++) {
      const tile = state.grid[ty]?.[tx] ?? "grass";
      const isPlayer = tx === state.x && ty === state.y;
      for (let dy = 0; dy < TILE_PX; dy++) {
        for (let dx = 0; dx < TILE_PX; dx++) {
          const border = dx === 0 || dy === 0;
          const base = isPlayer && dx > 0 && dx < 7 && dy > 0 && dy < 7 ? PLAYER : COLORS[tile];
          const color = border ? ([base[0] * 0.8, base[1] * 0.8, base[2] * 0.8] as const) : base;
          paint(tx * TILE_PX + dx, ty * TILE_PX + dy, color);
        }
      }
      if (isPlayer) {
        const ex = tx * TILE_PX + 3 + state.facing[0] * 2;
        const ey = ty * TILE_PX + 3 + state.facing[1] * 2;
        for (const [ox, oy] of [[0, 0], [1, 0], [0, 1], [1, 1]] as const) paint(ex + ox, ey + oy, EYE);
      }
    }
  }
  return encodePng(IMAGE_PX, IMAGE_PX, rgb);
}
