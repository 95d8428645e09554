"""Each player's corner and band on the JAB table: the health and round-win meter, the claim
and Ready buttons with their keys, the round info box and the log."""

from __future__ import annotations

from functools import partial

import pygame

from tabletop.core.i18n import N_, words
from tabletop.ui import gfx

from ..rules import content as C
from ..rules.queries import stall_deadline, tile_claim
from .art import finish, keyed_surface, token
from .input import hand_line, hint
from .layout import colour_of, deck_label, place_rect
from .steer import at_bottom

_, ngettext = words(__name__)

CLAIMS = (
    ("combo", N_("Combo"), "claim_combo"),
    ("counter", N_("Counter"), "claim_counter"),
    ("tile", N_("Clinch"), "claim_tile"),
    ("ding", N_("Ding!"), "claim_ding"),
)


def key_hint(table, scheme, button) -> str:
    """The key or pad button of ``button`` in ``scheme`` (the bindings do not change
    while a table is open)."""
    memo = table.__dict__.setdefault("_hint_memo", {})
    k = (scheme, button)
    if k not in memo:
        memo[k] = hint(table.app.settings, scheme, button)
    return memo[k]


def hand_line_of(table, scheme) -> str:
    memo = table.__dict__.setdefault("_hint_memo", {})
    k = (scheme, "hand help")
    if k not in memo:
        memo[k] = hand_line(table.app.settings, scheme)
    return memo[k]


INFO_RECT = (196, 304, 248, 110)
# the log's column (design x, width): right of the right-hand boxer's glove (it reaches x 858), left of the tiles
LOG_COLUMN = (864, 232)


def hud_rect(seat, flip=False):
    return (12, 566, 282, 148) if at_bottom(seat, flip) else (986, 8, 240, 148)


def token_spot(seat: int, k: int, flip: bool = False):
    """Design-pixel centre of health token ``k`` in a player's meter."""
    x0, y0, _w, _h = hud_rect(seat, flip)
    return (x0 + 18 + max(0, k) * 22, y0 + 64)


# the round info box's first line, by phase ("Fight!" while playing)
_STATUS = {
    "between": N_("Getting ready"),
    "clinch": N_("Clinch: paused"),
    "scoring": N_("Scoring"),
    "over": N_("Game over"),
}


def draw_hud(table, surf, vp, st, seat) -> None:
    x0, y0, w, _h = hud_rect(seat, table.flip)
    s = table.session.seats[seat]
    col = colour_of(seat)
    who = s.name + (
        "  " + _("(computer, {level})").format(level=_(s.level or N_("normal")))
        if s.kind == "computer"
        else table.net_note(seat)
    )
    right = min(x0 + w - 8, 1226 if y0 < 40 else x0 + w - 8)  # short of the pause button in the top corner
    name = vp.r(x0 + 8, y0 + 4, right - x0 - 8, 26)
    if s.kind == "computer":  # a narrow corner: without the level (a long name: the name alone)
        who = gfx.first_fitting([who, s.name + "  " + _("(computer)"), s.name], vp.s(20), name.w, bold=True)
    gfx.draw_fitted(surf, who, name, vp.s(20), col, bold=True, align="left", valign="top", lines=1)
    hp = st.health[seat]
    line = vp.r(x0 + 8, y0 + 32, w - 16, 22)  # a line's box: its text grows with the player's text size
    gfx.draw_fitted(surf, _("Health: {n}").format(n=hp), line, vp.s(15), gfx.WHITE, align="left", valign="top", lines=1)
    if hp == 0 and st.phase in ("playing", "clinch"):
        gfx.blit_text(surf, _("DANGER!"), vp.s(16), vp.p(x0 + w - 8, y0 + 32), gfx.REFUSE, bold=True, anchor="topright")
    d = vp.s(20)
    for k in range(hp):
        surf.blit(token("health", d), vp.p(x0 + 8 + k * 22, y0 + 54))
    won = _("Rounds won: {n} of {of}").format(n=st.tokens[seat], of=C.N["round_wins_to_win"])
    won = gfx.first_fitting([won, _("Rounds won")], vp.s(15), line.w)  # short: the marks under it count them
    gfx.draw_fitted(surf, won, line.move(0, vp.s(50)), vp.s(15), gfx.WHITE, align="left", valign="top", lines=1)
    d = vp.s(24)
    for k in range(C.N["round_wins_to_win"]):
        surf.blit(token("win" if k < st.tokens[seat] else "empty", d), vp.p(x0 + 8 + k * 28, y0 + 104))


def band_rows(seat, flip=False):
    """y of (hint line 1, hint line 2, buttons top, note centre) in a player's band: at the foot the buttons,
    then the help line and the keys line (two rows down to the window's edge); at the top the help line, the
    keys line (two rows), then the buttons, a little lower, and under them the note."""
    if at_bottom(seat, flip):
        return 654, 672, 604, 580
    return 1, 19, 48, 114


BUTTON_H = (44, 42)  # a claim button's height in the band at the foot, at the top (room for its name and key)


def note_fit(note: str, vp) -> tuple:
    """(px, lines, cut) of a player's note (a refusal, a tip) in its box between the decks: two lines at most."""
    box = vp.r(420, 0, 440, 40)
    return gfx.fit(note, box.w, box.h, vp.s(15), vp.s(12), True, 2)


def in_two_rows(line: str, box, px: int) -> str:
    """``line`` as it is best set in ``box`` in at most two rows: as it is when it stands in one row, else broken
    at the " · " that leaves the wider row narrowest (one hand's keys on a row, the other's and the jump on
    the next), else as it is (wrapped at its words)."""
    parts = line.split(" · ")
    if len(parts) < 2 or not gfx.fitted(line, box, px, lines=1, grow=False)[2]:
        return line
    f = gfx.font(px)
    splits = [(" · ".join(parts[:k]), " · ".join(parts[k:])) for k in range(1, len(parts))]
    top, rest = min(splits, key=lambda two: max(f.size(two[0])[0], f.size(two[1])[0]))
    two = top + "\n" + rest
    return line if gfx.fitted(two, box, px, lines=2, grow=False)[2] else two


def squeezed_box(vp, seat: int, flip: bool, top: int, height: int) -> pygame.Rect:
    """In a window squeezed sideways, the box of a player's one line from design y ``top``, ``height`` high (at
    the top two rows above the claim buttons, at the foot down to the window's edge): the band between the
    player's decks (x 400..880 on the design canvas) less what the decks' labels beside it take, as wide as
    they are with any count of cards (the line stays where it is as the decks go down)."""
    left, right = vp.p(400, 0)[0], vp.p(880, 0)[0]
    f = gfx.font(vp.s(14), True)
    for side in (0, 1):
        spots = [deck_label(vp, seat, side, n, flip) for n in (8, 88)]
        half = max(min(spot.w, f.size(label)[0]) for label, spot in spots) // 2 + vp.s(6)
        x = spots[0][1].centerx
        if x < (left + right) // 2:
            left = max(left, x + half)
        else:
            right = min(right, x - half)
    return pygame.Rect(left, vp.p(0, top)[1], right - left, vp.s(height))


def draw_band(table, surf, vp, st, seat, opps) -> None:
    s = table.session.seats[seat]
    h1, h2, by, ny = band_rows(seat, table.flip)
    note, ms = table.notes[seat]
    if ms > 0 and note:
        box = vp.r(420, ny - 20, 440, 40)
        px, lines, _cut = note_fit(note, vp)
        for k, line in enumerate(lines):
            yy = ny + (k - (len(lines) - 1) / 2) * 18
            rr = gfx.text(line, px, (255, 225, 200), True).get_rect(center=vp.p(640, yy))
            pygame.draw.rect(surf, (60, 20, 20), rr.inflate(vp.s(12), vp.s(4)), border_radius=vp.s(6))
            gfx.blit_text(surf, line, px, rr.center, (255, 225, 200), True, anchor="center", box=box)
    if s.kind != "human":
        who = _("{name} plays from another computer") if s.kind == "remote" else _("{name} is played by the computer")
        gfx.blit_text(surf, who.format(name=s.name), vp.s(15), vp.p(640, by + 20), (190, 210, 200), anchor="center")
        return
    scheme = table.shown_scheme.get(seat)
    step = table.help_line(seat)
    keys = hand_line_of(table, scheme)
    bottom = table.bottom(seat)
    if vp.sx < 0.9 * vp.scale:  # a window squeezed sideways: room for one of the two lines, in two rows at the
        line, col = (step, gfx.HILITE) if step else (keys, (175, 200, 185))  # top, down to the edge at the foot
        if line:
            top = max(0, h1 - 2)
            box = squeezed_box(vp, seat, table.flip, top, 720 - top if bottom else 40)
            if not gfx.fitted(line, box, vp.s(15), lines=0 if bottom else 2)[2]:  # whole, or not at all
                gfx.draw_fitted(surf, line, box, vp.s(15), col, valign="top", lines=0 if bottom else 2)
    else:
        # between the two decks (x 400..880 on the design canvas), never under the least size: the help line in
        # one row (two when it is long: a lesson's step, the practice aid's chances), then the keys line in up to
        # two, down to the window's edge at the foot, to the buttons at the top, broken between one hand's keys
        # and the other's when it does not stand in one (at the top, under a help line in two rows, it shows
        # when it stands whole in what room is left)
        rows, y = 0, h2
        if step:
            rows = 2 if gfx.fitted(step, vp.r(414, h1, 452, 18), vp.s(15), lines=1, grow=False)[2] else 1
            box = vp.r(414, h1, 452, 18 * rows)
            gfx.draw_fitted(surf, step, box, vp.s(15), gfx.HILITE, valign="top", lines=rows, grow=False)
            y = h1 + 18 * rows
        if keys:
            box = vp.r(414, y, 452, (720 if bottom else by - 1) - y)
            keys = in_two_rows(keys, box, vp.s(14))
            if rows < 2 or not gfx.fitted(keys, box, vp.s(14), lines=2, grow=False)[2]:
                gfx.draw_fitted(surf, keys, box, vp.s(14), (175, 200, 185), valign="top", lines=2, grow=False)
    kinds = {o["kind"] for o in opps}
    playing = st.phase == "playing" and table.t >= st.go_at
    can_ready = st.phase == "clinch" and not st.ready[seat]  # between rounds the summary has its own Ready
    h = BUTTON_H[not table.bottom(seat)]
    for (what, label, key, payload), (x, w) in claim_row(table, vp, st, seat, scheme):
        rect = vp.r(x, by, w, h)
        if what == "ready":
            claim_button(table, surf, vp, rect, label, key, partial(table.ready, seat), seat, can_ready, payload)
            continue
        claim_button(table, surf, vp, rect, label, key, partial(table.claim, seat, what), seat, playing, payload)
        offered = what if what != "tile" else ("knockout" if "knockout" in kinds else "clinch")
        if offered in kinds:
            pygame.draw.rect(
                surf, gfx.HILITE, rect.inflate(vp.s(6), vp.s(6)), width=max(2, vp.s(3)), border_radius=vp.s(10)
            )


WIDTHS = {"combo": 88, "counter": 96, "tile": 96, "ding": 80, "ready": 88}  # the buttons' widths, design pixels


def claim_row(table, vp, st, seat, scheme) -> list:
    """The claim buttons and Ready of a player's band: ((what, label, key, payload), (x, width)) on the design
    canvas, between the decks (x 400..880). Each has its usual width when every name and key stands whole in
    it; else (a window squeezed sideways, a long language) each is as wide as its name and key need, sharing
    what room is left, closer together; and where even that is too little, Knockout! takes its short name."""
    buttons = []
    for what, label, button in (*CLAIMS, ("ready", N_("Ready"), "ready")):
        if what == "tile":
            label = N_("Knockout!") if tile_claim(st, seat) == "knockout" else N_("Clinch")
        buttons.append((what, _(label), key_hint(table, scheme, button), label))
    least = gfx.body_px(vp)
    inset = round(6 * vp.scale) + 1  # a name's margin in its button (button_image)

    def need(label: str, key: str) -> float:
        px = max(gfx.font(least, True).size(label)[0] + inset, gfx.font(least).size(key)[0]) + 2
        return px / vp.sx

    if all(need(label, key) <= WIDTHS[what] for what, label, key, _p in buttons):
        xs = [408 + sum(WIDTHS[b[0]] + 4 for b in buttons[:k]) for k in range(len(buttons))]
        return list(zip(buttons, ((x, WIDTHS[b[0]]) for x, b in zip(xs, buttons, strict=True)), strict=True))
    gap, room = 2, 876 - 404
    needs = [need(label, key) for _w, label, key, _p in buttons]
    if sum(needs) + gap * 4 > room and tile_claim(st, seat) == "knockout":
        what, _label, key, payload = buttons[2]
        buttons[2] = (what, _("KO!"), key, payload)
        needs[2] = need(_("KO!"), key)
    spare = max(0.0, room - gap * 4 - sum(needs)) / len(needs)
    out, x = [], 404.0
    for b, n in zip(buttons, needs, strict=True):
        out.append((b, (x, n + spare)))
        x += n + spare + gap
    return out


def draw_lockout_bars(table, surf, vp, st) -> None:
    """Each person's lock-out bar, shrinking as the lock-out runs out: a moving part of the frame (it
    changes a pixel every few frames, and the band under it stays as it was)."""
    if st.phase not in ("playing", "clinch", "between"):
        return
    for seat in (0, 1):
        lock = st.lockout[seat] - table.t
        if table.session.seats[seat].kind != "human":
            continue
        if lock <= 0:
            continue
        _h1, _h2, by, _ny = band_rows(seat, table.flip)
        strip = vp.r(408, by + BUTTON_H[not table.bottom(seat)] + 1, 372, 4)  # under the buttons
        bar = vp.r(408, strip.y, 372 * lock / max(1, table.lockout_total), 4)
        bar.y, bar.h = strip.y, strip.h
        pygame.draw.rect(surf, gfx.REFUSE, bar)
        table.app.regions.part(strip, ("lock", seat, bar.w))


def claim_button(table, surf, vp, rect, label, key, callback, seat, enabled, payload="") -> None:
    """A button with its name and, below, the key or pad button that does the same (``payload``:
    what a lesson may point at, e.g. "Combo")."""
    surf.blit(button_image(rect.w, rect.h, label, key, enabled, vp.scale), rect.topleft)
    if enabled:
        table.hot_area(rect, payload, callback, seat)


@gfx.image_cache(64)
def button_image(w: int, h: int, label: str, key: str, enabled: bool, scale: float) -> pygame.Surface:
    """A claim button drawn once (as TableScene.hot_button draws a button, plus its key)."""
    surf = keyed_surface(w, h)
    rect = surf.get_rect()
    col = (70, 84, 110) if enabled else (45, 48, 56)
    gfx.panel(surf, rect, col, radius=max(3, rect.h // 5), border=(150, 160, 190) if enabled else None, width=1)

    def s(v):
        return max(1, round(v * scale))

    col = gfx.WHITE if enabled else gfx.DIM
    gfx.blit_text(  # shrunk as far as the least size, then cut (the catalogues keep these names short)
        surf,
        label,
        s(16),
        (rect.centerx, rect.top + s(3)),
        col,
        bold=True,
        anchor="midtop",
        box=rect.inflate(-s(6), 0),
    )
    if key:
        gfx.blit_text(
            surf,
            key,
            s(14),
            (rect.centerx, rect.bottom - s(2)),
            (200, 210, 230) if enabled else gfx.DIM,
            anchor="midbottom",
        )
    return finish(surf)


def draw_info(table, surf, vp, st) -> None:
    rnd = max(1, st.round) if st.phase != "between" else st.round + 1
    gfx.blit_text(surf, _("Round {n}").format(n=rnd), vp.s(20), vp.p(208, 310), gfx.GOLD, bold=True)
    secs = max(0, table.t - st.go_at) // 1000 if st.phase in ("playing", "clinch") else 0
    gfx.blit_text(
        surf, f"{secs // 60}:{secs % 60:02d}", vp.s(20), vp.p(432, 310), gfx.WHITE, bold=True, anchor="topright"
    )
    lines = [_(_STATUS.get(st.phase, N_("Fight!")))]
    dl = stall_deadline(st)
    if dl is not None:
        p = 0 if st.out_t[1] is not None else 1
        lines = [
            _("{name} is out of cards:").format(name=table.name(1 - p)),
            _("{name} must play ({n} s)").format(name=table.name(p), n=max(0, dl - table.t) // 1000 + 1),
        ]
    elif st.phase == "playing":
        left = [st.cards_left(p) for p in (0, 1)]
        lines.append(_("Cards: {a} {n}, {b} {m}").format(a=table.name(0), n=left[0], b=table.name(1), m=left[1]))
    for k, line in enumerate(lines[:2]):  # each in a line's box: it grows with the player's text size
        box = vp.r(208, 344 + k * 22, INFO_RECT[2] - 16, 22)
        if k and dl is None and gfx.fitted(line, box, vp.s(15), lines=1)[2]:
            continue  # the cards left, whole or not at all (the decks' labels count them too)
        gfx.draw_fitted(surf, line, box, vp.s(15), (210, 230, 215), align="left", valign="top", lines=1)
    if st.phase == "playing" and table.assist():
        a, b = table.live_score()
        names = {"a": table.name(0), "n": a, "b": table.name(1), "m": b}
        line = _("If scored now: {a} {n}, {b} {m}").format(**names)
        short = _("Now: {a} {n}, {b} {m}").format(**names)  # (a narrow box)
        box = vp.r(208, 388, INFO_RECT[2] - 16, 22)
        line = gfx.first_fitting([line, short], vp.s(15), box.w)
        gfx.draw_fitted(surf, line, box, vp.s(15), gfx.GOLD, align="left", valign="top")


def draw_log(table, surf, vp) -> None:
    if not table.log:
        return
    x, w = LOG_COLUMN
    shown = table.log[-4:]
    entries = [(text, gfx.WHITE if k == len(shown) - 1 else (200, 220, 205)) for k, text in enumerate(shown)]
    box = vp.r(x, 470 - 10 * 19, w, 10 * 19)
    # the tiles are square in a window squeezed sideways, so wider than their place: the log stops short of them
    tiles = place_rect(vp, "ding", table.flip)
    side = min(tiles.h, max(tiles.w, vp.s(96)))
    box.width = min(box.w, tiles.centerx - side // 2 - vp.s(8) - box.x)
    gfx.draw_log(surf, entries, box, vp.s(14), step=vp.s(19), valign="bottom")
