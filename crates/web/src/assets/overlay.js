// The analysis overlay's look: exact values as win / draw / loss badges with the plies to the
// end, estimates as a heat map. The colours are safe for colour-blind eyes (blue for good,
// orange for bad, grey for a draw: never red against green), and every number is drawn in
// black or white, whichever contrasts more with its badge.

import { t } from "./i18n.js";
import { signed, valueText, ESTIMATE_LIMIT } from "./words.js";

/** Blue (good for the side to move), light grey (even), orange (bad): sRGB stops. */
const GOOD = [0, 90, 181];
const EVEN = [222, 222, 222];
const BAD = [230, 159, 0];

/** The overlay for an analysis answer: a Map from cell to what the board draws there. */
export function overlay(a) {
  const map = new Map();
  if (!a) return map;
  const scores = a.moves.filter((m) => m.value === "estimate").map((m) => m.score);
  const lo = Math.min(0, ...scores), hi = Math.max(0, ...scores);
  for (const m of a.moves) {
    let cls, text, bg = "", fg = "";
    if (m.value === "estimate") {
      // 0 stays grey; the best estimate is full blue, the worst full orange.
      const f = m.score >= 0 ? (hi > 0 ? m.score / hi : 0) : (lo < 0 ? m.score / -lo : 0);
      const rgb = mix(EVEN, f >= 0 ? GOOD : BAD, Math.abs(f));
      bg = `rgb(${rgb.join(",")})`;
      fg = readable(rgb);
      cls = "est";
      // A clamped estimate is no number anyone can read: its words are in the label.
      text = Math.abs(m.score) >= ESTIMATE_LIMIT ? (m.score > 0 ? "++" : "−−") : signed(m.score);
    } else {
      cls = m.value;
      text = m.value === "draw" ? "=" : (m.value === "win" ? "+" : "−") + m.plies;
    }
    // The accessible name holds the badge's visible text (WCAG 2.5.3).
    const words = valueText(m, a.to_move);
    map.set(m.cell, { cls, text, bg, fg, label: cls === "est" ? `${words}, ${text}` : words });
  }
  return map;
}

/** The legend under the board. */
export function legend(kind) {
  return kind === "exact" ? t("legend_exact") : t("legend_heuristic");
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
