"use strict";
// The Agora page: draws the board in the colours its LEDs show, lists the moves, asks the board's questions,
// and (for the simulator) is the board itself. It talks to /api and /ws; nothing here knows a game's rules.

const token = document.body.dataset.token || null;
// Game panels: /static/games/<game>.js, an ES module (it may import parts of its own from beside it), may register
// window.AgoraPanels[<game>] = { render(state, element, ctx),
// onSquare(square, state, ctx) -> true when it handled the click, ownsActions: true when the panel draws the
// page moves (cards, declarations) itself so the generic buttons are left out }. ctx: { api, token, data (the game's static
// data), squares (the board's SVG groups by square name), message(text) }.
window.AgoraPanels = window.AgoraPanels || {};
const panelFor = {};
const svgNS = "http://www.w3.org/2000/svg";
const files = "abcdefghi";
let state = null;
let led = null;
let squares = {};
let builtFor = "";
// Moves taken back while this page was open (undo or pieces put back): shown in the move list where they were, so
// nobody wonders where a move went. { game, after (plies left), moves }.
let takenBack = [];

const $ = (id) => document.getElementById(id);

function pin() { return localStorage.getItem("agora-pin") || ""; }

// While the board starts, its front door serves this page but answers the API 503 with Retry-After (and the
// WebSocket closes with 1013): the page says so and asks again once told to. Nothing was done with such a request,
// so asking again is safe; a 503 without Retry-After is the board's own answer and is shown as any error.
function starting(on) {
  const c = $("connection");
  if (on) { c.hidden = false; c.textContent = "The board is starting…"; }
  else if (c.textContent === "The board is starting…") c.hidden = true;
}

async function fetchReady(path, init) {
  for (;;) {
    const res = await fetch(path, init);
    const wait = res.status === 503 ? parseFloat(res.headers.get("Retry-After")) : NaN;
    if (!(wait >= 0)) { if (res.ok) starting(false); return res; }
    starting(true);
    await new Promise((done) => setTimeout(done, wait * 1000));
  }
}

async function api(path, body, method = "POST") {
  const headers = { "Content-Type": "application/json" };
  if (pin()) headers["X-Agora-Pin"] = pin();
  const res = await fetchReady(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) {
    const msg = (data.error && data.error.message) || res.statusText;
    showMessage(msg);
    throw new Error(msg);
  }
  return data;
}

function showMessage(text) {
  const el = $("message");
  el.textContent = text || "";
  el.hidden = !text;
}

// A seat's pieces are drawn in the colour its name says and the LEDs give it (the server's legend decides).
function pieceColours(owner, s) {
  if (owner === null || owner === undefined) return ["#8a8a8a", "#111"];
  const lg = s.legend || {};
  return [(lg.seat_colours || [])[owner] || "#8a8a8a", (lg.seat_inks || [])[owner] || "#111"];
}

// Asks before anything that ends a game; resolves true when the person confirms.
function confirmFirst(title, text, yes) {
  const d = $("confirm");
  $("confirm-title").textContent = title;
  $("confirm-text").textContent = text;
  $("confirm-yes").textContent = yes;
  return new Promise((resolve) => {
    d.addEventListener("close", () => resolve(d.returnValue === "yes"), { once: true });
    d.returnValue = "no";
    d.showModal();
  });
}

function seatName(s, k) { return s.game.seat_names[k] || `Seat ${k + 1}`; }

// What a person hears for a square: its name in the game's notation and what stands there.
function squareLabel(s, name) {
  const label = (s.labels && s.labels[name]) || name;
  const p = (s.pieces || []).find((x) => x.square === name) || (s.ghosts || {})[name];
  const kinds = (s.legend && s.legend.kinds) || {};
  if (!p) return s.occupancy.includes(name) ? `${label}, a piece` : `${label}, empty`;
  const kind = kinds[p.kind] || p.kind;
  return `${label}, ` + (p.owner === null || p.owner === undefined ? kind : `${seatName(s, p.owner)}'s ${kind}`);
}

// The Politrics field (the inner 7x7) and its retirement ring look different, as on the printed board.
function squareColour(s, f, r) {
  const light = (f + r) % 2;
  if (s.game.name === "politrics" && (f === 0 || r === 0 || f === s.game.files - 1 || r === s.game.ranks - 1)) {
    return light ? "#c9d6df" : "#9fb3c2";
  }
  return light ? "#d9cdb8" : "#b59f7f";
}

function onSquareKey(e, f, r, s) {
  const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] }[e.key];
  if (step) {
    e.preventDefault();
    const nf = Math.min(s.game.files - 1, Math.max(0, f + step[0]));
    const nr = Math.min(s.game.ranks - 1, Math.max(0, r + step[1]));
    const next = squares[files[nf] + (nr + 1)];
    for (const sq of Object.values(squares)) sq.g.setAttribute("tabindex", "-1");
    next.g.setAttribute("tabindex", "0");
    next.g.focus();
  } else if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    onSquare(files[f] + (r + 1));
  }
}

function buildBoard(s) {
  const svg = $("board");
  svg.innerHTML = "";
  squares = {};
  const n = Math.max(s.game.files, s.game.ranks);
  const size = 900 / n;
  svg.setAttribute("viewBox", `0 0 ${s.game.files * size} ${s.game.ranks * size}`);
  for (let r = 0; r < s.game.ranks; r++) {
    for (let f = 0; f < s.game.files; f++) {
      const name = files[f] + (r + 1);
      const g = document.createElementNS(svgNS, "g");
      g.setAttribute("class", "square");
      g.dataset.square = name;
      const x = f * size, y = (s.game.ranks - 1 - r) * size;
      const base = document.createElementNS(svgNS, "rect");
      Object.entries({ x, y, width: size, height: size, fill: squareColour(s, f, r) })
        .forEach(([k, v]) => base.setAttribute(k, v));
      const light = document.createElementNS(svgNS, "rect");
      Object.entries({ x: x + 2, y: y + 2, width: size - 4, height: size - 4, fill: "#000", "fill-opacity": 0 })
        .forEach(([k, v]) => light.setAttribute(k, v));
      light.setAttribute("class", "led");
      const label = document.createElementNS(svgNS, "text");
      Object.entries({ x: x + 4, y: y + size - 5, "font-size": size / 6, fill: "#333" })
        .forEach(([k, v]) => label.setAttribute(k, v));
      label.textContent = (s.labels && s.labels[name]) || name;
      const piece = document.createElementNS(svgNS, "g");
      piece.setAttribute("class", "piece");
      g.append(base, light, label, piece);
      g.setAttribute("role", "button");
      g.setAttribute("tabindex", f === 0 && r === 0 ? "0" : "-1");
      g.addEventListener("pointerdown", (e) => { if (e.isPrimary && e.button === 0) pressed = name; });
      g.addEventListener("click", (e) => { if (e.detail === 0) onSquare(name); }); // activated without a pointer
      g.addEventListener("keydown", (e) => onSquareKey(e, f, r, s));
      svg.append(g);
      squares[name] = { g, light, piece, size, x, y };
    }
  }
  builtFor = `${s.game.name}:${s.game.files}x${s.game.ranks}`;
}

function drawPieces(s) {
  const onBoard = new Set(s.occupancy);
  const bySquare = {};
  for (const [sq, p] of Object.entries(s.ghosts || {})) bySquare[sq] = { ...p, square: sq, ghost: true };
  for (const p of s.pieces) bySquare[p.square] = p;
  for (const [name, sq] of Object.entries(squares)) {
    sq.piece.innerHTML = "";
    const p = bySquare[name];
    const present = onBoard.has(name);
    delete sq.g.dataset.piece;
    sq.g.setAttribute("aria-label", squareLabel(s, name));
    if (!p && !present) continue;
    const c = document.createElementNS(svgNS, "circle");
    const [fill, ink] = p ? pieceColours(p.owner, s) : ["#bbb", "#333"];
    // A piece the game has taken off but that still stands (a chore) is drawn dashed: it is to go.
    const going = present && p && p.ghost;
    Object.entries({ cx: sq.x + sq.size / 2, cy: sq.y + sq.size / 2, r: sq.size * 0.32, fill, stroke: "#000",
      "stroke-width": 2, "fill-opacity": present ? 1 : 0.25, "stroke-dasharray": present && !going ? "" : "6 4" })
      .forEach(([k, v]) => c.setAttribute(k, v));
    const t = document.createElementNS(svgNS, "text");
    Object.entries({ x: sq.x + sq.size / 2, y: sq.y + sq.size / 2 + sq.size * 0.12, "text-anchor": "middle",
      "font-size": sq.size * 0.34, "font-weight": 700, fill: ink, "fill-opacity": present ? 1 : 0.4 })
      .forEach(([k, v]) => t.setAttribute(k, v));
    t.textContent = p ? p.kind : "?";
    sq.piece.append(c, t);
    sq.g.dataset.piece = p && !p.ghost ? `${p.kind}${p.owner === null ? "" : p.owner}` : "?";
    if (going) sq.g.dataset.going = p.kind;
    else delete sq.g.dataset.going;
  }
}

function paintLeds() {
  if (!led || !state) return;
  for (const [name, sq] of Object.entries(squares)) {
    const f = files.indexOf(name[0]), r = parseInt(name.slice(1), 10) - 1;
    const i = (r * 9 + f) * 6;
    const hex = led.slice(i, i + 6);
    sq.g.dataset.led = hex;
    const on = hex !== "000000";
    // An LED's brightness becomes opacity over the square and its hue the fill, so a dim light tints the square
    // in its own colour (a dim green is a pale green, not a dark square) and a bright one covers it.
    const rgb = [0, 2, 4].map((k) => parseInt(hex.slice(k, k + 2), 16));
    const v = Math.max(...rgb);
    const full = v ? rgb.map((c) => Math.round((c * 255) / v)) : rgb;
    // Over a dark square (a Politics ocean or display square) a pale tint turns muddy (a dim red reads brown, a
    // dim yellow olive): there the light is drawn in the palette colour it is, as the LED is seen on the board.
    const dark = on && darkSquare(sq);
    const colour = dark ? paletteColour(full) : full;
    sq.light.setAttribute("fill", "rgb(" + colour.join(",") + ")");
    const floor = dark ? 0.9 : 0.25;
    sq.light.setAttribute("fill-opacity", on ? Math.min(1, floor + ((1 - floor) * v) / 255) : 0);
    const label = sq.g.querySelector("text");
    if (dark && label) label.setAttribute("fill", 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2] > 140 ? "#111" : "#fff");
  }
}

function render(s) {
  state = s;
  document.body.classList.toggle("sim", !!s.sim);
  $("title").textContent = `Agora · ${s.game.title}` + (s.seat !== null ? ` · ${s.game.seat_names[s.seat] || "seat " + s.seat}` : "");
  const now = s.now || { text: s.turn, kind: "turn" };
  $("turn").textContent = now.text;
  $("turn").dataset.kind = now.kind;
  $("turn-detail").hidden = !now.detail;
  $("turn-detail").textContent = now.detail ? `For the host: ${now.detail}` : "";
  $("sim-note").hidden = !(s.sim && !token);
  renderLegend(s);
  if (builtFor !== `${s.game.name}:${s.game.files}x${s.game.ranks}`) buildBoard(s);
  drawPieces(s);
  paintLeds();
  showMessage(s.message);
  const prompt = $("prompt");
  prompt.hidden = !s.prompt;
  const opts = $("prompt-options");
  opts.innerHTML = "";
  for (const o of s.prompt || []) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = o.description;
    b.dataset.move = o.move;
    b.addEventListener("click", () => api("/api/answer", { choice: o.choice }).catch(() => {}));
    opts.append(b);
  }
  const actions = $("actions");
  actions.innerHTML = "";
  const owner = window.AgoraPanels[s.game.name];
  for (const a of owner && owner.ownsActions ? [] : s.actions || []) {
    const b = document.createElement("button");
    b.type = "button";
    const who = seatName(s, a.seat);
    b.textContent = a.description.startsWith(who) ? a.description : `${who}: ${a.description}`;
    b.dataset.move = a.move;
    b.addEventListener("click", async () => {
      // Nothing that ends a game (or gives it up) is one click: say what is lost and ask.
      const givesUp = /\b(resign|concede|abandon)/i.test(`${a.move} ${a.description}`);
      const lost = a.ends_game ? `This ends the game at once: ${a.ends_game}.`
        : `${a.description}. This cannot be taken back once the others play on.`;
      const title = a.ends_game ? "End the game now?" : `${who}: give up?`;
      if ((a.ends_game || givesUp) && !(await confirmFirst(title, lost, "Yes, do it"))) return;
      api("/api/move", { text: a.move, token }).catch(() => {});
    });
    actions.append(b);
  }
  const dl = $("legal-moves");
  dl.innerHTML = "";
  for (const m of s.legal.slice(0, 200)) { const o = document.createElement("option"); o.value = m; dl.append(o); }
  const list = $("moves");
  list.innerHTML = "";
  for (const m of s.moves) {
    const li = document.createElement("li");
    const code = document.createElement("code");
    code.textContent = m.move;
    li.append(code);
    if (m.words) {
      const w = document.createElement("span");
      w.className = "words";
      w.textContent = m.words;
      li.append(w);
    }
    li.dataset.source = m.source;
    if (m.sealed) li.dataset.sealed = "yes";
    list.append(li);
  }
  takenBack = takenBack.filter((n) => n.game === s.game_id && n.after <= s.moves.length);
  for (const n of takenBack) {
    const li = document.createElement("li");
    li.className = "taken-back";
    li.textContent = `Taken back: ${n.moves.join(", ")}`;
    const at = list.children[n.after];
    list.insertBefore(li, at || null);
  }
  list.scrollTop = list.scrollHeight;
  const out = $("outcome");
  out.hidden = !s.outcome;
  if (s.outcome) {
    const w = s.outcome.winners.map((k) => s.game.seat_names[k] || `seat ${k}`).join(" and ");
    out.textContent = (w ? `${w} won` : "No winner") + ` — ${s.outcome.reason}` +
      (s.outcome.scores ? ` (${s.outcome.scores.join(" : ")})` : "");
    if (s.summary) out.append(summaryPicture(s));
    if (s.game_id !== null && s.game_id !== undefined) {
      const a = document.createElement("a");
      a.href = `/replay/${s.game_id}`;
      a.textContent = "Watch this game again, move by move";
      out.append(document.createElement("br"), a);
    }
  }
  $("roll").hidden = !(s.to_move === "chance" && s.dice === "manual") || !!token;
  // The move box only where typing a move is allowed: not during secret orders (each seat writes its own on its
  // page), not on the table's page of a game with secrets (but for the dice), and on a seat's page only for a seat
  // that plays from its phone, on its turn.
  const typing = s.legal.length > 0 && !s.outcome && s.to_move !== "simultaneous" && (token
    ? s.seat_kinds[s.seat] === "phone" && s.to_move === s.seat && !(owner && owner.ownsActions)
    : !s.game.hidden_information || s.to_move === "chance");
  $("move-form").hidden = !typing;
  if (typing) {
    $("move-text").placeholder = `e.g. ${s.legal[0]}`;
    $("move-example").textContent = `In ${s.game.title} notation, e.g. ${s.legal.slice(0, 2).join(" or ")}.`;
  }
  $("undo").hidden = !!token || s.moves.length === 0;
  $("view").textContent = JSON.stringify(s.view, null, 1);
  renderPanel(s);
}

function loadPanel(game) {
  if (game in panelFor) return panelFor[game];
  panelFor[game] = new Promise((resolve) => {
    const script = document.createElement("script");
    script.type = "module";
    script.src = `/static/games/${game}.js`;
    script.onload = async () => {
      const data = await (await fetchReady("/api/static")).json().catch(() => ({}));
      resolve({ panel: window.AgoraPanels[game] || null, data: data.data || {} });
    };
    script.onerror = () => resolve({ panel: null, data: {} });
    document.head.append(script);
  });
  return panelFor[game];
}

function context(data) {
  return { api, token, data, squares, message: showMessage };
}

async function renderPanel(s) {
  const { panel, data } = await loadPanel(s.game.name);
  const el = $("game-panel");
  if (!panel) { el.innerHTML = ""; return; }
  if (state === s) {
    panel.render(s, el, context(data));
    paintLeds(); // the panel may have recoloured the squares under the lights
  }
}

// Clicks on the simulated board are hands on it, in order: each one reaches the board only once the one before has
// been answered, which is once the board has read it (controller/web/simulator.py). Sent side by side, two quick
// clicks could arrive the other way round (the killer set down before the victim is lifted) and the board would read
// another move than the one made.
let clicks = Promise.resolve();
function onSquare(name) {
  clicks = clicks.then(() => handleSquare(name)).catch(() => {});
  return clicks;
}

// A square is pressed when the pointer goes down on it and taken when the pointer is let go, wherever it is then.
// Between the two the page may redraw the pieces or move the board (the board has read the last click, the words
// above it have changed): the browser would then send its click to no square, and the press would be lost.
let pressed = null;
document.addEventListener("pointerup", () => {
  if (pressed === null) return;
  const name = pressed;
  pressed = null;
  onSquare(name);
});
document.addEventListener("pointercancel", () => { pressed = null; }); // the press became a scroll of the page

async function handleSquare(name) {
  if (state) {
    const { panel, data } = await loadPanel(state.game.name);
    if (panel && panel.onSquare && panel.onSquare(name, state, context(data))) return;
  }
  if (!state || !state.sim) return;
  try { await api("/api/sim/toggle", { square: name }); } catch (e) { /* shown */ }
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/ws${token ? "?token=" + encodeURIComponent(token) : ""}`);
  ws.onmessage = (e) => {
    const m = JSON.parse(e.data);
    if (m.type === "state") render(m.state);
    else if (m.type === "event" && m.event === "takeback" && state) {
      takenBack.push({ game: state.game_id, after: Math.max(0, state.moves.length - m.moves.length), moves: m.moves });
    }
    else if (m.type === "led") { led = m.frame; paintLeds(); }
  };
  ws.onopen = () => { $("connection").hidden = true; };
  ws.onclose = (e) => {
    if (e.code === 1013) { starting(true); setTimeout(connect, 1000); return; } // the board is starting
    const c = $("connection");
    c.hidden = false;
    c.textContent = "Lost the connection to the board; trying again…";
    setTimeout(connect, 1000);
  };
}

$("move-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const text = $("move-text").value.trim();
  if (!text) return;
  try { await api("/api/move", { text, token }); $("move-text").value = ""; } catch (err) { /* shown */ }
});
$("undo").addEventListener("click", () => api("/api/undo", {}).catch(() => {}));
$("roll").addEventListener("click", () => api("/api/roll", {}).catch(() => {}));
// A hint: the computer thinks (in its worker), then this page's state holds the hint while the position stands.
$("hint").addEventListener("click", async () => {
  const out = $("hint-text");
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  try { await api("/api/hint", token ? { token } : {}); } catch (err) { return; }
  out.textContent = "Thinking…";
  out.hidden = false;
  let shown = false;
  for (let i = 0; i < 600; i++) {
    const s = await fetchReady(`/api/state${query}`).then((r) => r.json()).catch(() => ({}));
    if (s.hint) { out.textContent = `Hint: ${s.hint.description} (${s.hint.move})`; shown = true; }
    else if (shown || !s.thinking) break;
    await new Promise((done) => setTimeout(done, shown ? 1000 : 200));
  }
  out.hidden = true;
});
connect();
