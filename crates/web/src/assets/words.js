// The page's words for the engine's values, the players and the server's errors, in the
// current language (the server speaks English; its error codes let the page say the rest).

import { t, currentLang, num } from "./i18n.js";

/** The search's estimates are clamped to this size (the engine's EVAL_LIMIT): a clamped
 * estimate is a strong position in which no forced result was found, not a number to show. */
export const ESTIMATE_LIMIT = 20000;

/** A value for `side` (x or o), the side that plays the move: win/loss in n plies, draw,
 * an estimate in words (never the engine's raw score), or "". Only a proof says win or loss. */
export function valueText(v, side) {
  if (!v || v.value === null || v.value === undefined) return "";
  switch (v.value) {
    case "win": return t("value_win", { n: v.plies });
    case "loss": return t("value_loss", { n: v.plies });
    case "draw": return t("value_draw");
    case "estimate": {
      const s = v.score || 0;
      if (s === 0) return t("value_even");
      const far = Math.abs(s) >= ESTIMATE_LIMIT;
      const key = s > 0 ? (far ? "value_far_ahead" : "value_ahead") : far ? "value_far_behind" : "value_behind";
      return t(key, { side: String(side || "").toUpperCase() });
    }
    default: return v.value;
  }
}

/** A side's name: "X", or "Black (X)" in the Go look, whose stones are black and white. */
export function sideName(side) {
  const go = document.getElementById("board-frame").classList.contains("go");
  return go ? t("side_go_" + side) : side.toUpperCase();
}

/** Chinese puts no space beside full-width punctuation or between two Han characters
 * ("轮到黑方（X）", not "轮到 黑方（X）"), where a template's space for "X" meets "黑方（X）";
 * other languages are left as they are. */
export function tidy(text) {
  if (!currentLang().startsWith("zh")) return text;
  return text.replace(/(?<=[\p{Script=Han}，。：；！？（）、“”])\s+(?=[\p{Script=Han}，。：；！？（）、“”])|\s+(?=[，。：；！？（）、“”])|(?<=[，。：；！？（）、“”])\s+/gu, "");
}

/** A number with its sign (+3, −4, 0), the minus a real minus sign. */
export const signed = (n) => (n > 0 ? "+" + n : n < 0 ? "−" + Math.abs(n) : "0");

/** The name of a player setting: human, perfect, hard, medium, easy, random, depth:N. */
export function playerName(p) {
  const names = { human: "level_human", perfect: "level_perfect", hard: "level_hard",
    "depth:2": "level_medium", "depth:1": "level_easy", random: "level_random" };
  if (names[p]) return t(names[p]);
  const depth = /^depth:(\d+)$/.exec(p);
  return depth ? t("level_depth", { n: depth[1] }) : p;
}

/** How a computer move was chosen. */
export function methodText(th) {
  // No nodes: an answer known before any search (a book move, a stored table), not a search.
  if (th.method === "exact") return t(th.nodes === 0 ? "method_known" : "method_exact");
  if (th.method === "search") return th.depth ? t("method_search", { n: th.depth }) : t("method_opening");
  if (th.method === "threats") return t("method_threats");
  return t("method_random");
}

/** One sentence for a failed request. English shows the server's own sentence; other
 * languages say the same thing from the error's code. */
export function errorText(e) {
  if (!e || !e.code) return t("err_other");
  if (e.code === "network") return t("err_network");
  // The page offers its own way out of a lost game (set it up again), so it says it itself.
  if (e.code === "no_such_game") return t("err_gone");
  if (e.code === "bad_answer") return t("err_other");
  // The server's sentence names an HTTP header: people are told what to do instead.
  if (e.code === "token_required" || e.code === "token_wrong") return t("err_token");
  if (currentLang() === "en" && e.message) return sentence(e.message);
  const x = e.extra || {};
  switch (e.code) {
    case "no_such_game": return t("err_gone");
    case "search_timeout": return t("err_timeout");
    case "stopped": return t("err_stopped");
    case "bad_tree": return t("err_bad_tree", { line: x.line, col: x.col });
    case "tree_too_big": return t("err_tree_too_big", { nodes: num(x.nodes), limit: num(x.limit) });
    case "bad_record": return x.line ? t("err_bad_record_line", { line: x.line }) : t("err_bad_record");
    case "too_large": return t("err_too_large");
    case "conflict": return t("err_conflict");
    case "bad_request": case "unprocessable": return t("err_bad_request");
    case "busy": case "too_many_searches": return t("err_busy");
    case "rate_limited": return t("err_rate");
    case "too_many_games": return t("err_too_many_games");
    case "full": return t("err_full");
    case "token_required": case "token_wrong": return t("err_token");
    case "shutting_down": case "storage": return t("err_unavailable");
    case "unreadable_answer": return t("err_unreadable_answer");
    case "no_exercise": return t("err_no_exercise");
    case "bad_nickname": return t("err_bad_nickname");
    case "class_needs_token": return t("class_needs_token");
    default: return t("err_other");
  }
}

/** A sentence with a capital and a full stop, unless it already ends in one of its own
 * (Chinese ends in "。", "！" or "？", and a quotation or bracket may close after it). */
export function sentence(text) {
  const s = String(text).trim();
  if (!s) return s;
  // Only a Latin letter takes a capital: a sentence may begin with α, whose capital is another
  // letter (Α), or with a move name.
  const first = /^[a-z](?!\d)/.test(s) ? s[0].toUpperCase() + s.slice(1) : s;
  return /[.!?。！？…][)"'”’）」』]*$/.test(first) ? first : first + ".";
}
