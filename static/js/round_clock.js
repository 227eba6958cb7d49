// The pairings page's countdown: the server says when the round ends and what time it is now,
// so a wrong clock on the phone does not matter. startRoundClock() is called again when a live
// update replaces the clock, or live.js has measured the server's time (static/js/live.js).
(function () {
  let timer = null;
  window.startRoundClock = function () {
    const clock = document.querySelector(".round-clock");
    if (timer) clearInterval(timer);
    if (!clock) return;
    // live.js measures the server's time on load; the page's own stamp may come from a cache.
    const skew = window.serverSkew !== undefined
      ? window.serverSkew : Date.parse(clock.dataset.serverNow) - Date.now();
    const ends = Date.parse(clock.dataset.endsAt);
    function tick() {
      const left = Math.round((ends - (Date.now() + skew)) / 1000);
      clock.textContent = left > 0
        ? `Round clock: ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")} left`
        : "Time has been called: finish the turn in progress, then five more turns.";
    }
    tick();
    timer = setInterval(tick, 1000);
  };
  window.startRoundClock();
})();
