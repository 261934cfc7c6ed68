// The analysis overlay's look: exact values as win / draw / loss badges with the plies to the
// end, estimates as a heat map. The colours are safe for colour-blind eyes (blue for good,
// orange for bad, grey for a draw: never red against green), and every number is drawn in
// black or white, whichever contrasts more with its badge.

import { t, num } from "./i18n.js";
import { signed, valueText, ESTIMATE_LIMIT } from "./words.js";

/** Blue (good for the side to move), light grey (even), orange (bad): sRGB stops. */
const GOOD = [0, 90, 181];
const EVEN = [222, 222, 222];
const BAD = [230, 159, 0];

/** The overlay for an analysis answer: a Map from cell to what the board draws there. */
export function overlay(a) {
  const map = new Map();
  if (!a) return map;
  // Estimates rank the moves as the computer's search does, one ply deep, so they are shown
  // against its best move: the best is 0 and full blue, the worst full orange, halfway grey.
  // (Their sign says little: after any move the search credits the side then to move.)
  const clamped = (m) => Math.abs(m.score) >= ESTIMATE_LIMIT;
  const scores = a.moves.filter((m) => m.value === "estimate" && !clamped(m)).map((m) => m.score);
  const best = Math.max(...scores), worst = Math.min(...scores);
  for (const m of a.moves) {
    let cls, text, bg = "", fg = "", words;
    if (m.value === "estimate") {
      const f = clamped(m) ? Math.sign(m.score) : best > worst ? (2 * (m.score - worst)) / (best - worst) - 1 : 0;
      const rgb = mix(EVEN, f >= 0 ? GOOD : BAD, Math.abs(f));
      bg = `rgb(${rgb.join(",")})`;
      fg = readable(rgb);
      cls = "est";
      if (clamped(m)) {
        // A clamped estimate is no number anyone can read: its words are in the label.
        text = m.score > 0 ? "++" : "−−";
        words = valueText(m, a.to_move);
      } else {
        const below = best - m.score;
        text = below === 0 ? "0" : signed(-below);
        words = below === 0 ? t("value_search_best") : t("value_below_best", { n: num(below) });
      }
    } else {
      cls = m.value;
      text = m.value === "draw" ? "=" : (m.value === "win" ? "+" : "−") + m.plies;
      words = valueText(m, a.to_move);
    }
    // The accessible name holds the badge's visible text (WCAG 2.5.3).
    map.set(m.cell, { cls, text, bg, fg, label: cls === "est" ? `${words}, ${text}` : words });
  }
  return map;
}

/** The legend under the board, for an analysis whose `values` are `exact` or `estimate`. */
export function legend(values) {
  return values === "exact" ? t("legend_exact") : t("legend_estimate");
}

function mix(a, b, f) {
  return a.map((x, i) => Math.round(x + (b[i] - x) * f));
}

function luminance(rgb) {
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Black or white text on `rgb`, whichever has the larger contrast (WCAG formula). */
export function readable(rgb) {
  const l = luminance(rgb);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? "#000" : "#fff";
}
