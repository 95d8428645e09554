"""The words of data/*.json a player reads (boxers' names, styles and blurbs, card names, and the
boxer choices made of them), marked for the catalogue: the data stays in English, the language of
its ids, and each word is translated with ``_`` where it is shown. A test keeps this list in step
with the files."""

from tabletop.core.i18n import N_

DATA_WORDS = (
    # boxers' names
    N_("Inga"),
    N_("Fredo"),
    N_("Sol"),
    N_("Bruno"),
    N_("Mei"),
    N_("Kofi"),
    # their styles
    N_("Balanced"),
    N_("Brawler"),
    N_("Out-fighter"),
    N_("In-fighter"),
    N_("Counter fighter"),
    N_("Pugilist"),
    # their blurbs
    N_("Solid at every range; a good first boxer."),
    N_("Tough and heavy-handed; he only likes to go forward."),
    N_("Long reach and quick feet; hits from a distance and slips away."),
    N_("Lives on the inside with hooks from both sides."),
    N_("Waits, reads and punishes: her best shots are counters."),
    N_("A technician: sharp jabs, clean angles, many ways to score."),
    # attack cards
    N_("Jab"),
    N_("Cross"),
    N_("Hook"),
    N_("Uppercut"),
    N_("Overhand"),
    N_("Haymaker"),
    N_("Long Jab"),
    N_("Lance Cross"),
    N_("Check Hook"),
    N_("Pivot Hook"),
    N_("Step-in Jab"),
    N_("Left Hook"),
    N_("Right Hook"),
    N_("Body Shot"),
    N_("Counter Cross"),
    N_("Counter Hook"),
    N_("Double Jab"),
    # turn cards (ring.json)
    N_("Turn left 45"),
    N_("Turn right 45"),
    N_("Turn left 90"),
    N_("Turn right 90"),
    # step cards, named "Step " and the step by content.load_boxers
    N_("Step forward"),
    N_("Step forward-right"),
    N_("Step right"),
    N_("Step back-right"),
    N_("Step back"),
    N_("Step back-left"),
    N_("Step left"),
    N_("Step forward-left"),
    # the boxer choices on the setup screen (rules.boxer_label)
    N_("Inga · balanced · 14 HP ⚡1 ◉1"),
    N_("Fredo · brawler · 22 HP ⚡2 ◉0"),
    N_("Sol · out-fighter · 11 HP ⚡1 ◉1"),
    N_("Bruno · in-fighter · 21 HP ⚡3 ◉0"),
    N_("Mei · counter fighter · 17 HP ⚡0 ◉2"),
    N_("Kofi · pugilist · 11 HP ⚡1 ◉1"),
)
