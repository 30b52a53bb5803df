// The environment bench:openenv-step serves: a counter stepped by a trainer. `add` adds n to the
// total; the episode never ends on its own (the bench steps it as long as a round lasts).
// bench/openenv-bare.mjs and bench/python/openenv_peer.py serve the same environment.
import { defineEnvironment, z } from "../dist/index.js";

export default defineEnvironment({
  appId: "counter",
  name: "Counter",
  system: "Add numbers.",
  reset: ({ seed }) => ({ total: seed, calls: 0 }),
  observe: (state) => `total=${state.total}`,
  tools: {
    add: {
      description: "Add n to the total.",
      args: z.object({ n: z.number().int().min(1).max(3) }),
      run: ({ n }, state) => ({ state: { total: state.total + n, calls: state.calls + 1 }, result: { total: state.total + n }, reward: n, done: false, info: { added: n } }),
    },
  },
  maxTurns: 1_000_000_000,
});
