// The table's life tracker: polls the server's state and posts each change; both phones at a
// table converge because every change is applied by the server to the current totals.
(function () {
  const root = document.getElementById("table");
  const stateUrl = root.dataset.stateUrl;
  const actionUrl = (action) => root.dataset.actionUrl.replace("ACTION", action);
  const csrf = root.querySelector("[name=csrfmiddlewaretoken]").value;
  const field = (name) => root.querySelector(`[data-field="${name}"]`);
  let state = null;
  let clockBase = null;

  function render(next) {
    state = next;
    clockBase = { at: Date.now(), remaining: next.clock.remaining_seconds };
    field("life1").textContent = next.life[0];
    field("life2").textContent = next.life[1];
    field("game").textContent = next.best_of_three ? `Game ${next.game} of 3` : `Game ${next.game}`;
    const active = next.players[next.active_side - 1];
    let turn = `Turn ${next.turn}: ${active}'s turn`;
    if (next.extra_turn !== null) {
      turn += next.extra_turn === 0 ? " · time called: this is turn 0" : ` · extra turn ${next.extra_turn} of 5`;
    }
    field("turn").textContent = next.finished ? `Game ${next.game} is over` : turn;
    // A finished game takes no more changes; undo stays available to correct the last one.
    root.querySelectorAll(".life-panel button, [data-action=turn]").forEach((button) => {
      button.disabled = next.finished;
    });
    root.querySelectorAll(".life-panel").forEach((panel) => {
      panel.classList.toggle("active", Number(panel.dataset.side) === next.active_side);
    });
    const last = next.last_change;
    field("last").textContent = last
      ? `Last: ${last.reason} ${last.delta.map((d, i) => d ? `${next.players[i]} ${d > 0 ? "+" : ""}${d}` : "").filter(Boolean).join(", ")}` +
        (last.wasted.some(Boolean) ? ` (wasted gain: ${last.wasted.join("/")})` : "")
      : "No life change yet.";
    const over = field("over");
    over.hidden = !next.finished;
    if (next.finished) {
      const who = next.winner_side ? `${next.players[next.winner_side - 1]} wins` : "Draw";
      over.textContent = `Game over: ${who}${next.ending === "time" ? " on life totals after time" : ""}.` +
        (next.result_status === "reported" ? " The result is proposed: confirm it on the report page." : "");
    }
    tick();
  }

  function tick() {
    if (!state) return;
    const clock = { ...state.clock };
    if (clock.state === "running") {
      clock.remaining_seconds = clockBase.remaining - Math.floor((Date.now() - clockBase.at) / 1000);
      if (clock.remaining_seconds <= 0) clock.state = "time_called";
    }
    field("clock").textContent = " · " + window.formatClock(clock);
  }

  async function post(action, data) {
    const body = new URLSearchParams(data || {});
    const response = await fetch(actionUrl(action), {
      method: "POST", body, headers: { "X-CSRFToken": csrf }, credentials: "same-origin",
    });
    const payload = await response.json();
    field("error").textContent = response.ok ? "" : payload.error;
    render(response.ok ? payload : payload.state);
  }

  function change(side, amount) {
    if (!amount) return;
    const reason = document.getElementById("reason").value;
    post("life", { [`delta${side}`]: amount, reason: amount > 0 && reason === "combat" ? "gain" : reason });
  }

  root.querySelectorAll(".life-panel").forEach((panel) => {
    const side = Number(panel.dataset.side);
    panel.querySelectorAll("[data-delta]").forEach((button) =>
      button.addEventListener("click", () => change(side, Number(button.dataset.delta))));
    panel.querySelector("form.amount").addEventListener("submit", (event) => {
      event.preventDefault();
      const input = event.target.elements.amount;
      change(side, Number(input.value));
      input.value = "";
    });
  });
  root.querySelectorAll("[data-action]").forEach((button) =>
    button.addEventListener("click", () => post(button.dataset.action)));

  async function poll() {
    try {
      const response = await fetch(stateUrl, { credentials: "same-origin" });
      if (response.ok) render(await response.json());
    } catch (error) { /* offline for a moment: the next poll catches up */ }
  }
  poll();
  setInterval(poll, 2000);
  setInterval(tick, 1000);
})();
