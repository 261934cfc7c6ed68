// The new-game settings: presets, board size, K limited to the board, who plays each side
// and who moves first. The form always shows either the game being played or, marked as
// such, the settings of the next game.

import { t, onLangChange, safeGet, safeSet } from "./i18n.js";
import { playerName } from "./words.js";

const $ = (id) => document.getElementById(id);

/** Sides the page offers (the server's limits). */
export const MIN_SIDE = 3;
export const MAX_SIDE = 20;

/** Player settings, as the server names them. */
export const LEVELS = ["human", "perfect", "hard", "depth:2", "depth:1", "random",
  "depth:3", "depth:4", "depth:5", "depth:6"];

/** The usual games, one click each. */
export const PRESETS = [
  { key: "preset_ttt", width: 3, height: 3, k: 3 },
  { key: "preset_four", width: 4, height: 4, k: 4 },
  { key: "preset_five", width: 5, height: 5, k: 4 },
  { key: "preset_gomoku", width: 15, height: 15, k: 5 },
  { key: "preset_renju", width: 15, height: 15, k: 5, rule: "renju" },
];

/** The rules, as the server names them. */
export const RULES = ["freestyle", "exact", "renju"];

const GO_KEY = "mnk.go";

export class Settings {
  /** `onSubmit(settings)` starts a new game with them. */
  constructor({ onSubmit }) {
    this.onSubmit = onSubmit;
    this.game = null;
    const sides = [];
    for (let n = MIN_SIDE; n <= MAX_SIDE; n++) sides.push(n);
    for (const id of ["width", "height"]) {
      $(id).replaceChildren(...sides.map((n) => option(n, n)));
    }
    $("width").value = 3;
    $("height").value = 3;
    this.fillK(3);
    this.fillPlayers();
    for (const p of PRESETS) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "preset";
      b.dataset.preset = p.key;
      b.addEventListener("click", () => {
        this.set({ width: p.width, height: p.height, k: p.k, rule: p.rule || "freestyle" });
        this.onSubmit(this.read());
      });
      $("presets").appendChild(b);
    }
    const sizeChanged = () => {
      const keep = +$("k").value;
      this.fillK(keep);
      this.note();
    };
    $("width").addEventListener("change", sizeChanged);
    $("height").addEventListener("change", sizeChanged);
    for (const id of ["k", "player-x", "player-o", "first", "rule"]) $(id).addEventListener("change", () => this.note());
    // Renju's restrictions bind the first player, X: o first is not offered with it.
    $("rule").addEventListener("change", () => this.renjuFirst());
    $("settings").addEventListener("submit", (e) => {
      e.preventDefault();
      this.onSubmit(this.read());
    });
    $("go-style").checked = safeGet(GO_KEY) !== "off";
    this.labels();
    onLangChange(() => this.labels());
  }

  /** The K choices: 1 to the longer side, keeping `keep` when it still fits. */
  fillK(keep) {
    const w = +$("width").value, h = +$("height").value;
    const max = Math.max(w, h);
    $("k").replaceChildren(...Array.from({ length: max }, (_, i) => option(i + 1, i + 1)));
    $("k").value = keep >= 1 && keep <= max ? keep : Math.min(w, h, 5);
  }

  fillPlayers() {
    for (const [id, fallback] of [["player-x", "human"], ["player-o", "perfect"]]) {
      const sel = $(id);
      const value = sel.value || fallback;
      sel.replaceChildren(...LEVELS.map((p) => option(p, playerName(p))));
      sel.value = value;
    }
  }

  /** Renju: X moves first, and the choice of O is disabled. */
  renjuFirst() {
    const renju = $("rule").value === "renju";
    if (renju) $("first").value = "x";
    $("first").querySelector('option[value="o"]').disabled = renju;
  }

  /** The rule choices in the current language, keeping the one chosen. */
  fillRules() {
    const sel = $("rule");
    const value = sel.value || "freestyle";
    sel.replaceChildren(...RULES.map((r) => option(r, t("rule_" + r))));
    sel.value = value;
  }

  /** Redraws the generated labels in the current language. */
  labels() {
    this.fillPlayers();
    this.fillRules();
    for (const b of document.querySelectorAll("#presets .preset")) b.textContent = t(b.dataset.preset);
    this.note();
  }

  /** Whether stones go on intersections (for boards of 9x9 and up). */
  goStyle() {
    safeSet(GO_KEY, $("go-style").checked ? "on" : "off");
    return $("go-style").checked;
  }

  set(s) {
    if (s.width) $("width").value = s.width;
    if (s.height) $("height").value = s.height;
    this.fillK(s.k || +$("k").value);
    if (s.x) $("player-x").value = s.x;
    if (s.o) $("player-o").value = s.o;
    if (s.rule) $("rule").value = s.rule;
    this.renjuFirst();
    if (s.first && !(s.first === "o" && $("rule").value === "renju")) $("first").value = s.first;
    this.note();
  }

  /** The settings in the form, as the API takes them. */
  read() {
    return {
      width: +$("width").value, height: +$("height").value, k: +$("k").value,
      rule: $("rule").value || "freestyle",
      x: $("player-x").value, o: $("player-o").value, first: $("first").value,
    };
  }

  /** Shows the game being played (after a new game, or a refused one). */
  fromGame(view) {
    this.game = view;
    if (!view) return;
    this.set({ width: view.rules.width, height: view.rules.height, k: view.rules.k,
      rule: view.rules.rule, x: view.players.x, o: view.players.o, first: view.first });
  }

  /** The settings of the game being played, for "play again" and "swap sides". */
  ofGame(swap = false) {
    const g = this.game;
    return {
      width: g.rules.width, height: g.rules.height, k: g.rules.k, rule: g.rules.rule,
      x: swap ? g.players.o : g.players.x, o: swap ? g.players.x : g.players.o, first: g.first,
    };
  }

  /** Says whether the form differs from the game being played. */
  note() {
    const g = this.game;
    const s = this.read();
    const same = g && s.width === g.rules.width && s.height === g.rules.height && s.k === g.rules.k &&
      s.rule === g.rules.rule && s.x === g.players.x && s.o === g.players.o && s.first === g.first;
    const ruleNote = s.rule === "freestyle" ? "" : t(s.rule + "_note");
    $("settings-note").textContent = g && !same ? t("settings_pending") : ruleNote;
    for (const b of document.querySelectorAll("#presets .preset")) {
      const p = PRESETS.find((q) => q.key === b.dataset.preset);
      const on = g && p.width === g.rules.width && p.height === g.rules.height && p.k === g.rules.k &&
        (p.rule || "freestyle") === g.rules.rule;
      b.setAttribute("aria-pressed", String(!!on));
    }
  }
}

function option(value, text) {
  const o = document.createElement("option");
  o.value = value;
  o.textContent = text;
  return o;
}
