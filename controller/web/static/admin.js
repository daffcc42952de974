"use strict";
// The page's admin box (not on a seat's page): the admin PIN, a new game, the seats' links and QR codes, abandoning
// the game. It runs after app.js and uses its helpers ($, api, fetchReady, pin, confirmFirst, showMessage) and its
// `state`.

async function setupAdmin() {
  $("pin").value = pin();
  $("pin").addEventListener("change", (e) => { localStorage.setItem("agora-pin", e.target.value); loadSeats(); });
  const games = await (await fetchReady("/api/games")).json();
  const sel = $("new-game"), seats = $("new-seats");
  for (const g of games) { const o = document.createElement("option"); o.value = g.name; o.textContent = g.title; sel.append(o); }
  const fillSeats = () => {
    const g = games.find((x) => x.name === sel.value);
    seats.innerHTML = "";
    for (const n of g.seats) { const o = document.createElement("option"); o.value = n; o.textContent = n; if (n === g.default_seats) o.selected = true; seats.append(o); }
  };
  sel.addEventListener("change", fillSeats);
  fillSeats();
  $("new-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    if (state && state.moves.length && !state.outcome && !(await confirmFirst("Start a new game?",
      `The ${state.game.title} game being played (${state.moves.length} moves) stops here and cannot be ` +
      "continued on this board; its moves stay in the history.", "Yes, start a new game"))) return;
    try { await api("/api/new", { game: sel.value, seats: parseInt(seats.value, 10) }); showMessage(""); loadSeats(); } catch (err) { /* shown */ }
  });
  $("admin").addEventListener("toggle", loadSeats);
  $("abandon").addEventListener("click", async () => {
    if (!state || state.outcome) return;
    if (!(await confirmFirst("Abandon this game?", `The ${state.game.title} game being played ` +
      `(${state.moves.length} moves) ends unfinished; nobody wins and it cannot be continued.`,
      "Yes, abandon it"))) return;
    api("/api/abandon", {}).catch(() => {});
  });
}

async function loadSeats() {
  if (!$("admin").open) return;
  const box = $("seat-links");
  box.innerHTML = "";
  try {
    const res = await fetchReady("/api/seats", { headers: pin() ? { "X-Agora-Pin": pin() } : {} });
    if (!res.ok) { box.textContent = "Enter the admin PIN to see the seats' QR codes."; return; }
    for (const s of await res.json()) {
      const fig = document.createElement("figure");
      const img = document.createElement("img");
      img.alt = `QR code for ${s.name}`;
      img.src = `/api/seats/${s.seat}/qr.svg` + (pin() ? `?pin=${encodeURIComponent(pin())}` : "");
      const cap = document.createElement("figcaption");
      const a = document.createElement("a");
      a.href = s.url; a.textContent = s.name;
      cap.append(a);
      fig.append(img, cap);
      box.append(fig);
    }
  } catch (e) { box.textContent = "Could not load the seats."; }
}

if (token) $("admin").hidden = true; else setupAdmin();
