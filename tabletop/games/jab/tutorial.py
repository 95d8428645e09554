"""JAB's lessons, at a gentle pace: the round is already under way, Blue has
made its moves before the lesson starts (the records' actions) and moves
again only when a lesson says so. Red is the learner (the bottom boxer)."""

from __future__ import annotations

from tabletop.core.i18n import words
from tabletop.tutorial import Lesson

from .rules import content as C
from .rules.actions import Place, Ready, Return, Split, Take

_, ngettext = words(__name__)

YOU, BLUE = 0, 1
OPTIONS = {"countdown_ms": 0, "stall_ms": 20000, "assist": True}
READY = ({"type": "ready", "player": YOU, "t": 0}, {"type": "ready", "player": BLUE, "t": 0})
COMBOS = [c[0] for c in C.COMBOS]
COUNTERS = [k[0] for k in C.COUNTERS]


def _setup(mine=None, blue=None, first_combo=None, first_counter=None, health=None) -> dict:
    setup: dict = {
        "decks": {
            "p0": {"left": list((mine or {}).get("left", [])), "right": list((mine or {}).get("right", []))},
            "p1": {"left": list((blue or {}).get("left", [])), "right": list((blue or {}).get("right", []))},
        }
    }
    if first_combo:
        setup["combo"] = [first_combo] + [c for c in COMBOS if c != first_combo]
    if first_counter:
        setup["counter"] = [first_counter] + [c for c in COUNTERS if c != first_counter]
    if health:
        setup["health"] = list(health)
    return setup


def _punch(player, hand, target, t) -> tuple:
    """A take, then a place ``target`` a little later (well after the hand could get there)."""
    return (
        {"type": "take", "player": player, "hand": hand, "t": t},
        {"type": "place", "player": player, "hand": hand, "target": target, "t": t + 700},
    )


def _top(state, target: str):
    boxer, i = int(target[1]), ("left", "head", "right").index(target.split(".")[1])
    pile = state.piles[boxer * 3 + i]
    return pile[-1] if pile else None


def _blocked(target):
    return lambda s: (c := _top(s, target)) is not None and C.owner(c) == YOU


def _hands(action, before, after) -> bool:
    """Taking and putting back are always fine on the way."""
    return isinstance(action, (Take, Return))


def _hand_from(side: str):
    """Taking from the lesson's deck (the one its words name) and putting back are fine on the way."""

    def step(action, before, after):
        return isinstance(action, Return) or (isinstance(action, Take) and action.hand == side)

    return step


def _hands_and(*targets):
    def step(action, before, after):
        return _hands(action, before, after) or (isinstance(action, Place) and action.target in targets)

    return step


def _spots(*names):
    return lambda payload, state: payload in names


BLUE_BOXER = ("p1.left", "p1.head", "p1.right")


def _ding_prelude() -> tuple:
    """Red plays the 24 cards of its left deck on Blue's head (colours never repeat back to back, so
    nothing staggers); its right deck keeps one card."""
    order = [f"{C.COLOURS[i % 5]} {C.TYPES[i // 5]}" for i in range(25)]
    actions = list(READY)
    t = 100
    for _k in range(24):
        actions += _punch(YOU, "left", "p1.head", t)
        t += 1400
    return tuple(actions), order


DING_PRELUDE, DING_ORDER = _ding_prelude()
LAST_T = 100 + 24 * 1400


def _ready_between(state, seat, t):
    if state.phase == "between" and not state.ready[seat]:
        return Ready(player=seat, t=t)
    return None


def lessons() -> list[Lesson]:
    blue_hook = READY + _punch(BLUE, "left", "p0.left", 100)
    blue_cross = READY + _punch(BLUE, "left", "p0.head", 100)
    blue_haymaker = READY + _punch(BLUE, "right", "p0.right", 100)
    return [
        Lesson(
            id="take",
            title=_("Your two hands"),
            text=_(
                "Your cards are in two decks: the left deck is for your left hand only, the right deck for your "
                "right hand. Take the top card of your left deck with your left hand."
            ),
            setup=_setup(),
            options=OPTIONS,
            prelude=READY,
            goal=lambda s: s.held[0] is not None,
            touch=_spots("p0.deck.left"),
            coach=_("Use your left hand on your left deck (the one on your left)."),
            done=_("You hold one card in that hand. Each hand carries one card at a time."),
        ),
        Lesson(
            id="punch",
            title=_("Punch"),
            text=_(
                "A card you put on Blue's boxer (across the table) is a punch. Take a card and put it on Blue's head."
            ),
            setup=_setup(),
            options=OPTIONS,
            prelude=READY,
            goal=lambda s: any(C.owner(c) == YOU for c in s.piles[4]),
            step=_hands,
            touch=_spots("p0.deck.left", "p0.deck.right", "p1.head"),
            coach=_("Carry a card to Blue's head, the middle target across the table, and let go there."),
            done=_("A punch! Punches score points at the end of the round; there is no limit to how fast you punch."),
        ),
        Lesson(
            id="release",
            title=_("Let go off target"),
            text=_(
                "Cards are never thrown: let go of one anywhere but a target and it goes back on top of its deck. "
                "Take a card, then let go of it on the empty table."
            ),
            setup=_setup(),
            options=OPTIONS,
            prelude=READY,
            # a wrong claim is no way to finish it: it is coached, not praised
            goal=lambda s: (
                s.now > 0
                and s.held == (None, None, None, None)
                and not any(s.piles)
                and not any(e["kind"] == "refused" for e in s.events)
            ),
            step=lambda a, before, after: isinstance(a, Take),
            touch=_spots("p0.deck.left", "p0.deck.right"),
            coach=_("Let go away from the six targets: the card goes back to its deck."),
            done=_("The card went back on top of its deck, ready to take again."),
        ),
        Lesson(
            id="block-type",
            title=_("Block by type"),
            text=_(
                "Blue's blue Hook landed on your left body. Block it with a card of the same type: "
                "put your yellow Hook (left deck) on top of it, on your own boxer."
            ),
            setup=_setup(mine={"left": ["yellow hook"]}, blue={"left": ["blue hook"]}),
            options=OPTIONS,
            prelude=blue_hook,
            goal=_blocked("p0.left"),
            step=_hand_from("left"),
            touch=_spots("p0.deck.left", "p0.left"),
            coach=_("Take your yellow Hook with your left hand and put it on your own left body, on Blue's Hook."),
            done=_("Blocked: at scoring, each block cancels one of Blue's best punches on that pile."),
        ),
        Lesson(
            id="block-colour",
            title=_("Block by colour"),
            text=_(
                "Blue's red Cross is on your head. A card of the same colour blocks it too: "
                "put your red Uppercut (right deck) on top of it."
            ),
            setup=_setup(mine={"right": ["red uppercut"]}, blue={"left": ["red cross"]}),
            options=OPTIONS,
            prelude=blue_cross,
            goal=_blocked("p0.head"),
            step=_hand_from("right"),
            touch=_spots("p0.deck.right", "p0.head"),
            coach=_("Take your red Uppercut with your right hand and put it on your own head, on Blue's red Cross."),
            done=_("Same colour, so it blocks. A block must match the punch's type or its colour."),
        ),
        Lesson(
            id="block-haymaker",
            title=_("Block a Haymaker"),
            text=_(
                "Blue's green Haymaker is on your right body. Any card at all blocks a Haymaker: "
                "put your purple Jab (right deck) on top of it."
            ),
            setup=_setup(mine={"right": ["purple jab"]}, blue={"right": ["green haymaker"]}),
            options=OPTIONS,
            prelude=blue_haymaker,
            goal=_blocked("p0.right"),
            step=_hand_from("right"),
            touch=_spots("p0.deck.right", "p0.right"),
            coach=_("Put your purple Jab on your own right body, on Blue's Haymaker."),
            done=_("Haymakers score nothing but can stagger you: cover them when you can."),
        ),
        Lesson(
            id="combo",
            title=_("Combo"),
            text=_(
                "The combo card shows a Jab and a Cross. Put your Jab and your Cross on two different targets "
                "of Blue's, then claim the Combo."
            ),
            setup=_setup(mine={"left": ["red jab"], "right": ["yellow cross"]}, first_combo="jab-cross"),
            options=OPTIONS,
            prelude=READY,
            goal=lambda s: bool(s.combo_won[YOU]),
            step=_hands_and(*BLUE_BOXER),
            touch=lambda p, s: p in ("p0.deck.left", "p0.deck.right", "combo", "Combo") or p in BLUE_BOXER,
            coach=_("Each type on the combo card must be on top of a different target of Blue's; then claim Combo."),
            done=_("Combo cards add points at the end of the round. Whoever played the cards, blocks count too."),
        ),
        Lesson(
            id="counter",
            title=_("Counter-Punch"),
            text=_(
                "The counter card is green and Blue's green Cross is on your boxer. Put your green Jab on Blue, "
                "then, with both hands empty, claim the Counter-Punch."
            ),
            setup=_setup(mine={"left": ["green jab"]}, blue={"left": ["green cross"]}, first_counter="green"),
            options=OPTIONS,
            prelude=READY + _punch(BLUE, "left", "p0.left", 100),
            goal=lambda s: bool(s.counter_won[YOU]),
            step=_hands_and(*BLUE_BOXER),
            touch=lambda p, s: p in ("p0.deck.left", "counter", "Counter") or p in BLUE_BOXER,
            coach=_("Green on top of both boxers opens the counter; claim it with empty hands."),
            done=_("2 points and a health token taken from Blue. Blue could have claimed it too: be quick."),
        ),
        Lesson(
            id="stagger",
            title=_("Stagger"),
            text=_(
                "A Haymaker scores nothing, but a card of its colour played right on top of it staggers for "
                "2 damage. Put your blue Haymaker on Blue's head, then your blue Jab on top of it."
            ),
            setup=_setup(mine={"left": ["blue haymaker", "blue jab"]}),
            options=OPTIONS,
            prelude=READY,
            goal=lambda s: s.health[YOU] == 7,
            step=_hands_and("p1.head"),
            touch=_spots("p0.deck.left", "p1.head"),
            coach=_("Both cards go on Blue's head: the Haymaker first, then the blue Jab right on it."),
            done=_("Stagger! Two of Blue's health tokens moved to you."),
        ),
        Lesson(
            id="clinch",
            title=_("Danger and the Clinch"),
            text=_(
                "You have no health left: you are in danger, and one more hit knocks you out. "
                "Claim the Clinch to take 2 health back (it costs 3 points at the end of the round)."
            ),
            setup=_setup(health=(0, 10)),
            options=OPTIONS,
            prelude=READY,
            goal=lambda s: s.clinch_by == YOU,
            touch=_spots("clinch", "Clinch"),
            coach=_("Claim the Clinch: the button, its key, or the tile."),
            done=_("Play stops until both boxers are ready again. The Clinch is there once a round, for either boxer."),
        ),
        Lesson(
            id="knockout",
            title=_("Knockout"),
            text=_(
                "Blue has no health left. Your yellow Haymaker is on Blue's head: stagger again with your yellow Jab "
                "on top of it, then claim the Knockout."
            ),
            setup=_setup(mine={"left": ["yellow haymaker", "yellow jab"]}, health=(10, 0)),
            options=OPTIONS,
            prelude=READY + _punch(YOU, "left", "p1.head", 100),
            goal=lambda s: s.winner == YOU,
            step=_hands_and("p1.head"),
            touch=_spots("p0.deck.left", "p1.head", "clinch", "Knockout!"),
            coach=_("Put the yellow Jab on the yellow Haymaker on Blue's head, then claim the Knockout."),
            done=_("Knockout! Hurting a boxer in danger opens it, and you must claim it before they clinch."),
        ),
        Lesson(
            id="ding",
            title=_("Ding!"),
            text=_(
                "Out of cards, you may call Ding! to end the round at once, for a 5-point penalty. "
                "Put your last card on Blue, then claim Ding!"
            ),
            setup=_setup(mine={"left": DING_ORDER[:24], "right": DING_ORDER[24:]}),
            options=OPTIONS,
            prelude=DING_PRELUDE,
            goal=lambda s: any(e["kind"] == "ding" and e.get("player") == YOU for e in s.events),
            step=_hands_and(*BLUE_BOXER),
            touch=lambda p, s: p in ("p0.deck.right", "ding", "Ding!") or p in BLUE_BOXER,
            coach=_("Play your last card, then claim Ding! before Blue can punch on."),
            done=_("Ding! If you had not called it, Blue would have gone on punching with all its cards."),
        ),
        Lesson(
            id="scoring",
            title=_("How a round is scored"),
            text=_(
                "Each boxer covers their best pile and the other scores one of the two left: punches count, each "
                "block cancels a best punch, combos and counters add, Ding! and Clinch cost. Read it, then press Ready."
            ),
            setup=_setup(mine={"left": DING_ORDER[:24], "right": DING_ORDER[24:]}),
            options=OPTIONS,
            prelude=DING_PRELUDE
            + _punch(YOU, "right", "p1.head", LAST_T)
            + ({"type": "claim", "player": YOU, "what": "ding", "t": LAST_T + 900},),
            goal=lambda s: s.round == 2,
            step=lambda a, before, after: isinstance(a, (Ready, Split)),
            touch=lambda p, s: (
                isinstance(p, str) and p.split(" (")[0] == _("Ready")
            ),  # the summary's "Ready (Space)", in the player's language
            opponent_at=_ready_between,
            coach=_("Press Ready when you have read the score."),
            done=_("The higher total wins the round and a round-win token; three of them win the game."),
        ),
    ]
