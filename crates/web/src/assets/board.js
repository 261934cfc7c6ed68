// The board: a labelled grid of cells named by their coordinates (a1 = bottom-left, as in
// the move names), sized to the space it has, with coordinates on its edges, the stones,
// the last move, the winning line, hints and the analysis overlay. Keyboard: the arrow keys
// move a visible focus (one cell is in the tab order), Enter or Space plays there.

import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const SVG_NS = "http://www.w3.org/2000/svg";

/** The column letter of column `c` (0 = a). */
export const colName = (c) => String.fromCharCode(97 + c);
/** A cell's name in the move notation: column letter, row number from the bottom. */
export const cellName = (cell, w, h) => colName(cell % w) + (h - Math.floor(cell / w));

/** Smallest cell, in CSS pixels, that a finger can hit: smaller cells ask to confirm a tap. */
const TAP_TARGET = 44;
/** Largest cell: a 3x3 board as big as a phone screen is plenty on a desktop. */
const MAX_CELL = 150;

export class Board {
  /** `onPlay(cell)` is called when the player chooses an empty cell on a live board. */
  constructor({ onPlay }) {
    this.onPlay = onPlay;
    this.el = $("board");
    this.frame = $("board-frame");
    this.area = $("board-area");
    this.layer = $("line-layer");
    this.w = 0;
    this.h = 0;
    this.cellEls = [];
    this.focus = 0;
    this.pending = null;
    this.view = null;
    this.cellPx = 40;
    this.el.addEventListener("keydown", (e) => this.key(e));
    this.el.addEventListener("click", (e) => {
      const el = e.target.closest(".cell");
      if (el) this.activate(+el.dataset.cell, e.detail === 0 ? "key" : "pointer");
    });
    $("confirm-move").addEventListener("click", () => {
      if (this.pending !== null) this.activate(this.pending, "key");
    });
    new ResizeObserver(() => this.fit()).observe(this.area);
    window.addEventListener("resize", () => this.fit());
  }

  /** Makes the cells for a `w` x `h` board (kept when the size does not change). */
  build(w, h) {
    if (w === this.w && h === this.h) return;
    const hadFocus = this.el.contains(document.activeElement);
    this.w = w;
    this.h = h;
    this.pending = null;
    this.el.replaceChildren();
    this.cellEls = [];
    for (let r = 0; r < h; r++) {
      const row = document.createElement("div");
      row.setAttribute("role", "row");
      row.className = "brow";
      for (let c = 0; c < w; c++) {
        const cell = r * w + c;
        const el = document.createElement("div");
        el.setAttribute("role", "gridcell");
        el.className = "cell";
        el.id = "cell-" + cell;
        el.dataset.cell = cell;
        el.dataset.name = cellName(cell, w, h);
        el.tabIndex = -1;
        if (c === 0) el.classList.add("edge-l");
        if (c === w - 1) el.classList.add("edge-r");
        if (r === 0) el.classList.add("edge-t");
        if (r === h - 1) el.classList.add("edge-b");
        const stone = document.createElement("span");
        stone.className = "stone";
        const ana = document.createElement("span");
        ana.className = "ana";
        ana.setAttribute("aria-hidden", "true");
        el.append(stone, ana);
        row.appendChild(el);
        this.cellEls.push(el);
      }
      this.el.appendChild(row);
    }
    const letters = Array.from({ length: w }, (_, c) => colName(c));
    const numbers = Array.from({ length: h }, (_, r) => String(h - r));
    for (const id of ["coords-top", "coords-bottom"]) fillCoords($(id), letters);
    for (const id of ["coords-left", "coords-right"]) fillCoords($(id), numbers);
    this.frame.style.setProperty("--w", w);
    this.frame.style.setProperty("--h", h);
    this.focus = Math.floor(h / 2) * w + Math.floor(w / 2);
    this.setFocus(this.focus, hadFocus);
    this.fit();
  }

  /** Sizes the cells to the space the board has: the whole width on a phone, the width and
   * the height of the window on a desktop. */
  fit() {
    if (!this.w) return;
    const wide = window.matchMedia("(min-width: 900px)").matches;
    const width = this.area.clientWidth;
    const top = this.area.getBoundingClientRect().top + window.scrollY;
    const height = wide ? window.innerHeight - Math.max(top, 0) - 24 : Infinity;
    const label = (size) => Math.max(14, Math.min(24, Math.round(size * 0.45)));
    let cell = Math.floor(Math.min((width - 2 * 16) / this.w, (height - 2 * 16) / this.h));
    cell = Math.floor(Math.min((width - 2 * label(cell) - 4) / this.w, (height - 2 * label(cell) - 4) / this.h));
    cell = Math.max(12, Math.min(MAX_CELL, cell));
    this.cellPx = cell;
    this.frame.style.setProperty("--cell", cell + "px");
    this.frame.style.setProperty("--label", label(cell) + "px");
    this.frame.classList.toggle("tiny", cell < 24);
    this.drawLine();
  }

  /** Whether a tap should be confirmed: cells smaller than a fingertip. */
  confirmTaps() {
    return this.cellPx < TAP_TARGET && window.matchMedia("(max-width: 899px)").matches;
  }

  setFocus(cell, move = true) {
    const old = this.cellEls[this.focus];
    if (old) old.tabIndex = -1;
    this.focus = Math.max(0, Math.min(this.cellEls.length - 1, cell));
    const el = this.cellEls[this.focus];
    if (!el) return;
    el.tabIndex = 0;
    if (move) el.focus({ preventScroll: false });
  }

  key(e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const { w, h } = this;
    const r = Math.floor(this.focus / w), c = this.focus % w;
    const moves = {
      ArrowLeft: [r, c - 1], ArrowRight: [r, c + 1], ArrowUp: [r - 1, c], ArrowDown: [r + 1, c],
      Home: [r, 0], End: [r, w - 1], PageUp: [0, c], PageDown: [h - 1, c],
    };
    if (moves[e.key]) {
      const [nr, nc] = moves[e.key];
      this.setFocus(Math.max(0, Math.min(h - 1, nr)) * w + Math.max(0, Math.min(w - 1, nc)));
      e.preventDefault();
      e.stopPropagation();
    } else if (e.key === "Enter" || e.key === " ") {
      this.activate(this.focus, "key");
      e.preventDefault();
      e.stopPropagation();
    }
  }

  /** A cell chosen by `how` ("pointer" or "key"); small cells want a second tap. */
  activate(cell, how) {
    this.setFocus(cell);
    const v = this.view;
    if (!v || !v.live || v.cells[cell]) return;
    if (how === "pointer" && this.confirmTaps() && this.pending !== cell) {
      this.pending = cell;
      this.render(v);
      return;
    }
    this.pending = null;
    this.onPlay(cell);
  }

  /**
   * Draws a position. `v`: { cells: ["x"|"o"|""], last, win: [cells], hints: [cells],
   * forbidden: [{cell, foul}] (x's points under Renju),
   * analysis: Map(cell -> {cls, text, label, bg, fg}), live: whether a human may play now,
   * go: stones on intersections, label: the grid's name }.
   */
  render(v) {
    this.view = v;
    if (!v.live) this.pending = null;
    this.el.setAttribute("aria-label", v.label);
    this.el.classList.toggle("live", v.live);
    this.frame.classList.toggle("go", v.go);
    this.frame.classList.toggle("classic", !v.go);
    const win = new Set(v.win);
    const hints = new Set(v.hints);
    const forbidden = new Map((v.forbidden || []).map((f) => [f.cell, f.foul]));
    this.cellEls.forEach((el, cell) => {
      const stone = v.cells[cell] || "";
      const a = stone ? null : v.analysis.get(cell);
      setClass(el, "x", stone === "x");
      setClass(el, "o", stone === "o");
      setClass(el, "last", cell === v.last);
      setClass(el, "won", win.has(cell));
      setClass(el, "hint", hints.has(cell));
      setClass(el, "forbidden", forbidden.has(cell));
      setClass(el, "pending", cell === this.pending);
      setClass(el, "analysed", !!a);
      el.setAttribute("aria-disabled", String(!v.live || !!stone || forbidden.has(cell)));
      const ana = el.lastChild;
      ana.className = "ana" + (a ? " " + a.cls : "");
      ana.textContent = a ? a.text : "";
      ana.style.background = a && a.bg ? a.bg : "";
      ana.style.color = a && a.fg ? a.fg : "";
      const parts = [el.dataset.name, stone ? stone.toUpperCase() : t("cell_empty")];
      if (a) parts.push(a.label);
      if (cell === v.last) parts.push(t("cell_last"));
      if (win.has(cell)) parts.push(t("cell_winning"));
      if (hints.has(cell)) parts.push(t("cell_hint"));
      if (forbidden.has(cell)) parts.push(t("cell_forbidden", { foul: t("foul_" + forbidden.get(cell)) }));
      el.setAttribute("aria-label", parts.join(", "));
    });
    const bar = $("confirm-bar");
    bar.hidden = this.pending === null;
    if (this.pending !== null) {
      $("confirm-move").textContent = t("confirm_play", { move: cellName(this.pending, this.w, this.h) });
    }
    this.drawLine();
  }

  /** The winning line, from the centre of its first cell to the centre of its last. */
  drawLine() {
    const layer = this.layer;
    layer.replaceChildren();
    const win = this.view ? [...this.view.win].sort((a, b) => a - b) : [];
    if (win.length < 2) return;
    layer.setAttribute("viewBox", `0 0 ${this.w} ${this.h}`);
    layer.setAttribute("preserveAspectRatio", "none");
    const at = (cell) => [(cell % this.w) + 0.5, Math.floor(cell / this.w) + 0.5];
    const [a, b] = [at(win[0]), at(win[win.length - 1])];
    const line = document.createElementNS(SVG_NS, "line");
    line.id = "win-line";
    line.setAttribute("x1", a[0]); line.setAttribute("y1", a[1]);
    line.setAttribute("x2", b[0]); line.setAttribute("y2", b[1]);
    line.setAttribute("vector-effect", "non-scaling-stroke");
    layer.appendChild(line);
  }

  /** Puts the keyboard focus on the board (on its focused cell). */
  takeFocus() {
    this.setFocus(this.focus, true);
  }
}

function fillCoords(el, labels) {
  el.replaceChildren(...labels.map((text) => {
    const s = document.createElement("span");
    s.textContent = text;
    return s;
  }));
}

function setClass(el, name, on) {
  if (el.classList.contains(name) !== on) el.classList.toggle(name, on);
}
