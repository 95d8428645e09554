"""Punch!'s lessons: the six cards, one lesson per family of matchups, the break
between rounds, and secret choices for two people at one screen. Blue plays
only the card each lesson names."""

from __future__ import annotations

from tabletop.core.i18n import words
from tabletop.tutorial import Lesson

from .rules.actions import Commit, Ready

_, ngettext = words(__name__)

YOU, BLUE = 0, 1
# a round-1 hand with every kind and no four of a kind (so no redeal is offered), then the rest
HAND = ["p1", "p2", "p3", "nothing", "block", "dodge", "p1", "p2", "p3", "block"]
REST = ["p1", "p2", "p3", "nothing", "block", "dodge", "p1", "p2", "nothing", "dodge"]
LAST = ["p1", "p2", "p3", "nothing", "block", "dodge", "p3", "nothing", "block", "dodge"]
DECK = HAND + REST + LAST


def _setup() -> dict:
    return {"decks": [list(DECK), list(DECK)]}


def _commit(code):
    return lambda action, before, after: isinstance(action, Commit) and action.card == code


def _touch(*codes):
    return lambda payload, state: payload in [("hand", YOU, c) for c in codes] or payload == ("slot", YOU)


def _blue(card):
    return lambda state, seat: Ready(seat) if state.phase == "break" else Commit(seat, card)


def _stamina(seat, value):
    return lambda s: s.stamina[seat] == value and s.phase != "break"


def _last_red(s):
    """The card Red showed at the last reveal (None before any)."""
    shown = [e for e in s.log if e.get("type") == "reveal"]
    return shown[-1]["cards"][YOU] if shown else None


# nine plays that leave Red on 4 and Blue on 4 stamina, one card each still in hand (a Block)
_NINE_RED = ["p1", "p2", "p3", "nothing", "block", "dodge", "p1", "p2", "p3"]
_NINE_BLUE = ["p3", "p3", "p2", "p1", "p1", "p2", "block", "dodge", "nothing"]
NINE = tuple(
    a
    for r, b in zip(_NINE_RED, _NINE_BLUE, strict=True)
    for a in ({"type": "commit", "player": YOU, "card": r}, {"type": "commit", "player": BLUE, "card": b})
)


def _ready_button(payload) -> bool:
    """The break's "Red: ready for round 2" button, in the player's language."""
    label = _("{name}: ready for round {n}").format(name="{name}", n=2)
    head, _sep, tail = label.partition("{name}")
    return isinstance(payload, str) and payload.startswith(head) and payload.endswith(tail)


def _show_button(payload) -> bool:
    """The curtain's "Show Red's cards" button (the engine's words, in the player's language)."""
    label = words("tabletop.ui.secrecy")[0]("Show {name}'s cards")
    head, _sep, tail = label.partition("{name}")
    return isinstance(payload, str) and payload.startswith(head) and payload.endswith(tail)


def lessons() -> list[Lesson]:
    return [
        Lesson(
            id="punches",
            title=_("Punch against punch"),
            text=_(
                "Punch cards hit for 1, 2 or 3. When both punch, the lower card takes the difference: "
                "Blue's face-down card is a Punch 1, so play your Punch 3."
            ),
            setup=_setup(),
            goal=_stamina(BLUE, 8),
            step=_commit("p3"),
            touch=_touch("p3"),
            opponent=_blue("p1"),
            coach=_("Play your Punch 3: click it, or drag it onto your slot in the middle."),
            done=_("3 against 1: Blue took the difference, 2. Equal punches cancel out."),
        ),
        Lesson(
            id="block",
            title=_("Block"),
            text=_("A Block stops any punch, and nothing else happens. Blue's face-down card is a Punch 3: block it."),
            setup=_setup(),
            goal=lambda s: s.play == 2 and s.stamina == (10, 10),
            step=_commit("block"),
            touch=_touch("block"),
            opponent=_blue("p3"),
            coach=_("Play your Block against Blue's Punch 3."),
            done=_("Blocked: Blue's Punch 3 was wasted."),
        ),
        Lesson(
            id="dodge",
            title=_("Dodge and Punch Back"),
            text=_(
                "Dodge and Punch Back avoids a punch and sends it back at the puncher. "
                "Blue's face-down card is a Punch 2: dodge it."
            ),
            setup=_setup(),
            goal=_stamina(BLUE, 8),
            step=_commit("dodge"),
            touch=_touch("dodge"),
            opponent=_blue("p2"),
            coach=_("Play your Dodge and Punch Back against Blue's Punch 2."),
            done=_("Blue's own 2 came back at Blue. Big punches are risky while the other may still dodge."),
        ),
        Lesson(
            id="rest",
            title=_("Do Nothing: rest"),
            text=_(
                "Do Nothing wins back 1 stamina when the other does not punch. "
                "You are on 8 and Blue's face-down card is a Block: play Do Nothing."
            ),
            setup=_setup(),
            prelude=({"type": "commit", "player": YOU, "card": "p1"}, {"type": "commit", "player": BLUE, "card": "p3"}),
            goal=_stamina(YOU, 9),
            step=_commit("nothing"),
            touch=_touch("nothing"),
            opponent=_blue("block"),
            coach=_("Play Do Nothing while Blue blocks: a Block or a Dodge against it does nothing."),
            done=_("You rested back to 9; 10 is the most."),
        ),
        Lesson(
            id="both-rest",
            title=_("Both do nothing"),
            text=_(
                "When both play Do Nothing, both rest and win back 1 stamina. "
                "You are both on 8 and Blue's face-down card is a Do Nothing: play yours too."
            ),
            setup=_setup(),
            prelude=(
                {"type": "commit", "player": YOU, "card": "p1"},
                {"type": "commit", "player": BLUE, "card": "p3"},
                {"type": "commit", "player": YOU, "card": "p3"},
                {"type": "commit", "player": BLUE, "card": "p1"},
            ),
            goal=lambda s: s.stamina == (9, 9) and s.phase != "break",
            step=_commit("nothing"),
            touch=_touch("nothing"),
            opponent=_blue("nothing"),
            coach=_("Play Do Nothing too: both of you rest."),
            done=_("Both rested: 9 each. A quiet play helps whoever is more tired."),
        ),
        Lesson(
            id="caught",
            title=_("Caught doing nothing"),
            text=_(
                "Whoever does nothing against a punch takes all of it. "
                "Blue's face-down card is a Do Nothing: punch with your 2."
            ),
            setup=_setup(),
            goal=_stamina(BLUE, 8),
            step=_commit("p2"),
            touch=_touch("p2"),
            opponent=_blue("nothing"),
            coach=_("Play your Punch 2 while Blue does nothing."),
            done=_("Blue took the full 2. At 0 stamina a boxer is knocked out and loses the match."),
        ),
        Lesson(
            id="wasted",
            title=_("Nothing happens"),
            text=_(
                "Blocks and Dodges only work against punches: played against each other, nothing happens. "
                "Blue's face-down card is a Block: play your Dodge and Punch Back."
            ),
            setup=_setup(),
            prelude=({"type": "commit", "player": YOU, "card": "p1"}, {"type": "commit", "player": BLUE, "card": "p3"}),
            goal=lambda s: s.play == 3 and s.stamina == (8, 10) and _last_red(s) in ("dodge", "block"),
            step=_commit("dodge"),
            touch=_touch("dodge"),
            opponent=_blue("block"),
            coach=_("Play your Dodge and Punch Back against Blue's Block."),
            done=_(
                "Nothing happened: both cards were wasted. Block, Dodge and Punch Back pay off only against a punch."
            ),
        ),
        Lesson(
            id="break",
            title=_("Rounds and the break"),
            text=_(
                "A round is ten plays; in the break after it both boxers get 3 stamina back (2 after round two), "
                "up to 10. Play your last card, then press Ready."
            ),
            setup=_setup(),
            prelude=NINE,
            goal=lambda s: s.round == 2 and s.phase != "break",
            step=lambda a, before, after: isinstance(a, (Commit, Ready)),
            touch=lambda p, s: p == ("hand", YOU, "block") or _ready_button(p),
            opponent=_blue("block"),
            coach=_("Play your last card, then press Ready for round 2."),
            done=_(
                "Both went from 4 to 7. After round three the higher stamina wins the match; "
                "three matches win the game."
            ),
        ),
        Lesson(
            id="secrecy",
            title=_("Two people, one screen"),
            text=_(
                "Choices are secret until both are revealed. Red: show your cards while Blue looks away, "
                "and play one; then Blue does the same."
            ),
            setup=_setup(),
            seats=("human", "human"),
            one_screen=True,  # one learner plays both seats with any device, behind the curtain
            goal=lambda s: s.play == 2,
            step=lambda a, before, after: isinstance(a, Commit),
            touch=lambda p, s: _show_button(p) or (isinstance(p, tuple) and p[0] == "hand"),
            coach=_("Show your cards, then play one."),
            done=_(
                "Each chose in secret and both cards turned over together. "
                "The setup screen also offers hands that show only while you hold your peek key."
            ),
        ),
    ]
