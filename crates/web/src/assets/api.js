// The JSON API under /api/v1: one function per request, every failure an ApiError with a
// stable code (the page says it in its own language) and the server's sentence.

const BASE = "/api/v1";

/** A failed request: `status` 0 means the server could not be reached. */
export class ApiError extends Error {
  constructor(status, code, message, extra = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.extra = extra;
  }
  /** Whether trying the same request again later may succeed. */
  get transient() {
    return this.status === 0 || this.status === 502 || this.status === 504 || this.code === "internal";
  }
}

/** One request; resolves to the JSON answer (null for 204). */
export async function call(method, path, body, signal) {
  const init = { method, headers: {}, signal };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(BASE + path, init);
  } catch (e) {
    if (e.name === "AbortError") throw e;
    throw new ApiError(0, "network", e.message);
  }
  if (res.status === 204) return null;
  let data;
  try {
    data = await res.json();
  } catch {
    throw new ApiError(res.status, res.status >= 500 ? "internal" : "bad_answer", "status " + res.status);
  }
  if (!res.ok) {
    const { error, code, ...extra } = data || {};
    throw new ApiError(res.status, code || "unknown", error || "status " + res.status, extra);
  }
  return data;
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
};

/** Waits `ms` milliseconds (the back-off between retries; never a test's synchronisation). */
export const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
