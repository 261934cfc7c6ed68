// The JSON API under /api/v1: one function per request, every failure an ApiError with a
// stable code (the page says it in its own language) and the server's sentence. A server
// started with --token is asked with the token the page was given once (kept in this
// browser); a lost server is retried with back-off by `retrying`.

import { safeGet, safeSet } from "./i18n.js";

const BASE = "/api/v1";
const TOKEN_KEY = "mnk.token";

/** Pauses before retrying a request the server did not answer; then the page asks. */
export const RETRY_DELAYS = [1000, 2000, 4000];

/** Codes of answers that say "later": a busy or restarting server, a client over its rate. */
const LATER = new Set(["internal", "busy", "rate_limited", "shutting_down", "storage"]);

/** A failed request: `status` 0 means the server could not be reached. */
export class ApiError extends Error {
  constructor(status, code, message, extra = {}, retryAfter = 0) {
    super(message);
    this.status = status;
    this.code = code;
    this.extra = extra;
    this.retryAfter = retryAfter; // seconds the server asked to wait, 0 when it did not say
  }
  /** Whether trying the same request again later may succeed. */
  get transient() {
    return this.status === 0 || this.status === 502 || this.status === 504 || LATER.has(this.code);
  }
}

/** How the page asks for the server's token: set by the page; resolves to the token typed,
 * or null when the person gave up. `wrong` says the last one was refused. */
let askToken = async () => null;
export function onTokenNeeded(ask) {
  askToken = ask;
}
let asking = null; // one question at a time, whatever the number of requests that need it

/** One request; resolves to the JSON answer (null for 204). */
export async function call(method, path, body, signal) {
  for (;;) {
    try {
      return await once(method, path, body, signal);
    } catch (e) {
      if (!(e instanceof ApiError) || (e.code !== "token_required" && e.code !== "token_wrong")) throw e;
      asking = asking || askToken(e.code === "token_wrong").finally(() => { asking = null; });
      const token = await asking;
      if (!token) throw e;
      safeSet(TOKEN_KEY, token);
    }
  }
}

async function once(method, path, body, signal) {
  const init = { method, headers: {}, signal };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const token = safeGet(TOKEN_KEY);
  if (token) init.headers.Authorization = "Bearer " + token;
  let res;
  try {
    res = await fetch(BASE + path, init);
  } catch (e) {
    if (e.name === "AbortError") throw e;
    throw new ApiError(0, "network", e.message);
  }
  if (res.status === 204) return null;
  const retryAfter = Number(res.headers.get("Retry-After")) || 0;
  let data;
  try {
    data = await res.json();
  } catch {
    throw new ApiError(res.status, res.status >= 500 ? "internal" : "bad_answer", "status " + res.status, {}, retryAfter);
  }
  if (!res.ok) {
    const { error, code, ...extra } = data || {};
    throw new ApiError(res.status, code || "unknown", error || "status " + res.status, extra, retryAfter);
  }
  return data;
}

/** Runs `request` (a function making one API call), retrying a transient failure after each
 * of RETRY_DELAYS (longer when the server asks for it in Retry-After). `onRetry(n)` is told
 * before the nth retry; `wanted()` answering false (the page moved on) gives up. */
export async function retrying(request, { onRetry = () => {}, wanted = () => true } = {}) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await request();
    } catch (e) {
      if (!(e instanceof ApiError) || !e.transient || attempt >= RETRY_DELAYS.length || !wanted()) throw e;
      onRetry(attempt + 1);
      await delay(Math.max(RETRY_DELAYS[attempt], e.retryAfter * 1000));
      if (!wanted()) throw e;
    }
  }
}

const game = (id) => "/games/" + encodeURIComponent(id);

export const api = {
  create: (settings) => call("POST", "/games", settings),
  get: (id) => call("GET", game(id)),
  remove: (id) => call("DELETE", game(id)),
  play: (id, cell) => call("POST", game(id) + "/moves", { cell }),
  computer: (id, signal) => call("POST", game(id) + "/computer", undefined, signal),
  undo: (id) => call("POST", game(id) + "/undo"),
  hint: (id) => call("POST", game(id) + "/hint"),
  analysis: (id) => call("GET", game(id) + "/analysis"),
  stop: (id) => call("POST", game(id) + "/stop"),
  record: (id) => call("GET", game(id) + "/record"),
  tree: (tree, algo, minFirst) => call("POST", "/tree", { tree, algo, min_first: minFirst }),
  practice: (kind, difficulty, nickname) => call("POST", "/practice", { kind, difficulty, nickname }),
  practiceMark: (named, answer, nickname) => call("POST", "/practice/mark", { ...named, answer, nickname }),
  practiceHint: (named, ask) => call("POST", "/practice/hint", { ...named, ...ask }),
  practiceSolution: (named) => call("POST", "/practice/solution", named),
  practiceClass: () => call("GET", "/practice/class"),
};

/** Waits `ms` milliseconds (the back-off between retries; never a test's synchronisation). */
export const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
