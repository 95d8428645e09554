"""The words of data/content.json a player reads (the suits' names and stats, the ranks' names), marked
for the catalogue: the data stays in English, the language of its ids, and each word is translated
with ``_`` where it is shown. A test keeps this list in step with the file."""

from tabletop.core.i18n import N_

DATA_WORDS = (
    # the suits' names
    N_("spades"),
    N_("hearts"),
    N_("diamonds"),
    N_("clubs"),
    # the stat each suit stands for
    N_("physical attack"),
    N_("hit points"),
    N_("magical attack"),
    N_("luck"),
    # the ranks with a name
    N_("Ace"),
    N_("Jack"),
    N_("Queen"),
    N_("King"),
)
