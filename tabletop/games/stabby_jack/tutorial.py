"""Stabby Jack's lessons: each a hand-set position (the records' setup), what to
do in a sentence or two, what to touch, and the state that shows it worked."""

from __future__ import annotations

from tabletop.core.i18n import words
from tabletop.tutorial import Lesson, touching

from .rules import Declare

_, ngettext = words(__name__)

YOU = 0


def _codes(cards) -> set[str]:
    return {c.code() for c in cards}


def _in_xp(code):
    return lambda s: code in _codes(s.players[YOU].xp)


def _in_stats(code):
    return lambda s: code in _codes(s.players[YOU].stats)


def _declared(choice):
    """A move on the way: declaring ``choice`` (the lesson goes on after the card is drawn)."""
    return lambda action, before, after: isinstance(action, Declare) and action.choice == choice


def _setup(you, rival, draw, **more) -> dict:
    return {"stats": [you, rival], "draw": draw, "first": YOU, **more}


RIVAL = ["6S", "7H", "5D", "2C"]


def lessons() -> list[Lesson]:
    return [
        Lesson(
            id="declare",
            title=_("Declare, then draw"),
            text=_(
                "Every turn you first say what you will do, and only then is a card drawn. "
                "Declare Fight: choose the Fight card."
            ),
            setup=_setup(["9S", "5H", "4D", "3C"], RIVAL, ["4S"]),
            goal=_in_xp("4S"),
            touch=touching(("declare", "fight"), ("pile",)),
            coach=_("This lesson is about fighting: declare Fight."),
            done=_("You declared first, drew the 4 of spades and beat it with your 9 attack: it joins your XP row."),
        ),
        Lesson(
            id="train",
            title=_("Train"),
            text=_(
                "Training draws a card that must replace one of your stat cards. "
                "Declare Train, then put the drawn card in place of your weak 3 of spades."
            ),
            setup=_setup(["3S", "5H", "4D", "6C"], RIVAL, ["9S"]),
            goal=_in_stats("9S"),
            step=_declared("train"),
            touch=touching(("declare", "train"), ("drawn",), ("stat", YOU, 0)),
            coach=_("Declare Train, then choose the stat card the drawn card replaces: your 3 of spades."),
            done=_("Your attack went from 3 to 9. Training can also hurt: the drawn card must go somewhere."),
        ),
        Lesson(
            id="fight-tie",
            title=_("Fight, and ties"),
            text=_(
                "Black monsters are fought with your spades, red ones with your diamonds. "
                "This one ties your attack of 7, and a tie goes to you when your luck (clubs) is at least its value. "
                "Declare Fight."
            ),
            setup=_setup(["7S", "5H", "4D", "8C"], RIVAL, ["7C"]),
            goal=_in_xp("7C"),
            touch=touching(("declare", "fight")),
            coach=_("Declare Fight and let your luck break the tie."),
            done=_("7 against 7 was a tie, and your luck of 8 won it. A lost fight costs 1 HP."),
        ),
        Lesson(
            id="rest",
            title=_("Rest"),
            text=_("Your hearts are your HP and you carry 2 damage. Resting in bed heals one: declare Rest."),
            setup=_setup(["7S", "6H", "4D", "3C"], RIVAL, ["9C"], damage=[2, 0]),
            goal=lambda s: s.players[YOU].damage == 1,
            touch=touching(("declare", "rest")),
            coach=_("Declare Rest to heal."),
            done=_("One damage healed. At 0 HP a hero dies and starts again with fresh cards and no XP."),
        ),
        Lesson(
            id="level-up",
            title=_("Level up"),
            text=_(
                "Five XP buy a new stat card. Choose Level up, pick XP cards worth 5, then Spend: "
                "cards are drawn until a numbered one comes, and it joins your stats."
            ),
            setup=_setup(["5S", "8H", "4D", "3C"], RIVAL, ["KH", "9S"], xp=[["2H", "3H", "4C", "5C", "6C"], []]),
            goal=lambda s: len(s.players[YOU].stats) == 5,
            touch=lambda p, s: (
                p == _("Level up")
                or (isinstance(p, str) and p.startswith(_("Level up")))
                or p in {_("Spend {n} XP").format(n=n) for n in range(40)}
                or (isinstance(p, tuple) and p[:2] == ("xp", YOU))
            ),
            coach=_("Level up before you declare: click Level up, choose five XP cards, then Spend."),
            done=_("The King of hearts was passed by and the 9 of spades joined your stats: attack 14."),
        ),
        Lesson(
            id="jack",
            title=_("Stabby Jack"),
            text=_(
                "A Jack stabs you for 2 damage, unless you give up a Queen or King from your XP row as a shield. "
                "Declare Fight, and when Jack comes, shield with your King."
            ),
            setup=_setup(["7S", "5H", "4D", "3C"], RIVAL, ["JH"], xp=[["KS"], []]),
            goal=lambda s: not s.players[YOU].xp and s.players[YOU].damage == 0,
            step=_declared("fight"),
            touch=touching(("declare", "fight"), ("xp", YOU, 0), ("jack",)),
            coach=_("Declare Fight; when Stabby Jack shows, click your King (or drag it onto Jack)."),
            done=_("Your King took the stab for you. Without a Monarch you would have lost 2 HP."),
        ),
        Lesson(
            id="monarchs",
            title=_("Queens and Kings"),
            text=_(
                "Queens and Kings are Monarchs: a spade or diamond one is a monster of 13 that wins every tie. "
                "Your spades make 14: declare Fight."
            ),
            setup=_setup(["10S", "4S", "5H", "3C"], RIVAL, ["QS"]),
            goal=_in_xp("QS"),
            touch=touching(("declare", "fight")),
            coach=_("Declare Fight to take on the Queen of spades."),
            done=_("14 beats 13: the Queen is worth 2 XP. With 13 you would have lost the tie and 2 HP."),
        ),
        Lesson(
            id="heart-monarch",
            title=_("Monarchs of hearts"),
            text=_("A heart Queen or King heals 2 HP when it is drawn. You carry 2 damage: declare Fight and see."),
            setup=_setup(["7S", "6H", "4D", "3C"], RIVAL, ["QH"], damage=[2, 0]),
            goal=lambda s: s.players[YOU].damage == 0,
            touch=touching(("declare", "fight")),
            coach=_("Declare Fight: the card on top of the pile heals more than a Rest."),
            done=_(
                "The Queen of hearts healed both points of damage. Any special card drawn replaces what you declared."
            ),
        ),
        Lesson(
            id="club-monarch",
            title=_("Monarchs of clubs"),
            text=_(
                "A club Queen or King draws one more card: if it is no higher than your luck (clubs), you level up "
                "with it. Your luck is 8: declare Fight."
            ),
            setup=_setup(["7S", "5H", "4D", "8C"], RIVAL, ["KC", "4S"]),
            goal=_in_stats("4S"),
            touch=touching(("declare", "fight")),
            coach=_("Declare Fight to meet the King of clubs."),
            done=_("The 4 of spades was within your luck of 8, so it joined your stats. A higher card is thrown away."),
        ),
        Lesson(
            id="ace",
            title=_("The Ace swap"),
            text=_(
                "An Ace makes you swap one of your stat cards for another player's card of the same suit or value. "
                "Declare Fight, then swap your 2 of hearts for Blue's 9 of hearts."
            ),
            setup=_setup(["2H", "5S", "4D", "6C"], ["9H", "3S", "5D", "2C"], ["AS"]),
            goal=_in_stats("9H"),
            step=_declared("fight"),
            touch=touching(("declare", "fight"), ("stat", YOU, 0), ("stat", 1, 0)),
            coach=_("Declare Fight; when the Ace comes, click your 2 of hearts, then Blue's 9 of hearts."),
            done=_("Your HP went up to 9 and Blue's down to 2. A swap can even kill."),
        ),
        Lesson(
            id="joker",
            title=_("The Joker"),
            text=_(
                "Jokers are a setup option. A Joker drawn is a free level-up: "
                "the next numbered card joins your stats. Declare Fight."
            ),
            setup=_setup(["7S", "5H", "4D", "3C"], RIVAL, ["JOKER", "9D"]),
            options={"jokers": True},
            goal=_in_stats("9D"),
            touch=touching(("declare", "fight")),
            coach=_("Declare Fight to draw the Joker."),
            done=_("The 9 of diamonds joined your stats: your magic is 13 now."),
        ),
        Lesson(
            id="win",
            title=_("Winning"),
            text=_(
                "You win holding 10 XP, more attack than each rival's HP, and more luck than anyone. "
                "You have 9 XP and the rest: declare Fight and beat this monster."
            ),
            setup=_setup(
                ["10S", "9S", "5H", "4D", "9C"],
                ["2S", "6H", "3D", "2C"],
                ["6S"],
                xp=[["2D", "5D", "6D", "7D", "8D", "2H", "3H", "4H", "7H"], []],
            ),
            goal=lambda s: s.winner == YOU,
            touch=touching(("declare", "fight")),
            coach=_("Declare Fight: one more monster makes 10 XP."),
            done=_("10 XP, attack 19 against Blue's 6 HP, luck 9 against 2: you win!"),
        ),
    ]
