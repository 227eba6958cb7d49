// The table's life tracker: polls the server's state and posts each change; both phones at a
// table converge because every change is applied by the server to the current totals. Turn
// ends and undos say what this phone saw, so the other phone pressing too does not double them.
(function () {
  const root = document.getElementById("table");
  const stateUrl = root.dataset.stateUrl;
  const actionUrl = (action) => root.dataset.actionUrl.replace("ACTION", action);
  const csrf = root.querySelector("[name=csrfmiddlewaretoken]").value;
  const field = (name) => root.querySelector(`[data-field="${name}"]`);
  const DAMAGE = ["combat", "ability", "loss", "shortfall"];
  let state = null;
  let clockBase = null;

  function winnerText(next) {
    if (!next.finished) return "";
    const who = next.winner_side ? `${next.players[next.winner_side - 1]} wins` : "Draw";
    const how = { time: " on life totals after time", concession: " by concession" }[next.ending] || "";
    return `${who}${how}.`;
  }

  function proposalText(next) {
    const p = next.proposal;
    if (!p) return "";
    const names = next.players;
    const won = next.games_won;  // the proposal is the table's own games
    const result = won[0] === won[1] ? `a draw (${won[0]}–${won[1]})`
      : `${names[won[0] > won[1] ? 0 : 1]} wins ${Math.max(...won)}–${Math.min(...won)}`;
    const confirmed = p.confirmed_by.length ? ` Confirmed by ${p.confirmed_by.join(" and ")}.` : "";
    const waiting = p.confirmed_by.length < 2 ? " Each player confirms it." : "";
    return `Match result proposed: ${result}.${confirmed}${waiting}`;
  }

  function render(next) {
    state = next;
    clockBase = { at: Date.now(), remaining: next.clock.remaining_seconds };
    field("life1").textContent = next.life[0];
    field("life2").textContent = next.life[1];
    field("game").textContent = next.best_of_three ? `Game ${next.game} of 3` : `Game ${next.game}`;
    field("score").textContent = next.best_of_three ? `· games ${next.games_won[0]}–${next.games_won[1]}` : "";
    const active = next.players[next.active_side - 1];
    let turn = `Turn ${next.turn}: ${active}'s turn`;
    if (next.extra_turn !== null) {
      turn += next.extra_turn === 0 ? " · time called: this is turn 0" : ` · extra turn ${next.extra_turn} of 5`;
    }
    field("turn").textContent = next.finished ? `Game ${next.game} is over` : turn;
    const confirmed = next.result_status === "confirmed";
    const closed = next.finished || confirmed;
    field("first").hidden = closed || next.turn !== 1 || next.changes > 0;
    // A finished game takes no more changes; undo stays available to correct the last one
    // until the result is confirmed.
    root.querySelectorAll(".life-panel button, [data-action=turn], [data-first], [data-concede]").forEach((button) => {
      button.disabled = closed;
    });
    root.querySelector("[data-action=undo]").disabled = confirmed;
    root.querySelectorAll(".life-panel").forEach((panel) => {
      panel.classList.toggle("active", !next.finished && Number(panel.dataset.side) === next.active_side);
    });
    const last = next.last_change;
    field("last").textContent = last
      ? `Last: ${last.reason} ${last.delta.map((d, i) => d ? `${next.players[i]} ${d > 0 ? "+" : ""}${d}` : "").filter(Boolean).join(", ")}` +
        (last.wasted.some(Boolean) ? ` · wasted gain above ${next.starting_life}: ${last.wasted.map((w, i) => w ? `${next.players[i]} ${w}` : "").filter(Boolean).join(", ")}` : "")
      : "No life change yet.";
    const over = field("over");
    over.hidden = !closed;
    field("over-text").textContent = winnerText(next);
    const nextGame = next.next_game;
    field("next").hidden = !nextGame;
    if (nextGame) {
      field("next-text").textContent = nextGame.chooser_side
        ? `Game ${nextGame.number}: ${next.players[nextGame.chooser_side - 1]} (who lost) chooses who goes first.`
        : `Game ${nextGame.number}: after a draw, pick the first player at random.`;
    }
    field("proposal").hidden = !next.proposal && !confirmed;
    field("proposal-text").textContent = proposalText(next);
    const mine = next.me && next.proposal && !next.proposal.confirmed_by.includes(next.players[next.me - 1]);
    root.querySelector("[data-action=confirm]").hidden = !(mine && next.result_status === "reported");
    if (next.result_status === "confirmed") field("proposal-text").textContent = "The match result is confirmed.";
    tick();
  }

  function tick() {
    if (!state) return;
    const clock = { ...state.clock };
    if (clock.state === "running") {
      clock.remaining_seconds = clockBase.remaining - Math.floor((Date.now() - clockBase.at) / 1000);
      if (clock.remaining_seconds <= 0) clock.state = "time_called";
    }
    const extra = state.extra_minutes ? ` (+${state.extra_minutes} min extra time)` : "";
    field("clock").textContent = `Round clock: ${window.formatClock(clock)}${extra}`;
    field("clock").classList.toggle("called", clock.state === "time_called");
  }

  async function post(action, data) {
    const body = new URLSearchParams(data || {});
    try {
      const response = await fetch(actionUrl(action), {
        method: "POST", body, headers: { "X-CSRFToken": csrf }, credentials: "same-origin",
      });
      const payload = await response.json();
      field("error").textContent = response.ok ? "" : payload.error;
      if (payload.state || response.ok) render(response.ok ? payload : payload.state);
    } catch (error) {
      field("error").textContent = "No connection: the change was not saved. Try again.";
    }
  }

  function change(side, amount) {
    if (!amount) return;
    let reason = document.getElementById("reason").value;
    // The buttons say which way life goes: a gain with a damage reason is a life gain, and a
    // loss chosen with "Life gain" is combat damage.
    if (amount > 0 && DAMAGE.includes(reason)) reason = "gain";
    if (amount < 0 && reason === "gain") reason = "combat";
    post("life", { [`delta${side}`]: amount, reason });
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
  root.querySelectorAll("[data-concede]").forEach((button) => button.addEventListener("click", () => {
    const name = state.players[Number(button.dataset.concede) - 1];
    if (window.confirm(`${name} concedes game ${state.game}?`)) post("concede", { side: button.dataset.concede });
  }));
  root.querySelectorAll("[data-first]").forEach((button) =>
    button.addEventListener("click", () => post("first", { side: button.dataset.first })));
  root.querySelectorAll("[data-next]").forEach((button) =>
    button.addEventListener("click", () => post("next", { side: button.dataset.next })));
  root.querySelector("[data-action=turn]").addEventListener("click", () => post("turn", { turn: state.turn }));
  root.querySelector("[data-action=undo]").addEventListener("click", () => post("undo", { version: state.version }));
  root.querySelector("[data-action=confirm]").addEventListener("click", () => post("confirm"));

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
