// The lobby and the table page. No rule of the game lives here: the server sends each
// seat its view, its legal moves (as labelled controls) and the log in words; this
// script shows them and sends back the action a control names.
"use strict";

const $ = (id) => document.getElementById(id);

function el(tag, text, attrs) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = text;
  for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
  return node;
}

async function getJSON(url, options) {
  const response = await fetch(url, options);
  const body = await response.json().catch(() => ({ error: response.statusText }));
  return { ok: response.ok, status: response.status, body };
}

// --- lobby ----------------------------------------------------------------------------

const STRENGTHS = { weak: 100, normal: 400, strong: 1600 };

function chairRow(index, agents) {
  const row = el("div", null, { class: "chair" });
  const kind = el("select", null, { id: `chair-${index}`, "aria-label": `Chair ${index}` });
  kind.append(el("option", "Person", { value: "person" }));
  for (const agent of agents) kind.append(el("option", `Bot: ${agent.name}`, { value: agent.name }));
  kind.value = index === 0 ? "person" : "heuristic";
  const strength = el("select", null, { id: `strength-${index}`, "aria-label": `Strength of chair ${index}` });
  for (const name of Object.keys(STRENGTHS)) strength.append(el("option", name, { value: name }));
  strength.value = "normal";
  const sync = () => { strength.hidden = kind.value !== "ismcts"; };
  kind.addEventListener("change", sync);
  sync();
  row.append(el("label", `Chair ${index}`, { for: `chair-${index}` }), kind, strength);
  return row;
}

function chairSpec(index) {
  const kind = $(`chair-${index}`).value;
  if (kind !== "ismcts") return kind;
  return `ismcts:iterations=${STRENGTHS[$(`strength-${index}`).value]}`;
}

function showProblems(problems) {
  const box = $("problems");
  box.replaceChildren();
  if (!problems.length) { box.hidden = true; return; }
  box.hidden = false;
  const list = el("ul");
  for (const problem of problems) list.append(el("li", problem.text || problem));
  box.append(el("h2", "Problems"), list);
}

async function checkPasted() {
  const text = $("variant-text").value;
  if (!text.trim()) { showProblems([]); return; }
  const { ok, body } = await getJSON("/api/validate", {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ variant: text }),
  });
  showProblems(ok ? body.problems : body.problems || [body.error]);
}

async function lobby() {
  const { body: catalog } = await getJSON("/api/catalog");
  const variant = $("variant");
  variant.replaceChildren();
  for (const v of catalog.variants) variant.append(el("option", `${v.title} (${v.id})`, { value: v.id }));
  variant.value = catalog.variants.some((v) => v.id === "hig-1992-en") ? "hig-1992-en" : catalog.variants[0].id;
  const modules = $("modules");
  for (const module of catalog.modules) {
    const box = el("input", null, { type: "checkbox", id: `module-${module}`, value: module });
    const label = el("label", null, { for: box.id });
    label.append(box, ` ${module}`);
    modules.append(label);
  }
  const drawChairs = () => {
    const n = Math.max(2, Math.min(6, Number($("players").value) || 4));
    const chairs = $("chairs");
    chairs.replaceChildren();
    for (let i = 0; i < n; i++) chairs.append(chairRow(i, catalog.agents));
  };
  $("players").addEventListener("change", drawChairs);
  drawChairs();
  let timer = null;
  $("variant-text").addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(checkPasted, 300);
  });
  $("variant-file").addEventListener("change", async () => {
    const file = $("variant-file").files[0];
    if (!file) return;
    if (file.size > catalog.limits.upload) {
      showProblems([`${file.name} is larger than ${catalog.limits.upload} bytes, the limit`]);
      return;
    }
    $("variant-text").value = await file.text();
    checkPasted();
  });
  $("new-table").addEventListener("submit", async (event) => {
    event.preventDefault();
    const n = Number($("players").value);
    const request = {
      variant: $("variant-text").value.trim() ? $("variant-text").value : $("variant").value,
      modules: [...document.querySelectorAll("#modules input:checked")].map((b) => b.value),
      players: n,
      seats: [...Array(n).keys()].map(chairSpec),
      language: $("language").value,
      pause: Number($("pause").value),
    };
    if ($("seed").value !== "") request.seed = Number($("seed").value);
    else request.seed = Math.floor(Math.random() * 1e9);
    const { ok, body } = await getJSON("/api/tables", {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify(request),
    });
    if (!ok) { showProblems(body.located || body.problems || [body.error]); return; }
    showProblems([]);
    const links = $("links");
    links.replaceChildren(el("h2", "Links"));
    const list = el("ul");
    const origin = window.location.origin;
    for (const seat of body.seats) {
      const item = el("li", `${seat.name}: `);
      item.append(el("a", origin + seat.url, { href: seat.url }));
      list.append(item);
    }
    const watch = el("li", "Spectators: ");
    watch.append(el("a", origin + body.spectate, { href: body.spectate }));
    list.append(watch);
    links.append(list, el("p", "Each link is private to its chair: send it to that player only."));
    links.hidden = false;
    links.querySelector("a").focus();
  });
  document.body.dataset.ready = "1"; // every control is wired (tests wait on it)
}

// --- table ----------------------------------------------------------------------------

const table = { words: {}, socket: null, wait: 500, state: null, mine: false, pending: null };

// While an action is on its way, the controls wait: a second click cannot send a stale move.
function setPending(acted) {
  table.pending = acted;
  if (acted === null) delete document.body.dataset.pending;
  else document.body.dataset.pending = "1";
  for (const control of document.querySelectorAll("#moves button, #hand button, #amount")) {
    control.disabled = acted !== null;
  }
}

function send(action) {
  if (table.pending !== null || !table.socket || table.socket.readyState !== WebSocket.OPEN) return;
  $("problem").textContent = "";
  setPending(table.state.acted);
  table.socket.send(JSON.stringify({ action }));
}

function button(label, action) {
  const node = el("button", label, { type: "button" });
  node.addEventListener("click", () => send(action));
  return node;
}

function amountAction(verb) {
  const value = $("amount").value.trim();
  if (!/^[0-9]+$/.test(value)) {
    $("problem").textContent = `${table.words.amount}: ${$("range").textContent}`;
    return;
  }
  send(`${verb} ${value}`);
}

function renderMoves(state) {
  const controls = state.controls;
  const hand = state.hand;
  const moves = $("moves");
  const buttons = $("buttons");
  buttons.replaceChildren();
  const cardActions = new Map();
  for (const b of controls.buttons) {
    const card = b.action.split(" ")[1];
    if (hand && card && (b.action.startsWith("play ") || b.action.startsWith("add "))) {
      cardActions.set(card, b);
    } else {
      buttons.append(button(b.label, b.action));
    }
  }
  // The hand: each card, a button where the card may be played now.
  const handBox = $("hand");
  const cards = $("hand-cards");
  cards.replaceChildren();
  handBox.hidden = hand === null;
  for (const card of hand || []) {
    const item = el("li");
    const b = cardActions.get(card.card);
    if (b) { item.append(button(b.label, b.action)); cardActions.delete(card.card); }
    else item.textContent = card.label;
    cards.append(item);
  }
  for (const b of cardActions.values()) buttons.append(button(b.label, b.action));
  // Amounts: a bid (with "Up to" and "Out of this lot" where the engine offers limits), a price.
  const range = controls.bid || controls.price || controls.limit;
  $("amount-box").hidden = !range;
  $("bid").hidden = !controls.bid;
  $("price").hidden = !controls.price;
  $("up-to").hidden = !controls.limit;
  $("out").hidden = !controls.limit;
  if (range) {
    const input = $("amount");
    input.min = range.min; input.max = range.max; input.step = range.step;
    if (!table.mine || input.value === "" || Number(input.value) < range.min) input.value = range.min;
    $("range").textContent = range.text;
  }
  const mine = controls.buttons.length > 0 || Boolean(range);
  moves.hidden = !mine;
  // A new turn puts the keyboard on its first control (and so does a focus the last
  // update took away), never while the reader is elsewhere on the page.
  const lost = document.activeElement === document.body || document.activeElement === null;
  const inside = moves.contains(document.activeElement) || handBox.contains(document.activeElement);
  if (mine && !inside && (!table.mine || lost)) {
    const first = range ? $("amount") : (handBox.querySelector("button") || buttons.querySelector("button"));
    if (first) first.focus();
  }
  table.mine = mine;
}

function renderPlayers(state) {
  const body = $("players-body");
  body.replaceChildren();
  for (const p of state.players) {
    const row = el("tr", null, p.to_act ? { class: "to-act" } : {});
    row.append(el("th", p.you ? `${p.name} (${table.words.you})` : p.name, { scope: "row" }));
    row.append(el("td", p.cash === null ? table.words.hidden : p.cash));
    row.append(el("td", String(p.cards)), el("td", String(p.paintings)), el("td", p.owned.join(", ")));
    body.append(row);
  }
}

function renderBoard(state) {
  const head = el("tr");
  head.append(el("th", table.words.artist, { scope: "col" }));
  state.board.rows.forEach((_, r) => head.append(el("th", table.words.round.replace("{n}", r + 1), { scope: "col" })));
  head.append(el("th", "#", { scope: "col" }));
  $("board-head").replaceChildren(head);
  const body = $("board-body");
  body.replaceChildren();
  state.board.artists.forEach((artist, a) => {
    const row = el("tr");
    row.append(el("th", artist, { scope: "row" }));
    for (const values of state.board.rows) row.append(el("td", values[a]));
    row.append(el("td", String(state.board.counts[a])));
    body.append(row);
  });
  $("board-table").textContent = state.board.table.join(", ");
}

function renderLot(state) {
  const box = $("lot-body");
  box.replaceChildren();
  const lot = state.lot;
  if (!lot) { box.append(el("p", table.words.no_lot)); return; }
  box.append(el("p", `${lot.cards.join(" + ")} · ${lot.auction}`, { class: "lot-cards" }));
  box.append(el("p", lot.rule, { class: "rule" }));
  box.append(el("p", lot.auctioneer));
  for (const key of ["high", "price", "own_sealed_bid"]) if (lot[key]) box.append(el("p", lot[key]));
  for (const limit of lot.limits || []) box.append(el("p", limit));
}

function renderLog(state) {
  const list = $("log-lines");
  if (state.log.from === 0) list.replaceChildren();
  for (const line of state.log.lines) list.append(el("li", line));
  const box = $("log");
  box.scrollTop = box.scrollHeight;
}

function render(state) {
  table.state = state;
  document.body.dataset.version = state.version; // the position shown (tests wait on it)
  renderPlayers(state);
  renderBoard(state);
  renderLot(state);
  renderLog(state);
  renderMoves(state);
  const over = state.phase === "over";
  $("result").hidden = !over;
  if (over && state.result) {
    $("result-lines").replaceChildren(...state.result.map((line) => el("li", line)));
  }
  let status = "";
  if (over) status = table.words.over;
  else if (state.seat === null) status = table.words.spectator + " " + table.words.waiting.replace("{who}", state.waiting.join(", "));
  else if (!table.mine) status = table.words.waiting.replace("{who}", state.waiting.join(", "));
  $("status").textContent = status;
}

function connect(id) {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${window.location.host}/ws/tables/${id}${window.location.search}`);
  table.socket = socket;
  socket.addEventListener("open", () => { table.wait = 500; });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "state") {
      if (table.pending !== null && message.acted > table.pending) table.pending = null;
      render(message);
      setPending(table.pending);
    } else if (message.type === "error") {
      $("problem").textContent = message.message;
      setPending(null);
    }
  });
  socket.addEventListener("close", (event) => {
    setPending(null);
    if (event.code >= 4400 && event.code < 4500) return; // refused: unknown table or token
    $("status").textContent = table.words.connection;
    setTimeout(() => connect(id), table.wait);
    table.wait = Math.min(table.wait * 2, 8000);
  });
}

async function tablePage() {
  const id = window.location.pathname.split("/").pop();
  const { ok, body } = await getJSON(`/api/tables/${id}`);
  if (!ok) { $("problem").textContent = body.error; return; }
  table.words = body.words;
  document.documentElement.lang = body.language;
  document.title = body.title;
  $("title").textContent = body.title;
  for (const node of document.querySelectorAll("[data-word]")) node.textContent = body.words[node.dataset.word];
  const regions = { moves: "moves", hand: "hand", lot: "lot", players: "players", board: "board", result: "result", log: "log" };
  for (const [nodeId, word] of Object.entries(regions)) $(nodeId).setAttribute("aria-label", body.words[word]);
  const labels = { bid: "bid", price: "price", "up-to": "up_to", out: "out", "amount-label": "amount", rulebook: "rulebook" };
  for (const [nodeId, word] of Object.entries(labels)) $(nodeId).textContent = body.words[word];
  $("rulebook").href = `/api/tables/${id}/rulebook`;
  $("record").href = `/api/tables/${id}/record?download=1`;
  $("bid").addEventListener("click", () => amountAction("bid"));
  $("price").addEventListener("click", () => amountAction("price"));
  $("up-to").addEventListener("click", () => amountAction("limit"));
  $("out").addEventListener("click", () => send("limit 0"));
  $("amount").addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    amountAction(table.state && table.state.controls.price ? "price" : "bid");
  });
  connect(id);
}

document.addEventListener("DOMContentLoaded", () => {
  if (document.body.classList.contains("lobby")) lobby();
  else if (document.body.classList.contains("table")) tablePage();
});
