"""How The Square Ring table draws its frames and keeps them: a still table shows its last picture
again until something it shows changes; while the reveal plays, one picture per step is kept and only
the regions that move (``table_draw.reveal_regions``) are drawn again on it."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from tabletop.ui import gfx
from tabletop.ui.secrecy import Secrecy
from tabletop.ui.table import TableScene

from ..rules import State
from ..rules.content import Boxer
from . import draw as table_draw
from .anim import Animation
from .layout import STALE, hand_layout


class KeptFrames(TableScene):
    """The drawing half of ``SquareRingTable``, which sets and keeps these (declared here, set there):"""

    state: State
    boxer: Callable[[int], Boxer]
    can_act: Callable[[int], bool]  # the seat is a person with a choice to make who may see their cards
    secrecy: Secrecy
    sel: dict[int, list]  # card ids laid in the slots, in order
    sel_key: dict[int, tuple | None]
    pending: dict[int, bool]
    lifted: dict[int, int | None]
    anim: Animation | None
    caption: list[str]
    revealed: dict[int, list]
    revealed_key: tuple | None
    want_focus: dict[int, object]
    vis_before: dict[int, tuple]
    hand_payloads: dict[int, list]
    buttons_of: dict[int, list]
    log_open: bool
    mouse_pos: tuple[int, int] | None
    layers: dict  # cached drawings of the hands and panels (table_draw.layer)
    kept_frame: tuple | None  # (key, picture, hot things) of the last still frame

    def invalidate(self) -> None:
        """Forget what the kept picture and the drawn layers show: the next frame is drawn in full, as
        after any change (their surfaces are kept to draw into)."""
        if self.kept_frame is not None:
            self.kept_frame = (None,) + self.kept_frame[1:]
        for name, entry in self.layers.items():
            self.layers[name] = (STALE,) + entry[1:]

    def bench_pose(self) -> None:
        """For the benchmark: the pointer on the person's first attack card, so its area is previewed."""
        seat = self.humans[0] if self.humans else 0
        attacks = [d for cid, d in hand_layout(self, seat) if self.boxer(seat).by_id[cid].kind == "attack"]
        if attacks:
            self.mouse_pos = self.app.vp.rect(attacks[0]).center

    def frame_key(self, vp):
        """Everything the drawing reads; the same key twice means the same picture (None: always draw)."""
        if self.anim is not None or self.flights or (self.drag is not None and self.drag["moved"]):
            return None
        return self._view_key(vp) + (self.mouse_pos,)

    def _view_key(self, vp) -> tuple:
        st = self.state
        return (
            vp.size,
            id(st),
            len(st.log),
            st.phase,
            self.log_open,
            tuple(self.sel[0]),
            tuple(self.sel[1]),
            self.sel_key[0],
            self.sel_key[1],
            self.pending[0],
            self.pending[1],
            self.lifted[0],
            self.lifted[1],
            tuple(self.secrecy.visible(s) for s in (0, 1)),
            self.secrecy.shown,
            tuple(sorted(self.show_focus.items())),
            self._focus_key(),
            tuple(self.caption),
            self.revealed_key,
            len(self.revealed[0]),
            len(self.revealed[1]),
            self.result_dismissed,
            self.session.outcome() is not None,
            self.app.last_device,  # the hints name the device in use
        )

    def _focus_key(self) -> tuple:
        """What each seat's focus rests on (the payload: the same index can name another thing once the
        hot things change, e.g. a card laid), which the previews and captions read."""
        out = []
        for s in (0, 1):
            h = self.focused(s)
            out.append((self.focus.get(s), None if h is None else h.payload))
        return tuple(out)

    def reveal_key(self, vp):
        """During the reveal: what the picture outside ``table_draw.reveal_regions`` shows (one step's look:
        the step, the meters' pose, the caption); None when the whole frame must be drawn."""
        a = self.anim
        if a is None or self.flights or (self.drag is not None and self.drag["moved"]):
            return None
        return self._view_key(vp) + (id(a), a.i, a.pose())

    def _keep(self, surf, start) -> tuple:
        """The frame just drawn as a picture (reusing the last picture's surface) and its hot things."""
        old = self.kept_frame[1] if self.kept_frame is not None else None
        if old is None or old.get_size() != surf.get_size():
            old = pygame.Surface(surf.get_size(), 0, surf)  # a plain surface in the screen's format
        old.blit(surf, (0, 0))
        return old, list(self.next_hots[start:])

    def draw_table(self, surf, vp) -> None:
        key = self.frame_key(vp)
        if key is None:
            key = self.reveal_key(vp)
            if key is not None:
                key = ("reveal",) + key
        memo = self.kept_frame
        start = len(self.next_hots)
        if key is not None and memo is not None and memo[0] == key and memo[1].get_size() == surf.get_size():
            surf.blit(memo[1], (0, 0))  # nothing changed: the last picture and its hot things
            self.next_hots.extend(memo[2])
            if key[0] == "reveal":  # the reveal moves only in its regions: draw those again
                for r, seat in table_draw.reveal_regions(self, vp):
                    n = len(self.next_hots)
                    surf.set_clip(r)
                    if seat is None:
                        table_draw.draw(self, surf, vp, clip=r)
                    else:  # a turning card: its slots are all that reach there
                        surf.fill(gfx.FELT)
                        table_draw.slots(self, surf, vp, seat)
                    del self.next_hots[n:]
                surf.set_clip(None)
        else:
            table_draw.draw(self, surf, vp)
            if key is not None:
                self.kept_frame = (key,) + self._keep(surf, start)
            elif self.kept_frame is not None:
                self.kept_frame = (None,) + self.kept_frame[1:]
        for s in (0, 1):
            # a new phase, round or exchange: the focus starts on the first card (a peek is no new start)
            st = self.state
            vis = (st.phase, st.round, st.exchange)
            if self.can_act(s) and vis != self.vis_before[s]:
                self.vis_before[s] = vis
                first = self.first_payloads(s)
                if first and s not in self.want_focus:
                    self.want_focus[s] = first[0]

    def first_payloads(self, s: int) -> list:
        first = self.hand_payloads[s][:1] or self.buttons_of[s][:1]
        if self.state.phase in ("footwork", "stick") and self.buttons_of[s]:
            first = [b for b in self.buttons_of[s] if b in table_draw.STAY][:1] or self.buttons_of[s][:1]
        return first

    def first_focus(self, seat: int, items: list) -> int | None:
        for want in self.first_payloads(seat):
            for i, h in enumerate(items):
                if h.payload == want:
                    return i
        return super().first_focus(seat, items)
