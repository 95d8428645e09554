"""Plain-word explanations for the table: event sentences and what a drawn card means."""

from __future__ import annotations

from .content import ACE, CONTENT, JACK, Card
from .resolve import can_level_up
from .state import DECLARE, OVER, PLACE, TRAIN, suit_total

MAX_SEATS = 6


def names_or_default(names=None) -> list[str]:
    names = list(names or [])
    return names + [f"Player {k + 1}" for k in range(len(names), MAX_SEATS)]


def render(text: str, names=None) -> str:
    """Fill the seat placeholders "{0}".."{5}" of a log sentence with player names."""
    return text.format(*names_or_default(names))


def events(view, names=None, since: int = 0) -> list[str]:
    """The recent log of a state or view, oldest first, with names filled in.
    ``since``: a previous ``view.logged``; only sentences logged after it are given."""
    new = max(0, min(view.logged - since, len(view.log)))
    return [render(t, names) for t in view.log[len(view.log) - new :]]


def describe_card(view, player: int, card: Card, training: bool = False) -> str:
    """What ``card`` means for ``player`` in plain words (any card, any time)."""
    p = view.players[player]
    luck = suit_total(p.stats, "C")
    if card.numbered:
        if training:
            return (
                f"{card.name()}: a new {CONTENT.suit_name[card.suit]} stat card worth "
                f"{card.rank} {CONTENT.stat_label[card.suit]}; pick the stat card it replaces."
            )
        suit = "S" if card.black else "D"
        power = suit_total(p.stats, suit)
        kind = "physical" if suit == "S" else "magical"
        stat = "attack" if suit == "S" else "magic"
        tie = f"; a tie is won with luck {card.rank} or more (yours is {luck})"
        return f"{card.name()}: a {kind} monster, {card.rank} to beat; your {stat} is {power}{tie}."
    if card.rank == JACK:
        shield = any(c.monarch for c in p.xp)
        extra = " You may give up a Queen or King from your XP as a shield." if shield else ""
        return f"{card.name()}: Stabby Jack deals {CONTENT.jack_damage} damage.{extra}"
    if card.rank == ACE:
        return f"{card.name()}: swap one of your stat cards with another player's card of the same suit or value."
    if card.monarch:
        if card.suit == "H":
            return f"{card.name()}: heals you {CONTENT.heart_monarch_heal} HP."
        if card.suit == "C":
            return (
                f"{card.name()}: draw one more card; a numbered card up to your luck ({luck}) "
                "levels you up, a special card is resolved instead."
            )
        suit = card.suit
        kind, stat = ("physical", "attack") if suit == "S" else ("magical", "magic")
        return (
            f"{card.name()}: a {kind} Monarch of strength {CONTENT.monarch_strength} that wins ties; "
            f"your {stat} is {suit_total(p.stats, suit)}. Win: {CONTENT.monarch_xp} XP; "
            f"lose: {CONTENT.monarch_damage} damage."
        )
    return "Joker: draw one more card; a numbered card levels you up, a special card is resolved instead."


def describe_draw(view, player: int) -> str:
    """What the card waiting for a choice means, or what the player must do now."""
    card = view.drawn
    if view.phase == OVER:
        return render(view.result)
    if card is None:
        if view.phase == DECLARE:
            if player == view.turn and can_level_up(view, player):
                return f"Declare Train, Fight or Rest (you may first level up with {CONTENT.level_cost} XP)."
            return "Declare Train, Fight or Rest."
        return ""
    if view.phase == TRAIN:
        return describe_card(view, player, card, training=True)
    if view.phase == PLACE:
        return (
            f"{card.name()}: a level-up card, but you already hold {CONTENT.max_stats} stats; "
            "replace one of them or let it go."
        )
    return describe_card(view, player, card)  # the Jack's shield choice or the Ace's swap
