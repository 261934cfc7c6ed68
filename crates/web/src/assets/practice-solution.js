// The solution of a practice exercise: each part's answer, and the search stepped through in
// the lesson view of the Learn tab (the same drawing and the same sentence for each step, from
// the same lesson the tree panel gets); for a position, every move's exact value on the board;
// for a chance tree, which has no lesson to step through, the engine's table of every node's
// value with and without cuts.

import { t } from "./i18n.js";
import { sentence, tidy } from "./words.js";
import { drawTree, scaleTrees, summary } from "./tree-view.js";
import { explain } from "./teach.js";
import { drawBoard } from "./practice-figure.js";
import { partLabel, num, dec, nodeOf, chooserRole, listWords } from "./practice-words.js";

const $ = (id) => document.getElementById(id);

export class SolutionView {
  constructor() {
    this.ex = null;
    this.sol = null;
    this.at = 0;
    $("psol-first").addEventListener("click", () => this.go(0));
    $("psol-prev").addEventListener("click", () => this.go(this.at - 1));
    $("psol-next").addEventListener("click", () => this.go(this.at + 1));
    $("psol-last").addEventListener("click", () => this.go(Infinity));
    new ResizeObserver(() => scaleTrees($("psol-tree"), 1)).observe($("psol-tree"));
  }

  /** Shows the solution `sol` of exercise `ex`, at its first step. */
  show(ex, sol) {
    this.ex = ex;
    this.sol = sol;
    this.at = 0;
    $("practice-solution").hidden = false;
    this.draw();
  }

  /** Hides it (a new exercise). */
  hide() {
    this.ex = this.sol = null;
    $("practice-solution").hidden = true;
  }

  get open() {
    return this.sol !== null && !$("practice-solution").hidden;
  }

  length() {
    return this.sol && this.sol.lesson ? this.sol.lesson.steps.length : 0;
  }

  go(step) {
    if (!this.length()) return;
    this.at = Math.max(0, Math.min(this.length(), step));
    this.draw();
  }

  /** Arrow keys step, Home and End jump; whether the key was used. */
  key(e) {
    if (!this.open || !this.length()) return false;
    const to = { ArrowRight: this.at + 1, ArrowLeft: this.at - 1, Home: 0, End: Infinity }[e.key];
    if (to === undefined) return false;
    this.go(to);
    return true;
  }

  draw() {
    if (!this.sol) return;
    const { ex, sol } = this;
    const byName = new Map((ex.nodes || []).map((n) => [n.path.length ? n.path.join(".") : "root", n]));
    const replies = $("practice-replies");
    replies.replaceChildren();
    ex.parts.forEach((part, i) => {
      const dt = document.createElement("dt");
      dt.textContent = partLabel(ex, part, byName);
      const dd = document.createElement("dd");
      dd.textContent = replyWords(part, sol.replies[i]);
      replies.append(dt, dd);
    });
    const lesson = sol.lesson;
    const table = !lesson && !sol.analysis ? sol.chance || null : null;
    const note = sol.order ? t("solution_order", { order: sol.order.join(" ") })
      : sol.analysis ? t("solution_position", { side: String(ex.to_move).toUpperCase() })
        : table ? t("solution_table") : "";
    $("practice-solution-note").textContent = note;
    // The table keeps its columns: on a narrow screen it scrolls sideways.
    $("psol-walkthrough").hidden = !table;
    $("psol-walkthrough").replaceChildren(...(table ? chanceTable(table) : []));
    $("practice-steps").hidden = !lesson;
    $("psol-board").hidden = !sol.analysis;
    if (sol.analysis) {
      const values = new Map(sol.analysis.moves.map((m) => [m.cell, m]));
      const top = bestValue(sol.analysis.moves);
      const best = new Set(sol.analysis.moves.filter((m) => m.value === top).map((m) => m.cell));
      $("psol-board").replaceChildren(drawBoard(ex, { values, best }));
    }
    if (!lesson) return;
    const n = lesson.steps.length;
    for (const id of ["psol-first", "psol-prev"]) $(id).disabled = this.at === 0;
    for (const id of ["psol-next", "psol-last"]) $(id).disabled = this.at >= n;
    $("psol-count").textContent = t("step_count", { n: this.at, of: n });
    const step = this.at === 0 ? t("step_start") : sentence(explain(lesson, this.at));
    $("psol-text").textContent = tidy(this.at >= n ? step + " " + summary(lesson) : step);
    const svg = drawTree(lesson, this.at, null, () => {});
    // Here the nodes are only looked at: pictures with their words, not buttons to tab through.
    for (const g of svg.querySelectorAll(".node")) {
      g.setAttribute("role", "img");
      g.removeAttribute("tabindex");
    }
    const wrap = $("psol-tree");
    wrap.replaceChildren(svg);
    scaleTrees(wrap, 1);
    // On a narrow screen the tree scrolls sideways: the node of this step is brought into view.
    const current = svg.querySelector(".node.current");
    if (current) {
      const a = current.getBoundingClientRect(), b = wrap.getBoundingClientRect();
      if (a.left < b.left || a.right > b.right) wrap.scrollLeft += a.left - b.left - (b.width - a.width) / 2;
    }
  }
}

/** The best value among moves: a win over a draw over a loss. */
function bestValue(moves) {
  for (const v of ["win", "draw", "loss"]) if (moves.some((m) => m.value === v)) return v;
  return null;
}

/** A part's reply as the page says it. */
function replyWords(part, reply) {
  if (reply === "none" || reply === "") return "—";
  if (part.key === "value" && ["win", "draw", "loss"].includes(reply)) return t("pv_" + reply);
  if (part.key === "alpha" || part.key === "beta" || /^-?\d+(\.\d+)?$/.test(reply)) return num(reply);
  return reply;
}

/** A chance tree's solution in the page's language: which leaves' range the cuts relied on,
 * every node's expectiminimax value beside what the search with cuts found there, the root's
 * value and the subtrees skipped, and the rule chance nodes cut by. */
function chanceTable(c) {
  const para = (text) => {
    const p = document.createElement("p");
    p.textContent = text;
    return p;
  };
  const head = c.bounds ? t("chance_bounded", { lo: dec(c.bounds[0]), hi: dec(c.bounds[1]) })
    : t("chance_unbounded");
  const table = document.createElement("table");
  table.className = "chance-table";
  const tr = (cells, tag) => {
    const row = document.createElement("tr");
    for (const [text, cls] of cells) {
      const cell = document.createElement(tag);
      cell.textContent = text;
      if (cls) cell.className = cls;
      row.append(cell);
    }
    return row;
  };
  const thead = document.createElement("thead");
  thead.append(tr([[t("chance_col_node")], [t("chance_col_value")], [t("chance_col_cuts")]], "th"));
  const body = document.createElement("tbody");
  for (const r of c.rows) {
    const name = (r.node === "root" ? t("root") : r.node)
      + (r.chooser ? " " + chooserRole(r.chooser) : "")
      + (r.probability ? ` (p ${r.probability})` : "");
    const searched = {
      pruned: t("chance_pruned"),
      unvisited: "·",
      value: dec(r.searched),
      cut: t("chance_cut", { v: dec(r.searched) }),
      at_most: t("chance_at_most", { v: dec(r.searched), a: dec(r.window) }),
      at_least: t("chance_at_least", { v: dec(r.searched), b: dec(r.window) }),
    }[r.with_cuts] || "";
    const row = tr([["", "node"], [dec(r.value)], [searched, r.with_cuts === "pruned" ? "pruned" : ""]], "td");
    const lead = document.createElement("span");
    lead.className = "outline";
    lead.textContent = r.lead;
    row.firstChild.replaceChildren(lead, document.createTextNode(name));
    body.append(row);
  }
  table.append(thead, body);
  const pruned = c.pruned.length ? listWords(c.pruned.map(nodeOf)) : t("chance_none");
  const out = [para(head), table, para(t("chance_result", { value: dec(c.value), pruned }))];
  // Without a range for the leaves chance nodes never cut, and the rule says nothing.
  if (c.bounds) out.push(para(t("chance_rule", { lo: dec(c.bounds[0]), hi: dec(c.bounds[1]) })));
  return out;
}
