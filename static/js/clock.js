// Countdown from the server's remaining seconds; the server stays the authority (T2.4).
window.formatClock = function (clock) {
  if (!clock || clock.state === "not_started") return "Clock not started";
  if (clock.state === "time_called") return "Time!";
  const s = Math.max(0, clock.remaining_seconds);
  const left = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")} left`;
  // A judge stopped this table's clock for a ruling: the time left stands still.
  return clock.state === "paused" ? `Paused for a ruling · ${left}` : left;
};
