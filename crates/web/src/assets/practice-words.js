// The words of practice in the page's language. The server speaks English (the question,
// hints, the first mistake); it also sends each as data (`hint_data`, `mistake_data`), from
// which the page says the same in another language. English shows the server's own sentences.

import { t, currentLang } from "./i18n.js";
import { sentence, tidy } from "./words.js";

const english = () => currentLang() === "en";

/** A sentence as the language writes it: English starts with a capital (and α stays α in
 * Chinese, which has none); Chinese keeps no space between its characters. */
const say = (text) => (english() ? sentence(text) : tidy(text));

/** A node as data names it ("root", "1.0"), in words: "the root", "node 1.0". */
export const nodeOf = (name) => (name === "root" || name === "" ? t("root") : t("node_named", { path: name }));

/** A number or bound as the page writes it: a real minus sign, infinities as ∞. */
export function num(v) {
  if (v === null || v === undefined) return "";
  const s = String(v).trim().toLowerCase();
  if (s === "+inf" || s === "inf" || s === "+∞" || s === "∞") return "+∞";
  if (s === "-inf" || s === "-∞" || s === "−∞") return "−∞";
  return s.replace(/^-/, "−");
}

/** "3, 5 and 2" (or "3、5 和 2"). */
export const list = (values) => listWords(values.map(num));

/** Words joined as the language lists them: "a, b and c" (or "a、b 和 c"). */
export function listWords(words) {
  if (words.length < 2) return words.join("");
  return words.slice(0, -1).join(t("list_sep")) + t("list_last") + words[words.length - 1];
}

const role = (max) => (max ? t("role_max") : t("role_min"));
/** Who decides at a node, from its chooser (`max`, `min`, `chance`, or the engine's `MAX`,
 * `MIN`, `chance`). */
export const chooserRole = (c) => ({ max: t("role_max"), min: t("role_min"), chance: t("role_chance") })[String(c).toLowerCase()] || "";

/** A value of a chance tree as the engine writes it: at most two decimals, no trailing zeros,
 * a real minus sign. */
export function dec(v) {
  if (v === null || v === undefined || v === "") return "";
  const x = Number(v);
  if (!Number.isFinite(x)) return num(v);
  const s = x.toFixed(2).replace(/(\.\d*?)0+$/, "$1").replace(/\.$/, "");
  return num(s === "-0" ? "0" : s);
}
const yours = (given) => (given === null || given === undefined || given === ""
  ? t("yours_empty") : t("yours_value", { v: num(given) }));
const valueWord = (v) => (v ? t("pv_" + v) : "");

/** The question of an exercise. */
export function question(ex) {
  if (english() && ex.question) return ex.question;
  const root = role(ex.max_first !== false);
  const n = ex.nodes ? ex.nodes[0].children.length : 0;
  const side = String(ex.to_move || "").toUpperCase();
  const [lo, hi] = (ex.bounds || []).map(num);
  return tidy(t("question_" + ex.kind, { root, node: nodeOf(ex.node || ""), n, last: n - 1, side, lo, hi }));
}

/** The label of a part of an exercise; `byName` finds a tree's node by its name. */
export const partLabel = (ex, part, byName) => tidy(partWords(ex, part, byName));

function partWords(ex, part, byName) {
  switch (part.key) {
    case null: case undefined: return t("part_order");
    case "pruned": return t("part_pruned");
    case "alpha": return t("part_alpha", { node: nodeOf(ex.node) });
    case "beta": return t("part_beta", { node: nodeOf(ex.node) });
    case "moves": return t("part_moves");
    case "value": return ex.kind === "position"
      ? t("part_position_value", { side: String(ex.to_move).toUpperCase() }) : t("part_root_value");
    default: {
      const node = byName.get(part.key);
      const who = node && node.chooser ? chooserRole(node.chooser) : role(node ? node.max : true);
      return t("part_value", { node: nodeOf(part.key), role: who });
    }
  }
}

/** A hint answer (`{hint, hint_data}`) in words. */
export function hintText(h) {
  if (english() && h.hint) return sentence(h.hint);
  return say(hintWords(h.hint_data || {}));
}

function hintWords(d) {
  if (d.type === "mistake") return mistakeHint(d.mistake);
  if (d.type === "part") {
    if (d.kind === "minimax" && d.node) {
      return t(d.maximizing === false ? "hint_part_min" : "hint_part_max", { node: nodeOf(d.node) });
    }
    if (d.kind === "window" && (d.key === "alpha" || d.key === "beta")) return t("hint_part_" + d.key, { node: nodeOf(d.node) });
    if (d.kind === "alphabeta" && d.key === "value") return t("hint_part_root_value");
    if (d.kind === "position" && d.key === "moves") return t("hint_part_moves");
    if (d.kind === "chance" && d.node) {
      const k = d.chooser === "chance" ? "hint_part_chance" : d.chooser === "min" ? "hint_part_min" : "hint_part_max";
      return t(k, { node: nodeOf(d.node) });
    }
  }
  return t("hint_start_" + d.kind);
}

/** Where to look again after the mistake `m` (mistake data). */
export const mistakeHint = (m) => say(mistakeHintWords(m));

function mistakeHintWords(m) {
  const node = nodeOf(m.node || "");
  switch (m.type) {
    case "node_value": return t("hint_node_value", { node, role: role(m.maximizing) });
    case "marked_but_searched": case "skipped_not_marked": return t("hint_" + m.type, { node });
    case "bound": return t("hint_bound", { bound: m.bound === "alpha" ? "α" : "β" });
    case "not_best": return t("hint_not_best", { move: m.move });
    case "chance_value": return t("hint_node_value", { node, role: chooserRole(m.chooser) });
    case "chance_marked_but_searched": case "chance_skipped": return t("hint_" + m.type, { node });
    default: return t("hint_" + m.type);
  }
}

/** The first mistake of a marking, explained. */
export function mistakeText(marking) {
  if (english() && marking.mistake) return sentence(marking.mistake);
  return marking.mistake_data ? say(mistakeWords(marking.mistake_data)) : "";
}

function mistakeWords(m) {
  const node = nodeOf(m.node || "");
  switch (m.type) {
    case "node_value":
      return t(m.maximizing ? "mistake_node_value_max" : "mistake_node_value_min",
        { node, children: list(m.children), expected: num(m.expected), yours: yours(m.given) });
    case "marked_but_searched":
      return t("mistake_marked_but_searched", { node, a: num(m.alpha), b: num(m.beta),
        returned: m.value === null || m.value === undefined ? "" : t("mistake_returned", { v: num(m.value) }) });
    case "skipped_not_marked":
      return t(m.parent_max ? "mistake_skipped_max" : "mistake_skipped_min", { node, parent: nodeOf(m.parent),
        after: nodeOf(m.after), v: num(m.returned), a: num(m.alpha), b: num(m.beta) });
    case "root_value":
      return t("mistake_root_value", { role: role(m.maximizing), children: list(m.children),
        expected: num(m.expected), yours: yours(m.given) });
    case "bound": {
      const bound = m.bound === "alpha" ? "α" : "β";
      const base = { node, bound, expected: num(m.expected), yours: yours(m.given) };
      if (m.source === null || m.source === undefined) return t("mistake_bound_" + m.bound + "_none", base);
      return t("mistake_bound_from", { ...base, source: nodeOf(m.source), child: m.source_child,
        role: role(m.bound === "alpha") });
    }
    case "order": {
      const pick = m.values.length ? (m.maximizing ? Math.max : Math.min)(...m.values) : "";
      const mine = m.yours === null || m.yours === undefined ? t("mistake_order_none") : t("mistake_order_yours", { n: m.yours });
      return t("mistake_order", { yours: mine, best_order: m.best_order.join(" "), best: m.best,
        values: list(m.values), role: role(m.maximizing), pick: num(pick) });
    }
    case "position_value": {
      const how = m.expected === "draw" ? t("mistake_how_draw", { move: m.witness })
        : t("mistake_how_" + m.expected, { move: m.witness, n: m.plies });
      return t("mistake_position_value", { value: valueWord(m.expected), side: m.side.toUpperCase(), how,
        yours: m.given ? t("yours_value", { v: valueWord(m.given) }) : t("yours_empty") });
    }
    case "not_best":
      return t("mistake_not_best", { move: m.move, value: valueWord(m.value), instead: m.instead, best: valueWord(m.best) });
    case "missed_best":
      return t("mistake_missed_best", { move: m.move, value: valueWord(m.value) });
    case "chance_value": {
      const given = m.given === null || m.given === undefined ? t("yours_empty") : t("yours_value", { v: dec(m.given) });
      if (m.chooser === "chance") {
        // The weighted sum, term by term: 0.5×2 + 0.5×5 = 3.5.
        const terms = m.children.map(([, v], i) => `${m.probability_texts[i]}×${dec(v)}`).join(" + ");
        return t("mistake_chance_value_chance", { node, sum: `${terms} = ${dec(m.expected)}`, yours: given });
      }
      return t(m.chooser === "MAX" ? "mistake_node_value_max" : "mistake_node_value_min",
        { node, children: list(m.children.map(([, v]) => dec(v))), expected: dec(m.expected), yours: given });
    }
    case "chance_marked_but_searched":
      return t("mistake_chance_marked_but_searched", { node, a: num(m.alpha), b: num(m.beta) });
    case "chance_skipped": {
      const base = { node, parent: nodeOf(m.parent), after: nodeOf(m.after), v: dec(m.returned),
        a: num(m.alpha), b: num(m.beta) };
      if (m.chooser === "chance" && m.limit !== null && m.limit !== undefined) {
        return t(m.at_most ? "mistake_chance_skipped_at_most" : "mistake_chance_skipped_at_least", { ...base,
          sum: dec(m.sum), rest: m.rest_text, hi: dec(m.bounds[1]), lo: dec(m.bounds[0]), limit: dec(m.limit) });
      }
      return t(m.chooser === "MAX" ? "mistake_skipped_max" : "mistake_skipped_min", base);
    }
    default:
      return "";
  }
}

/** Where to look again after a marking's first mistake. */
export function markingHint(marking) {
  if (english() && marking.hint) return sentence(marking.hint);
  return marking.mistake_data ? mistakeHint(marking.mistake_data) : "";
}

/** One marked part in words: which part, and what was given. */
export function itemText(ex, item) {
  const part = item.part === "value" ? (ex.kind === "position" ? t("item_value") : t("part_root_value"))
    : item.part === "alpha" ? "α" : item.part === "beta" ? "β"
      : item.part === "leaves" ? t("item_leaves")
        : ex.kind === "position" ? item.part : nodeOf(item.part);
  const given = { skipped: t("item_skipped"), searched: t("item_searched"), best: t("item_best"),
    win: t("pv_win"), draw: t("pv_draw"), loss: t("pv_loss") }[item.given];
  if (ex.kind === "position" && item.part !== "value" && !item.given) return t("practice_item", { part, given: t("item_not_named") });
  if (item.given === "") return t("practice_item_empty", { part });
  return t("practice_item", { part, given: given || num(item.given) });
}

/** A kind of mistake, for the class view. */
export const mistakeType = (type) => t("mistake_type_" + type);
