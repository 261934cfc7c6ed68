// The mnk page: plain JavaScript modules over the JSON API under /api/v1 (no framework, no
// build step). This module starts everything: language, theme, the three views (play, learn,
// practice), the help, the keyboard shortcuts and the first game (the one a shared link names,
// or the one this tab showed before a reload, or a new one).

import { t, translate, setLang, currentLang, onLangChange, safeGet, safeSet } from "./i18n.js";
import { GamePage, rememberedGame } from "./game.js";
import { ShareDialog, linkedGame } from "./share.js";
import { TeachPanel } from "./teach.js";
import { PracticePanel } from "./practice.js";
import { askForTokens } from "./token.js";

const $ = (id) => document.getElementById(id);
const THEME_KEY = "mnk.theme";
const SEEN_KEY = "mnk.seen-help";
const SINGLE_KEYS_KEY = "mnk.single-keys";
const singleKeys = () => safeGet(SINGLE_KEYS_KEY) !== "off";

askForTokens();
const page = new GamePage();
new ShareDialog(page);
const teach = new TeachPanel();
const practice = new PracticePanel();

// ---- language ----
$("lang").value = currentLang();
$("lang").addEventListener("change", () => setLang($("lang").value));
onLangChange(() => {
  $("lang").value = currentLang();
  drawHelp();
  drawTheme();
});

// ---- theme: the system's unless chosen; the button cycles auto, light, dark ----
function theme() {
  return safeGet(THEME_KEY) || "auto";
}
const systemDark = window.matchMedia("(prefers-color-scheme: dark)");
function drawTheme() {
  const th = theme();
  document.documentElement.dataset.theme = th === "auto" ? (systemDark.matches ? "dark" : "light") : th;
  $("theme").setAttribute("aria-label", t("theme_" + th));
  $("theme").title = t("theme_" + th);
}
systemDark.addEventListener("change", drawTheme);
$("theme").addEventListener("click", () => {
  const next = { auto: "light", light: "dark", dark: "auto" }[theme()];
  safeSet(THEME_KEY, next);
  drawTheme();
});

// ---- the three views ----
const VIEWS = ["play", "learn", "practice"];
function showView(name) {
  for (const v of VIEWS) {
    const on = v === name;
    $("view-" + v).hidden = !on;
    $("tab-" + v).setAttribute("aria-selected", String(on));
    $("tab-" + v).tabIndex = on ? 0 : -1;
  }
  if (location.hash !== "#" + name) history.replaceState(null, "", location.pathname + location.search + "#" + name);
  if (name === "learn") teach.shown();
  else if (name === "practice") practice.shown();
  else page.board.fit();
}
const currentView = () => VIEWS.find((v) => !$("view-" + v).hidden);
for (const v of VIEWS) $("tab-" + v).addEventListener("click", () => showView(v));
document.querySelector(".tabs").addEventListener("keydown", (e) => {
  const step = { ArrowLeft: -1, ArrowRight: 1 }[e.key];
  if (e.key === "Home" || e.key === "End" || step) {
    const at = VIEWS.indexOf(currentView());
    const next = e.key === "Home" ? VIEWS[0] : e.key === "End" ? VIEWS[VIEWS.length - 1]
      : VIEWS[(at + step + VIEWS.length) % VIEWS.length];
    showView(next);
    $("tab-" + next).focus();
    e.preventDefault();
  }
});

// ---- help: shown on the first visit, and with ? ----
function drawHelp() {
  const body = $("help-body");
  body.replaceChildren();
  const add = (tag, text, cls) => {
    const el = document.createElement(tag);
    el.textContent = text;
    if (cls) el.className = cls;
    body.appendChild(el);
    return el;
  };
  add("p", t("help_rules"));
  add("h3", t("help_levels_title"));
  const levels = document.createElement("ul");
  for (const key of ["human", "perfect", "hard", "medium", "easy", "random", "depth"]) {
    const li = document.createElement("li");
    const b = document.createElement("strong");
    b.textContent = t("level_" + key, { n: "N" });
    li.append(b, " — " + t("help_level_" + key));
    levels.appendChild(li);
  }
  body.appendChild(levels);
  add("h3", t("help_analysis_title"));
  add("p", t("help_analysis"));
  add("h3", t("help_keys_title"));
  const keys = document.createElement("dl");
  keys.className = "keys";
  for (const [k, what] of [["← ↑ → ↓", "key_arrows"], ["Enter / Space", "key_enter"], ["n", "key_new"],
    ["u", "key_undo"], ["h  t", "key_hint"], ["a", "key_analysis"], ["p", "key_pause"], ["Esc", "key_escape"],
    ["[ ]  Home  End", "key_history"], ["?", "key_help"], ["?  h  ← →", "key_practice"]]) {
    const dt = document.createElement("dt");
    const kbd = document.createElement("kbd");
    kbd.textContent = k;
    dt.appendChild(kbd);
    const dd = document.createElement("dd");
    dd.textContent = t(what);
    keys.append(dt, dd);
  }
  body.appendChild(keys);
  // WCAG 2.1.4: single-character shortcuts can be switched off.
  const label = document.createElement("label");
  label.className = "check";
  const box = document.createElement("input");
  box.type = "checkbox";
  box.id = "single-keys";
  box.checked = singleKeys();
  box.addEventListener("change", () => safeSet(SINGLE_KEYS_KEY, box.checked ? "on" : "off"));
  label.append(box, " " + t("keys_single"));
  body.appendChild(label);
}
$("help-open").addEventListener("click", () => $("help").showModal());
$("help").addEventListener("close", () => safeSet(SEEN_KEY, "yes"));

// ---- keyboard shortcuts (not while typing in a field, nor inside a dialog); a single
// character acts only while the board has the focus, and not at all when switched off in the
// help (WCAG 2.1.4: speech input types words, and a stray "n" must not end a game) ----
document.addEventListener("keydown", (e) => {
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  const target = e.target;
  if (target.closest && (target.closest("input, textarea, select, dialog") || target.isContentEditable)) return;
  if (!$("view-learn").hidden) {
    if (teach.key(e)) e.preventDefault();
    return;
  }
  if (!$("view-practice").hidden) {
    if (practice.key(e, singleKeys())) e.preventDefault();
    return;
  }
  const onBoard = target.closest && target.closest("#board");
  if (e.key.length === 1 && !(singleKeys() && target.closest && target.closest("#board-area"))) return;
  const actions = {
    n: () => $("new-game").click(),
    u: () => page.undo(),
    h: () => page.askHint(),
    t: () => page.askHint(),
    a: () => $("analysis-toggle").click(),
    p: () => !$("pause").hidden && page.togglePause(),
    "?": () => $("help").showModal(),
    Escape: () => (page.review !== null ? page.setReview(null) : page.thinkingSince !== null && page.stop()),
    "[": () => page.step(-1),
    "]": () => page.step(1),
  };
  if (!onBoard) {
    Object.assign(actions, {
      ArrowLeft: () => page.step(-1),
      ArrowRight: () => page.step(1),
      Home: () => page.setReview(0),
      End: () => page.setReview(null),
    });
  }
  if (actions[e.key] && !(target.tagName === "BUTTON" && (e.key === "Enter" || e.key === " "))) {
    actions[e.key]();
    e.preventDefault();
  }
});

// ---- start ----
translate();
document.title = t("title");
drawTheme();
drawHelp();
showView(VIEWS.includes(location.hash.slice(1)) ? location.hash.slice(1) : "play");
const linked = linkedGame(location.search);
let started;
if (linked) {
  history.replaceState(null, "", location.pathname + location.hash);
  page.settings.set(linked.settings);
  started = page.start(linked.settings, { moves: linked.moves }).then(async (view) => {
    if (view) return;
    // A link the server refused: say why, and start the usual game instead.
    const why = $("error").textContent;
    page.settings.set({ width: 3, height: 3, k: 3, rule: "freestyle", x: "human", o: "perfect", first: "x" });
    await page.start(page.settings.read());
    page.showError(why);
  });
} else {
  const kept = rememberedGame();
  started = (kept ? page.resume(kept) : Promise.resolve(false)).then((resumed) => {
    if (!resumed) return page.start(page.settings.read());
  });
}
// The first-visit help waits for the first game, so that it never opens on top of the token
// prompt a server with --token shows first (without a game, it waits for the next visit).
const firstHelp = () => {
  const ready = $("board").dataset.id && !$("token-dialog").open && !$("help").open;
  if (ready && !safeGet(SEEN_KEY)) $("help").showModal();
};
started.then(firstHelp, firstHelp);
