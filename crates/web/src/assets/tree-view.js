// One search of the teaching panel drawn as a tree, at any step of its trace: the leaves'
// values are given from the start; an inner node's value appears as the search backs it up
// (its best so far while it is open), alpha and beta show at the nodes being searched, and
// pruned branches turn grey at the cut that prunes them.

import { t, num } from "./i18n.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const GAP = 56;     // between neighbouring leaves
const LEVEL = 104;  // between levels: steep edges keep clear of the alpha-beta labels
export const R = 18; // node radius
const MARGIN = 40;  // left and right, for a label beside the outermost node

/** A node's name: "the root", or "node" and its child indices joined with dots. */
export const nodeName = (path) => (path.length ? t("node_named", { path: path.join(".") }) : t("root"));

/** A bound or a value, infinities written as ∞. */
export function bound(v, infinity) {
  if (v === null || v === undefined) return "";
  if (v >= infinity) return "+∞";
  if (v <= -infinity) return "−∞";
  return v < 0 ? "−" + Math.abs(v) : String(v);
}

/** What the search knows at each node after the first `upto` steps of `lesson`. */
export function replay(lesson, upto) {
  const byPath = new Map(lesson.nodes.map((n, i) => [n.path.join("."), i]));
  const st = lesson.nodes.map(() => ({ entered: false, done: false, best: null, value: null,
    alpha: null, beta: null, pruned: false }));
  const prune = (i) => {
    st[i].pruned = true;
    for (const c of lesson.nodes[i].children) prune(c);
  };
  const steps = lesson.steps.slice(0, upto);
  for (const s of steps) {
    const i = byPath.get(s.path.join("."));
    if (i === undefined) continue;
    const node = st[i];
    switch (s.kind) {
      case "enter":
        Object.assign(node, { entered: true, alpha: s.alpha, beta: s.beta });
        break;
      case "leaf":
        Object.assign(node, { entered: true, done: true, value: s.value });
        if (s.alpha !== undefined) Object.assign(node, { alpha: s.alpha, beta: s.beta });
        break;
      case "child":
        // The engine's walk keeps the node's best so far: the page does not work it out again.
        node.best = s.args.best;
        if (s.alpha !== undefined) Object.assign(node, { alpha: s.alpha, beta: s.beta });
        break;
      case "cutoff":
        Object.assign(node, { alpha: s.alpha, beta: s.beta, cut: true });
        lesson.nodes[i].children.slice(s.index + 1).forEach(prune);
        break;
      case "backup":
        Object.assign(node, { done: true, value: s.value });
        break;
    }
  }
  const current = upto > 0 ? byPath.get(lesson.steps[upto - 1].path.join(".")) : -1;
  return { st, current, finished: upto >= lesson.steps.length };
}

/** Positions: leaves side by side, a parent centred over its first and last child. */
export function layout(nodes) {
  const pos = new Array(nodes.length);
  let leaves = 0, depth = 0;
  const place = (i, d) => {
    depth = Math.max(depth, d);
    const n = nodes[i];
    const y = d * LEVEL + R + 30;
    if (n.children.length === 0) {
      pos[i] = [leaves++ * GAP + GAP / 2 + MARGIN, y];
    } else {
      n.children.forEach((c) => place(c, d + 1));
      const first = pos[n.children[0]][0], last = pos[n.children[n.children.length - 1]][0];
      pos[i] = [(first + last) / 2, y];
    }
  };
  place(0, 0);
  return { pos, width: Math.max(leaves * GAP + 2 * MARGIN, 160), height: depth * LEVEL + 2 * R + 40 };
}

/** An SVG element with these attributes and text. */
export function el(tag, attrs = {}, text) {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

/**
 * Draws `lesson` after `upto` steps into a new <svg>. `selected` is the path (joined) of the
 * node being edited; `onPick(path)` is called when a node is clicked or chosen with Enter.
 */
export function drawTree(lesson, upto, selected, onPick) {
  const { pos, width, height } = layout(lesson.nodes);
  const { st, current, finished } = replay(lesson, upto);
  const ab = lesson.algo === "alphabeta";
  const inf = lesson.infinity;
  const svg = el("svg", { width, height, "data-width": width, "data-height": height, viewBox: `0 0 ${width} ${height}`, class: "tree",
    role: "group", "aria-label": t("tree_drawing", { algo: t("algo_" + lesson.algo) }) });
  const edges = el("g", { class: "edges" });
  lesson.nodes.forEach((n, i) => n.children.forEach((c) => {
    const child = lesson.nodes[c];
    const pruned = st[c].pruned || (finished && !child.visited);
    const cls = ["tedge", pruned ? "pruned" : st[c].entered ? "seen" : "",
      finished && child.best ? "best" : ""].join(" ");
    edges.appendChild(el("line", { class: cls, x1: pos[i][0], y1: pos[i][1], x2: pos[c][0], y2: pos[c][1] }));
    const parentPruned = st[i].pruned || (finished && !n.visited);
    if (pruned && !parentPruned) {
      const mx = (pos[i][0] + pos[c][0]) / 2, my = (pos[i][1] + pos[c][1]) / 2;
      edges.appendChild(el("text", { class: "cut-mark", x: mx, y: my, "aria-hidden": "true" }, "✂"));
    }
  }));
  svg.appendChild(edges);
  lesson.nodes.forEach((n, i) => {
    const s = st[i];
    const [x, y] = pos[i];
    const pruned = s.pruned || (finished && !n.visited);
    const key = n.path.join(".");
    let text = "", title;
    if (n.leaf) {
      text = bound(n.value, inf);
    } else if (s.done) {
      const mark = n.bound === "at_most" ? "≤" : n.bound === "at_least" ? "≥" : "";
      text = mark + bound(s.value, inf);
    } else if (s.entered && s.best !== null) {
      text = (n.max ? "≥" : "≤") + bound(s.best, inf);
    } else if (s.entered) {
      text = "?";
    }
    const role = n.max ? t("role_max") : t("role_min");
    title = t("node_label", { node: nodeName(n.path), role, value: text || t("not_yet") }) +
      (pruned ? ", " + t("pruned") : "");
    const g = el("g", {
      class: ["node", n.max ? "max" : "min", n.leaf ? "leaf" : "inner", pruned ? "pruned" : "",
        s.entered ? "seen" : "", s.done ? "done" : "", i === current ? "current" : "",
        key === selected ? "selected" : ""].join(" "),
      "data-path": key, tabindex: "0", role: "button", "aria-label": title,
    });
    g.appendChild(n.max
      ? el("rect", { class: "tnode", x: x - R, y: y - R, width: 2 * R, height: 2 * R, rx: 4 })
      : el("circle", { class: "tnode", cx: x, cy: y, r: R }));
    g.appendChild(el("text", { class: "tval", x, y }, text));
    if (ab && s.entered && !s.done && !n.leaf) {
      // Above the node, on the side away from the edge that comes in from its parent, so
      // that no edge crosses it; the window is said by the step's sentence too.
      const parent = n.path.length ? pos[lesson.nodes.findIndex((m) => m.children.includes(i))][0] : x;
      const anchor = parent > x + 1 ? "end" : parent < x - 1 || n.path.length ? "start" : "middle";
      const lx = anchor === "end" ? x - 6 : anchor === "start" ? x + 6 : x;
      svg.appendChild(el("text", { class: `window ${anchor}`, x: lx, y: y - R - 12,
        "aria-hidden": "true" }, `α ${bound(s.alpha, inf)}  β ${bound(s.beta, inf)}`));
    }
    g.addEventListener("click", () => onPick(n.path));
    g.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        onPick(n.path);
        e.preventDefault();
        e.stopPropagation();
      }
    });
    svg.appendChild(g);
  });
  return svg;
}

/**
 * Sizes every tree drawing in `box` to its panel: as wide as the panel, as long as it fits in
 * most of the window's height and is at most three times its own size, never much smaller
 * than its own size (a phone scrolls instead: its labels stay readable), times `zoom` (1 is
 * "fit").
 */
export function scaleTrees(box, zoom) {
  for (const svg of box.querySelectorAll("svg.tree")) {
    const wrap = svg.parentElement;
    if (!wrap.clientWidth) continue; // hidden: sized when it is shown
    const w = Number(svg.dataset.width), h = Number(svg.dataset.height);
    const fit = Math.max(0.9, Math.min((wrap.clientWidth - 2) / w, (window.innerHeight * 0.75) / h, 3));
    svg.setAttribute("width", Math.round(w * fit * zoom));
    svg.setAttribute("height", Math.round(h * fit * zoom));
  }
}

/** The figures of a finished search, one line. */
export function summary(lesson) {
  return t("lesson_summary", {
    algo: t("algo_" + lesson.algo), value: bound(lesson.value, lesson.infinity),
    nodes: num(lesson.nodes_visited), leaves: num(lesson.leaves_visited),
    cutoffs: num(lesson.cutoffs), pruned: num(lesson.pruned.length),
  });
}
