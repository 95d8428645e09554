"""Sentences kept language-free and said in the player's language when shown.

The log and the result hold each sentence as its English text (the catalogue's key, marked with
``N_`` where it is written) and the words that fill its fields, in one JSON string: numbers, seat
placeholders ("{0}".."{5}", named by ``text.render``), words of the catalogue (a rank, "Joker") and
whole phrases of the same kind (a card's name, why a fight went as it did). So a game logged in one
language reads in another, and a record or a state never holds a player's language."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from tabletop.core import i18n

_, ngettext = i18n.words(__name__)

Phrase = list  # [English text with {fields}, {field: value}]


def phrase(text: str, **args: Any) -> Phrase:
    """A phrase to be said later, as a field of a sentence."""
    return [text, args]


def said(text: str, **args: Any) -> str:
    """A sentence to be said later, as the log and the result keep it."""
    return json.dumps([text, args], ensure_ascii=False, separators=(",", ":"))


def word(value: Any) -> str:
    """A field of a sentence (or a whole phrase) in the player's language."""
    if isinstance(value, list) and len(value) == 2 and isinstance(value[0], str) and isinstance(value[1], dict):
        return _(value[0]).format(**{k: word(v) for k, v in value[1].items()})
    if isinstance(value, str):
        return _(value) if value else value
    return str(value)


def spoken(sentence: str) -> str:
    """A kept sentence in the player's language, its seats still "{0}".."{5}"."""
    return _spoken(sentence, i18n.language())


@lru_cache(maxsize=4096)
def _spoken(sentence: str, _language: str) -> str:
    if sentence.startswith("["):
        try:
            return word(json.loads(sentence))
        except (ValueError, KeyError, IndexError):
            return sentence
    return _(sentence) if sentence else sentence  # a plain sentence (games logged before words were kept apart)


def key(sentence: str) -> str:
    """The English text of a kept sentence, the same in every language (to tell sentences apart)."""
    if sentence.startswith("["):
        try:
            return str(json.loads(sentence)[0])
        except (ValueError, IndexError):
            return sentence
    return sentence
