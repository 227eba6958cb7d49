// Countdown from the server's remaining seconds; the server stays the authority (T2.4).
window.formatClock = function (clock) {
  if (!clock || clock.state === "not_started") return "Clock not started";
  if (clock.state === "time_called") return "Time!";
  const s = Math.max(0, clock.remaining_seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")} left`;
};
