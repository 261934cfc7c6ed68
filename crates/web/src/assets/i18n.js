// The page's languages: one table of strings per language (strings-en.js, strings-zh.js),
// chosen from the browser's language, switchable, remembered. Every visible string comes
// from a table: elements name theirs with data-i18n (text), data-i18n-label (aria-label)
// and data-i18n-title (title); scripts call t(key, params).

import en from "./strings-en.js";
import zh from "./strings-zh.js";

export const TABLES = { en, zh };
const STORE_KEY = "mnk.lang";
const listeners = [];

function initial() {
  const stored = safeGet(STORE_KEY);
  if (stored && TABLES[stored]) return stored;
  const wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
  for (const tag of wanted) {
    const base = String(tag || "").toLowerCase().split("-")[0];
    if (TABLES[base]) return base;
  }
  return "en";
}

let lang = initial();

/** localStorage may be unavailable (privacy settings): the page then just forgets. */
export function safeGet(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}
export function safeSet(key, value) {
  try { localStorage.setItem(key, value); } catch { /* not remembered */ }
}

export const currentLang = () => lang;
export const locale = () => (lang === "zh" ? "zh-CN" : "en");

/** The string `key` in the current language, `{name}` filled from `params`. */
export function t(key, params = {}) {
  const entry = key in TABLES[lang] ? TABLES[lang][key] : TABLES.en[key];
  if (entry === undefined) return key;
  const text = typeof entry === "function" ? entry(params) : entry;
  const filled = text.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : "{" + name + "}"));
  // Chinese puts a space between a Han character and a Latin letter or digit ("节点 0.0 的值"),
  // which a slot cannot do in the template: the same slot may hold "根节点" or "节点 0.0".
  return lang === "zh" ? filled.replace(HAN_LATIN, "$1 $2").replace(LATIN_HAN, "$1 $2") : filled;
}
const HAN_LATIN = /(\p{Script=Han})([A-Za-z0-9])/gu;
const LATIN_HAN = /([A-Za-z0-9])(\p{Script=Han})/gu;

/** A number as the language writes it (thousands separators). */
export const num = (n) => Number(n).toLocaleString(locale());

/** Fills every marked element under `root` from the table. */
export function translate(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-label]")) el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  for (const el of root.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
}

/** Switches the language, redraws the marked elements and tells every listener. */
export function setLang(next) {
  if (!TABLES[next]) return;
  lang = next;
  safeSet(STORE_KEY, next);
  document.documentElement.lang = locale();
  document.title = t("title");
  translate();
  for (const f of listeners) f();
}

/** Calls `f` after every language change (to redraw generated text). */
export const onLangChange = (f) => listeners.push(f);

document.documentElement.lang = locale();
