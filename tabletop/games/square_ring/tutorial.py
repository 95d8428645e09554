"""The Square Ring's lessons. Red is Inga (or Mei for the Counter lesson),
Blue is Fredo, who plays only the cards each lesson gives him. Each lesson
is one exchange from a hand-set position (the records' setup)."""

from __future__ import annotations

from tabletop.core.i18n import words
from tabletop.tutorial import Lesson

from .rules import Commit, Declare, Footwork, Stick
from .rules.board import parse_facing, parse_square

_, ngettext = words(__name__)

YOU, BLUE = 0, 1
INGA = {"boxer0": "inga", "boxer1": "fredo"}
FREDO_HP = 22


def _setup(red="c2", blue="c4", red_facing="N", blue_facing="S", bursts=(0, 0), reacts=(0, 0), **more) -> dict:
    return {
        "pos": [red, blue],
        "facing": [red_facing, blue_facing],
        "bursts": list(bursts),
        "reacts": list(reacts),
        **more,
    }


def _fredo(*cards):
    """Fredo's script: these cards in the lesson's exchange; no React, no extra turn or step."""

    def play(state, seat):
        if state.phase == "declare":
            return Declare(seat, False)
        if state.phase == "footwork":
            return Footwork(seat, 0)
        if state.phase == "stick":
            return Stick(seat, None)
        return Commit(seat, tuple(cards))

    return play


def _lays(*cards):
    """The move on the way: committing exactly these cards in this order."""
    return lambda action, before, after: isinstance(action, Commit) and action.cards == tuple(cards)


def _lays_with(card):
    return lambda action, before, after: isinstance(action, Commit) and card in action.cards


def _cards(*ids):
    """Light these cards in Red's hand (and the slots and Lock in button)."""
    return lambda p, s: (
        p in [("hand", YOU, c) for c in ids]
        or (isinstance(p, tuple) and p[:2] == ("slot", YOU))
        or p in (_("Lock in"), _("Lock in ⚡"))
    )


def _next_exchange(state) -> bool:
    return state.exchange >= 2 or state.round >= 2


def _at(square, facing=None):
    sq = parse_square(square)
    fc = None if facing is None else parse_facing(facing)
    return lambda s: _next_exchange(s) and s.pos[YOU] == sq and (fc is None or s.facing[YOU] == fc)


def _nulled(state, reason) -> bool:
    """A step of the learner's did not happen, for this reason (the log says why)."""
    return any(e.get("kind") == "null" and e.get("seat") == YOU and e.get("reason") == reason for e in state.log)


TURNS = ("turn-left-45", "turn-right-45")


def lessons() -> list[Lesson]:
    return [
        Lesson(
            id="steps",
            title=_("Facing and steps"),
            text=_(
                "Steps go by the way your boxer faces (the arrow). Lay Forward first and Turn right 90 second, "
                "then Lock in: both cards play one after the other."
            ),
            setup=_setup(),
            options=INGA,
            goal=_at("c3", "E"),
            step=_lays("forward", "turn-right-90"),
            touch=_cards("forward", "turn-right-90"),
            opponent=_fredo(*TURNS),
            coach=_("Lay Forward in the first slot and Turn right 90 in the second, then Lock in."),
            done=_("One square forward, then a quarter turn: you now face east. Each boxer has its own steps."),
        ),
        Lesson(
            id="areas",
            title=_("Where attacks land"),
            text=_(
                "An attack hits the squares shaded on its card, counted from where you stand and face. "
                "Fredo is two squares ahead: lay your Cross, which reaches two, and any second card."
            ),
            setup=_setup(),
            options=INGA,
            goal=lambda s: s.hp[BLUE] < FREDO_HP,
            step=_lays_with("cross"),
            touch=_cards("cross"),
            opponent=_fredo(*TURNS),
            coach=_("Your Cross reaches the two squares ahead: put it in a slot, add any card, Lock in."),
            done=_("The Cross landed for 2. An attack lands if the other boxer stands in its area after the steps."),
        ),
        Lesson(
            id="burst",
            title=_("Burst"),
            text=_(
                "A Burst (lightning) lets you play three cards in one exchange. "
                "Lay Forward, Jab and Cross, then Lock in."
            ),
            setup=_setup(bursts=(1, 0)),
            options=INGA,
            goal=lambda s: s.bursts[YOU] == 0 and s.hp[BLUE] <= FREDO_HP - 3,
            step=_lays("forward", "jab", "cross"),
            touch=_cards("forward", "jab", "cross"),
            opponent=_fredo(*TURNS),
            coach=_("Lay three cards: Forward, Jab, Cross. The third plays alone after both boxers' second cards."),
            done=_("Three actions against two. Bursts are few, for the whole bout, and never with a React."),
        ),
        Lesson(
            id="react",
            title=_("React"),
            text=_(
                "A React (eye) lets you see Fredo's first card before you choose. "
                "Press React; when his first card shows, lay your answer and Lock in."
            ),
            setup=_setup(reacts=(1, 0)),
            options=INGA,
            goal=lambda s: s.reacts[YOU] == 0 and s.hp[BLUE] < FREDO_HP,
            step=lambda action, before, after: isinstance(action, (Declare, Commit)),
            touch=lambda p, s: p == _("React ◉") or _cards("jab", "hook")(p, s),
            opponent=_fredo("forward", "hook"),
            coach=_("Press React first, then choose your cards once Fredo's first card is shown."),
            done=_("You saw him step up and met him with a Jab. A React is spent even if it did not help."),
        ),
        Lesson(
            id="order",
            title=_("Steps before attacks"),
            text=_(
                "In each action, steps happen first, then attacks. Lay Forward, then Jab: "
                "you step up next to Fredo, and your Jab lands from there."
            ),
            setup=_setup(),
            options=INGA,
            goal=lambda s: s.hp[BLUE] < FREDO_HP and s.pos[YOU] == parse_square("c3"),
            step=_lays("forward", "jab"),
            touch=_cards("forward", "jab"),
            opponent=_fredo(*TURNS),
            coach=_("Forward in the first slot, Jab in the second."),
            done=_("Order matters: a Jab first would have hit only air."),
        ),
        Lesson(
            id="same-square",
            title=_("The same square"),
            text=_(
                "When both boxers step into the same square, the one with more HP gets it; with equal HP nobody "
                "moves. Fredo (22 HP) steps to c3: lay Forward and Turn left 45 and see who gets there."
            ),
            setup=_setup(),
            options=INGA,
            goal=lambda s: _next_exchange(s) and s.pos == (parse_square("c2"), parse_square("c3")),
            step=_lays("forward", "turn-left-45"),
            touch=_cards("forward", "turn-left-45"),
            opponent=_fredo("forward", "turn-left-45"),
            coach=_("Lay Forward, then Turn left 45, and Lock in."),
            done=_("Fredo had more HP and took c3; you stayed. With equal HP neither of you would have moved."),
        ),
        Lesson(
            id="crossing",
            title=_("Crossing"),
            text=_(
                "Boxers whose steps would pass through each other both stay where they are. "
                "Fredo steps forward into your square: lay Forward, then Cross, and see who moves."
            ),
            setup=_setup(red="c3"),
            options=INGA,
            goal=lambda s: _next_exchange(s) and _nulled(s, "crossing") and s.hp[BLUE] < FREDO_HP,
            step=_lays("forward", "cross"),
            touch=_cards("forward", "cross"),
            opponent=_fredo("forward", TURNS[0]),
            coach=_("Lay Forward in the first slot and Cross in the second, then Lock in."),
            done=_(
                "Nobody moved, so Fredo was still in front of your Cross. Crossing paths stop a boxer getting past you."
            ),
        ),
        Lesson(
            id="pressure",
            title=_("Pressure"),
            text=_(
                "Fredo faces you from the next square: while he does, you cannot step to either side. "
                "Lay Left, then Back, and watch which step works."
            ),
            setup=_setup(red="c3"),
            options=INGA,
            goal=_at("c2"),
            step=_lays("left", "back"),
            touch=_cards("left", "back"),
            opponent=_fredo("jab", "hook"),
            coach=_("Lay Left first and Back second."),
            done=_("The side step failed under pressure and Fredo's Jab caught you; the step back got you out."),
        ),
        Lesson(
            id="stick",
            title=_("Stick-and-Move"),
            text=_(
                "A Jab that lands while you take no damage earns one more step after the exchange. "
                "Lay Jab and Cross, then take the extra step back."
            ),
            setup=_setup(red="c3", blue_facing="N"),
            options=INGA,
            goal=_at("c2"),
            step=lambda action, before, after: (
                _lays("jab", "cross")(action, before, after) or isinstance(action, (Stick, Footwork))
            ),
            touch=lambda p, s: (
                _cards("jab", "cross")(p, s) or p in [_("Step {step}").format(step=w) for w in (_("back"), "↓")]
            ),
            opponent=_fredo(*TURNS),
            coach=_("Lay Jab then Cross; after the exchange choose Step back."),
            done=_("Hit and away. Every Jab has Stick-and-Move; the card lists the steps it allows."),
        ),
        Lesson(
            id="counter",
            title=_("Counter"),
            text=_(
                "You are Mei now. If her Counter attack lands while Fredo attacks, she takes no damage. "
                "Fredo is about to Jab: lay Counter Cross first and Back second."
            ),
            setup=_setup(blue="c3"),
            options={"boxer0": "mei", "boxer1": "fredo"},
            goal=lambda s: _next_exchange(s) and s.hp[YOU] == 17 and s.hp[BLUE] < FREDO_HP,
            step=_lays("counter-cross", "back"),
            touch=_cards("counter-cross", "back"),
            opponent=_fredo("jab", *TURNS[:1]),
            coach=_("Counter Cross in the first slot (it meets Fredo's Jab), Back in the second."),
            done=_("Both attacks landed, but only yours hurt. A Counter must land to protect you."),
        ),
        Lesson(
            id="daze",
            title=_("Daze"),
            text=_(
                "An attack with Daze leaves the boxer it hits dazed: next exchange no Burst or React, and "
                "their two cards play in a random order. Fredo is right in front: Uppercut him."
            ),
            setup=_setup(blue="c3"),
            options=INGA,
            goal=lambda s: s.next_daze[BLUE] or (_next_exchange(s) and s.dazed[BLUE]),
            step=_lays_with("uppercut"),
            touch=_cards("uppercut"),
            opponent=_fredo(*TURNS),
            coach=_("Lay your Uppercut (and any other card), then Lock in."),
            done=_("Fredo is dazed for the next exchange: his plan will come out shuffled."),
        ),
        Lesson(
            id="cooldown",
            title=_("Cooldown"),
            text=_(
                "A card with a timer cannot be chosen in the next exchange: your Uppercut is resting now. "
                "Lay two other cards and Lock in."
            ),
            setup=_setup(blue="c3"),
            options=INGA,
            prelude=(
                {"type": "commit", "player": YOU, "cards": ["uppercut", "back"]},
                {"type": "commit", "player": BLUE, "cards": list(TURNS)},
            ),
            goal=lambda s: s.exchange >= 3,
            step=lambda action, before, after: isinstance(action, Commit),
            touch=_cards("jab", "cross", "hook", "forward", "back", "left", "right"),
            opponent=_fredo(*TURNS),
            coach=_("The Uppercut cannot be used this exchange: choose two other cards."),
            done=_("Next exchange the Uppercut is back. A timer card used in a round's last exchange costs nothing."),
        ),
    ]
