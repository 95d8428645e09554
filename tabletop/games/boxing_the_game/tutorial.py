"""Boxing: The Game's lessons. Red (Marathon Mae) is the learner, Blue (Lola
Showtime) plays the plan each lesson gives it. Both are orthodox and their
traits stay out of the way. Every lesson is round 1 from a hand-set deal
(the records' setup: the top four cards of each starter deck are the hand)."""

from __future__ import annotations

from tabletop.core.i18n import words
from tabletop.tutorial import Lesson

from .rules import Plan, Stance

_, ngettext = words(__name__)

YOU, BLUE = 0, 1
OPTIONS = {"rounds": 3}
MAE, LOLA, DUKE = 9, 5, 6  # character ids: Lola starts with 6 momentum, Duke is southpaw; no trait gets in the way
NAMES = {MAE: "Marathon Mae", LOLA: "Lola Showtime", DUKE: "Duke Darling"}


def _picks(red=MAE, blue=LOLA):
    return ({"type": "pick", "player": YOU, "character": red}, {"type": "pick", "player": BLUE, "character": blue})


PICKS = _picks()
# starter card ids: Red 0-7, Blue 8-15, each in the order Jab, Jab, Cross, Hook, Uppercut, Block, Block, Feint
RED = {"Jab": 0, "Jab2": 1, "Cross": 2, "Hook": 3, "Uppercut": 4, "Block": 5, "Block2": 6, "Feint": 7}
BLUE_IDS = {name: i + 8 for name, i in RED.items()}


def _names(hand):
    return [n.rstrip("2") for n in hand]


def _setup(red_hand, blue_hand, main=None, red=MAE, blue=LOLA) -> dict:
    setup = {"boards": [[NAMES[red]], [NAMES[blue]]], "decks": [_names(red_hand), _names(blue_hand)]}
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


def _plans(first=None, min_bid=0, slot=0, cards=None, max_bid=None, then=None):
    """The move on the way: a plan with ``first`` in ``slot`` (at least ``min_bid`` and at most ``max_bid``
    on it) and ``then`` in the slot after it."""

    def step(action, before, after):
        if not isinstance(action, Plan):
            return False
        if cards is not None and set(action.cards) != {RED[c] for c in cards}:
            return False
        if then is not None and action.cards[slot + 1] != RED[then]:
            return False
        if max_bid is not None and action.bids[slot] > max_bid:
            return False
        return first is None or (action.cards[slot] == RED[first] and action.bids[slot] >= min_bid)

    return step


def _row(k, code, gained=None):
    """Event ``k`` went by this row of the table (and Red gained this much momentum there)."""
    return lambda s: (
        (e := _event(s, k)) is not None and e["code"] == code and (gained is None or e["momentum"][YOU] == gained)
    )


def _alone(k, speed):
    """In event ``k`` Red's card was this fast, and only Red's card landed."""
    return lambda s: _lands(k)(s) and _event(s, k)["speeds"][YOU] == speed


LOCK = ("lock", YOU)
BID = ("bid+", YOU, 0)  # the + beside slot 1


def _light(*names, buttons=(LOCK,)):
    ids = [("hand", YOU, RED[n]) for n in names]
    return lambda p, s: p in ids or (isinstance(p, tuple) and p[:2] == ("slotzone", YOU)) or p in buttons


def lessons() -> list[Lesson]:
    return [
        Lesson(
            id="plan",
            title=_("Plan three of four"),
            text=_(
                "Each round you lay 3 of your 4 cards face down in slots 1, 2 and 3; the fourth is discarded. "
                "Put your Jab, Cross and Hook in the slots, then Lock in."
            ),
            setup=_setup(["Jab", "Cross", "Hook", "Block"], ["Block", "Jab", "Uppercut", "Feint"]),
            options=OPTIONS,
            prelude=PICKS,
            goal=lambda s: _event(s, 3) is not None,
            step=_plans(cards=("Jab", "Cross", "Hook")),
            touch=_light("Jab", "Cross", "Hook"),
            opponent=_blue("Block", "Jab", "Uppercut"),
            coach=_("Lay the Jab, the Cross and the Hook (keep the Block out), then Lock in."),
            done=_("Both plans turned over one event at a time: slot 1 against slot 1, and so on."),
        ),
        Lesson(
            id="speed",
            title=_("Speed and bids"),
            text=_(
                "When two big punches meet, the faster lands. Your Hook (speed 3) meets Blue's Cross (4) in "
                "event 1: put the Hook in slot 1 and bid 2 momentum on it with +, then Lock in."
            ),
            setup=_setup(["Hook", "Jab", "Block", "Feint"], ["Cross", "Block", "Jab", "Uppercut"]),
            options=OPTIONS,
            prelude=PICKS,
            goal=_lands(1),
            step=_plans("Hook", min_bid=2),
            touch=_light("Hook", buttons=(LOCK, BID)),
            opponent=_blue("Cross", "Block", "Jab"),
            coach=_("Hook in slot 1 with 2 momentum bid on it (+ beside the slot): 3 + 2 beats 4."),
            done=_("5 against 4: your Hook landed. Bids are spent whatever happens."),
        ),
        Lesson(
            id="tie",
            title=_("Equal speeds"),
            text=_(
                "Two punches of the same speed both land when the boxers stand the same way. "
                "Blue opens with a Jab (5): put your Jab (5) in slot 1, with no bid."
            ),
            setup=_setup(["Jab", "Block", "Block2", "Feint"], ["Jab", "Block", "Block2", "Hook"]),
            options=OPTIONS,
            prelude=PICKS,
            goal=_row(1, "tie_same"),
            step=_plans("Jab", max_bid=0),
            touch=_light("Jab"),
            opponent=_blue("Jab", "Block", "Block2"),
            coach=_("Jab in slot 1 without a bid (so it is as fast as Blue's), then Lock in."),
            done=_("Both Jabs landed: a point each."),
        ),
        Lesson(
            id="other-stance",
            title=_("Equal speeds, other stances"),
            text=_(
                "When the boxers stand differently, equal punches both miss. You are southpaw and Blue orthodox: "
                "Blue opens with a Jab, so put your Jab in slot 1, with no bid."
            ),
            setup=_setup(["Jab", "Block", "Block2", "Feint"], ["Jab", "Block", "Block2", "Hook"], red=DUKE),
            options=OPTIONS,
            prelude=_picks(DUKE, LOLA),
            goal=_row(1, "tie_differs"),
            step=_plans("Jab", max_bid=0),
            touch=_light("Jab"),
            opponent=_blue("Jab", "Block", "Block2"),
            coach=_("Jab in slot 1 without a bid, then Lock in."),
            done=_("Neither Jab landed. Stances change when a Feint is beaten or gets through."),
        ),
        Lesson(
            id="jab",
            title=_("The Jab"),
            text=_(
                "A Jab beats a Hook or an Uppercut whatever their speed; only a faster Cross beats it. "
                "Blue opens with a Hook: put your Jab in slot 1."
            ),
            setup=_setup(["Jab", "Block", "Block2", "Feint"], ["Hook", "Block", "Block2", "Jab"]),
            options=OPTIONS,
            prelude=PICKS,
            goal=_lands(1),
            step=_plans("Jab"),
            touch=_light("Jab"),
            opponent=_blue("Hook", "Block", "Block2"),
            coach=_("Jab in slot 1, any two cards after it, then Lock in."),
            done=_("The Jab landed and the Hook did not."),
        ),
        Lesson(
            id="cross-jab",
            title=_("A faster Cross"),
            text=_(
                "The one punch that beats a Jab is a Cross that is faster. "
                "Blue opens with a Jab (5): put your Cross (4) in slot 1 and bid 2 on it."
            ),
            setup=_setup(["Cross", "Jab", "Block", "Feint"], ["Jab", "Block", "Block2", "Hook"]),
            options=OPTIONS,
            prelude=PICKS,
            goal=_row(1, "cross_beats_jab"),
            step=_plans("Cross", min_bid=2),
            touch=_light("Cross", buttons=(LOCK, BID)),
            opponent=_blue("Jab", "Block", "Block2"),
            coach=_("Cross in slot 1 with 2 momentum bid on it (+ beside the slot): 4 + 2 beats 5."),
            done=_("6 against 5: your Cross landed and Blue's Jab did not. A Cross as fast as the Jab loses."),
        ),
        Lesson(
            id="block",
            title=_("Block"),
            text=_("A Block stops any punch. Blue opens with a Cross: put a Block in slot 1."),
            setup=_setup(["Block", "Jab", "Hook", "Feint"], ["Cross", "Block", "Block2", "Jab"]),
            options=OPTIONS,
            prelude=PICKS,
            goal=lambda s: (e := _event(s, 1)) is not None and e["code"] == "block_stops_punch" and e["landed"][YOU],
            step=_plans("Block"),
            touch=_light("Block"),
            opponent=_blue("Cross", "Block", "Block2"),
            coach=_("Block in slot 1, then two more cards and Lock in."),
            done=_("Blocked: Blue's Cross scored nothing."),
        ),
        Lesson(
            id="fast-block",
            title=_("A much faster Block"),
            text=_(
                "A Block 6 or more faster than the punch also wins you 1 momentum. "
                "Blue opens with an Uppercut (2): put your Block (4) in slot 1 and bid 4 on it."
            ),
            setup=_setup(["Block", "Jab", "Hook", "Feint"], ["Uppercut", "Block", "Block2", "Jab"], red=LOLA, blue=MAE),
            options=OPTIONS,
            prelude=_picks(LOLA, MAE),
            goal=_row(1, "block_stops_punch", gained=1),
            step=_plans("Block", min_bid=4),
            touch=_light("Block", buttons=(LOCK, BID)),
            opponent=_blue("Uppercut", "Block", "Block2"),
            coach=_("Block in slot 1 with 4 momentum bid on it (+ beside the slot): 4 + 4 is 6 more than 2."),
            done=_("8 against 2: the Block stopped the Uppercut and won a momentum token back."),
        ),
        Lesson(
            id="fast-hook",
            title=_("A blocked Hook"),
            text=_(
                "A blocked punch still wins 1 momentum if it is 6 faster than the Block, or if it is a Hook that "
                "is faster at all. Blue opens with a Block (4): Hook (3) in slot 1 with a bid of 2."
            ),
            setup=_setup(["Hook", "Jab", "Block", "Feint"], ["Block", "Block2", "Jab", "Uppercut"]),
            options=OPTIONS,
            prelude=PICKS,
            goal=_row(1, "block_stops_punch", gained=1),
            step=_plans("Hook", min_bid=2),
            touch=_light("Hook", buttons=(LOCK, BID)),
            opponent=_blue("Block", "Block2", "Jab"),
            coach=_("Hook in slot 1 with 2 momentum bid on it, so it is faster than the Block."),
            done=_("The Hook was stopped, but being faster won you 1 momentum back."),
        ),
        Lesson(
            id="feint",
            title=_("Feint"),
            text=_(
                "A Feint gets past a Block, and then you may switch stance. Blue opens with a Block: "
                "put your Feint in slot 1."
            ),
            setup=_setup(["Feint", "Jab", "Cross", "Block"], ["Block", "Block2", "Hook", "Jab"]),
            options=OPTIONS,
            prelude=PICKS,
            goal=_lands(1),
            step=_plans("Feint"),
            touch=_light("Feint"),
            opponent=_blue("Block", "Block2", "Hook"),
            coach=_("Feint in slot 1, then two more cards and Lock in."),
            done=_("The Feint got through. It scores nothing, but it can change the stances."),
        ),
        Lesson(
            id="fast-feint",
            title=_("A much faster Feint"),
            text=_(
                "A Feint 6 or more faster than the Block it gets past also wins you 1 momentum. "
                "Blue opens with a Block (4): Feint (4) in slot 1 with all 6 of your momentum on it."
            ),
            setup=_setup(["Feint", "Jab", "Cross", "Block"], ["Block", "Block2", "Hook", "Jab"], red=LOLA, blue=MAE),
            options=OPTIONS,
            prelude=_picks(LOLA, MAE),
            goal=_row(1, "feint_beats_block", gained=1),
            step=_plans("Feint", min_bid=6),
            touch=_light("Feint", buttons=(LOCK, BID)),
            opponent=_blue("Block", "Block2", "Hook"),
            coach=_("Feint in slot 1 with 6 momentum bid on it: 4 + 6 is 6 more than the Block's 4."),
            done=_("10 against 4: the Feint got past and won a momentum token back."),
        ),
        Lesson(
            id="stance",
            title=_("Punch against Feint"),
            text=_(
                "A punch beats a Feint, and its owner may switch stance: equal speeds in different stances "
                "both miss. Put your Jab in slot 1, then choose to switch to southpaw."
            ),
            setup=_setup(["Jab", "Cross", "Block", "Block2"], ["Feint", "Block", "Block2", "Jab"]),
            options=OPTIONS,
            prelude=PICKS,
            goal=lambda s: s.players[YOU].stance == "southpaw",
            step=_plans("Jab"),
            touch=lambda p, s: _light("Jab")(p, s) or p == ("stance", YOU, True, False),
            opponent=_blue("Feint", "Block", "Block2"),
            coach=_("Jab in slot 1; when it lands on the Feint, choose Switch to southpaw."),
            done=_("You are southpaw now, Blue orthodox: from here equal-speed punches cancel out."),
        ),
        Lesson(
            id="force",
            title=_("A much faster punch"),
            text=_(
                "A punch 6 or more faster than a Feint may also switch the other boxer's stance. "
                "Jab (5) in slot 1 with a bid of 5 against Blue's Feint (4), then choose to switch Blue."
            ),
            setup=_setup(["Jab", "Cross", "Block", "Block2"], ["Feint", "Block", "Block2", "Jab"], red=LOLA, blue=MAE),
            options=OPTIONS,
            prelude=_picks(LOLA, MAE),
            goal=lambda s: s.players[BLUE].stance == "southpaw" and s.players[YOU].stance == "orthodox",
            step=lambda action, before, after: (
                _plans("Jab", min_bid=5)(action, before, after) or (isinstance(action, Stance) and action.force)
            ),
            touch=lambda p, s: _light("Jab", buttons=(LOCK, BID))(p, s) or p == ("stance", YOU, False, True),
            opponent=_blue("Feint", "Block", "Block2"),
            coach=_("Jab in slot 1 with 5 momentum on it; when it lands, switch Blue's stance and keep yours."),
            done=_("Blue is southpaw now and you are still orthodox: equal punches between you will miss."),
        ),
        Lesson(
            id="feint-carry",
            title=_("A Feint that is too quick"),
            text=_(
                "A Feint 6 or more faster than the punch that beats it makes your next action 2 faster. "
                "Blue opens with an Uppercut (2): Feint in slot 1 with a bid of 4, then your Jab in slot 2."
            ),
            setup=_setup(
                ["Feint", "Jab", "Block", "Block2"], ["Uppercut", "Jab", "Block", "Block2"], red=LOLA, blue=MAE
            ),
            options=OPTIONS,
            prelude=_picks(LOLA, MAE),
            goal=_alone(2, 7),
            step=_plans("Feint", min_bid=4, then="Jab"),
            touch=_light("Feint", "Jab", buttons=(LOCK, BID)),
            opponent=_blue("Uppercut", "Jab", "Block"),
            coach=_("Feint in slot 1 with 4 momentum on it, and the Jab in slot 2 (no bid needed)."),
            done=_("The Uppercut beat the Feint, but your Jab in event 2 was a 7 against Blue's 5: only yours landed."),
        ),
        Lesson(
            id="carry",
            title=_("Blocks against Blocks"),
            text=_(
                "When Blocks meet, half the faster one's lead carries to its owner's next event. "
                "Blue opens with a Block: put yours in slot 1 and bid 2 on it."
            ),
            setup=_setup(["Block", "Hook", "Jab", "Feint"], ["Block", "Hook", "Block2", "Jab"]),
            options=OPTIONS,
            prelude=PICKS,
            goal=lambda s: (e := _event(s, 2)) is not None and e["speeds"][YOU] > 3,
            step=_plans("Block", min_bid=2),
            touch=_light("Block", buttons=(LOCK, BID)),
            opponent=_blue("Block", "Hook", "Block2"),
            coach=_("Block in slot 1 with 2 momentum bid on it, then Lock in."),
            done=_("6 against 4 carried 1 speed to your next event: your Hook there was a 4."),
        ),
        Lesson(
            id="feints",
            title=_("Feints against Feints"),
            text=_(
                "Feints that meet work like Blocks: half the faster one's lead carries on. "
                "Blue opens with a Feint: yours in slot 1 with a bid of 2, then your Hook in slot 2."
            ),
            setup=_setup(["Feint", "Hook", "Jab", "Block"], ["Feint", "Hook", "Block", "Jab"]),
            options=OPTIONS,
            prelude=PICKS,
            goal=_alone(2, 4),
            step=_plans("Feint", min_bid=2, then="Hook"),
            touch=_light("Feint", "Hook", buttons=(LOCK, BID)),
            opponent=_blue("Feint", "Hook", "Block"),
            coach=_("Feint in slot 1 with 2 momentum on it, and the Hook in slot 2."),
            done=_("6 against 4 carried 1 speed: your Hook was a 4 and beat Blue's Hook (3)."),
        ),
        Lesson(
            id="scoring",
            title=_("Points by event"),
            text=_(
                "A landed Jab scores 1 and a Cross, Hook or Uppercut 2, times the event's number: late punches "
                "count most. Put your Hook in slot 3."
            ),
            setup=_setup(["Hook", "Block", "Block2", "Jab"], ["Block", "Block2", "Uppercut", "Jab"]),
            options=OPTIONS,
            prelude=PICKS,
            goal=lambda s: (e := _event(s, 3)) is not None and e["points"][YOU] == 6,
            step=_plans("Hook", slot=2),
            touch=_light("Hook"),
            opponent=_blue("Block", "Block2", "Uppercut"),
            coach=_("Hook in slot 3 (the last one), then Lock in."),
            done=_("2 × 3 = 6 points. More points wins the round 10-9; a tie is 10-10; judges add a point each."),
        ),
        Lesson(
            id="prizes",
            title=_("Prizes and Judges"),
            text=_(
                "The round's winner picks a prize first; a Judge costs momentum and adds a point every round, "
                "and three Judges win the match. You won: pick the Judge."
            ),
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
            coach=_("Click the Judge among the three prizes."),
            done=_("Drafted prizes go to your discard pile: stronger cards, gear that stays, Judges."),
        ),
        Lesson(
            id="knockdown",
            title=_("Knockdowns"),
            text=_(
                "An Uppercut that lands against a punch is a knockdown: the round ends 10-8, and three win "
                "the match. Blue opens with a Hook (3): Uppercut (2) in slot 1 with a bid of 2."
            ),
            setup=_setup(["Uppercut", "Jab", "Block", "Feint"], ["Hook", "Block", "Block2", "Jab"]),
            options=OPTIONS,
            prelude=PICKS,
            goal=lambda s: (e := _event(s, 1)) is not None and e["knockdown"][YOU],
            step=_plans("Uppercut", min_bid=2),
            touch=_light("Uppercut", buttons=(LOCK, BID)),
            opponent=_blue("Hook", "Block", "Block2"),
            coach=_("Uppercut in slot 1 with 2 momentum on it, so it beats the Hook."),
            done=_("Knockdown! The round ended at once, 10-8 to you."),
        ),
    ]
