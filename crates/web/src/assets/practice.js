// The practice view: an exercise from the server (a kind, a difficulty, a seed), answered part
// by part (typed, or on the tree and the board), a hint one keystroke away, checked by the
// server (points, each part right or wrong, the first mistake explained), and its solution
// stepped through. The page builds the answer's text from the parts as the engine reads it
// (each part's `key=reply`, lists joined by commas) and never marks anything itself.

import { api } from "./api.js";
import { t, onLangChange, safeGet, safeSet } from "./i18n.js";
import { errorText, tidy } from "./words.js";
import { scaleTrees } from "./tree-view.js";
import { cellName } from "./board.js";
import { drawExerciseTree, drawBoard, nameOf } from "./practice-figure.js";
import { question, partLabel, hintText, mistakeText, markingHint, itemText } from "./practice-words.js";
import { SolutionView } from "./practice-solution.js";
import { ClassView } from "./class-view.js";

const $ = (id) => document.getElementById(id);
const KIND_KEY = "mnk.practice.kind";
const DIFFICULTY_KEY = "mnk.practice.difficulty";
const NICKNAME_KEY = "mnk.nickname";

/** One part's piece of the answer text, as the engine's `Part::text` makes it: `key=reply`,
 * a list's items joined by commas; nothing for an empty reply. Full-width digits and signs
 * (a Chinese keyboard) and the page's own minus sign are read as plain ones. */
export function partText(part, reply) {
  let r = String(reply || "").normalize("NFKC").replace(/[−－]/g, "-").trim();
  if (!r) return "";
  if (part.list) r = r.split(/[\s,，、]+/).filter(Boolean).join(",");
  return part.key === null || part.key === undefined ? r : `${part.key}=${r}`;
}

/** The names in a list reply ("1.1, 2" → ["1.1", "2"]). */
const items = (reply) => String(reply || "").normalize("NFKC").split(/[\s,，、]+/).filter(Boolean);

export class PracticePanel {
  constructor() {
    this.ex = null;
    this.replies = [];
    this.marking = null;
    this.hintShown = null;
    this.part = null; // the part whose box had the focus last: the one a hint is for
    this.treeFocus = null;
    this.request = 0;
    this.started = false;
    this.solution = new SolutionView();
    this.classView = new ClassView();
    for (const [id, key] of [["practice-kind", KIND_KEY], ["practice-difficulty", DIFFICULTY_KEY]]) {
      const kept = safeGet(key);
      if (kept && [...$(id).options].some((o) => o.value === kept)) $(id).value = kept;
      $(id).addEventListener("change", () => safeSet(key, $(id).value));
    }
    $("practice-nickname").value = safeGet(NICKNAME_KEY) || "";
    $("practice-nickname").addEventListener("change", () => safeSet(NICKNAME_KEY, $("practice-nickname").value.trim()));
    $("practice-setup").addEventListener("submit", (e) => {
      e.preventDefault();
      this.fetch(true);
    });
    $("practice-form").addEventListener("submit", (e) => {
      e.preventDefault();
      this.check();
    });
    $("practice-hint").addEventListener("click", () => this.hint(this.part));
    $("practice-show").addEventListener("click", () => this.showSolution());
    new ResizeObserver(() => scaleTrees($("practice-figure"), 1)).observe($("practice-figure"));
    onLangChange(() => this.draw(true));
  }

  /** The view became visible: the first time, an exercise of the chosen kind. */
  shown() {
    if (!this.started) {
      this.started = true;
      this.fetch(false);
    }
    scaleTrees($("practice-figure"), 1);
  }

  nickname() {
    return $("practice-nickname").value.trim() || undefined;
  }

  /** What names the exercise in every request about it. */
  named() {
    return { kind: this.ex.kind, difficulty: this.ex.difficulty, seed: this.ex.seed };
  }

  /** A new exercise; `focus`: the reader asked for it, so the focus goes to its heading. */
  async fetch(focus) {
    const id = ++this.request;
    $("practice-error").textContent = "";
    $("practice-new").disabled = true;
    try {
      const ex = await api.practice($("practice-kind").value, $("practice-difficulty").value, this.nickname());
      if (id !== this.request) return;
      this.ex = ex;
      this.replies = ex.parts.map(() => "");
      this.marking = null;
      this.hintShown = null;
      this.part = null;
      this.treeFocus = null;
      this.solution.hide();
      this.draw(true);
      if (focus) $("practice-heading").focus();
    } catch (e) {
      if (id === this.request) $("practice-error").textContent = errorText(e);
    } finally {
      if (id === this.request) $("practice-new").disabled = false;
    }
  }

  /** Draws the exercise; `parts`: the answer boxes too (a new exercise, a new language). */
  draw(parts = false) {
    const ex = this.ex;
    $("practice-task").hidden = !ex;
    if (!ex) return;
    this.byName = new Map((ex.nodes || []).map((n) => [nameOf(n.path), n]));
    Object.assign($("practice-task").dataset, { kind: ex.kind, seed: ex.seed, request: this.request });
    $("practice-heading").textContent = t("practice_heading",
      { kind: t("kind_" + ex.kind), difficulty: t("level_" + ex.difficulty), seed: ex.seed });
    $("practice-question").textContent = question(ex);
    $("practice-figure-help").textContent = t("practice_help_" + ex.kind);
    $("practice-outline-box").hidden = !ex.outline;
    $("practice-outline").textContent = ex.outline || "";
    if (parts) this.drawParts();
    this.drawFigure();
    this.drawResult();
    // A hint belongs to its exercise: a new exercise clears it.
    $("practice-hint-text").textContent = this.hintShown ? t("practice_hint_text", { text: hintText(this.hintShown) }) : "";
    if (!$("practice-solution").hidden) this.solution.draw();
  }

  drawFigure() {
    const ex = this.ex;
    const box = $("practice-figure");
    const hadFocus = box.contains(document.activeElement);
    const marks = this.marks();
    if (ex.nodes) {
      const key = ex.kind === "minimax" ? null : ex.parts.findIndex((p) => p.key === "pruned");
      // The values typed so far show in their nodes (minimax, and chance trees).
      const values = {};
      if (ex.kind === "minimax" || ex.kind === "chance") {
        ex.parts.forEach((p, i) => { if (p.key !== "pruned") values[p.key] = partText({ key: null }, this.replies[i]); });
      }
      const wrap = document.createElement("div");
      wrap.className = "tree-wrap";
      wrap.appendChild(drawExerciseTree(ex, {
        values, marks, focus: this.treeFocus,
        skipped: key !== null && key >= 0 ? items(this.replies[key]) : [],
        onPick: ["minimax", "alphabeta", "chance"].includes(ex.kind) ? (name) => this.pickNode(name) : null,
      }));
      // A tree without buttons still scrolls on a phone: the keyboard reaches it as a region.
      if (!wrap.querySelector("[role=button]")) {
        Object.assign(wrap, { tabIndex: 0 });
        wrap.setAttribute("role", "region");
        wrap.setAttribute("aria-label", t("practice_tree"));
      }
      box.replaceChildren(wrap);
      scaleTrees(box, 1);
    } else if (ex.cells) {
      const i = ex.parts.findIndex((p) => p.key === "moves");
      const named = new Set(items(this.replies[i]).map((m) => m.toLowerCase()));
      const best = new Set(ex.cells.map((_, c) => c).filter((c) => named.has(cellOf(ex, c))));
      box.replaceChildren(drawBoard(ex, { best, onPick: (cell) => this.pickCell(cell) }));
    }
    if (hadFocus) {
      const again = this.treeFocus !== null
        ? box.querySelector(`[data-path="${this.treeFocus}"]`) || box.querySelector(`[data-cell="${this.treeFocus}"]`)
        : null;
      if (again) again.focus();
    }
  }

  /** Right and wrong by node, once checked (minimax's values, alpha-beta's leaves). */
  marks() {
    if (!this.marking || !this.ex.nodes) return null;
    const marks = {};
    for (const item of this.marking.items) if (this.byName.has(item.part)) marks[item.part] = item.right;
    return marks;
  }

  drawParts() {
    const ex = this.ex;
    const box = $("practice-parts");
    box.replaceChildren();
    ex.parts.forEach((part, i) => {
      const row = document.createElement("div");
      row.className = "part-row";
      row.dataset.part = i;
      const label = document.createElement("label");
      label.htmlFor = "part-" + i;
      label.textContent = partLabel(ex, part, this.byName);
      let input;
      if (ex.kind === "position" && part.key === "value") {
        input = document.createElement("select");
        for (const v of ["", "win", "draw", "loss"]) {
          const o = document.createElement("option");
          o.value = v;
          o.textContent = v ? t("pv_" + v) : t("pv_choose");
          input.appendChild(o);
        }
      } else {
        input = document.createElement("input");
        input.autocomplete = "off";
        input.spellcheck = false;
      }
      input.id = "part-" + i;
      input.value = this.replies[i];
      input.addEventListener("focus", () => (this.part = i));
      input.addEventListener(input.tagName === "SELECT" ? "change" : "input", () => this.reply(i, input.value));
      input.addEventListener("keydown", (e) => this.partKey(e, i));
      const mark = document.createElement("span");
      mark.className = "part-mark";
      mark.id = "part-mark-" + i;
      row.append(label, input, mark);
      box.appendChild(row);
    });
  }

  /** A part's box changed. */
  reply(i, value) {
    this.replies[i] = value;
    this.drawFigure();
  }

  /** Keys in a part's box: ? asks for its hint; Enter goes to the next box, or checks. */
  partKey(e, i) {
    if (e.key === "?" || e.key === "？") {
      e.preventDefault();
      this.hint(i);
    } else if (e.key === "Enter" && e.target.tagName === "INPUT") {
      e.preventDefault();
      if (i + 1 < this.ex.parts.length) $("part-" + (i + 1)).focus();
      else this.check();
    }
  }

  /** A node was chosen on the tree: minimax goes to its box; alpha-beta and chance trees mark
   * or unmark it as skipped. */
  pickNode(name) {
    const ex = this.ex;
    this.treeFocus = name;
    if (ex.kind === "minimax") {
      const i = ex.parts.findIndex((p) => p.key === name);
      if (i >= 0) $("part-" + i).focus();
      return;
    }
    const i = ex.parts.findIndex((p) => p.key === "pruned");
    const marked = items(this.replies[i]);
    const next = marked.includes(name) ? marked.filter((m) => m !== name) : [...marked, name];
    // Kept in the order of the tree, as the search meets them.
    const order = [...this.byName.keys()];
    next.sort((a, b) => order.indexOf(a) - order.indexOf(b));
    this.setReply(i, next.join(", "));
  }

  /** An empty cell was chosen: named as a best move, or no longer. */
  pickCell(cell) {
    const i = this.ex.parts.findIndex((p) => p.key === "moves");
    const name = cellOf(this.ex, cell);
    const named = items(this.replies[i]).map((m) => m.toLowerCase());
    const next = named.includes(name) ? named.filter((m) => m !== name) : [...named, name];
    this.treeFocus = String(cell);
    this.setReply(i, next.join(", "));
  }

  setReply(i, value) {
    this.replies[i] = value;
    $("part-" + i).value = value;
    this.drawFigure();
  }

  /** The answer's text, from every part answered. */
  answer() {
    return this.ex.parts.map((p, i) => partText(p, this.replies[i])).filter(Boolean).join(" ");
  }

  /** A hint for part `i`, or (no part chosen yet) for the answer so far, or where to start. */
  async hint(i) {
    if (!this.ex) return;
    const text = this.answer();
    const ask = i !== null && i !== undefined ? { part: i } : text ? { answer: text } : {};
    $("practice-hint").disabled = true;
    try {
      this.hintShown = await api.practiceHint(this.named(), ask);
      $("practice-answer-error").textContent = "";
      $("practice-hint-text").textContent = t("practice_hint_text", { text: hintText(this.hintShown) });
    } catch (e) {
      this.showAnswerError(e);
    } finally {
      $("practice-hint").disabled = false;
    }
  }

  showAnswerError(e) {
    $("practice-answer-error").textContent = errorText(e);
  }

  /** Sends the answer to be marked. */
  async check() {
    if (!this.ex) return;
    const text = this.answer();
    if (!text) {
      $("practice-answer-error").textContent = t("practice_empty");
      return;
    }
    $("practice-check").disabled = true;
    try {
      this.marking = await api.practiceMark(this.named(), text, this.nickname());
      this.markedAs = this.nickname();
      $("practice-answer-error").textContent = "";
      this.drawResult();
      this.drawFigure();
    } catch (e) {
      this.showAnswerError(e);
    } finally {
      $("practice-check").disabled = false;
    }
  }

  drawResult() {
    const m = this.marking;
    $("practice-result").hidden = !m;
    this.ex.parts.forEach((_, i) => {
      const mark = $("part-mark-" + i);
      if (mark) mark.textContent = "";
    });
    if (!m) return;
    const score = t(m.correct ? "practice_all_right" : "practice_score", { points: m.points, out_of: m.out_of });
    $("practice-score").textContent = tidy(m.recorded && this.markedAs ? score + " " + t("practice_recorded", { name: this.markedAs }) : score);
    $("practice-result").classList.toggle("correct", m.correct);
    $("practice-meter").style.width = (m.out_of ? (100 * m.points) / m.out_of : 0) + "%";
    $("practice-mistake").textContent = m.mistake_data ? t("practice_first_mistake", { text: mistakeText(m) }) : "";
    const where = markingHint(m);
    $("practice-mistake-hint").textContent = where ? t("practice_where", { text: where }) : "";
    const list = $("practice-items");
    list.replaceChildren();
    for (const item of m.items) {
      const li = document.createElement("li");
      li.className = item.right ? "right" : "wrong";
      const sign = document.createElement("span");
      sign.setAttribute("aria-hidden", "true");
      sign.textContent = item.right ? "✓ " : "✗ ";
      const words = document.createElement("span");
      words.className = "sr-only";
      words.textContent = t(item.right ? "practice_right" : "practice_wrong") + ": ";
      li.append(sign, words, itemText(this.ex, item));
      list.appendChild(li);
    }
    // Each part's box says whether that part was right (a list part: all of its items).
    this.ex.parts.forEach((part, i) => {
      const mine = m.items.filter((it) => belongs(this.ex, part, it));
      const mark = $("part-mark-" + i);
      if (!mark || !mine.length) return;
      const right = mine.every((it) => it.right);
      mark.textContent = right ? "✓" : "✗";
      mark.className = "part-mark " + (right ? "right" : "wrong");
      mark.title = t(right ? "practice_right" : "practice_wrong");
      $("part-" + i).setAttribute("aria-invalid", String(!right));
    });
  }

  async showSolution() {
    if (!this.ex) return;
    $("practice-show").disabled = true;
    try {
      const sol = await api.practiceSolution(this.named());
      this.solution.show(this.ex, sol);
      $("practice-solution-title").focus();
    } catch (e) {
      this.showAnswerError(e);
    } finally {
      $("practice-show").disabled = false;
    }
  }

  /** Keys on the practice view outside the boxes: h for a hint (when single keys are on), the
   * arrows step through an open solution. Whether the key was used. */
  key(e, singleKeys) {
    if ((e.key === "h" || e.key === "H") && singleKeys && this.ex) {
      this.hint(this.part);
      return true;
    }
    return this.solution.key(e);
  }
}

/** The name of a board cell as moves are written. */
const cellOf = (ex, cell) => cellName(cell, ex.rules.width, ex.rules.height);

/** Whether a marked item belongs to a part: its own key, a leaf under the skipped nodes, a
 * move of the best moves, the ordering's count of leaves. */
function belongs(ex, part, item) {
  if (part.key === null || part.key === undefined) return true;
  // A chance tree's items are its inner nodes' values, then its leaves searched or skipped.
  if (ex.kind === "chance") return part.key === "pruned" ? ["skipped", "searched"].includes(item.expected) : item.part === part.key;
  if (part.key === "pruned") return item.part !== "value";
  if (part.key === "moves") return item.part !== "value";
  return item.part === part.key;
}
