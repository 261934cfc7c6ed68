// The move list: moves paired by move number, coloured by side, each a button that shows the
// position after it (review); the arrow keys step through the history.

import { t } from "./i18n.js";
import { sideName } from "./words.js";

const $ = (id) => document.getElementById(id);

export class MoveList {
  /** `onPick(ply)` shows the position after `ply` moves. */
  constructor({ onPick }) {
    this.onPick = onPick;
    this.el = $("moves");
    this.el.addEventListener("click", (e) => {
      const b = e.target.closest("button[data-ply]");
      if (b) this.onPick(+b.dataset.ply);
    });
  }

  /** Lists the moves of `view`; `shown` is the ply on the board (the last one when live). */
  render(view, shown) {
    const ol = this.el;
    // The list is drawn anew: a focus inside it moves to the shown move, not to <body>.
    const hadFocus = ol.contains(document.activeElement);
    ol.replaceChildren();
    const firstSide = view.first;
    view.moves.forEach((m, i) => {
      // Move number n holds the n-th move of the side that opened and the reply to it.
      if (i % 2 === 0) {
        const li = document.createElement("li");
        const n = document.createElement("span");
        n.className = "num";
        n.textContent = i / 2 + 1 + ".";
        li.appendChild(n);
        ol.appendChild(li);
      }
      const side = (i % 2 === 0) === (firstSide === "x") ? "x" : "o";
      const b = document.createElement("button");
      b.type = "button";
      b.className = "mv " + side;
      b.dataset.ply = i + 1;
      b.textContent = m;
      b.setAttribute("aria-label", t("move_label", { n: i + 1, side: sideName(side), move: m }));
      if (i + 1 === shown) b.setAttribute("aria-current", "step");
      ol.lastChild.appendChild(b);
    });
    // Keep the shown move in sight inside the list (never scroll the page itself).
    const current = ol.querySelector("[aria-current]");
    if (current) {
      const top = current.offsetTop; // the list is positioned: offsets are inside it
      if (top < ol.scrollTop) ol.scrollTop = top;
      else if (top + current.offsetHeight > ol.scrollTop + ol.clientHeight) {
        ol.scrollTop = top + current.offsetHeight - ol.clientHeight;
      }
    }
    if (hadFocus) {
      const target = current || ol.querySelector("button[data-ply]");
      if (target) target.focus({ preventScroll: true });
    }
    $("moves-help").hidden = view.moves.length === 0;
  }
}
