"""The reveal, step by step: built from the state before an action, the
action, and the log sentences it added; replayed with the rules' own
resolution functions so the pieces move exactly as the rules moved them.

Each step lasts a few hundred milliseconds: turn the cards of one action over
(the first flip also says whose cards a daze shuffled); slide the boxers (a
step that did not happen bumps and comes back with the reason); flash each
attack's area, and the damage over a boxer who was hit; a banner at the end of
a round, then the boxers go back to their corners.
"""

from __future__ import annotations

from typing import Any

from tabletop.core.i18n import N_, words

from ..rules.board import FACINGS, STEP_INDEX
from ..rules.content import BOXERS
from ..rules.resolve import (
    BLOCKED,
    CROSSING,
    OFF_RING,
    PRESSURE,
    SAME_LOST,
    SAME_TIE,
    STEP_CARDS,
    resolve_action,
    resolve_moves,
)
from ..rules.text import sentence

_, ngettext = words(__name__)

FLIP_MS, MOVE_MS, STRIKE_MS, TURN_MS, BANNER_MS, RESET_MS = 520, 560, 1000, 420, 1700, 700
NULL_WORD = {
    OFF_RING: N_("Off the ring"),
    PRESSURE: N_("Pinned"),
    CROSSING: N_("Crossed"),
    SAME_LOST: N_("Lost the square"),
    SAME_TIE: N_("Same square"),
    BLOCKED: N_("Blocked"),
}


class Step:
    def __init__(self, kind, dur, p0, p1, **data):
        self.kind, self.dur, self.p0, self.p1, self.data = kind, dur, p0, p1, data


def _pose(pos, facing, hp, dmg):
    return (tuple(pos), tuple(facing), tuple(hp), tuple(dmg))


def build_steps(pre, post, action, new, names) -> list[Step]:
    steps: list[Step] = []
    pose = _pose(pre.pos, pre.facing, pre.hp, pre.round_damage)
    texts: dict[tuple, list] = {}  # (action, part) -> sentences; part: flip, move or strike
    for e in new:
        if "action" in e:
            part = "flip" if e["kind"] == "reveal" else ("move" if e["kind"] in ("move", "null", "turn") else "strike")
            texts.setdefault((e["action"], part), []).append(sentence(e))
    turned = [e for e in new if e["kind"] == "footwork"]
    if turned:
        facing = list(pose[1])
        for e in turned:  # the rules log the new facing of a favoured-step turn
            facing[e["seat"]] = FACINGS.index(e["facing"])
        p1 = _pose(pose[0], facing, pose[2], pose[3])
        steps.append(Step("turn", TURN_MS, pose, p1, text=[sentence(e) for e in turned]))
        pose = p1
    if pre.phase == "stick":
        picks = [action.step if action.player == s else pre.picks[s] for s in (0, 1)]
        cards = tuple(STEP_CARDS[STEP_INDEX[p]] if p else None for p in picks)
        pos, facing, moved, nulled = resolve_moves(pose[0], pose[1], pose[2], cards)
        if any(cards):
            p1 = _pose(pos, facing, pose[2], pose[3])
            bumps = {s: _target(pose, s, cards[s]) for s in (0, 1) if cards[s] is not None and nulled[s]}
            steps.append(
                Step(
                    "move",
                    MOVE_MS,
                    pose,
                    p1,
                    bumps=bumps,
                    nulled={s: _(NULL_WORD[nulled[s]]) if nulled[s] in NULL_WORD else "" for s in bumps},
                    text=[sentence(e) for e in new if e["kind"] in ("stick", "null") and "action" not in e],
                )
            )
            pose = p1
    for e in new:
        kind = e["kind"]
        if kind == "reveal":
            k = e["action"] - 1
            ids = e["cards"]
            cards = tuple(BOXERS[pre.boxers[s]].by_id[ids[s]] if ids[s] else None for s in (0, 1))
            shuffles = [x for x in new if x["kind"] == "shuffle"] if k == 0 else []
            steps.append(
                Step(
                    "flip",
                    FLIP_MS * (2 if shuffles else 1),
                    pose,
                    pose,
                    k=k,
                    cards=ids,
                    shuffled=tuple(x["seat"] for x in shuffles),
                    text=[sentence(x) for x in shuffles] + texts.get((k + 1, "flip"), []),
                )
            )
            move_text = texts.get((k + 1, "move"), [])
            strike_text = texts.get((k + 1, "strike"), [])
            r = resolve_action(pose[0], pose[1], pose[2], cards)
            moving = [c is not None and c.kind in ("step", "turn") for c in cards]
            if any(moving):
                p1 = _pose(r.pos, r.facing, pose[2], pose[3])
                bumps = {
                    s: _target(pose, s, card)
                    for s, card in enumerate(cards)
                    if card is not None and card.kind == "step" and r.nulled[s]
                }
                steps.append(
                    Step(
                        "move",
                        MOVE_MS,
                        pose,
                        p1,
                        bumps=bumps,
                        nulled={s: _(NULL_WORD[r.nulled[s]]) if r.nulled[s] in NULL_WORD else "" for s in bumps},
                        text=move_text + ([] if any(r.attacked) else strike_text),
                    )
                )
                pose = p1
            if any(r.attacked):
                dmg = (pose[3][0] + r.damage[1], pose[3][1] + r.damage[0])
                p1 = _pose(r.pos, r.facing, r.hp, dmg)
                areas = {}
                for s in (0, 1):
                    c = cards[s]
                    if c is not None and c.kind == "attack":
                        m = c.masks[r.pos[s] * 8 + r.facing[s]]
                        areas[s] = tuple(q for q in range(25) if m >> q & 1)
                steps.append(
                    Step(
                        "strike",
                        STRIKE_MS,
                        pose,
                        p1,
                        areas=areas,
                        landed=r.landed,
                        taken=r.damage,
                        protected=r.protected,
                        dazed=r.dazed,
                        power=tuple(c.power if c else 0 for c in cards),
                        ko=0 in r.hp,
                        text=strike_text,
                    )
                )
                pose = p1
            else:
                pose = _pose(r.pos, r.facing, r.hp, pose[3])
        elif kind == "round":
            steps.append(Step("banner", BANNER_MS, pose, pose, text=[sentence(e)], title=_("End of round")))
        elif kind == "recover":
            p1 = _pose(post.pos, post.facing, post.hp, post.round_damage)
            steps.append(Step("reset", RESET_MS, pose, p1, text=[sentence(e)]))
            pose = p1
        elif kind == "bout":
            steps.append(Step("banner", BANNER_MS, pose, pose, text=[sentence(e)], title=_("The bout is over")))
    return steps


def _target(pose, s, card):
    from ..rules.board import step_destination

    d = step_destination(pose[0][s], pose[1][s], card.step)
    return d


class Animation:
    """Plays the steps; ``pose()`` is what the board and meters show meanwhile."""

    def __init__(self, steps, start, table):
        self.steps = steps
        self.i = 0
        self.t = 0.0
        self.table = table
        self.start = start
        self.pre: Any = None  # the state before the reveal (the table sets it)
        self.shown_exchange: tuple[int, int] = (0, 0)  # (round, exchange) the reveal plays
        self._begin()

    def current(self) -> Step | None:
        return self.steps[self.i] if self.i < len(self.steps) else None

    def progress(self) -> float:
        st = self.current()
        return 0.0 if st is None else min(1.0, self.t / st.dur)

    def _begin(self) -> None:
        st = self.current()
        if st is None:
            return
        t = self.table
        sounds = t.app.sounds
        if st.data.get("text"):
            t.caption = list(st.data["text"])
        if st.kind == "flip":
            sounds.play("reveal")
        elif st.kind == "strike":
            if st.data["ko"]:
                down = [s for s in (0, 1) if st.p1[2][s] == 0]
                line = " ".join(st.data.get("text") or [])
                t.moment(_("Knockout!") if len(down) == 1 else _("Double knockout!"), line, sound="knockout")
            elif any(st.data["protected"]):
                sounds.play("counter")
            elif any(st.data["taken"]):
                sounds.play("stagger")
            else:
                sounds.play("click")
        elif st.kind == "banner":
            sounds.play("bell")
        elif st.kind == "move":
            sounds.play("take")

    def _end(self) -> None:
        st = self.current()
        if st is not None and st.kind == "flip":
            for s in (0, 1):
                cid = st.data["cards"][s]
                rev = self.table.revealed[s]
                while len(rev) < st.data["k"]:
                    rev.append(None)
                if len(rev) == st.data["k"]:
                    rev.append(cid)

    def advance(self, dt: float) -> None:
        while (st := self.current()) is not None:
            if self.t + dt < st.dur:
                self.t += dt
                return
            dt -= st.dur - self.t
            self._end()
            self.i += 1
            self.t = 0.0
            self._begin()

    def hurry(self) -> None:
        st = self.current()
        if st is not None:
            self.advance(st.dur - self.t)

    def done(self) -> bool:
        return self.current() is None

    def pose(self):
        st = self.current()
        if st is None:
            return self.steps[-1].p1 if self.steps else self.start
        if st.kind == "strike":
            return st.p1 if self.progress() >= 0.35 else st.p0
        if st.kind in ("move", "reset", "turn"):
            return st.p0  # the drawing interpolates (see table_draw.pieces)
        return st.p0
