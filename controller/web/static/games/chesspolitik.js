"use strict";
// Chesspolitik's page panel (the contract is at the top of app.js).
// On a power's own page (reached through its token): its units, an order composer (click a unit on the board
// drawing, then a square; or type an order), the draft, handing it in, and what it handed in. On the main page:
// who has handed in (never what), the host's timer, the last phase's orders with their results, centre counts.
// Secrets stay on the server: this page shows only what /api/state gives its own token, so nothing here can leak
// one power's orders to another; the server checks every order when the draft is handed in.
import {
  KIND, RESULT, el, colourOf, powerName, reach, unitsBySquare, orderKey, moveOf, participants, centreCounts,
  unitCounts, adjustment, buildSites, ui,
} from "./chesspolitik-common.js";
import { paintBoard, drawLast, drawDraft } from "./chesspolitik-board.js";

(() => {
  const timer = { deadline: null, handle: null };

  // ---- the host's timer ----------------------------------------------------------------------------------
  // `orders_left` (seconds, when the host set a timer) comes with each snapshot; between snapshots the page
  // counts down on its own clock.
  function setTimer(s) {
    const left = typeof s.orders_left === "number" ? s.orders_left : null;
    timer.deadline = left === null || s.to_move !== "simultaneous" ? null : Date.now() + left * 1000;
    if (timer.deadline !== null && timer.handle === null) timer.handle = setInterval(tickTimer, 500);
    if (timer.deadline === null && timer.handle !== null) { clearInterval(timer.handle); timer.handle = null; }
    tickTimer();
  }

  function tickTimer() {
    for (const e of document.querySelectorAll(".cpk-timer")) {
      if (timer.deadline === null) { e.hidden = true; continue; }
      const secs = Math.max(0, Math.round((timer.deadline - Date.now()) / 1000));
      e.hidden = false;
      e.textContent = `Orders close in ${Math.floor(secs / 60)}:${String(secs % 60).padStart(2, "0")}`;
    }
  }

  // ---- the main page -------------------------------------------------------------------------------------
  function statusList(s, ctx) {
    const taking = participants(s);
    const centres = centreCounts(s), units = unitCounts(s);
    const table = el("table", { class: "cpk-powers" },
      el("thead", {}, el("tr", {}, el("th", {}, "Power"), el("th", {}, "Orders"), el("th", {}, "Centres"),
        el("th", {}, "Units"))));
    const body = el("tbody");
    s.view.powers.forEach((name, seat) => {
      let status = "none", words = "no orders this phase";
      if (taking.has(seat)) {
        const handed = String(seat) in s.view.pending;
        status = handed ? "submitted" : "waiting";
        words = handed ? "submitted" : "writing…";
      }
      const swatch = el("span", { class: "cpk-swatch" });
      swatch.style.background = colourOf(ctx.data, seat);
      body.append(el("tr", { "data-power": String(seat), "data-status": status },
        el("td", {}, swatch, ` ${name}`), el("td", { class: "cpk-status" }, words),
        el("td", {}, String(centres[seat])), el("td", {}, String(units[seat]))));
    });
    table.append(body);
    return table;
  }

  function lastPhase(s, ctx) {
    const last = s.view.last;
    const box = el("section", { class: "cpk-last" });
    if (!last) return box;
    box.append(el("h3", {}, `${last.phase}: the orders and what came of them`));
    const list = el("ul");
    for (const r of last.orders) {
      let text = `${powerName(s, r.power)}: ${r.order} — ${RESULT[r.result] || r.result}`;
      if (r.civil_disorder) text += " (no order given)";
      if (r.dislodged_by) text += `; dislodged from ${r.dislodged_by}, removed`;
      const li = el("li", { "data-order": r.order, "data-result": r.result, "data-power": String(r.power) }, text);
      li.style.borderLeftColor = colourOf(ctx.data, r.power);
      if (r.dislodged_by) li.dataset.dislodged = r.dislodged_by;
      list.append(li);
    }
    for (const c of last.centres) {
      const from = c.from === null ? "neutral" : powerName(s, c.from);
      list.append(el("li", { class: "cpk-centre" }, `The centre ${c.square} passes from ${from} to ` +
        `${powerName(s, c.to)}.`));
    }
    if (last.draw_votes.length) {
      list.append(el("li", {}, "Voted for a draw: " + last.draw_votes.map((k) => powerName(s, k)).join(", ")));
    }
    box.append(list);
    return box;
  }

  // While the board waits for the adjudicated orders to be carried out, say in words what the LEDs show.
  function chores(s) {
    if (s.mode !== "chores" || !s.view.last) return null;
    const steps = [];
    for (const r of s.view.last.orders) {
      const mv = moveOf(r.order);
      if (mv && r.result === "moved") steps.push(`move ${r.order.split(" ")[0]} ${mv[0]} to ${mv[1]}`);
      const build = r.order.match(/^build\s+([kn])\s+([a-i][1-9])$/i);
      if (build && r.result === "built") steps.push(`put a ${KIND[build[1].toUpperCase()]} on ${build[2]}`);
      if (r.result === "disbanded" || r.dislodged_by) {
        steps.push(`take ${r.order.match(/\b([a-i][1-9])\b/i)[1]} off the board`);
      }
    }
    return el("p", { class: "cpk-chores" },
      "Carry out the orders on the board as the lights show (orange: carry a unit from one square to the other; " +
      "blinking red: take it off): " + (steps.join("; ") || "nothing to do") + ".");
  }

  function renderMain(s, root, ctx) {
    root.append(el("h2", {}, `${s.view.phase}`), el("p", { class: "cpk-timer", hidden: true }),
      statusList(s, ctx));
    const note = chores(s);
    if (note) root.append(note);
    root.append(lastPhase(s, ctx));
    const solo = (ctx.data && ctx.data.solo) || "";
    root.append(el("p", { class: "cpk-note" },
      `${solo ? `${solo} supply centres win. ` : ""}Each power writes its orders on its own phone: scan its QR ` +
      "code under “New game and seats” below. This page shows who has handed in, never what, until every " +
      "order is in (or the host's timer runs out)."));
    drawLast(paintBoard(s, ctx), s, ctx);
  }

  // ---- a power's page --------------------------------------------------------------------------------------
  function ensureDraft(s) {
    const key = `${s.seat}:${s.view.phase}:${s.game_id}`;
    if (ui.key === key) return;
    ui.key = key;
    const mine = s.view.pending[String(s.seat)];
    ui.draft = Array.isArray(mine) ? mine.slice() : [];
    clearSelection();
  }

  function clearSelection() { ui.selected = ui.supporter = ui.supported = ui.site = null; }

  function addOrder(text) {
    const key = orderKey(text);
    if (key !== null) ui.draft = ui.draft.filter((o) => orderKey(o) !== key);
    ui.draft.push(text);
    clearSelection();
  }

  function composer(s, ctx, redraw) {
    const box = el("div", { class: "cpk-composer" });
    const units = unitsBySquare(s);
    const winter = s.view.season === "winter";
    const button = (label, fn) => el("button", { type: "button", onclick: () => { fn(); redraw(); } }, label);
    let hint;
    if (winter) {
      const n = adjustment(s);
      hint = n > 0 ? `You may build ${Math.min(n, buildSites(s, ctx).length)}: click a lit home centre, then ` +
        "choose King or Knight." : `You must disband ${-n}: click the units to disband.`;
      if (ui.site) {
        box.append(button("Build King", () => addOrder(`Build K ${ui.site}`)),
          button("Build Knight", () => addOrder(`Build N ${ui.site}`)));
      }
      if (n > 0) box.append(button("Waive a build", () => addOrder("Waive")));
    } else if (ui.supporter) {
      const u = units[ui.supporter];
      hint = ui.supported
        ? `${KIND[u.kind]} ${ui.supporter} supports the unit on ${ui.supported}: click where it moves, or click it ` +
          "again to support it holding."
        : `${KIND[u.kind]} ${ui.supporter} supports…: click the unit it supports.`;
      box.append(button("Cancel", clearSelection));
    } else if (ui.selected) {
      const u = units[ui.selected];
      hint = `${KIND[u.kind]} ${ui.selected}: click a square it reaches to move there (or the square another of ` +
        "your units is ordered into, to support that move).";
      box.append(button("Hold", () => addOrder(`${u.kind} ${ui.selected} H`)),
        button("Support…", () => { ui.supporter = ui.selected; ui.selected = null; }),
        button("Cancel", clearSelection));
    } else {
      hint = "Click one of your units on the board, then where it goes.";
    }
    if (!winter && s.view.options.draw_votes) {
      const voting = ui.draft.some((o) => orderKey(o) === "draw");
      box.append(button(voting ? "Withdraw the draw vote" : "Vote for a draw", () => {
        if (voting) ui.draft = ui.draft.filter((o) => orderKey(o) !== "draw"); else addOrder("Draw");
      }));
    }
    box.prepend(el("p", { class: "cpk-hint" }, hint));
    return box;
  }

  function draftList(s, ctx, redraw) {
    const list = el("ol", { class: "cpk-draft" });
    ui.draft.forEach((text, i) => {
      list.append(el("li", { "data-order": text }, text, " ",
        el("button", { type: "button", class: "cpk-remove", title: `Remove ${text}`, "aria-label": `Remove ${text}`,
          onclick: () => { ui.draft.splice(i, 1); redraw(); } }, "×")));
    });
    if (!ui.draft.length) list.append(el("li", { class: "cpk-empty" }, "No orders yet: every unit would hold."));
    return list;
  }

  function submitted(s) {
    const mine = s.view.pending[String(s.seat)];
    if (!Array.isArray(mine)) return el("p", { class: "cpk-submitted", "data-submitted": "no" }, "Not handed in yet.");
    const same = mine.length === ui.draft.length && mine.every((o, i) => o === ui.draft[i]);
    return el("p", { class: "cpk-submitted", "data-submitted": "yes" },
      `Handed in: ${mine.join("; ") || "no orders (every unit holds)"}.`,
      same ? "" : " Your draft differs: hand it in again to replace it (until the last power hands in).");
  }

  // The seat page's parts are built once: the order being typed keeps its text and focus while states arrive.
  function seatParts(root, ctx) {
    if (ui.parts && ui.parts.root === root) return ui.parts;
    root.innerHTML = "";
    const input = el("input", { type: "text", placeholder: "e.g. K a4 - b4", autocomplete: "off" });
    input.setAttribute("list", "legal-moves");
    input.setAttribute("aria-label", "Type an order");
    const form = el("form", { class: "cpk-type" }, input, el("button", { type: "submit" }, "Add"));
    const hand = el("button", { type: "button", class: "cpk-submit" });
    const parts = { root, input, hand, head: el("h2"), timer: el("p", { class: "cpk-timer", hidden: true }),
      units: el("p", { class: "cpk-units" }), note: el("p"), composer: el("div"), draft: el("div"),
      submitted: el("div"), last: el("div") };
    parts.work = el("div", { class: "cpk-work" }, parts.composer, parts.draft, form, hand, parts.submitted);
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const text = input.value.trim().replace(/\s+/g, " ");
      if (!text) return;
      addOrder(text);
      input.value = "";
      redrawSeat();
    });
    hand.addEventListener("click", async () => {
      try {
        await ctx.api("/api/orders", { token: ctx.token, orders: ui.draft });
        ctx.message("");
      } catch (err) { /* the page shows the server's reason */ }
    });
    root.append(parts.head, parts.timer, parts.units, parts.note, parts.work, parts.last);
    ui.parts = parts;
    return parts;
  }

  function redrawSeat() { if (ui.state) renderSeat(ui.state, ui.root, ui.ctx); }

  function renderSeat(s, root, ctx) {
    const p = seatParts(root, ctx);
    ensureDraft(s);
    const me = powerName(s, s.seat);
    const mine = s.view.units.filter((u) => u.power === s.seat).map((u) => `${KIND[u.kind]} ${u.square}`);
    const owned = Object.values(s.view.centres).filter((k) => k === s.seat).length;
    p.head.textContent = `${me}: ${s.view.phase}`;
    p.units.textContent = `Your units: ${mine.join(", ") || "none"}. Supply centres: ${owned}.`;
    const taking = s.to_move === "simultaneous" && participants(s).has(s.seat);
    p.note.textContent = s.to_move !== "simultaneous" ? "The game is over."
      : taking ? "" : `${me} gives no orders this phase.`;
    p.note.hidden = taking;
    p.work.hidden = !taking;
    if (taking) {
      p.composer.replaceChildren(composer(s, ctx, redrawSeat));
      p.draft.replaceChildren(draftList(s, ctx, redrawSeat));
      const n = ui.draft.length;
      p.hand.textContent = n ? `Hand in ${n === 1 ? "this order" : `these ${n} orders`}` : "Hand in: every unit holds";
      p.submitted.replaceChildren(submitted(s));
    }
    p.last.replaceChildren(lastPhase(s, ctx));
    drawDraft(paintBoard(s, ctx), s, ctx);
    tickTimer();
  }

  // A click on the board drawing of a seat's page composes orders (and never lifts a simulated piece).
  function click(square, s, ctx) {
    if (s.to_move !== "simultaneous" || !participants(s).has(s.seat)) return;
    ensureDraft(s);
    const units = unitsBySquare(s);
    const unit = units[square];
    const size = s.game.files;
    if (s.view.season === "winter") {
      if (unit && unit.power === s.seat && adjustment(s) < 0) addOrder(`Disband ${unit.kind} ${square}`);
      else if (buildSites(s, ctx).includes(square)) ui.site = ui.site === square ? null : square;
      else ctx.message(adjustment(s) > 0 ? `You can build only on your vacant home centres: ` +
        `${buildSites(s, ctx).join(", ") || "none is free"}.` : "Click one of your units to disband it.");
      return;
    }
    if (ui.supporter) {
      const sup = units[ui.supporter];
      const into = reach(sup.kind, ui.supporter, size);
      if (!ui.supported) {
        if (!unit || square === ui.supporter) { ctx.message("Click the unit to support."); return; }
        ui.supported = square;
        return;
      }
      const other = units[ui.supported];
      if (square === ui.supported) {
        if (!into.includes(square)) { ctx.message(`${KIND[sup.kind]} ${ui.supporter} does not reach ${square}.`); return; }
        addOrder(`${sup.kind} ${ui.supporter} S ${other.kind} ${ui.supported}`);
      } else if (into.includes(square) && reach(other.kind, ui.supported, size).includes(square)) {
        addOrder(`${sup.kind} ${ui.supporter} S ${other.kind} ${ui.supported} - ${square}`);
      } else {
        ctx.message(`${KIND[sup.kind]} ${ui.supporter} cannot support a move from ${ui.supported} into ${square}.`);
      }
      return;
    }
    if (!ui.selected) {
      if (unit && unit.power === s.seat) ui.selected = square;
      else ctx.message("Click one of your own units first.");
      return;
    }
    if (square === ui.selected) { ui.selected = null; return; }
    const sel = units[ui.selected];
    const into = reach(sel.kind, ui.selected, size);
    const leaving = unit && unit.power === s.seat && ui.draft.some((o) => (moveOf(o) || [])[0] === square);
    if (unit && unit.power === s.seat && !leaving) { ui.selected = square; return; }
    if (!into.includes(square)) {
      ctx.message(`${KIND[sel.kind]} ${ui.selected} reaches only ${into.join(", ")}.`);
      return;
    }
    // A square another of this power's units is drafted into: support that move ("a second unit, then a target").
    const mover = ui.draft.map(moveOf).find((m) => m && m[1] === square && m[0] !== ui.selected);
    if (mover) addOrder(`${sel.kind} ${ui.selected} S ${units[mover[0]].kind} ${mover[0]} - ${square}`);
    else addOrder(`${sel.kind} ${ui.selected} - ${square}`);
  }

  window.AgoraPanels = window.AgoraPanels || {};
  window.AgoraPanels.chesspolitik = {
    render(s, element, ctx) {
      const kind = s.seat === null ? "main" : "seat";
      if (!ui.root || ui.root.parentNode !== element || ui.root.dataset.page !== kind) {
        element.innerHTML = "";
        ui.root = el("div", { class: "cpk", "data-panel": "chesspolitik", "data-page": kind });
        ui.parts = null;
        element.append(ui.root);
      }
      ui.state = s;
      ui.ctx = ctx;
      if (kind === "main") {
        ui.root.innerHTML = "";
        renderMain(s, ui.root, ctx);
      } else {
        renderSeat(s, ui.root, ctx);
      }
      setTimer(s);
    },
    onSquare(square, s, ctx) {
      if (s.seat === null) return false; // the main page: the simulated board takes the click
      ctx.message("");
      click(square, s, ctx);
      ui.state = s;
      ui.ctx = ctx;
      if (ui.root) renderSeat(s, ui.root, ctx);
      return true;
    },
  };

  const style = document.createElement("style");
  style.textContent = `
.cpk h2 { margin-top: 0; }
.cpk-powers { border-collapse: collapse; width: 100%; background: #fff; }
.cpk-powers th, .cpk-powers td { border-bottom: 1px solid #ddd; padding: .25rem .4rem; text-align: left; }
.cpk-powers tr[data-status="submitted"] .cpk-status { color: #006b4f; font-weight: 600; }
.cpk-swatch { display: inline-block; width: .8rem; height: .8rem; border: 1px solid #333; border-radius: 2px; }
.cpk-last ul { list-style: none; padding: 0; margin: 0; }
.cpk-last li { border-left: 4px solid #888; padding: .15rem .5rem; margin: .15rem 0; background: #fff;
  font-family: ui-monospace, monospace; font-size: .9rem; }
.cpk-last li[data-result="bounced"], .cpk-last li[data-dislodged] { text-decoration: underline dotted; }
.cpk-composer { display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; }
.cpk-hint { flex-basis: 100%; margin: .2rem 0; }
.cpk-draft { background: #fff; border: 1px solid #ddd; padding: .3rem .3rem .3rem 2rem; }
.cpk-draft li { font-family: ui-monospace, monospace; }
.cpk-remove { padding: 0 .4rem; margin-left: .3rem; }
.cpk-type { display: flex; gap: .4rem; margin: .5rem 0; }
.cpk-type input { flex: 1; min-width: 0; font: inherit; padding: .4rem; }
.cpk-submit { width: 100%; font-weight: 700; margin: .3rem 0; }
.cpk-timer { font-weight: 700; color: #d55e00; }
.cpk-chores { background: #fff4e5; border-left: 4px solid #e69f00; padding: .4rem .6rem; }
`;
  document.head.append(style);
})();
