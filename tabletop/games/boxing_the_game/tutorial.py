"""Boxing: The Game's lessons. Red (Marathon Mae) is the learner, Blue (Lola
Showtime) plays the plan each lesson gives it. Both are orthodox and their
traits stay out of the way. Every lesson is round 1 from a hand-set deal
(the records' setup: the top four cards of each starter deck are the hand)."""

from __future__ import annotations

from tabletop.tutorial import Lesson

from .rules import Plan, Stance

YOU, BLUE = 0, 1
OPTIONS = {"rounds": 3}
PICKS = ({"type": "pick", "player": YOU, "character": 9}, {"type": "pick", "player": BLUE, "character": 5})
# starter card ids: Red 0-7, Blue 8-15, each in the order Jab, Jab, Cross, Hook, Uppercut, Block, Block, Feint
RED = {"Jab": 0, "Jab2": 1, "Cross": 2, "Hook": 3, "Uppercut": 4, "Block": 5, "Block2": 6, "Feint": 7}
BLUE_IDS = {name: i + 8 for name, i in RED.items()}


def _names(hand):
    return [n.rstrip("2") for n in hand]


def _setup(red_hand, blue_hand, main=None) -> dict:
    setup = {"boards": [["Marathon Mae"], ["Lola Showtime"]], "decks": [_names(red_hand), _names(blue_hand)]}
    if main:
        setup["main"] = list(main)
    return setup


def _blue(*plan, bids=(0, 0, 0)):
    """Blue's script: this plan; no stance switch; the first prize it may take."""
    cards = tuple(BLUE_IDS[n] for n in plan)

    def play(state, seat):
        if state.phase == "plan":
            return Plan(seat, cards, tuple(bids))
        if state.phase == "reveal":
            return Stance(seat, False, False)
        return None  # anything else: the rules' first legal move

    return play


def _event(state, k, rnd=1):
    for e in state.log:
        if e.get("type") == "event" and e.get("round") == rnd and e.get("event") == k:
            return e
    return None


def _lands(k):
    """Red's card in event ``k`` landed and Blue's did not."""
    return lambda s: (e := _event(s, k)) is not None and e["landed"][YOU] and not e["landed"][BLUE]


def _plans(first=None, min_bid=0, slot=0, cards=None):
    """The move on the way: a plan with ``first`` in ``slot`` (and at least ``min_bid`` on it)."""

    def step(action, before, after):
        if not isinstance(action, Plan):
            return False
        if cards is not None and set(action.cards) != {RED[c] for c in cards}:
            return False
        return first is None or (action.cards[slot] == RED[first] and action.bids[slot] >= min_bid)

    return step


LOCK = ("lock", YOU)
BID = ("bid+", YOU, 0)  # the + beside slot 1


def _light(*names, buttons=(LOCK,)):
    ids = [("hand", YOU, RED[n]) for n in names]
    return lambda p, s: p in ids or (isinstance(p, tuple) and p[:2] == ("slotzone", YOU)) or p in buttons


def lessons() -> list[Lesson]:
    return [
        Lesson(
            id="plan",
            title="Plan three of four",
            text="Each round you lay 3 of your 4 cards face down in slots 1, 2 and 3; the fourth is discarded. "
            "Put your Jab, Cross and Hook in the slots, then Lock in.",
            setup=_setup(["Jab", "Cross", "Hook", "Block"], ["Block", "Jab", "Uppercut", "Feint"]),
            options=OPTIONS,
            prelude=PICKS,
            goal=lambda s: _event(s, 3) is not None,
            step=_plans(cards=("Jab", "Cross", "Hook")),
            touch=_light("Jab", "Cross", "Hook"),
            opponent=_blue("Block", "Jab", "Uppercut"),
            coach="Lay the Jab, the Cross and the Hook (keep the Block out), then Lock in.",
            done="Both plans turned over one event at a time: slot 1 against slot 1, and so on.",
        ),
        Lesson(
            id="speed",
            title="Speed and bids",
            text="When two big punches meet, the faster lands. Your Hook (speed 3) meets Blue's Cross (4) in "
            "event 1: put the Hook in slot 1 and bid 2 momentum on it with +, then Lock in.",
            setup=_setup(["Hook", "Jab", "Block", "Feint"], ["Cross", "Block", "Jab", "Uppercut"]),
            options=OPTIONS,
            prelude=PICKS,
            goal=_lands(1),
            step=_plans("Hook", min_bid=2),
            touch=_light("Hook", buttons=(LOCK, BID)),
            opponent=_blue("Cross", "Block", "Jab"),
            coach="Hook in slot 1 with 2 momentum bid on it (+ beside the slot): 3 + 2 beats 4.",
            done="5 against 4: your Hook landed. Bids are spent whatever happens; equal speeds in the same "
            "stance both land.",
        ),
        Lesson(
            id="jab",
            title="The Jab",
            text="A Jab beats a Hook or an Uppercut whatever their speed; only a faster Cross beats it. "
            "Blue opens with a Hook: put your Jab in slot 1.",
            setup=_setup(["Jab", "Block", "Block2", "Feint"], ["Hook", "Block", "Block2", "Jab"]),
            options=OPTIONS,
            prelude=PICKS,
            goal=_lands(1),
            step=_plans("Jab"),
            touch=_light("Jab"),
            opponent=_blue("Hook", "Block", "Block2"),
            coach="Jab in slot 1, any two cards after it, then Lock in.",
            done="The Jab landed and the Hook did not.",
        ),
        Lesson(
            id="block",
            title="Block",
            text="A Block stops any punch. Blue opens with a Cross: put a Block in slot 1.",
            setup=_setup(["Block", "Jab", "Hook", "Feint"], ["Cross", "Block", "Block2", "Jab"]),
            options=OPTIONS,
            prelude=PICKS,
            goal=lambda s: (e := _event(s, 1)) is not None and e["code"] == "block_stops_punch" and e["landed"][YOU],
            step=_plans("Block"),
            touch=_light("Block"),
            opponent=_blue("Cross", "Block", "Block2"),
            coach="Block in slot 1, then two more cards and Lock in.",
            done="Blocked. A Block 6 or more faster than the punch also earns momentum.",
        ),
        Lesson(
            id="feint",
            title="Feint",
            text="A Feint gets past a Block, and then you may switch stance. Blue opens with a Block: "
            "put your Feint in slot 1.",
            setup=_setup(["Feint", "Jab", "Cross", "Block"], ["Block", "Block2", "Hook", "Jab"]),
            options=OPTIONS,
            prelude=PICKS,
            goal=_lands(1),
            step=_plans("Feint"),
            touch=_light("Feint"),
            opponent=_blue("Block", "Block2", "Hook"),
            coach="Feint in slot 1, then two more cards and Lock in.",
            done="The Feint got through. It scores nothing, but it can change the stances.",
        ),
        Lesson(
            id="stance",
            title="Punch against Feint",
            text="A punch beats a Feint, and its owner may switch stance: equal speeds in different stances "
            "both miss. Put your Jab in slot 1, then choose to switch to southpaw.",
            setup=_setup(["Jab", "Cross", "Block", "Block2"], ["Feint", "Block", "Block2", "Jab"]),
            options=OPTIONS,
            prelude=PICKS,
            goal=lambda s: s.players[YOU].stance == "southpaw",
            step=_plans("Jab"),
            touch=lambda p, s: _light("Jab")(p, s) or p == ("stance", YOU, True, False),
            opponent=_blue("Feint", "Block", "Block2"),
            coach="Jab in slot 1; when it lands on the Feint, choose Switch to southpaw.",
            done="You are southpaw now, Blue orthodox: from here equal-speed punches cancel out.",
        ),
        Lesson(
            id="carry",
            title="Blocks against Blocks",
            text="When Blocks meet (or Feints meet), half the faster one's lead carries to its owner's next event. "
            "Blue opens with a Block: put yours in slot 1 and bid 2 on it.",
            setup=_setup(["Block", "Hook", "Jab", "Feint"], ["Block", "Hook", "Block2", "Jab"]),
            options=OPTIONS,
            prelude=PICKS,
            goal=lambda s: (e := _event(s, 2)) is not None and e["speeds"][YOU] > 3,
            step=_plans("Block", min_bid=2),
            touch=_light("Block", buttons=(LOCK, BID)),
            opponent=_blue("Block", "Hook", "Block2"),
            coach="Block in slot 1 with 2 momentum bid on it, then Lock in.",
            done="6 against 4 carried 1 speed to your next event: your Hook there was a 4.",
        ),
        Lesson(
            id="scoring",
            title="Points by event",
            text="A landed Jab scores 1 and a Cross, Hook or Uppercut 2, times the event's number: late punches "
            "count most. Put your Hook in slot 3.",
            setup=_setup(["Hook", "Block", "Block2", "Jab"], ["Block", "Block2", "Uppercut", "Jab"]),
            options=OPTIONS,
            prelude=PICKS,
            goal=lambda s: (e := _event(s, 3)) is not None and e["points"][YOU] == 6,
            step=_plans("Hook", slot=2),
            touch=_light("Hook"),
            opponent=_blue("Block", "Block2", "Uppercut"),
            coach="Hook in slot 3 (the last one), then Lock in.",
            done="2 × 3 = 6 points. More points wins the round 10-9; a tie is 10-10; judges add a point each.",
        ),
        Lesson(
            id="prizes",
            title="Prizes and Judges",
            text="The round's winner picks a prize first; a Judge costs momentum and adds a point every round, "
            "and three Judges win the match. You won: pick the Judge.",
            setup=_setup(["Hook", "Jab", "Block", "Feint"], ["Block", "Block2", "Uppercut", "Jab"], ["Judge"]),
            options=OPTIONS,
            prelude=PICKS
            + (
                {"type": "plan", "player": YOU, "cards": [5, 0, 3], "bids": [0, 0, 0]},
                {"type": "plan", "player": BLUE, "cards": [13, 14, 12], "bids": [0, 0, 0]},
            ),
            goal=lambda s: bool(s.players[YOU].judges),
            touch=lambda p, s: isinstance(p, tuple) and p[0] == "prize",
            opponent=lambda s, seat: None,
            coach="Click the Judge among the three prizes.",
            done="Drafted prizes go to your discard pile: stronger cards, gear that stays, Judges.",
        ),
        Lesson(
            id="knockdown",
            title="Knockdowns",
            text="An Uppercut that lands against a punch is a knockdown: the round ends 10-8, and three win "
            "the match. Blue opens with a Hook (3): Uppercut (2) in slot 1 with a bid of 2.",
            setup=_setup(["Uppercut", "Jab", "Block", "Feint"], ["Hook", "Block", "Block2", "Jab"]),
            options=OPTIONS,
            prelude=PICKS,
            goal=lambda s: s.players[YOU].knockdowns == 1,
            step=_plans("Uppercut", min_bid=2),
            touch=_light("Uppercut", buttons=(LOCK, BID)),
            opponent=_blue("Hook", "Block", "Block2"),
            coach="Uppercut in slot 1 with 2 momentum on it, so it beats the Hook.",
            done="Knockdown! The round ended at once, 10-8 to you.",
        ),
    ]
