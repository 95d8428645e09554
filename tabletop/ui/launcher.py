"""The launcher: choose a game (its setup screen is in setup.py), continue a
kept game or watch a finished one (ui/kept.py), change the settings."""

from __future__ import annotations

from functools import partial

from tabletop.core import i18n, registry
from tabletop.core.i18n import N_, game_text, words
from tabletop.input import hints
from tabletop.ui.pace import PACE_CHOICES
from tabletop.ui.setup import Setup
from tabletop.ui.tiles import TileMenu
from tabletop.ui.widgets import Item, Menu, MenuScene

_, ngettext = words(__name__)

TEXT_SIZES = [100, 125, 150]  # settings.Values.text_size
WINDOW_SIZES = [(800, 600), (1024, 768), (1280, 720), (1600, 900), (1920, 1080)]
COLOUR_VISION = [  # settings.Values.colour_vision
    ("usual", N_("Usual")),
    ("protanopia", N_("Protanopia (red-weak)")),
    ("deuteranopia", N_("Deuteranopia (green-weak)")),
    ("tritanopia", N_("Tritanopia (blue-weak)")),
]
PEEK_CHOICES = [(False, N_("Hold to look")), (True, N_("Press to open, again to close"))]  # Values.hold_toggles
TEXT_HINT = N_("Menus, hints, help and lessons in larger text, as far as their boxes allow (tables keep theirs)")
COLOUR_HINT = N_("Players' colours that stay apart for your eyes (names and symbols always show too)")
MOTION_HINT = N_("On: nothing shakes, and nothing moves faster than the normal animation speed")


def said(choices: list[tuple]) -> list[tuple]:
    """(value, label) choices with their labels in the player's language."""
    return [(value, _(label)) for value, label in choices]


class Launcher(MenuScene):
    heading = "tabletop"  # the program's name, in every language

    def on_enter(self):
        self.build()

    def build(self):
        games = registry.load_all()
        self.sub = ngettext(
            "{n} fight-themed card or board game: play the computer, or friends here or online",
            "{n} fight-themed card and board games: play the computer, or friends here or online",
            len(games),
        ).format(n=len(games))
        items = []
        from tabletop.ui.kept import kept_items

        items += kept_items(self)
        for spec in games.values():
            items.append(
                Item(
                    game_text(spec, spec.name),
                    action=partial(self.open_game, spec),
                    key=spec.id,
                    hint=lambda: hints.words(
                        self.app.last_device,
                        _("Click: choose the players and start"),
                        _("Enter: choose the players and start · arrows: move"),
                        _("A: choose the players and start · d-pad: move"),
                        _("Enter, a click or the gamepad's A: choose the players and start · arrows or d-pad: move"),
                    ),
                )
            )
        for pkg, why in registry.LOAD_ERRORS.items():
            self.app.toast(
                _("The game in folder {folder} could not be loaded: {why}").format(folder=repr(pkg), why=why)
            )
        items.append(Item(_("Learn to play"), action=self.learn, key="", hint=_("Lessons and rules for every game")))
        items.append(Item(_("Play online"), action=self.online, hint=_("Host or join a game with a friend elsewhere")))
        items.append(Item(_("Settings"), action=lambda: self.app.push(SettingsScene(self.app))))
        items.append(Item(_("Quit"), action=self.app.quit))
        self.menu = TileMenu(items, sound=self.app.sounds, on_back=None)
        last = self.app.last_game  # back from a game: its tile has the focus
        self.menu.focus = next((i for i, it in enumerate(items) if it.key and it.key == last), self.menu.focus)

    def retranslate(self) -> None:
        self.build()

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
    def on_enter(self):
        self.heading = _("Settings")
        s = self.app.settings
        onoff = [(True, _("On")), (False, _("Off"))]
        vols = [(v / 10, f"{v * 10}%") for v in range(0, 11)]
        vol_idx = min(range(11), key=lambda i: abs(vols[i][0] - s.volume))
        speeds = [(0.5, _("Slow")), (1.0, _("Normal")), (2.0, _("Fast"))]
        sp_idx = min(range(3), key=lambda i: abs(speeds[i][0] - s.animation_speed))
        # the games with a practice aid (an "assist" option on their setup screen)
        aided = _(" and ").join(
            game_text(spec, spec.name)
            for spec in registry.load_all().values()
            if any(o.key == "assist" for o in spec.rules.options)
        )
        items = [
            Item(
                _("Your name: {name}").format(name=s.own_name()),
                action=self.name,
                key="name",
                hint=_("What everybody at the table, here or online, calls you"),
            ),
            Item(_("Sound"), choices=onoff, index=0 if s.sound else 1, on_change=self._sound),
            Item(_("Volume"), choices=vols, index=vol_idx, on_change=self._volume),
            Item(_("Animations"), choices=speeds, index=sp_idx, on_change=lambda v: setattr(s, "animation_speed", v)),
            Item(
                _("Computer turns"),
                choices=said(PACE_CHOICES),
                index=[v for v, _label in PACE_CHOICES].index(s.computer_pace),
                on_change=lambda v: setattr(s, "computer_pace", v),
                hint=_("How long each computer move, and your own result, stays on screen"),
            ),
            Item(
                _("Practice aid in every game"),
                choices=onoff,
                index=0 if s.assist else 1,
                on_change=lambda v: setattr(s, "assist", v),
                hint=_(
                    "On: chances glow whatever the setup screen says ({games}). Off: the setup screen decides"
                ).format(games=aided),
            ),
            *self.access_items(),
            Item(
                _("Language"),
                choices=list(i18n.LANGUAGES.items()),
                index=list(i18n.LANGUAGES).index(i18n.language()) if i18n.language() in i18n.LANGUAGES else 0,
                on_change=self.app.set_language,
                key="language",
            ),
            Item(_("Controls"), action=self.controls, hint=_("Change any key or gamepad button; back to the defaults")),
            Item(_("Back"), action=self.back),
        ]
        self.menu = Menu(
            items, y=104, w=800, x=240, row=40, sound=self.app.sounds, on_back=self.back, split=0.5, widen=True
        )

    def access_items(self) -> list[Item]:
        """The rows that fit the program to its player (docs/accessibility.md)."""
        s, app = self.app.settings, self.app
        sizes = list(WINDOW_SIZES)
        now = None if s.fullscreen else tuple(app.screen.get_size())
        if now is not None and now not in sizes:
            sizes.append(now)
        windows = [(size, f"{size[0]} × {size[1]}") for size in sizes] + [(None, _("Full screen"))]

        def row(label, key, choices, hint, redraw=False) -> Item:
            """A row that sets ``key`` to the chosen value (``redraw``: everything is drawn anew with it)."""

            def change(v) -> None:
                setattr(s, key, v)
                if redraw:
                    app.apply_look()

            return Item(
                label,
                choices=choices,
                index=[v for v, _label in choices].index(getattr(s, key)),
                on_change=change,
                hint=hint,
            )

        return [
            row(_("Text size"), "text_size", [(p, f"{p}%") for p in TEXT_SIZES], _(TEXT_HINT), redraw=True),
            Item(
                _("Window size"),
                choices=windows,
                index=[v for v, _label in windows].index(now),
                on_change=app.set_window,
                hint=lambda: hints.words(
                    app.last_device,
                    _("Or drag the window's edge; F11 switches full screen"),
                    _("F11 switches full screen"),
                    _("Left / right on the d-pad choose the size"),
                ),
            ),
            row(_("Colour vision"), "colour_vision", said(COLOUR_VISION), _(COLOUR_HINT), redraw=True),
            row(_("Reduce motion"), "reduce_motion", [(True, _("On")), (False, _("Off"))], _(MOTION_HINT)),
            row(
                _("Peek button"),
                "hold_toggles",
                said(PEEK_CHOICES),
                _("In Peek mode: keep your cards shown without holding a button"),
            ),
        ]

    def retranslate(self) -> None:
        """Settings > Language changed: every row in the new language, the focus where it was."""
        focus = self.menu.focus
        self.on_enter()
        self.menu.focus = focus

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
        self.app.settings.sound = v
        self.app.sounds.enabled = v

    def _volume(self, v):
        self.app.settings.volume = v
        self.app.sounds.volume = v

    def on_exit(self):
        self.app.settings.save()
