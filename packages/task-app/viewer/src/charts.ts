/**
 * Plots, drawn by uPlot (no hand-written SVG): the reward histogram as bars
 * and the compare scatter (return A vs B, with the y = x diagonal).
 */
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { rangeOf } from "../../src/view/tables.js";
import { fmt, h } from "./dom.js";

const WIDTH = 460;
const HEIGHT = 220;

/** Bars of `counts` over bins [from, to). */
export function histogramChart(bins: { from: number; to: number; count: number }[]): HTMLElement {
  const box = h("div", { class: "chart", testid: "histogram" });
  if (bins.length === 0) return box;
  const x = bins.map((b) => (b.from + b.to) / 2);
  const y = bins.map((b) => b.count);
  const width = bins[0]!.to - bins[0]!.from;
  new uPlot(
    {
      width: WIDTH,
      height: HEIGHT,
      legend: { show: false },
      cursor: { show: false },
      scales: { x: { time: false, range: [bins[0]!.from, bins.at(-1)!.to] }, y: { range: [0, Math.max(1, ...y) * 1.1] } },
      axes: [{ label: "return" }, { label: "rollouts" }],
      series: [{}, { label: "rollouts", fill: "rgba(47, 111, 235, 0.55)", stroke: "#2f6feb", paths: uPlot.paths.bars!({ size: [0.9, Infinity], align: 0 }), points: { show: false } }],
    },
    [x.map((v) => v - width / 2), y],
    box,
  );
  return box;
}

/**
 * Points that coincide spread around their value on a small sunflower
 * spiral (dots about 2% of the axis apart), so 6 pairs show as 6 dots; the
 * caption counts them.
 */
function spread(points: [number, number][], span: number): { drawn: [number, number][]; shared: [string, number][] } {
  const groups = new Map<string, [number, number][]>();
  for (const p of points) {
    const key = `${p[0]},${p[1]}`;
    const group = groups.get(key);
    if (group) group.push(p);
    else groups.set(key, [p]);
  }
  const drawn = [...groups.values()].flatMap((g) => {
    // A large group keeps within 6% of the axis (its dots closer together).
    const step = span * Math.min(0.02, 0.06 / Math.sqrt(g.length));
    return g.map(([x, y], k): [number, number] => (g.length === 1 ? [x, y] : [x + step * Math.sqrt(k + 0.5) * Math.cos(k * 2.4), y + step * Math.sqrt(k + 0.5) * Math.sin(k * 2.4)]));
  });
  const shared = [...groups.values()]
    .filter((g) => g.length > 1)
    .sort((g, q) => g[0]![0] - q[0]![0] || g[0]![1] - q[0]![1])
    .map((g): [string, number] => [`(${fmt(g[0]![0])},\u00a0${fmt(g[0]![1])})`, g.length]);
  return { drawn: drawn.sort((p, q) => p[0] - q[0] || p[1] - q[1]), shared };
}

/** Return A (x) against return B (y), one point per paired rollout. */
export function scatterChart(points: [number, number][], labels: [string, string]): HTMLElement {
  const box = h("div", { class: "chart", testid: "scatter" });
  if (points.length === 0) return box;
  const range = rangeOf(points.flat())!;
  const lo = Math.min(0, range.min);
  const hi = Math.max(1, range.max);
  const { drawn, shared } = spread(points, hi - lo);
  box.dataset.points = String(drawn.length);
  box.dataset.positions = String(new Set(drawn.map((p) => `${p[0]},${p[1]}`)).size);
  new uPlot(
    {
      width: WIDTH,
      height: WIDTH * 0.7,
      legend: { show: false },
      cursor: { show: false },
      scales: { x: { time: false, range: [lo - (hi - lo) * 0.05, hi + (hi - lo) * 0.05] }, y: { range: [lo - (hi - lo) * 0.05, hi + (hi - lo) * 0.05] } },
      axes: [{ label: labels[0] }, { label: labels[1] }],
      series: [
        {},
        { label: "B vs A", stroke: "#2f6feb", paths: () => null, points: { show: true, size: 7, fill: "rgba(47, 111, 235, 0.5)" } },
        { label: "y = x", stroke: "#999", dash: [4, 4], points: { show: false } },
      ],
    },
    [drawn.map((p) => p[0]), drawn.map((p) => p[1]), drawn.map((p) => p[0])],
    box,
  );
  const counts = shared.slice(0, 6).map(([at, n]) => `${n} at ${at}`).join(", ");
  if (shared.length) box.append(h("p", { class: "muted caption", testid: "scatter-note" }, `Pairs with the same returns, drawn spread a little around them: ${counts}${shared.length > 6 ? `, and ${shared.length - 6} more` : ""}.`));
  return box;
}
