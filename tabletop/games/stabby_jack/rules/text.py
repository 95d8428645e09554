"""Plain-word explanations for the table: event sentences and what a drawn card means."""

from __future__ import annotations

from tabletop.core.game import name_seats
from tabletop.core.i18n import words

from .content import ACE, CONTENT, JACK, Card
from .resolve import can_level_up
from .said import spoken
from .state import DECLARE, OVER, PLACE, TRAIN, suit_total

_, ngettext = words(__name__)

MAX_SEATS = 6


def names_or_default(names=None) -> list[str]:
    names = list(names or [])
    return names + [_("Player {n}").format(n=k + 1) for k in range(len(names), MAX_SEATS)]


def render(text: str, names=None) -> str:
    """A kept log sentence (or result) in the player's language, its seats "{0}".."{5}" named."""
    return name_seats(spoken(text), names_or_default(names))


def events(view, names=None, since: int = 0) -> list[str]:
    """The recent log of a state or view, oldest first, with names filled in.
    ``since``: a previous ``view.logged``; only sentences logged after it are given."""
    new = max(0, min(view.logged - since, len(view.log)))
    return [render(t, names) for t in view.log[len(view.log) - new :]]


def _stat(suit: str) -> str:
    """A suit's stat in words ("physical attack"), from the data (data_words.py)."""
    return _(CONTENT.stat_label[suit])


def describe_card(view, player: int, card: Card, training: bool = False) -> str:
    """What ``card`` means for ``player`` in plain words (any card, any time)."""
    p = view.players[player]
    luck = suit_total(p.stats, "C")
    name = card.name()
    if card.numbered:
        if training:
            return _("{card}: a new {suit} stat card worth {rank} {stat}; pick the stat card it replaces.").format(
                card=name, suit=_(CONTENT.suit_name[card.suit]), rank=card.rank, stat=_stat(card.suit)
            )
        suit = "S" if card.black else "D"
        power = suit_total(p.stats, suit)
        what = dict(card=name, rank=card.rank, power=power, luck=luck)
        if suit == "S":
            return _(
                "{card}: a physical monster, {rank} to beat; your attack is {power}; "
                "a tie is won with luck {rank} or more (yours is {luck})."
            ).format(**what)
        return _(
            "{card}: a magical monster, {rank} to beat; your magic is {power}; "
            "a tie is won with luck {rank} or more (yours is {luck})."
        ).format(**what)
    if card.rank == JACK:
        said = _("{card}: Stabby Jack deals {n} damage.").format(card=name, n=CONTENT.jack_damage)
        if any(c.monarch for c in p.xp):
            said += " " + _("You may give up a Queen or King from your XP as a shield.")
        return said
    if card.rank == ACE:
        return _("{card}: swap one of your stat cards with another player's card of the same suit or value.").format(
            card=name
        )
    if card.monarch:
        if card.suit == "H":
            return _("{card}: heals you {n} HP.").format(card=name, n=CONTENT.heart_monarch_heal)
        if card.suit == "C":
            return _(
                "{card}: draw one more card; a numbered card up to your luck ({luck}) "
                "levels you up, a special card is resolved instead."
            ).format(card=name, luck=luck)
        what = dict(
            card=name,
            strength=CONTENT.monarch_strength,
            power=suit_total(p.stats, card.suit),
            xp=CONTENT.monarch_xp,
            damage=CONTENT.monarch_damage,
        )
        if card.suit == "S":
            return _(
                "{card}: a physical Monarch of strength {strength} that wins ties; "
                "your attack is {power}. Win: {xp} XP; lose: {damage} damage."
            ).format(**what)
        return _(
            "{card}: a magical Monarch of strength {strength} that wins ties; "
            "your magic is {power}. Win: {xp} XP; lose: {damage} damage."
        ).format(**what)
    return _("Joker: draw one more card; a numbered card levels you up, a special card is resolved instead.")


def describe_draw(view, player: int) -> str:
    """What the card waiting for a choice means, or what the player must do now."""
    card = view.drawn
    if view.phase == OVER:
        return render(view.result)
    if card is None:
        if view.phase == DECLARE:
            if player == view.turn and can_level_up(view, player):
                return _("Declare Train, Fight or Rest (you may first level up with {n} XP).").format(
                    n=CONTENT.level_cost
                )
            return _("Declare Train, Fight or Rest.")
        return ""
    if view.phase == TRAIN:
        return describe_card(view, player, card, training=True)
    if view.phase == PLACE:
        return _("{card}: a level-up card, but you already hold {n} stats; replace one of them or let it go.").format(
            card=card.name(), n=CONTENT.max_stats
        )
    return describe_card(view, player, card)  # the Jack's shield choice or the Ace's swap
