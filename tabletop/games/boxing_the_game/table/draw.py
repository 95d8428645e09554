"""Drawing the Boxing: The Game table (see table.py for the layout and the secrecy rules)."""

from __future__ import annotations

import pygame

from tabletop.core.i18n import N_, words
from tabletop.ui import art, gfx

from ..rules.content import CHARACTERS
from ..rules.flow import affordable_slots, judge_cost
from ..rules.texts import said
from .cards import UPGRADE_FORMS, back_image, badge, board_image, capital, card_image, upgrade_lines
from .layout import (
    BOARD_H,
    BOARD_Y,
    HAND_H,
    HAND_Y,
    LOW_Y,
    MAIN_PILE,
    PRIZE_H,
    PRIZE_W,
    PRIZE_X,
    PRIZE_Y,
    SIDE_W,
    SIDE_X,
    background,
    button,
    colour,
    grown_px,
    lines,
    main_label_box,
    pair_px,
    txt,
    whole_px,
)
from .ring import overlays, ring, round_info
from .sheet import caption, history, sheet

_, ngettext = words(__name__)

PLAN = N_("Plan: put 3 cards in your slots, bid momentum with + and −, then Lock in.")
# shorter forms, each where the one before it is cut
PLAN_SHORT = (N_("3 cards in your slots, bid with + and −, then Lock in."), N_("Fill 3 slots, bid, then Lock in."))

# the stance buttons: staying in a stance, switching to it
STAY = {"orthodox": N_("Stay orthodox"), "southpaw": N_("Stay southpaw")}
SWITCH_TO = {"orthodox": N_("Switch to orthodox"), "southpaw": N_("Switch to southpaw")}


def draw(t, surf, vp) -> None:
    surf.blit(background(t, vp), (0, 0))
    curtain = t.curtain_seat()
    header(t, surf, vp)
    for s in (0, 1):
        corner(t, surf, vp, s)

    prizes(t, surf, vp)
    ring(t, surf, vp)
    sheet(t, surf, vp)
    caption(t, surf, vp)
    overlays(t, surf, vp)
    hover = t.hovered()
    if hover is not None and not t.history_open and curtain is None:
        pygame.draw.rect(
            surf, gfx.HILITE, pygame.Rect(hover).inflate(vp.s(6), vp.s(6)), max(1, vp.s(2)), border_radius=vp.s(8)
        )
    if t.history_open:
        t.next_hots = []
        history(t, surf, vp)
    elif curtain is not None:
        t.next_hots = []
        t.secrecy.draw_curtain(surf, vp, curtain)
    else:
        mouse = next((s for s in t.humans if t.session.seats[s].scheme == "mouse"), None)
        if mouse is not None:  # keys and pads open the log with their own button
            button(t, vp.r(172, 4, 108, 26), _("Match log"), t.toggle_history, mouse, ("log",), px=vp.s(15))


# -- header ------------------------------------------------------------------------------


def prompt(t) -> str:
    """The header's line: what is happening, or what to do now."""
    return prompts(t)[0]


def prompts(t) -> list[str]:
    """``prompt`` in its wordings, the fullest first: the header shows the first that stands whole."""
    e = t.anim["e"] if t.anim is not None else None
    if e is not None and e["type"] == "event" and (t.session.outcome() is None or t.busy()):
        go = t.device_words(t.acting_seat(), _("click"), "{confirm}")
        return [
            _("Event {event} of round {round}: the cards turn over ({go} to go on).").format(
                event=e["event"], round=e["round"], go=go
            ),
            _("Round {round}, event {event}: {go} to go on.").format(event=e["event"], round=e["round"], go=go),
        ]
    line = _prompt(t)
    if line == _(PLAN):
        return [line, *map(_, PLAN_SHORT)]
    if t.state.phase == "pick" and t.anim is None:
        return [line, _("Each corner picks a board in secret.")]
    return [line]


def _prompt(t) -> str:
    st = t.state
    n = t.names
    if t.session.outcome() is not None and not t.busy():
        return _("The match is over: {why}").format(why=t.result_text()[1])
    if t.anim is not None:
        return _("Round {n} is scored.").format(n=t.anim["e"]["round"])
    if st.phase == "pick":
        return _("Each corner keeps one character board in secret; both are shown together.")
    if st.phase == "plan":
        return _(PLAN)
    if st.phase == "reveal":
        seat, force = st.pending
        if force:
            return _("{name} may switch stance and may switch {other}'s too.").format(name=n[seat], other=n[1 - seat])
        return _("{name} may switch stance.").format(name=n[seat])
    if st.phase == "prize":
        if st.secret_prize:
            return _("An even round: both pick a prize in secret at once.")
        return _("{name} picks a prize for their corner.").format(name=n[st.prize_order[0]])
    return ""


def header(t, surf, vp):
    st = t.state
    left = txt(
        surf, vp, _("Round {n} of {of}").format(n=st.round, of=st.options["rounds"]), 18, 12, 7, gfx.GOLD, bold=True
    )
    if t.undo_shown() and t.session.outcome() is None:  # the Undo button (and Match log) sit right of the round
        left = left.union(vp.r(*t.undo_spot))
    tot = [sum(t.shown_scores(s)) for s in (0, 1)]
    r = txt(surf, vp, f"{tot[1]} {t.names[1]}", 18, 1222, 7, colour(1), bold=True, anchor="topright", width=200)
    r2 = gfx.blit_text(surf, " – ", vp.s(18), (r.left, r.top), gfx.WHITE, bold=True, anchor="topright")
    r3 = gfx.blit_text(
        surf,
        f"{t.names[0]} {tot[0]}",
        vp.s(18),
        (r2.left, r.top),
        colour(0),
        bold=True,
        anchor="topright",
        box=pygame.Rect(r2.left - vp.s(200), r.top, vp.s(200), r.h),
    )
    # the prompt in the room between the round and the score (its whole text on hover when cut)
    gap = vp.s(16)
    room = pygame.Rect(left.right + gap, vp.p(0, 5)[1], r3.left - left.right - 2 * gap, vp.s(26))
    line = gfx.first_fitting(prompts(t), vp.s(16), room.w)  # a short form rather than a cut word
    gfx.draw_fitted(surf, line, room, vp.s(16), gfx.WHITE, lines=1)


# -- a corner ------------------------------------------------------------------------------


def corner(t, surf, vp, s):
    x0 = SIDE_X[s]
    st = t.board_state()
    p = st.players[s]
    brect = vp.r(x0, BOARD_Y, SIDE_W, BOARD_H)
    t.board_rects[s] = brect
    t.hot_zone(brect, ("corner", s), t.accepts_for(s, "corner"), seat=s)
    who = t.names[s] + t.name_note(s)
    if p.character < 0:
        txt(surf, vp, who, 22, x0 + 12, BOARD_Y + 8, colour(s), bold=True)
        note = _("has chosen a character (secret)") if p.choice is not None else _("is choosing a character…")
        txt(surf, vp, note, 16, x0 + 12, BOARD_Y + 44, gfx.WHITE)
        lines(
            surf,
            vp,
            _("Boards are shown together once both have chosen. Each has a trait that lasts all match."),
            15,
            x0 + 12,
            BOARD_Y + 80,
            SIDE_W - 24,
            gfx.GREY,
        )
    else:
        badge = vp.r(x0 + 8, BOARD_Y + 4, 34, 34)
        surf.blit(art.portrait_image(p.character, colour(s), badge.w, badge.h), badge)
        stance = t.shown_stance(s)
        pill = vp.r(x0 + SIDE_W - 122, BOARD_Y + 8, 110, 26)
        word = capital(said(stance))
        least = gfx.font(gfx.BODY_PX, True).size(word)[0] + 8  # never under the body size: the pill widens
        pill.width, pill.right = max(vp.s(110), least), pill.right  # its word keeps its size squeezed sideways
        left, top = vp.p(x0 + 48, BOARD_Y + 6)
        box = pygame.Rect(left, top, pill.left - vp.s(6) - left, vp.s(28))
        titles = {k: title(t, vp, k, box.w) for k, q in enumerate(st.players) if q.character >= 0}
        px = gfx.one_size(list(titles.values()), [box] * len(titles), vp.s(21), lines=1, bold=True)
        gfx.draw_fitted(surf, titles[s], box, px, colour(s), bold=True, align="left", lines=1, grow=False)
        gfx.panel(surf, pill, (240, 220, 170) if stance == "orthodox" else (190, 220, 250), radius=vp.s(12))
        gfx.blit_text(
            surf,
            word,
            gfx.fit_px(word, vp.s(15), pill.w - 6, True),
            pill.center,
            gfx.INK,
            bold=True,
            anchor="center",
        )
        traits = [trait_line(q.character) for q in st.players if q.character >= 0]
        px = pair_px(vp, traits, 15, SIDE_W - 24, 3)
        lines(surf, vp, trait_line(p.character), 15, x0 + 12, BOARD_Y + 40, SIDE_W - 24, (225, 225, 200), 3, px=px)
    if p.character >= 0 or st.phase != "pick":
        counters(t, surf, vp, s, x0, st, p)
    lower(t, surf, vp, s, x0)


def title(t, vp, s: int, width: int) -> str:
    """A board's title: the seat's name and its character's; the name alone where the two do not fit
    (the character's name is in the log)."""
    full = f"{t.names[s]} · {said(CHARACTERS[t.board_state().players[s].character].name)}"
    return gfx.first_fitting([full, t.names[s]], vp.s(21), width, bold=True)


def trait_line(character: int) -> str:
    ch = CHARACTERS[character]
    return f"{said(ch.trait_name)}: {said(ch.trait_text)}"


def counters(t, surf, vp, s, x0, st, p):
    y = BOARD_Y + 104
    m = t.shown_momentum(s)
    cap = st.options["max_momentum"]
    bid = (
        sum(t.plan(s)["bids"])
        if (st.phase == "plan" and t.frozen is None and t.secrecy.visible(s) and p.choice is None)
        else 0
    )
    # the rows of marks follow their words in pixels: a window squeezed sideways keeps them apart; the words
    # grow with the player's text size as far as their rows and the marks' room allow
    right = vp.p(x0 + SIDE_W - 12, y)[0]
    px = grown_px(vp, [_("Momentum"), _("Knockdowns")], 15, 26, 130)
    word = txt(surf, vp, _("Momentum"), 15, x0 + 12, y, gfx.WHITE, px=px)
    step = min(vp.s(24), (right - word.right - vp.s(40)) // max(1, cap))
    for i in range(cap):
        c = (word.right + vp.s(12) + i * step, word.centery)
        if i < m - bid:
            pygame.draw.circle(surf, gfx.GOLD, c, vp.s(9))
        elif i < m:
            pygame.draw.circle(surf, (235, 130, 50), c, vp.s(9))
        pygame.draw.circle(surf, (200, 170, 90), c, vp.s(9), max(1, vp.s(2)))
    label = f"{m}" + (" " + _("({n} bid)").format(n=bid) if bid else "")
    at = (word.right + vp.s(4) + cap * step, word.top)
    gfx.blit_text(surf, label, px, at, gfx.GOLD, bold=True)
    y += 28
    need_kd = st.options["knockdowns_to_win"]
    kd = t.shown_knockdowns(s)
    word = txt(surf, vp, _("Knockdowns"), 15, x0 + 12, y, gfx.WHITE, px=px)
    for i in range(need_kd):
        c = (word.right + vp.s(14) + i * vp.s(21), word.centery)
        if i < kd:
            pygame.draw.circle(surf, gfx.RED, c, vp.s(8))
        pygame.draw.circle(surf, (220, 120, 110), c, vp.s(8), max(1, vp.s(2)))
    need_j = st.options["judges_to_win"]
    for i in range(need_j):  # the judges' marks stand at the panel's right edge, their word before them
        col = gfx.GOLD if i < len(p.judges) else (90, 90, 80)
        at = (right - (need_j - 1 - i) * vp.s(22), vp.p(0, y - 2)[1])
        gfx.blit_text(surf, "⚖", vp.s(18), at, col, bold=True, anchor="topright")
    at = (right - need_j * vp.s(22) - vp.s(4), word.top)
    marks_end = word.right + vp.s(28) + (need_kd - 1) * vp.s(21)  # the knockdowns' last mark, and a gap
    room = at[0] - marks_end
    if gfx.first_fitting([_("Judges"), ""], px, room):  # else its ⚖ marks alone say it
        gfx.blit_text(surf, _("Judges"), gfx.fit_px(_("Judges"), px, room), at, gfx.WHITE, anchor="topright")
    y += 28
    if not p.upgrades:
        lines(surf, vp, _("Upgrades: none yet (gloves, boots, corner)"), 15, x0 + 12, y, SIDE_W - 24, gfx.GREY, 2)
        return
    head = grown_px(vp, [_("Upgrades")], 15, 20, SIDE_W - 24, True)
    txt(surf, vp, _("Upgrades"), 15, x0 + 12, y, (140, 220, 150), bold=True, px=head)
    y += 20
    limit = max(1, int((BOARD_Y + BOARD_H - 6 - y) // (14 * 1.22)))
    # every upgrade of both corners at one size (a second one not smaller than the first), each starting a
    # line: as its card says it where that stands whole, else in a few words, else by its name alone (the
    # whole of them in the info strip while the pointer is on them)
    held = [q.upgrades for q in st.players if q.upgrades]
    for form in UPGRADE_FORMS:
        size = whole_px(vp, [upgrade_lines(u, form) for u in held], 14, SIDE_W - 24, limit)
        if size is not None:
            break
    else:
        size = pair_px(vp, [upgrade_lines(u, form) for u in held], 14, SIDE_W - 24, limit)
    t.upgrade_rects[s] = vp.r(x0 + 12, y, SIDE_W - 24, BOARD_Y + BOARD_H - y)
    lines(surf, vp, upgrade_lines(p.upgrades, form), 14, x0 + 12, y, SIDE_W - 24, (200, 235, 205), limit, px=size)


def peek_hint(t, s) -> str:
    if t.secrecy.mode == "curtain":
        return _("Your cards show when it is your turn to choose.")
    return t.peek_words(s)


def lower(t, surf, vp, s, x0):
    st = t.state
    human = s in t.humans
    if st.phase == "pick" and not t.busy():
        dealt(t, surf, vp, s, x0)
        return
    hand(t, surf, vp, s, x0)
    piles(t, surf, vp, s, x0)
    aside = 124 * vp.scale / vp.sx  # right of the piles (which keep their shape)
    bx, by, bw = x0 + aside, LOW_Y + 4, SIDE_W - aside
    if t.busy() or t.session.outcome() is not None:
        return
    if st.phase == "plan":
        p = st.players[s]
        if p.choice is not None:
            txt(surf, vp, _("Locked in."), 18, bx, by + 8, gfx.GOLD, bold=True)
            other = 1 - s
            if st.players[other].choice is None:
                txt(surf, vp, _("Waiting for {name}…").format(name=t.names[other]), 15, bx, by + 36, gfx.WHITE)
        elif human and t.can_act(s):
            plan = t.plan(s)
            filled = sum(c is not None for c in plan["slots"])
            bid = _("Bid {n} of {m} momentum").format(n=sum(plan["bids"]), m=p.momentum)
            lines(surf, vp, bid, 15, bx, by, bw - 8, gfx.WHITE, limit=2)  # two lines where one is too narrow
            # offered only when they can be done: Clear with something to clear, Lock in with three slots filled
            clear = filled > 0 or sum(plan["bids"]) > 0
            button(t, vp.r(bx, by + 44, 92, 50), _("Clear"), lambda: t.clear_plan(s), s, ("clear", s), vp.s(17), clear)
            label = _("Lock in") if filled == 3 else _("Lock in ({n}/3)").format(n=filled)
            lock = vp.r(bx + 100, by + 44, bw - 100, 50)
            button(t, lock, label, lambda: t.lock_in(s), s, ("lock", s), px=vp.s(19), enabled=filled == 3)
        elif human and not t.secrecy.visible(s):
            lines(surf, vp, peek_hint(t, s), 15, bx, by + 8, bw, gfx.WHITE)
        else:
            txt(surf, vp, _("Planning…"), 16, bx, by + 8, gfx.GREY)
    elif st.phase == "reveal" and st.pending[0] == s:
        stance_buttons(t, surf, vp, s, bx, by, bw)
    elif st.phase == "prize" and s in t.rules.to_act(st):
        if human and t.can_act(s):
            how = t.device_words(s, _("click it, or drag it onto your board"), _("{move}, then {confirm}"))
            lines(surf, vp, _("Pick a prize: {how}.").format(how=how), 15, bx, by + 4, bw, gfx.GOLD)
            lines(
                surf, vp, _("You have {n} momentum.").format(n=st.players[s].momentum), 15, bx, by + 48, bw, gfx.WHITE
            )
        elif human and not t.secrecy.visible(s):
            lines(surf, vp, peek_hint(t, s), 15, bx, by + 8, bw, gfx.WHITE)
        else:
            txt(surf, vp, _("Choosing a prize…"), 16, bx, by + 8, gfx.GREY)


def stance_buttons(t, surf, vp, s, bx, by, bw):
    st = t.state
    if not t.can_act(s):
        txt(surf, vp, _("Choosing a stance…"), 16, bx, by + 8, gfx.GREY)
        return
    me = st.players[s].stance
    other = "southpaw" if me == "orthodox" else "orthodox"
    o = t.names[1 - s]
    if not st.pending[1]:
        button(
            t,
            vp.r(bx, by, bw, 48),
            _(STAY[me]),
            lambda: t.choose_stance(s, False, False),
            s,
            ("stance", s, False, False),
            px=vp.s(17),
            safe=True,  # the focus starts on the choice that changes nothing
        )
        button(
            t,
            vp.r(bx, by + 56, bw, 48),
            _(SWITCH_TO[other]),
            lambda: t.choose_stance(s, True, False),
            s,
            ("stance", s, True, False),
            px=vp.s(17),
        )
        return
    half = (bw - 8) // 2
    opts = [
        (_("Keep both"), False, False),
        (_("Switch me"), True, False),
        (_("Switch {name}").format(name=o), False, True),
        (_("Switch both"), True, True),
    ]
    for i, (label, sw, fo) in enumerate(opts):
        r = vp.r(bx + (i % 2) * (half + 8), by + (i // 2) * 56, half, 48)
        stance, keep = ("stance", s, sw, fo), not (sw or fo)
        button(t, r, label, lambda sw=sw, fo=fo: t.choose_stance(s, sw, fo), s, stance, px=vp.s(16), safe=keep)


def dealt(t, surf, vp, s, x0):
    st = t.state
    p = st.players[s]
    w, h = 128, 236
    vis = t.secrecy.visible(s)
    act = t.can_act(s)
    for i, cid in enumerate(p.dealt):
        r = vp.r(x0 + i * (w + 6), HAND_Y, w, h)
        if vis:
            img = board_image(cid, r.w, r.h, colour(s), vp.s(14))
            surf.blit(img, r)
            if p.choice is not None and p.choice and p.choice[0] == cid:
                pygame.draw.rect(surf, gfx.GOLD, r.inflate(vp.s(8), vp.s(8)), max(2, vp.s(4)), border_radius=vp.s(10))
            if act:
                t.hot_card(r, ("char", s, cid), s, img)
        else:
            surf.blit(back_image(r.w, r.h, colour(s), "?"), r)
    if not p.dealt:
        return
    y = HAND_Y + h + 4
    if p.choice is not None:
        note = _("Chosen. Waiting for the other corner.") if st.players[1 - s].choice is None else _("Chosen.")
    elif s not in t.humans:
        note = (
            _("The computer is choosing.")
            if t.session.seats[s].kind == "computer"
            else _("{name} is choosing.").format(name=t.names[s])
        )
    elif act:
        note = _("Pick your character: {how}").format(
            how=t.device_words(s, _("click a board (or drag it onto your corner)."), _("{move}, then {confirm}."))
        )
    else:
        note = peek_hint(t, s)
    txt(surf, vp, note, 15, x0 + SIDE_W / 2, y + 2, gfx.WHITE, anchor="midtop", width=SIDE_W)


def hand(t, surf, vp, s, x0):
    st = t.state
    zone = vp.r(x0, HAND_Y, SIDE_W, HAND_H)
    if st.phase != "plan" or t.frozen is not None:
        gfx.panel(surf, zone, (14, 48, 34), radius=vp.s(8))
        round_info(t, surf, vp, s, x0)
        return
    t.hot_zone(zone, ("handzone", s), t.accepts_for(s, "handzone"), seat=s)
    cards = t.hand_left(s)
    n = max(1, len(cards))
    gap = 6
    w = min(94, (SIDE_W - gap * (n - 1)) / n)
    vis = t.secrecy.visible(s) and st.players[s].choice is None
    act = t.can_act(s)
    for i, cid in enumerate(cards):
        r = vp.r(x0 + i * (w + gap), HAND_Y, w, HAND_H)
        if st.players[s].choice is not None:
            break
        if cid is None:
            pygame.draw.rect(surf, (120, 160, 130), r, max(1, vp.s(2)), border_radius=vp.s(8))
            continue
        if st.players[s].choice is not None:
            break
        if vis:
            img = card_image(cid, r.w, r.h, colour(s), vp.s(14), held=True)
            surf.blit(img, r)
            badge(surf, vp, st.players[s], cid, r)
            if act:
                t.hot_card(r, ("hand", s, cid), s, img)
        else:
            surf.blit(back_image(r.w, r.h, colour(s)), r)
    if st.players[s].choice is not None:
        left = _("Cards left in hand go to the discard pile.")
        gfx.draw_fitted(surf, left, vp.r(x0 + 10, HAND_Y, SIDE_W - 20, HAND_H), vp.s(15), gfx.GREY)  # lines as needed


def piles(t, surf, vp, s, x0):
    p = t.board_state().players[s]
    r = vp.r(x0, LOW_Y + 4, 52, 72)
    r.width = vp.s(52)  # the piles keep their shape in a window squeezed sideways
    if p.deck:
        surf.blit(back_image(r.w, r.h, colour(s), str(len(p.deck))), r)
    else:
        pygame.draw.rect(surf, colour(s), r, max(1, vp.s(2)), border_radius=vp.s(6))
        gfx.blit_text(surf, "0", vp.s(20), r.center, colour(s), bold=True, anchor="center")
    r2 = r.move(vp.s(60), 0)
    t.pile_rects[s] = (r, r2)
    gfx.panel(surf, r2, gfx.PAPER, radius=vp.s(6), border=colour(s), width=max(1, vp.s(2)))
    gfx.blit_text(surf, str(len(p.discard)), vp.s(24), r2.center, gfx.INK, bold=True, anchor="center")
    y = vp.p(0, LOW_Y + 80)[1]
    gfx.blit_text(surf, _("Deck"), vp.s(14), (r.centerx, y), gfx.WHITE, anchor="midtop")
    gfx.blit_text(surf, _("Discard"), vp.s(14), (r2.centerx, y), gfx.WHITE, anchor="midtop")


# -- the prize row --------------------------------------------------------------------------


def prizes(t, surf, vp):
    st = t.board_state()
    pickers = t.prize_picker()
    for k in range(3):
        r = vp.r(PRIZE_X + k * (PRIZE_W + 6), PRIZE_Y, PRIZE_W, PRIZE_H)
        t.prize_rects[k] = r
        cid = st.prizes[k]
        if cid < 0:
            pygame.draw.rect(surf, (90, 130, 105), r, max(1, vp.s(2)), border_radius=vp.s(10))
            txt(
                surf,
                vp,
                _("Prize slot"),
                15,
                PRIZE_X + k * (PRIZE_W + 6) + PRIZE_W / 2,
                PRIZE_Y + PRIZE_H / 2,
                (120, 160, 130),
                anchor="center",
            )
            continue
        img = card_image(cid, r.w, r.h, (30, 30, 30), vp.s(14))
        surf.blit(img, r)
        for s in pickers:
            t.hot_card(r, ("prize", k), s, img)
        if pickers and all(k not in affordable_slots(st, s) for s in pickers):
            veil = dim_veil(r.w, r.h)
            surf.blit(veil, r)
            cost = judge_cost(st.players[pickers[0]], cid)
            tag = vp.r(PRIZE_X + k * (PRIZE_W + 6) + 6, PRIZE_Y + PRIZE_H - 34, PRIZE_W - 12, 28)
            gfx.panel(surf, tag, (120, 30, 30), radius=vp.s(6))
            gfx.blit_text(
                surf,
                _("you need {n}◆").format(n=cost),
                gfx.fit_px(_("you need {n}◆").format(n=cost), vp.s(15), tag.w - 4, True),
                tag.center,
                gfx.WHITE,
                bold=True,
                anchor="center",
            )
    mx, my, mw, mh = MAIN_PILE
    r = vp.r(mx, my, mw, mh)
    if st.main:
        surf.blit(back_image(r.w, r.h, (30, 30, 30), str(len(st.main))), r)
    else:
        pygame.draw.rect(surf, (90, 130, 105), r, max(1, vp.s(2)), border_radius=vp.s(8))
    label = main_label_box(vp)  # "Main deck" (drawn with the background), on one line or two
    n = len(gfx.fitted(_("Main deck"), label, vp.s(14), lines=2)[1])
    exiled = vp.r(mx - 6, my + mh + 6 + 18 * n, mw + 12, 36)  # on two lines when the window is squeezed
    gfx.draw_fitted(surf, _("Exiled {n}").format(n=len(st.exile)), exiled, vp.s(14), gfx.GREY, valign="top", lines=2)


_VEILS: dict = {}
gfx.forget_on_resize(_VEILS.clear)


def dim_veil(w, h):
    v = _VEILS.get((w, h))
    if v is None:
        v = pygame.Surface((w, h), pygame.SRCALPHA)
        v.fill((0, 0, 0, 130))
        _VEILS[(w, h)] = v
    return v
