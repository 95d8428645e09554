"""Questions about a JAB state that the rules, the table and the bot all ask.

* ``placement_refusal(state, player, hand, target, t=None)``: why the held
  card may not go there (None: it may). The table greys out targets with it.
* ``claim_refusal(state, player, what)``: why a claim would be wrong now.
* ``opportunities(state, player)``: open chances, for the assist highlight.
* ``stall_deadline(state)``: when the 10 s stall rule will end the round.
* ``tiles(state)``, ``tile_claim(state, player)``: where the Ding! and
  Knockout/Clinch tiles are; what grabbing the Knockout/Clinch tile means.
* ``grab_action(hands, ...)``, ``release_action(state, hands, ...)``: what a
  hand's grab or release over the table means as a rules action.

They work on a state or on a view (``view_for``) alike.
"""

from __future__ import annotations

from tabletop.core.i18n import N_, words

from . import content as C
from . import say as S
from .actions import CLAIMS, Place, Return, Take
from .hands import SIDES, Hands, deck_name, inside, min_travel_ms, parse_target, target_at, target_name
from .say import SIDE_WORDS, Say, card_label, colour_word, side_word, target_label, target_word
from .state import State

_, ngettext = words(__name__)


def can_block(punch: int, card: int) -> bool:
    """May ``card`` block ``punch``: same type or colour, or the punch is a Haymaker (R-JAB-4)."""
    return C.ctype(punch) == C.HAYMAKER or C.ctype(punch) == C.ctype(card) or C.colour(punch) == C.colour(card)


def block_refusal(card: int, punch: int) -> str:
    """Why ``card`` cannot block ``punch`` (short: the table shows it in two lines at most)."""
    return Say(
        N_("Your {card} cannot block the {punch}: a block matches its type or colour."),
        card=S.card(card),
        punch=S.card(punch),
    )


def hand_index(hand) -> int | None:
    return SIDES.index(hand) if hand in SIDES else None


# -- questions the table and the bot ask --------------------------------------


def placement_refusal(state: State, player: int, hand: str, target: str, t: int | None = None) -> str | None:
    """Why the card in ``hand`` may not go on ``target`` now (None: it may).
    With ``t`` also checks the hand could have travelled there since the Take."""
    if state.phase != "playing":
        return N_("Cards can only be placed while the round is being fought.")
    h = hand_index(hand)
    if h is None:
        return N_("A hand is 'left' or 'right'.")
    held = state.held[player * 2 + h]
    if held is None:
        return Say(N_("Your {hand} holds no card."), hand=S.word(SIDE_WORDS[f"{hand} hand"]))
    where = parse_target(target)
    if where is None:
        return N_("There is no such target.")
    boxer, ti = where
    card = held[0]
    if boxer == player:
        pile = state.piles[boxer * 3 + ti]
        if not pile:
            return N_("You can only block a punch, and that target has none.")
        top = pile[-1]
        if C.owner(top) == player:
            return N_("You can only block your opponent's punches, not your own blocks.")
        if not can_block(top, card):
            return block_refusal(card, top)
    if t is not None and t - held[1] < min_travel_ms(player, h, target, state.options["hand_speed_ms"]):
        return N_("Your hand cannot get there that fast.")
    return None


def counter_open(state: State, colour: int) -> bool:
    mine = any(state.piles[i] and C.colour(state.piles[i][-1]) == colour for i in range(3))
    theirs = any(state.piles[i] and C.colour(state.piles[i][-1]) == colour for i in range(3, 6))
    return mine and theirs


def _combo_open(state: State, player: int) -> bool:
    if not state.combo:
        return False
    opp = 1 - player
    tops = {C.ctype(state.piles[opp * 3 + i][-1]) for i in range(3) if state.piles[opp * 3 + i]}
    return all(ty in tops for ty in C.COMBOS[state.combo[-1]][1])


def hands_empty(state: State, player: int) -> bool:
    return state.held[player * 2] is None and state.held[player * 2 + 1] is None


def claim_refusal(state: State, player: int, what: str) -> str | None:
    """Why the claim ``what`` is not valid right now (None: it is valid).
    Judged on the state only: lockouts and timing are apply's business."""
    if what == "combo":
        if not state.combo:
            return N_("There are no combo cards left this round.")
        if not _combo_open(state, player):
            return Say(
                N_("No combo: your opponent's boxer does not show {punches} on top."),
                punches=S.punches(state.combo[-1]),
            )
        return None
    if what == "counter":
        if not state.counter:
            return N_("There are no counter-punch cards left this round.")
        if not hands_empty(state, player):
            return N_("Both your hands must be empty to counter-punch.")
        col = C.COUNTERS[state.counter[-1]][1]
        if not counter_open(state, col):
            return Say(N_("No counter-punch: {colour} is not on top of both boxers."), colour=S.colour(col))
        return None
    if what == "knockout":
        if not state.ko_open[player]:
            return N_("No knockout: you have not hurt your opponent while they were in danger.")
        return None
    if what == "clinch":
        if state.health[player] != 0:
            return N_("You can only clinch with no health left.")
        if state.clinch_by is not None:
            return N_("The clinch tile has already been used this round.")
        return None
    if what == "ding":
        if state.cards_left(player) != 0:
            return N_("You can only call Ding! once both your decks and hands are empty.")
        return None
    return N_("Claim combo, counter, knockout, clinch or ding.")


def stall_deadline(state: State) -> int | None:
    """When the round ends because only one player is out of cards and the
    other has placed nothing for the stall time (R-JAB-13); None if not running."""
    if state.phase != "playing":
        return None
    out = state.out_t
    if (out[0] is None) == (out[1] is None):
        return None
    p = 0 if out[0] is not None else 1
    return max(out[p], state.last_place[1 - p], state.go_at) + state.options["stall_ms"]


def tile_claim(state: State, player: int) -> str:
    """What grabbing the Knockout/Clinch tile means for ``player`` now:
    "knockout" when they may knock out, else "clinch" (one button for the tile)."""
    return "knockout" if state.ko_open[player] else "clinch"


def tiles(state: State) -> dict:
    """Where the Ding! and Knockout/Clinch tiles are: "table", "p0", "p1"
    (in that player's bonus area) or, for the clinch tile, "knockout:p0"/"knockout:p1"."""
    ding = "table" if state.ding_by is None else f"p{state.ding_by}"
    clinch = "table" if state.clinch_by is None else f"p{state.clinch_by}"
    if state.phase == "over" and state.events and state.events[-1]["kind"] == "knockout":
        clinch = f"knockout:p{state.winner}"
    return {"ding": ding, "clinch": clinch}


_CLAIM_TEXT = {
    "combo": N_("Combo! Your opponent's boxer shows every punch on the combo card."),
    "counter": N_("Counter-punch! The counter colour is on top of both boxers."),
    "knockout": N_("Knockout! Your opponent was hurt while in danger."),
    "clinch": N_("You are in danger: you may clinch."),
    "ding": N_("You are out of cards: you may call Ding! (5 points off)."),
}


def _visible_cards(state: State, player: int) -> list[tuple[str, int]]:
    """The player's cards they could place right now: a held card, or the top card of a
    deck whose hand is empty (a hand holding a card cannot take its deck's top), as
    ("left hand" / "right hand" / "left deck" / "right deck", card)."""
    out = []
    for h in (0, 1):
        held = state.held[player * 2 + h]
        if held is not None:
            out.append((f"{SIDES[h]} hand", held[0]))
            continue
        deck = state.decks[player * 2 + h]
        if deck and deck[-1] >= 0:
            out.append((f"{SIDES[h]} deck", deck[-1]))
    return out


def opportunities(state: State, player: int) -> list[dict]:
    """Open chances for ``player`` (the assist highlight), each a dict
    {"kind", "text", ...}: the valid claims ("combo", "counter",
    "knockout", "clinch", "ding"); "stagger" spots (your own punched
    Haymaker on top of a target: "target", "colour"); "block" spots (an
    opponent's punch on top of your target: "target", "card"). Stagger and
    block spots list in "with" which of your held cards / deck tops fit.
    A "text" may name a seat as "{0}" / "{1}", like event sentences (state.render)."""
    out: list[dict] = []
    if state.phase != "playing":
        return out
    for what in CLAIMS:
        if claim_refusal(state, player, what) is None:
            out.append({"kind": what, "text": _(_CLAIM_TEXT[what])})
    opp = 1 - player
    mine = _visible_cards(state, player)
    for i in range(3):
        pile = state.piles[opp * 3 + i]
        if pile and C.owner(pile[-1]) == player and C.ctype(pile[-1]) == C.HAYMAKER:
            col = C.colour(pile[-1])
            if not any(C.colour(c) == col for _w, c in mine):
                continue
            out.append(
                {
                    "kind": "stagger",
                    "target": target_name(opp, i),
                    "colour": C.COLOURS[col],
                    "with": [where for where, c in mine if C.colour(c) == col],
                    "text": _("A {colour} card on {target} staggers.").format(
                        colour=colour_word(col), target=target_label(opp, i)
                    ),
                }
            )
    for i in range(3):
        pile = state.piles[player * 3 + i]
        if pile and C.owner(pile[-1]) == opp and any(can_block(pile[-1], c) for _w, c in mine):
            out.append(
                {
                    "kind": "block",
                    "target": target_name(player, i),
                    "card": pile[-1],
                    "with": [where for where, c in mine if can_block(pile[-1], c)],
                    "text": _("You may block the {card} on your {target}.").format(
                        card=card_label(pile[-1]), target=target_word(i)
                    ),
                }
            )
    return out


def grab_action(hands: Hands, player: int, hand: int, t: int):
    """A ``Take`` when the hand is over its own same-side deck, else None."""
    x, y = hands.at(player, hand)
    if inside(deck_name(player, hand), x, y):
        return Take(player=player, hand=SIDES[hand], t=t)
    return None


def release_action(state, hands: Hands, player: int, hand: int, t: int):
    """``Place`` over a target that takes the held card, else ``Return``;
    None when the hand holds nothing."""
    if state.held[player * 2 + hand] is None:
        return None
    x, y = hands.at(player, hand)
    target = target_at(x, y)
    if target is not None and placement_refusal(state, player, SIDES[hand], target, t) is None:
        return Place(player=player, hand=SIDES[hand], target=target, t=t)
    at = None if inside(deck_name(player, hand), x, y) else (x, y)
    return Return(player=player, hand=SIDES[hand], t=t, at=at)


def lit_only(opps: list[dict], player: int, lit) -> list[dict]:
    """The chances a lesson points at: ``lit(place)`` says whether a place ("p0.deck.left",
    "p1.head") is lit; a stagger or block keeps the decks it lights, on a target it lights
    (a card already in hand is always kept); claims stay."""
    out = []
    for o in opps:
        if o["kind"] in ("stagger", "block"):
            ways = [w for w in o["with"] if w.endswith("hand") or lit(f"p{player}.deck.{w.split()[0]}")]
            if not ways or not lit(o["target"]):
                continue
            o = dict(o, **{"with": ways})
        out.append(o)
    return out


_CLAIM_STEP = {
    "knockout": N_("Knockout open: claim it now to win!"),
    "counter": N_("Counter-punch open: hands empty, press Counter (2 points, 1 health)"),
    "combo": N_("Combo open: press Combo for bonus points"),
    "clinch": N_("No health left: Clinch takes 2 back (3 points off)"),
    "ding": N_("Out of cards: wait for the round to end, or Ding! (5 points off)"),
}


def next_step(state: State, player: int, t: int | None = None, chances: bool = True, opps=None) -> str:
    """What ``player`` can do next, in plain words: the table's live help line, at time ``t``
    (default: the state's). With ``chances`` (the practice aid) open claims come first (they
    can be lost), then a stagger or block the player can make now; without it the line never
    points at a chance, since spotting one is part of the game."""
    ph = state.phase
    if ph in ("between", "clinch"):
        if state.ready[player]:
            return _("Waiting for your opponent to press Ready")
        return _("Press Ready when you are set: play starts after the count")
    if ph == "scoring":
        return _("The round is being scored: choose the piles when asked")
    if ph != "playing":
        return ""
    if (state.now if t is None else t) < state.go_at:
        return _("Get ready: when the count ends, take a card from a deck")
    if opps is None:  # ``opps``: the chances to point at, when the caller chose them (a lesson's)
        opps = opportunities(state, player) if chances else []
    for kind in ("knockout", "counter", "combo", "clinch"):
        if any(o["kind"] == kind for o in opps):
            return _(_CLAIM_STEP[kind])
    held = [state.held[player * 2 + h] for h in (0, 1)]
    mine = dict(_visible_cards(state, player))
    for o in opps:
        if o["kind"] == "stagger":
            where = o["with"][0]
            return _("Stagger: {card} ({where}) on your Haymaker: 2 health").format(
                card=card_label(mine[where]), where=side_word(where)
            )
    for o in opps:
        if o["kind"] == "block":
            where = o["with"][0]
            target = parse_target(o["target"])
            assert target is not None, "opportunities name real targets"
            return _("Block: {card} ({where}) on the {punch}, {target}").format(
                card=card_label(mine[where]),
                where=side_word(where),
                punch=card_label(o["card"]),
                target=target_word(target[1]),
            )
    if any(held):
        return _("Let go over their boxer to punch; anywhere else it goes back")
    if all(not state.decks[player * 2 + h] for h in (0, 1)):
        return _(_CLAIM_STEP["ding"])
    return _("Take a card from a deck, let go on their boxer: a punch")
