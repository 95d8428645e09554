"""The launcher's "Learn to play": every game with its lessons (when the game
has a tutorial) and its rules page, one screen for a newcomer."""

from __future__ import annotations

from functools import partial

from tabletop.core import registry
from tabletop.core.i18n import game_text, words
from tabletop.ui.setup import tutorial_opener
from tabletop.ui.widgets import Item, Menu, MenuScene

_, ngettext = words(__name__)


class LearnScene(MenuScene):
    def __init__(self, app):
        super().__init__(app)
        self.heading = _("Learn to play")
        self.sub = _("Short lessons on the table, or the rules in short with the goal and your first turn")
        items = []
        for spec in registry.load_all().values():
            opener = tutorial_opener(spec)
            name = game_text(spec, spec.name)
            if opener is not None:
                items.append(
                    Item(
                        _("{game}: lessons").format(game=name),
                        action=partial(opener, self.app, spec.id),
                        key=f"learn:{spec.id}",
                        hint=_("Play short lessons, one idea each; you can leave and come back"),
                    )
                )
            if spec.help_file:
                items.append(
                    Item(
                        _("{game}: how to play").format(game=name) if opener is not None else name,
                        action=partial(self.help, spec),
                        key=f"help:{spec.id}",
                        hint=_("The goal, your first turn, every rule in short, and the controls"),
                    )
                )
        items.append(Item(_("Back"), action=self.back, key="back"))
        self.menu = Menu(items, y=150, w=640, x=320, row=44, sound=app.sounds, on_back=self.back)

    def help(self, spec):
        from tabletop.ui.help import HelpScene

        self.app.push(HelpScene(self.app, spec))
