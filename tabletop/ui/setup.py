"""A game's setup screen, for people: who plays (a person or a computer
level, a person's controls), the game's main choices, "Learn to play" and
"How to play", then Start. Tournament and referee settings wait under one
"More options" entry. A panel beside the menu says what the focused choice
means (a boxer's HP, style and cards, a computer level, a control scheme).

Games shape the screen through their registration only: ``spec.bot_levels``
(easiest first), each ``Option.main`` flag, and optionally
``spec.option_details(key, value) -> markdown`` and
``spec.level_notes = {level: sentence}``.
"""

from __future__ import annotations

import re
from functools import partial
from typing import Any, Protocol

from tabletop import adaptive
from tabletop.core.i18n import N_, game_text, words
from tabletop.core.names import computer_name, told_apart
from tabletop.core.registry import GameSpec
from tabletop.input import hints
from tabletop.input.bindings import SCHEME_LABELS, SCHEMES
from tabletop.session import Seat, Session
from tabletop.settings import DEFAULTS
from tabletop.ui import gfx, help
from tabletop.ui.name_entry import NameEntry, own_name_entry, refusal
from tabletop.ui.widgets import Item, Menu, MenuScene

_, ngettext = words(__name__)

SCHEME_NOTES = {
    "mouse": N_("The mouse: point, click and drag."),
    "keys-left": N_("The left half of the keyboard: W A S D and the keys around them."),
    "keys-right": N_("The right half of the keyboard: the arrow keys and the keys around them."),
    "keyboard": N_("The whole keyboard, for one person when nobody else uses keys."),
    "gamepad": N_("A gamepad: sticks or d-pad to move, A to choose, B to go back."),
}
# the mouse in a real-time game, where each hand has a button of its own
REALTIME_MOUSE = N_(
    "The left button works the left hand, the right button the right hand, and the keys 1 to 5 press the claim buttons."
)


DEFAULT_SCHEMES = ("mouse", "keys-right", "gamepad", "gamepad", "gamepad", "gamepad")  # by seat


def start_table(app, session) -> None:
    if session.spec.make_table is None:
        app.toast(_("{game} has no table yet.").format(game=game_text(session.spec, session.spec.name)))
        return
    if not session.spec.dynamics.shares_input and not session.remote:
        # A kept game whose people have no controls written (one played online, from the host's
        # side) is played here: each person gets controls of their own, never the same keys.
        taken = {s.scheme for s in session.seats if s.scheme}
        spare = [sc for sc in DEFAULT_SCHEMES if sc not in taken or sc == "gamepad"]
        for seat in session.seats:
            if seat.kind == "human" and seat.scheme is None and spare:
                seat.scheme = spare.pop(0)
    app.push(session.spec.make_table(app, session))


def tutorial_opener(spec=None):
    """``open_tutorial(app, game_id)``, or None when the game given has no lessons."""
    from tabletop.tutorial import has_tutorial, open_tutorial

    if spec is not None and not has_tutorial(spec):
        return None
    return open_tutorial


def level_name(level: str, spec=None) -> str:
    """A level as a player reads it ("Beginner" stays, an id like "easy" becomes "Easy"), in the player's
    language when the game ``spec`` is given (its catalogue)."""
    name = level if level[:1].isupper() else level.replace("-", " ").replace("_", " ").capitalize()
    return game_text(spec, name) if spec is not None else name


def remembered_seat(spec, kind) -> str | None:
    """A seat choice kept from the last setup, as today's choice: a level's old name maps to its new
    one (when the game says so), an unknown level to the easiest; anything else: None."""
    if kind == "human" or (kind == adaptive.SEAT and spec.bot_levels):
        return kind
    if not isinstance(kind, str) or not kind.startswith("computer:") or not spec.bot_levels:
        return None
    name = kind.split(":", 1)[1]
    mapped = spec.level_name(name)
    return f"computer:{mapped or spec.bot_levels[0]}"


def listed(value) -> list:
    """A kept setting that should be a list, as one: anything else is an empty list."""
    return value if isinstance(value, list) else []


def seat_choices(spec) -> list[tuple[str, str]]:
    """A person, then every computer level the game registers, easiest first, then the Adaptive computer."""
    levels = [(f"computer:{lv}", _("Computer: {level}").format(level=level_name(lv, spec))) for lv in spec.bot_levels]
    return [("human", _("Person")), *levels] + ([(adaptive.SEAT, _("Computer: Adaptive"))] if levels else [])


def easiest(spec) -> str:
    return f"computer:{spec.bot_levels[0]}" if spec.bot_levels else "human"


def _assist_default(spec, seat_kind, players) -> bool:
    """Practice aids are on against the easiest computer level."""
    return bool(spec.bot_levels) and easiest(spec) in seat_kind[1:players]


class Setup(MenuScene):
    def __init__(self, app, spec):
        self._goal: str | None = None  # the help page's "The goal" section, read once (goal)
        super().__init__(app)
        self.spec = spec
        self.heading = game_text(spec, spec.name)
        self.sub = game_text(spec, spec.blurb)
        last = app.settings.last_setup.get(spec.id, {}) if isinstance(app.settings.last_setup, dict) else {}
        if not isinstance(last, dict):
            last = {}
        players = last.get("players")
        players = players if isinstance(players, int) and not isinstance(players, bool) else spec.min_players
        self.players = max(spec.min_players, min(spec.max_players, players))
        # the seats kept from last time: a level that no longer exists becomes the easiest, never a person
        self.seat_kind = ["human"] + [easiest(spec)] * (spec.max_players - 1)
        for i, k in enumerate(listed(last.get("seats"))[: spec.max_players]):
            kind = remembered_seat(spec, k)
            if kind is not None:
                self.seat_kind[i] = kind
        schemes = listed(last.get("controls"))
        defaults = (hints.play_scheme(app.last_device), *DEFAULT_SCHEMES[1:])  # the first follows the device used
        self.schemes = [
            schemes[i] if i < len(schemes) and schemes[i] in SCHEMES else defaults[i] for i in range(spec.max_players)
        ]
        opts = last.get("options") if isinstance(last.get("options"), dict) else {}
        try:
            self.options = spec.rules.check_options(opts)
        except ValueError:
            self.options = spec.rules.default_options()
        self.assist_chosen = last.get("assist_chosen") is True
        names = listed(last.get("names"))
        self.names = [  # a name typed by a player is remembered; a bad one falls back to the default
            names[i]
            if i < len(names) and isinstance(names[i], str) and names[i].strip() and not refusal(names[i])
            else gfx.PLAYER_NAMES[i]
            for i in range(spec.max_players)
        ][: spec.max_players]
        self._follow_assist()
        self.build()

    # -- who is who ----------------------------------------------------------------------
    def me(self) -> int | None:
        """The seat of the player at this computer: the first person's (named as in Settings)."""
        return next((i for i in range(self.players) if self.seat_kind[i] == "human"), None)

    def seat_names(self) -> list[str]:
        """The name of each seat as the table will show it: the player's own name on the first
        person's seat, the names typed for the others, each computer as the computer at its level;
        two alike are told apart ("Ana (2)")."""
        computers = [i for i in range(self.players) if self.seat_kind[i] != "human"]
        names = []
        for i in range(self.players):
            kind = self.seat_kind[i]
            if kind != "human":
                number = computers.index(i) + 1 if len(computers) > 1 else None
                level = _("Adaptive") if kind == adaptive.SEAT else level_name(kind.split(":", 1)[1], self.spec)
                names.append(computer_name(level, number))
            else:
                names.append(self.app.settings.own_name() if i == self.me() else self.names[i])
        return told_apart(names)

    # -- the menu -------------------------------------------------------------------
    def main_options(self):
        return [o for o in self.spec.rules.options if o.main]

    def more_options(self):
        return [o for o in self.spec.rules.options if not o.main]

    def option_item(self, opt, on_change=None) -> Item:
        values = [c[0] for c in opt.choices]
        idx = values.index(self.options[opt.key]) if self.options[opt.key] in values else 0
        return Item(
            game_text(self.spec, opt.label),
            choices=[(value, game_text(self.spec, label)) for value, label in opt.choices],
            index=idx,
            hint=game_text(self.spec, opt.help),
            key=f"opt:{opt.key}",
            on_change=on_change or (lambda v, k=opt.key: self._set_option(k, v)),
        )

    def build(self):
        spec = self.spec
        items: list[Item] = []
        focus_key = self.menu.items[self.menu.focus].key if self.menu.items else "start"
        if spec.max_players > spec.min_players:
            ch = [
                (n, ngettext("{n} player", "{n} players", n).format(n=n))
                for n in range(spec.min_players, spec.max_players + 1)
            ]
            items.append(
                Item(
                    _("Players"),
                    choices=ch,
                    index=[c[0] for c in ch].index(self.players),
                    on_change=self._set_players,
                    key="players",
                    hint=_("How many play: people, computers or a mix"),
                )
            )
        kinds = seat_choices(spec)
        values = [k[0] for k in kinds]
        names = self.seat_names()
        for i in range(self.players):
            name = names[i]
            items.append(
                Item(
                    name,
                    choices=kinds,
                    index=values.index(self.seat_kind[i]),
                    key=f"seat{i}",
                    on_change=partial(self.set_kind, i),
                    hint=_("Who plays seat {n}: a person at this computer or the computer at a level").format(n=i + 1),
                )
            )
            if self.seat_kind[i] == "human":
                items.append(
                    Item(
                        _("Change your name") if i == self.me() else _("{name}: type a name").format(name=name),
                        action=partial(self.type_name, i),
                        key=f"name{i}",
                        hint=lambda: hints.words(
                            self.app.last_device,
                            _("Type your own name, or click its letters"),
                            _("Type your own name"),
                            _("Spell your own name with the letter picker"),
                        ),
                    )
                )
            if self.seat_kind[i] == "human" and self.controls_matter():
                sch = [(s, _(SCHEME_LABELS[s])) for s in SCHEMES]
                items.append(
                    Item(
                        _("{name} plays with").format(name=name),
                        choices=sch,
                        index=SCHEMES.index(self.schemes[i]),
                        key=f"ctl{i}",
                        on_change=partial(self._set_scheme, i),
                        hint=_("Each person needs their own controls"),
                    )
                )
        if tutorial_opener(spec) is not None:
            items.append(
                Item(
                    _("Learn to play"),
                    action=self.learn,
                    key="learn",
                    hint=_("Short lessons on the table, one idea each"),
                )
            )
        if spec.help_file:
            items.append(
                Item(_("How to play"), action=self.help, key="help", hint=_("The rules in short, and the controls"))
            )
        for opt in self.main_options():
            items.append(self.option_item(opt))
        if self.more_options() or self.has_secrecy():
            items.append(
                Item(
                    _("More options"),
                    action=self.more,
                    key="more",
                    hint=_("Variants, tournament and referee settings"),
                )
            )
        items.append(Item(_("Start"), action=self.start, key="start", hint=_("Start the game with these players")))
        items.append(Item(_("Back"), action=self.back, key="back"))
        self.menu = Menu(items, y=140, w=560, x=50, row=44, sound=self.app.sounds, on_back=self.back)
        for i, it in enumerate(items):
            if it.key == focus_key:
                self.menu.focus = i
        self.menu.show_focus()

    def controls_matter(self) -> bool:
        """Whether each person chooses their controls: always in a real-time game (they steer its hands),
        else only when two or more people share this computer. One person against the computer uses
        the mouse, any key and any pad at once, so a "plays with" choice would change nothing."""
        if self.spec.dynamics.clocked:
            return True
        people = sum(1 for kind in self.seat_kind[: self.players] if kind == "human")
        return not self.spec.dynamics.shares_input and people > 1

    def has_secrecy(self) -> bool:
        return self.spec.hidden_info and self.spec.dynamics.commits_at_once

    def _set_players(self, n):
        self._change_seats(lambda: setattr(self, "players", n))

    def set_kind(self, i, v):
        self._change_seats(lambda: self.seat_kind.__setitem__(i, v))

    def _who_plays(self) -> tuple[bool, ...]:
        return tuple(kind == "human" for kind in self.seat_kind[: self.players])

    def _change_seats(self, change) -> None:
        """A player's choice of the practice aid holds while the same people and computers play (a level
        changed keeps it); a person turned computer or back makes another game, and the aid follows it
        again (two people: off; a person against the easiest computer: on)."""
        before = self._who_plays()
        change()
        if self._who_plays() != before:
            self.assist_chosen = False
        self._follow_assist()
        self.build()

    def _set_scheme(self, i, v):
        self.schemes[i] = v

    def _set_option(self, key, value):
        self.options[key] = value
        if key == "assist":
            self.assist_chosen = True

    def _follow_assist(self):
        """Until the player sets it, an "assist" option follows the opponents: on against the easiest level."""
        if "assist" in self.options and not self.assist_chosen:
            self.options["assist"] = _assist_default(self.spec, self.seat_kind, self.players)

    def help(self):
        from tabletop.ui.help import HelpScene

        self.app.push(HelpScene(self.app, self.spec))

    def learn(self):
        opener = tutorial_opener(self.spec)
        if opener is not None:
            opener(self.app, self.spec.id)

    def more(self):
        self.app.push(MoreOptions(self.app, self))

    # -- the panel: what the focused choice means -----------------------------------------
    def details(self) -> str:
        """Markdown for the panel beside the menu."""
        item = self.menu.items[self.menu.focus] if self.menu.items else None
        key = item.key if item is not None else ""
        spec = self.spec
        names = self.seat_names()
        if key.startswith("seat"):
            i = int(key[4:])
            kind = self.seat_kind[i]
            if kind == "human":
                if i == self.me():
                    return (
                        "### "
                        + _("{name}: you").format(name=names[i])
                        + "\n\n"
                        + _("You play this seat. Your name is kept in Settings.")
                    )
                return (
                    "### "
                    + _("{name}: a person").format(name=names[i])
                    + "\n\n"
                    + _("Somebody else at this computer plays {name}.").format(name=names[i])
                )
            if kind == adaptive.SEAT:
                now = level_name(adaptive.level_now(self.app.settings, spec), spec)
                return (
                    "### "
                    + _("{name}: the computer, adaptive").format(name=names[i])
                    + "\n\n"
                    + _(
                        "It plays **{level}** next. After each game it moves one level up when you win and one down"
                        " when you lose, towards the level where you win about half your games. It never changes"
                        " during a game."
                    ).format(level=now)
                )
            level = kind.split(":", 1)[1]
            note = game_text(spec, spec.level_notes.get(level, ""))
            rank = spec.bot_levels.index(level) + 1
            n = len(spec.bot_levels)
            if rank == 1:
                told = ngettext(
                    "**{level}** is the easiest of {n} computer level.",
                    "**{level}** is the easiest of {n} computer levels.",
                    n,
                )
            elif rank == n:
                told = ngettext(
                    "**{level}** is the strongest of {n} computer level.",
                    "**{level}** is the strongest of {n} computer levels.",
                    n,
                )
            else:
                told = ngettext(
                    "**{level}** is level {rank} of {n} computer level.",
                    "**{level}** is level {rank} of {n} computer levels.",
                    n,
                )
            ladder = "\n".join(
                "- " + (_("**{level}** (chosen)") if lv == level else "{level}").format(level=level_name(lv, spec))
                for lv in spec.bot_levels
            )
            return (
                "### "
                + _("{name}: the computer").format(name=names[i])
                + "\n\n"
                + told.format(level=level_name(level, spec), rank=rank, n=n)
                + f"\n\n{note}\n\n"
                + _("The levels, easiest first:")
                + f"\n\n{ladder}"
            )
        if key.startswith("ctl"):
            i = int(key[3:])
            note = _(SCHEME_NOTES.get(self.schemes[i], ""))
            if self.schemes[i] == "mouse" and spec.dynamics.clocked:
                note += " " + _(REALTIME_MOUSE)
            return "### " + _("{name} plays with").format(name=names[i]) + f"\n\n{note}"
        if key.startswith("opt:"):
            okey = key[4:]
            describe = spec.option_details
            text = describe(okey, self.options[okey]) if describe else ""
            opt = next(o for o in spec.rules.options if o.key == okey)
            return text or f"### {game_text(spec, opt.label)}\n\n{game_text(spec, opt.help)}"
        if key == "learn":
            return (
                "### "
                + _("Learn to play")
                + "\n\n"
                + _("Short lessons on a real table: each one shows one idea and lets you try it.")
            )
        if key == "help":
            return (
                "### "
                + _("How to play")
                + "\n\n"
                + _("The goal, your first turn, every rule in short, and the controls.")
            )
        if key == "more":
            changed = [
                f"- {game_text(spec, o.label)}: {self.choice_label(o)}"
                for o in self.more_options()
                if self.options[o.key] != o.default
            ]
            if self.has_secrecy() and self.app.settings.secrecy != USUAL_SECRECY:
                mode = _(dict(SECRECY_MODES)[self.app.settings.secrecy])
                changed.append("- " + _("Secret choices: {mode}").format(mode=mode))
            return (
                "### "
                + _("More options")
                + "\n\n"
                + (_("Changed from the usual:") + "\n\n" + "\n".join(changed) if changed else _("Everything as usual."))
            )
        lines = []
        for i in range(self.players):
            kind = self.seat_kind[i]
            if kind == "human":
                if self.controls_matter():
                    how = _(SCHEME_LABELS[self.schemes[i]])
                    who = (_("you ({controls})") if i == self.me() else _("a person ({controls})")).format(controls=how)
                else:
                    who = _("you") if i == self.me() else _("a person")
            elif kind == adaptive.SEAT:
                now = level_name(adaptive.level_now(self.app.settings, spec), spec)
                who = _("the computer, adaptive: {level} next").format(level=now)
            else:
                level = kind.split(":", 1)[1]
                if level == spec.bot_levels[0]:
                    who = _("the computer: {level}, the gentlest level").format(level=level_name(level, spec))
                else:
                    who = _("the computer: {level}").format(level=level_name(level, spec))
            lines.append(f"- **{names[i]}**: {who}")
        tip = ""  # the tip names only a button that is there
        if spec.help_file:
            tip = "\n\n" + _(
                "New to the game? **How to play** starts with the goal and your first turn: it takes a minute."
            )
        if tutorial_opener(spec) is not None:
            tip = "\n\n" + _("New to the game? **Learn to play** shows it on the table, one short lesson at a time.")
        return "### " + _("Who plays") + "\n\n" + "\n".join(lines) + tip + self.goal()

    def choice_label(self, opt) -> str:
        """The chosen value of the game's option ``opt`` as the player reads it."""
        value = self.options[opt.key]
        label = dict(opt.choices).get(value)
        return game_text(self.spec, label) if isinstance(label, str) else str(value)

    def goal(self) -> str:
        """The help page's "The goal" section (read once), for the panel beside Start."""
        if self._goal is None:
            self._goal = ""
            if self.spec.help_file:
                # the page's first section is its goal, in any language
                m = re.search(r"^## [^\n]*\n(.*?)(?=^#)", help.read_help(self.spec) + "\n#", re.S | re.M)
                self._goal = "\n\n### " + _("The goal") + "\n" + m.group(1).rstrip() if m else ""
        return self._goal

    def draw(self, surf, vp):
        # in a window squeezed sideways (4:3) the menu takes more of the width, the page beside it less:
        # its rows hold a label and a choice each, the page wraps its lines
        narrow = vp.sx < 0.9 * vp.scale
        self.menu.x, self.menu.w, self.menu.split = (20, 760, 0.4) if narrow else (50, 560, 0.42)
        super().draw(surf, vp)
        r = vp.r(796, 140, 464, 520) if narrow else vp.r(640, 140, 590, 520)
        gfx.panel(surf, r, (14, 40, 30), radius=vp.s(14), border=(60, 110, 80), width=max(1, vp.s(2)))
        inner = r.inflate(-vp.s(40), -vp.s(36))
        ops, _h = help.laid_out(self.details(), inner.w, round(vp.scale * 0.9, 4))
        whole = [op for op in ops if op.y + op.h * 1.25 <= inner.h]  # no line cut in half at the panel's foot
        help.draw_ops(surf, whole, inner.left, inner.top, clip=inner)

    def type_name(self, i: int) -> None:
        if i == self.me():  # the player's own name: kept in Settings, for every game
            self.app.push(own_name_entry(self.app, then=self.build))
            return

        def done(name: str) -> None:
            self.names[i] = name
            self.build()

        self.app.push(NameEntry(self.app, _("Player {n}'s name").format(n=i + 1), self.names[i], done))

    # -- starting -------------------------------------------------------------------------
    def conflict(self) -> str:
        humans = [i for i in range(self.players) if self.seat_kind[i] == "human"]
        names = self.seat_names()
        if self.spec.dynamics.shares_input:
            return ""
        used: dict[str, int] = {}
        for i in humans:
            sc = self.schemes[i]
            parts = ["keys-left", "keys-right"] if sc == "keyboard" else [sc]
            for p in parts:
                if p in ("gamepad",):
                    continue
                if p in used:
                    return _("{name} and {other} both use {controls}: choose different controls").format(
                        name=names[used[p]], other=names[i], controls=_(SCHEME_LABELS[p])
                    )
                used[p] = i
        return ""

    def start(self):
        problem = self.conflict()
        if problem:
            self.app.toast(problem)
            self.app.sounds.play("refuse")
            return
        seats = []
        names = self.seat_names()
        for i in range(self.players):
            kind = self.seat_kind[i]
            if kind == "human":
                scheme = None if self.spec.dynamics.shares_input else self.schemes[i]
                seats.append(Seat(names[i], "human", scheme=scheme))
            elif kind == adaptive.SEAT:
                level = adaptive.level_now(self.app.settings, self.spec)
                seats.append(Seat(names[i], "computer", level=level, adaptive=True))
            else:
                seats.append(Seat(names[i], "computer", level=kind.split(":", 1)[1]))
        last = dict(self.app.settings.last_setup)
        last[self.spec.id] = {
            "players": self.players,
            "seats": self.seat_kind,
            "controls": self.schemes,
            "options": self.options,
            "assist_chosen": self.assist_chosen,
            "names": self.names,
        }
        try:
            self.app.settings.last_setup = last
            self.app.settings.save()
        except ValueError:  # never stop a game from starting over remembering its setup
            pass
        from tabletop.tutorial import offer_first_time

        play = lambda: start_table(self.app, Session.new(self.spec, seats, self.options))  # noqa: E731
        if not any(seat.kind == "human" for seat in seats) or not offer_first_time(self.app, self.spec, play):
            play()


SECRECY_MODES = (("curtain", N_("Curtain (take turns looking)")), ("peek", N_("Peek (hold your peek button)")))
USUAL_SECRECY = DEFAULTS["secrecy"]


class HasOptions(Protocol):
    """What the "More options" page asks of a setup: a game's own (Setup) or an online host's."""

    spec: GameSpec
    options: dict[str, Any]

    def more_options(self) -> list: ...

    def option_item(self, opt) -> Item: ...

    def has_secrecy(self) -> bool: ...

    def build(self) -> None: ...


class MoreOptions(MenuScene):
    """Variants, tournament and referee settings of one setup, on their own page."""

    def __init__(self, app, setup: HasOptions):
        super().__init__(app)
        self.setup = setup
        self.heading = _("More options")
        self.sub = game_text(setup.spec, setup.spec.name)
        items = [setup.option_item(o) for o in setup.more_options()]
        if setup.has_secrecy():
            items.append(
                Item(
                    _("Secret choices"),
                    choices=[(mode, _(label)) for mode, label in SECRECY_MODES],
                    index=[m for m, _label in SECRECY_MODES].index(app.settings.secrecy),
                    key="secrecy",
                    hint=_("How two people keep their cards secret on one screen"),
                    on_change=lambda v: setattr(app.settings, "secrecy", v),
                )
            )
        items.append(
            Item(_("Usual settings"), action=self.usual, key="usual", hint=_("Every option here back as usual"))
        )
        items.append(Item(_("Back"), action=self.back, key="back"))
        self.menu = Menu(items, y=140, w=800, x=240, row=44, sound=app.sounds, on_back=self.back, split=0.5, widen=True)

    def usual(self):
        for o in self.setup.more_options():
            self.setup.options[o.key] = o.default
        if self.setup.has_secrecy():
            self.app.settings.secrecy = USUAL_SECRECY
        focus = self.menu.focus
        MoreOptions.__init__(self, self.app, self.setup)
        self.menu.focus = focus

    def back(self):
        self.setup.build()
        self.app.pop(self)
