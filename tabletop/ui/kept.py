"""Continue and Replays: the kept games and the finished records, as lists.

The launcher only links here (``kept_items``). Each row shows the game, the
players, when it was saved, the number of moves and who is to act (or the
result). A kept game can be resumed or deleted (deleting asks once); a
finished game can be watched.
"""

from __future__ import annotations

import logging
import os
import sys
from functools import partial

from tabletop import kept, paths, storage, validate
from tabletop.core.i18n import N_, words
from tabletop.input import hints
from tabletop.ui import gfx
from tabletop.ui.setup import start_table
from tabletop.ui.widgets import Item, Menu, MenuScene

_, ngettext = words(__name__)

ROW = 66


def _count(folder) -> int:
    try:
        return sum(1 for n in os.listdir(folder) if n.endswith(".json") and not n.startswith("."))
    except OSError:
        return 0


def kept_items(launcher) -> list[Item]:
    """The launcher's "Continue" and "Replays" buttons: always there, in the same places (a click
    remembered from last time lands on the same button), greyed out while there is nothing to open."""
    app = launcher.app
    games = _count(paths.games_dir()) + _count(paths.data_dir() / "online") + paths_old_autosave()
    replays = _count(paths.saves_dir())
    return [
        Item(
            _("Continue ({n})").format(n=games) if games else _("Continue"),  # short: it shares a row of buttons
            action=lambda: app.push(ContinueScene(app)),
            enabled=bool(games),
            hint=ngettext(
                "{n} unfinished game kept: carry it on, or delete it",
                "{n} unfinished games kept: carry one on, or delete it",
                games,
            ).format(n=games)
            if games
            else _("No unfinished game yet: a game you leave before its end waits here"),
        ),
        Item(
            _("Replays"),
            action=lambda: app.push(ReplaysScene(app)),
            enabled=bool(replays),
            hint=_("Watch a finished game again, move by move")
            if replays
            else _("No finished game yet: every game played to its end can be watched again here"),
        ),
    ]


def paths_old_autosave() -> int:
    from tabletop.session import autosave_path

    return 1 if autosave_path().is_file() else 0


def report(app, messages: list[str]) -> None:
    for m in map(validate.shown, messages):  # a file's name may not be text (not UTF-8)
        app.toast(m, 6000)
        print(f"tabletop: {m}", file=sys.stderr)
        logging.getLogger("tabletop").warning("saves: %s", m)


def _fit(text: str, px: int, min_px: int, width: int, bold: bool = False) -> tuple[str, int]:
    """Text that fits ``width``: smaller down to ``min_px``, then cut short with an ellipsis."""
    size = gfx.fit_px(text, px, width, bold=bold)
    if size >= min_px:
        return text, size
    while len(text) > 1 and gfx.font(min_px, bold).size(text + "…")[0] > width:
        text = text[: int(len(text) * 0.9)].rstrip()
    return text + "…", min_px


class EntryMenu(Menu):
    """A menu whose rows are kept games: two lines each."""

    def __init__(self, items, entries, **kw):
        super().__init__(items, row=ROW, **kw)
        self.entries = entries  # item index -> Entry (or None for a plain button)

    def draw_row(self, surf, vp, i, it, r, focused) -> None:
        entry = self.entries[i]
        if entry is None:
            super().draw_row(surf, vp, i, it, r, focused)
            return
        head = f"{entry.title}  ·  {entry.players()}" if entry.players() else entry.title
        moves = "" if entry.moves is None else ngettext("{n} move", "{n} moves", entry.moves).format(n=entry.moves)
        sub = "  ·  ".join(b for b in (entry.when_text(), moves, entry.status()) if b)
        left = r.x + vp.s(16)
        width = r.w - vp.s(32)
        head, px = _fit(head, vp.s(21), vp.s(16), width, bold=True)
        gfx.blit_text(surf, head, px, (left, r.y + vp.s(7)), gfx.GOLD, bold=True)
        sub, px = _fit(sub, vp.s(17), vp.s(14), width)
        gfx.blit_text(surf, sub, px, (left, r.y + vp.s(33)), (205, 215, 205))


class ListScene(MenuScene):
    """A list of entries with a Back button; subclasses say what choosing one does."""

    empty = ""
    hint = ""

    def on_enter(self):
        self.build()

    def load(self, messages: list[str]) -> list:
        raise NotImplementedError

    def choose(self, entry) -> None:
        raise NotImplementedError

    def build(self):
        self.heading = _(type(self).heading)
        self.sub = _(type(self).sub).format(n=kept.KEEP_FINISHED)
        messages: list[str] = []
        self.entries = self.load(messages)
        report(self.app, messages)

        def hint() -> str:  # "Enter: resume or delete this game", in the words of the device in use
            if not self.hint:
                return ""
            press = hints.words(self.app.last_device, _("Click"), "Enter", "A")
            return _("{press}: {what}").format(press=press, what=_(self.hint))

        items = [Item(e.describe(), action=partial(self.choose, e), hint=hint) for e in self.entries]
        rows = list(self.entries)
        if not items:
            self.sub = _(self.empty)
        items.append(Item(_("Back"), action=self.back, key="back"))
        rows.append(None)
        self.menu = EntryMenu(items, rows, x=140, y=150, w=1000, sound=self.app.sounds, on_back=self.back)


class ContinueScene(ListScene):
    heading = N_("Continue a game")
    sub = N_("Every game that is not finished is kept here until you finish or delete it")
    empty = N_("No kept games: every game you start is kept here until it is finished")
    hint = N_("resume or delete this game")

    def load(self, messages):
        from tabletop.online import hosted, kept_seats
        from tabletop.ui.online_kept import OnlineEntry

        online = [OnlineEntry(seat) for seat in kept_seats.kept(messages)]
        games = kept.unfinished(messages)
        # a game hosted online from here says so (Resume hosts its room again)
        games = [HostedEntry(**vars(e)) if hosted.path_of(e.path).exists() else e for e in games]
        return online + games

    def choose(self, entry):
        from tabletop.ui.online_kept import OnlineEntry, OnlineSeatScene

        if isinstance(entry, OnlineEntry):
            self.app.push(OnlineSeatScene(self.app, entry, self))
        else:
            self.app.push(KeptGameScene(self.app, entry, self))


class HostedEntry(kept.Entry):
    """A kept game hosted online from this computer: its row says so."""

    @property
    def title(self) -> str:
        return _("{game} online (hosted here)").format(game=super().title)


class ReplaysScene(ListScene):
    heading = N_("Replays")
    sub = N_("Finished games, newest first (the {n} newest are kept)")
    empty = N_("No finished games yet")
    hint = N_("watch this game")

    def load(self, messages):
        return kept.finished(messages)

    def choose(self, entry):
        watch(self.app, entry)


def watch(app, entry) -> None:
    from tabletop.ui.replay import ReplayScene

    try:
        scene = ReplayScene(app, entry.spec, entry.loaded.record)
    except Exception as e:  # a boundary: whatever the table cannot show is reported, never a crash
        report(
            app,
            [
                _("{file} cannot be watched ({why})").format(
                    file=entry.path.name, why=f"{type(e).__name__}: {str(e)[:80]}"
                )
            ],
        )
        return
    app.push(scene)


class KeptGameScene(MenuScene):
    """One kept game: resume it, delete it (asks once), or go back."""

    def __init__(self, app, entry, parent: ListScene):
        super().__init__(app)
        self.entry = entry
        self.parent = parent
        self.heading = entry.title
        self.details = " · ".join(b for b in (entry.players(), entry.when_text(), entry.status()) if b)
        self.sub = self.details
        self.asking = False
        self.build()

    def build(self):
        if self.asking:
            self.heading = _("Delete this game for good?")
            moves = self.entry.moves or 0
            self.sub = " · ".join(
                [self.entry.title, self.entry.players(), ngettext("{n} move", "{n} moves", moves).format(n=moves)]
            )
            items = [
                Item(_("No, keep it"), action=self.keep, key="keep"),
                Item(_("Yes, delete it"), action=self.delete, key="delete", hint=_("It cannot be brought back")),
            ]
        else:
            items = [
                Item(
                    _("Resume"),
                    action=self.resume,
                    key="resume",
                    enabled=self.entry.loaded is not None,
                    hint=_("Carry on exactly where it stopped"),
                ),
                Item(_("Delete"), action=self.ask, key="ask"),
                Item(_("Back"), action=self.back, key="back"),
            ]
        self.menu = Menu(items, x=390, y=200, w=500, sound=self.app.sounds, on_back=self.back)

    def ask(self):
        self.asking = True
        self.build()

    def keep(self):
        self.asking = False
        self.heading = self.entry.title
        self.sub = self.details
        self.build()

    def delete(self):
        from tabletop.online import hosted

        problem = kept.delete(self.entry)
        if problem:
            report(self.app, [problem])
        else:
            hosted.forget(self.entry.path)  # a hosted game's room goes with it
        self.app.pop(self)
        self.parent.build()

    def resume(self):
        from tabletop.online import hosted
        from tabletop.session import Session

        entry = self.entry
        room, problem = hosted.read(entry.path, len(entry.loaded.record.players))
        if problem:
            report(self.app, [problem])
        if room is not None:  # a game hosted online: host its room again, the friend comes back to it
            from tabletop.ui.online_kept import host_again

            self.app.pop(self)
            host_again(self.app, entry, room)
            return
        try:
            session = Session.from_record(entry.spec, entry.loaded.record, path=entry.path, state=entry.loaded.state)
            self.app.pop(self)
            start_table(self.app, session)
        except storage.InUse as e:  # open in another program (or gone): its own sentence
            report(self.app, [str(e)])
        except Exception as e:  # a boundary: report what cannot be used, never a crash
            report(
                self.app,
                [
                    _("{file} cannot be resumed ({why})").format(
                        file=entry.path.name, why=f"{type(e).__name__}: {str(e)[:80]}"
                    )
                ],
            )
