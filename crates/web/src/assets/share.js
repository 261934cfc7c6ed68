// Saving and sharing a game: a link that carries the settings and the moves (opening it sets
// the position up again), the game record in mnk-record text, and loading a pasted record.

import { api } from "./api.js";
import { t } from "./i18n.js";
import { errorText } from "./words.js";

const $ = (id) => document.getElementById(id);

/** The link to a game: the page's address with the rules, the players and the moves. */
export function gameLink(view) {
  const p = new URLSearchParams({
    w: view.rules.width, h: view.rules.height, k: view.rules.k,
    x: view.players.x, o: view.players.o, first: view.first,
  });
  if (view.rules.rule && view.rules.rule !== "freestyle") p.set("rule", view.rules.rule);
  if (view.moves.length) p.set("moves", view.moves.join(","));
  return `${location.origin}${location.pathname}?${p}`;
}

/** The game a page address asks for, as new-game settings with moves; null when none. */
export function linkedGame(search) {
  const p = new URLSearchParams(search);
  if (!p.has("w") || !p.has("h")) return null;
  const settings = { width: +p.get("w"), height: +p.get("h") };
  if (p.has("k")) settings.k = +p.get("k");
  for (const key of ["x", "o", "first", "rule"]) if (p.has(key)) settings[key] = p.get(key);
  const moves = (p.get("moves") || "").split(",").map((m) => m.trim()).filter(Boolean);
  return { settings, moves };
}

export class ShareDialog {
  /** `page` is the game page (its view, and `start` to load a record). */
  constructor(page) {
    this.page = page;
    this.dialog = $("share");
    $("share-open").addEventListener("click", () => this.open());
    $("copy-link").addEventListener("click", () => copy($("share-link"), $("copy-link")));
    $("copy-record").addEventListener("click", () => copy($("share-record"), $("copy-record")));
    $("import-load").addEventListener("click", () => this.load());
  }

  async open() {
    const v = this.page.view;
    if (!v) return;
    $("share-link").value = gameLink(v);
    $("share-record").value = "";
    $("import-error").textContent = "";
    this.dialog.showModal();
    try {
      $("share-record").value = (await api.record(v.id)).record;
    } catch (e) {
      $("share-record").value = errorText(e);
    }
  }

  async load() {
    const text = $("import-record").value;
    $("import-error").textContent = "";
    if (!text.trim()) {
      $("import-error").textContent = t("import_empty");
      return;
    }
    const view = await this.page.startNew({}, { record: text }, (msg) => {
      $("import-error").textContent = msg;
    });
    if (view) {
      this.dialog.close();
      $("import-record").value = "";
    }
  }
}

async function copy(field, button) {
  field.select();
  try {
    await navigator.clipboard.writeText(field.value);
  } catch {
    document.execCommand("copy");
  }
  const label = button.textContent;
  button.textContent = t("copied");
  setTimeout(() => { button.textContent = label; }, 1500);
}
