"""Drawing The Square Ring table (layout and secrecy rules: see table.py)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from tabletop.core.i18n import N_, words
from tabletop.ui import art, cards, gfx
from tabletop.ui.secret_table import draw_line
from tabletop.ui.table import Hot

from ..rules import board, may_react
from ..rules.text import sentence
from . import cards as tc
from .hand import draw_hand
from .layout import (
    BOARD_X,
    BOARD_Y,
    BTN_DX,
    BTN_GAP,
    BTN_H,
    BTN_W,
    BTN_Y,
    CELL,
    HALF_W,
    HALF_X,
    PANEL_W,
    PANEL_X,
    SLOT_DX,
    SLOT_H,
    SLOT_W,
    SLOT_Y,
    board_view,
    hand_layout,
    shifted,
)
from .ring import banner, candidate, ring, wrapped

_, ngettext = words(__name__)

# a seat's line of controls: (control, what it does), each named with the seat's own input (TableScene.control_line)
CONTROLS = [
    ("moves", N_("move")),
    ("group", N_("group")),
    ("confirm", N_("choose/swap")),
    ("back", N_("take back")),
    ("history", N_("bout log")),
]
MOUSE_LINE = N_("Click a card or drag it to a slot; drag slots to reorder")
MOUSE_SHORT = N_("Click a card or drag it to a slot")


_RECTS: dict = {}  # (viewport, design rect) -> screen rect, for draw's clip tests
gfx.forget_on_resize(_RECTS.clear)


# -- the whole table ------------------------------------------------------------------------


def draw(t, surf, vp, clip=None) -> None:
    """The whole table; with ``clip`` (a screen rect the surface is clipped to) only the parts that reach
    into it are drawn (a kept picture supplies the rest)."""

    def near(x, y, w, h) -> bool:
        if clip is None:
            return True
        k = (vp.ox, vp.oy, vp.scale, vp.sx, x, y, w, h)
        r = _RECTS.get(k)
        if r is None:
            r = _RECTS[k] = vp.r(x, y, w, h)
        return clip.colliderect(r)

    bv = board_view(vp)
    cell = bv.s(CELL)
    m = max(4, cell // 5)
    tl = bv.p(BOARD_X, BOARD_Y)
    covered = (
        clip is not None
        and not t.log_open  # all under the ring's opaque mat, drawn first
        and pygame.Rect(tl[0] - m, tl[1] - m, 5 * cell + 2 * m, 5 * cell + 2 * m).contains(clip)
    )
    if not covered:
        surf.fill(gfx.FELT)
    if near(0, 0, 1280, 42) and not covered:
        header(t, surf, vp)
    if t.log_open:
        bout_log(t, surf, vp)
        return
    t.threat = threat(t, vp)
    if near(400, 0, 480, 416):  # the ring and what floats over its edges (see reveal_regions)
        ring(t, surf, bv)
    curtain_up = t.curtain_seat() is not None
    for seat in (0, 1):
        x0 = PANEL_X[seat]
        if near(x0, 48, PANEL_W, 134):
            info(t, surf, vp, seat)
        if near(x0 + SLOT_DX[0] - 4, SLOT_Y - 24, SLOT_DX[2] + SLOT_W - SLOT_DX[0] + 8, SLOT_H + 24):
            slots(t, surf, vp, seat)
        buttons(t, surf, vp, seat)
        if not curtain_up and near(x0, 340, PANEL_W, 40):
            status(t, surf, vp, seat)
        if near(HALF_X[seat], 414, HALF_W, 284):
            hand(t, surf, vp, seat)
    if near(0, 690, 1280, 30):
        for seat in (0, 1):
            hints(t, surf, vp, seat)
    caption(t, surf, vp)
    if t.anim is not None:
        banner(t, surf, vp)
    curtain = t.curtain_seat()
    st = t.state
    if curtain is not None:
        t.curtain_last = (curtain, st.phase, st.round, st.exchange)
        t.secrecy.draw_curtain(surf, vp, curtain)  # a new curtain puts the focus on its button (by its own label)
    else:
        t.curtain_last = None


def reveal_regions(t, vp) -> list:
    """Where the reveal moves within one step: [(screen rect, seat)], the rects apart. The ring (seat None:
    all of the table that reaches into it is drawn again), wider where numbers and words float over its
    edges or a boxer bumps out, and left out while cards turn over and nothing floats (the boxers stand
    still then); the order slot of a boxer whose card turns over (only that seat's slots reach there)."""
    step = t.anim.current() if t.anim is not None else None
    floats = (
        step is None
        or step.kind == "strike"
        or (step.kind == "flip" and step.data["shuffled"])
        or (step.kind == "move" and (step.data.get("nulled") or step.data.get("bumps")))
    )
    ring_r: pygame.Rect | None
    if floats or step is None:
        ring_r = vp.r(400, 0, 480, 416)
    elif step.kind == "flip":  # the boxers stand still while cards turn: the ring keeps its picture
        ring_r = None
    else:
        bv = board_view(vp)
        cell = bv.s(CELL)
        m = max(4, cell // 5)
        tl = bv.p(BOARD_X, BOARD_Y)
        ring_r = pygame.Rect(tl[0] - m, tl[1] - m, 5 * cell + 2 * m, 5 * cell + 2 * m)
    out: list[tuple[pygame.Rect, int | None]] = [] if ring_r is None else [(ring_r, None)]
    if step is not None and step.kind == "flip" and step.data["k"] < 3:
        for seat in (0, 1):
            if step.data["cards"][seat]:  # the turning card, lifted up to 12 over its slot
                r = vp.r(PANEL_X[seat] + SLOT_DX[step.data["k"]], SLOT_Y - 14, SLOT_W, SLOT_H + 14)
                if ring_r is not None and r.left < ring_r.right <= r.right:
                    r.width, r.left = r.right - ring_r.right, ring_r.right
                if r.width > 0:
                    out.append((r, seat))
    return out


def header(t, surf, vp) -> None:
    st = t.state
    gfx.panel(surf, vp.r(0, 0, 1280, 42), gfx.FELT_DARK, radius=0)
    gfx.blit_text(surf, _("The Square Ring"), vp.s(20), vp.p(16, 21), gfx.GOLD, bold=True, anchor="midleft")
    rnd, exc = t.anim.shown_exchange if t.anim is not None else (st.round, st.exchange)
    wordings = [
        _("Round {round} of {rounds} · Exchange {exchange} of {exchanges}"),
        _("Round {round}/{rounds} · Exchange {exchange}/{exchanges}"),  # a narrow window or a long language
    ]
    # the middle of the bar, clear of the title on its left and the rounds' results on its right in any language
    middle = vp.r(440, 4, 380, 34)
    numbers = {"round": rnd, "rounds": st.rounds, "exchange": exc, "exchanges": st.exchanges}
    text = gfx.first_fitting([w.format(**numbers) for w in wordings], vp.s(20), middle.w, bold=True)
    gfx.draw_fitted(surf, text, middle, vp.s(20), gfx.WHITE, bold=True, lines=2)  # (two lines: a long language)
    res = []
    for i, w in enumerate(st.round_results):
        res.append(_("R{n}: draw").format(n=i + 1) if w is None else _("R{n}: {name}").format(n=i + 1, name=t.names[w]))
    if res:  # up to the Undo button while it shows; a line each when one line is too narrow
        right = t.undo_spot[0] - 6 if t.undo_offered() else 1070
        box = vp.r(826, 4, right - 826, 34)
        line = "  ".join(res)
        if gfx.fit(line, box.w, box.h, vp.s(16), gfx.body_px(vp), False, 1)[2]:
            line = "\n".join(res)
        gfx.draw_fitted(surf, line, box, vp.s(16), gfx.WHITE, align="right", lines=2)
    key = t.history_keys()
    button = vp.r(1082, 6, 140, 30)
    label = _("Bout log")
    if key:  # with its key, when that has room
        label = gfx.first_fitting([_("Bout log ({key})").format(key=key), label], vp.s(15), button.w - vp.s(10))
    if t.log_open:
        label = gfx.first_fitting([_("Close the log"), _("Close")], vp.s(15), button.w - vp.s(10))
    t.hot_button(button, label, t.toggle_log, px=vp.s(15))


def bout_log(t, surf, vp) -> None:
    """Everything that happened in the bout, newest at the bottom."""
    st = t.state
    r = vp.r(20, 50, 1240, 650)
    gfx.panel(surf, r, gfx.PANEL, radius=vp.s(14), border=gfx.GOLD, width=vp.s(2))
    title = gfx.blit_text(surf, _("Bout log"), vp.s(24), vp.p(44, 78), gfx.GOLD, bold=True, anchor="midleft")
    key = t.control_words(t.acting_seat())["history"]
    how = t.device_words(
        t.acting_seat(),
        _("The button closes it"),
        _("{key} or the button closes it").format(key=key) if key else "",
    )
    at = (max(vp.p(200, 0)[0], title.right + vp.s(16)), vp.p(0, 78)[1])  # after the title, however long
    gfx.blit_text(surf, how or _("The button closes it"), vp.s(15), at, gfx.GREY, anchor="midleft")
    px = gfx.grown(vp.s(15), vp.s(22))  # as large as the player's text size and the rows allow
    lines: list[tuple[str, tuple]] = []
    last = None
    for e in st.log:
        key = (e.get("round"), e.get("exchange"))
        if key != last:
            last = key
            lines.append((_("Round {round}, exchange {exchange}").format(round=key[0], exchange=key[1]), gfx.GOLD))
        colour = gfx.WHITE
        seat = e.get("seat")
        if e["kind"] in ("hit", "ko", "round", "bout"):
            colour = gfx.HILITE
        elif seat in (0, 1) and e["kind"] not in ("null",):
            colour = gfx.PLAYER_COLOURS[seat]
        for w in wrapped("   " + sentence(e), px, vp.across(1180)):
            lines.append((w, colour))
    rows = 27
    if not lines:
        lines = [(_("Nothing has happened yet."), gfx.GREY)]
    for i, (text, colour) in enumerate(lines[-rows:]):
        gfx.blit_text(surf, text, px, vp.p(44, 104 + i * 22), colour, anchor="topleft")


# -- each boxer's panel ----------------------------------------------------------------------


def layer(t, surf, vp, name, key, design_rect, draw_fn) -> None:
    """Draw something that rarely changes once into its own surface, then blit it every frame."""
    region = vp.rect(design_rect)
    entry = t.layers.get(name)
    if entry is None or entry[0] != key or entry[2] != region:
        img = entry[1] if entry is not None and entry[1].get_size() == region.size else pygame.Surface(region.size)
        img.fill(gfx.FELT)
        draw_fn(img, shifted(vp, region.topleft))
        entry = (key, img, region)
        t.layers[name] = entry
    surf.blit(entry[1], region)


def info(t, surf, vp, seat) -> None:
    st = t.shown_state()
    _pos, _facing, hp, dmg = t.shown_pose()
    key = (
        seat,
        t.names[seat],
        st.boxers[seat],
        seat in t.humans,
        hp[seat],
        dmg[seat],
        st.round_wins[seat],
        st.rounds,
        st.bursts[seat],
        st.reacts[seat],
        st.dazed[seat],
        st.cooldown[seat],
    )
    layer(
        t,
        surf,
        vp,
        ("info", seat),
        key,
        (PANEL_X[seat], 48, PANEL_W, 134),
        lambda img, v: _info(t, img, v, seat, hp, dmg),
    )


def _info(t, surf, vp, seat, hp, dmg) -> None:
    st = t.shown_state()
    x0 = PANEL_X[seat]
    bx = t.boxer(seat)
    colour = gfx.PLAYER_COLOURS[seat]
    gfx.panel(surf, vp.r(x0, 48, PANEL_W, 134), (0, 0, 0), radius=vp.s(10), alpha=60)
    who = f"{t.names[seat]} · {_(bx.name)}" + t.name_note(seat)
    badge = vp.r(x0 + 8, 50, 28, 28)
    surf.blit(art.portrait_image(sum(map(ord, bx.name)) % 6, tuple(colour), badge.w, badge.h), badge)
    left, top = vp.p(x0 + 44, 50)  # the name: up to the style (a window squeezed sideways leaves less room)
    end = vp.p(x0 + PANEL_W - 12, 0)[0]
    style_w = gfx.font(vp.s(15)).size(_(bx.style))[0]
    room = min(vp.across(268), end - style_w - vp.s(8) - left)
    if gfx.fit(who, room, vp.s(28), vp.s(22), gfx.body_px(vp), True, 1)[2]:  # the name first: the style gives way
        room = end - left
    else:
        gfx.blit_text(surf, _(bx.style), vp.s(15), (end, vp.p(0, 64)[1]), gfx.GREY, anchor="midright")
    box = pygame.Rect(left, top, room, vp.s(28))
    gfx.draw_fitted(surf, who, box, vp.s(22), colour, bold=True, align="left", lines=1)
    # HP bar
    bar = vp.r(x0 + 12, 80, 300, 22)
    pygame.draw.rect(surf, (40, 40, 44), bar, border_radius=vp.s(6))
    frac = max(0.0, min(1.0, hp[seat] / bx.hp))
    fill = bar.copy()
    fill.w = max(0, int(bar.w * frac))
    pygame.draw.rect(surf, gfx.REFUSE if frac <= 0.3 else colour, fill, border_radius=vp.s(6))
    pygame.draw.rect(surf, (120, 120, 130), bar, width=1, border_radius=vp.s(6))
    at = vp.p(x0 + 324, 91)
    said = gfx.first_fitting(  # the numbers alone where the words leave no room (the heart says what they count)
        [_("♥ {hp} / {most} HP").format(hp=hp[seat], most=bx.hp), f"♥ {hp[seat]}/{bx.hp}"],
        vp.s(18),
        vp.p(x0 + PANEL_W, 0)[0] - at[0] - vp.s(4),
        bold=True,
    )
    gfx.blit_text(surf, said, vp.s(18), at, gfx.WHITE, bold=True, anchor="midleft")
    wins = st.round_wins[seat]
    narrow = vp.sx < 0.9 * vp.scale  # a window squeezed sideways: the rounds won go down to the last row
    marks = "★" * wins + "☆" * max(0, (st.rounds + 1) // 2 - wins)
    stars = _("Rounds won") + " " + marks
    # the damage and the rounds won share a line: one size for both, as large as the player's text size,
    # the line's height and its width allow
    left, right = vp.p(x0 + 12, 0)[0], vp.p(x0 + PANEL_W - 12, 0)[0]
    said = _("Damage dealt this round: {n}").format(n=dmg[seat])
    big = gfx.grown(vp.s(16), vp.s(26))
    px = gfx.fit_px(said if narrow else f"{said}    {stars}", big, right - left)
    stars_px = vp.s(16) if narrow else px  # (beside the cooling line when narrow: it leaves that line room)
    cool = [_(bx.by_id[c].name) for c in st.cooldown[seat]]
    line = _("Cooling down: {cards}").format(cards=", ".join(cool)) if cool else _("No card cooling down")
    body = gfx.body_px(vp)
    if narrow and gfx.font(body).size(line)[0] + vp.s(8) + gfx.font(stars_px).size(stars)[0] > right - left:
        stars = marks  # the marks alone: the cooling line keeps its words (the label shows in a wider window)
    won = gfx.blit_text(surf, stars, stars_px, (right, vp.p(0, 168 if narrow else 118)[1]), gfx.GOLD, anchor="midright")
    gfx.blit_text(surf, said, px, vp.p(x0 + 12, 118), gfx.WHITE, anchor="midleft")
    tokens = [
        _("⚡ Bursts {bursts}    ◉ Reacts {reacts}").format(bursts=st.bursts[seat], reacts=st.reacts[seat]),
        f"⚡ {st.bursts[seat]}    ◉ {st.reacts[seat]}",  # the marks alone (the buttons and slots name them)
    ]
    line_box = pygame.Rect(left, vp.p(0, 131)[1], vp.p(x0 + PANEL_W - 12, 0)[0] - left, vp.s(26))
    if st.dazed[seat]:
        line_box.w = vp.p(x0 + 244, 0)[0] - left
    gfx.draw_fitted(surf, gfx.first_fitting(tokens, vp.s(16), line_box.w), line_box, vp.s(16), align="left", lines=1)
    if st.dazed[seat]:
        r = vp.r(x0 + 250, 133, 200, 22)
        gfx.panel(surf, r, (120, 40, 140), radius=vp.s(6))
        dazed = gfx.first_fitting([_("DAZED: cards shuffled"), _("DAZED")], vp.s(14), r.w - vp.s(8), bold=True)
        gfx.draw_fitted(surf, dazed, r.inflate(-vp.s(8), 0), vp.s(14), gfx.WHITE, bold=True, lines=1)
    left, top = vp.p(x0 + 12, 156)
    box = pygame.Rect(left, top, (won.left - vp.s(8) if narrow else vp.p(x0 + PANEL_W - 12, 0)[0]) - left, vp.s(24))
    gfx.draw_fitted(surf, line, box, vp.s(15), (150, 200, 220) if cool else gfx.GREY, align="left", lines=1)


def slot_rect(vp, seat, i) -> pygame.Rect:
    return vp.r(PANEL_X[seat] + SLOT_DX[i], SLOT_Y, SLOT_W, SLOT_H)


def slots(t, surf, vp, seat) -> None:
    st = t.state
    x0 = PANEL_X[seat]
    bx = t.boxer(seat)
    n = t.slot_count(seat)
    colour = gfx.PLAYER_COLOURS[seat]
    shown = this_exchange_cards(t, seat)
    if shown is not None:
        n = len(shown)
    labels = [_("1st"), _("2nd"), _("3rd · Burst ⚡")]
    lifted = t.lifted[seat] if shown is None and t.can_act(seat) and t.private_visible(seat) else None
    for i in range(3):
        if i == 2 and (bx.bursts == 0 or (shown is not None and n < 3)):
            continue
        lab = labels[i] if (i < 2 or n == 3) else (_("no Burst now") if st.bursts[seat] else _("no Burst left"))
        if i == 0 and peeked(t, seat):
            lab = _("1st · seen ◉")
        if i == lifted:
            lab = (_("1st · lifted ⇄"), _("2nd · lifted ⇄"), _("3rd · lifted ⇄"))[i]
        # over its slot, never under the least size; the last slot's label may run on over the buttons' column
        slot = vp.r(x0 + SLOT_DX[i] - 4, SLOT_Y - 20, SLOT_W + 8, 20)
        at, anchor = slot.center, "center"
        if i == 2 and gfx.font(gfx.body_px(vp)).size(lab)[0] > slot.w:
            slot.width = vp.p(x0 + BTN_DX + BTN_W, 0)[0] - slot.left
            at, anchor = slot.midleft, "midleft"
        gfx.blit_text(
            surf,
            lab,
            vp.s(14),
            at,
            gfx.HILITE if i == lifted else (gfx.WHITE if i < n else gfx.GREY),
            anchor=anchor,
            box=slot,
        )
    if shown is not None:
        step = t.anim.current() if t.anim is not None else None
        for i, (cid, up) in enumerate(shown[:3]):
            r = slot_rect(vp, seat, i)
            if step is not None and step.kind == "flip" and step.data["k"] == i and step.data["cards"][seat]:
                flip(surf, bx.id, seat, step.data["cards"][seat], r, t.anim.progress(), vp)
            elif cid is None:
                cards.slot(surf, r, "—", gfx.GREY, px=vp.s(18))
            elif up:
                surf.blit(tc.render(bx.id, cid, seat, r.w, r.h), r)
            else:
                surf.blit(tc.back(seat, r.w, r.h), r)
        for i in range(len(shown), n):
            cards.slot(surf, slot_rect(vp, seat, i), "", (90, 100, 95))
        return
    sel = t.selection(seat)
    mine = t.can_act(seat) and st.phase in ("declare", "choose", "react")
    see = t.private_visible(seat)
    for i in range(3 if bx.bursts else 2):
        r = slot_rect(vp, seat, i)
        if i >= n:
            cards.slot(surf, r, "", (80, 90, 85))
            continue
        if see and i < len(sel):
            img = tc.render(bx.id, sel[i], seat, r.w, r.h)
            surf.blit(img, r)
            if lifted == i:  # lifted to swap (keys / pad): outlined, named in its label
                pygame.draw.rect(
                    surf, gfx.HILITE, r.inflate(vp.s(6), vp.s(6)), width=max(2, vp.s(3)), border_radius=vp.s(8)
                )
            if mine:
                t.hot_card(r, ("slot", seat, i), seat, img)
        elif t.pending[seat] and i < len(sel):
            surf.blit(tc.back(seat, r.w, r.h), r)
        else:
            cards.slot(surf, r, str(i + 1), colour, px=vp.s(26))
        if mine:
            t.hot_zone(r, ("slot", seat, i), accepts=t.accepts_for(seat, "slot", i), seat=seat)


def flip(surf, boxer, seat, cid, r, p, vp) -> None:
    """A card turning over: the back narrows, the face widens, lifted a little."""
    lift = int(vp.s(12) * (1 - abs(2 * p - 1)))
    if p < 0.5:
        img, scale = tc.back(seat, r.w, r.h), 1 - 2 * p
    else:
        img, scale = tc.render(boxer, cid, seat, r.w, r.h), 2 * p - 1
    w = max(2, int(r.w * scale))
    if w != r.w:
        img = _narrowed(img, w, r.h)
    surf.blit(img, (r.centerx - w // 2, r.y - lift))


@gfx.image_cache(256)
def _narrowed(img, w, h):
    """A card face or back squeezed to ``w`` wide (the turn-over), kept while the turn plays again."""
    return pygame.transform.scale(img, (w, h))


def peeked(t, seat) -> bool:
    """The other person reacted and may see this seat's first card now."""
    st = t.state
    other = 1 - seat
    return (
        st.phase == "react"
        and st.reactor == other
        and other in t.humans
        and t.secrecy.visible(other)
        and bool(st.peek)
        and not t.secrecy.visible(seat)
    )


def this_exchange_cards(t, seat):
    """What the slots show once cards are committed: [(card id or None, face up)], or None while choosing."""
    st = t.state
    rev = t.revealed[seat] if t.revealed_key == (st.round, st.exchange) or t.anim is not None else []
    if t.anim is not None or st.phase in ("footwork", "stick"):
        commits = st.commits[seat] if t.anim is None else None
        total = len(commits) if isinstance(commits, tuple) else None
        if t.anim is not None:
            total = _anim_count(t, seat)
        out = [(cid, True) for cid in rev]
        while total is not None and len(out) < total:
            out.append(("?", False))
        return [(c, up) if c != "?" else ("x", False) for c, up in out]
    c = st.commits[seat]
    if st.phase == "over":
        if t.revealed_key == (st.round, st.exchange) and (t.revealed[0] or t.revealed[1]):
            return [(cid, True) for cid in rev if cid is not None]
        return [(cid, True) for cid in c] if isinstance(c, tuple) else None
    if c is None:
        return None
    if t.secrecy.visible(seat):
        return [(cid, True) for cid in c]
    out = [(cid, False) for cid in c]
    if peeked(t, seat):
        out[0] = (st.peek, True)
    return out


def _anim_count(t, seat) -> int:
    n = len(t.revealed[seat])
    for step in t.anim.steps[t.anim.i :]:
        if step.kind == "flip" and step.data["cards"][seat] is not None:
            n = max(n, step.data["k"] + 1)
    return n


STAY = (N_("Stay facing"), N_("Stay"))  # footwork's and a stick's choices that change nothing: where the focus starts
# a step's way as the cards draw it (the boxer facing up): a stick's button in a narrow window
STEP_ARROWS = dict(zip(board.STEPS, "↑↗→↘↓↙←↖", strict=True))


def buttons(t, surf, vp, seat) -> None:
    st = t.state
    t.buttons_of[seat] = []
    if not t.can_act(seat):
        return
    x = PANEL_X[seat] + BTN_DX
    rows: list[tuple[str, Callable[[], object], bool]] = []  # (label, what it does, enabled)
    if st.phase in ("declare", "choose", "react"):
        sel = t.selection(seat)
        label = _("Lock in ⚡") if len(sel) == 3 else _("Lock in")
        rows.append((label, lambda: t.lock_in(seat), len(sel) >= 2))
        if st.phase == "declare" and st.declares[seat] is None and may_react(st, seat):
            rows.append((_("React ◉"), lambda: t.react(seat), True))
        rows.append((_("Clear"), lambda: t.clear(seat), bool(sel)))
    elif st.phase == "footwork":
        turns = [
            ([_("↺ Turn left"), _("↺ Left")], -1),
            ([_(s) for s in STAY], 0),
            ([_("↻ Turn right"), _("↻ Right")], 1),
        ]
        for wordings, turn in turns:
            label = gfx.first_fitting(wordings, vp.s(16), vp.across(BTN_W) - vp.s(10))  # short in a narrow button
            rows.append((label, partial(t.footwork, seat, turn), True))
            t.button_preview[(seat, label)] = (seat, "turn", turn)
    elif st.phase == "stick":
        for s in st.entitled[seat] or ():
            name = board.STEPS[s]
            wordings = [_("Step {step}").format(step=_(name)), _("Step {step}").format(step=STEP_ARROWS[name])]
            label = gfx.first_fitting(wordings, vp.s(16), vp.across(BTN_W) - vp.s(10))
            rows.append((label, partial(t.stick, seat, name), True))
            t.button_preview[(seat, label)] = (seat, "step", name)
        rows.append((_(STAY[1]), lambda: t.stick(seat, None), True))
    if t.secrecy.mode == "curtain" and t.secrecy.shown == seat and st.phase in ("declare", "choose", "react"):
        label = gfx.first_fitting([_("Hide my cards"), _("Hide")], vp.s(16), vp.across(BTN_W) - vp.s(10))
        rows.append((label, lambda: t.hide(seat), True))
    rects = [vp.r(x, BTN_Y + i * BTN_GAP, BTN_W, BTN_H) for i in range(len(rows))]
    # the column's labels at one size (the label's room in a button: as TableScene.hot_button leaves it)
    px = gfx.one_size([label for label, _cb, _on in rows], [r.inflate(-vp.s(10), -2) for r in rects], vp.s(16))
    for r, (label, cb, enabled) in zip(rects, rows, strict=True):
        safe = label in {_(s) for s in STAY}
        t.hot_button(r, label, cb, seat=seat, px=px, enabled=enabled, safe=safe, grow=False)
        if enabled:
            t.buttons_of[seat].append(label)


def status_text(t, seat) -> str:
    return status_wordings(t, seat)[0]


def status_wordings(t, seat) -> list[str]:
    """The seat's status line, its fullest wording first, then shorter ones that say what matters (for a
    narrow window or a long language)."""
    st = t.state
    name = t.names[seat]
    other = t.names[1 - seat]
    if st.result is not None:
        return [""]
    if t.anim is not None:
        return [""]
    phase = st.phase
    if phase in ("footwork", "stick"):
        if seat in t.rules.to_act(st):
            if seat not in t.humans:
                return [_("{name} is deciding...").format(name=name)]
            if t.can_act(seat):
                if phase == "footwork":
                    return [_("Favoured step: you may turn 45°."), _("You may turn 45°.")]
                return [_("Stick and Move: you may take a step."), _("You may take a step.")]
            return [
                _("{name}: hold {button} to choose.").format(name=name, button=t.peek_name(seat)),
                _("{name}: hold {button}.").format(name=name, button=t.peek_name(seat)),
            ]
        return [_("Waiting for {name}.").format(name=other) if t.rules.to_act(st) else ""]
    if st.commits[seat] is not None or t.pending[seat]:
        return [_("{name} has locked in.").format(name=name)]
    if st.reactor == seat and phase != "react":
        return [_("{name} reacts: {other} locks in first.").format(name=name, other=other)]
    if st.phase == "declare" and st.declares[seat] is True:
        return [_("{name} has answered.").format(name=name)]
    if seat not in t.humans:
        return [_("{name} is choosing...").format(name=name)]
    if t.can_act(seat):
        sel = t.selection(seat)
        if phase == "react":
            return [
                _("You reacted: you see {other}'s first card. Lay yours.").format(other=other),
                _("You reacted: lay your cards."),
            ]
        if t.lifted[seat] is not None:
            n = t.lifted[seat] + 1
            return [
                _("Card {n} lifted: confirm another slot to swap, the same slot to take it back.").format(n=n),
                _("Card {n} lifted: confirm a slot to swap.").format(n=n),
            ]
        if phase == "declare" and st.declares[seat] is None and may_react(st, seat) and not sel:
            return [
                _("Press React ◉ first, or lay your cards (= no React)."),
                _("React ◉ first, or lay your cards."),
                _("React ◉ or lay cards."),
            ]
        if t.slot_count(seat) == 3:
            return [
                _("Lay 2 cards in order (a 3rd uses a Burst), then Lock in. {n} laid.").format(n=len(sel)),
                _("Lay 2 or 3 cards, then Lock in. {n} laid.").format(n=len(sel)),
                _("Lay 2 or 3 cards, then Lock in."),
            ]
        return [
            _("Lay 2 cards in order, then Lock in. {n} laid.").format(n=len(sel)),
            _("Lay 2 cards, then Lock in. {n} laid.").format(n=len(sel)),
            _("Lay 2 cards, then Lock in."),
        ]
    if t.secrecy.mode == "curtain":
        return [_("{name} chooses next.").format(name=name)]
    return [
        _("{name}: hold {button} to see your choice.").format(name=name, button=t.peek_name(seat)),
        _("{name}: hold {button}.").format(name=name, button=t.peek_name(seat)),
    ]


def status(t, surf, vp, seat) -> None:
    centre = (PANEL_X[seat] + PANEL_W // 2, 360)
    cx = vp.p(*centre)[0]
    room = min(vp.s(PANEL_W - 10), 2 * min(cx, vp.size[0] - cx))  # as draw_status leaves it
    text = gfx.first_fitting(status_wordings(t, seat), vp.s(16), room)
    t.draw_status(surf, vp, seat, text, centre, PANEL_W - 10, 16)


def caption_text(t) -> tuple[str, bool]:
    """The line under the ring: help on the card being pointed at, else what just happened."""
    st = t.state
    text = " ".join(t.caption[-3:])
    focus_help = None
    for seat in (0, 1):
        if t.anim is None and t.can_act(seat) and st.phase in ("declare", "choose", "react"):
            cand = candidate(t, seat)
            if cand is not None:
                focus_help = tc.describe(st.boxers[seat], cand[0]) + where_text(t, seat, cand)
    if focus_help is None and t.threat is not None:
        seat, cid = t.threat
        focus_help = (
            _("{name}'s card: ").format(name=t.boxer_name(seat))
            + tc.describe(st.boxers[seat], cid)
            + where_text(t, seat, (cid, 0), plan=False)
        )
    return (focus_help, True) if focus_help else (text, False)


def caption(t, surf, vp) -> None:
    text, focus_help = caption_text(t)
    if not text:
        return
    px, least = vp.s(15), max(vp.s(13), gfx.BODY_PX)  # two lines at a readable size rather than one tiny line
    r = vp.r(20, 373, 1240, 44)
    gfx.panel(surf, r, (0, 0, 0), radius=vp.s(8), alpha=90)
    box = vp.r(28, 383, 1224, 33)  # under the ring's frame, which runs over the bar's top
    if not focus_help:  # what happened: the newest words first, as many of the last lines as fit
        parts = list(t.caption[-3:])
        while len(parts) > 1 and gfx.fit(" ".join(parts), box.w, box.h, px, least, False, 2)[2]:
            parts = parts[1:]
        text = " ".join(parts)
    gfx.draw_fitted(surf, text, box, px, gfx.HILITE if focus_help else gfx.WHITE, min_px=least, lines=2)


def where_text(t, seat, cand, plan=True) -> str:
    """What the previewed card would do from where the boxer will be (the opponent standing still)."""
    st = t.state
    sel = t.selection(seat) if plan else []
    upto = [c for c in sel[: cand[1]] if c != cand[0]]
    sq, f, _trail = t.plan(seat, upto)
    card = t.boxer(seat).by_id[cand[0]]
    other = t.boxer_name(1 - seat)
    opp = st.pos[1 - seat]
    where = _(" from {square}").format(square=board.name(sq)) if upto else ""
    if card.kind == "attack":
        area = board.mask_squares(card.mask(sq, f))
        names = ", ".join(board.name(q) for q in area) or _("nothing on the ring")
        tail = _(" ({other} stands on {square} now: it would land)").format(other=other, square=board.name(opp))
        return _(" — hits {squares}{where}{tail}").format(squares=names, where=where, tail=tail if opp in area else "")
    if card.kind == "step":
        d = board.step_destination(sq, f, card.step)
        if d < 0:
            return _(" — it would leave the ring{where}: no move").format(where=where)
        if d == opp:
            return _(" — to {square}, where {other} stands now").format(square=board.name(d), other=other)
        return _(" — to {square}").format(square=board.name(d))
    if card.kind == "turn":
        return _(" — you would face {facing}").format(facing=_(board.FACING_NAMES[(f + card.turn) % 8]))
    return ""


# -- hands ----------------------------------------------------------------------------------


def threat(t, vp):
    """(seat, card id) of a hand card under the pointer, or under a keys/pad focus, that is not being chosen:
    the board shows what it would do from where that boxer stands (any card of either boxer; a hand is
    public)."""
    if t.anim is not None or t.drag is not None:
        return None
    if t.mouse_pos is None:
        for s in t.humans:
            hot = t.focused(s) if t.show_focus.get(s) else None
            if hot is not None and isinstance(hot.payload, tuple) and hot.payload[0] == "look":
                return hot.payload[1], hot.payload[2]
        return None
    for seat in (0, 1):
        if t.can_act(seat) and t.state.phase in ("declare", "choose", "react"):
            continue  # the chooser's own cards preview from the order (candidate)
        for cid, d in hand_layout(t, seat):
            if vp.rect(d).collidepoint(t.mouse_pos):
                return seat, cid
    return None


def hand(t, surf, vp, seat) -> None:
    st = t.state
    bx = t.boxer(seat)
    t.hand_payloads[seat] = []
    mine = t.can_act(seat) and st.phase in ("declare", "choose", "react")
    see = t.private_visible(seat) and st.phase in ("declare", "choose", "react")
    sel = t.selection(seat) if see else []
    cand = candidate(t, seat) if mine else None
    lit = cand[0] if (mine and cand is not None and not (t.show_focus.get(seat) and t.mouse_pos is None)) else None
    key = (seat, t.names[seat], bx.id, t.shown_state().cooldown[seat], tuple(sel), lit)
    layer(
        t,
        surf,
        vp,
        ("hand", seat),
        key,
        (HALF_X[seat], 414, HALF_W, 284),
        lambda img, v: draw_hand(t, img, v, seat, sel, lit),
    )
    if mine:
        zone = vp.r(HALF_X[seat], 430, HALF_W, 270)
        t.hot_zone(zone, ("hand", seat), accepts=t.accepts_for(seat, "hand"), seat=seat)
        for cid, d in hand_layout(t, seat):
            r = vp.rect(d)
            payload = ("hand", seat, cid)
            t.hot_card(r, payload, seat, tc.render(bx.id, cid, seat, r.w, r.h, False))
            if cid not in st.cooldown[seat]:
                t.hand_payloads[seat].append(payload)
    elif not t.busy() and t.curtain_seat() is None and (t.session.outcome() is None or t.result_dismissed):
        # keys and pads may point at a hand that is not being chosen from, as the mouse can (threat):
        # a do-nothing button per card, so the focus can rest on it but the mouse cannot pick it up
        for viewer in t.humans:
            if t.show_focus.get(viewer):
                for cid, d in hand_layout(t, seat):
                    t.next_hots.append(
                        Hot(vp.rect(d), ("look", seat, cid), viewer, "button", callback=_nothing, group=("look", seat))
                    )


def _nothing() -> None:
    """Confirming a card one is only looking at does nothing."""


def hints(t, surf, vp, seat) -> None:
    if seat not in t.humans:
        return
    parts = [(c, _(does)) for c, does in CONTROLS]
    left, right = (20, 1260) if t.shared_input else (HALF_X[seat] + 5, HALF_X[seat] + HALF_W - 5)
    if t.tutor is not None:  # a lesson's words cover the band's right: the line keeps clear of them
        right = min(right, t.tutor_banner[0] - 10)
    if t.shared_input and seat != t.humans[0]:
        return
    line = t.control_line if t.shared_input else t.key_hints
    # the fullest line that fits (as draw_line leaves it room); else shorter: the bout log's key (it has its
    # button), the groups', taking back and then moving left out (choosing, and peeking, always stay)
    cx = vp.p((left + right) / 2, 0)[0]
    room = min(vp.s(right - left), 2 * min(cx, vp.size[0] - cx))
    wordings = [line(seat, _(MOUSE_LINE), parts)]
    for k in (1, 2, 3, 4):
        left_out = ("history", "group", "back", "moves")[:k]
        wordings.append(line(seat, _(MOUSE_SHORT), [p for p in parts if p[0] not in left_out]))
    text = gfx.first_fitting(wordings, vp.s(15), room)
    if right > left:
        draw_line(surf, vp, text, ((left + right) // 2, 706), right - left, 15, gfx.GREY)
