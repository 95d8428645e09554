"""Drawing the JAB table (called by JabTable.draw_table every frame).

The table is the hands.py table scaled so one unit is 80 design pixels:
player 1 (first seat) sits at the bottom, player 2 at the top, each boxer's
left body, head and right body towards the middle, each player's decks by
their hands, the combo deck on the left, the counter-punch deck in the
middle, the Ding! and Knockout/Clinch tiles on the right. Static parts are
drawn once per window size into a cached background. Each player's meter,
buttons, the info box and the log are in hud.py, the panels in panels.py,
the shared geometry and helpers in layout.py.
"""

from __future__ import annotations

import math

import pygame

from tabletop.core.i18n import words
from tabletop.ui import art, gfx

from ..rules import content as C
from ..rules.hands import SIDES, TARGETS, deck_name, target_at, target_name
from ..rules.queries import placement_refusal, stall_deadline, tile_claim, tiles
from .art import card_back, combo_card, counter_card, finish, hand_cursor, keyed_surface, punch_card, tile, token
from .hud import INFO_RECT, LOG_COLUMN, draw_band, draw_hud, draw_info, draw_lockout_bars, draw_log, hud_rect
from .layout import TARGET_LABEL, UNIT, card_size, colour_of, deck_label, fit, panel, place_rect, screen_point, veil
from .panels import draw_between, draw_clinch, draw_hand_scoring, summary_shown
from .steer import at_bottom, sits_side

_, ngettext = words(__name__)


def _per_state(table, name: str, st) -> dict:
    """A dict of answers about ``st`` kept until the state changes (rules questions are
    asked once per state, not once per frame)."""
    memo = table.__dict__.get(name)
    if memo is None or memo[0] is not st:
        memo = (st, {})
        setattr(table, name, memo)
    return memo[1]


def opportunities_of(table, st, seat) -> list:
    memo = _per_state(table, "_opp_memo", st)
    if seat not in memo:
        memo[seat] = table.chances(st, seat)
    return memo[seat]


def refusal(table, st, seat, side, target):
    memo = _per_state(table, "_refusal_memo", st)
    key = (seat, side, target)
    if key not in memo:
        memo[key] = placement_refusal(st, seat, side, target)
    return memo[key]


# -- the static background ---------------------------------------------------------

_BOARD: dict = {}
gfx.forget_on_resize(_BOARD.clear)


def board(table, vp) -> pygame.Surface:
    flip = table.flip
    key = (vp.size, tuple(s.name for s in table.session.seats), flip)
    img = _BOARD.get(key)
    if img is not None:
        return img
    _BOARD.clear()
    img = pygame.Surface(vp.size)
    img.fill(gfx.FELT_DARK)
    pygame.draw.rect(img, gfx.FELT, vp.r(0, 0, 1280, 720))
    # each player's side of the table
    for y, h in ((556, 164), (0, 164)):  # player 1 at the bottom, player 2 at the top
        band = vp.r(296, y, 688, h)
        panel(img, band, (0, 0, 0), alpha=40, radius=vp.s(14))
    pygame.draw.line(img, (40, 100, 74), vp.p(180, 360), vp.p(1100, 360), max(1, vp.s(2)))
    for p in (0, 1):
        draw_boxer(img, vp, p, flip)
        for t in TARGETS:
            r = place_rect(vp, f"p{p}.{t}", flip)
            panel(img, r, (0, 0, 0), alpha=60, radius=vp.s(10))
            pygame.draw.rect(img, (120, 170, 140), r, width=max(1, vp.s(2)), border_radius=vp.s(10))
            lab = _(TARGET_LABEL[t])
            gfx.blit_text(
                img,
                table.name(p),
                fit(table.name(p), vp.s(14), r.w - vp.s(6)),
                (r.centerx, r.centery - vp.s(12)),
                (150, 190, 165),
                anchor="center",
            )
            words = pygame.Rect(r.left + vp.s(3), r.centery + vp.s(1), r.w - vp.s(6), vp.s(40))  # two lines if narrow
            gfx.draw_fitted(img, lab, words, vp.s(15), (190, 220, 200), bold=True, valign="top", lines=2)
        for s in (0, 1):
            r = place_rect(vp, deck_name(p, s), flip)
            pygame.draw.rect(img, (90, 130, 110), r, width=max(1, vp.s(2)), border_radius=vp.s(10))
        r = place_rect(vp, f"p{p}.bonus", flip)
        panel(img, r, (0, 0, 0), alpha=50, radius=vp.s(10))
        top = pygame.Rect(r.left, r.top + vp.s(2), r.w, vp.s(20))  # a line's box: grows with the text size
        # (a long name: the box's place beside the player's corner says whose it is)
        lab = gfx.first_fitting([_("{name}'s bonus").format(name=table.name(p)), _("Bonus")], vp.s(14), top.w)
        gfx.draw_fitted(img, lab, top, vp.s(14), (170, 200, 180), valign="top", lines=1)
    for name in ("combo", "ding", "clinch"):
        r = place_rect(vp, name, flip)
        pygame.draw.rect(img, (90, 130, 110), r, width=max(1, vp.s(2)), border_radius=vp.s(10))
    gfx.draw_fitted(img, _("Combo deck"), vp.r(28, 238, 200, 32), vp.s(15), (190, 220, 200), True, valign="bottom")
    for seat in (0, 1):
        panel(img, vp.r(*hud_rect(seat, flip)), (10, 20, 16), alpha=150, radius=vp.s(10))
    panel(img, vp.r(*INFO_RECT), (10, 20, 16), alpha=150, radius=vp.s(10))
    if pygame.display.get_surface() is not None:
        img = img.convert()
    _BOARD[key] = img
    return img


def draw_boxer(img, vp, p: int, flip: bool) -> None:
    """Each player's boxer drawn under its three targets: a body across the two body targets, the head
    round the head target, shoulders and gloves; in the player's colour, faint, so cards stay clear."""
    head, left, right = (place_rect(vp, f"p{p}.{t}", flip) for t in ("head", "left", "right"))
    col = tuple(round(c * 0.3 + f * 0.7) for c, f in zip(colour_of(p), gfx.FELT, strict=True))
    line = tuple(round(c * 0.55 + f * 0.45) for c, f in zip(colour_of(p), gfx.FELT, strict=True))
    body = left.union(right).inflate(vp.s(28), vp.s(24))
    pygame.draw.ellipse(img, col, body)
    pygame.draw.ellipse(img, line, body, max(1, vp.s(3)))
    neck_w = max(2, head.w // 3)
    top = body.centery
    pygame.draw.line(img, col, (head.centerx, top), head.center, neck_w)
    r = max(head.w, head.h) * 0.68
    pygame.draw.circle(img, col, head.center, round(r))
    pygame.draw.circle(img, line, head.center, round(r), max(1, vp.s(3)))
    for side, rect in ((-1, left), (1, right)):  # the gloves, up in guard beside the body
        glove_at = (rect.centerx + side * (rect.w * 0.62), rect.centery)
        art.glove(img, glove_at, vp.s(22), 90 if at_bottom(p, flip) else -90, line)


# -- the table ---------------------------------------------------------------------


def draw_table(table, surf, vp) -> None:
    """Everything up to the log is a kept picture (``table.kept``) drawn again only where its keys
    changed (see still_regions); while a round is fought the frame goes by parts (ui/regions.py): the
    picture goes back where the last frame's hands, cards in flight and shouts were, and only what
    changed is shown. Between rounds, in a clinch and while scoring the frame is drawn whole."""
    st = table.session.state
    regions = table.app.regions
    start = len(table.next_hots)
    whole_key, parts = still_regions(table, vp, st)
    changed = table.kept.update(surf, whole_key, parts, lambda img: draw_still(table, img, vp, st))
    if changed == []:
        table.next_hots.extend(table.kept_hots)
    else:
        table.kept_hots = table.next_hots[start:]
    img = table.kept.image
    by_parts = st.phase == "playing" and not summary_shown(st, table.final_score) and regions.keep(table)
    if changed is None:  # drawn whole on the window
        if by_parts:
            regions.changed(surf.get_rect())
    elif by_parts and not regions.whole:
        for r in regions.stale() + changed:
            surf.blit(img, r, r)
        for r in changed:
            regions.changed(r)
    else:
        surf.blit(img, (0, 0))
    draw_lockout_bars(table, surf, vp, st)
    draw_flights(table, surf, vp)
    draw_hands(table, surf, vp, st)
    draw_carry_marks(table, surf, vp, st)
    if summary_shown(st, table.final_score):
        draw_between(table, surf, vp, st)
    elif st.phase == "clinch":
        draw_clinch(table, surf, vp, st)
    elif st.phase == "scoring":
        draw_hand_scoring(table, surf, vp, st)
    draw_count_and_shouts(table, surf, vp)


def still_regions(table, vp, st) -> tuple:
    """What the kept picture shows: (what changes it whole, {region: (window rect, key)}). Each
    region is drawn again only when its key changes: the round's clock, a player's note, lock-out
    bar and help line, a boxer's piles, a player's decks, meter and bonus, the combo and
    counter-punch decks, the tiles, the log and a target's flash."""
    memo = _per_state(table, "_still_memo", st)  # what the state alone decides, worked out once per state
    if not memo:
        memo.update(_state_keys(table, st))
    rects = _RECTS.get((vp.size, table.flip))
    if rects is None:
        rects = _RECTS[(vp.size, table.flip)] = region_rects(vp, table.flip)
    t = table.t
    keys: dict = {}
    for seat in (0, 1):
        note, ms = table.notes[seat]
        keys[f"band{seat}"] = (note if ms > 0 else "", memo[f"band{seat}"])  # its lock-out bar is a moving part
        keys[f"hud{seat}"] = (memo[f"hud{seat}"], table.name_note(seat))
    secs = max(0, t - st.go_at) // 1000 if st.phase in ("playing", "clinch") else 0
    dl = stall_deadline(st)
    keys["info"] = (secs, None if dl is None else max(0, dl - t) // 1000, memo["info"])
    keys["log"] = tuple(table.log)
    for j in range(6):
        flash = table.flashes.get(j)
        keys[f"flash{j}"] = None if flash is None else (tuple(flash[0]), flash[1] > 300)
    flying = {f["deck"] for f in table.card_flights}
    for d in range(4):
        keys[f"deck{d}"] = (d in flying, memo[f"deck{d}"])
    regions = {name: (rect, keys.get(name, memo.get(name))) for name, rect in rects.items()}
    whole_key = (
        vp.size,
        table.assist(),
        st.phase,
        st.round,
        st.phase == "playing" and t >= st.go_at,
        table.mouse_seat,
        tuple(table.shown_scheme.items()),
    )
    return whole_key, regions


_RECTS: dict = {}  # (window size, turned round) -> region_rects
gfx.forget_on_resize(_RECTS.clear)


def region_rects(vp, flip: bool) -> dict:
    """Where each region of the kept picture lies in the window (see still_regions)."""
    out = {}
    for seat in (0, 1):
        band = (400, 556, 480, 164) if at_bottom(seat, flip) else (400, 0, 480, 134)
        out[f"band{seat}"] = vp.r(*band)
        out[f"hud{seat}"] = vp.r(*hud_rect(seat, flip))
        out[f"bonus{seat}"] = place_rect(vp, f"p{seat}.bonus", flip).inflate(vp.s(8), vp.s(8))
        targets = [place_rect(vp, target_name(seat, i), flip) for i in range(3)]
        out[f"piles{seat}"] = targets[0].unionall(targets[1:]).inflate(vp.s(28), vp.s(84))
    out["info"] = vp.r(*INFO_RECT)
    x, w = LOG_COLUMN
    out["log"] = vp.r(x, 270, w, 210)
    for j in range(6):
        out[f"flash{j}"] = place_rect(vp, target_name(j // 3, j % 3), flip).inflate(vp.s(10), vp.s(10))
    for d in range(4):
        wide = vp.s(100) if vp.sx < 0.9 * vp.scale else 0  # squeezed: its label reaches past it inwards
        out[f"deck{d}"] = place_rect(vp, deck_name(d // 2, d % 2), flip).inflate(vp.s(24) + wide, vp.s(48))
    out["combo"] = place_rect(vp, "combo", flip).inflate(vp.s(24), vp.s(56))
    out["counter"] = vp.r(570, 290, 300, 122)
    out["tiles"] = place_rect(vp, "ding", flip).union(place_rect(vp, "clinch", flip)).inflate(vp.s(24), vp.s(24))
    return out


def _state_keys(table, st) -> dict:
    """The keys of the kept picture's regions that follow from the state (see still_regions)."""
    opp = {}
    if table.assist() and st.phase == "playing":
        opp = {seat: opportunities_of(table, st, seat) for seat in table.humans}
    lit = [(o["kind"], o.get("target")) for items in opp.values() for o in items]
    glow = {kind for kind, _target in lit}
    where = tiles(st)
    keys: dict = {
        "info": (st.cards_left(0), st.cards_left(1), tuple(table.live_score()) if table.assist() else None),
        "combo": (st.combo, "combo" in glow),
        "counter": (st.counter, st.counter_aside, "counter" in glow),
        "tiles": (tuple(sorted(where.items())), st.ko_open, tuple(sorted(glow & {"ding", "clinch", "knockout"}))),
    }
    for seat in (0, 1):
        kinds = tuple(sorted(o["kind"] for o in opp.get(seat, [])))
        keys[f"band{seat}"] = (table.help_line(seat), kinds, tile_claim(st, seat), st.ready[seat])
        keys[f"hud{seat}"] = (st.health[seat], st.tokens[seat])
        keys[f"bonus{seat}"] = (st.combo_won[seat], st.counter_won[seat], tuple(sorted(where.items())))
        mine = tuple(sorted((kind, target) for kind, target in lit if target and target.startswith(f"p{seat}.")))
        keys[f"piles{seat}"] = (st.piles[seat * 3 : seat * 3 + 3], mine)
    for d in range(4):
        keys[f"deck{d}"] = st.decks[d]
    return keys


def draw_still(table, surf, vp, st) -> None:
    surf.blit(board(table, vp), (0, 0))
    opp = {}
    if table.assist() and st.phase == "playing":
        opp = {seat: opportunities_of(table, st, seat) for seat in table.humans}
    draw_piles(table, surf, vp, st, opp)
    draw_decks(table, surf, vp, st)
    draw_centre(table, surf, vp, st, opp)
    for seat in (0, 1):
        draw_hud(table, surf, vp, st, seat)
        draw_band(table, surf, vp, st, seat, opp.get(seat, []))
    draw_info(table, surf, vp, st)
    if st.phase != "scoring":
        draw_log(table, surf, vp)


def draw_piles(table, surf, vp, st, opp) -> None:
    flip = table.flip
    w, h = card_size(vp)
    for b in (0, 1):
        for i, t in enumerate(TARGETS):
            r = place_rect(vp, f"p{b}.{t}", flip)
            pile = st.piles[b * 3 + i]
            if not pile:
                continue
            img, (dx, dy) = pile_image(
                pile[-2] if len(pile) >= 2 else None, pile[-1], len(pile), C.owner(pile[-1]) == b, w, h, vp.scale
            )
            surf.blit(img, (r.x + dx, r.y + dy))
    for j, (col, ms) in table.flashes.items():
        r = place_rect(vp, target_name(j // 3, j % 3), flip).inflate(vp.s(8), vp.s(8))
        pygame.draw.rect(surf, col, r, width=max(2, vp.s(5 if ms > 300 else 3)), border_radius=vp.s(12))
    for items in opp.values():
        for o in items:
            if o["kind"] in ("stagger", "block"):
                r = place_rect(vp, o["target"], flip).inflate(vp.s(12), vp.s(12))
                col = gfx.HILITE if o["kind"] == "stagger" else (110, 230, 160)
                pygame.draw.rect(surf, col, r, width=max(2, vp.s(3)), border_radius=vp.s(12))
                lab = _("stagger!") if o["kind"] == "stagger" else _("block?")
                gfx.blit_text(surf, lab, vp.s(14), (r.centerx, r.bottom), col, bold=True, anchor="midtop")


@gfx.image_cache(256)
def pile_image(under, top: int, count: int, block: bool, w: int, h: int, scale: float):
    """A target's pile as one picture: the card under the top one peeking out above it,
    the top card, a BLOCK pill when the top card is a block and the number of cards.
    Returns (image, (dx, dy)): where its corner goes relative to the target's corner."""

    def s(v):
        return max(1, round(v * scale))

    parts = []  # (kind, rect) in the target's own coordinates
    if under is not None:
        parts.append(("under", pygame.Rect(0, -s(20), w, h)))
    parts.append(("top", pygame.Rect(0, 0, w, h)))
    if block:
        pill = gfx.text(_("BLOCK"), s(14), gfx.WHITE, True)
        pr = pill.get_rect(center=(w // 2, h))
        parts.append(("pill", pr.inflate(s(10), s(2))))
    if under is not None:
        c = (w - s(4), -s(14))
        rad = s(13)
        parts.append(("badge", pygame.Rect(c[0] - rad, c[1] - rad, 2 * rad + 1, 2 * rad + 1)))
    box = parts[0][1].unionall([r for _k, r in parts[1:]])
    surf = keyed_surface(box.w, box.h)
    ox, oy = -box.x, -box.y
    if under is not None:
        surf.blit(punch_card(under, w, h), (ox, oy - s(20)))
    surf.blit(punch_card(top, w, h), (ox, oy))
    if block:
        pygame.draw.rect(surf, (30, 30, 30), pr.inflate(s(10), s(2)).move(ox, oy), border_radius=s(6))
        surf.blit(pill, pr.move(ox, oy))
    if under is not None:
        badge = gfx.text(str(count), s(14), gfx.WHITE, True)
        cc = (c[0] + ox, c[1] + oy)
        pygame.draw.circle(surf, (20, 20, 20), cc, s(13))
        surf.blit(badge, badge.get_rect(center=cc))
    return finish(surf), (box.x, box.y)


def draw_decks(table, surf, vp, st) -> None:
    flip = table.flip
    w, h = card_size(vp)
    face_up = st.phase in ("playing", "clinch", "scoring")
    flying = {f["deck"] for f in table.card_flights}
    for p in (0, 1):
        border = C.BORDERS[p]
        for s in (0, 1):
            name = deck_name(p, s)
            r = place_rect(vp, name, flip)
            deck = st.decks[p * 2 + s]
            n = len(deck)
            if n >= 2:
                surf.blit(card_back(w, h, border), r.move(vp.s(4), vp.s(4)))
            if n:
                if face_up and (p * 2 + s) not in flying:
                    surf.blit(punch_card(deck[-1], w, h), r)
                else:
                    surf.blit(card_back(w, h, border), r)
            else:
                low = pygame.Rect(r.left, r.bottom - vp.s(38), r.w, vp.s(28))
                gfx.draw_fitted(surf, _("empty"), low, vp.s(15), (150, 180, 160), lines=1)
            label, spot = deck_label(vp, p, s, n, flip)
            box = pygame.Rect(spot.left, 0, spot.w, surf.get_height())
            at = "midtop" if at_bottom(p, flip) else "midbottom"
            pos = spot.midtop if at_bottom(p, flip) else spot.midbottom
            gfx.blit_text(surf, label, vp.s(14), pos, (210, 230, 215), bold=True, anchor=at, box=box)


def draw_centre(table, surf, vp, st, opp) -> None:
    flip = table.flip
    glow = {o["kind"] for items in opp.values() for o in items}
    # combo deck
    r = place_rect(vp, "combo", flip)
    if st.combo:
        if len(st.combo) >= 2:
            surf.blit(card_back(r.w, r.h, "white"), r.move(vp.s(4), vp.s(4)))
        surf.blit(combo_card(st.combo[-1], r.w, r.h, len(st.combo)), r)
    else:
        gfx.blit_text(surf, _("none left"), vp.s(15), r.center, (150, 180, 160), anchor="center")
    under = pygame.Rect(r.left - vp.s(20), r.bottom + vp.s(4), r.w + vp.s(40), vp.s(22))
    gfx.draw_fitted(surf, _("{n} left").format(n=len(st.combo)), under, vp.s(14), (200, 225, 210), valign="top")
    if "combo" in glow:
        pygame.draw.rect(surf, gfx.HILITE, r.inflate(vp.s(10), vp.s(10)), width=max(2, vp.s(3)), border_radius=vp.s(10))
    # counter-punch deck (drawn a little larger than its spot so it reads well)
    cr = vp.r(584, 302, 112, 96)
    if st.counter:
        surf.blit(counter_card(st.counter[-1], cr.w, cr.h), cr)
    else:
        panel(surf, cr, (0, 0, 0), alpha=60, radius=vp.s(10))
        gfx.blit_text(surf, _("no counters"), vp.s(14), cr.center, (150, 180, 160), anchor="center")
    lab = (
        _("{n} left, {m} set aside").format(n=len(st.counter), m=len(st.counter_aside))
        if st.counter_aside
        else _("{n} left").format(n=len(st.counter))
    )
    gfx.blit_text(surf, lab, vp.s(14), (cr.right + vp.s(6), cr.centery), (200, 225, 210), anchor="midleft")
    if "counter" in glow:
        pygame.draw.rect(
            surf, gfx.HILITE, cr.inflate(vp.s(10), vp.s(10)), width=max(2, vp.s(3)), border_radius=vp.s(10)
        )
    # tiles
    where = tiles(st)
    dr = place_rect(vp, "ding", flip)
    kr = place_rect(vp, "clinch", flip)
    side = min(dr.h, max(dr.w, vp.s(96)))  # square tiles in a window squeezed sideways (their place is the rect)
    if where["ding"] == "table":
        surf.blit(tile("ding", side, dr.h), tile_spot(dr, side))
    if where["clinch"] == "table":
        ko = any(st.ko_open)
        surf.blit(tile("knockout" if ko else "clinch", side, kr.h), tile_spot(kr, side))
    for name, r in (("ding", dr), ("clinch", kr)):
        if name in glow or (name == "clinch" and ("knockout" in glow)):
            pygame.draw.rect(
                surf, gfx.HILITE, r.inflate(vp.s(10), vp.s(10)), width=max(2, vp.s(3)), border_radius=vp.s(14)
            )
    # the mouse player may also grab the decks and tiles themselves to claim
    ms = table.mouse_seat
    if ms is not None and st.phase == "playing":
        for rect, what in ((place_rect(vp, "combo", flip), "combo"), (cr, "counter"), (dr, "ding"), (kr, "tile")):
            table.hot_area(rect, what, lambda w=what: table.claim(ms, w), ms)
    # bonus areas
    for p in (0, 1):
        draw_bonus(surf, vp, st, p, where, flip)


def tile_spot(r: pygame.Rect, w: int) -> tuple[int, int]:
    """Where a tile ``w`` wide is drawn in its place ``r`` (centred across)."""
    return r.centerx - w // 2, r.top


def draw_bonus(surf, vp, st, p, where, flip: bool = False) -> None:
    """A player's bonus box: the combo and counter-punch cards won in a row (squeezed closer as they come),
    "+N points" under them on the left and the Ding!/Clinch tiles won in the lower right corner; the cards
    never run under the points or the tiles."""
    br = place_rect(vp, f"p{p}.bonus", flip)
    x0, y = br.left + vp.s(6), br.top + vp.s(22)
    n = len(st.combo_won[p]) + len(st.counter_won[p])
    pts = sum(C.COMBOS[c][2] for c in st.combo_won[p]) + sum(C.COUNTERS[c][2] for c in st.counter_won[p])
    tiles_top = br.bottom - vp.s(52)
    ding, clinch = where["ding"] == f"p{p}", where["clinch"] in (f"p{p}", f"knockout:p{p}")
    tiles_left = br.right - vp.s(104 if ding else 54) if ding or clinch else br.right - vp.s(6)
    points_row = pygame.Rect(x0, br.bottom - vp.s(28), tiles_left - x0 - vp.s(4), vp.s(24))
    right, ch = br.right - vp.s(6), min(vp.s(56), points_row.top - y - vp.s(2))
    if (ding or clinch) and y + ch > tiles_top:  # beside the tiles, or (too many for that room) above them
        if tiles_left - x0 >= ch * 40 // 56 + (n - 1) * vp.s(4):
            right = tiles_left
        else:
            ch = max(vp.s(16), tiles_top - y - vp.s(2))
    cw = ch * 40 // 56
    step = cw // 2 if n < 2 else max(1, min(cw // 2, (right - x0 - cw) // (n - 1)))
    won = [combo_card(c, cw, ch, 0) for c in st.combo_won[p]] + [counter_card(c, cw, ch) for c in st.counter_won[p]]
    for k, img in enumerate(won):
        surf.blit(img, (x0 + k * step, y))
    if ding:
        surf.blit(tile("ding", vp.s(48), vp.s(48)), (br.right - vp.s(100), tiles_top))
    if clinch:
        kind = "knockout" if where["clinch"].startswith("knockout") else "clinch"
        surf.blit(tile(kind, vp.s(48), vp.s(48)), (br.right - vp.s(50), tiles_top))
    if pts:  # judge points at the round's end, not cards
        gfx.draw_fitted(
            surf,
            ngettext("+{n} point", "+{n} points", pts).format(n=pts),
            points_row,
            vp.s(18),
            gfx.GOLD,
            bold=True,
            align="left",
        )


def draw_carry_marks(table, surf, vp, st) -> None:
    flip = table.flip
    """While a person carries a card over a target, that target is outlined gold (it takes the
    card) or, when it would refuse it, in that player's colour with a cross and the reason: per
    hand, on the target under that hand only (two players' crosses sit in different corners)."""
    if st.phase != "playing":
        return
    for seat in table.humans:
        col = colour_of(seat)
        for h in (0, 1):
            held = st.held[seat * 2 + h]
            if held is None:
                continue
            x, y = table.hands.at(seat, h)
            under = target_at(x, y)
            if under is None:
                continue
            why = refusal(table, st, seat, SIDES[h], under)
            r = place_rect(vp, under, flip).inflate(vp.s(10), vp.s(10))
            pygame.draw.rect(surf, col if why else gfx.HILITE, r, width=max(2, vp.s(4)), border_radius=vp.s(12))
            if not why:
                table.app.regions.part(r, ("mark", seat, h, under))
                continue
            c = (r.right - vp.s(16), r.top + vp.s(16)) if table.bottom(seat) else (r.left + vp.s(16), r.top + vp.s(16))
            pygame.draw.circle(surf, (20, 20, 20), c, vp.s(14))
            pygame.draw.circle(surf, col, c, vp.s(14), max(1, vp.s(2)))
            gfx.blit_text(surf, "✗", vp.s(18), c, col, bold=True, anchor="center")
            short = why.split(":")[0]
            below = table.bottom(seat) or r.top < vp.s(60)
            box = pygame.Rect(0, 0, vp.s(300), vp.s(58))
            if below:
                box.midtop = (r.centerx, r.bottom + vp.s(4))
            else:
                box.midbottom = (r.centerx, r.top - vp.s(4))
            px, lines, _cut = gfx.fit(short, box.w, box.h, vp.s(14), vp.s(11), True, 3)
            area = r.union(box.inflate(vp.s(12), vp.s(40)))  # the reason's lines stand a little outside its box
            table.app.regions.part(area, ("mark", seat, h, under, why))
            for k, line in enumerate(lines):
                img = gfx.text(line, px, gfx.WHITE, True)
                if below:
                    rr = img.get_rect(midtop=(r.centerx, box.top + k * vp.s(18)))
                else:
                    rr = img.get_rect(midbottom=(r.centerx, box.bottom - (len(lines) - 1 - k) * vp.s(18)))
                pygame.draw.rect(surf, (110, 24, 20), rr.inflate(vp.s(8), vp.s(2)))
                gfx.blit_text(surf, line, px, rr.topleft, gfx.WHITE, True, box=box)


def draw_flights(table, surf, vp) -> None:
    w, h = card_size(vp)
    d = vp.s(26)
    for f in table.token_flights:
        t = gfx.ease_out(1 - f["ms"] / f["total"])
        x = gfx.lerp(f["from"][0], f["to"][0], t)
        y = gfx.lerp(f["from"][1], f["to"][1], t) - 60 * (1 - (2 * t - 1) ** 2)
        img = token("health", d)
        r = surf.blit(img, img.get_rect(center=vp.p(x, y)))
        table.app.regions.part(r, ("token", id(f)))
    for f in table.card_flights:
        t = gfx.ease_out(1 - f["ms"] / f["total"])
        x, y = screen_point(gfx.lerp(f["from"][0], f["to"][0], t), gfx.lerp(f["from"][1], f["to"][1], t), table.flip)
        x, y = x * UNIT, y * UNIT
        img = punch_card(f["card"], w, h)
        r = img.get_rect(center=vp.p(x, y))
        surf.blit(img, r)
        table.app.regions.part(r, ("card", f["card"]))


def hand_spots(points: list, d: int) -> list:
    """Where each hand's cursor is drawn: at its point, except that hands on one spot (closer than half a
    cursor) are drawn side by side around it, so none hides another."""
    out = list(points)
    done: set = set()
    for i, c in enumerate(points):
        if i in done:
            continue
        group = [j for j in range(len(points)) if j not in done and math.dist(points[j], c) < d / 2]
        done.update(group)
        for k, j in enumerate(group):
            shift = round((k - (len(group) - 1) / 2) * d * 0.9)
            out[j] = (c[0] + shift, c[1])
    return out


def draw_hands(table, surf, vp, st) -> None:
    w, h = card_size(vp)
    d = vp.s(42)
    turned_pos = [screen_point(x, y, table.flip) for x, y in table.hands.pos]
    spots = hand_spots([vp.p(x * UNIT, y * UNIT) for x, y in turned_pos], d)
    for p in (0, 1):
        col = colour_of(p)
        for s in (0, 1):
            x, y = table.hands.at(p, s)
            c = spots[p * 2 + s]
            held = st.held[p * 2 + s]
            cur = hand_cursor(col, sits_side(p, s, table.flip), d, held is not None)  # "L": on the person's left
            at = (c[0] - d // 2 - d // 4, c[1] - d // 2 - d // 4)
            area = cur.get_rect(topleft=at)
            if held is not None:
                if target_at(x, y) is not None:  # over a target: a small card beside the hand, the pile shows
                    img = punch_card(held[0], w * 5 // 8, h * 5 // 8)
                    rr = img.get_rect(topleft=(c[0] + d // 3, c[1] + d // 3))
                else:
                    img = punch_card(held[0], w, h)
                    rr = img.get_rect(center=c).clamp(vp.r(0, 0, 1280, 720))  # the card stays in the window
                    shade = surf.blit(veil(w, h, (0, 0, 0), 80, vp.s(10)), rr.move(vp.s(6), vp.s(8)))
                    area.union_ip(shade)
                surf.blit(img, rr)
                area.union_ip(rr)
            surf.blit(cur, at)
            table.app.regions.part(area, ("hand", p, s, c, held))


def draw_count_and_shouts(table, surf, vp) -> None:
    n = table.counting()
    if n:
        txt = str(n)
        at = vp.p(640, 360)
        gfx.blit_text(surf, txt, vp.s(130), (at[0] + vp.s(4), at[1] + vp.s(4)), (0, 0, 0), True, "center")
        gfx.blit_text(surf, txt, vp.s(130), at, gfx.GOLD, True, "center")
        big = gfx.text(txt, vp.s(130), gfx.GOLD, True).get_rect(center=at)
        table.app.regions.part(big.inflate(vp.s(12), vp.s(12)).move(vp.s(2), vp.s(2)), ("count", txt))
    for k, (text, col, ms_left, ms_total) in enumerate(table.shouts):
        px = vp.s(60)
        px = gfx.fit_px(text, px, vp.s(1100), True)  # a long shout is made smaller, not cut
        y = 250 + k * 70 if not n else 200
        shown = ms_total - ms_left  # a shout pops up from below and a bar of its colour runs out under it
        rise = 1 - gfx.ease_out(shown / 220)
        r = gfx.text(text, px, col, True).get_rect(center=vp.p(640, y + 40 * rise))
        box = r.inflate(vp.s(40), vp.s(10))
        surf.blit(veil(box.w, box.h, (0, 0, 0), 150, vp.s(16)), box)
        gfx.blit_text(surf, text, px, r.move(vp.s(3), vp.s(3)).topleft, (0, 0, 0), True, box=box)
        gfx.blit_text(surf, text, px, r.topleft, col, True, box=box)
        bar = int(box.w * gfx.ease_out(shown / 400) / 2)
        pygame.draw.line(surf, col, (box.centerx - bar, box.bottom), (box.centerx + bar, box.bottom), max(2, vp.s(4)))
        table.app.regions.part(box.inflate(vp.s(4), vp.s(12)), ("shout", text, box.topleft, bar))
