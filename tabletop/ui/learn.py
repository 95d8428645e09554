"""The launcher's "Learn to play": every game with its lessons (when the game
has a tutorial) and its rules page, one screen for a newcomer."""

from __future__ import annotations

from functools import partial

from tabletop.core import registry
from tabletop.ui.setup import tutorial_opener
from tabletop.ui.widgets import Item, Menu, MenuScene


class LearnScene(MenuScene):
    heading = "Learn to play"
    sub = "Short lessons on the table, or the rules in short with the goal and your first turn"

    def __init__(self, app):
        super().__init__(app)
        items = []
        for spec in registry.load_all().values():
            opener = tutorial_opener(spec)
            if opener is not None:
                items.append(
                    Item(
                        f"{spec.name}: lessons",
                        action=partial(opener, self.app, spec.id),
                        key=f"learn:{spec.id}",
                        hint="Play short lessons, one idea each; you can leave and come back",
                    )
                )
            if spec.help_file:
                items.append(
                    Item(
                        f"{spec.name}: how to play" if opener is not None else spec.name,
                        action=partial(self.help, spec),
                        key=f"help:{spec.id}",
                        hint="The goal, your first turn, every rule in short, and the controls",
                    )
                )
        items.append(Item("Back", action=self.back, key="back"))
        self.menu = Menu(items, y=150, w=640, x=320, row=44, sound=app.sounds, on_back=self.back)

    def help(self, spec):
        from tabletop.ui.help import HelpScene

        self.app.push(HelpScene(self.app, spec))
