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

// A search bot's strength: by name where the server offers strengths (the catalog's
// "strengths"), else as a budget of determinizations.
const STRENGTHS = { weak: 100, normal: 400, strong: 1600 };
let strengths = null;

function chairRow(index, agents) {
  const row = el("div", null, { class: "chair" });
  const name = `Player ${index + 1}`; // seats are read from 1, as players count round a table
  const kind = el("select", null, { id: `chair-${index}`, "aria-label": name });
  kind.append(el("option", "Person", { value: "person" }));
  for (const agent of agents) kind.append(el("option", `Bot: ${agent.name}`, { value: agent.name }));
  kind.value = index === 0 ? "person" : "heuristic";
  const strength = el("select", null, { id: `strength-${index}`, "aria-label": `Strength of ${name}` });
  const names = strengths ? strengths.names : Object.keys(STRENGTHS);
  for (const name of names) strength.append(el("option", name, { value: name }));
  strength.value = strengths ? strengths.initial : "normal";
  const sync = () => { strength.hidden = kind.value !== "ismcts"; };
  kind.addEventListener("change", sync);
  sync();
  row.append(el("label", name, { for: `chair-${index}` }), kind, strength);
  return row;
}

function chairSpec(index) {
  const kind = $(`chair-${index}`).value;
  if (kind !== "ismcts") return kind;
  const strength = $(`strength-${index}`).value;
  return strengths ? `ismcts:strength=${strength}` : `ismcts:iterations=${STRENGTHS[strength]}`;
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
  if (Array.isArray(catalog.strengths) && catalog.strengths.length) {
    strengths = { names: catalog.strengths, initial: catalog.strength || catalog.strengths[0] };
  }
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
    if (!$("private-label").hidden && $("private").checked) request.private = true;
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
    const host = el("li", "Host (the game record at any time, every hand included: keep it to yourself): ");
    host.append(el("a", origin + body.host, { href: body.host, id: "host-link" }));
    list.append(host);
    links.append(list, el("p", "Each link is private to its chair: send it to that player only."));
    links.hidden = false;
    links.querySelector("a").focus();
    listTables();
  });
  listTables();
  setInterval(listTables, 10000);
  document.body.dataset.ready = "1"; // every control is wired (tests wait on it)
}

// The server's listed tables (GET /api/tables): those with a free person's chair, to
// take, and games in progress, to watch. A server that lists none leaves it hidden.
function tableEntry(entry, free) {
  const item = el("li");
  const names = entry.players.map((p) => p.name).join(", ");
  item.append(el("strong", entry.title), el("span", ` · ${names}`, { class: "quiet" }));
  const actions = el("div", null, { class: "entry-actions" });
  for (const chair of free ? entry.free : []) {
    const take = el("button", `Take ${chair.name}`, { type: "button" });
    take.addEventListener("click", async () => {
      const { ok, body } = await getJSON(`/api/tables/${entry.id}/join`, {
        method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ seat: chair.seat }),
      });
      if (ok) window.location.assign(body.url);
      else { showProblems([body.error || "this chair was just taken"]); listTables(); }
    });
    actions.append(take);
  }
  actions.append(el("a", "Watch", { href: entry.spectate }));
  item.append(actions);
  return item;
}

async function listTables() {
  let answer;
  try { answer = await getJSON("/api/tables"); } catch (error) { return; }
  const { ok, body } = answer;
  const box = $("tables");
  if (!ok || !body || !Array.isArray(body.waiting) || !Array.isArray(body.playing)) {
    box.hidden = true;
    return;
  }
  $("private-label").hidden = false; // (a server that lists tables keeps private ones out)
  $("tables-waiting").replaceChildren(...body.waiting.map((e) => tableEntry(e, true)));
  $("tables-playing").replaceChildren(...body.playing.map((e) => tableEntry(e, false)));
  if (!body.waiting.length) $("tables-waiting").append(el("li", "None at the moment.", { class: "quiet" }));
  if (!body.playing.length) $("tables-playing").append(el("li", "None at the moment.", { class: "quiet" }));
  box.hidden = false;
}

// --- table ----------------------------------------------------------------------------

const table = {
  id: null, words: {}, title: "", socket: null, state: null, mine: false,
  online: false, attempt: 0, timer: null,
  // the seat's action count when its last action left (null: none on its way), and the
  // action itself: an action is acknowledged when the count grows, or shown as not sent
  pending: null, pendingAction: null, pendingId: null, sent: 0, decision: null,
};

// Symbols of the auctions, drawn on the tiles (the auction is also written beneath).
const SYMBOLS = { open: "⇈", once_around: "↻", sealed: "✉", fixed_price: "=", double: "×2" };

function say(key, fields) {
  let text = table.words[key] || key;
  for (const [name, value] of Object.entries(fields || {})) text = text.replace(`{${name}}`, value);
  return text;
}

function problem(text) { $("problem").textContent = text; }

function tile(t, small) {
  const node = el("span", null, { class: small ? "tile small" : "tile" });
  node.style.setProperty("--c", t.color);
  node.style.setProperty("--ink", t.ink);
  node.append(el("span", t.artist, { class: "tile-artist" }));
  node.append(el("span", SYMBOLS[t.auction] || "?", { class: "tile-symbol", "aria-hidden": "true" }));
  node.append(el("span", t.auction_label, { class: "tile-auction" }));
  return node;
}

// Every control of the table: off while the connection is down or an action is on its way.
function controls() {
  return document.querySelectorAll("#moves button, #hand button, #amount, #again");
}

function lock() {
  const off = !table.online || table.pending !== null;
  if (table.pending === null) delete document.body.dataset.pending;
  else document.body.dataset.pending = "1";
  document.body.dataset.online = table.online ? "1" : "0";
  for (const control of controls()) {
    // aria-disabled, not disabled: a click still reaches the page, which says why it
    // sent nothing instead of swallowing it
    control.setAttribute("aria-disabled", off ? "true" : "false");
    if (control.tagName === "INPUT") control.readOnly = off;
  }
}

function send(action) {
  if (!table.online || !table.socket || table.socket.readyState !== WebSocket.OPEN) {
    problem(say("not_sent"));
    return;
  }
  if (table.pending !== null) return; // the last action has not been answered yet
  problem("");
  table.pending = table.state.acted;
  table.pendingAction = action;
  table.sent += 1;
  table.pendingId = table.sent;
  try {
    // (a server that answers each action "ack" or "error" sends its id back)
    table.socket.send(JSON.stringify({ action, id: table.pendingId }));
  } catch (error) {
    table.pending = null;
    problem(say("not_sent"));
  }
  lock();
}

function button(label, action, extra) {
  const node = el("button", null, { type: "button", ...(extra || {}) });
  node.textContent = label;
  node.addEventListener("click", () => send(action));
  return node;
}

function amountAction(verb) {
  const value = $("amount").value.trim();
  if (!/^[0-9]+$/.test(value)) {
    problem(`${table.words.amount}: ${$("range").textContent}`);
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
    if (hand && card && b.tile && b.action.startsWith("play ")) cardActions.set(card, b);
    else if (b.tile) {
      const node = button("", b.action, { class: "tile-button", "aria-label": b.label });
      node.append(tile(b.tile));
      buttons.append(node);
    } else buttons.append(button(b.label, b.action, b.action === "pass" ? {} : { class: "primary" }));
  }
  // The hand: each card a tile, a button where it may be played now.
  const handBox = $("hand");
  const cards = $("hand-cards");
  cards.replaceChildren();
  handBox.hidden = hand === null;
  for (const card of hand || []) {
    const item = el("li");
    const b = cardActions.get(card.card);
    if (b) { // (every copy of a playable card is playable: the same action)
      const node = button("", b.action, { class: "tile-button", "aria-label": b.label });
      node.append(tile(card));
      item.append(node);
    } else {
      item.append(tile(card));
      item.setAttribute("aria-label", card.label);
    }
    cards.append(item);
  }
  // Amounts: a bid (with "Up to" and "Out of this lot" where the engine offers limits), a price.
  const range = controls.bid || controls.price || controls.limit;
  $("amount-box").hidden = !range;
  $("bid").hidden = !controls.bid;
  $("price").hidden = !controls.price;
  $("up-to").hidden = !controls.limit;
  $("out").hidden = !controls.limit;
  const mine = controls.buttons.length > 0 || Boolean(range);
  if (range) {
    const input = $("amount");
    input.min = range.min; input.max = range.max; input.step = range.step;
    // A new decision (other moves offered, another range) starts at the engine's lowest
    // amount; the same decision, sent again, keeps what the player typed.
    const decision = JSON.stringify([state.legal, state.lot && state.lot.cards]);
    if (!table.mine || decision !== table.decision || input.value === "") input.value = range.min;
    table.decision = decision;
    $("range").textContent = range.text;
  } else table.decision = null;
  // (a lead is a card of the hand: the region of other moves then stays out of the way)
  moves.hidden = !buttons.childElementCount && !range;
  // A new turn puts the keyboard on its first control (and so does a focus the last
  // update took away), never while the reader is elsewhere on the page.
  const lost = document.activeElement === document.body || document.activeElement === null;
  const inside = moves.contains(document.activeElement) || handBox.contains(document.activeElement);
  if (mine && !inside && (!table.mine || lost)) {
    const first = range ? $("amount") : (handBox.querySelector("button") || buttons.querySelector("button"));
    if (first) first.focus({ preventScroll: true });
  }
  table.mine = mine;
}

function renderTurn(state) {
  const turn = state.phase !== "over" ? state.turn : null;
  $("turn").hidden = !turn;
  document.body.classList.toggle("my-turn", Boolean(turn));
  if (turn) {
    $("turn-title").textContent = turn.title;
    $("turn-text").textContent = turn.text;
  }
  document.title = turn ? say("title_turn", { title: table.title }) : table.title;
}

function renderPlayers(state) {
  const list = $("players-list");
  list.replaceChildren();
  for (const p of state.players) {
    const item = el("li", null, { class: "player" + (p.to_act ? " to-act" : "") + (p.you ? " you" : "") });
    item.append(el("strong", p.you ? `${p.name} (${table.words.you})` : p.name, { class: "name" }));
    const money = p.cash === null
      ? el("span", table.words.hidden, { class: "money screen" })
      : el("span", p.cash, { class: "money" });
    item.append(money, el("span", p.cards_text, { class: "count" }));
    const owned = el("span", null, { class: "owned", "aria-label": table.words.bought });
    if (p.owned_tiles.length) for (const t of p.owned_tiles) owned.append(tile(t, true));
    else owned.append(el("span", table.words.bought_none, { class: "none" }));
    item.append(owned);
    list.append(item);
  }
}

function renderBoard(state) {
  const board = state.board;
  // two header rows: "Values by round" over the rounds' numbers, the other columns beside
  const head = el("tr");
  const sub = el("tr");
  head.append(el("th", table.words.artist, { scope: "col", rowspan: "2" }));
  head.append(el("th", table.words.rounds, { scope: "colgroup", colspan: String(board.rows.length), class: "rounds" }));
  board.rows.forEach((_, r) => {
    sub.append(el("th", String(r + 1), {
      scope: "col", class: "num", "aria-label": table.words.round.replace("{n}", r + 1) }));
  });
  if (board.worth.length) {
    head.append(el("th", table.words.worth_now, { scope: "col", rowspan: "2", class: "num worth", title: table.words.worth_now_help }));
  }
  head.append(el("th", table.words.laid, { scope: "col", rowspan: "2", class: "num laid" }));
  $("board-head").replaceChildren(head, sub);
  const body = $("board-body");
  body.replaceChildren();
  board.artists.forEach((artist, a) => {
    const row = el("tr");
    const name = el("th", null, { scope: "row", class: "artist" });
    const chip = el("span", artist, { class: "chip" });
    chip.style.setProperty("--c", board.colors[a].color);
    chip.style.setProperty("--ink", board.colors[a].ink);
    name.append(chip);
    row.append(name);
    for (const values of board.rows) row.append(el("td", values[a], { class: "num" }));
    if (board.worth.length) row.append(el("td", board.worth[a], { class: "num worth" }));
    row.append(el("td", String(board.counts[a]), { class: "num laid" }));
    body.append(row);
  });
  const unsold = $("board-table");
  unsold.replaceChildren();
  if (board.table_tiles.length) {
    unsold.append(el("span", table.words.on_table, { class: "label" }));
    for (const t of board.table_tiles) unsold.append(tile(t, true));
  }
}

function renderLot(state) {
  const box = $("lot-body");
  box.replaceChildren();
  const lot = state.lot;
  if (!lot) { box.append(el("p", table.words.no_lot, { class: "quiet" })); return; }
  const top = el("div", null, { class: "lot-top" });
  const tiles = el("div", null, { class: "lot-tiles", "aria-label": lot.cards.join(" + ") });
  for (const t of lot.tiles) tiles.append(tile(t));
  const facts = el("div", null, { class: "lot-facts" });
  facts.append(el("p", lot.auction_line, { class: "lot-auction" }));
  facts.append(el("p", lot.auctioneer));
  if (lot.high) facts.append(el("p", lot.high, { class: "high" }));
  if (lot.price) facts.append(el("p", lot.price, { class: "high" }));
  if (lot.own_sealed_bid) facts.append(el("p", lot.own_sealed_bid, { class: "own" }));
  for (const limit of lot.limits || []) facts.append(el("p", limit));
  top.append(tiles, facts);
  box.append(top, el("p", lot.rule, { class: "rule" }));
}

function renderLog(state) {
  const list = $("log-lines");
  if (state.log.from === 0) list.replaceChildren();
  for (const line of state.log.lines) list.append(el("li", line));
  const box = $("log");
  box.scrollTop = box.scrollHeight;
}

function renderResult(state) {
  const over = state.phase === "over";
  $("result").hidden = !over;
  $("lot").hidden = over; // (no lot, and a hand no longer played)
  if (over) $("hand").hidden = true;
  if (!over) return;
  const standings = $("standings");
  standings.replaceChildren();
  for (const s of state.standings || []) {
    const item = el("li", null, { class: s.winner ? "winner" : "" });
    item.append(el("span", s.name, { class: "name" }), el("span", s.amount, { class: "money" }));
    if (s.winner) item.append(el("span", table.words.winner, { class: "badge" }));
    standings.append(item);
  }
  const lines = state.result || [];
  $("result-reason").textContent = lines.length ? lines[0] : "";
  if (!(state.standings || []).some((s) => s.winner)) standings.append(el("li", table.words.no_winner));
}

function render(state) {
  table.state = state;
  document.body.dataset.version = state.version; // the position shown (tests wait on it)
  $("round").textContent = state.round_text;
  renderPlayers(state);
  renderBoard(state);
  renderLot(state);
  renderLog(state);
  renderMoves(state);
  renderTurn(state);
  renderResult(state);
  let status = "";
  const waiting = say("waiting", { who: state.waiting.join(", ") });
  if (state.phase === "over") status = table.words.over;
  else if (state.seat === null) status = `${table.words.spectator} ${waiting}`;
  else if (!table.mine) status = waiting;
  $("status").textContent = status;
}

// The next game at this table: the same chairs and rules, a new deal (the server draws
// the seed: the finished game's record is public). This seat's new link opens; the
// others' are shown to be passed on.
async function playAgain() {
  if (!table.online) { problem(say("not_sent")); return; }
  const { ok, body } = await getJSON(`/api/tables/${table.id}/again`, { method: "POST" });
  if (!ok) { problem(say("again_fail", { why: body.error || (body.problems || []).join("; ") })); return; }
  const mine = body.seats.find((s) => s.seat === table.state.seat);
  const box = $("again-links");
  const list = el("ul");
  for (const seat of body.seats) {
    if (mine && seat.seat === mine.seat) continue;
    const item = el("li", `${seat.name}: `);
    item.append(el("a", window.location.origin + seat.url, { href: seat.url }));
    list.append(item);
  }
  const watch = el("li", `${table.words.spectator} `);
  watch.append(el("a", window.location.origin + body.spectate, { href: body.spectate }));
  list.append(watch);
  box.replaceChildren(list);
  if (mine && body.seats.length === 1) window.location.assign(mine.url);
  else if (mine) {
    const go = el("a", `${table.words.play_again}: ${mine.name}`, { href: mine.url, class: "go" });
    box.prepend(go);
    go.focus();
  }
}

function setOnline(online) {
  table.online = online;
  $("offline").hidden = online;
  $("offline").textContent = online ? "" : table.words.offline;
  lock();
}

// Reconnect at once, then after a short back-off capped under a second, with jitter so
// that the pages of a restarted server do not all knock at the same instant.
function reconnect() {
  clearTimeout(table.timer);
  const delay = table.attempt === 0 ? 0 : Math.min(150 * 2 ** (table.attempt - 1), 600);
  table.attempt += 1;
  table.timer = setTimeout(connect, delay * (0.75 + Math.random() * 0.5));
}

function connect() {
  if (table.socket && table.socket.readyState <= WebSocket.OPEN) return;
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${window.location.host}/ws/tables/${table.id}${window.location.search}`);
  table.socket = socket;
  let first = true;
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "state") {
      if (table.pending !== null && message.acted > table.pending) { // acknowledged
        table.pending = null;
        if ($("problem").textContent === say("not_sent")) problem("");
      } else if (first && table.pending !== null) {
        // sent before the connection dropped and not carried out: say so, never drop it
        table.pending = null;
        problem(say("not_sent"));
      }
      if (first) { first = false; table.attempt = 0; setOnline(true); }
      render(message);
      lock();
    } else if (message.type === "ack") {
      if (message.id === table.pendingId) table.pending = null;
      lock();
    } else if (message.type === "error") {
      problem(message.message);
      if (message.id === undefined || message.id === null || message.id === table.pendingId) {
        table.pending = null;
      }
      lock();
    }
  });
  socket.addEventListener("close", (event) => {
    if (table.socket !== socket) return;
    table.socket = null;
    // (an action sent and not answered stays pending: the first state after reconnecting
    // says whether it was carried out, the seat's action count having grown, or not sent)
    setOnline(false);
    if (event.code >= 4400 && event.code < 4500) return; // refused: unknown table or token
    reconnect();
  });
}

async function tablePage() {
  table.id = window.location.pathname.split("/").pop();
  const { ok, body } = await getJSON(`/api/tables/${table.id}`);
  if (!ok) { problem(body.error); return; }
  table.words = body.words;
  table.title = body.title;
  document.documentElement.lang = body.language;
  document.title = body.title;
  $("title").textContent = body.title;
  for (const node of document.querySelectorAll("[data-word]")) node.textContent = body.words[node.dataset.word];
  const regions = { moves: "moves", hand: "hand", lot: "lot", players: "players", board: "board", result: "result", log: "log" };
  for (const [nodeId, word] of Object.entries(regions)) $(nodeId).setAttribute("aria-label", body.words[word]);
  const labels = { bid: "bid", price: "price", "up-to": "up_to", out: "out", "amount-label": "amount", rulebook: "rulebook", lobby: "lobby" };
  for (const [nodeId, word] of Object.entries(labels)) $(nodeId).textContent = body.words[word];
  $("rulebook").href = `/api/tables/${table.id}/rulebook`;
  $("record").href = `/api/tables/${table.id}/record?download=1`;
  $("bid").addEventListener("click", () => amountAction("bid"));
  $("price").addEventListener("click", () => amountAction("price"));
  $("up-to").addEventListener("click", () => amountAction("limit"));
  $("out").addEventListener("click", () => send("limit 0"));
  $("again").addEventListener("click", playAgain);
  $("amount").addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    amountAction(table.state && table.state.controls.price ? "price" : "bid");
  });
  window.addEventListener("online", () => { table.attempt = 0; reconnect(); });
  // a network gone without a word from the server (no close from it): off at once
  window.addEventListener("offline", () => { if (table.socket) table.socket.close(); });
  setOnline(false);
  $("offline").hidden = true; // (not lost: not yet connected)
  connect();
}

document.addEventListener("DOMContentLoaded", () => {
  if (document.body.classList.contains("lobby")) lobby();
  else if (document.body.classList.contains("table")) tablePage();
});
