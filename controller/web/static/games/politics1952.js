"use strict";
// The Politics (1952) panel. The pins are virtual, so the page draws what the printed map and the pins would show:
// each state in its group's colour with its votes and leader, the states the throw allows, the dice, the live
// tally (266 to win) and, on a candidate's own seat page only, that candidate's speech cards to play. Everything
// comes from the page's state (`view`: what this page may see) and the game's static data (the map and the public
// texts of the 18 cards); a hand is only ever in the view of its own seat's page.
(() => {
  // The lights' seat colours (controller/lights/palette.py), which the seat names say: Red, Blue, Yellow, ...
  const SEAT_COLOURS = ["#d55e00", "#0072b2", "#f0e442", "#009e73", "#cc79a7", "#56b4e9"];
  const DARK_INK = new Set(["#f0e442", "#56b4e9", "#cc79a7"]); // pale colours need dark text
  const DIE_FACES = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
  const svgNS = "http://www.w3.org/2000/svg";

  function svg(tag, attrs, text) {
    const e = document.createElementNS(svgNS, tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "hidden") e.hidden = !!v;
      else e.setAttribute(k, v);
    }
    for (const c of children) if (c !== null && c !== undefined) e.append(c);
    return e;
  }

  // A colour mixed with white, so a square's group colour stays a pale background under the LEDs' tint.
  function pale(hex, amount) {
    const n = parseInt(hex.slice(1), 16);
    const mix = (c) => Math.round(c + (255 - c) * amount);
    const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map(mix);
    return `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;
  }

  const seatName = (s, seat) => s.game.seat_names[seat] || `Seat ${seat}`;
  // The page's legend (the server's seat colours) wins; the table is for a page served without one.
  let legendColours = null;
  const seatColour = (seat) => (legendColours && legendColours[seat]) || SEAT_COLOURS[seat % SEAT_COLOURS.length];
  const cardOf = (data, n) => (data.cards || []).find((c) => c.number === n);
  const countiesText = (card) => Object.entries(card.counties).map(([abbr, k]) => `${abbr} ${k}`).join(", ");

  // ---- the board drawing ---------------------------------------------------------------------------------------
  function overlay(ctx) {
    const any = Object.values(ctx.squares)[0];
    if (!any) return null;
    const board = any.g.ownerSVGElement;
    let g = board.querySelector("#p52-overlay");
    if (!g) {
      g = svg("g", { id: "p52-overlay", "pointer-events": "none" });
      board.append(g);
    }
    g.innerHTML = "";
    return g;
  }

  // What the spare squares are for, as the printed overlay labels them (board.toml [spare]).
  function spareLabels(s, data) {
    const spare = data.spare || {};
    const out = {};
    (spare.pips || []).forEach((row, k) => row.forEach((sq, i) => { out[sq] = `${k ? "low" : "high"} ${i + 1}`; }));
    if (spare.die) out[spare.die] = "die";
    if (spare.closed) out[spare.closed] = "closed";
    (spare.tally || []).forEach((sq, k) => { if (k < s.game.seat_names.length) out[sq] = seatName(s, k); });
    return out;
  }

  function paintBoard(s, ctx) {
    const data = ctx.data || {};
    const view = s.view || {};
    const states = data.states || {};
    const bySquare = {};
    for (const [abbr, st] of Object.entries(states)) bySquare[st.square] = abbr;
    const labels = spareLabels(s, data);
    const allowed = new Set(view.allowed || []);
    const g = overlay(ctx);
    if (!g) return;
    for (const [square, q] of Object.entries(ctx.squares)) {
      const abbr = bySquare[square];
      const base = q.g.querySelector("rect");
      const label = q.g.querySelector("text");
      delete q.g.dataset.state;
      delete q.g.dataset.allowed;
      delete q.g.dataset.leader;
      if (!abbr) {
        // Oceans, Canada and Mexico: dark like the overlay's margins; the LEDs' display squares keep a word.
        if (base) base.setAttribute("fill", labels[square] ? "#5b6770" : "#3c4650");
        if (label) { label.textContent = labels[square] || ""; label.setAttribute("fill", "#dde3e8"); }
        continue;
      }
      const st = states[abbr];
      const group = (data.groups || {})[String(st.group)];
      if (base && group) base.setAttribute("fill", pale(group.rgb, 0.45));
      if (label) { label.textContent = ""; }
      q.g.dataset.state = abbr;
      const { x, y, size } = q;
      g.append(svg("text", { x: x + size / 2, y: y + size * 0.52, "text-anchor": "middle", "font-size": size * 0.3,
        "font-weight": 700, fill: "#1d1d1f" }, abbr));
      g.append(svg("text", { x: x + size / 2, y: y + size * 0.8, "text-anchor": "middle", "font-size": size * 0.2,
        fill: "#333" }, String(st.votes)));
      g.append(svg("text", { x: x + size * 0.08, y: y + size * 0.2, "font-size": size * 0.15, fill: "#333" },
        String(st.group)));
      const lead = (view.leaders || {})[abbr];
      if (lead !== undefined) {
        // The leader's pin in its colour; a capital held is drawn as a star (the state is won outright).
        q.g.dataset.leader = seatName(s, lead);
        const capital = (view.capitals || {})[abbr] !== undefined;
        const cx = x + size * 0.82, cy = y + size * 0.18, r = size * 0.12;
        const shape = capital
          ? svg("polygon", { points: star(cx, cy, r * 1.3), fill: seatColour(lead), stroke: "#000", "stroke-width": 1.5 })
          : svg("circle", { cx, cy, r, fill: seatColour(lead), stroke: "#000", "stroke-width": 1.5 });
        g.append(shape);
      }
      if (allowed.has(abbr)) {
        // The states the throw allows: the LEDs light them for the board; a phone's seat page needs them too.
        q.g.dataset.allowed = "yes";
        g.append(svg("rect", { x: x + 4, y: y + 4, width: size - 8, height: size - 8, fill: "none",
          stroke: "#009e73", "stroke-width": size * 0.06, "stroke-dasharray": `${size * 0.12} ${size * 0.06}` }));
      }
    }
  }

  function star(cx, cy, r) {
    const pts = [];
    for (let i = 0; i < 10; i++) {
      const a = -Math.PI / 2 + (i * Math.PI) / 5;
      const d = i % 2 ? r * 0.45 : r;
      pts.push(`${cx + d * Math.cos(a)},${cy + d * Math.sin(a)}`);
    }
    return pts.join(" ");
  }

  // ---- the side panel ------------------------------------------------------------------------------------------
  function tally(s, data) {
    const view = s.view;
    const active = new Set(view.active || []);
    const last = (view.tabulations || []).slice(-1)[0];
    const table = el("table", { class: "p52-tally" },
      el("caption", {}, `Electoral votes: ${data.majority || 266} of ${data.total || 531} win`));
    table.append(el("tr", {}, el("th", {}, "Candidate"), el("th", {}, "Votes now"),
      last ? el("th", {}, "Last count") : null, el("th", {}, "Cards")));
    view.tally.forEach((votes, seat) => {
      const swatch = el("span", { class: "p52-swatch", style: `background:${seatColour(seat)}` });
      const name = el("td", {}, swatch, ` ${seatName(s, seat)}`);
      if (view.turn === seat && s.to_move !== null) name.append(el("span", { class: "p52-turn" }, " ◀ to play"));
      const row = el("tr", { "data-seat": String(seat), "data-votes": String(votes) }, name,
        el("td", { class: "p52-votes" }, String(votes)), last ? el("td", {}, String(last[seat])) : null,
        el("td", {}, active.has(seat) ? String(view.cards_left[seat]) : "out"));
      if (!active.has(seat)) row.dataset.out = "yes";
      table.append(row);
    });
    return table;
  }

  function dice(s, data) {
    const view = s.view;
    const box = el("div", { class: "p52-dice" });
    if (!view.dice) {
      box.append(el("p", {}, view.phase === "first" ? "Throw for the first player." : "The dice are not thrown yet."));
      return box;
    }
    const group = (data.groups || {})[String(view.dice.group)] || { colour: "", rgb: "#888" };
    const [high, low] = view.dice.white;
    box.dataset.dice = `${view.dice.group} ${high}-${low}`;
    box.append(
      el("span", { class: "p52-die p52-coloured", style: `background:${group.rgb}`,
        title: `coloured die: group ${view.dice.group} (${group.colour})` }, String(view.dice.group)),
      el("span", { class: "p52-die", title: `white die ${high}` }, DIE_FACES[high]),
      el("span", { class: "p52-die", title: `white die ${low}` }, DIE_FACES[low]),
    );
    const words = el("p", { class: "p52-left" });
    if (view.phase === "play") {
      words.textContent = view.left
        ? `${view.left} ${view.left === 1 ? "county" : "counties"} left to place in group ${view.dice.group} ` +
          `(${group.colour})` + (view.allowed.length ? `: ${view.allowed.join(" ")}` : "")
        : "All counties of this throw are placed.";
    }
    box.append(words);
    return box;
  }

  // The candidate's own cards, each with its button; a card that cannot be played now says why not.
  function hand(s, data, ctx) {
    const view = s.view;
    const mine = view.hand || [];
    const box = el("section", { class: "p52-hand" }, el("h2", {}, "Your speech cards"));
    if (!mine.length) box.append(el("p", {}, "You have no speech card left."));
    const legal = new Set(s.legal || []);
    const yourTurn = view.turn === s.seat && view.phase === "play";
    for (const n of mine) {
      const card = cardOf(data, n) || { number: n, theme: "", counties: {} };
      const move = `card ${n}`;
      const button = el("button", { type: "button", "data-move": move }, `Play card ${n}`);
      button.disabled = !legal.has(move);
      if (button.disabled) {
        button.title = !yourTurn ? "only in your turn, after the throw" : "one speech card a turn";
      }
      button.addEventListener("click", () => ctx.api("/api/move", { text: move, token: ctx.token }).catch(() => {}));
      box.append(el("div", { class: "p52-card", "data-card": String(n) },
        el("strong", {}, `${n}. ${card.theme}`), el("span", {}, countiesText(card)), button));
    }
    if (legal.has("pass")) {
      const pass = el("button", { type: "button", "data-move": "pass", class: "p52-pass" }, "End the turn (pass)");
      pass.addEventListener("click", () => ctx.api("/api/move", { text: "pass", token: ctx.token }).catch(() => {}));
      box.append(pass);
    }
    return box;
  }

  function played(s, data) {
    const rows = [];
    (s.view.played || []).forEach((cards, seat) => {
      for (const n of cards) {
        const card = cardOf(data, n);
        rows.push(el("li", {}, `${seatName(s, seat)}: ${n}. ${card ? `${card.theme} (${countiesText(card)})` : ""}`));
      }
    });
    if (!rows.length) return null;
    return el("details", { class: "p52-played" }, el("summary", {}, `Speech cards played (${rows.length})`),
      el("ul", {}, ...rows));
  }

  function render(s, element, ctx) {
    const data = ctx.data || {};
    if (!s.view || !s.view.tally) return;
    legendColours = (s.legend && s.legend.seat_colours) || null;
    paintBoard(s, ctx);
    const root = el("div", { class: "p52" });
    if (s.view.closed) root.append(el("p", { class: "p52-closed" }, "The board is closed: doubles count the votes."));
    root.append(dice(s, data), tally(s, data));
    if (s.seat !== null) {
      // A seat page: this panel shows the candidate's cards and its own buttons for them and for "pass", so the
      // generic list of page moves would repeat them. The token belongs to this game, so nothing else needs it.
      const actions = document.getElementById("actions");
      if (actions) actions.hidden = true;
      root.append(hand(s, data, ctx));
      root.append(el("p", { class: "p52-hint" },
        "In your turn, tap a state on the map to claim a county there (or set a piece on it on the board)."));
    }
    const history = played(s, data);
    if (history) root.append(history);
    // What the squares without a state show, as the printed overlay labels them.
    root.append(el("details", { class: "p52-tracks" }, el("summary", {}, "What the squares around the map show"),
      el("ul", {},
        el("li", {}, "high 1–6 (top row) and low 1–6 (the row below): the two white dice as pips; one pip goes out " +
          "for each county placed, so the lit pips are the counties still to place."),
        el("li", {}, "die: the coloured die, in the colour of the group of states it allows."),
        el("li", {}, "closed: lit while the board is closed (doubles then count the votes)."),
        el("li", {}, "The squares named after the candidates (bottom row): each candidate's colour while they are " +
          "in the game."))));
    element.innerHTML = "";
    element.append(root);
  }

  // A seat page claims a county when its candidate taps a state; the server says why when it may not. The main
  // page leaves clicks to the simulated board, where a click sets a piece down and the next lifts it: a claim.
  function onSquare(square, s, ctx) {
    if (s.seat === null) return false;
    const states = (ctx.data || {}).states || {};
    const abbr = Object.keys(states).find((a) => states[a].square === square);
    if (!abbr) return false;
    ctx.message("");
    ctx.api("/api/move", { text: abbr, token: ctx.token }).catch(() => {});
    return true;
  }

  window.AgoraPanels.politics1952 = { render, onSquare };

  const style = document.createElement("style");
  style.textContent = `
.p52 h2 { margin: .8rem 0 .4rem; }
.p52-tally { border-collapse: collapse; width: 100%; background: #fff; margin: .5rem 0; }
.p52-tally caption { text-align: left; font-weight: 700; padding-bottom: .3rem; }
.p52-tally th, .p52-tally td { border-bottom: 1px solid #ddd; padding: .25rem .4rem; text-align: left; }
.p52-tally tr[data-out] { color: #888; text-decoration: line-through; }
.p52-turn { font-weight: 700; }
.p52-swatch { display: inline-block; width: .85rem; height: .85rem; border: 1px solid #333; border-radius: 50%;
  vertical-align: -1px; }
.p52-dice { display: flex; flex-wrap: wrap; align-items: center; gap: .4rem; }
.p52-die { display: inline-flex; align-items: center; justify-content: center; width: 2.2rem; height: 2.2rem;
  font-size: 1.9rem; line-height: 1; background: #fff; border: 1px solid #333; border-radius: 6px; }
.p52-coloured { font-size: 1.2rem; font-weight: 700; }
.p52-left { flex-basis: 100%; margin: .2rem 0; }
.p52-closed { background: #e8f1f8; border-left: 4px solid #0072b2; padding: .4rem .6rem; }
.p52-card { display: grid; grid-template-columns: 1fr auto; gap: .1rem .6rem; align-items: center; background: #fff;
  border: 1px solid #ccc; border-radius: 6px; padding: .4rem .6rem; margin: .3rem 0; }
.p52-card span { grid-column: 1; font-size: .9rem; }
.p52-card button { grid-row: 1 / span 2; grid-column: 2; }
.p52-pass { width: 100%; margin: .3rem 0; }
.p52-hint { font-size: .85rem; color: #555; }
`;
  document.head.append(style);
})();
