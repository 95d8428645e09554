"""The words of Boxing: The Game's data files (data/cards.json, data/characters.json), marked for the
catalogue and said with ``_`` where they are shown (``said``). tests/test_boxing_the_game_words.py checks
that every name and text of the files is here."""

from __future__ import annotations

from tabletop.core.i18n import N_, words

_, ngettext = words(__name__)

# card names
CARD_NAMES = (
    N_("Jab"),
    N_("Cross"),
    N_("Hook"),
    N_("Uppercut"),
    N_("Block"),
    N_("Feint"),
    N_("Quick Jab"),
    N_("Double Jab"),
    N_("Stiff Jab"),
    N_("Straight Right"),
    N_("Power Cross"),
    N_("Counter Cross"),
    N_("Lead Hook"),
    N_("Body Hook"),
    N_("Check Hook"),
    N_("Rising Uppercut"),
    N_("Short Uppercut"),
    N_("Haymaker Uppercut"),
    N_("High Guard"),
    N_("Parry"),
    N_("Shell Guard"),
    N_("Shoulder Feint"),
    N_("Level Change"),
    N_("Stutter Step"),
    N_("Speed Bag Gloves"),
    N_("Heavy Gloves"),
    N_("Lucky Gloves"),
    N_("Light Boots"),
    N_("Fast-Start Boots"),
    N_("Cutman"),
    N_("Promoter"),
    N_("Closer"),
    N_("Judge"),
    N_("Senior Judge"),
    N_("Chief Judge"),
)

# what a card does, as printed on it
CARD_TEXTS = (
    N_("If it lands, your next action this round is 2 faster."),
    N_("Scores 1 extra point (times the event number) when it lands."),
    N_("3 faster while your stances differ."),
    N_("If it lands, gain 1 momentum."),
    N_("2 faster while your stances match."),
    N_("2 faster while your stances differ."),
    N_("If it stops a punch, gain 1 momentum."),
    N_("Your Jabs are 1 faster."),
    N_("Your Crosses, Hooks and Uppercuts are 1 faster."),
    N_("All your punches are 1 faster."),
    N_("Your Blocks and Feints are 1 faster."),
    N_("Your action in event 1 is 2 faster."),
    N_("Gain 1 momentum at every cleanup."),
    N_("Judges cost you 1 less momentum."),
    N_("Your action in event 3 is 2 faster."),
)

# the character boards: the boxers' names, their traits and what each trait does
CHARACTER_NAMES = (
    N_("Kid Lightning"),
    N_("The Anvil"),
    N_("Velvet Vega"),
    N_("Smoke Sato"),
    N_("Hammer Hale"),
    N_("Lola Showtime"),
    N_("Duke Darling"),
    N_("The Professor"),
    N_("Switch Santos"),
    N_("Marathon Mae"),
)

TRAIT_NAMES = (
    N_("Fast Hands"),
    N_("Heavy Hands"),
    N_("Tight Guard"),
    N_("Ghost Steps"),
    N_("Trapdoor Uppercut"),
    N_("Big Entrance"),
    N_("Crowd Favourite"),
    N_("Counterpuncher"),
    N_("Switch Hitter"),
    N_("Second Wind"),
)

TRAIT_TEXTS = (
    N_("Your Jabs are 1 faster while your stances match."),
    N_("Your Crosses are 1 faster and your Hooks 2 faster."),
    N_("Gain 1 momentum whenever your Block stops a punch."),
    N_("Your Feints are 2 faster; when one lands, gain 1 momentum and your next action this round is 2 faster."),
    N_("Your Uppercuts are 3 faster."),
    N_("Start the match with 4 extra momentum."),
    N_("Judges cost you 1 less momentum."),
    N_("When your Block stops a punch, your next action this round is 2 faster."),
    N_("Your Jabs are 1 faster while your stances differ."),
    N_("Gain 1 momentum at cleanup after a round you lost."),
)

# a boxer's stance, by its id
STANCES = {"orthodox": N_("orthodox"), "southpaw": N_("southpaw")}


def said(text: str) -> str:
    """A data file's text (or a stance id) in the player's language."""
    return _(STANCES.get(text, text))
