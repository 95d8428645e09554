"""The pace of computer turns on the tables (the "Computer turns" setting).

Each factor scales the pauses a table makes so people can follow: before a
computer acts, how long its result stays on screen, and how long your own
result stays before a computer moves on (any key, click or button press
moves on at once). "instant" makes no pauses at all.
"""

from tabletop.core.i18n import N_

PACES = {"slow": 1.8, "normal": 1.0, "fast": 0.4, "instant": 0.0}
PACE_CHOICES = [("slow", N_("Slow")), ("normal", N_("Normal")), ("fast", N_("Fast")), ("instant", N_("Instant"))]

THINK_MS = 700  # a computer's pause before it acts
SHOW_MS = 1300  # how long a computer's result stays before the next move
READ_MS = 1800  # how long your own result stays before a computer moves on


def factor(settings) -> float:
    return PACES.get(settings.computer_pace, 1.0)
