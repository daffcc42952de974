"use strict";
// The Polis panel: where each chariot must go, which chariots are stunned, and while the board waits for the hops
// and captures of the last step, what is left to do in words (the LEDs show the same in colour, and words help
// whoever cannot tell them apart). All of it comes from the page's state: the move list's annotated form
// ("b4-c4 (hops d4>b4; captures b4)", docs/rules/polis.md), the board's occupancy and the game's view.
(() => {
  const SEATS = ["Blue", "Red"];
  const GOAL = [1, 8];
  const MOVE = /^([a-h][1-8])-([a-h][1-8])(?: \((.*)\))?$/;

  // What the annotation says the step did: the step itself, hops as [from, to], captured squares.
  function parse(text) {
    const m = MOVE.exec(text || "");
    if (!m) return null;
    const out = { src: m[1], dst: m[2], hops: [], captures: [] };
    for (const section of (m[3] || "").split("; ")) {
      const [word, ...rest] = section.split(" ");
      const items = rest.join(" ").split(", ").filter(Boolean);
      if (word === "hops") out.hops = items.map((h) => h.split(">"));
      else if (word === "captures") out.captures = items;
    }
    return out;
  }

  function pieceWords(code) {
    if (!code) return "the piece";
    return `the ${SEATS[code[0] === "B" ? 0 : 1].toLowerCase()} ${code[1] === "C" ? "chariot" : "dog"}`;
  }

  // The last step's chores as a checklist; null when what the board waits for is something else (an undo, a game
  // resumed with pieces out of place), since the annotation would not describe it.
  function chores(s) {
    if (s.mode !== "chores" || !s.moves.length) return null;
    const turn = parse(s.moves[s.moves.length - 1].move);
    if (!turn) return null;
    const board = new Set(s.occupancy);
    const after = s.view.pieces || {};
    const captured = new Set(turn.captures);
    const landed = new Set(turn.hops.map(([, to]) => to));
    const items = [];
    const mover = after[turn.dst];
    items.push({
      text: `step ${pieceWords(mover)} from ${turn.src} to ${turn.dst}`,
      squares: [turn.src, turn.dst],
      done: board.has(turn.dst) && (!board.has(turn.src) || landed.has(turn.src)),
    });
    for (const [from, to] of turn.hops) {
      if (captured.has(to)) {
        items.push({ text: `take the dog off ${from} (it hops to ${to} and is captured there)`,
          squares: [from], done: !board.has(from) });
      } else {
        items.push({ text: `carry ${pieceWords(after[to])} from ${from} to ${to}`, squares: [from, to],
          done: board.has(to) && !board.has(from) });
      }
    }
    for (const sq of turn.captures) {
      if (!landed.has(sq)) items.push({ text: `take the dog off ${sq} (captured)`, squares: [sq], done: !board.has(sq) });
    }
    // Every square the board still waits for must be one of these, or this is not what the board asks for.
    const named = new Set(items.flatMap((i) => i.squares));
    const expected = new Set(s.expected);
    const differ = [...new Set([...s.occupancy, ...s.expected])].filter((sq) => board.has(sq) !== expected.has(sq));
    return differ.every((sq) => named.has(sq)) ? items : null;
  }

  function line(tag, text, cls) {
    const el = document.createElement(tag);
    el.textContent = text;
    if (cls) el.className = cls;
    return el;
  }

  function render(s, el) {
    const view = s.view || {};
    const pieces = view.pieces || {};
    el.innerHTML = "";
    const box = document.createElement("div");
    box.className = "polis-panel";
    box.append(line("p", `Blue's chariot wins on rank ${GOAL[0]}, Red's on rank ${GOAL[1]}.`));
    (view.stunned || []).forEach((stunned, seat) => {
      if (!stunned) return;
      const where = Object.keys(pieces).find((sq) => pieces[sq] === `${SEATS[seat][0]}C`);
      box.append(line("p", `${SEATS[seat]}'s chariot on ${where} is stunned: it cannot move, hop or capture ` +
        "while enemy pieces flank it.", "polis-stunned"));
    });
    const todo = chores(s);
    if (todo) {
      box.append(line("h2", "Before the next turn"));
      const list = document.createElement("ul");
      list.className = "polis-chores";
      list.style.listStyle = "none"; // each line carries its own mark: done or still to do
      list.style.paddingLeft = "0.3rem";
      for (const item of todo) {
        const li = line("li", `${item.done ? "✓" : "•"} ${item.text}`);
        li.dataset.done = item.done ? "yes" : "no";
        list.append(li);
      }
      box.append(list);
    }
    el.append(box);
  }

  window.AgoraPanels.polis = { render };
})();
