"use strict";
// What the page draws, said: the legend under the board (the seats in their colours, the pieces' letters) and the
// picture at the end of a game. Loaded before app.js, whose helpers ($, svgNS) these use when called.

// The end of a game as a picture: per group (a board, a year, the final count) one bar per seat in its colour,
// with its number written on it, the target line where the game has one; the same numbers as a table for anyone
// who cannot see the picture.
function summaryPicture(s) {
  const sum = s.summary;
  const colours = (s.legend && s.legend.seat_colours) || [];
  const fig = document.createElement("figure");
  fig.className = "summary";
  const cap = document.createElement("figcaption");
  cap.textContent = sum.title;
  const groups = sum.series.slice(-8);
  const seats = s.game.seat_names.length;
  const top = Math.max(1, sum.target || 0, ...groups.flatMap((g) => g.values));
  const W = 360, H = 170, bar = Math.max(6, Math.min(28, (W - 20) / Math.max(1, groups.length) / (seats + 1)));
  const svg = document.createElementNS(svgNS, "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H + 34}`);
  svg.setAttribute("aria-hidden", "true");
  const gw = (W - 20) / Math.max(1, groups.length);
  groups.forEach((g, i) => {
    g.values.forEach((v, k) => {
      const h = (v / top) * H;
      const x = 10 + i * gw + k * bar + (gw - seats * bar) / 2, y = H - h + 14;
      const r = document.createElementNS(svgNS, "rect");
      Object.entries({ x, y, width: bar - 2, height: Math.max(1, h), fill: colours[k] || "#888", stroke: "#000" })
        .forEach(([a, b]) => r.setAttribute(a, b));
      const t = document.createElementNS(svgNS, "text");
      Object.entries({ x: x + bar / 2 - 1, y: y - 3, "text-anchor": "middle", "font-size": 10, fill: "#1d1d1f" })
        .forEach(([a, b]) => t.setAttribute(a, b));
      t.textContent = String(v);
      svg.append(r, t);
    });
    const l = document.createElementNS(svgNS, "text");
    Object.entries({ x: 10 + i * gw + gw / 2, y: H + 30, "text-anchor": "middle", "font-size": 11, fill: "#1d1d1f" })
      .forEach(([a, b]) => l.setAttribute(a, b));
    l.textContent = g.label;
    svg.append(l);
  });
  if (sum.target) {
    const y = H - (sum.target / top) * H + 14;
    const line = document.createElementNS(svgNS, "line");
    Object.entries({ x1: 0, x2: W, y1: y, y2: y, stroke: "#1d1d1f", "stroke-dasharray": "5 4" })
      .forEach(([a, b]) => line.setAttribute(a, b));
    svg.append(line);
  }
  const table = document.createElement("table");
  table.className = "summary-table";
  const head = document.createElement("tr");
  head.append(Object.assign(document.createElement("th"), { textContent: "" }));
  s.game.seat_names.forEach((n) => head.append(Object.assign(document.createElement("th"), { textContent: n })));
  table.append(head);
  for (const g of groups) {
    const tr = document.createElement("tr");
    tr.append(Object.assign(document.createElement("th"), { textContent: g.label }));
    g.values.forEach((v) => tr.append(Object.assign(document.createElement("td"), { textContent: String(v) })));
    table.append(tr);
  }
  if (sum.notes) {
    const tr = document.createElement("tr");
    tr.append(Object.assign(document.createElement("th"), { textContent: "" }));
    sum.notes.forEach((v) => tr.append(Object.assign(document.createElement("td"), { textContent: v })));
    table.append(tr);
  }
  // Nothing to compare (nobody scored or took anything): the table says so without an empty picture.
  const anything = groups.some((g) => g.values.some((v) => v > 0));
  fig.append(cap, ...(anything ? [svg] : []), table);
  for (const line of sum.lines || []) {
    const p = document.createElement("p");
    p.className = "summary-line";
    p.textContent = line;
    fig.append(p);
  }
  return fig;
}

function renderLegend(s) {
  const box = $("legend");
  box.innerHTML = "";
  const lg = s.legend || {};
  const seats = document.createElement("ul");
  seats.className = "seats";
  s.game.seat_names.forEach((n, k) => {
    const li = document.createElement("li");
    const sw = document.createElement("span");
    sw.className = "swatch";
    sw.style.background = (lg.seat_colours || [])[k] || "#888";
    li.append(sw, `${n}${s.seat === k ? " (you)" : ""}`);
    seats.append(li);
  });
  box.append(seats);
  const kinds = Object.entries(lg.kinds || {});
  if (kinds.length) {
    const p = document.createElement("p");
    p.className = "kinds";
    p.textContent = "Pieces: " + kinds.map(([k, v]) => `${k} ${v}`).join(" · ");
    box.append(p);
  }
  if (s.game.name === "politrics") {
    const p = document.createElement("p");
    p.className = "kinds";
    p.textContent = "The inner 7×7 squares are the field; the blue-grey outer ring is retirement.";
    box.append(p);
  }
}

// A square the page draws dark (so a light over it is shown in its own colour, not as a tint).
function darkSquare(sq) {
  const fill = (sq.g.querySelector("rect") || { getAttribute: () => "" }).getAttribute("fill") || "";
  const m = /^#([0-9a-f]{6})$/i.exec(fill);
  if (!m) return false;
  const n = parseInt(m[1], 16);
  return 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255) < 110;
}

// The LEDs' colours (the Okabe-Ito palette, lights/palette.py): a light at any brightness is the one whose hue it has.
const PALETTE = [[230, 159, 0], [86, 180, 233], [0, 158, 115], [240, 228, 66], [0, 114, 178], [213, 94, 0],
  [204, 121, 167], [255, 255, 255]];

function paletteColour(rgb) {
  const norm = (c) => { const m = Math.max(...c) || 1; return c.map((x) => x / m); };
  const a = norm(rgb);
  let best = PALETTE[0], dist = Infinity;
  for (const p of PALETTE) {
    const b = norm(p);
    const d = a.reduce((sum, x, k) => sum + (x - b[k]) ** 2, 0);
    if (d < dist) { dist = d; best = p; }
  }
  return best;
}
