// The table page: one WebSocket, the seat's drawing, its legal moves, an event log, hints.
// Plain ES module, no build step. The message protocol is in protocol.schema.json: an update
// carries the seat's seat message document (update.seat_message, kind "seat_message").

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").pop());
const token = new URLSearchParams(location.hash.slice(1)).get("seat");
const MAX_LOG = 200;
const SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };
const CARD = /\b(10|[2-9TJQKA])([cdhs])\b/g;

let socket = null;
let retry = 0;
let gone = false;
let busy = false;
let current = null;
let toastTimer = null;
let hintFor = null; // the "game:seq" of the position a hint is being worked out for

function seatName(seat, update) {
  if (seat === null || seat === undefined) return "nobody";
  if (seat === update.seat) return "You";
  const info = update.seats[seat];
  return info && info.kind === "bot" ? `Player ${seat} (bot)` : `Player ${seat}`;
}

// A card's notation with its suit symbol, for labels: "play Th" becomes "play 10♥".
function label(notation) {
  return notation.replace(CARD, (_, rank, suit) => (rank === "T" ? "10" : rank) + SUITS[suit]);
}

// One update, read: the table's own fields and the fields of its seat message's data.
function read(update) {
  const data = update.seat_message.data;
  return {
    ...update,
    seat: data.seat,
    to_play: data.to_play,
    observation: data.observation,
    legal_actions: data.legal_actions,
    events: data.events,
    returns: data.returns,
  };
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function showToast(text) {
  const toast = $("toast");
  toast.textContent = text;
  toast.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { toast.hidden = true; }, 5000);
}

function setConnection(text) {
  $("connection").textContent = text;
}

function logEvents(update) {
  const log = $("log");
  if (current && current.game_number !== update.game_number) {
    const item = document.createElement("li");
    item.textContent = `— game ${update.game_number} —`;
    log.append(item);
  }
  for (const event of update.events) {
    const item = document.createElement("li");
    item.textContent = event.text;
    const player = event.player === undefined ? null : event.player;
    item.className = "new" + (player !== null && player === update.seat ? " mine" : "");
    log.append(item);
    setTimeout(() => item.classList.remove("new"), 600);
  }
  while (log.children.length > MAX_LOG) log.firstElementChild.remove();
  log.scrollTop = log.scrollHeight;
}

function showChips(update) {
  const data = update.observation || {};
  const list = $("chips");
  list.replaceChildren();
  (data.stacks || []).forEach((chips, seat) => {
    const item = document.createElement("li");
    item.textContent = `${seatName(seat, update)}: ${chips}`;
    list.append(item);
  });
  if (typeof data.pot === "number") {
    const pot = document.createElement("li");
    pot.className = "pot";
    pot.textContent = `Pot: ${data.pot}`;
    list.append(pot);
  }
}

function showStatus(update) {
  const status = $("status");
  status.classList.toggle("your-turn", update.your_turn);
  status.classList.toggle("over", update.over);
  if (update.over) {
    status.textContent = "Game over";
  } else if (update.your_turn) {
    status.textContent = "Your turn";
  } else if (update.seat === null) {
    status.textContent = `Watching · ${seatName(update.to_play, update)} to play`;
  } else {
    status.textContent = `${seatName(update.to_play, update)} to play`;
  }
  $("title").textContent = `♠ ${update.game} · table ${update.table}`;
  document.title = `${update.your_turn ? "▶ Your turn · " : ""}${update.game} · cardgames`;
}

function target(board, action) {
  if (typeof action.card === "string") {
    return board.querySelector(`[data-target="hand"][data-card="${CSS.escape(action.card)}"]`);
  }
  return board.querySelector(`[data-action="${CSS.escape(action.type)}"]`);
}

function showActions(update) {
  const board = $("board");
  const bar = $("actions");
  bar.replaceChildren();
  const used = new Set();
  for (const entry of update.legal_actions) {
    const element = target(board, entry.action);
    if (element && !used.has(element)) {
      used.add(element);
      element.classList.add("playable");
      element.setAttribute("tabindex", "0");
      element.setAttribute("role", "button");
      element.setAttribute("aria-label", label(entry.notation));
      element.dataset.actionId = String(entry.id);
      continue;
    }
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = label(entry.notation);
    button.dataset.actionId = String(entry.id);
    bar.append(button);
  }
}

function showResult(update) {
  const box = $("result");
  box.hidden = !update.over;
  if (!update.over) return;
  const returns = update.returns || [];
  const best = Math.max(...returns);
  const winners = returns.map((r, seat) => (r === best ? seatName(seat, update) : null)).filter(Boolean);
  $("result-title").textContent = `Game over · ${winners.join(" and ")} ${winners.length > 1 || winners[0] === "You" ? "win" : "wins"}`;
  const list = $("result-list");
  list.replaceChildren();
  returns.forEach((r, seat) => {
    const item = document.createElement("li");
    item.textContent = `${seatName(seat, update)}: ${r > 0 ? "+" : ""}${r} chips`;
    list.append(item);
  });
  $("again").hidden = update.seat === null;
  const download = $("download");
  const replay = $("replay");
  download.hidden = replay.hidden = update.record === null;
  if (update.record !== null) {
    download.href = `/api/records/${update.record}`;
    replay.href = `/replay?record=${update.record}`;
  }
}

function actionables() {
  return [...document.querySelectorAll("#board [data-action-id], #actions [data-action-id], #result:not([hidden]) button:not([hidden])")];
}

function position(update) {
  return `${update.game_number}:${update.seq}`;
}

function setHintButton(thinking) {
  const button = $("hint-button");
  button.disabled = thinking;
  button.textContent = thinking ? "Thinking…" : "Hint";
}

function showHintButton(update) {
  $("hint-button").hidden = !update.your_turn;
  if (!current || position(current) !== position(update)) {
    $("advice").hidden = true; // the advice was for another position
    hintFor = null;
  }
  setHintButton(hintFor !== null);
}

function percent(value) {
  return `${Math.round(100 * value)}%`;
}

function onHint(hint) {
  hintFor = null;
  setHintButton(false);
  if (!current || hint.seq !== current.seq) return; // the table has moved on
  const list = $("advice-list");
  list.replaceChildren();
  for (const entry of hint.advice) {
    const item = document.createElement("li");
    const win = entry.win;
    const chips = entry.chips;
    const sign = chips.mean > 0 ? "+" : "";
    item.textContent = `${label(entry.notation)}: win ${percent(win.mean)} [${percent(win.low)}, ${percent(win.high)}], chips ${sign}${chips.mean.toFixed(1)}`;
    item.dataset.adviceId = String(entry.id);
    item.className = "advice";
    list.append(item);
  }
  $("advice-note").textContent = hint.advice.length
    ? `${hint.advice[0].samples} simulated continuations per move, 95% intervals; best first.`
    : "";
  $("advice").hidden = false;
}

function askHint() {
  if (!current || !current.your_turn || hintFor !== null) return;
  hintFor = position(current);
  setHintButton(true);
  send({ type: "hint", seq: current.seq });
}

function onUpdate(message) {
  const update = read(message);
  showHintButton(update);
  logEvents(update);
  current = update;
  busy = false;
  $("board").innerHTML = update.drawing;
  $("board").dataset.seq = `${update.game_number}:${update.seq}`;
  showStatus(update);
  showChips(update);
  showActions(update);
  showResult(update);
  const first = actionables()[0];
  if (update.your_turn && first && !$("board").contains(document.activeElement)) {
    first.focus({ preventScroll: true });
  }
}

function onError(message) {
  busy = false;
  if (hintFor !== null) {
    hintFor = null; // the refused request may have been the hint: let the seat ask again
    setHintButton(false);
  }
  showToast(message.message);
  if (message.code === "no_table" || message.code === "bad_token") {
    gone = true;
    $("status").textContent = message.message;
  }
}

function act(actionId) {
  if (busy || !current) return;
  busy = true;
  send({ type: "act", action_id: actionId, seq: current.seq });
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(tableId)}`);
  socket.addEventListener("open", () => {
    retry = 0;
    setConnection(token ? "connected · your seat" : "connected · watching");
    const width = Math.round($("board").clientWidth || window.innerWidth);
    send(token ? { type: "join", token, width } : { type: "join", width });
  });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "update") onUpdate(message);
    else if (message.type === "hint") onHint(message);
    else if (message.type === "error") onError(message);
  });
  socket.addEventListener("close", () => {
    busy = false;
    if (gone) { setConnection("closed"); return; }
    setConnection("reconnecting…");
    setTimeout(connect, Math.min(5000, 400 * 2 ** retry++));
  });
}

document.addEventListener("click", (event) => {
  const element = event.target.closest("[data-action-id]");
  if (element) act(Number(element.dataset.actionId));
});

document.addEventListener("keydown", (event) => {
  const keys = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"];
  const focused = document.activeElement;
  if ((event.key === "Enter" || event.key === " ") && focused && focused.dataset && focused.dataset.actionId && !(focused instanceof HTMLButtonElement)) {
    event.preventDefault();
    act(Number(focused.dataset.actionId));
    return;
  }
  if (!keys.includes(event.key)) return;
  const list = actionables();
  if (!list.length) return;
  event.preventDefault();
  const step = event.key === "ArrowLeft" || event.key === "ArrowUp" ? -1 : 1;
  const index = list.indexOf(focused);
  const next = index < 0 ? (step > 0 ? 0 : list.length - 1) : (index + step + list.length) % list.length;
  list[next].focus();
});

$("again").addEventListener("click", () => send({ type: "play_again" }));
$("hint-button").addEventListener("click", askHint);
connect();
