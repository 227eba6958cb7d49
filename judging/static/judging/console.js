// The judge console: stepping through a replay without reloading (keyboard arrows, the
// stepper and the timeline), the die inspector, live searches of the rule reference and the
// card pool, and the judge adjustment builder. Every link and form works without it.
(function () {
  "use strict";

  // -- branch switch: each option's value is the branch's first step --------------------
  document.querySelectorAll("[data-branch-switch] select").forEach((select) => {
    select.addEventListener("change", () => { window.location = select.value; });
  });

  // -- the die inspector: a die's A and D explained ----------------------------------------
  function diceData() {
    const node = document.getElementById("dice-data");
    return node ? JSON.parse(node.textContent) : {};
  }

  function element(tag, text, className) {
    const node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    if (className) node.className = className;
    return node;
  }

  function statRow(list, label, stat) {
    list.append(element("dt", label));
    const dd = element("dd");
    dd.append(element("strong", String(stat.value)), ` = ${stat.printed} printed`);
    stat.parts.forEach((part) => {
      const sign = part.amount > 0 ? "+" : "";
      dd.append(" ", element("span", `${sign}${part.amount} (${part.source})`, "modifier"));
    });
    if (stat.value !== stat.printed + stat.parts.reduce((sum, p) => sum + p.amount, 0)) {
      dd.append(" ", element("span", "(a stat can't go below 0, R12.1)", "meta"));
    }
    list.append(dd);
  }

  function showDie(id) {
    const die = diceData()[id];
    const inspector = document.getElementById("inspector");
    if (!die || !inspector) return;
    document.querySelectorAll(".die.selected").forEach((n) => n.classList.remove("selected"));
    document.querySelectorAll(`.die[data-die="${CSS.escape(id)}"]`).forEach((n) => n.classList.add("selected"));
    const list = element("dl", undefined, "facts");
    const row = (label, value) => { if (value !== null && value !== undefined && value !== "") { list.append(element("dt", label), element("dd", String(value))); } };
    row("Die", `${die.id} (${die.card})`);
    row("Zone", die.zone);
    row("Face", die.face || "not rolled");
    if (die.attack) statRow(list, "A", die.attack);
    if (die.defense) statRow(list, "D", die.defense);
    if (die.fielding) statRow(list, "Fielding cost", die.fielding);
    row("Damage", die.damage || "");
    row("Blocking", die.blocking);
    row("Keywords", die.keywords.join(", "));
    row("Status", die.flags.join(", "));
    if (die.controller !== die.owner && die.owner !== "BA") row("Controlled by", die.controller);
    row("Held by", die.held_by);
    inspector.replaceChildren(element("h3", die.name), list);
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest(".die-button");
    if (button) showDie(button.dataset.dieId);
  });

  // -- stepping without reloading ------------------------------------------------------------
  const root = document.getElementById("step-root");
  let latest = 0;
  let intended = null;

  function stepBase() {
    return window.location.pathname.replace(/steps\/\d+\/$/, "steps/");
  }

  function scrollTimeline() {
    const current = root && root.querySelector(".timeline .current");
    if (current) current.scrollIntoView({ block: "nearest", inline: "center" });
  }

  async function go(url, push) {
    const request = ++latest;
    const focused = document.activeElement && document.activeElement.id;
    let response;
    try {
      response = await fetch(url + (url.includes("?") ? "&" : "?") + "partial=1", { credentials: "same-origin" });
    } catch (error) {
      window.location = url;
      return;
    }
    if (!response.ok) { window.location = url; return; }
    const html = await response.text();
    if (request !== latest) return;  // a later step was asked for meanwhile
    root.innerHTML = html;
    intended = null;
    document.querySelectorAll(".console > .messages").forEach((n) => n.remove());  // said already
    if (push) history.pushState({}, "", url);
    const view = root.querySelector(".step-view");
    if (view) document.title = view.dataset.title;
    if (focused) { const again = document.getElementById(focused); if (again) again.focus(); }
    scrollTimeline();
  }

  function stepTo(number) {
    const view = root.querySelector(".step-view");
    const last = Number(view.dataset.last);
    const target = Math.max(0, Math.min(last, number));
    const current = intended !== null ? intended : Number(view.dataset.step);
    if (target === current) return;
    intended = target;
    go(`${stepBase()}${target}/`, true);
  }

  if (root) {
    root.addEventListener("click", (event) => {
      const link = event.target.closest("a.step-link, .timeline a.chip");
      if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      if (link.classList.contains("disabled")) return;
      go(link.href, true);
    });
    document.addEventListener("keydown", (event) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.target.closest && event.target.closest("input, textarea, select, [contenteditable]")) return;
      const view = root.querySelector(".step-view");
      if (!view) return;
      const current = intended !== null ? intended : Number(view.dataset.step);
      const moves = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: Number(view.dataset.last) };
      if (!(event.key in moves)) return;
      event.preventDefault();
      stepTo(moves[event.key]);
    });
    window.addEventListener("popstate", () => go(window.location.pathname, false));
    scrollTimeline();
  }

  // -- live searches (rule reference, card pool) ----------------------------------------------
  document.querySelectorAll("form[data-live-search]").forEach((form) => {
    const input = form.querySelector("input[type=search]");
    const results = document.getElementById(form.dataset.liveSearch);
    let timer = null;
    let asked = 0;
    async function search() {
      const ask = ++asked;
      const params = new URLSearchParams(new FormData(form));
      params.set("partial", "1");
      const response = await fetch(`${form.action}?${params}`, { credentials: "same-origin" });
      if (ask !== asked || !response.ok) return;
      results.innerHTML = await response.text();
    }
    input.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(search, 200); });
    form.addEventListener("submit", (event) => { event.preventDefault(); search(); });
  });

  // -- the judge adjustment builder -------------------------------------------------------------
  const builder = document.getElementById("adjustment-builder");
  if (builder) {
    const kind = builder.querySelector("[name=kind]");
    const target = document.getElementById(builder.dataset.target);
    const message = builder.querySelector(".builder-message");
    function showFields() {
      const wanted = (kind.selectedOptions[0].dataset.fields || "").split(" ");
      builder.querySelectorAll("[data-field]").forEach((label) => {
        label.hidden = !wanted.includes(label.dataset.field);
      });
    }
    kind.addEventListener("change", showFields);
    showFields();
    builder.addEventListener("submit", async (event) => {
      event.preventDefault();
      builder.querySelectorAll(".field-error").forEach((n) => n.classList.remove("field-error"));
      const response = await fetch(builder.action, { method: "POST", body: new FormData(builder), credentials: "same-origin" });
      const data = await response.json();
      if (!response.ok) {
        message.textContent = data.error;
        message.className = "builder-message error";
        const field = builder.querySelector(`[data-field="${data.field}"]`);
        if (field) field.classList.add("field-error");
        return;
      }
      const text = target.value.replace(/\s*$/, "");
      target.value = (text ? text + "\n" : "") + data.line + "\n";
      message.textContent = `Added: ${data.line}`;
      message.className = "builder-message ok";
      target.dispatchEvent(new Event("input"));
    });
  }
})();
