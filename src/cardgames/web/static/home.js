// The home page: start a game against bots in one click, or build a table of your own.

const $ = (id) => document.getElementById(id);
let catalog = null;

function title(name) {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

function optionInput(option) {
  const label = document.createElement("label");
  label.textContent = option.name.replaceAll("_", " ");
  let input;
  if (option.type === "choice") {
    input = document.createElement("select");
    for (const choice of option.choices) input.append(new Option(String(choice).replaceAll("_", " "), String(choice)));
    input.value = String(option.default);
  } else if (option.type === "bool") {
    input = document.createElement("input");
    input.type = "checkbox";
    input.checked = Boolean(option.default);
  } else {
    input = document.createElement("input");
    input.type = option.type === "int" ? "number" : "text";
    input.value = option.default === null ? "" : String(option.default);
    if (option.optional) input.placeholder = "none";
  }
  input.dataset.option = option.name;
  input.dataset.kind = option.type;
  label.append(input);
  return label;
}

function seatSelect(seat) {
  const label = document.createElement("label");
  label.textContent = `Seat ${seat}`;
  const select = document.createElement("select");
  select.append(new Option("a person", "person"));
  for (const bot of catalog.bots) select.append(new Option(`bot: ${bot}`, bot));
  select.value = seat === 0 ? "person" : (catalog.bots.includes("heuristic") ? "heuristic" : catalog.bots[0]);
  select.dataset.seat = String(seat);
  label.append(select);
  return label;
}

function game() {
  return catalog.games.find((g) => g.name === $("game").value);
}

function renderForm() {
  const options = $("options");
  options.replaceChildren();
  for (const option of game().options) {
    if (option.name !== "num_players") options.append(optionInput(option));
  }
  const players = game().options.find((o) => o.name === "num_players");
  if (players) $("players").value = String(players.default);
  renderSeats();
}

function renderSeats() {
  const seats = $("seats");
  seats.replaceChildren();
  const count = Math.max(1, Math.min(8, Number($("players").value) || 2));
  for (let seat = 0; seat < count; seat += 1) seats.append(seatSelect(seat));
}

function options() {
  const result = {};
  for (const input of document.querySelectorAll("[data-option]")) {
    const kind = input.dataset.kind;
    if (kind === "bool") result[input.dataset.option] = input.checked;
    else if (input.value === "") result[input.dataset.option] = null;
    else result[input.dataset.option] = kind === "int" ? Number(input.value) : input.value;
  }
  return result;
}

async function create(body) {
  $("form-error").textContent = "";
  const response = await fetch("/api/tables", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) {
    $("form-error").textContent = answer.error;
    return null;
  }
  return answer;
}

function showLinks(answer) {
  const list = $("link-list");
  list.replaceChildren();
  for (const seat of answer.seats) {
    const item = document.createElement("li");
    if (seat.link) {
      const link = document.createElement("a");
      link.href = seat.link;
      link.textContent = `Seat ${seat.seat}: ${location.origin}${seat.link}`;
      item.append(link);
    } else {
      item.textContent = `Seat ${seat.seat}: bot ${seat.bot}`;
    }
    list.append(item);
  }
  const watch = document.createElement("li");
  const link = document.createElement("a");
  link.href = answer.watch;
  link.textContent = `Watch: ${location.origin}${answer.watch}`;
  watch.append(link);
  list.append(watch);
  $("links").hidden = false;
  $("links").scrollIntoView({ behavior: "smooth" });
}

async function start() {
  catalog = await (await fetch("/api/games")).json();
  for (const entry of catalog.games) {
    $("game").append(new Option(title(entry.name), entry.name));
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = `Play ${title(entry.name)} against bots`;
    button.dataset.game = entry.name;
    button.addEventListener("click", async () => {
      const players = entry.options.find((o) => o.name === "num_players");
      const count = players ? players.default : 4;
      const bot = catalog.bots.includes("heuristic") ? "heuristic" : catalog.bots[0];
      const seats = ["person", ...Array(count - 1).fill(bot)];
      const answer = await create({ game: entry.name, options: {}, seats });
      if (answer) location.href = answer.seats[0].link;
    });
    $("quick").append(button);
  }
  renderForm();
  $("game").addEventListener("change", renderForm);
  $("players").addEventListener("input", renderSeats);
  $("create").addEventListener("submit", async (event) => {
    event.preventDefault();
    const seats = [...document.querySelectorAll("[data-seat]")].map((s) => s.value);
    const chosen = options();
    if (game().options.some((o) => o.name === "num_players")) chosen.num_players = seats.length;
    const body = { game: game().name, options: chosen, seats };
    const answer = await create(body);
    if (answer) showLinks(answer);
  });
}

start();
