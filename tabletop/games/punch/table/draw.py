"""Drawing the Punch! table (see table.py for the layout and the secrecy rules); the shared
pieces are in layout.py, the between-rounds and history panels in panels.py."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from tabletop.core.i18n import N_, words
from tabletop.ui import cards, gfx
from tabletop.ui.secret_table import draw_line
from tabletop.ui.table import draw_card

from ..rules.resolve import CODES, KINDS, MAX_STAMINA, S, card_name
from ..rules.state import PPR
from .layout import (
    BTN_Y,
    CARD_H,
    CARD_W,
    COL,
    DECK_X,
    FLIP_MS,
    HALF_W,
    HALF_X,
    HAND_Y,
    PROGRAM,
    ROW_H,
    ROW_W,
    ROW_Y,
    SLOT_H,
    SLOT_W,
    SLOT_X,
    SLOT_Y,
    badge,
    col_x,
    face,
    mini_face,
    on_felt,
    prog_x,
)
from .panels import between, history

_, ngettext = words(__name__)

# a seat's line of controls: (control, what it does), each named with the seat's own input (TableScene.control_line)
CONTROLS = [("moves", N_("move")), ("group", N_("group")), ("confirm", N_("choose")), ("back", N_("back"))]
HISTORY = ("history", N_("history"))
MOUSE_LINE = N_("Click a card or drag it to its place")


def frame_key(t, vp) -> tuple:
    """Everything the still picture depends on; while it is unchanged the last picture is reused."""
    focus = tuple(
        (s, t.focused(s).payload if t.focused(s) is not None else None) for s in (0, 1) if t.show_focus.get(s)
    )
    a = t.anim
    return (
        id(t.state),
        vp.size,
        tuple(t.sel[0]),
        tuple(t.sel[1]),
        t.swap_mode[0],
        t.swap_mode[1],
        t.secrecy.shown,
        t.secrecy.visible(0),
        t.secrecy.visible(1),
        t.history_open,
        t.history_page,
        t.busy(),
        None if a is None else (id(a["ev"]), a["flipped"]),
        len(t.queue),
        tuple(t.caption),
        focus,
        t.result_dismissed,
        t.sel_key[0],
        t.sel_key[1],
        t.app.last_device,  # the hints name the device in use
        t.curtain_seat(),  # a reveal's beat ends: the next curtain comes with nothing else changed
    )


def draw(t, surf, vp) -> None:
    key = frame_key(t, vp)
    cache = t.still_frame
    if cache is not None and cache[0] == key and cache[1].get_size() == surf.get_size():
        surf.blit(cache[1], (0, 0))
        t.next_hots.extend(cache[2])
    else:
        draw_still(t, surf, vp)
        img = cache[1] if cache is not None and cache[1].get_size() == surf.get_size() else None
        if img is None:
            img = surf.copy()
        else:
            img.blit(surf, (0, 0))
        t.still_frame = (key, img, list(t.next_hots))
    if t.anim is not None:
        reveal(t, surf, vp)


def draw_still(t, surf, vp) -> None:
    st = t.state
    surf.fill(gfx.FELT)
    pygame.draw.line(surf, gfx.FELT_DARK, vp.p(640, 56), vp.p(640, 712), max(1, vp.s(3)))
    header(t, surf, vp)
    for seat in (0, 1):
        meter(t, surf, vp, seat)
    curtain = t.curtain_seat()
    if t.history_open:
        history(t, surf, vp)
        return
    result_up = t.session.outcome() is not None and not t.busy() and not t.result_dismissed
    if result_up:
        return  # the result panel says it all
    if st.phase in ("break", "match_over", "game_over") and not t.busy():
        between(t, surf, vp)
    else:
        for seat in (0, 1):
            play_area(t, surf, vp, seat)
            hand(t, surf, vp, seat)
            buttons(t, surf, vp, seat)
    caption(t, surf, vp)
    if st.phase in ("choose", "program", "draft", "exchange", "redeal"):
        legend(surf, vp)
    for seat in (0, 1):
        if curtain is None:
            status(t, surf, vp, seat)
        hints(t, surf, vp, seat)
    if curtain is not None:
        first = t.curtain_last != (curtain, st.phase, st.match, st.round, st.play)
        t.curtain_last = (curtain, st.phase, st.match, st.round, st.play)
        t.secrecy.draw_curtain(surf, vp, curtain)
        if first:
            show = words("tabletop.ui.secrecy")[0]  # the engine's curtain button, in the engine's words
            t.want_focus[curtain] = show("Show {name}'s cards").format(name=t.names[curtain])
    else:
        t.curtain_last = None


# -- public parts ------------------------------------------------------------------


def header(t, surf, vp) -> None:
    st = t.state
    gfx.panel(surf, vp.r(0, 0, 1280, 50), gfx.FELT_DARK, radius=0)
    play = min(st.play, PPR)
    if st.phase in ("match_over", "game_over") and st.history:
        play = st.history[-1]["play"]
    gains = S["break_gains"]
    nxt = [_("last round")]
    if st.phase in ("match_over", "game_over"):
        nxt = [_("the match is over")]
    elif st.round <= len(gains):  # (the short form for a squeezed window)
        n = gains[st.round - 1]
        nxt = [_("after this round: a break, +{n} stamina").format(n=n), _("then a break, +{n} stamina").format(n=n)]
    need = st.options["matches_to_win"]
    c = gfx.PLAYER_COLOURS
    score = gfx.blit_text(
        surf, f"{t.names[0]} {st.wins[0]}", vp.s(26), vp.p(622, 20), c[0], bold=True, anchor="midright"
    )
    left = vp.r(20, 3, 600, 44)
    left.width = min(left.w, score.left - vp.s(12) - left.left)  # a squeezed window: up to the score
    top, foot = left.copy(), left.copy()
    top.h = foot.h = left.h // 2 + 1
    foot.bottom = left.bottom
    numbers = {"match": st.match, "round": st.round, "rounds": S["rounds"], "play": play, "plays": PPR}
    where = _("Match {match} · Round {round} of {rounds} · Play {play} of {plays}").format(**numbers)
    short = _("Match {match} · Round {round}/{rounds} · Play {play}/{plays}").format(**numbers)
    shorter = _("Round {round}/{rounds} · Play {play}/{plays}").format(**numbers)  # (long names beside it)
    wins = gfx.blit_text(
        surf,
        _("match wins · first to {n} wins the game").format(n=need),
        vp.s(14),
        vp.p(640, 41),
        gfx.GREY,
        anchor="center",
    )
    foot.width = min(foot.w, wins.left - vp.s(12) - foot.left)  # the line under the scores keeps its room
    where = gfx.first_fitting([where, short, shorter], vp.s(19), top.w, bold=True)  # a squeezed window: short
    gfx.draw_fitted(surf, where, top, vp.s(19), gfx.WHITE, bold=True, align="left", lines=1)
    gfx.draw_fitted(surf, gfx.first_fitting(nxt, vp.s(15), foot.w), foot, vp.s(15), gfx.GREY, align="left", lines=1)
    gfx.blit_text(surf, "–", vp.s(26), vp.p(640, 20), gfx.WHITE, bold=True, anchor="center")
    gfx.blit_text(surf, f"{st.wins[1]} {t.names[1]}", vp.s(26), vp.p(658, 20), c[1], bold=True, anchor="midleft")
    key = t.history_keys()
    button = vp.r(1010, 9, 200, 34)
    label = _("Match history")
    if key:  # with its key, when that has room
        label = gfx.first_fitting([_("Match history ({key})").format(key=key), label], vp.s(16), button.w - vp.s(10))
    t.hot_button(button, label, t.toggle_history, px=vp.s(16))


def meter(t, surf, vp, seat) -> None:
    stamina = t.shown_stamina()[seat]
    key = ("meter", seat, t.names[seat], t.name_note(seat), stamina, t.state.options["no_mercy"])
    on_felt(t, surf, key, vp.r(HALF_X[seat], 58, HALF_W, 60), lambda: draw_meter(t, surf, vp, seat, stamina))


def draw_meter(t, surf, vp, seat, stamina) -> None:
    x = HALF_X[seat]
    colour = gfx.PLAYER_COLOURS[seat]
    gfx.panel(surf, vp.r(x, 58, HALF_W, 60), (0, 0, 0), radius=vp.s(10), alpha=60)
    box = vp.r(x + 14, 64, 190, 28)
    # the name with its note (" (computer)", a ping), or where a narrow window leaves no room for both the name
    who = gfx.first_fitting([t.names[seat] + t.name_note(seat), t.names[seat]], vp.s(24), box.w, bold=True)
    gfx.draw_fitted(surf, who, box, vp.s(24), colour, bold=True, align="left", lines=1)
    weak = t.state.options["no_mercy"] and 0 < stamina < S["no_mercy_below"]
    gfx.blit_text(
        surf,
        _("punches at most {n}").format(n=stamina) if weak else _("stamina"),
        vp.s(14),
        vp.p(x + 14, 104),
        gfx.REFUSE if weak else gfx.GREY,
        anchor="midleft",
    )
    for i in range(MAX_STAMINA):
        r = vp.r(x + 210 + i * 32, 68, 26, 40)
        if i < stamina:
            fill = gfx.REFUSE if stamina < S["no_mercy_below"] else colour  # in danger
            pygame.draw.rect(surf, fill, r, border_radius=vp.s(5))
        else:
            pygame.draw.rect(surf, (40, 40, 44), r, border_radius=vp.s(5))
            pygame.draw.rect(surf, (90, 90, 96), r, width=1, border_radius=vp.s(5))
    gfx.blit_text(surf, str(stamina), vp.s(34), vp.p(x + 575, 88), gfx.WHITE, bold=True, anchor="center")


def last_reveal(t):
    """The last pair shown in this match (for the small cards beside the sentence)."""
    st = t.state
    for e in reversed(st.log):
        if e.get("type") == "reveal":
            return e if e.get("match") == st.match else None
        if e.get("type") in ("match_end", "game_end"):
            return None
    return None


def caption(t, surf, vp) -> None:
    if not t.caption:
        return
    r = vp.r(30, 298, 1220, 56)
    gfx.panel(surf, r, gfx.FELT_DARK, radius=vp.s(10))  # opaque: the halves' divider stops at its edge
    ev = last_reveal(t) if t.anim is None else None
    if ev is not None:
        for seat in (0, 1):  # the last pair, small, at the ends of the bar
            x = 40 if seat == 0 else 1204
            cards.draw(surf, mini_face(seat, ev["cards"][seat]), vp.r(x, 302, 36, 48))
    said = [(text, gfx.WHITE) for text in t.caption[-2:]]
    gfx.draw_log(surf, said, vp.r(100, 300, 1080, 52), vp.s(18), step=vp.s(26), valign="center", align="center")


LEGEND = N_(
    "Punches: the higher one hits for the difference · Block stops a punch · "
    "Dodge sends a punch back · Nothing rests (+1) unless punched"
)


# the shown-this-match tally's words for the cards that are not punches (said with _)
_TALLY = {"nothing": N_("Do Nothing"), "block": N_("Block"), "dodge": N_("Dodge")}


def legend(surf, vp) -> None:
    """A reminder of what the cards do, in our own words."""
    box = vp.r(20, 644, 1240, 36)  # one line; two in a window squeezed sideways, never smaller than body text
    legend = _(LEGEND)
    gfx.draw_fitted(surf, legend, box, vp.s(15), (200, 210, 200), lines=2, min_px=min(vp.s(15), gfx.body_px(vp)))


def status_text(t, seat) -> str:
    st = t.state
    name = t.names[seat]
    if t.busy():
        return ""
    if st.phase in ("break", "match_over"):
        return (
            _("{name} is ready.")
            if not st.waiting[seat]
            else (_("{name}: press Ready.") if seat in t.humans else _("{name} is getting ready..."))
        ).format(name=name)
    if st.phase == "game_over":
        return ""
    if not st.waiting[seat]:
        done = {
            "redeal": N_("{name} is waiting for the other boxer."),
            "draft": N_("{name} has picked the cards for this round."),
            "exchange": N_("{name} has finished exchanging."),
            "choose": N_("{name} has laid a card face down."),
            "program": N_("{name} has laid out a row face down."),
        }
        waiting = N_("{name} is waiting.")
        return _(done.get(st.phase, waiting)).format(name=name)
    if t.busy():
        return ""
    if seat not in t.humans:
        return _("{name} is thinking...").format(name=name)
    if t.can_act(seat):
        sel = t.selection(seat)
        if t.swap_mode[seat]:
            return _("Pick the card to put under your deck.")
        if st.phase == "redeal":
            return _("You may show this hand and redeal, or keep it.")
        if st.phase == "draft":
            return _("Pick 10 cards for round {round}: {n} of {of} picked.").format(round=st.round, n=len(sel), of=PPR)
        if st.phase == "exchange":
            return _("Pick up to {n} cards to exchange: {m} picked.").format(n=t.pick_limit(seat), m=len(sel))
        if st.phase == "choose":
            return t.device_words(
                seat,
                _("Choose your card: click it or drag it to your slot."),
                _("Choose your card: {move} to it, then {confirm}."),
            )
        return _("Lay out 5 cards in play order: {n} of 5.").format(n=len(sel))
    if t.secrecy.mode == "curtain":
        cur = t.curtain_seat()
        if cur is not None and cur != seat:
            return _("{name} chooses after {other}.").format(name=name, other=t.names[cur])
        if t.secrecy.shown is not None and t.secrecy.shown != seat:
            return _("{name} chooses after {other}: look away.").format(name=name, other=t.names[t.secrecy.shown])
        return _("{name} chooses now.").format(name=name)
    return _("{name}: hold {key} to see your cards.").format(name=name, key=t.peek_name(seat))


def status(t, surf, vp, seat) -> None:
    t.draw_status(surf, vp, seat, status_text(t, seat), (HALF_X[seat] + HALF_W // 2, 374), HALF_W - 20, 17)


def hints(t, surf, vp, seat) -> None:
    if seat not in t.humans:
        return
    parts = [(c, _(does)) for c, does in [*CONTROLS, HISTORY]]
    if t.shared_input:
        if seat != t.humans[0]:
            return
        draw_line(surf, vp, t.control_line(seat, _(MOUSE_LINE), parts), (640, 700), 1240, 15, gfx.GREY)
        return
    text = t.key_hints(seat, _(MOUSE_LINE), parts)
    draw_line(surf, vp, text, (HALF_X[seat] + HALF_W // 2, 700), HALF_W - 10, 15, gfx.GREY)


def deck_pile(t, surf, vp, seat) -> None:
    st = t.state
    n = st.deck_sizes[seat]
    r = vp.r(DECK_X[seat], ROW_Y, ROW_W, ROW_H)
    if n:
        cards.draw(surf, face(seat, "", True), r)
    else:
        cards.slot(surf, r, "", gfx.GREY)
    above = vp.r(DECK_X[seat] + ROW_W / 2 - 54, ROW_Y - 25, 108, 26)  # grows with the player's text size
    gfx.draw_fitted(surf, _("Deck {n}").format(n=n), above, vp.s(15), gfx.WHITE, lines=1)
    if t.can_act(seat) and t.may_swap(seat):
        t.hot_zone(r, ("deck", seat), accepts=t.accepts_for(seat, "deck"), seat=seat)
        gfx.blit_text(
            surf,
            _("drop to swap"),
            vp.s(14),
            vp.p(DECK_X[seat] + ROW_W // 2, ROW_Y + ROW_H + 12),
            gfx.HILITE,
            anchor="center",
        )


def shown_tally(t, surf, vp, seat) -> None:
    """What this boxer has revealed this match (public: both players may count cards). A column of
    text keeps its width in a squeezed window: it stands by the deck beside it (``vp.across``)."""
    played = tuple(t.state.played[seat])
    r = pygame.Rect(0, vp.p(0, ROW_Y - 26)[1], vp.s(TALLY_W), vp.s(164))
    if seat == 0:
        r.left = vp.p(DECK_X[0] + ROW_W + 14, 0)[0]
    else:
        r.right = vp.p(DECK_X[1] - 14, 0)[0]
    on_felt(t, surf, ("tally", seat, played), r, lambda: draw_tally(surf, vp, r, played))


TALLY_W = 172  # wide enough for "No hacer nada" and its count (the played card's slot stands further in)


def draw_tally(surf, vp, r, played) -> None:
    x = r.left + vp.s(8)
    head = pygame.Rect(x, r.top + vp.s(3), r.w - vp.s(8), vp.s(24))
    gfx.draw_fitted(surf, _("shown this match"), head, vp.s(14), gfx.GREY, align="left", lines=1)
    rows = []
    for i, k in enumerate(KINDS):
        label = _("Punch {n}").format(n=k.power) if k.effect == "punch" else _(_TALLY[k.effect])
        rows.append((label, pygame.Rect(x, r.top + vp.s(30 + i * 22), vp.s(TALLY_W - 54), vp.s(22))))
    px = gfx.one_size([label for label, _b in rows], [box for _l, box in rows], vp.s(14), lines=1)
    for i, (label, box) in enumerate(rows):
        gfx.draw_fitted(surf, label, box, px, gfx.WHITE, align="left", lines=1, grow=False)
        count = pygame.Rect(box.right, box.top, x + vp.s(TALLY_W - 18) - box.right, box.h)
        gfx.draw_fitted(surf, f"{played[i]}/{KINDS[i].count}", count, px, gfx.WHITE, align="right", grow=False)


# -- each boxer's half ---------------------------------------------------------------


def play_area(t, surf, vp, seat) -> None:
    st = t.state
    phase = st.phase
    mine = t.can_act(seat)
    if phase in ("draft", "exchange"):
        if mine:
            picked_row(t, surf, vp, seat)
        else:
            done = not st.waiting[seat]
            msg = "picked" if done else ("picking..." if phase == "draft" else "exchanging...")
            if phase == "exchange":
                deck_pile(t, surf, vp, seat)
            gfx.blit_text(
                surf,
                f"{t.names[seat]} {msg}",
                vp.s(20),
                vp.p(HALF_X[seat] + HALF_W // 2, 210),
                gfx.WHITE,
                anchor="center",
            )
        return
    if phase in ("choose", "redeal"):
        deck_pile(t, surf, vp, seat)
        shown_tally(t, surf, vp, seat)
    elif phase == "program" and t.anim is None and not t.queue:
        deck_pile(t, surf, vp, seat)
    if phase == "program":
        program_row(t, surf, vp, seat)
        return
    r = vp.r(SLOT_X[seat], SLOT_Y, SLOT_W, SLOT_H)
    if t.anim is not None or t.queue:
        return  # the reveal draws the cards
    choice = st.choice[seat]
    if choice is not None and phase == "choose":
        code = choice if isinstance(choice, str) else CODES[choice]
        up = (t.secrecy.mode == "open" and seat in t.humans) or (t.secrecy.mode == "replay" and t.secrecy.visible(seat))
        cards.draw(surf, face(seat, code, not up), r)
    else:
        cards.slot(surf, r, _("{name}'s card").format(name=t.names[seat]), gfx.PLAYER_COLOURS[seat], px=vp.s(15))
        if mine and phase == "choose":
            t.hot_zone(r, ("slot", seat), accepts=t.accepts_for(seat, "slot"), seat=seat)


def heading_box(vp, seat: int) -> pygame.Rect:
    """Where a hand's heading stands, over its cards and under the seat's status line."""
    return vp.r(HALF_X[seat] + 20, HAND_Y - 35, HALF_W - 40, 26)


def picked_row(t, surf, vp, seat) -> None:
    sel = t.selection(seat)
    label = {
        "draft": _("Picked for round {round}: {n} of {of}").format(round=t.state.round, n=len(sel), of=PPR),
        "exchange": _("To put under the deck: {n} of {of}").format(n=len(sel), of=t.pick_limit(seat)),
    }[t.state.phase]
    gfx.blit_text(surf, label, vp.s(16), vp.p(HALF_X[seat] + 20, ROW_Y - 14), gfx.WHITE, anchor="midleft")
    zone = vp.r(HALF_X[seat] + 10, ROW_Y - 4, HALF_W - 20, ROW_H + 8)
    t.hot_zone(zone, ("pile", seat), accepts=t.accepts_for(seat, "pile"), seat=seat)
    counts = [sel.count(c) for c in CODES]
    for i, code in enumerate(CODES):
        r = vp.r(col_x(seat, i), ROW_Y, ROW_W, ROW_H)
        if counts[i]:
            draw_card(t, surf, vp, face(seat, code), r, payload=("picked", seat, code), seat=seat)
            badge(surf, vp, r, counts[i])
        else:
            cards.slot(surf, r, "", (120, 130, 120))


def program_row(t, surf, vp, seat) -> None:
    st = t.state
    mine = t.can_act(seat)
    sel = t.selection(seat) if mine else []
    chosen = st.choice[seat]
    if t.anim is not None or t.queue:
        return
    gfx.blit_text(
        surf,
        _("Robo-Box row: played left to right"),
        vp.s(14),
        vp.p(prog_x(seat, 0), ROW_Y + ROW_H + 14),
        gfx.GREY,
        anchor="midleft",
    )
    for i in range(5):
        r = vp.r(prog_x(seat, i), ROW_Y, ROW_W, ROW_H)
        if chosen is not None:
            up = t.secrecy.mode == "open" and seat in t.humans and isinstance(chosen, tuple)
            code = CODES[chosen[i]] if up else ""
            cards.draw(surf, face(seat, code, not up), r)
        elif mine and i < len(sel):
            draw_card(t, surf, vp, face(seat, sel[i]), r, payload=("picked", seat, i), seat=seat)
            t.hot_zone(r, ("prog", seat, i), accepts=t.accepts_for(seat, "prog"), seat=seat)
        else:
            cards.slot(surf, r, str(st.play + i), gfx.PLAYER_COLOURS[seat], px=vp.s(20))
            if mine:
                t.hot_zone(r, ("prog", seat, i), accepts=t.accepts_for(seat, "prog"), seat=seat)


def hand(t, surf, vp, seat) -> None:
    st = t.state
    t.hand_payloads[seat] = []
    if st.phase not in ("redeal", "draft", "exchange", "choose", "program"):
        return
    n = st.deck_sizes[seat] if st.phase == "draft" else st.hand_sizes[seat]
    show = t.secrecy.visible(seat) and st.waiting[seat] and not t.busy()
    if t.secrecy.mode == "open" and seat in t.humans:
        show = True  # against the computer the hand is simply shown (also while cards turn)
    if t.secrecy.mode == "replay":
        show = t.secrecy.visible(seat)  # a replay watched from this seat's side: always its hand
    title = _("Your deck: pick from here") if st.phase == "draft" else _("{name}'s hand").format(name=t.names[seat])
    if not show:
        label = (
            ngettext("{title} ({n} card)", "{title} ({n} cards)", n).format(title=title, n=n)
            if st.phase != "draft"
            else _("{name}'s deck ({n})").format(name=t.names[seat], n=n)
        )
        on_felt(
            t,
            surf,
            ("backs", seat, label, n),
            vp.r(HALF_X[seat] + 8, HAND_Y - 36, HALF_W - 16, CARD_H + 44),
            lambda: draw_backs(surf, vp, seat, label, n),
        )
        return
    mine = t.can_act(seat) and st.phase != "redeal"
    counts = t.source_counts(seat) if t.can_act(seat) else list(st.hands[seat])
    k = sum(counts)  # said as the hidden hand is ("P1's hand (3 cards)"); the deck being picked from by its count
    if st.phase == "draft":
        heading = f"{title} ({k})"
    else:
        heading = ngettext("{title} ({n} card)", "{title} ({n} cards)", k).format(title=title, n=k)
    gfx.draw_fitted(surf, heading, heading_box(vp, seat), vp.s(15), gfx.WHITE, align="left", lines=1)
    if mine and st.phase in ("draft", "exchange", "program"):
        t.hot_zone(
            vp.r(HALF_X[seat] + 10, HAND_Y - 4, HALF_W - 20, CARD_H + 8),
            ("source", seat),
            accepts=t.accepts_for(seat, "source"),
            seat=seat,
        )
    redeal = t.redeal_kind(seat) if st.phase == "redeal" else None
    shown = [(i, code) for i, code in enumerate(CODES) if counts[i] > 0]  # no empty places: one step, one card
    for k, (i, code) in enumerate(shown):
        r = vp.r(col_x(seat, k), HAND_Y, CARD_W, CARD_H)
        hl = gfx.GOLD if (t.swap_mode[seat] and mine) or code == redeal else None
        payload = ("hand", seat, code)
        if mine and t.show_focus.get(seat) and t.focused(seat) is not None and t.focused(seat).payload == payload:
            hl = gfx.HILITE
            lifted = r.move(0, -vp.s(8))  # drawn raised; pointed at where it lies
        else:
            lifted = r
        cards.draw(surf, face(seat, code), lifted, highlight=hl)
        if mine:
            t.hot_card(r, payload, seat, cards.render(face(seat, code), r.w, r.h))
            t.hand_payloads[seat].append(payload)
        badge(surf, vp, lifted, counts[i])


def draw_backs(surf, vp, seat, label, n) -> None:
    """A hand or deck shown face down: a fan of card backs under its name."""
    gfx.draw_fitted(surf, label, heading_box(vp, seat), vp.s(15), gfx.GREY, align="left", lines=1)
    step = min(COL // 2 + 6, (HALF_W - 40 - CARD_W) // max(1, min(n, 30) - 1)) if n > 1 else 0
    for i in range(min(n, 30)):
        cards.draw(surf, face(seat, "", True), vp.r(HALF_X[seat] + 20 + i * step, HAND_Y, CARD_W, CARD_H))


def buttons(t, surf, vp, seat) -> None:
    st = t.state
    t.primary[seat] = []
    if not t.can_act(seat):
        return
    x = HALF_X[seat] + 20
    y = BTN_Y
    phase = st.phase
    px = vp.s(17)
    row: list[tuple[str, Callable[[], object], bool]] = []  # (label, what it does, enabled)
    if phase == "redeal":
        k = t.redeal_kind(seat)
        row.append((_("Keep this hand"), lambda: t.redeal(seat, True), True))
        if k:
            label = _("Show {card} ×{n}: redeal").format(card=card_name(k), n=st.hands[seat][CODES.index(k)])
            row.append((label, lambda: t.redeal(seat, False), True))
    elif phase in ("draft", "exchange", "program"):
        sel = t.selection(seat)
        if phase == "draft":
            row.append((_("Fight with these {n}").format(n=PPR), lambda: t.confirm_picks(seat), len(sel) == PPR))
        elif phase == "exchange":
            label = _("Exchange {n}").format(n=len(sel)) if sel else _("Keep all my cards")
            row.append((label, lambda: t.confirm_picks(seat), True))
        else:
            row.append((_("Lay out these {n}").format(n=PROGRAM), lambda: t.confirm_picks(seat), len(sel) == PROGRAM))
        row.append((_("Clear"), lambda: t.clear_picks(seat), bool(sel)))
    if phase in ("choose", "program") and t.may_swap(seat):
        row.append((_("Cancel swap") if t.swap_mode[seat] else _("Swap a card"), lambda: t.toggle_swap(seat), True))
    if t.secrecy.mode == "curtain" and t.secrecy.shown == seat:
        row.append((_("Hide"), lambda: t.hide(seat), True))
    t.primary[seat] = [b[0] for b in row[:1]]
    widths = [max(110, min(300, gfx.font(px).size(b[0])[0] / vp.sx + 36)) for b in row]
    for (label, go, enabled), w in zip(row, widths, strict=True):
        t.hot_button(vp.r(x, y, w, 42), label, go, seat=seat, px=px, enabled=enabled)
        x += w + 12


# -- the reveal ----------------------------------------------------------------------


def reveal(t, surf, vp) -> None:
    a = t.anim
    ev = a["ev"]
    speed = t.anim_factor()
    p = min(1.0, a["t"] / (FLIP_MS / speed))
    robo = len(t.batch) > 1 or t.state.options["robo_box"]
    idx = t.batch.index(ev) if ev in t.batch else 0
    for seat in (0, 1):
        if robo:
            for j in range(5):
                r = vp.r(prog_x(seat, j), ROW_Y, ROW_W, ROW_H)
                if j < idx:
                    cards.draw(surf, face(seat, t.batch[j]["cards"][seat]), r)
                elif j > idx:
                    cards.draw(surf, face(seat, "", True), r)
                else:
                    flip(surf, vp, seat, ev["cards"][seat], r, p)
        else:
            r = vp.r(SLOT_X[seat], SLOT_Y, SLOT_W, SLOT_H)
            flip(surf, vp, seat, ev["cards"][seat], r, p)
    if a["flipped"]:
        for seat in (0, 1):
            ch = ev["change"][seat]
            if ch:
                text = f"{ch:+d}"
                col = gfx.GREEN if ch > 0 else gfx.REFUSE
                x = SLOT_X[seat] + (-46 if seat == 0 else SLOT_W + 46) if not robo else (prog_x(seat, idx) + ROW_W // 2)
                y = SLOT_Y + SLOT_H // 2 if not robo else ROW_Y - 20
                gfx.blit_text(surf, text, vp.s(34), vp.p(x, y), col, bold=True, anchor="center")


def flip(surf, vp, seat, code, r, p) -> None:
    """Both cards turn over at the same time: shrink the back, grow the face."""
    lift = vp.s(10) * (1 - abs(2 * p - 1))
    if p < 0.5:
        img = cards.render(face(seat, "", True), r.w, r.h)
        scale = 1 - 2 * p
    else:
        img = cards.render(face(seat, code), r.w, r.h)
        scale = 2 * p - 1
    w = max(2, int(r.w * scale))
    if w != r.w:
        img = pygame.transform.scale(img, (w, r.h))
    surf.blit(img, (r.centerx - w // 2, r.y - lift))
