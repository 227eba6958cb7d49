"""A bound on the time one fuzzed input may take: a parser that loops forever fails the test
(hypothesis' deadline only measures an example after it has finished)."""

import signal
from contextlib import contextmanager

SECONDS_PER_INPUT = 5  # generous: the machine is shared; a real hang never finishes at all


class Hang(AssertionError):
    pass


@contextmanager
def at_most(seconds: float = SECONDS_PER_INPUT, what: str = "the parser"):
    def expired(signum, frame):
        raise Hang(f"{what} took more than {seconds} s on one input: a hang")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
