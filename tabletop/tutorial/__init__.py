"""Interactive tutorials: every game teaches itself on its own table.

A game lists its lessons in its own folder and links them from its spec
(``GameSpec.tutorial``: a function returning a list of ``Lesson``);
the engine here runs any game's lessons: hand-set positions, the lesson's
words, a light on what to touch, coaching, success read from the game
state, progress kept in the settings.

Entry points for menus: ``open_tutorial(app, game_id)`` (the lesson list)
and ``offer_first_time(app, spec, play)`` (once per game, on its first start).
"""

from __future__ import annotations

from tabletop.core.i18n import game_text, words

from .lesson import Lesson, has_tutorial, lessons_for, touching

_, ngettext = words(__name__)

__all__ = ["Lesson", "touching", "lessons_for", "has_tutorial", "open_tutorial", "offer_first_time"]


def open_tutorial(app, game_id: str) -> None:
    """Show the lesson list of ``game_id``'s tutorial (a message if it has none)."""
    from tabletop.core import registry

    from .menu import LessonList

    try:
        spec = registry.get(game_id)
    except KeyError:
        app.toast(_("There is no game {game}.").format(game=repr(game_id)))
        return
    if not has_tutorial(spec):
        name = game_text(spec, spec.name)
        if spec.help_file:
            app.toast(_("{game} has no lessons yet: its How to play page explains the rules.").format(game=name))
        else:
            app.toast(_("{game} has no lessons yet.").format(game=name))
        return
    app.push(LessonList(app, spec))


def offer_first_time(app, spec, play) -> bool:
    """On a game's first start, offer its tutorial (once per game, remembered in the settings).
    Returns True when the offer is shown: it calls ``play()`` if the player chooses to play."""
    from . import progress
    from .menu import Offer

    if not has_tutorial(spec) or progress.was_offered(app.settings, spec.id):
        return False
    if progress.finished(app.settings, spec.id):  # lessons played already: this is no first game
        progress.mark_offered(app.settings, spec.id)
        return False
    progress.mark_offered(app.settings, spec.id)
    app.push(Offer(app, spec, play))
    return True
