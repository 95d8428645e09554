"""A boxer in words and pictures, for people choosing one: the setup screen's
panel and the help page's boxer section are both made here, from boxers.json,
so neither can drift from the cards really played."""

from __future__ import annotations

from tabletop.core.i18n import N_, words

from .rules import board
from .rules.content import BOXERS, Boxer

_, ngettext = words(__name__)

KEYWORD_NAMES = {
    "stick-and-move": N_("Stick-and-Move"),
    "counter": N_("Counter"),
    "daze": N_("Daze"),
    "cooldown": N_("Cooldown"),
}


def area_picture(card) -> str:
    """The squares an attack hits, for a boxer facing up the page: rows far to near, ``X`` hit,
    ``B`` the boxer, ``.`` missed (the help page draws this as a small grid)."""
    cells = set(card.area_n)
    xs = [dx for dx, _ in cells] + [0]
    top = max(dy for _, dy in cells)
    rows = []
    for dy in range(top, -1, -1):
        row = ""
        for dx in range(min(xs), max(xs) + 1):
            row += "B" if (dx, dy) == (0, 0) else ("X" if (dx, dy) in cells else ".")
        rows.append(row)
    return " / ".join(rows)


def _steps(boxer: Boxer) -> str:
    return ", ".join(
        _("{step} (favoured)").format(step=_(board.STEPS[s])) if s in boxer.favoured else _(board.STEPS[s])
        for s in boxer.steps
    )


def boxer_markdown(boxer: Boxer, heading: str = "###") -> str:
    """One boxer: who they are, their numbers, their steps and their attack cards (with pictures)."""
    tokens = [
        ngettext("{n} Burst", "{n} Bursts", boxer.bursts).format(n=boxer.bursts),
        ngettext("{n} React", "{n} Reacts", boxer.reacts).format(n=boxer.reacts),
    ]
    lines = [
        f"{heading} {_(boxer.name)} ({_(boxer.style)})",
        "",
        _(boxer.blurb),
        "",
        _("**{hp} HP**, recovers {recovery} between rounds; {tokens}.").format(
            hp=boxer.hp, recovery=boxer.recovery, tokens=", ".join(tokens)
        ),
        "",
        _("Steps: {steps}.").format(steps=_steps(boxer)),
        "",
        _("| Attack | Power | Hits | Also |"),
        "|---|---|---|---|",
    ]
    for c in boxer.attacks:
        also = []
        for k in c.keywords:
            name = _(KEYWORD_NAMES[k])
            if k == "stick-and-move":
                name += " (" + ", ".join(_(board.STEPS[s]) for s in c.stick_steps) + ")"
            also.append(name)
        lines.append(f"| {_(c.name)} | {c.power} | `{area_picture(c)}` | {', '.join(also) or '-'} |")
    return "\n".join(lines)


def all_boxers_markdown() -> str:
    """Every boxer, for the help page (a test keeps help.md in step with this)."""
    return "\n\n".join(boxer_markdown(b) for b in BOXERS.values())


def option_details(key: str, value) -> str:
    """The setup screen's panel for a boxer choice."""
    if key in ("boxer0", "boxer1") and value in BOXERS:
        return boxer_markdown(BOXERS[value])
    return ""
