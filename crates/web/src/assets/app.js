// The mnk page: plain JavaScript over the JSON API under /api/v1 (no framework, no build step).
"use strict";

const API = "/api/v1";
const LEVELS = ["human", "perfect", "hard", "medium", "easy", "random",
  "depth:1", "depth:2", "depth:3", "depth:4", "depth:5", "depth:6"];
const $ = (id) => document.getElementById(id);

let game = null;          // the last game view from the server
let paused = false;       // AI-vs-AI autoplay paused
let busy = false;         // a request that changes the game is in flight
let timer = null;         // the pending computer move
let hintCell = null;      // the cell of the last hint
let analysis = null;      // the overlay for the current position

// One request; resolves to the JSON answer, or throws an Error with the server's message.
async function call(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const res = await fetch(API + path, init);
  if (res.status === 204) return null;
  const data = await res.json().catch(() => ({ error: "the server sent no JSON (" + res.status + ")" }));
  if (!res.ok) throw new Error(data.error || ("status " + res.status));
  return data;
}

function showError(text) { $("error").textContent = text || ""; }

function fillSelect(sel, values, chosen) {
  sel.innerHTML = "";
  for (const v of values) {
    const o = document.createElement("option");
    o.value = o.textContent = v;
    if (String(v) === String(chosen)) o.selected = true;
    sel.appendChild(o);
  }
}

function setup() {
  const sides = []; for (let n = 3; n <= 15; n++) sides.push(n);
  fillSelect($("width"), sides, 3);
  fillSelect($("height"), sides, 3);
  fillSelect($("player-x"), LEVELS, "human");
  fillSelect($("player-o"), LEVELS, "perfect");
  const syncK = () => { $("k").value = Math.min(+$("width").value, +$("height").value, 5); };
  $("width").onchange = syncK; $("height").onchange = syncK;
  $("new-game").onclick = newGame;
  $("undo").onclick = () => change("POST", "/undo");
  $("hint").onclick = hint;
  $("analysis-toggle").onchange = refreshAnalysis;
  const paceText = () => { $("pace-text").textContent = $("pace").value + " ms"; };
  $("pace").oninput = paceText; $("pace").onchange = paceText;
  $("pause").onclick = () => { paused = !paused; $("pause").textContent = paused ? "Resume" : "Pause"; schedule(); };
  $("tree-run").onclick = runTree;
  $("step-first").onclick = () => step(() => 0);
  $("step-prev").onclick = () => step((i) => i - 1);
  $("step-next").onclick = () => step((i) => i + 1);
  $("step-last").onclick = () => step(() => Infinity);
  window.addEventListener("resize", drawLine);
  newGame();
  runTree();
}

async function newGame() {
  clearTimeout(timer);
  const old = game;
  const body = {
    width: +$("width").value, height: +$("height").value, k: +$("k").value,
    x: $("player-x").value, o: $("player-o").value, first: $("first").value,
  };
  try {
    const created = await call("POST", "/games", body);
    if (old) call("DELETE", "/games/" + old.id).catch(() => {});
    showError("");
    show(created);
  } catch (e) { showError(e.message); }
}

// A request that returns the new game view.
async function change(method, suffix, body) {
  if (!game || busy) return;
  busy = true;
  try { show(await call(method, "/games/" + game.id + suffix, body)); showError(""); }
  catch (e) { showError(e.message); }
  finally { busy = false; updateButtons(); schedule(); }
}

function show(view) {
  game = view; hintCell = null; analysis = null;
  drawBoard(); drawStats(); drawMoves(); updateButtons(); refreshAnalysis(); schedule();
}

// The computer moves by itself after the chosen pace, unless paused.
function schedule() {
  clearTimeout(timer);
  if (!game || !game.computer_to_move || busy) return;
  if (paused && game.players.x !== "human" && game.players.o !== "human") return;
  timer = setTimeout(() => change("POST", "/computer"), +$("pace").value);
}

function cellSize() {
  const side = Math.max(game.rules.width, game.rules.height);
  return Math.max(30, Math.min(64, Math.floor(560 / side)));
}

function drawBoard() {
  const { width, height } = game.rules;
  const board = $("board");
  const size = cellSize();
  document.documentElement.style.setProperty("--cell", size + "px");
  board.style.gridTemplateColumns = `repeat(${width}, ${size}px)`;
  board.innerHTML = "";
  const last = game.move_cells[game.move_cells.length - 1];
  const won = new Set(game.winning_line);
  for (let cell = 0; cell < width * height; cell++) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "cell";
    b.id = "cell-" + cell;
    b.dataset.cell = cell;
    const col = cell % width, row = height - Math.floor(cell / width);
    b.title = String.fromCharCode(97 + col) + row;
    const stone = game.cells[cell];
    if (stone) { b.classList.add(stone); b.textContent = stone.toUpperCase(); }
    if (cell === last) b.classList.add("last");
    if (won.has(cell)) b.classList.add("won");
    if (cell === hintCell) b.classList.add("hint");
    b.disabled = !!stone || !game.human_to_move;
    b.onclick = () => change("POST", "/moves", { cell });
    board.appendChild(b);
  }
  drawLine();
  drawStatus();
}

// The winning line, from the centre of its first cell to the centre of its last.
function drawLine() {
  const svg = $("line-layer");
  svg.innerHTML = "";
  if (!game || game.winning_line.length < 2) return;
  const cells = game.winning_line.map((c) => $("cell-" + c));
  const box = $("board-wrap").getBoundingClientRect();
  const centre = (el) => { const r = el.getBoundingClientRect(); return [r.left + r.width / 2 - box.left, r.top + r.height / 2 - box.top]; };
  const [a, b] = [centre(cells[0]), centre(cells[cells.length - 1])];
  const line = document.createElementNS("http://www.w3.org/2000/svg", "line");
  line.setAttribute("x1", a[0]); line.setAttribute("y1", a[1]);
  line.setAttribute("x2", b[0]); line.setAttribute("y2", b[1]);
  line.setAttribute("stroke", "#2e9e44"); line.setAttribute("stroke-width", 8);
  line.setAttribute("stroke-linecap", "round"); line.setAttribute("opacity", "0.75");
  line.id = "win-line";
  svg.appendChild(line);
}

function drawStatus() {
  const g = game;
  let text;
  if (g.result === "draw") text = "Game over: draw.";
  else if (g.result === "x" || g.result === "o") text = `Game over: ${g.result} wins (${g.players[g.result]}).`;
  else if (g.computer_to_move) text = `${g.to_move} to move — the computer (${g.players[g.to_move]}) is thinking…`;
  else text = `${g.to_move} to move — click a cell.`;
  $("status").textContent = text;
  $("status").dataset.result = g.result;
}

function updateButtons() {
  const over = !game || game.result !== "unfinished";
  $("undo").disabled = busy || !game || !game.can_undo;
  $("hint").disabled = busy || over || !game.human_to_move;
}

function drawStats() {
  const t = game.last_thought;
  const dl = $("stats");
  dl.innerHTML = "";
  if (!t) { dl.innerHTML = "<dt>—</dt><dd>no computer move yet</dd>"; return; }
  const value = t.value === null ? "—" : t.value === "estimate" ? `estimate ${t.score}` :
    t.plies ? `${t.value} in ${t.plies} plies` : t.value;
  const rows = [["move", `${t.side}: ${t.move}`], ["value", value],
    ["method", t.method + (t.depth ? ` (${t.depth} plies)` : "")],
    ["nodes", t.nodes.toLocaleString("en")], ["time", t.ms + " ms"],
    ["as good", t.best.join(" ")]];
  for (const [k, v] of rows) {
    const dt = document.createElement("dt"); dt.textContent = k;
    const dd = document.createElement("dd"); dd.textContent = v;
    dd.id = "stat-" + k.replace(" ", "-");
    dl.append(dt, dd);
  }
}

function drawMoves() {
  const ol = $("moves");
  ol.innerHTML = "";
  game.moves.forEach((m, i) => {
    const li = document.createElement("li");
    li.textContent = m;
    li.className = game.cells[game.move_cells[i]];
    ol.appendChild(li);
  });
}

async function hint() {
  if (!game) return;
  try {
    const h = await call("POST", "/games/" + game.id + "/hint");
    hintCell = h.cell;
    drawBoard();
    const v = h.plies ? `${h.value} in ${h.plies}` : (h.value || "");
    showError("");
    $("status").textContent = `Hint: ${h.move} (${v}); as good: ${h.best.join(" ")}`;
  } catch (e) { showError(e.message); }
}

async function refreshAnalysis() {
  for (const el of document.querySelectorAll(".cell .ana")) el.remove();
  $("analysis-note").textContent = "";
  if (!$("analysis-toggle").checked || !game || game.result !== "unfinished") return;
  const id = game.id, count = game.moves.length;
  try {
    const a = await call("GET", "/games/" + id + "/analysis");
    if (!game || game.id !== id || game.moves.length !== count) return; // the game moved on
    analysis = a;
    drawAnalysis();
  } catch (e) { $("analysis-note").textContent = e.message; }
}

function drawAnalysis() {
  const a = analysis;
  const scores = a.moves.filter((m) => m.score !== null).map((m) => m.score);
  const lo = Math.min(...scores, 0), hi = Math.max(...scores, 0);
  for (const m of a.moves) {
    const cell = $("cell-" + m.cell);
    if (!cell) continue;
    const span = document.createElement("span");
    span.className = "ana " + m.value;
    if (m.value === "estimate") {
      // Heat map: red (worst) through yellow to green (best) for the side to move.
      const t = hi > lo ? (m.score - lo) / (hi - lo) : 0.5;
      span.style.background = `hsl(${Math.round(120 * t)}, 70%, 45%)`;
      span.textContent = m.score;
    } else {
      span.textContent = m.value === "draw" ? "=" : (m.value === "win" ? "+" : "−") + m.plies;
    }
    span.title = m.move + ": " + m.value + (m.plies ? " in " + m.plies + " plies" : "");
    cell.appendChild(span);
  }
  $("analysis-note").textContent = (a.kind === "exact"
    ? `Exact values for ${a.to_move} (solver: ${a.nodes.toLocaleString("en")} nodes, ${a.ms} ms).`
    : `Heuristic heat map for ${a.to_move}: open lines after the move (exact solving is for boards with at most 16 empty cells up to 8x8).`);
  $("analysis-note").dataset.kind = a.kind;
}

// ---- the teaching panel ----
let lesson = null, stepAt = 0;

async function runTree() {
  $("tree-error").textContent = "";
  try {
    const answer = await call("POST", "/tree", {
      tree: $("tree-text").value, algo: $("tree-algo").value, min_first: $("tree-min").checked,
    });
    lesson = answer.lessons[0];
    stepAt = lesson.steps.length;
    $("tree-summary").textContent = `${lesson.algo === "alphabeta" ? "Alpha-beta" : "Minimax"}: root value ${lesson.value}; ` +
      `${lesson.nodes_visited} nodes visited, ${lesson.leaves_visited} leaves, ${lesson.cutoffs} cutoffs, ` +
      `${lesson.pruned.length} subtrees pruned (grey).`;
    const ol = $("steps"); ol.innerHTML = "";
    lesson.steps.forEach((s, i) => {
      const li = document.createElement("li"); li.textContent = s.text;
      li.onclick = () => step(() => i + 1); ol.appendChild(li);
    });
    drawTree(); step(() => 0);
  } catch (e) { $("tree-error").textContent = e.message; }
}

function step(to) {
  if (!lesson) return;
  stepAt = Math.max(0, Math.min(lesson.steps.length, to(stepAt)));
  $("step-count").textContent = `step ${stepAt} of ${lesson.steps.length}`;
  const items = $("steps").children;
  for (let i = 0; i < items.length; i++) items[i].classList.toggle("now", i === stepAt - 1);
  const s = lesson.steps[stepAt - 1];
  $("step-text").textContent = s ? s.text : "Press Step to follow the search.";
  if (s && items[stepAt - 1]) items[stepAt - 1].scrollIntoView({ block: "nearest" });
  const key = s ? s.path.join(".") : null;
  for (const g of document.querySelectorAll("#tree-svg g.node")) g.classList.toggle("current", g.dataset.path === key);
}

function drawTree() {
  const nodes = lesson.nodes;
  const pos = new Array(nodes.length);
  let nextLeaf = 0, depth = 0;
  const gap = 34, level = 56, r = 14;
  // Leaves side by side; a parent centred over its first and last child.
  const place = (i, d) => {
    depth = Math.max(depth, d);
    const n = nodes[i];
    if (n.children.length === 0) pos[i] = [nextLeaf++ * gap + gap / 2 + 4, d * level + r + 6];
    else {
      n.children.forEach((c) => place(c, d + 1));
      const first = pos[n.children[0]][0], last = pos[n.children[n.children.length - 1]][0];
      pos[i] = [(first + last) / 2, d * level + r + 6];
    }
  };
  place(0, 0);
  const svg = $("tree-svg");
  const w = nextLeaf * gap + 8, h = (depth + 1) * level;
  svg.setAttribute("width", w); svg.setAttribute("height", h);
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  let out = "";
  nodes.forEach((n, i) => n.children.forEach((c) => {
    const child = nodes[c];
    const cls = !child.visited ? "pruned" : child.best ? "best" : "";
    out += `<line class="tedge ${cls}" x1="${pos[i][0]}" y1="${pos[i][1]}" x2="${pos[c][0]}" y2="${pos[c][1]}"/>`;
  }));
  nodes.forEach((n, i) => {
    const [x, y] = pos[i];
    const kind = n.max ? "max" : "min";
    const shape = n.max
      ? `<rect class="tnode ${kind}" x="${x - r}" y="${y - r}" width="${2 * r}" height="${2 * r}" rx="3"/>`
      : `<circle class="tnode ${kind}" cx="${x}" cy="${y}" r="${r}"/>`;
    const mark = n.bound === "at_most" ? "≤" : n.bound === "at_least" ? "≥" : "";
    const value = n.value === null ? "" : mark + n.value;
    out += `<g class="node ${n.visited ? "" : "pruned"}" data-path="${n.path.join(".")}">${shape}<text x="${x}" y="${y}">${value}</text>` +
      `<title>${n.path.length ? n.path.join(".") : "root"} (${kind.toUpperCase()})${n.visited ? "" : " pruned"}</title></g>`;
  });
  svg.innerHTML = out;
}

setup();
