/** The crafting world's rules and the scripted planner. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { planActions } from "../src/planner.js";
import { ACHIEVEMENTS, createWorld, describe as describeWorld, step } from "../src/world.js";

describe("crafting world", () => {
  it("builds the same map for the same seed", () => {
    assert.deepEqual(createWorld(42), createWorld(42));
    assert.notDeepEqual(createWorld(42).grid, createWorld(43).grid);
  });

  it("needs a wood pickaxe before stone can be mined", () => {
    const world = createWorld(0);
    world.grid[world.y + 1]![world.x] = "stone";
    world.facing = [0, 1];
    assert.deepEqual(step(world, "do"), { unlocked: [], valid: false });
    world.inventory.wood_pickaxe = 1;
    assert.deepEqual(step(world, "do"), { unlocked: ["collect_stone"], valid: true });
  });

  it("unlocks each achievement once", () => {
    const world = createWorld(0);
    world.grid[world.y + 1]![world.x] = "tree";
    world.facing = [0, 1];
    assert.deepEqual(step(world, "do").unlocked, ["collect_wood"]);
    assert.deepEqual(step(world, "do").unlocked, []);
    assert.equal(world.inventory.wood, 2);
  });

  it("lets the scripted planner make progress on most maps", () => {
    let total = 0;
    for (let seed = 0; seed < 50; seed++) {
      const world = createWorld(seed);
      for (let turn = 0; turn < 10; turn++) for (const action of planActions(world)) step(world, action);
      assert.equal(new Set(world.achievements).size, world.achievements.length);
      total += world.achievements.length;
    }
    assert.ok(total / 50 >= 4, `mean achievements ${total / 50}`);
    assert.ok(total / 50 < ACHIEVEMENTS.length);
  });

  it("describes the map with the player on it", () => {
    const text = describeWorld(createWorld(1));
    const rows = text.split("\n").slice(1, 9);
    assert.equal(rows.join("").match(/@/g)?.length, 1);
    assert.match(text, /Achievements: none/);
  });
});
