"use strict";
// Chesspolitik's page panel, its shared part: the powers' colours, the units' reach, the order texts, and the
// composer's state (`ui`), for the panel (chesspolitik.js) and its board drawing (chesspolitik-board.js).

const svgNS = "http://www.w3.org/2000/svg";
const files = "abcdefghi";
const HEX = { blue: "#0072b2", red: "#d55e00", green: "#009e73", yellow: "#f0e442" };
const KING = [[-1, -1], [-1, 0], [-1, 1], [0, -1], [0, 1], [1, -1], [1, 0], [1, 1]];
const KNIGHT = [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]];
export const KIND = { K: "King", N: "Knight" };
export const RESULT = {
  moved: "moved", bounced: "bounced", held: "held", supported: "support given", cut: "support cut",
  void: "support void", built: "built", disbanded: "disbanded", waived: "waived",
};

// The composer's state on a seat's page; `key` ties the draft to one seat and one phase.
export const ui = { key: "", draft: [], selected: null, supporter: null, supported: null, site: null, root: null,
  parts: null, state: null, ctx: null };

// ---- small helpers ---------------------------------------------------------------------------------------
export function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v;
    else if (k.includes("-")) e.setAttribute(k, v); // data-*, aria-*
    else if (k === "onclick") e.addEventListener("click", v);
    else e[k] = v;
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}

export function svg(tag, attrs) {
  const e = document.createElementNS(svgNS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

export function colourOf(data, seat) {
  const p = data.powers && data.powers[seat];
  return (p && HEX[p.colour]) || "#888";
}

export function powerName(s, seat) { return s.view.powers[seat] || `Seat ${seat}`; }

export function reach(kind, square, size) {
  const f = files.indexOf(square[0]), r = parseInt(square.slice(1), 10) - 1;
  return (kind === "K" ? KING : KNIGHT)
    .map(([df, dr]) => [f + df, r + dr])
    .filter(([a, b]) => a >= 0 && b >= 0 && a < size && b < size)
    .map(([a, b]) => files[a] + (b + 1))
    .sort();
}

export function unitsBySquare(s) {
  const out = {};
  for (const u of s.view.units) out[u.square] = u;
  return out;
}

// The unit (or build site) an order is about, so that a new order for it replaces the old one: the first
// square named ("K a4 - b4", "a4 - b4", "Build N d2", "Disband K a4"); Draw is one vote; Waive may repeat.
export function orderKey(text) {
  const t = text.trim().toLowerCase();
  if (t === "draw") return "draw";
  if (t.startsWith("waive")) return null;
  const m = t.match(/\b([a-i][1-9])\b/);
  return m ? m[1] : t;
}

// A drafted move "K a4 - b4" as [from, to]; null for any other order.
export function moveOf(text) {
  const m = text.trim().match(/^(?:[kn]\s+)?([a-i][1-9])\s*(?:-|->|to)\s*([a-i][1-9])$/i);
  return m ? [m[1].toLowerCase(), m[2].toLowerCase()] : null;
}

export function participants(s) {
  const out = new Set(s.view.waiting_for);
  for (const k of Object.keys(s.view.pending)) out.add(parseInt(k, 10));
  return out;
}

export function centreCounts(s) {
  const counts = s.view.powers.map(() => 0);
  for (const seat of Object.values(s.view.centres)) counts[seat] += 1;
  return counts;
}

export function unitCounts(s) {
  const counts = s.view.powers.map(() => 0);
  for (const u of s.view.units) counts[u.power] += 1;
  return counts;
}

export function adjustment(s) {
  const mine = Object.values(s.view.centres).filter((k) => k === s.seat).length;
  const units = s.view.units.filter((u) => u.power === s.seat).length;
  return mine - units;
}

export function buildSites(s, ctx) {
  const p = ctx.data.powers && ctx.data.powers[s.seat];
  const units = unitsBySquare(s);
  return p ? p.homes.filter((sq) => s.view.centres[sq] === s.seat && !units[sq]) : [];
}
