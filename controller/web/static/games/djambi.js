"use strict";
// The Djambi panel (the contract is at the top of app.js): whose turn it is and who plays which party (its own
// player, the player who inherited it, the Chief in power for a vassal), the turns to come with the power's extra
// turns, the Maze, corpses drawn as corpses, Chiefs lying walled in (the comeback rule), the rules in play, and what
// the board waits for in words. Everything comes from the game's
// view (controller/games/djambi/view.py) and the move list: the page knows no rules of its own.
(() => {
  const svgNS = "http://www.w3.org/2000/svg";
  const PARTIES = ["Red", "Blue", "Yellow", "Green"];
  // The pieces' colours, as the page draws them (app.js) and the LEDs mark seats (lights/palette.py).
  const COLOURS = ["#d55e00", "#0072b2", "#f0e442", "#009e73"];
  const KINDS = { C: "Chief", A: "Assassin", R: "Reporter", D: "Diplomat", N: "Necromobile", M: "Militant" };
  const MAZE = "e5";

  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") e.className = v;
      else if (k.startsWith("data-")) e.setAttribute(k, v);
      else e[k] = v;
    }
    for (const c of children) if (c !== null && c !== undefined) e.append(c);
    return e;
  }

  function svg(tag, attrs) {
    const e = document.createElementNS(svgNS, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    return e;
  }

  function swatch(party) {
    return el("span", { class: "dj-swatch", title: PARTIES[party] }, "");
  }

  function name(party) {
    const s = el("span", { class: "dj-party", "data-party": String(party) }, swatch(party), PARTIES[party]);
    s.firstChild.style.background = COLOURS[party];
    return s;
  }

  // ---- the board drawing: the Maze, corpses, names of the pieces --------------------------------------------------
  function decorate(s, squares) {
    const maze = squares[MAZE];
    if (maze && !maze.g.querySelector(".dj-maze")) {
      // Concentric squares: the Maze stays recognisable under a piece and under any LED colour.
      const ring = svg("g", { class: "dj-maze", "pointer-events": "none" });
      for (const inset of [0.1, 0.2]) {
        ring.append(svg("rect", {
          x: maze.x + maze.size * inset, y: maze.y + maze.size * inset,
          width: maze.size * (1 - 2 * inset), height: maze.size * (1 - 2 * inset),
          fill: "none", stroke: "#5b3a1a", "stroke-width": 3, "stroke-dasharray": "10 5",
        }));
      }
      maze.g.insertBefore(ring, maze.piece);
    }
    const byName = {};
    for (const p of s.pieces) byName[p.square] = p;
    // Chiefs walled in and kept by the comeback rule lie turned over: drawn dark, ringed in their party's colour.
    const walled = {};
    for (const row of (s.view && s.view.parties) || []) {
      if (row.walled_in && row.chief) walled[row.chief.toLowerCase()] = row;
    }
    for (const [square, sq] of Object.entries(squares)) {
      const p = byName[square];
      if (!p) continue;
      const circle = sq.piece.querySelector("circle");
      const text = sq.piece.querySelector("text");
      if (!circle || !text) continue;
      const title = svg("title", {});
      if (p.kind === "corpse") {
        // A corpse is a turned-over piece of no party: dark, with a cross instead of a letter.
        circle.setAttribute("fill", "#3b3b3b");
        text.textContent = "";
        const r = sq.size * 0.16, cx = sq.x + sq.size / 2, cy = sq.y + sq.size / 2;
        const opacity = circle.getAttribute("fill-opacity") || "1";
        for (const [dx, dy] of [[1, 1], [1, -1]]) {
          sq.piece.append(svg("line", { x1: cx - r * dx, y1: cy - r * dy, x2: cx + r * dx, y2: cy + r * dy,
            stroke: "#e8e8e8", "stroke-width": sq.size * 0.06, "stroke-linecap": "round",
            "stroke-opacity": opacity, class: "dj-corpse" }));
        }
        title.textContent = "a corpse";
      } else if (walled[square]) {
        circle.setAttribute("fill", "#3b3b3b");
        circle.setAttribute("stroke", COLOURS[p.owner] || "#888");
        circle.setAttribute("stroke-width", sq.size * 0.08);
        circle.classList.add("dj-walled");
        text.setAttribute("fill", COLOURS[p.owner] || "#888");
        title.textContent = `${PARTIES[p.owner]}'s Chief, walled in: it lies turned over and comes back if freed`;
      } else {
        circle.setAttribute("fill", COLOURS[p.owner] || "#888");
        title.textContent = `${PARTIES[p.owner]}'s ${KINDS[p.kind] || p.kind}`;
      }
      sq.piece.append(title);
    }
  }

  // ---- words ---------------------------------------------------------------------------------------------------
  function status(v, row, index) {
    const power = v.power;
    if (row.how === "out") return "out: no living piece";
    if (row.how === "own") return index === power ? "plays itself, in power" : "plays itself";
    if (row.how === "inherited") return `played by ${PARTIES[row.owner]} (inherited)`;
    const waits = row.held_for !== null && row.held_for !== undefined
      ? `; back to ${PARTIES[row.held_for]} if its walled-in Chief is freed` : "";
    if (row.player === null) return `vassal: idle while nobody is in power${waits}`;
    return `vassal: played by ${PARTIES[row.player]}, in power${waits}`;
  }

  function chiefWords(row) {
    if (!row.chief) return "dead";
    return row.walled_in ? `${row.chief}, walled in` : row.chief;
  }

  function mazeWords(v) {
    if (v.maze === "power") return `${PARTIES[v.power]}'s Chief is in power`;
    if (v.maze === "puppet") return "a corpse: puppet power, nobody rules";
    return "empty";
  }

  // The turns to come, this one first: whose pieces move, who moves them, the power's extra turns.
  function upcoming(v) {
    const list = el("ol", { class: "dj-upcoming" });
    v.upcoming.forEach((u, i) => {
      const words = [PARTIES[u.party]];
      if (u.bonus) words.push("(extra turn)");
      else if (u.player !== null && u.player !== u.party) words.push(`by ${PARTIES[u.player]}`);
      const li = el("li", { class: i === 0 ? "dj-now" : "", "data-party": String(u.party) }, words.join(" "));
      li.style.borderColor = COLOURS[u.party];
      if (u.bonus) li.dataset.bonus = "yes";
      list.append(li);
    });
    return list;
  }

  // What the board waits for after the last move, in words: the Chiefs walled in by it, to turn over where they
  // stand, and (comeback rule) those it freed, to turn back face up; the move list says which: "Green's Chief walled
  // in on A1", "Green's Chief freed on A1".
  function chores(s) {
    if (s.mode !== "chores" || !s.moves.length) return [];
    const last = s.moves[s.moves.length - 1].move;
    const comeback = Boolean(s.view && s.view.options && s.view.options.comeback);
    const walled = [...last.matchAll(/(\w+)'s Chief walled in on ([A-I][1-9])/g)].map((m) => comeback
      ? `Turn over ${m[1]}'s Chief on ${m[2]}: walled in, it is out of the game until its wall is opened`
      : `Turn over ${m[1]}'s Chief on ${m[2]}: walled in, it is dead`);
    const freed = [...last.matchAll(/(\w+)'s Chief freed on ([A-I][1-9])/g)]
      .map((m) => `Turn ${m[1]}'s Chief on ${m[2]} face up: freed, it is back in the game`);
    return [...walled, ...freed];
  }

  function render(s, element, ctx) {
    const v = s.view || {};
    element.innerHTML = "";
    decorate(s, ctx.squares);
    if (!v.parties) return;
    const box = el("div", { class: "dj-panel" });
    if (s.to_move !== null && s.to_move !== undefined && v.turn_party !== undefined) {
      const who = el("p", { class: "dj-turn" }, name(s.to_move));
      if (v.bonus) who.append(" plays again: the extra turn of the Chief in power");
      else if (v.turn_party !== s.to_move) who.append(" moves ", name(v.turn_party), "'s pieces");
      else who.append(" moves");
      box.append(who);
      box.append(el("h2", {}, "Turns"), upcoming(v));
    }
    const table = el("table", { class: "dj-parties" });
    table.append(el("tr", {}, el("th", {}, "Party"), el("th", {}, "Who plays it"), el("th", {}, "Chief"),
      el("th", {}, "Pieces")));
    v.parties.forEach((row, i) => {
      const tr = el("tr", { "data-party": String(i), "data-how": row.how },
        el("td", {}, name(i)), el("td", {}, status(v, row, i)), el("td", {}, chiefWords(row)),
        el("td", {}, String(row.pieces)));
      if (i === v.turn_party && s.to_move !== null) tr.className = "dj-now";
      table.append(tr);
    });
    box.append(table);
    box.append(el("p", { class: "dj-maze-line" }, "The Maze (E5): ", mazeWords(v)));
    const todo = chores(s);
    if (todo.length) {
      box.append(el("h2", {}, "Before the next turn"));
      const ul = el("ul", { class: "dj-chores" });
      for (const t of todo) ul.append(el("li", {}, t));
      box.append(ul);
    }
    // Only while a piece is lifted mid-move: a board being set up or put right says so in the page's top line.
    if (s.mode === "turn" && s.now && s.now.kind === "lifted") {
      const master = v.options && v.options.master_moves
        ? " An Assassin or Diplomat that acted in the Maze may also leave it onto another lit Chief and act on it." : "";
      box.append(el("p", { class: "dj-hint" },
        "A piece is in the air. Once the acting piece stands on its victim's square, the lit squares show where the "
        + "corpse (or the piece moved) may go; in the Maze, where the actor may leave to." + master));
    }
    if (v.notes && v.notes.length) {
      box.append(el("h2", {}, "Rules in play"));
      const ul = el("ul", { class: "dj-notes" });
      for (const n of v.notes) ul.append(el("li", {}, n));
      box.append(ul);
    }
    element.append(box);
  }

  const style = document.createElement("style");
  style.textContent = `
.dj-panel { background: #fff; border: 1px solid #ddd; border-radius: 6px; padding: .4rem .7rem .6rem; }
.dj-turn { font-weight: 600; margin: .3rem 0; }
.dj-party { white-space: nowrap; }
.dj-swatch { display: inline-block; width: .9em; height: .9em; border-radius: 50%; border: 1px solid #333;
             margin-right: .3em; vertical-align: -0.1em; }
.dj-upcoming { list-style: none; display: flex; flex-wrap: wrap; gap: .3rem; padding: 0; margin: .2rem 0 .6rem; }
.dj-upcoming li { border: 2px solid #888; border-radius: 1rem; padding: .05rem .55rem; font-size: .9rem; }
.dj-upcoming li.dj-now { font-weight: 700; background: #f1f1f1; }
.dj-upcoming li[data-bonus="yes"] { border-style: dashed; }
.dj-parties { border-collapse: collapse; width: 100%; font-size: .9rem; }
.dj-parties th, .dj-parties td { text-align: left; padding: .15rem .3rem; border-bottom: 1px solid #eee; }
.dj-parties tr.dj-now td { background: #f3f8fb; font-weight: 600; }
.dj-parties tr[data-how="out"] td { color: #888; }
.dj-chores li { font-weight: 600; }
.dj-hint { font-size: .85rem; color: #444; }
.dj-notes { font-size: .85rem; color: #333; padding-left: 1.1rem; margin: .2rem 0; }
`;
  document.head.append(style);

  window.AgoraPanels.djambi = { render };
})();
