"""The turn, step by step (R5), one module per step as the rulebook names them, plus
priority passing (R10.4) and the automatic transitions between steps (`flow`)."""
