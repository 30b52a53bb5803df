/**
 * Plots, drawn by uPlot (no hand-written SVG): the reward histogram as bars
 * and the compare scatter (return A vs B, with the y = x diagonal).
 */
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { rangeOf } from "../../src/view/tables.js";
import { h } from "./dom.js";

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

/** Return A (x) against return B (y), one point per paired rollout. */
export function scatterChart(points: [number, number][], labels: [string, string]): HTMLElement {
  const box = h("div", { class: "chart", testid: "scatter" });
  if (points.length === 0) return box;
  const sorted = [...points].sort((p, q) => p[0] - q[0] || p[1] - q[1]);
  const range = rangeOf(points.flat())!;
  const lo = Math.min(0, range.min);
  const hi = Math.max(1, range.max);
  new uPlot(
    {
      width: WIDTH,
      height: WIDTH * 0.7,
      legend: { show: false },
      cursor: { show: false },
      scales: { x: { time: false, range: [lo, hi] }, y: { range: [lo, hi] } },
      axes: [{ label: labels[0] }, { label: labels[1] }],
      series: [
        {},
        { label: "B vs A", stroke: "#2f6feb", paths: () => null, points: { show: true, size: 7, fill: "rgba(47, 111, 235, 0.5)" } },
        { label: "y = x", stroke: "#999", dash: [4, 4], points: { show: false } },
      ],
    },
    [sorted.map((p) => p[0]), sorted.map((p) => p[1]), sorted.map((p) => p[0])],
    box,
  );
  return box;
}
