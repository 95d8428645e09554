"""A game's setup screen: its players (person or computer level), each
person's controls and the game's options, then Start."""

from __future__ import annotations

from tabletop.core.registry import SIMULTANEOUS, TURNS
from tabletop.input.bindings import SCHEME_LABELS, SCHEMES
from tabletop.session import Seat, Session
from tabletop.ui import gfx
from tabletop.ui.widgets import Item, Menu, MenuScene


def start_table(app, session) -> None:
    if session.spec.make_table is None:
        app.toast(f"{session.spec.name} has no table yet.")
        return
    app.push(session.spec.make_table(app, session))


def _seat_choices(spec):
    out = [("human", "Person")]
    for level in spec.bot_levels:
        out.append((f"computer:{level}", f"Computer ({level})"))
    return out


class Setup(MenuScene):
    def __init__(self, app, spec):
        super().__init__(app)
        self.spec = spec
        self.heading = spec.name
        self.sub = spec.blurb
        last = app.settings["last_setup"].get(spec.id, {}) if isinstance(app.settings["last_setup"], dict) else {}
        self.players = (
            last.get("players", spec.min_players) if isinstance(last.get("players"), int) else spec.min_players
        )
        self.players = max(spec.min_players, min(spec.max_players, self.players))
        default_seats = ["human"] + [f"computer:{spec.bot_levels[0]}"] * (spec.max_players - 1)
        seats = last.get("seats") if isinstance(last.get("seats"), list) else []
        self.seat_kind = [
            seats[i] if i < len(seats) and isinstance(seats[i], str) else default_seats[i]
            for i in range(spec.max_players)
        ]
        schemes = last.get("controls") if isinstance(last.get("controls"), list) else []
        default_schemes = ["keys-left", "keys-right", "gamepad", "gamepad", "gamepad", "gamepad"]
        self.schemes = [
            schemes[i] if i < len(schemes) and schemes[i] in SCHEMES else default_schemes[i]
            for i in range(spec.max_players)
        ]
        opts = last.get("options") if isinstance(last.get("options"), dict) else {}
        try:
            self.options = spec.rules.check_options(opts)
        except ValueError:
            self.options = spec.rules.default_options()
        self.build()

    def build(self):
        spec = self.spec
        items: list[Item] = []
        focus_key = self.menu.items[self.menu.focus].key if self.menu.items else ""
        items.append(Item("Start", action=self.start, key="start", hint="Start the game with these players"))
        if spec.max_players > spec.min_players:
            ch = [(n, str(n)) for n in range(spec.min_players, spec.max_players + 1)]
            items.append(
                Item(
                    "Players",
                    choices=ch,
                    index=[c[0] for c in ch].index(self.players),
                    on_change=self._set_players,
                    key="players",
                )
            )
        kinds = _seat_choices(spec)
        for i in range(self.players):
            name = gfx.PLAYER_NAMES[i]
            values = [k[0] for k in kinds]
            idx = values.index(self.seat_kind[i]) if self.seat_kind[i] in values else 0
            items.append(
                Item(name, choices=kinds, index=idx, key=f"seat{i}", on_change=lambda v, i=i: self._set_kind(i, v))
            )
            if self.seat_kind[i] == "human" and spec.dynamics != TURNS:
                sch = [(s, SCHEME_LABELS[s]) for s in SCHEMES]
                items.append(
                    Item(
                        f"{name} plays with",
                        choices=sch,
                        index=SCHEMES.index(self.schemes[i]),
                        key=f"ctl{i}",
                        on_change=lambda v, i=i: self._set_scheme(i, v),
                    )
                )
        for opt in spec.rules.options:
            values = [c[0] for c in opt.choices]
            idx = values.index(self.options[opt.key]) if self.options[opt.key] in values else 0
            items.append(
                Item(
                    opt.label,
                    choices=list(opt.choices),
                    index=idx,
                    hint=opt.help,
                    key=f"opt:{opt.key}",
                    on_change=lambda v, k=opt.key: self.options.__setitem__(k, v),
                )
            )
        if spec.hidden_info and spec.dynamics == SIMULTANEOUS:
            modes = [("curtain", "Curtain (take turns looking)"), ("peek", "Peek (hold your peek button)")]
            idx = 0 if self.app.settings["secrecy"] == "curtain" else 1
            items.append(
                Item(
                    "Secret choices",
                    choices=modes,
                    index=idx,
                    key="secrecy",
                    hint="How two people keep their cards secret on one screen",
                    on_change=lambda v: self.app.settings.__setitem__("secrecy", v),
                )
            )
        if spec.help_file:
            items.append(Item("How to play", action=self.help, key="help"))
        items.append(Item("Back", action=self.back, key="back"))
        self.menu = Menu(items, y=150, w=560, x=360, sound=self.app.sounds, on_back=self.back)
        for i, it in enumerate(items):
            if it.key == focus_key:
                self.menu.focus = i

    def _set_players(self, n):
        self.players = n
        self.build()

    def _set_kind(self, i, v):
        self.seat_kind[i] = v
        self.build()

    def _set_scheme(self, i, v):
        self.schemes[i] = v

    def help(self):
        from tabletop.ui.help import HelpScene

        self.app.push(HelpScene(self.app, self.spec))

    def conflict(self) -> str:
        humans = [i for i in range(self.players) if self.seat_kind[i] == "human"]
        if self.spec.dynamics == TURNS:
            return ""
        used: dict[str, int] = {}
        for i in humans:
            sc = self.schemes[i]
            parts = ["keys-left", "keys-right"] if sc == "keyboard" else [sc]
            for p in parts:
                if p in ("gamepad",):
                    continue
                if p in used:
                    return (
                        f"{gfx.PLAYER_NAMES[used[p]]} and {gfx.PLAYER_NAMES[i]} both use "
                        f"{SCHEME_LABELS[p].lower()}: choose different controls"
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
        for i in range(self.players):
            kind = self.seat_kind[i]
            if kind == "human":
                scheme = self.schemes[i] if self.spec.dynamics != TURNS else None
                seats.append(Seat(gfx.PLAYER_NAMES[i], "human", scheme=scheme))
            else:
                seats.append(Seat(gfx.PLAYER_NAMES[i], "computer", level=kind.split(":", 1)[1]))
        last = dict(self.app.settings["last_setup"])
        last[self.spec.id] = {
            "players": self.players,
            "seats": self.seat_kind,
            "controls": self.schemes,
            "options": self.options,
        }
        self.app.settings["last_setup"] = last
        self.app.settings.save()
        session = Session.new(self.spec, seats, self.options)
        start_table(self.app, session)
