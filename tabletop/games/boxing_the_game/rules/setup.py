"""The optional ``setup`` of a hand-written record (see docs/records.md, "Boxing: The Game").

    {"boards": [["Kid Lightning"], ["The Anvil", 3]],      # boards dealt to each seat
     "decks":  [["Jab", "Block", ...], [...]],              # top of each starter deck
     "main":   ["Judge", "Quick Jab", ...]}                  # top of the main deck (first 3: prize row)

Cards and boards may be given by name or by id. A deck or the main deck may be
listed only in part: the listed cards come first, in that order, and the rest
follow in shuffled order.
"""

from __future__ import annotations

from .content import CARDS, CHARACTERS, MAIN_IDS, starter_ids


def _card_ids(raw, pool, where):
    if not isinstance(raw, list):
        raise ValueError(f"setup {where} must be a list of card names or ids")
    free = list(pool)
    out = []
    for item in raw:
        if isinstance(item, bool) or not isinstance(item, (int, str)):
            raise ValueError(f"setup {where}: {item!r} is not a card name or id")
        if isinstance(item, int):
            if item not in free:
                raise ValueError(f"setup {where}: card id {item} is not available there (or listed twice)")
            cid = item
        else:
            match = [c for c in free if CARDS[c].name == item]
            if not match:
                raise ValueError(f"setup {where}: no (more) card named {item!r} there")
            cid = match[0]
        free.remove(cid)
        out.append(cid)
    return out, free


def parse(setup, options) -> dict:
    """Check a setup dict; returns {"boards": [...], "decks": [...], "main": [...]} (card ids),
    with lists only for the parts the setup fixes. ``decks``/``main`` are prefixes."""
    if setup is None:
        return {}
    if not isinstance(setup, dict):
        raise ValueError("setup must be an object")
    unknown = set(setup) - {"boards", "decks", "main"}
    if unknown:
        raise ValueError(f"setup: unknown key(s) {', '.join(sorted(unknown))} (known: boards, decks, main)")
    out = {}
    if "boards" in setup:
        boards = setup["boards"]
        if not isinstance(boards, list) or len(boards) != 2:
            raise ValueError("setup boards must be two lists, one per player")
        names = {c.name: c.id for c in CHARACTERS}
        seen = set()
        dealt = []
        for seat, lst in enumerate(boards):
            if not isinstance(lst, list) or not 1 <= len(lst) <= 3:
                raise ValueError(f"setup boards for player {seat}: give 1 to 3 character boards")
            ids = []
            for b in lst:
                cid = names.get(b) if isinstance(b, str) else b
                if isinstance(cid, bool) or not isinstance(cid, int) or not 0 <= cid < len(CHARACTERS):
                    raise ValueError(f"setup boards: unknown character {b!r}")
                if cid in seen:
                    raise ValueError(f"setup boards: {CHARACTERS[cid].name} is dealt twice")
                seen.add(cid)
                ids.append(cid)
            dealt.append(tuple(ids))
        out["boards"] = dealt
    if "decks" in setup:
        decks = setup["decks"]
        if not isinstance(decks, list) or len(decks) != 2:
            raise ValueError("setup decks must be two lists, one per player")
        out["decks"] = []
        for seat in range(2):
            top, _ = _card_ids(decks[seat], starter_ids(seat), f"deck of player {seat}")
            out["decks"].append(top)
    if "main" in setup:
        top, _ = _card_ids(setup["main"], MAIN_IDS, "main deck")
        out["main"] = top
    return out


def complete(top, shuffled):
    """The listed top cards followed by the other cards in their shuffled order."""
    return tuple(top) + tuple(c for c in shuffled if c not in top)
