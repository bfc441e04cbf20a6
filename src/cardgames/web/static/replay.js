// The replay viewer: every step of a finished game, every hand shown, with a step slider.

const $ = (id) => document.getElementById(id);
let frames = [];

function show(step) {
  const frame = frames[step];
  if (!frame) return;
  $("step").value = String(step);
  $("board").innerHTML = frame.drawing;
  $("step-label").textContent = `step ${step} of ${frames.length - 1}`;
  $("step-events").textContent = frame.events.map((e) => e.text).join(" · ") || (step ? "" : "The deal.");
}

function load(replay) {
  frames = replay.frames;
  $("viewer").hidden = false;
  $("step").max = String(frames.length - 1);
  const players = replay.players.length ? ` · ${replay.players.join(", ")}` : "";
  $("title").textContent = `♠ replay · ${replay.game}${players}`;
  show(0);
}

async function fetchReplay(url, options) {
  $("replay-error").textContent = "";
  const width = Math.round(document.querySelector("main").clientWidth || window.innerWidth);
  const response = await fetch(`${url}?width=${width}`, options);
  const body = await response.json();
  if (!response.ok) {
    $("replay-error").textContent = body.error || "this record cannot be replayed";
    return;
  }
  load(body);
}

$("file").addEventListener("change", async () => {
  const file = $("file").files[0];
  if (!file) return;
  const text = (await file.text()).split("\n").find((line) => line.trim()) || "";
  const whole = (await file.text()).trim();
  const body = whole.startsWith("{") && whole.includes("\n{") ? text : whole;
  fetchReplay("/api/replay", { method: "POST", headers: { "Content-Type": "application/json" }, body });
});
$("step").addEventListener("input", () => show(Number($("step").value)));
$("prev").addEventListener("click", () => show(Math.max(0, Number($("step").value) - 1)));
$("next").addEventListener("click", () => show(Math.min(frames.length - 1, Number($("step").value) + 1)));
document.addEventListener("keydown", (event) => {
  if (!frames.length || event.target === $("step")) return;
  if (event.key === "ArrowLeft") $("prev").click();
  if (event.key === "ArrowRight") $("next").click();
});

const record = new URLSearchParams(location.search).get("record");
if (record) fetchReplay(`/api/records/${encodeURIComponent(record)}/replay`);
