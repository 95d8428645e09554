"""Typing a player's own name: a small box over the setup screen.

Letters typed go in (SDL text input, so any keyboard layout and accents work); Backspace
takes one back; Enter keeps the name; Esc leaves it as it was. Without a keyboard, an on-screen
letter picker does the same: the d-pad (or arrows) moves over the letters, A (or a click) types
the one lit, B takes a letter back (and leaves, on an empty box), Start keeps the name, Back
(View) leaves it as it was, the shoulder buttons switch capitals. The help below says this for
the device in use (input.hints). An empty name keeps the old one. Names are at most ``MAX``
characters and never a word a game keeps for itself (``GameSpec.reserved_names``: a card colour,
so a log line never reads "Blue's blue card"; a clear one-line reason says why). What is typed
follows the one name rule (``core.names``): a character that cannot be seen or that turns the
text around is left out as it comes, and one line says so."""

from __future__ import annotations

import pygame

from tabletop.core import registry
from tabletop.core.i18n import N_, game_text, words
from tabletop.core.names import Invalid, check_name, clean_name, describe
from tabletop.input import hints
from tabletop.input.devices import menu_buttons
from tabletop.ui import gfx
from tabletop.ui.scene import Scene, cursor_on, till_blink

_, ngettext = words(__name__)

MAX = 14
# the letter picker: rows of keys on the design canvas; a key is (label, what it types or does, columns wide)
ROWS: tuple[tuple[tuple[str, str, int], ...], ...] = (
    tuple((c, c, 1) for c in "ABCDEFGHIJ"),
    tuple((c, c, 1) for c in "KLMNOPQRST"),
    tuple((c, c, 1) for c in "UVWXYZ-'.&"),
    tuple((c, c, 1) for c in "1234567890"),
    (("Aa", "shift", 2), (N_("Space"), " ", 3), ("⌫", "delete", 2), (N_("Done"), "done", 3)),
)
# what an invite needs (tabletop://HOST:PORT/CODE): the picker over the join form
INVITE_ROWS: tuple[tuple[tuple[str, str, int], ...], ...] = (
    tuple((c, c, 1) for c in "ABCDEFGHIJ"),
    tuple((c, c, 1) for c in "KLMNOPQRST"),
    tuple((c, c, 1) for c in "UVWXYZ:/.-"),
    tuple((c, c, 1) for c in "1234567890"),
    (("Aa", "shift", 2), (N_("Space"), " ", 3), ("⌫", "delete", 2), (N_("Done"), "done", 3)),
)
KEY_W, KEY_H, GAP = 62, 48, 6
GRID_X, GRID_Y = 640 - (10 * KEY_W + 9 * GAP) / 2, 262


def reserved_names() -> dict[str, str]:
    """Every word (lower case) some game keeps for itself, and what it is there: no player is called
    by it in any game (a name moves from game to game)."""
    out: dict[str, str] = {}
    for spec in registry.load_all().values():
        out.update(spec.reserved_names)
    return out


def refusal(name: str) -> str:
    """Why ``name`` cannot be a player's name, or "" when it can."""
    for spec in registry.load_all().values():
        what = spec.reserved_names.get(name.strip().lower())
        if what is not None:
            return _("{name} is {what}: a log line would not say who did what. Choose another name.").format(
                name=name.strip(), what=game_text(spec, what)
            )
    return ""


class NameEntry(Scene):
    opaque = False
    rows = ROWS  # the letter picker's keys
    max_len = MAX
    a_name = True  # the box holds a person's name: the name rule applies (not to an invite)

    def __init__(self, app, title: str, current: str, on_done, on_cancel=None, leave: str = ""):
        super().__init__(app)
        self.title = title
        self.old = current
        self.text = current
        self.on_done = on_done
        self.on_cancel = on_cancel  # called when the box is left without a new name (first start: the default)
        self.leave = leave or _("leaves the name as it was")  # what Esc (a pad's Back) does, for the help line
        self.error = ""
        self.upper = not current  # the picker starts a name with a capital
        self.at = (0, 0)  # the picker's lit key: (row, index in the row)
        self.key_rects: list = []  # (pixel rect, row, index) of the keys drawn last

    # -- the letter picker ----------------------------------------------------------------
    def key_box(self, row: int, i: int) -> tuple[float, float, float, float]:
        """Where key ``i`` of ``row`` sits on the design canvas."""
        col = sum(k[2] for k in self.rows[row][:i])
        span = self.rows[row][i][2]
        x = GRID_X + col * (KEY_W + GAP)
        return x, GRID_Y + row * (KEY_H + GAP), span * KEY_W + (span - 1) * GAP, KEY_H

    def label(self, row: int, i: int) -> str:
        text = self.rows[row][i][0]
        return _(text) if len(text) > 1 or self.upper else text.lower()

    def press_key(self, row: int, i: int) -> None:
        """Type (or do) what the key says."""
        what = self.rows[row][i][1]
        self.app.sounds.play("click")
        if what == "shift":
            self.upper = not self.upper
        elif what == "delete":
            self.delete()
        elif what == "done":
            self.finish(True)
        else:
            self.type(what if self.upper else what.lower())
            self.upper = what == " "  # a new word starts with a capital

    def delete(self) -> None:
        self.text = self.text[:-1]
        self.upper = self.upper or not self.text  # an emptied box starts again with a capital

    def type(self, letters: str) -> None:
        text, left_out = clean_name(self.text + letters, typing=True) if self.a_name else (self.text + letters, "")
        self.text = text[: self.max_len]
        self.error = left_out

    def move(self, direction: str) -> None:
        """Light the next key that way (rows of different widths line up by their middles)."""
        row, i = self.at
        if direction in ("left", "right"):
            self.at = (row, (i + (1 if direction == "right" else -1)) % len(self.rows[row]))
        else:
            row = (row + (1 if direction == "down" else -1)) % len(self.rows)
            x, _y, w, _h = self.key_box(*self.at)
            middle = x + w / 2
            best = min(
                range(len(self.rows[row])),
                key=lambda k: abs(self.key_box(row, k)[0] + self.key_box(row, k)[2] / 2 - middle),
            )
            self.at = (row, best)
        self.app.sounds.play("click")

    def on_enter(self):
        pygame.key.start_text_input()

    def on_exit(self):
        pygame.key.stop_text_input()

    def finish(self, keep: bool):
        name = clean_name(self.text)[0] if self.a_name else " ".join(self.text.split())
        if keep and name:
            why = refusal(name) if self.a_name else ""
            try:
                if self.a_name and not why:
                    check_name(name, "A name")
            except Invalid as e:
                why = str(e)
            if why:
                self.error = why
                self.app.sounds.play("refuse")
                return
            self.app.pop(self)
            self.on_done(name)
            return
        self.app.pop(self)
        if self.on_cancel is not None:
            self.on_cancel()

    def handle(self, event, pad_changes):
        if event is not None and event.type == pygame.TEXTINPUT:
            self.type(event.text)
            return
        if event is not None and event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.text = self.text[:-1]
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.finish(True)
                return
            if event.key == pygame.K_ESCAPE:
                self.finish(False)
                return
            arrows = {pygame.K_UP: "up", pygame.K_DOWN: "down", pygame.K_LEFT: "left", pygame.K_RIGHT: "right"}
            if event.key in arrows:  # the arrows walk the picker; letter keys type (TEXTINPUT)
                self.move(arrows[event.key])
            return
        if event is not None and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, row, i in self.key_rects:
                if rect.collidepoint(event.pos):
                    self.at = (row, i)
                    self.press_key(row, i)
                    return
        if any(down and name == "back" for _iid, name, down in pad_changes):  # the pad's cancel: as it was
            self.finish(False)
            return
        for b in menu_buttons(None, pad_changes):  # a gamepad: the letter picker
            if b in ("up", "down", "left", "right"):
                self.move(b)
            elif b == "confirm":
                self.press_key(*self.at)
            elif b == "back":
                if self.text:
                    self.delete()
                    self.app.sounds.play("click")
                else:
                    self.finish(False)
            elif b == "pause":
                self.finish(True)
            elif b in ("prev", "next"):
                self.upper = not self.upper
            if self.app.stack and self.app.stack[-1] is not self:
                return  # finished: the rest of this frame's presses belong to the screen below

    def next_frame(self) -> float | None:
        return till_blink()  # the cursor blinks

    def draw(self, surf, vp):
        gfx.shade(surf, 170)
        r = vp.r(290, 96, 700, 516)
        gfx.panel(surf, r, gfx.PANEL, radius=vp.s(14), border=gfx.GOLD, width=max(1, vp.s(2)))
        gfx.draw_fitted(surf, self.title, vp.r(320, 110, 640, 40), vp.s(26), gfx.GOLD, bold=True, lines=1)
        field = vp.r(370, 160, 540, 52)
        gfx.panel(surf, field, (250, 246, 232), radius=vp.s(8), border=gfx.HILITE, width=max(1, vp.s(2)))
        shown = self.text + ("|" if cursor_on() else " ")
        gfx.draw_fitted(surf, shown, field.inflate(-vp.s(24), -4), vp.s(26), gfx.INK, align="left", lines=1)
        gfx.draw_fitted(
            surf,
            ngettext("{n} of {max} letter", "{n} of {max} letters", self.max_len).format(
                n=len(self.text), max=self.max_len
            ),
            vp.r(370, 216, 540, 24),
            vp.s(14),
            gfx.GREY,
            align="right",
        )
        self.key_rects = []
        for row, keys in enumerate(self.rows):
            for i in range(len(keys)):
                rect = vp.r(*self.key_box(row, i))
                lit = (row, i) == self.at
                gfx.panel(
                    surf,
                    rect,
                    (60, 70, 92) if lit else (34, 40, 54),
                    radius=vp.s(6),
                    border=gfx.HILITE if lit else (70, 78, 100),
                    width=max(1, vp.s(2) if lit else 1),
                )
                gfx.draw_fitted(
                    surf, self.label(row, i), rect.inflate(-vp.s(6), -2), vp.s(22), gfx.WHITE, bold=lit, lines=1
                )
                self.key_rects.append((rect, row, i))
        missing = gfx.missing_glyphs(self.text) if self.a_name else []
        boxes = (
            _("{character} shows as an empty box: the game's font lacks it.").format(character=describe(missing[0]))
            + " "
            if missing
            else ""
        )
        typed = {what: hints.button(hints.KEYS, what) for what in ("confirm", "back")}
        pad = {what: hints.button(hints.PAD, what) for what in ("confirm", "back", "pause")}
        note = self.error or boxes + hints.words(
            self.app.last_device,
            _("Click the letters, then Done; or type on the keyboard and press {confirm}. {back} {leave}.").format(
                leave=self.leave, **typed
            ),
            _("Type the name, then {confirm}. {back} {leave}.").format(leave=self.leave, **typed),
            _(
                "{confirm} types the lit letter, {back} takes one back, {pause} keeps the new name. Back {leave}."
            ).format(leave=self.leave, **pad),
        )
        gfx.draw_fitted(
            surf, note, vp.r(320, 538, 640, 64), vp.s(17), gfx.REFUSE if self.error else gfx.GREY, min_px=vp.s(15)
        )


def own_name_entry(app, then=None, first: bool = False) -> NameEntry:
    """The box for the player's own name (Settings, the setup screen's first person, the first
    start): a new name is kept in settings.json at once; ``then()`` follows either way. At the first
    start Esc skips, and the player is called ``settings.DEFAULT_NAME`` until they choose."""
    from tabletop.settings import DEFAULT_NAME

    def keep(name: str) -> None:
        app.settings.name = name
        app.settings.save()
        if then is not None:
            then()

    def skip() -> None:
        if first:
            keep(DEFAULT_NAME)
        elif then is not None:
            then()

    if first:
        return NameEntry(
            app,
            _("Welcome! What is your name?"),
            "",
            keep,
            on_cancel=skip,
            leave=_('skips: you are "{name}" until you choose a name in Settings').format(name=_(DEFAULT_NAME)),
        )
    return NameEntry(app, _("Your name"), app.settings.name, keep, on_cancel=skip)


def ask_name_first(app) -> None:
    """The first start: the player is asked their name over the first screen (once: skipping keeps
    the default name, and Settings changes it later)."""

    def shown() -> None:  # the screen below shows the new name (a setup's first seat)
        build = getattr(app.stack[-1], "build", None) if app.stack else None
        if build is not None:
            build()

    if not app.settings.name:
        app.push(own_name_entry(app, then=shown, first=True))
