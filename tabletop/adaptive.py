"""The "Adaptive" computer seat: a level that follows the player.

A person who picks "Computer: Adaptive" plays the level kept for that game in the settings
(``adaptive``: game id -> level; the easiest at first). After each finished game against it, with
one person at the table, the level moves one step: up after the person wins, down after the person
loses, and stays after a draw. Up after a win and down after a loss settles where this person wins
about half their games (the classic up-down staircase). The move is kept for the next game and
said in one line on the result panel ("Next time: Club boxer"); the level of a game being played
never changes.
"""

from __future__ import annotations

from dataclasses import replace

from tabletop.core.i18n import game_text, words

_, ngettext = words(__name__)

ADAPTIVE = "Adaptive"
SEAT = "computer:" + ADAPTIVE  # the seat choice of the setup screens


def level_now(settings, spec) -> str:
    """The level the Adaptive seat plays in ``spec``'s next game."""
    kept = settings.adaptive.get(spec.id) if isinstance(settings.adaptive, dict) else None
    return spec.level_name(kept) or spec.bot_levels[0]


def step(levels, level: str, person_won: bool | None) -> str:
    """One level up after a win, one down after a loss, the same after a draw (never past either end)."""
    i = levels.index(level) if level in levels else 0
    if person_won is True:
        i = min(len(levels) - 1, i + 1)
    elif person_won is False:
        i = max(0, i - 1)
    return levels[i]


def after_game(settings, session) -> str:
    """After a finished game with an Adaptive seat and one person: the level moved and kept in the
    settings, and the line that says so; "" for any other game. Call it once per finished game."""
    spec = session.spec
    out = session.outcome()
    people = [i for i, s in enumerate(session.seats) if s.kind == "human"]
    adaptive = [s for s in session.seats if s.kind == "computer" and s.adaptive]
    if out is None or len(people) != 1 or not adaptive or not spec.bot_levels:
        return ""
    won = None if out.winner is None else out.winner == people[0]
    played = spec.level_name(adaptive[0].level) or spec.bot_levels[0]
    nxt = step(list(spec.bot_levels), played, won)
    kept = dict(settings.adaptive) if isinstance(settings.adaptive, dict) else {}
    kept[spec.id] = nxt
    try:
        settings.adaptive = kept
        settings.save()
    except ValueError:  # a level that cannot be kept never stops the result from showing
        pass
    level = game_text(spec, nxt)
    if nxt == played:
        return _("Next time: {level} again").format(level=level)
    if won:
        return _("Next time: {level} (one level up)").format(level=level)
    return _("Next time: {level} (one level down)").format(level=level)


def next_seats(settings, spec, seats) -> list:
    """The seats of a rematch: an Adaptive seat plays the level kept for the next game."""
    return [replace(s, level=level_now(settings, spec)) if s.kind == "computer" and s.adaptive else s for s in seats]
