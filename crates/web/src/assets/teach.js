// The teaching panel: a tree typed or edited by clicking, searched by the engine (minimax,
// alpha-beta, or both side by side), stepped through forward and back with a sentence for
// each step. The server parses and searches; the page only draws, edits and explains.

import { api } from "./api.js";
import { t, onLangChange, TABLES } from "./i18n.js";
import { errorText, sentence, tidy } from "./words.js";
import { drawTree, summary, nodeName, bound, scaleTrees } from "./tree-view.js";

const $ = (id) => document.getElementById(id);

/** The seed lesson's tree (root 60, leaf 58 pruned) and the textbook's. */
export const EXAMPLES = { seed: "((60 63) (15 58))", textbook: "((3 12 8) (2 4 6) (14 5 2))" };
const TYPE_PAUSE_MS = 500;

export class TeachPanel {
  constructor() {
    this.lessons = [];
    this.at = 0;
    this.selected = null;
    this.request = 0;
    this.typing = null;
    this.started = false;
    $("tree-text").value = EXAMPLES.textbook;
    $("example-seed").addEventListener("click", () => this.load(EXAMPLES.seed));
    $("example-textbook").addEventListener("click", () => this.load(EXAMPLES.textbook));
    $("tree-run").addEventListener("click", () => this.run());
    $("tree-text").addEventListener("input", () => {
      clearTimeout(this.typing);
      this.typing = setTimeout(() => this.run(), TYPE_PAUSE_MS);
    });
    for (const r of document.querySelectorAll("input[name=algo]")) r.addEventListener("change", () => this.run());
    $("tree-min").addEventListener("change", () => this.run());
    $("step-first").addEventListener("click", () => this.go(0));
    $("step-prev").addEventListener("click", () => this.go(this.at - 1));
    $("step-next").addEventListener("click", () => this.go(this.at + 1));
    $("step-last").addEventListener("click", () => this.go(Infinity));
    this.zoom = 1;
    const zoom = (z) => {
      this.zoom = Math.max(0.25, Math.min(4, z));
      scaleTrees($("lessons"), this.zoom);
    };
    $("zoom-in").addEventListener("click", () => zoom(this.zoom * 1.25));
    $("zoom-out").addEventListener("click", () => zoom(this.zoom / 1.25));
    $("zoom-fit").addEventListener("click", () => zoom(1));
    // The panel's width changes with the window and when the tab is first shown.
    new ResizeObserver(() => scaleTrees($("lessons"), this.zoom)).observe($("lessons"));
    $("leaf-value").addEventListener("change", () => this.edit("value"));
    $("node-add").addEventListener("click", () => this.edit("add"));
    $("node-remove").addEventListener("click", () => this.edit("remove"));
    onLangChange(() => this.draw());
  }

  /** The panel became visible: search the tree the first time. */
  shown() {
    if (!this.started) {
      this.started = true;
      this.run();
    }
  }

  load(text) {
    $("tree-text").value = text;
    this.selected = null;
    this.run();
  }

  algo() {
    return document.querySelector("input[name=algo]:checked").value;
  }

  /** Searches the tree in the text box; a newer request makes an older answer void.
   * `keepStep`: an edit of the tree stays at the step being studied (as far as the new
   * search goes), so that its effect can be compared there; anything else starts over. */
  async run(keepStep = false) {
    clearTimeout(this.typing);
    this.started = true;
    const id = ++this.request;
    $("tree-error").textContent = "";
    try {
      const answer = await api.tree($("tree-text").value, this.algo(), $("tree-min").checked);
      if (id !== this.request) return;
      this.lessons = answer.lessons;
      this.at = keepStep ? Math.min(this.at, this.length()) : 0;
    } catch (e) {
      if (id !== this.request) return;
      // A tree that does not parse has no search: nothing of the last one stays on screen.
      this.lessons = [];
      this.at = 0;
      this.selected = null;
      $("tree-error").textContent = errorText(e);
      if (e.code === "bad_tree") markColumn(e.extra.line, e.extra.col);
    }
    this.draw();
  }

  /** The step count of the longest search shown (both step together, side by side). */
  length() {
    return Math.max(0, ...this.lessons.map((l) => l.steps.length));
  }

  go(step) {
    if (!this.lessons.length) return;
    this.at = Math.max(0, Math.min(this.length(), step));
    this.draw();
  }

  /** Keys on the learn view: arrows step, Home and End jump. */
  key(e) {
    const moves = { ArrowRight: this.at + 1, ArrowLeft: this.at - 1, Home: 0, End: Infinity };
    if (!(e.key in moves)) return false;
    this.go(moves[e.key]);
    return true;
  }

  draw() {
    const box = $("lessons");
    box.replaceChildren();
    const has = this.lessons.length > 0;
    for (const id of ["step-first", "step-prev"]) $(id).disabled = !has || this.at === 0;
    for (const id of ["step-next", "step-last"]) $(id).disabled = !has || this.at >= this.length();
    $("step-count").textContent = has ? t("step_count", { n: this.at, of: this.length() }) : "";
    $("node-editor").hidden = !has || this.selected === null;
    if (!has) {
      $("step-text").textContent = "";
      return;
    }
    const texts = [];
    for (const lesson of this.lessons) {
      const upto = Math.min(this.at, lesson.steps.length);
      const col = document.createElement("div");
      col.className = "lesson";
      col.dataset.algo = lesson.algo;
      const h = document.createElement("h3");
      h.textContent = t("algo_" + lesson.algo);
      const sum = document.createElement("p");
      sum.className = "tree-summary";
      sum.textContent = this.at >= lesson.steps.length ? summary(lesson)
        : t("lesson_progress", { n: upto, of: lesson.steps.length });
      const wrap = document.createElement("div");
      wrap.className = "tree-wrap";
      wrap.appendChild(drawTree(lesson, upto, this.selected, (path) => this.pick(path)));
      col.append(h, sum, wrap);
      box.appendChild(col);
      const prefix = this.lessons.length > 1 ? t("step_prefix", { algo: t("algo_" + lesson.algo) }) : "";
      texts.push(prefix + (upto === 0 ? t("step_start") : upto < this.at ? t("step_done")
        : sentence(explain(lesson, upto))));
    }
    $("step-text").textContent = tidy(texts.join("  "));
    scaleTrees(box, this.zoom);
    this.drawEditor();
  }

  // ---- editing by clicking ----

  pick(path) {
    const key = path.join(".");
    this.selected = this.selected === key ? null : key;
    this.draw();
  }

  /** The tree as nested arrays (a leaf is its number), from the server's nodes. */
  model() {
    const nodes = this.lessons[0].nodes;
    const build = (i) => (nodes[i].leaf ? nodes[i].value : nodes[i].children.map(build));
    return build(0);
  }

  drawEditor() {
    if (this.selected === null || !this.lessons.length) return;
    const path = this.selected === "" ? [] : this.selected.split(".").map(Number);
    const node = this.lessons[0].nodes.find((n) => n.path.join(".") === this.selected);
    if (!node) {
      this.selected = null;
      $("node-editor").hidden = true;
      return;
    }
    $("node-name").textContent = t("editing", { node: nodeName(path) });
    $("leaf-label").hidden = !node.leaf;
    if (node.leaf && document.activeElement !== $("leaf-value")) $("leaf-value").value = node.value;
    $("node-remove").disabled = path.length === 0;
  }

  /** Changes the selected node ("value", "add" a child, "remove" it) and searches again. */
  edit(what) {
    if (this.selected === null || !this.lessons.length) return;
    const path = this.selected === "" ? [] : this.selected.split(".").map(Number);
    let tree = this.model();
    const at = (p) => p.reduce((n, i) => n[i], tree);
    const set = (p, v) => {
      if (!p.length) tree = v;
      else at(p.slice(0, -1))[p[p.length - 1]] = v;
    };
    const node = at(path);
    if (what === "value") {
      const v = Math.round(Number($("leaf-value").value));
      if (!Number.isFinite(v)) return;
      set(path, v);
    } else if (what === "add") {
      // A leaf becomes an inner node keeping its value as the first child.
      if (Array.isArray(node)) node.push(0);
      else set(path, [node, 0]);
    } else if (what === "remove" && path.length) {
      const parent = at(path.slice(0, -1));
      parent.splice(path[path.length - 1], 1);
      // An inner node left without children becomes a leaf worth 0.
      if (parent.length === 0) set(path.slice(0, -1), 0);
      this.selected = path.slice(0, -1).join(".");
    }
    $("tree-text").value = sexpr(tree);
    this.run(true);
  }
}

/** A tree in `mnk tree` syntax. */
export function sexpr(tree) {
  return Array.isArray(tree) ? "(" + tree.map(sexpr).join(" ") + ")" : String(tree);
}

/** Selects the character the server named in the text box, so the problem is easy to see. */
function markColumn(line, col) {
  const area = $("tree-text");
  const lines = area.value.split("\n");
  let offset = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
  const start = Math.min(area.value.length, offset + Math.max(0, col - 1));
  area.setSelectionRange(start, Math.min(area.value.length, start + 1));
}

/**
 * One sentence for the step `upto` (1-based) of `lesson`, worded from the engine's sentence key
 * and arguments in the page's language; a key the page has no sentence for falls back to the
 * engine's English.
 */
export function explain(lesson, upto) {
  const s = lesson.steps[upto - 1];
  const key = "explain_" + s.key;
  if (!s.key || !(key in TABLES.en)) return s.text;
  return t(key, words(s.args, lesson.infinity));
}

/** A sentence's arguments as the page says them: nodes by name, roles and numbers its way. */
function words(args, infinity) {
  const out = {};
  for (const [name, v] of Object.entries(args)) {
    if (name === "node" || name === "child") out[name] = nodeName(v);
    else if (name === "pruned") out[name] = v.map(nodeName).join(t("list_sep"));
    else if (name === "moves") out[name] = v.join(" ");
    else if (name === "role") {
      out.role = t("role_" + v);
      // The player one level up, whose better choice elsewhere a cut relies on.
      out.above = t(v === "max" ? "role_min" : "role_max");
    } else out[name] = bound(v, infinity);
  }
  return out;
}
