"use strict";
// A stored game move by move (/api/history/<id>/replay): the board after each move in the page's own drawing, the
// squares the move changed lit green as the board confirmed them, the move in notation and in words.
(() => {
  const svgNS = "http://www.w3.org/2000/svg";
  const files = "abcdefghi";
  const GREEN = "#009e73"; // the LED language's confirmed move
  const $ = (id) => document.getElementById(id);
  let data = null;
  let at = 0;

  function node(tag, attrs, text) {
    const e = document.createElementNS(svgNS, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function draw() {
    const f = data.frames[at];
    const svg = $("board");
    svg.innerHTML = "";
    const n = Math.max(data.files, data.ranks);
    const size = 900 / n;
    svg.setAttribute("viewBox", `0 0 ${data.files * size} ${data.ranks * size}`);
    const pieces = {};
    for (const p of f.pieces) pieces[p.square] = p;
    const changed = new Set(f.changed);
    const lg = data.legend || {};
    for (let r = 0; r < data.ranks; r++) {
      for (let c = 0; c < data.files; c++) {
        const sq = files[c] + (r + 1);
        const x = c * size, y = (data.ranks - 1 - r) * size;
        const g = node("g", { "data-square": sq });
        g.append(node("rect", { x, y, width: size, height: size, fill: (c + r) % 2 ? "#d9cdb8" : "#b59f7f" }));
        if (changed.has(sq)) {
          g.append(node("rect", { x: x + 2, y: y + 2, width: size - 4, height: size - 4, fill: GREEN, "fill-opacity": 0.7 }));
          g.dataset.changed = "yes";
        }
        g.append(node("text", { x: x + 4, y: y + size - 5, "font-size": size / 6, fill: "#333" }, data.labels[sq] || sq));
        const p = pieces[sq];
        if (p) {
          const fill = p.owner === null ? "#8a8a8a" : (lg.seat_colours || [])[p.owner] || "#888";
          const ink = p.owner === null ? "#111" : (lg.seat_inks || [])[p.owner] || "#111";
          g.append(node("circle", { cx: x + size / 2, cy: y + size / 2, r: size * 0.32, fill, stroke: "#000", "stroke-width": 2 }));
          g.append(node("text", { x: x + size / 2, y: y + size / 2 + size * 0.12, "text-anchor": "middle",
            "font-size": size * 0.34, "font-weight": 700, fill: ink }, p.kind.length === 1 ? p.kind : "†"));
          g.dataset.piece = `${p.kind}${p.owner === null ? "" : p.owner}`;
        }
        svg.append(g);
      }
    }
    const total = data.frames.length - 1;
    $("turn").textContent = at === 0 ? `The start (${total} moves in all)` : `Move ${at} of ${total}: ${f.words || f.move}`;
    $("ply").value = String(at);
    $("first").disabled = $("prev").disabled = at === 0;
    $("next").disabled = $("last").disabled = at === total;
    [...$("moves").children].forEach((li, k) => li.classList.toggle("current", k + 1 === at));
  }

  function go(k) { at = Math.max(0, Math.min(data.frames.length - 1, k)); draw(); }

  async function load() {
    const id = document.body.dataset.gameId;
    const res = await fetch(`/api/history/${id}/replay`);
    const body = await res.json().catch(() => ({}));
    if (!res.ok) { $("turn").textContent = (body.error && body.error.message) || "This game cannot be shown."; return; }
    data = body;
    $("title").textContent = `Agora · replay of ${data.game.title} game ${data.id}`;
    document.title = $("title").textContent;
    $("ply").max = String(data.frames.length - 1);
    const list = $("moves");
    data.frames.slice(1).forEach((f, k) => {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.className = "link";
      b.textContent = f.words ? `${f.move} — ${f.words}` : f.move;
      b.addEventListener("click", () => go(k + 1));
      li.append(b);
      list.append(li);
    });
    const seats = document.createElement("ul");
    seats.className = "seats";
    data.game.seat_names.forEach((n, k) => {
      const li = document.createElement("li");
      const sw = document.createElement("span");
      sw.className = "swatch";
      sw.style.background = (data.legend.seat_colours || [])[k] || "#888";
      li.append(sw, n);
      seats.append(li);
    });
    $("legend").append(seats);
    if (data.outcome) {
      const o = data.outcome;
      const w = (o.winners || []).map((k) => data.game.seat_names[k] || `Seat ${k + 1}`).join(" and ");
      $("outcome").hidden = false;
      $("outcome").textContent = `${w ? w + " won" : "No winner"}: ${o.reason}`;
    }
    go(0);
  }

  $("first").addEventListener("click", () => go(0));
  $("prev").addEventListener("click", () => go(at - 1));
  $("next").addEventListener("click", () => go(at + 1));
  $("last").addEventListener("click", () => go(data.frames.length - 1));
  $("ply").addEventListener("input", (e) => go(parseInt(e.target.value, 10)));
  document.addEventListener("keydown", (e) => {
    if (!data || e.target.tagName === "INPUT") return;
    if (e.key === "ArrowRight") go(at + 1);
    else if (e.key === "ArrowLeft") go(at - 1);
  });
  load();
})();
