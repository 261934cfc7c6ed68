// What a practice exercise shows: its tree (leaves with their values, inner nodes left for
// the student, chance nodes as diamonds with each branch's probability, the window's node
// ringed, the nodes the student marked as skipped greyed) or
// its board (the empty cells the student names as best moves ringed), and the solution's board
// with every move's value. Nodes and cells the student acts on are buttons: one tab stop for
// the tree (the arrow keys move between its nodes), Enter or Space to act.

import { t } from "./i18n.js";
import { layout, el, R } from "./tree-view.js";
import { cellName } from "./board.js";
import { nodeOf, num } from "./practice-words.js";
import { valueText } from "./words.js";

/** A node's name as answers write it: "root", "0", "1.2". */
export const nameOf = (path) => (path.length ? path.join(".") : "root");

/**
 * The tree of exercise `ex` as an <svg>. `state`: `values` (name → the student's value, shown
 * in minimax's inner nodes), `skipped` (the names marked as skipped), `marks` (name → true or
 * false once checked), `focus` (the name of the node that takes the tab stop), and `onPick(name)`
 * for a node chosen (clicked, or Enter or Space); `null` makes the tree look-only.
 */
export function drawExerciseTree(ex, state) {
  const nodes = ex.nodes;
  const { pos, width, height: drawn } = layout(nodes);
  const height = drawn + 16; // room for the leaves' names under them
  const names = nodes.map((n) => nameOf(n.path));
  const marked = new Set(state.skipped || []);
  // A node is skipped when it, or a node above it, is marked.
  const skipped = names.map((name, i) => nodes[i].path.some((_, d) => marked.has(nameOf(nodes[i].path.slice(0, d + 1)))));
  const marking = ex.kind === "alphabeta" || ex.kind === "chance"; // nodes are marked as skipped
  const acts = (i) => state.onPick && (ex.kind === "minimax" ? !nodes[i].leaf : marking && i > 0);
  const actable = names.filter((_, i) => acts(i));
  const focus = actable.includes(state.focus) ? state.focus : actable[0];
  const svg = el("svg", { width, height, "data-width": width, "data-height": height, viewBox: `0 0 ${width} ${height}`,
    class: "tree practice-tree", role: "group", "aria-label": t("practice_tree") });
  const edges = el("g", { class: "edges" });
  nodes.forEach((n, i) => n.children.forEach((c) => {
    edges.appendChild(el("line", { class: "tedge" + (skipped[c] ? " pruned" : ""),
      x1: pos[i][0], y1: pos[i][1], x2: pos[c][0], y2: pos[c][1] }));
    if (marked.has(names[c]) && !skipped[i]) {
      const mx = (pos[i][0] + pos[c][0]) / 2, my = (pos[i][1] + pos[c][1]) / 2;
      edges.appendChild(el("text", { class: "cut-mark", x: mx, y: my, "aria-hidden": "true" }, "✂"));
    }
    // A chance node's branches carry their probabilities, a third of the way down, beside the
    // edge on its outer side.
    const p = nodes[c].probability_text;
    if (p !== null && p !== undefined) {
      const [x1, y1] = pos[i], [x2, y2] = pos[c];
      const f = 0.36, dx = x2 - x1;
      const side = Math.abs(dx) < 4 ? "start" : dx < 0 ? "end" : "start";
      edges.appendChild(el("text", { class: "tprob " + side + (skipped[c] ? " pruned" : ""), "aria-hidden": "true",
        x: x1 + f * dx + (side === "end" ? -5 : 5), y: y1 + f * (y2 - y1) }, p));
    }
  }));
  svg.appendChild(edges);
  // The nodes' names and the asked node's question are drawn apart from the nodes, so that
  // what a node shows is its value alone, as its accessible name says.
  const labels = el("g", { class: "labels", "aria-hidden": "true" });
  nodes.forEach((n, i) => {
    const [x, y] = pos[i];
    const name = names[i];
    const asked = ex.node !== undefined && ex.node !== null && name === (ex.node || "root");
    const given = state.values ? state.values[name] : "";
    const text = n.leaf ? num(n.value) : given ? num(given) : "";
    const mark = state.marks ? state.marks[name] : undefined;
    const chance = n.chooser === "chance";
    const role = chance ? t("role_chance") : n.max ? t("role_max") : t("role_min");
    const p = n.probability_text;
    const value = text || t("practice_no_value");
    const label = asked ? t("practice_node_asked", { node: nodeOf(name), role })
      : t(marked.has(name) ? "practice_node_skip" : "practice_node", { node: nodeOf(name), role, value }) +
        (p === null || p === undefined ? "" : t("practice_node_probability", { p })) +
        (mark === undefined ? "" : t("practice_node_mark", { mark: t(mark ? "practice_right" : "practice_wrong") }));
    const g = el("g", {
      class: ["node", chance ? "chance" : n.max ? "max" : "min", n.leaf ? "leaf" : "inner", skipped[i] ? "pruned" : "", "seen",
        asked ? "asked" : "", mark === true ? "right" : mark === false ? "wrong" : ""].join(" "),
      "data-path": name, "aria-label": label,
    });
    if (acts(i)) {
      g.setAttribute("role", "button");
      g.setAttribute("tabindex", name === focus ? "0" : "-1");
      if (marking) g.setAttribute("aria-pressed", String(marked.has(name)));
      g.addEventListener("click", () => state.onPick(name));
      g.addEventListener("keydown", (e) => key(e, svg, name, state.onPick));
    } else {
      g.setAttribute("role", "img");
    }
    if (asked) g.appendChild(el("circle", { class: "asked-ring", cx: x, cy: y, r: R + 7 }));
    const D = R + 5; // a diamond's half-diagonal: as wide as a value such as 4.33
    g.appendChild(chance
      ? el("polygon", { class: "tnode", points: `${x},${y - D} ${x + D},${y} ${x},${y + D} ${x - D},${y}` })
      : n.max
        ? el("rect", { class: "tnode", x: x - R, y: y - R, width: 2 * R, height: 2 * R, rx: 4 })
        : el("circle", { class: "tnode", cx: x, cy: y, r: R }));
    // A long value (4.33, 13/3) in a smaller type, to stay inside its node.
    g.appendChild(el("text", { class: "tval" + (text.length > 3 ? " long" : ""), x, y }, text));
    svg.appendChild(g);
    if (i > 0) {
      // Leaves are named under themselves, inner nodes to their upper left, clear of the edges.
      const at = n.leaf ? { x, y: y + R + 12 } : { x: x - (chance ? D : R) - 5, y: y - R + 2, class: "tname end" };
      labels.appendChild(el("text", { class: "tname", ...at }, name));
    }
    if (asked) labels.appendChild(el("text", { class: "window start", x: x + R + 10, y: y - R - 6 }, "α? β?"));
  });
  svg.appendChild(labels);
  return svg;
}

/** The arrow keys move between a tree's buttons (in the order of the nodes), Home and End jump;
 * Enter and Space act. */
function key(e, svg, name, onPick) {
  const buttons = [...svg.querySelectorAll("[role=button]")];
  const at = buttons.findIndex((b) => b.dataset.path === name);
  const to = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1, Home: 0, End: buttons.length - 1 }[e.key];
  if (e.key === "Enter" || e.key === " ") {
    onPick(name);
  } else if (to !== undefined) {
    const next = buttons[Math.max(0, Math.min(buttons.length - 1, to))];
    for (const b of buttons) b.setAttribute("tabindex", b === next ? "0" : "-1");
    next.focus();
  } else {
    return;
  }
  e.preventDefault();
  e.stopPropagation();
}

/**
 * The board of a position exercise. `best`: the cells named as best moves (ringed); `onPick(cell)`
 * for an empty cell chosen, or null; `values`: cell → a value of the analysis, shown on the cell
 * (the solution), with `bestCells` ringed.
 */
export function drawBoard(ex, { best = new Set(), onPick = null, values = null } = {}) {
  const { width: w, height: h, k } = ex.rules;
  const side = String(ex.to_move).toUpperCase();
  const box = document.createElement("div");
  box.className = "pboard";
  box.style.setProperty("--cols", w);
  box.setAttribute("role", "group");
  box.setAttribute("aria-label", t(values ? "solution_board" : "practice_board", { w, h, k, side }));
  ex.cells.forEach((stone, cell) => {
    const name = cellName(cell, w, h);
    let c;
    if (stone) {
      c = document.createElement("span");
      c.setAttribute("role", "img");
      c.setAttribute("aria-label", t("practice_cell_stone", { cell: name, side: stone.toUpperCase() }));
      c.className = "pcell pstone p" + stone;
      c.textContent = stone.toUpperCase();
    } else if (values) {
      const v = values.get(cell);
      c = document.createElement("span");
      c.setAttribute("role", "img");
      const words = v ? valueText(v, ex.to_move) : "";
      c.setAttribute("aria-label", t(best.has(cell) ? "practice_cell_best_value" : "practice_cell_value", { cell: name, value: words }));
      c.className = "pcell pval " + (v ? "p" + v.value : "") + (best.has(cell) ? " pbest" : "");
      c.textContent = !v ? "" : v.value === "win" ? "+" + v.plies : v.value === "loss" ? "−" + v.plies : "=";
    } else {
      c = document.createElement("button");
      c.type = "button";
      c.className = "pcell pempty" + (best.has(cell) ? " pbest" : "");
      c.dataset.cell = cell;
      c.setAttribute("aria-pressed", String(best.has(cell)));
      c.setAttribute("aria-label", t(best.has(cell) ? "practice_cell_best" : "practice_cell_empty", { cell: name }));
      c.textContent = name;
      if (onPick) c.addEventListener("click", () => onPick(cell));
      else c.disabled = true;
    }
    box.appendChild(c);
  });
  return box;
}
