// The game on the page: one game from the server at a time, its board, status, computer
// moves, hints, analysis, undo and history review.
//
// Every answer belongs to the position it was asked about: `epoch` counts the positions the
// page has shown, each request remembers the epoch it started in, and an answer that comes
// back after the game or the position changed is dropped (a new game while the computer
// thinks, a hint that lands after a move).

import { api, retrying, RETRY_DELAYS } from "./api.js";
import { t, num, onLangChange, safeGet, safeSet } from "./i18n.js";
import { Board } from "./board.js";
import { MoveList } from "./moves.js";
import { Settings } from "./settings.js";
import { overlay, legend } from "./overlay.js";
import { valueText, playerName, methodText, errorText, sideName, tidy } from "./words.js";

const $ = (id) => document.getElementById(id);

const ANALYSIS_KEY = "mnk.analysis";
const PACE_KEY = "mnk.pace";
const GAME_KEY = "mnk.game";

/** The game this tab showed last, so that a reload (say, after the server restarted) goes on
 * with it. Kept per tab (sessionStorage): two tabs are two games. */
export function rememberedGame() {
  try { return sessionStorage.getItem(GAME_KEY); } catch { return null; }
}
function rememberGame(id) {
  try { sessionStorage.setItem(GAME_KEY, id); } catch { /* not remembered */ }
}

export class GamePage {
  constructor() {
    this.view = null;
    this.epoch = 0;
    this.busy = false;        // a request that changes the game is on its way
    this.thinkingSince = null;
    this.retrying = 0;
    this.paused = false;
    this.failure = null;      // { text, retry: [label, fn], other: [label, fn] }
    this.hint = null;
    this.hintBusy = false;
    this.hintError = "";
    this.analysis = null;
    this.analysisError = "";
    this.review = null;       // the ply shown while looking back, null for the live game
    this.timer = null;
    this.ticker = null;
    this.lastStatus = "";
    this.board = new Board({ onPlay: (cell) => this.play(cell) });
    this.moves = new MoveList({ onPick: (ply) => this.setReview(ply) });
    this.settings = new Settings({ onSubmit: (s) => this.startNew(s) });
    this.wire();
    onLangChange(() => this.render());
  }

  wire() {
    $("undo").addEventListener("click", () => this.undo());
    $("hint").addEventListener("click", () => this.askHint());
    $("pause").addEventListener("click", () => this.togglePause());
    $("stop").addEventListener("click", () => this.stop());
    $("analysis-toggle").checked = safeGet(ANALYSIS_KEY) === "on";
    $("analysis-toggle").addEventListener("change", () => {
      safeSet(ANALYSIS_KEY, $("analysis-toggle").checked ? "on" : "off");
      this.refreshAnalysis();
    });
    $("go-style").addEventListener("change", () => this.render());
    const pace = safeGet(PACE_KEY);
    if (pace !== null) $("pace").value = pace;
    $("pace").addEventListener("input", () => {
      safeSet(PACE_KEY, $("pace").value);
      this.render();
    });
    $("play-again").addEventListener("click", () => this.start(this.settings.ofGame(false)));
    $("swap-sides").addEventListener("click", () => this.start(this.settings.ofGame(true)));
    $("review-back").addEventListener("click", () => this.setReview(null));
    $("failure-retry").addEventListener("click", () => this.failure && this.failure.retry[1]());
    $("failure-other").addEventListener("click", () => this.failure && this.failure.other && this.failure.other[1]());
  }

  // ---- the flow of a game ----

  /** Runs one API call for the position `ep`, retrying a lost or busy server with back-off
   * (and saying so): a restarted server keeps its games, so the game simply goes on. */
  async ask(request, ep) {
    let said = false;
    try {
      return await retrying(request, {
        wanted: () => ep === this.epoch,
        onRetry: (n) => {
          said = true;
          this.showError(t("retrying", { n, of: RETRY_DELAYS.length }));
        },
      });
    } finally {
      if (said && ep === this.epoch) this.showError("");
    }
  }

  /** Forgets every request in flight: their answers will be dropped. */
  invalidate() {
    this.epoch++;
    clearTimeout(this.timer);
    this.busy = false;
    this.hintBusy = false;
    this.retrying = 0;
    this.setThinking(false);
  }

  /** Shows a game view from the server: a new position. */
  apply(view) {
    const sameGame = this.view && this.view.id === view.id;
    this.invalidate();
    this.view = view;
    this.failure = null;
    this.hint = null;
    this.hintError = "";
    this.analysis = null;
    this.analysisError = "";
    if (!sameGame || (this.review !== null && this.review > view.moves.length)) this.review = null;
    if (!sameGame) {
      this.settings.fromGame(view);
      rememberGame(view.id);
    }
    this.board.build(view.rules.width, view.rules.height);
    this.render();
    this.refreshAnalysis();
    this.schedule();
  }

  /** Starts a new game with `settings` (and `extra`: moves or a record); the new view, or
   * null when it was refused (`report` then shows why). */
  async start(settings, extra = {}, report = (text) => this.showError(text)) {
    const old = this.view;
    this.invalidate();
    this.paused = false;
    this.failure = null;
    this.busy = true;
    const ep = this.epoch;
    this.showError("");
    this.render();
    try {
      const view = await this.ask(() => api.create({ ...settings, ...extra }), ep);
      if (ep !== this.epoch) {
        api.remove(view.id).catch(() => {});
        return null;
      }
      // Deleting the old game also stops a search it may still be running.
      if (old) api.remove(old.id).catch(() => {});
      this.apply(view);
      return view;
    } catch (e) {
      if (ep !== this.epoch) return null;
      this.busy = false;
      if (!old && (e.code === "token_required" || e.code === "token_wrong")) {
        // No game yet and no token given (Esc at the prompt): say so, with a way on.
        this.failure = { text: errorText(e), retry: ["try_again", () => {
          this.failure = null;
          this.start(settings, extra, report);
        }], other: null };
        this.render();
        $("failure-retry").focus();
        return null;
      }
      report(errorText(e));
      // The refused settings are not the game: the form shows the game that goes on.
      if (old) {
        this.settings.fromGame(old);
        this.refresh();
      } else {
        this.render();
      }
      return null;
    }
  }

  /** Starts a new game with `settings` when asked to by a person: a game in progress is
   * deleted only after they said yes (and after the new one exists); null when they did not. */
  async startNew(settings, extra, report) {
    const v = this.view;
    if (v && v.result === "unfinished" && v.moves.length > 0 && !(await confirmDiscard(v))) return null;
    return this.start(settings, extra, report);
  }

  /** Shows the game `id` again, as the server keeps it (a reloaded page); whether it could. */
  async resume(id) {
    this.invalidate();
    this.busy = true;
    const ep = this.epoch;
    this.render();
    try {
      const view = await this.ask(() => api.get(id), ep);
      if (ep === this.epoch) this.apply(view);
      return true;
    } catch {
      if (ep === this.epoch) this.busy = false;
      return false;
    }
  }

  /** Asks the server for the game again and shows it. */
  async refresh() {
    if (!this.view) return;
    const ep = this.epoch;
    try {
      const id = this.view.id;
      const view = await this.ask(() => api.get(id), ep);
      if (ep === this.epoch) this.apply(view);
    } catch (e) {
      if (ep === this.epoch) this.fail(e, () => this.refresh());
    }
  }

  /** The computer moves by itself, after the pace when both sides are computers. */
  schedule() {
    clearTimeout(this.timer);
    const v = this.view;
    if (!v || !v.computer_to_move || this.busy || this.paused || this.failure) return;
    const autoplay = v.players.x !== "human" && v.players.o !== "human";
    this.timer = setTimeout(() => this.computerTurn(), autoplay ? +$("pace").value : 0);
  }

  async computerTurn() {
    const ep = this.epoch;
    const id = this.view.id;
    this.busy = true;
    this.setThinking(true);
    this.render();
    try {
      const view = await retrying(() => api.computer(id), {
        wanted: () => ep === this.epoch && !this.paused,
        onRetry: (n) => {
          this.retrying = n;
          this.render();
        },
      });
      if (ep === this.epoch) this.apply(view);
    } catch (e) {
      if (ep !== this.epoch) return;
      if (e.code === "stopped" || this.paused) {
        this.busy = false;
        this.paused = true;
        this.setThinking(false);
        this.render();
        return;
      }
      if (e.code === "conflict") {
        // The move was made after all (an answer lost on its way): show the game as it is.
        this.refresh();
        return;
      }
      this.busy = false;
      this.setThinking(false);
      this.fail(e, () => this.computerTurn());
    }
  }

  /** A human move. */
  async play(cell) {
    const v = this.view;
    if (!v || this.busy || !v.human_to_move || this.review !== null) return;
    const ep = this.epoch;
    this.busy = true;
    this.render();
    try {
      const view = await this.ask(() => api.play(v.id, cell), ep);
      if (ep === this.epoch) this.apply(view);
    } catch (e) {
      if (ep !== this.epoch) return;
      this.busy = false;
      if (e.code === "conflict") this.refresh();
      else this.fail(e, () => this.play(cell));
    }
  }

  async undo() {
    const v = this.view;
    if (!v || this.busy || !v.can_undo) return;
    const ep = this.epoch;
    this.busy = true;
    this.render();
    try {
      const view = await this.ask(() => api.undo(v.id), ep);
      if (ep === this.epoch) {
        // Taking a move back pauses a game of two computers, which would replay it at once.
        if (view.players.x !== "human" && view.players.o !== "human") this.paused = true;
        this.apply(view);
      }
    } catch (e) {
      if (ep !== this.epoch) return;
      this.busy = false;
      this.fail(e, () => this.undo());
    }
  }

  async askHint() {
    const v = this.view;
    if (!v || this.hintBusy || this.busy || !v.human_to_move) return;
    const ep = this.epoch;
    this.hintBusy = true;
    this.hintError = "";
    this.render();
    try {
      const h = await retrying(() => api.hint(v.id), { wanted: () => ep === this.epoch });
      if (ep !== this.epoch) return;
      this.hint = h;
    } catch (e) {
      if (ep !== this.epoch) return;
      this.hintError = errorText(e);
    }
    this.hintBusy = false;
    this.render();
  }

  async refreshAnalysis() {
    const v = this.view;
    const on = $("analysis-toggle").checked;
    $("analysis-box").hidden = !on;
    if (!on || !v || v.result !== "unfinished") {
      this.analysis = null;
      this.render();
      return;
    }
    const ep = this.epoch;
    try {
      const a = await retrying(() => api.analysis(v.id), { wanted: () => ep === this.epoch });
      if (ep !== this.epoch) return;
      this.analysis = a;
      this.analysisError = "";
    } catch (e) {
      if (ep !== this.epoch) return;
      this.analysisError = errorText(e);
    }
    this.render();
  }

  togglePause() {
    // Pausing while the computer thinks stops that search, so that no move lands after it.
    if (!this.paused && this.busy) return this.stop();
    this.paused = !this.paused;
    if (!this.paused) this.failure = null;
    this.render();
    this.schedule();
  }

  /** Stops the computer's search: nothing is played and the computer waits for Resume. */
  async stop() {
    if (!this.view) return;
    this.paused = true;
    clearTimeout(this.timer);
    this.render();
    try {
      await api.stop(this.view.id);
    } catch {
      // The pending computer request reports what happened.
    }
  }

  /** Shows the position after `ply` moves (null or the last ply: the live game). */
  setReview(ply) {
    const v = this.view;
    if (!v) return;
    const n = v.moves.length;
    this.review = ply === null || ply >= n ? null : Math.max(0, ply);
    this.render();
  }

  /** Steps the review by `delta` plies (the arrow keys). */
  step(delta) {
    if (!this.view) return;
    const n = this.view.moves.length;
    const at = this.review === null ? n : this.review;
    this.setReview(Math.max(0, Math.min(n, at + delta)));
  }

  fail(e, retry) {
    const gone = e.code === "no_such_game";
    const retryLabel = gone ? "restore_game" : "try_again";
    const retryFn = gone ? () => this.restore() : retry;
    this.failure = {
      text: errorText(e) + (gone ? " " + t("gone_advice") : ""),
      retry: [retryLabel, () => { this.failure = null; this.paused = false; retryFn(); }],
      other: ["start_over", () => this.startNew(this.settings.read())],
    };
    this.render();
    $("failure-retry").focus();
  }

  /** A game the server no longer has, set up again from its settings and moves. */
  restore() {
    const v = this.view;
    this.start(this.settings.ofGame(false), { moves: v.moves });
  }

  setThinking(on) {
    clearInterval(this.ticker);
    this.thinkingSince = on ? performance.now() : null;
    if (on) this.ticker = setInterval(() => this.tick(), 100);
    this.tick();
  }

  tick() {
    if (this.thinkingSince === null) return;
    const s = (performance.now() - this.thinkingSince) / 1000;
    $("elapsed").textContent = this.retrying ? t("retrying", { n: this.retrying, of: RETRY_DELAYS.length })
      : t("elapsed", { s: s.toFixed(1) });
  }

  showError(text) {
    $("error").textContent = text;
  }

  // ---- drawing ----

  render() {
    const v = this.view;
    if (!v) {
      this.setStatus(t(this.busy ? "status_starting" : "status_no_game"));
      this.drawFailure();
      return;
    }
    const over = v.result !== "unfinished";
    const reviewing = this.review !== null;
    const shown = reviewing ? this.review : v.moves.length;
    const cells = reviewing ? cellsAt(v, shown) : v.cells;
    const live = !reviewing && v.human_to_move && !this.busy && !this.failure;
    const big = Math.max(v.rules.width, v.rules.height) >= 9;
    const analysis = !reviewing && $("analysis-toggle").checked ? overlay(this.analysis) : new Map();
    this.board.render({
      cells,
      last: shown > 0 ? v.move_cells[shown - 1] : null,
      win: reviewing ? [] : v.winning_line,
      hints: !reviewing && this.hint ? this.hint.best_cells : [], forbidden: reviewing ? [] : v.forbidden,
      analysis,
      live,
      go: big && this.settings.goStyle(),
      label: t("board_label", { w: v.rules.width, h: v.rules.height, k: v.rules.k }),
    });
    this.board.el.dataset.id = v.id;
    this.board.el.dataset.moves = v.moves.join(" ");
    this.board.el.dataset.result = v.result;
    this.board.el.dataset.shown = shown;
    this.moves.render(v, shown);
    this.setStatus(this.statusText());
    this.drawPlayers();
    this.drawStats();

    const thinking = this.thinkingSince !== null;
    $("thinking").hidden = !thinking;
    $("stop").hidden = !thinking || this.paused;
    const autoplay = v.players.x !== "human" && v.players.o !== "human";
    $("pause").hidden = !(autoplay || (this.paused && v.computer_to_move)) || over;
    $("pause").textContent = this.paused ? t("resume") : t("pause");
    $("pace-row").hidden = !autoplay;
    $("pace-text").textContent = t("ms", { n: $("pace").value });
    $("undo").disabled = this.busy || !v.can_undo;
    $("hint").disabled = this.busy || this.hintBusy || over || !v.human_to_move || reviewing;
    $("hint").setAttribute("aria-busy", String(this.hintBusy));
    $("hint").textContent = this.hintBusy ? t("hint_busy") : t("hint");
    $("hint-text").textContent = this.hintError || (this.hint ? t("hint_text", {
      move: this.hint.move, value: valueText(this.hint, v.to_move), best: this.hint.best.join(" "),
    }) : "");

    this.drawFailure();
    $("result").hidden = !over || reviewing;
    if (over) $("result-text").textContent = this.resultText();
    $("review-bar").hidden = !reviewing;
    if (reviewing) $("review-text").textContent = t("review_text", { n: shown, of: v.moves.length });

    const a = this.analysis;
    $("analysis-note").textContent = this.analysisError || (!a ? (over ? "" : t("analysis_wait")) : tidy(a.values === "exact"
      ? t(a.nodes === 0 ? "analysis_exact_known" : "analysis_exact", { side: sideName(a.to_move), nodes: num(a.nodes), ms: num(a.ms) })
      : t("analysis_estimate", { side: sideName(a.to_move) })));
    $("analysis-note").dataset.values = a ? a.values : "";
    $("legend").textContent = a ? legend(a.values) : "";
  }

  drawFailure() {
    const f = this.failure;
    $("failure").hidden = !f;
    if (!f) return;
    $("failure-text").textContent = f.text;
    $("failure-retry").textContent = t(f.retry[0]);
    $("failure-other").hidden = !f.other;
    if (f.other) $("failure-other").textContent = t(f.other[0]);
  }

  setStatus(text) {
    // Only a change is announced to screen readers.
    if (text !== this.lastStatus) {
      $("status").textContent = text;
      this.lastStatus = text;
    }
    $("status").dataset.result = this.view ? this.view.result : "";
  }

  statusText() {
    const v = this.view;
    const side = sideName(v.to_move);
    if (v.result === "draw") return t("status_draw");
    if (v.result === "x" || v.result === "o") {
      return tidy(t("status_won", { side: sideName(v.result), who: playerName(v.players[v.result]) }));
    }
    const lt = v.last_thought;
    const parts = [];
    // The computer's figures stay after a human move; the status names only the move just made.
    if (lt && v.move_cells[v.move_cells.length - 1] === lt.cell) {
      const value = valueText(lt, lt.side);
      parts.push(value ? t("status_played_value", { side: sideName(lt.side), move: lt.move, value })
        : t("status_played", { side: sideName(lt.side), move: lt.move }));
    }
    const who = playerName(v.players[v.to_move]);
    if (v.computer_to_move) {
      const key = this.failure ? "status_stuck" : this.paused ? "status_paused" : "status_thinking";
      parts.push(t(key, { side, who }));
    } else {
      // A phone (a coarse pointer, or a narrow screen) has no arrow keys to be told about.
      const touch = window.matchMedia("(pointer: coarse), (max-width: 599px)").matches;
      parts.push(t(touch ? "status_your_move_touch" : "status_your_move", { side }));
    }
    return tidy(parts.join(" ")); // Chinese sentences follow one another without a space
  }

  resultText() {
    const v = this.view;
    if (v.result === "draw") return t("result_draw");
    const human = v.players[v.result] === "human";
    const bothHuman = v.players.x === "human" && v.players.o === "human";
    const key = bothHuman || !human ? (human ? "result_wins" : "result_computer_wins") : "result_you_win";
    return t(key, { side: v.result.toUpperCase(), k: v.rules.k, who: playerName(v.players[v.result]) });
  }

  drawPlayers() {
    const v = this.view;
    const box = $("players");
    box.replaceChildren(...["x", "o"].map((side) => {
      const div = document.createElement("div");
      div.className = "player " + side + (v.to_move === side && v.result === "unfinished" ? " to-move" : "");
      const mark = document.createElement("span");
      mark.className = "mark " + side;
      mark.setAttribute("aria-hidden", "true");
      const name = document.createElement("span");
      name.textContent = t("player_line", { side: sideName(side), who: playerName(v.players[side]) });
      div.append(mark, name);
      if (v.first === side) {
        const f = document.createElement("span");
        f.className = "first";
        f.textContent = t("moves_first");
        div.appendChild(f);
      }
      return div;
    }));
  }

  drawStats() {
    const th = this.view.last_thought;
    const dl = $("stats");
    dl.replaceChildren();
    dl.hidden = !th;
    $("stats-none").hidden = !!th;
    if (!th) return;
    const rows = [
      ["stat_move", "move", tidy(`${sideName(th.side)} ${th.move}`)],
      ["stat_value", "value", valueText(th, th.side) || "—"],
      ["stat_method", "method", methodText(th)],
      ["stat_nodes", "nodes", num(th.nodes)],
      ["stat_time", "time", t("ms", { n: num(th.ms) })],
      ["stat_best", "best", th.best.join(" ")],
    ];
    for (const [key, id, value] of rows) {
      const dt = document.createElement("dt");
      dt.textContent = t(key);
      const dd = document.createElement("dd");
      dd.id = "stat-" + id;
      dd.dataset.raw = id === "method" ? th.method : value;
      dd.textContent = value;
      dl.append(dt, dd);
    }
  }
}

/** Asks whether the unfinished game `v` may be thrown away; "Keep playing" is the default
 * (and Esc). */
function confirmDiscard(v) {
  const dialog = $("discard");
  $("discard-text").textContent = t("discard_text", { n: v.moves.length });
  dialog.returnValue = "";
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "new"), { once: true });
    dialog.showModal();
  });
}

/** The stones after the first `ply` moves of a game (no stone is ever taken). */
function cellsAt(v, ply) {
  const cells = v.cells.map(() => "");
  for (let i = 0; i < ply; i++) cells[v.move_cells[i]] = v.cells[v.move_cells[i]];
  return cells;
}
