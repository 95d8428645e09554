"""JAB's rules sentences in the player's language.

A state keeps its sentences (event texts, the end reason) in English, so it is the same whatever
language its players speak; a sentence made with ``Say`` also keeps its template and fields, and
``tell`` says it in the player's language where it is shown::

    Say(N_("{who} throws a {card} at {where}."), who=who(p), card=card(c), where=target(b, i))

A field is a whole number, a seat placeholder (``who(p)``), a card, a target, a word of the
catalogue (``word``) or another ``Say``. The words of data/content.json (punch types, colours)
are listed here for the catalogue (tests/test_jab_words.py checks that none is missing).
"""

from __future__ import annotations

from typing import Any

from tabletop.core.i18n import N_, words

from . import content as C

_, ngettext = words(__name__)

# data/content.json's words: the punch types and the colours (a colour alone, and in a card's name)
TYPE_WORDS = {
    "Jab": N_("Jab"),
    "Cross": N_("Cross"),
    "Hook": N_("Hook"),
    "Uppercut": N_("Uppercut"),
    "Haymaker": N_("Haymaker"),
}
COLOUR_WORDS = {
    "red": N_("red"),
    "yellow": N_("yellow"),
    "blue": N_("blue"),
    "green": N_("green"),
    "purple": N_("purple"),
}
# the three targets of a boxer, left body first
TARGET_WORDS = (N_("left body"), N_("head"), N_("right body"))
SIDE_WORDS = {
    "left hand": N_("left hand"),
    "right hand": N_("right hand"),
    "left deck": N_("left deck"),
    "right deck": N_("right deck"),
}


def punch_word(k: int) -> str:
    """A punch type (by index) in the player's language: "Hook"."""
    return _(TYPE_WORDS[C.TYPE_NAMES[k]])


def colour_word(k: int) -> str:
    """A colour (by index) in the player's language, as in "a red card": "red"."""
    return _(COLOUR_WORDS[C.COLOUR_NAMES[k].lower()])


def card_label(c: int) -> str:
    """A punch card's name in the player's language: "blue Hook"."""
    return _("{colour} {punch}").format(colour=colour_word(C.colour(c)), punch=punch_word(C.ctype(c)))


def combo_label(k: int) -> str:
    """A combo card's punches, "Jab-Cross", in the player's language."""
    return "-".join(punch_word(t) for t in C.COMBOS[k][1])


def side_word(side: str) -> str:
    """ "left hand", "right deck", ... in the player's language."""
    return _(SIDE_WORDS[side])


def target_word(index: int) -> str:
    return _(TARGET_WORDS[index])


# a target with its boxer, whole (languages put the article and the owner in different places)
TARGET_OF = (N_("{who}'s left body"), N_("{who}'s head"), N_("{who}'s right body"))


def target_label(boxer: int, index: int) -> str:
    """A target in the player's language, naming its boxer's seat as "{0}" / "{1}"."""
    return _(TARGET_OF[index]).format(who=f"{{{boxer}}}")


# -- fields of a sentence -----------------------------------------------------------------------


def card(c: int) -> tuple:
    return ("card", c)


def target(boxer: int, index: int) -> tuple:
    return ("target", boxer, index)


def combo(k: int) -> tuple:
    return ("combo", k)


def punches(k: int) -> tuple:
    """The punch types of combo card ``k``, listed: "Jab, Cross"."""
    return ("punches", k)


def colour(k: int) -> tuple:
    return ("colour", k)


def points(n: int) -> tuple:
    """ "1 point", "3 points"."""
    return ("points", n)


def word(text: str) -> tuple:
    """A text of the catalogue (marked with N_ where it is written)."""
    return ("word", text)


def _field(value: Any, english: bool) -> Any:
    if isinstance(value, Say):
        value = value.plain()
    if isinstance(value, list):
        value = tuple(value)  # a field that came back from JSON
    if not isinstance(value, tuple):
        return value  # a number or a seat placeholder
    kind = value[0]
    if kind == "card":
        return C.card_name(value[1]) if english else card_label(value[1])
    if kind == "target":
        if english:
            return f"{{{value[1]}}}'s {('left body', 'head', 'right body')[value[2]]}"
        return target_label(value[1], value[2])
    if kind == "combo":
        return "-".join(C.TYPE_NAMES[t] for t in C.COMBOS[value[1]][1]) if english else combo_label(value[1])
    if kind == "punches":
        types = C.COMBOS[value[1]][1]
        return ", ".join(C.TYPE_NAMES[t] if english else punch_word(t) for t in types)
    if kind == "colour":
        return C.COLOUR_NAMES[value[1]].lower() if english else colour_word(value[1])
    if kind == "points":
        n = value[1]
        return (
            (f"{n} point" if n == 1 else f"{n} points")
            if english
            else ngettext("{n} point", "{n} points", n).format(n=n)
        )
    if kind == "word":
        return value[1] if english else _(value[1])
    if kind == "say":
        return _render(value[1], value[2], english)
    return str(value)


def _render(template: str, fields: dict, english: bool) -> str:
    said = {k: _field(v, english) for k, v in fields.items()}
    text = template if english else _(template)
    try:
        return text.format("{0}", "{1}", **said)  # the seats stay placeholders, named where shown
    except (KeyError, IndexError, ValueError):
        return template.format("{0}", "{1}", **{k: _field(v, True) for k, v in fields.items()})


class Say(str):
    """An English rules sentence that also keeps its template and fields (see the module's text)."""

    template: str
    fields: dict

    def __new__(cls, template: str, **fields: Any) -> Say:
        self = super().__new__(cls, _render(template, fields, english=True))
        self.template, self.fields = template, fields
        return self

    def __reduce__(self):
        return (_say, (self.template, self.fields))

    def plain(self) -> tuple:
        """The sentence as plain data (for a state's events, which travel as JSON)."""
        return ("say", self.template, {k: v.plain() if isinstance(v, Say) else v for k, v in self.fields.items()})


def _say(template: str, fields: dict) -> Say:
    return Say(template, **fields)


def tell(sentence: Any) -> str:
    """A rules sentence (a ``Say``, its ``plain`` form, or an English text of the catalogue) in the
    player's language, its seats still "{0}" / "{1}"."""
    if isinstance(sentence, Say):
        sentence = sentence.plain()
    if isinstance(sentence, (tuple, list)) and len(sentence) == 3 and sentence[0] == "say":
        return _render(sentence[1], dict(sentence[2]), english=False)
    return _(sentence) if isinstance(sentence, str) and sentence else (sentence or "")
