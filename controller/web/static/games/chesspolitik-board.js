"use strict";
// Chesspolitik's page panel, its board drawing: the pieces in their power's colour, the supply centres, and
// arrows, rings, dots and crosses for the last phase's orders and the draft being written.
import { adjustment, buildSites, colourOf, moveOf, reach, svg, ui, unitsBySquare } from "./chesspolitik-common.js";

// ---- the board drawing: power colours, centres, arrows ----------------------------------------------------
export function overlay(ctx) {
  const any = Object.values(ctx.squares)[0];
  if (!any) return null;
  const board = any.g.ownerSVGElement;
  let g = board.querySelector("#cpk-overlay");
  if (!g) {
    g = svg("g", { id: "cpk-overlay", "pointer-events": "none" });
    board.append(g);
  }
  g.innerHTML = "";
  return g;
}

export function centre(ctx, square) {
  const q = ctx.squares[square];
  return [q.x + q.size / 2, q.y + q.size / 2, q.size];
}

export function arrow(g, ctx, from, to, colour, dashed, opacity) {
  if (!ctx.squares[from] || !ctx.squares[to]) return;
  const [x1, y1, size] = centre(ctx, from);
  const [x2, y2] = centre(ctx, to);
  const len = Math.hypot(x2 - x1, y2 - y1) || 1;
  const ux = (x2 - x1) / len, uy = (y2 - y1) / len;
  const head = size * 0.22;
  const ex = x2 - ux * size * 0.18, ey = y2 - uy * size * 0.18;
  const bx = ex - ux * head, by = ey - uy * head;
  const attrs = { x1: x1 + ux * size * 0.2, y1: y1 + uy * size * 0.2, x2: bx, y2: by, stroke: colour,
    "stroke-width": size * 0.08, "stroke-linecap": "round", opacity };
  if (dashed) attrs["stroke-dasharray"] = `${size * 0.12} ${size * 0.1}`;
  g.append(svg("line", attrs));
  const px = -uy * head * 0.6, py = ux * head * 0.6;
  g.append(svg("polygon", { points: `${ex},${ey} ${bx + px},${by + py} ${bx - px},${by - py}`, fill: colour,
    stroke: "#000", "stroke-width": 1.5, opacity }));
}

export function ring(g, ctx, square, colour, dashed) {
  if (!ctx.squares[square]) return;
  const [x, y, size] = centre(ctx, square);
  const attrs = { cx: x, cy: y, r: size * 0.43, fill: "none", stroke: colour, "stroke-width": size * 0.06 };
  if (dashed) attrs["stroke-dasharray"] = `${size * 0.1} ${size * 0.08}`;
  g.append(svg("circle", attrs));
}

export function dot(g, ctx, square, colour) {
  const [x, y, size] = centre(ctx, square);
  g.append(svg("circle", { cx: x, cy: y, r: size * 0.1, fill: colour, stroke: "#000", "stroke-width": 1,
    opacity: 0.8 }));
}

export function cross(g, ctx, square) {
  const [x, y, size] = centre(ctx, square);
  const d = size * 0.3;
  for (const [a, b] of [[-d, -d], [-d, d]]) {
    g.append(svg("line", { x1: x + a, y1: y + b, x2: x - a, y2: y - b, stroke: "#d55e00",
      "stroke-width": size * 0.09, "stroke-linecap": "round" }));
  }
}

// Pieces in their power's colour (the generic page colours seats by number) and the supply centres as small
// diamonds in their owner's colour, hollow when neutral.
export function paintBoard(s, ctx) {
  const data = ctx.data || {};
  for (const p of s.pieces) {
    const q = ctx.squares[p.square];
    const c = q && q.piece.querySelector("circle");
    const t = q && q.piece.querySelector("text");
    if (!c || p.owner === null) continue;
    c.setAttribute("fill", colourOf(data, p.owner));
    if (t) t.setAttribute("fill", data.powers && data.powers[p.owner].colour === "yellow" ? "#111" : "#fff");
  }
  const g = overlay(ctx);
  if (!g) return null;
  for (const square of data.centres || []) {
    const q = ctx.squares[square];
    if (!q) continue;
    const owner = s.view.centres[square];
    const d = q.size * 0.11, cx = q.x + q.size - d * 1.6, cy = q.y + d * 1.6;
    g.append(svg("polygon", {
      points: `${cx},${cy - d} ${cx + d},${cy} ${cx},${cy + d} ${cx - d},${cy}`,
      fill: owner === undefined ? "#fff" : colourOf(data, owner), stroke: "#333", "stroke-width": 1.5,
      "data-centre": square,
    }));
  }
  return g;
}

export function drawLast(g, s, ctx) {
  const last = s.view.last;
  if (!g || !last) return;
  for (const r of last.orders) {
    const mv = moveOf(r.order);
    const colour = colourOf(ctx.data, r.power);
    if (mv) arrow(g, ctx, mv[0], mv[1], colour, r.result !== "moved", r.result === "moved" ? 0.9 : 0.6);
  }
  for (const r of last.orders) {
    if (r.dislodged_by) {
      const sq = (r.order.match(/\b([a-i][1-9])\b/i) || [])[1];
      if (sq && s.mode === "chores") cross(g, ctx, sq.toLowerCase());
    }
  }
}

export function drawDraft(g, s, ctx) {
  if (!g) return;
  const colour = colourOf(ctx.data, s.seat);
  for (const text of ui.draft) {
    const mv = moveOf(text);
    if (mv) { arrow(g, ctx, mv[0], mv[1], colour, false, 0.85); continue; }
    const sup = text.match(/^[kn]\s+([a-i][1-9])\s+s\s+[kn]\s+([a-i][1-9])(?:\s*-\s*([a-i][1-9]))?/i);
    if (sup) {
      arrow(g, ctx, sup[1].toLowerCase(), (sup[3] || sup[2]).toLowerCase(), colour, true, 0.7);
      continue;
    }
    const hold = text.match(/^[kn]\s+([a-i][1-9])\s+h$/i);
    if (hold) ring(g, ctx, hold[1].toLowerCase(), colour, false);
    const build = text.match(/^build\s+([kn])\s+([a-i][1-9])$/i);
    if (build) ring(g, ctx, build[2].toLowerCase(), colour, true);
    const gone = text.match(/^disband\s+[kn]\s+([a-i][1-9])$/i);
    if (gone) cross(g, ctx, gone[1].toLowerCase());
  }
  const size = s.game.files;
  const units = unitsBySquare(s);
  if (ui.selected) {
    ring(g, ctx, ui.selected, "#000", true);
    for (const sq of reach(units[ui.selected].kind, ui.selected, size)) dot(g, ctx, sq, "#56b4e9");
  }
  if (ui.supporter) {
    ring(g, ctx, ui.supporter, "#000", true);
    if (ui.supported) ring(g, ctx, ui.supported, "#cc79a7", true);
  }
  if (ui.site) ring(g, ctx, ui.site, "#000", true);
  if (s.view.season === "winter" && adjustment(s) > 0) {
    for (const sq of buildSites(s, ctx)) dot(g, ctx, sq, "#56b4e9");
  }
}
