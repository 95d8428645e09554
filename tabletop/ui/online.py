"""Play online: Host (a game, its options, who sits where) and Join (address and room code),
a waiting room, and the game's own table drawing the views the server sends (docs/online.md)."""

from __future__ import annotations

import asyncio

import pygame

from tabletop.core import registry
from tabletop.core.registry import REALTIME
from tabletop.input.devices import menu_buttons
from tabletop.online import protocol as P
from tabletop.online.remote import KNOWN_TOKENS, NetThread, RemoteSession, local_address, url_of
from tabletop.ui import gfx
from tabletop.ui.scene import Scene
from tabletop.ui.setup import MoreOptions, level_name
from tabletop.ui.widgets import Item, Menu, MenuScene, background, title

HERE, ELSEWHERE = "here", "remote"


class OnlineMenu(MenuScene):
    heading = "Play online"
    sub = "Play with a friend on another computer"

    def on_enter(self):
        self.menu = Menu(
            [
                Item(
                    "Host a game",
                    action=lambda: self.app.push(HostScene(self.app)),
                    hint="This computer holds the game",
                ),
                Item(
                    "Join a game",
                    action=lambda: self.app.push(JoinScene(self.app)),
                    hint="Type the host's address and code",
                ),
                Item("Back", action=self.back),
            ],
            x=440,
            y=200,
            w=400,
            sound=self.app.sounds,
            on_back=self.back,
        )


class HostScene(MenuScene):
    heading = "Host a game"
    sub = "Choose the game and who plays; a friend joins with the address and code shown next"

    def __init__(self, app):
        super().__init__(app)
        self.specs = [s for s in registry.load_all().values() if s.make_table is not None]
        self.spec = self.specs[0]
        self.reset_seats()
        self.build()

    def reset_seats(self):
        self.players = self.spec.min_players
        self.kinds = [HERE, ELSEWHERE] + [f"computer:{self.spec.bot_levels[0]}"] * (self.spec.max_players - 2)
        self.options = self.spec.rules.default_options()

    def build(self):
        spec = self.spec
        focus = self.menu.items[self.menu.focus].key if self.menu.items else ""
        games = [(s.id, s.name) for s in self.specs]
        items = [
            Item("Host", action=self.host, key="host", hint="Open the room and show its address and code"),
            Item("Game", choices=games, index=self.specs.index(spec), on_change=self._game, key="game"),
        ]
        if spec.max_players > spec.min_players:
            ch = [(n, str(n)) for n in range(spec.min_players, spec.max_players + 1)]
            items.append(
                Item("Players", choices=ch, index=self.players - spec.min_players, on_change=self._players, key="n")
            )
        kinds = [(HERE, "Person here"), (ELSEWHERE, "Person elsewhere")] + [
            (f"computer:{lv}", f"Computer: {level_name(lv)}") for lv in spec.bot_levels
        ]
        values = [k[0] for k in kinds]
        for i in range(self.players):
            idx = values.index(self.kinds[i]) if self.kinds[i] in values else 0
            items.append(
                Item(
                    gfx.PLAYER_NAMES[i],
                    choices=kinds,
                    index=idx,
                    key=f"seat{i}",
                    on_change=lambda v, i=i: self._kind(i, v),
                )
            )
        for opt in self.main_options():
            items.append(self.option_item(opt))
        if self.more_options():
            items.append(
                Item(
                    "More options",
                    action=lambda: self.app.push(MoreOptions(self.app, self)),
                    key="more",
                    hint="Variants, tournament and referee settings",
                )
            )
        items.append(Item("Back", action=self.back, key="back"))
        self.menu = Menu(items, y=150, w=560, x=360, sound=self.app.sounds, on_back=self.back)
        for i, it in enumerate(items):
            if it.key == focus:
                self.menu.focus = i

    # What the "More options" page asks of a setup (it is shared with the games' own setups).
    def main_options(self):
        return [o for o in self.spec.rules.options if getattr(o, "main", False)]

    def more_options(self):
        return [o for o in self.spec.rules.options if not getattr(o, "main", False)]

    def option_item(self, opt) -> Item:
        vals = [c[0] for c in opt.choices]
        return Item(
            opt.label,
            choices=list(opt.choices),
            index=vals.index(self.options[opt.key]) if self.options[opt.key] in vals else 0,
            hint=opt.help,
            key=f"opt:{opt.key}",
            on_change=lambda v, k=opt.key: self.options.__setitem__(k, v),
        )

    def has_secrecy(self) -> bool:
        return False  # online, each person keeps their secrets on their own screen

    def _game(self, gid):
        self.spec = next(s for s in self.specs if s.id == gid)
        self.reset_seats()
        self.build()

    def _players(self, n):
        self.players = n
        self.build()

    def _kind(self, i, v):
        self.kinds[i] = v

    def seats(self) -> list[dict]:
        out = []
        for i in range(self.players):
            k = self.kinds[i]
            if k.startswith("computer:"):
                out.append({"kind": "computer", "name": f"Computer {gfx.PLAYER_NAMES[i]}", "level": k.split(":", 1)[1]})
            else:
                out.append({"kind": k, "name": gfx.PLAYER_NAMES[i], "level": ""})
        return out

    def host(self):
        seats = self.seats()
        if not any(s["kind"] == HERE for s in seats):
            self.app.toast("At least one seat must be a person here: the host plays too.")
            return
        if not any(s["kind"] == ELSEWHERE for s in seats):
            self.app.toast("Choose at least one person elsewhere, or play from the games list at one computer.")
            return
        here = sum(s["kind"] == HERE for s in seats)
        if here > 1 and (self.spec.dynamics == REALTIME or self.spec.hidden_info):
            self.app.toast("Online, this game has one person at each computer: make the others 'elsewhere'.")
            return
        net = NetThread()
        try:
            port = net.host()
            net.connect(f"ws://127.0.0.1:{port}")
            net.run(net.client.create(self.spec.id, seats, self.options))
        except Exception as e:  # a port we cannot open, a firewall: say so and stay here
            net.close()
            self.app.toast(f"Could not start the server: {e}")
            return
        if net.client.errors:
            net.close()
            self.app.toast(net.client.errors[-1])
            return
        address = f"{local_address()}:{port}"
        print(f"tabletop: hosting {self.spec.name} at {address}, room code {net.client.room}", flush=True)
        self.app.push(WaitingRoom(self.app, net, address=address))


class JoinScene(Scene):
    """Two text boxes (the host's address, the room code) and Join; keys type, Tab and the arrows move."""

    def __init__(self, app):
        super().__init__(app)
        self.fields = {"address": "", "code": ""}
        self.order = ["address", "code", "join", "back"]
        self.focus = 0
        self.error = ""
        self.rects: dict[str, pygame.Rect] = {}
        self.pending = None  # (net thread, address, future) while connecting

    def on_enter(self):
        pygame.key.start_text_input()

    def on_exit(self):
        pygame.key.stop_text_input()

    def back(self):
        self.app.pop(self)

    def handle(self, event, pad_changes):
        key = self.order[self.focus]
        if event is not None and event.type == pygame.TEXTINPUT and key in self.fields:
            limit = 80 if key == "address" else P.CODE_LEN + 2
            self.fields[key] = (self.fields[key] + event.text)[:limit]
            return
        if event is not None and event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE and key in self.fields:
                self.fields[key] = self.fields[key][:-1]
                return
            if event.key == pygame.K_TAB:
                self.focus = (self.focus + (-1 if event.mod & pygame.KMOD_SHIFT else 1)) % len(self.order)
                return
            if event.key == pygame.K_v and event.mod & pygame.KMOD_CTRL and key in self.fields:
                try:
                    self.fields[key] += (pygame.scrap.get_text() or "").strip()[:80]
                except Exception:
                    pass
                return
        if event is not None and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for k, r in self.rects.items():
                if r.collidepoint(event.pos):
                    self.focus = self.order.index(k)
                    self._confirm(k)
            return
        for b in menu_buttons(event, pad_changes):
            if b == "up":
                self.focus = (self.focus - 1) % len(self.order)
            elif b == "down":
                self.focus = (self.focus + 1) % len(self.order)
            elif b == "confirm":
                self._confirm(key)
            elif b == "back":
                if key in self.fields and self.fields[key] and event is not None and event.type == pygame.KEYDOWN:
                    continue  # Backspace in a box deletes (handled above); Esc still leaves
                self.back()

    def _confirm(self, key):
        if key in self.fields:
            self.focus = min(self.focus + 1, len(self.order) - 1)
        elif key == "join":
            self.join()
        elif key == "back":
            self.back()

    def join(self):
        if self.pending is not None:
            return
        address, code = self.fields["address"].strip(), P.normal_code(self.fields["code"])
        if not address:
            self.error = "Type the host's address, as their screen shows it."
            return
        if len(code) != P.CODE_LEN:
            self.error = f"The room code has {P.CODE_LEN} letters and numbers."
            return
        net = NetThread()

        async def go():
            from tabletop.online.client import Client

            net.client = Client(url_of(address))
            await net.client.connect()
            await net.client.join(code, token=KNOWN_TOKENS.get((url_of(address), code)))

        self.error = f"Connecting to {address}..."
        self.pending = (net, address, asyncio.run_coroutine_threadsafe(go(), net.loop))

    def update(self, dt_ms):
        """The connection is made on the network thread; the window stays alive meanwhile."""
        if self.pending is None or not self.pending[2].done():
            return
        net, address, fut = self.pending
        self.pending = None
        try:
            fut.result()
        except Exception:
            net.close()
            self.error = f"No game answers at {address}. Check the address and that the host is waiting."
            return
        if net.client.errors or not net.client.you:
            self.error = net.client.errors[-1] if net.client.errors else "The host did not answer."
            net.close()
            return
        self.error = ""
        self.app.push(WaitingRoom(self.app, net))

    def draw(self, surf, vp):
        background(surf)
        title(surf, vp, "Join a game", "Type what the host's screen shows")
        self.rects = {}
        y = 190
        labels = {"address": "Host's address", "code": "Room code"}
        for i, k in enumerate(self.order):
            focused = i == self.focus
            if k in self.fields:
                gfx.blit_text(surf, labels[k], vp.s(20), vp.p(360, y), gfx.GREY)
                r = vp.r(360, y + 30, 560, 54)
                gfx.panel(
                    surf,
                    r,
                    (34, 40, 54),
                    radius=vp.s(8),
                    border=gfx.HILITE if focused else (80, 90, 110),
                    width=max(1, vp.s(2)),
                )
                shown = self.fields[k] + ("|" if focused and pygame.time.get_ticks() // 500 % 2 == 0 else "")
                gfx.blit_text(surf, shown, vp.s(28), (r.x + vp.s(16), r.centery), gfx.WHITE, anchor="midleft")
                self.rects[k] = r
                y += 110
            else:
                r = vp.r(360 if k == "join" else 650, y + 10, 270, 50)
                gfx.panel(
                    surf,
                    r,
                    (60, 70, 92) if focused else (34, 40, 54),
                    radius=vp.s(8),
                    border=gfx.HILITE if focused else None,
                    width=max(1, vp.s(2)),
                )
                gfx.blit_text(
                    surf,
                    "Join" if k == "join" else "Back",
                    vp.s(24),
                    r.center,
                    gfx.WHITE,
                    bold=focused,
                    anchor="center",
                )
                self.rects[k] = r
        if self.error:
            colour = gfx.GREY if self.pending is not None else gfx.REFUSE
            gfx.draw_fitted(surf, self.error, vp.r(290, 506, 700, 56), vp.s(20), colour, valign="top", lines=2)
        hint = "Tab or the arrows move between boxes, Enter joins. The code ignores case and dashes."
        gfx.blit_text(surf, hint, vp.s(16), vp.p(gfx.DESIGN_W / 2, gfx.DESIGN_H - 28), gfx.GREY, anchor="center")


class WaitingRoom(Scene):
    """Who is here; the host also sees the address and the room code to tell the others."""

    def __init__(self, app, net: NetThread, address: str = ""):
        super().__init__(app)
        self.net = net
        self.address = address
        self.started = False
        self.menu = Menu([Item("Leave", action=self.leave)], x=490, y=560, w=300, sound=app.sounds, on_back=self.leave)

    def leave(self):
        self.net.close()
        self.app.pop(self)

    def handle(self, event, pad_changes):
        self.menu.handle(event, pad_changes, self.app.vp)

    def update(self, dt_ms):
        c = self.net.client
        if c.closed:
            self.app.toast(c.bad or "The connection to the host was lost.", 6000)
            self.leave()
            return
        if not self.started and c.views and c.you and c.you[0] in c.views and not c.status.get("paused", True):
            self.started = True
            self.app.replace(remote_table(self.app, RemoteSession(self.net)))

    def draw(self, surf, vp):
        background(surf)
        c = self.net.client
        name = c.spec.name if c.spec else ""
        title(surf, vp, name, "Waiting for everybody to join")
        if self.address:
            gfx.blit_text(surf, "Tell your friend:", vp.s(22), vp.p(640, 165), gfx.GREY, anchor="center")
            gfx.blit_text(
                surf, f"Address  {self.address}", vp.s(34), vp.p(640, 215), gfx.WHITE, bold=True, anchor="center"
            )
            gfx.blit_text(surf, f"Code  {c.room}", vp.s(48), vp.p(640, 280), gfx.GOLD, bold=True, anchor="center")
        y = 350
        for i, s in enumerate(c.seats):
            where = {"here": "here", "remote": "elsewhere", "computer": "computer"}.get(s["kind"], s["kind"])
            ok = s["kind"] == "computer" or s.get("here")
            line = f"{s['name']} ({where}): " + ("ready" if ok else "waiting...")
            if i in c.you:
                line += "  (you)"
            gfx.blit_text(surf, line, vp.s(22), vp.p(640, y), gfx.GREEN if ok else gfx.GREY, anchor="center")
            y += 34
        self.menu.draw(surf, vp)


class _RemoteTable:
    """Mixed into a game's table class: the table draws its seat's view from the server; this adds
    the pause while somebody is away, pings and jitter, and leaving closes the connection."""

    def update(self, dt_ms):
        s = self.session
        if s.client.bad or s.client.closed_reason:  # the host cannot go on, or sent what we cannot use
            self._give_up(s.client.bad or s.client.closed_reason)
            return
        try:
            self._update(dt_ms)
        except Exception as e:
            self._failed(e)

    def handle(self, event, pad_changes):
        try:
            super().handle(event, pad_changes)
        except Exception as e:
            self._failed(e)

    def _failed(self, e: Exception) -> None:
        """A view the checks let through that the table still cannot use: never a crash of the program."""
        print(f"tabletop: online table stopped: {P.why(e)}", flush=True)
        self._give_up("The host sent a game this program cannot show, so it was left.")

    def _give_up(self, text: str) -> None:
        if getattr(self, "_gave_up", False):
            return
        self._gave_up = True
        self.app.toast(text, 6000)
        self.leave()

    def _update(self, dt_ms):
        s = self.session
        if s.client.closed and s.outcome() is None:
            # dropped: come back to the same seat with its token, every two seconds until it works
            self._retry_ms = getattr(self, "_retry_ms", 0.0) - dt_ms
            if self._retry_ms <= 0:
                self._retry_ms = 2000.0
                s.net.rejoin()
                self.say("The connection was lost: joining again...", 2500)
            return
        if s.paused_for():
            return  # the game waits, as for an unplugged gamepad
        if s.spec.dynamics == REALTIME and hasattr(self, "t"):
            self.t = max(self.t, min(s.client.round_clock(), self.t + 200))
        super().update(dt_ms)
        if s.spec.dynamics == REALTIME and hasattr(getattr(self, "hands", None), "pos"):
            self._share_hands(dt_ms)

    def _share_hands(self, dt_ms):
        """Own hands move at once here and are sent ~15 times a second; the others' hands follow
        what their computers sent, smoothed so they glide rather than jump."""
        s = self.session
        c = s.client
        self._hands_ms = getattr(self, "_hands_ms", 0.0) + dt_ms
        if self._hands_ms >= 66:
            self._hands_ms = 0.0
            for seat in s.you:
                pos = [list(self.hands.pos[seat * 2]), list(self.hands.pos[seat * 2 + 1])]
                msg = {"type": "hands", "seat": seat, "pos": pos}
                s.net.loop.call_soon_threadsafe(lambda m=msg: asyncio.ensure_future(c.send(m)))
        pos = list(self.hands.pos)
        k = min(1.0, dt_ms / 60.0)
        for seat, target in list(c.hands.items()):
            if seat in s.you:
                continue
            for h, (tx, ty) in enumerate(target):
                i = seat * 2 + h
                if i < len(pos):
                    x, y = pos[i]
                    pos[i] = (x + (tx - x) * k, y + (ty - y) * k)
        self.hands = type(self.hands)(tuple(pos))

    def draw(self, surf, vp):
        if getattr(self, "_gave_up", False):
            return
        try:
            super().draw(surf, vp)
        except Exception as e:
            self._failed(e)
            return
        s = self.session
        net = s.client.net
        pings = net.get("ping") or []
        jit = net.get("jitter") or []
        parts = []
        for i, seat in enumerate(s.seats):
            if seat.kind == "computer" or i >= len(pings) or pings[i] is None:
                continue
            parts.append(f"{seat.name} {pings[i]} ms ±{jit[i] or 0}")
        line = " · ".join(parts) if parts else "measuring the connection..."
        if net.get("casual"):
            line += " · casual match"  # jitter above the 50 ms window: timing this fine cannot be judged
        px = gfx.fit_px(line, vp.s(14), vp.s(270))
        gfx.blit_text(surf, line, px, vp.p(8, 4), gfx.GREY)
        away = s.paused_for()
        if away:
            gfx.shade(surf, 150)
            text = f"Paused: waiting for {', '.join(away)} to come back"
            gfx.blit_text(surf, text, vp.s(30), vp.p(640, 340), gfx.GOLD, bold=True, anchor="center")

    def on_focus_lost(self):
        """Online the game goes on for the others: looking at another window pauses nothing."""

    def play_again(self):
        self.leave()

    def leave(self):
        self.session.net.close()
        super().leave()


def remote_table(app, session: RemoteSession):
    """The game's own table, drawing from the server (the class gains _RemoteTable's few methods)."""
    table = session.spec.make_table(app, session)
    base = type(table)
    table.__class__ = type(f"Remote{base.__name__}", (_RemoteTable, base), {})
    return table
