"""A seeded generator of mutated files for the corpus test (issue 14).

``cases(seed, n)`` yields ``(kind, name, writer)``: kind is "record",
"autosave" or "settings"; ``writer(path)`` puts the mutated file (or a
special file: a FIFO, a folder, a link to /dev/zero) at ``path``. Mutations:
type swaps, huge numbers, floats for ints, bools for ints, bad unicode (lone
surrogates, NUL, zero-width names, invalid UTF-8), deep nesting, truncation,
removed and unknown keys, long texts and lists, special files.
"""

from __future__ import annotations

import json
import os
import random
import re

from tabletop.core import playout, registry

HUGE = "7" * 4400

_BASES: dict[str, list[dict]] = {}


def bases(kind: str) -> list[dict]:
    if kind not in _BASES:
        if kind == "settings":
            from tabletop import settings

            s = settings.Settings()
            out = s.dumps()
            out["last_setup"] = {
                "punch": {"players": 2, "seats": ["human", "computer:easy"], "controls": ["keys-left", "gamepad"]},
                "stabby-jack": {"players": 3, "seats": ["human", "human", "human"], "options": {}},
            }
            _BASES[kind] = [json.loads(json.dumps(out))]
        else:
            recs = []
            for spec in registry.load_all().values():
                r = playout.play(spec, seed=11).record
                full = r.to_json()
                cut = dict(full, actions=full["actions"][: max(1, len(full["actions"]) // 3)])
                recs += [json.loads(json.dumps(full)), json.loads(json.dumps(cut))]
            _BASES["record"] = _BASES["autosave"] = recs
    return _BASES[kind]


def _paths(tree, prefix=()):
    """Every (path, value) in a JSON tree."""
    yield prefix, tree
    if isinstance(tree, dict):
        for k, v in tree.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(tree, list):
        for i, v in enumerate(tree[:50]):
            yield from _paths(v, prefix + (i,))


def _set(tree, path, value):
    if not path:
        return value
    node = tree
    for p in path[:-1]:
        node = node[p]
    node[path[-1]] = value
    return tree


def _swap(value, rng):
    options = [
        0,
        -1,
        1.5,
        True,
        False,
        None,
        "",
        "x",
        [],
        {},
        [1, 2],
        {"a": 1},
        2**70,
        "computer:godlike",
        "bogus",
        "\u200b",
    ]
    if isinstance(value, bool):
        options += [1, 0, "true"]
    elif isinstance(value, int):
        options += [float(value), value + 0.5, -value - 1, 10**18, str(value), True]
    elif isinstance(value, float):
        options += [int(value), "0.5", 1e308]
    elif isinstance(value, str):
        options += [value * 2000, value + "\x00", value.upper(), " ", 7]
    elif isinstance(value, list):
        options += [value * 50, value[:-1], value + [value[0] if value else 0], {}, "list"]
    elif isinstance(value, dict):
        options += [dict(value, extra=1), {k: value[k] for k in list(value)[1:]}, list(value)]
    return rng.choice(options)


def mutate(base: dict, rng: random.Random) -> tuple[str, bytes]:
    """One mutation of ``base``: (what was done, the file's bytes)."""
    tree = json.loads(json.dumps(base))
    how = rng.choice(
        [
            "swap",
            "swap",
            "swap",
            "delete",
            "unknown key",
            "huge",
            "float",
            "surrogate",
            "nul",
            "zero-width",
            "nest",
            "truncate",
            "bytes",
            "names",
            "empty",
        ]
    )
    paths = [p for p, _ in _paths(tree)]
    path = rng.choice(paths[1:]) if len(paths) > 1 else ()
    if how == "swap":
        node = tree
        for p in path:
            node = node[p]
        tree = _set(tree, path, _swap(node, rng))
    elif how == "delete" and path:
        node = tree
        for p in path[:-1]:
            node = node[p]
        del node[path[-1]]
    elif how == "unknown key":
        tree = _set(tree, path, {"surprise": [1, {"deeper": None}]}) if rng.random() < 0.5 else dict(tree, zz=1)
    elif how == "nest":
        depth = rng.choice([40, 200, 5000, 200000])
        tree = _set(tree, path, "@NEST@")
        text = json.dumps(tree).replace('"@NEST@"', "[" * depth + "]" * depth)
        return how, text.encode()
    elif how == "names" and isinstance(tree.get("players"), list) and tree["players"]:
        bad = rng.choice(["", "\u200b\u200d", "x" * 100000, "a\x00b", "\ud800", "\t\n", 5, None, "Ann" * 8 + "!"])
        tree["players"][rng.randrange(len(tree["players"]))]["name"] = bad
    elif how == "empty":
        return how, rng.choice([b"", b"{}", b"[]", b"null", b"1", b'"text"'])
    text = json.dumps(tree)
    if how == "huge":
        nums = [m.span() for m in re.finditer(r"(?<![\w.\"])-?\d+(?![\w.\"])", text)]
        if nums:
            a, b = rng.choice(nums)
            text = text[:a] + rng.choice([HUGE, "-" + HUGE, "1e999", HUGE + ".5", "1" * 40]) + text[b:]
    elif how == "float":
        nums = [m.span() for m in re.finditer(r"(?<![\w.\"])\d+(?![\w.\"])", text)]
        if nums:
            a, b = rng.choice(nums)
            text = text[:a] + text[a:b] + ".0" + text[b:]
    elif how == "surrogate":
        strings = [m.span() for m in re.finditer(r'"[^"\\]*"', text)]
        if strings:
            a, b = rng.choice(strings)
            text = text[: a + 1] + "\\udc80" + text[a + 1 :]
    elif how == "nul":
        strings = [m.span() for m in re.finditer(r'"[^"\\]*"', text)]
        if strings:
            a, b = rng.choice(strings)
            text = text[: a + 1] + "\\u0000" + text[a + 1 :]
    elif how == "zero-width":
        text = text.replace('"Computer 1"', '"\\u200b\\u200b"').replace('"Red"', '"\\u2060"')
    elif how == "truncate":
        text = text[: rng.randrange(len(text))]
    data = text.encode("utf-8", "surrogatepass")
    if how == "bytes":
        data = bytearray(data)
        for _ in range(rng.randint(1, 5)):
            data[rng.randrange(len(data))] = rng.choice([0x00, 0xFF, 0xC3, 0x80, 0x7B, 0x5D])
        data = bytes(data)
    return how, data


def special(path, rng: random.Random) -> str:
    what = rng.choice(["fifo", "folder", "dev-zero", "dangling", "dev-null"])
    if what == "fifo" and hasattr(os, "mkfifo"):
        os.mkfifo(path)
    elif what == "folder":
        os.mkdir(path)
    elif what == "dev-zero":
        os.symlink("/dev/zero", path)
    elif what == "dev-null":
        os.symlink("/dev/null", path)
    else:
        os.symlink(str(path) + ".nowhere", path)
    return what


def cases(seed: int, n: int):
    """``n`` cases, the same for the same seed: (kind, description, writer(path))."""
    rng = random.Random(seed)
    for i in range(n):
        kind = ("record", "autosave", "settings")[i % 3]
        if rng.random() < 0.03:
            sub = random.Random(rng.random())
            yield kind, "special", lambda path, sub=sub: special(path, sub)
            continue
        base = rng.choice(bases(kind))
        how, data = mutate(base, random.Random(rng.random()))

        def write(path, data=data):
            with open(path, "wb") as f:
                f.write(data)
            return "file"

        yield kind, how, write
