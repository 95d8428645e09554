"""The launcher: choose a game (its setup screen is in setup.py), continue a
kept game or watch a finished one (ui/kept.py), change the settings."""

from __future__ import annotations

from functools import partial

from tabletop.core import registry
from tabletop.core.i18n import words
from tabletop.input import hints
from tabletop.ui.pace import PACE_CHOICES
from tabletop.ui.setup import Setup
from tabletop.ui.tiles import TileMenu
from tabletop.ui.widgets import Item, Menu, MenuScene

_, ngettext = words(__name__)

TEXT_SIZES = [100, 125, 150]  # settings.Values.text_size
WINDOW_SIZES = [(800, 600), (1024, 768), (1280, 720), (1600, 900), (1920, 1080)]
COLOUR_VISION = [  # settings.Values.colour_vision
    ("usual", "Usual"),
    ("protanopia", "Protanopia (red-weak)"),
    ("deuteranopia", "Deuteranopia (green-weak)"),
    ("tritanopia", "Tritanopia (blue-weak)"),
]
PEEK_CHOICES = [(False, "Hold to look"), (True, "Press to open, again to close")]  # settings.Values.hold_toggles
TEXT_HINT = "Menus, hints, help and lessons in larger text, as far as their boxes allow (tables keep theirs)"
COLOUR_HINT = "Players' colours that stay apart for your eyes (names and symbols always show too)"
MOTION_HINT = "On: nothing shakes, and nothing moves faster than the normal animation speed"
NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")


class Launcher(MenuScene):
    heading = "tabletop"
    sub = "Fight-themed card and board games: play the computer, or friends here or online"

    def on_enter(self):
        self.build()

    def build(self):
        games = registry.load_all()
        count = NUMBERS[len(games)] if len(games) < len(NUMBERS) else str(len(games))
        self.sub = (
            f"{count.capitalize()} fight-themed card and board games: play the computer, or friends here or online"
        )
        items = []
        from tabletop.ui.kept import kept_items

        items += kept_items(self)
        for spec in games.values():
            items.append(
                Item(
                    spec.name,
                    action=partial(self.open_game, spec),
                    key=spec.id,
                    hint=lambda: hints.words(
                        self.app.last_device,
                        "Click: choose the players and start",
                        "Enter: choose the players and start · arrows: move",
                        "A: choose the players and start · d-pad: move",
                        "Enter, a click or the gamepad's A: choose the players and start · arrows or d-pad: move",
                    ),
                )
            )
        for pkg, why in registry.LOAD_ERRORS.items():
            self.app.toast(f"The game in folder {pkg!r} could not be loaded: {why}")
        items.append(Item("Learn to play", action=self.learn, key="", hint="Lessons and rules for every game"))
        items.append(Item("Play online", action=self.online, hint="Host or join a game with a friend elsewhere"))
        items.append(Item("Settings", action=lambda: self.app.push(SettingsScene(self.app))))
        items.append(Item("Quit", action=self.app.quit))
        self.menu = TileMenu(items, sound=self.app.sounds, on_back=None)
        last = self.app.last_game  # back from a game: its tile has the focus
        self.menu.focus = next((i for i, it in enumerate(items) if it.key and it.key == last), self.menu.focus)

    def open_game(self, spec):
        self.app.last_game = spec.id
        self.app.push(Setup(self.app, spec))

    def online(self):
        from tabletop.ui.online import OnlineMenu

        self.app.push(OnlineMenu(self.app))

    def learn(self):
        from tabletop.ui.learn import LearnScene

        self.app.push(LearnScene(self.app))


class SettingsScene(MenuScene):
    heading = "Settings"

    def on_enter(self):
        s = self.app.settings
        onoff = [(True, "On"), (False, "Off")]
        vols = [(v / 10, f"{v * 10}%") for v in range(0, 11)]
        vol_idx = min(range(11), key=lambda i: abs(vols[i][0] - s["volume"]))
        speeds = [(0.5, "Slow"), (1.0, "Normal"), (2.0, "Fast")]
        sp_idx = min(range(3), key=lambda i: abs(speeds[i][0] - s["animation_speed"]))
        # the games with a practice aid (an "assist" option on their setup screen)
        aided = " and ".join(
            spec.name for spec in registry.load_all().values() if any(o.key == "assist" for o in spec.rules.options)
        )
        items = [
            Item(
                f"Your name: {s.own_name()}",
                action=self.name,
                key="name",
                hint="What everybody at the table, here or online, calls you",
            ),
            Item("Sound", choices=onoff, index=0 if s["sound"] else 1, on_change=self._sound),
            Item("Volume", choices=vols, index=vol_idx, on_change=self._volume),
            Item("Animations", choices=speeds, index=sp_idx, on_change=lambda v: s.__setitem__("animation_speed", v)),
            Item(
                "Computer turns",
                choices=PACE_CHOICES,
                index=[v for v, _ in PACE_CHOICES].index(s["computer_pace"]),
                on_change=lambda v: s.__setitem__("computer_pace", v),
                hint="How long each computer move, and your own result, stays on screen",
            ),
            Item(
                "Practice aid in every game",
                choices=onoff,
                index=0 if s["assist"] else 1,
                on_change=lambda v: s.__setitem__("assist", v),
                hint=f"On: chances glow whatever the setup screen says ({aided}). Off: the setup screen decides",
            ),
            *self.access_items(),
            Item("Controls", action=self.controls, hint="Change any key or gamepad button; back to the defaults"),
            Item("Back", action=self.back),
        ]
        self.menu = Menu(items, y=120, w=800, x=240, row=42, sound=self.app.sounds, on_back=self.back, split=0.5)

    def access_items(self) -> list[Item]:
        """The rows that fit the program to its player (docs/accessibility.md)."""
        s, app = self.app.settings, self.app
        sizes = list(WINDOW_SIZES)
        now = None if s["fullscreen"] else tuple(app.screen.get_size())
        if now is not None and now not in sizes:
            sizes.append(now)
        windows = [(size, f"{size[0]} × {size[1]}") for size in sizes] + [(None, "Full screen")]

        def row(label, key, choices, hint, redraw=False) -> Item:
            """A row that sets ``key`` to the chosen value (``redraw``: everything is drawn anew with it)."""
            return Item(
                label,
                choices=choices,
                index=[v for v, _ in choices].index(s[key]),
                on_change=lambda v: (s.__setitem__(key, v), redraw and app.apply_look()),
                hint=hint,
            )

        return [
            row("Text size", "text_size", [(p, f"{p}%") for p in TEXT_SIZES], TEXT_HINT, redraw=True),
            Item(
                "Window size",
                choices=windows,
                index=[v for v, _ in windows].index(now),
                on_change=app.set_window,
                hint=lambda: hints.words(
                    app.last_device,
                    _("Or drag the window's edge; F11 switches full screen"),
                    _("F11 switches full screen"),
                    _("Left / right on the d-pad choose the size"),
                ),
            ),
            row("Colour vision", "colour_vision", COLOUR_VISION, COLOUR_HINT, redraw=True),
            row("Reduce motion", "reduce_motion", [(True, "On"), (False, "Off")], MOTION_HINT),
            row(
                "Peek button",
                "hold_toggles",
                PEEK_CHOICES,
                "In Peek mode: keep your cards shown without holding a button",
            ),
        ]

    def name(self):
        from tabletop.ui.name_entry import own_name_entry

        def shown():
            focus = self.menu.focus
            self.on_enter()  # the new name on its row
            self.menu.focus = focus

        self.app.push(own_name_entry(self.app, then=shown))

    def controls(self):
        from tabletop.ui.controls import ControlsScene

        self.app.push(ControlsScene(self.app))

    def _sound(self, v):
        self.app.settings["sound"] = v
        self.app.sounds.enabled = v

    def _volume(self, v):
        self.app.settings["volume"] = v
        self.app.sounds.volume = v

    def on_exit(self):
        self.app.settings.save()
