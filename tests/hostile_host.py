"""A hostile host on loopback: it welcomes a joiner to a game, then sends views it made up (issue 24);
``Listener``: a fake host or node that counts the connections it is given (issue 38)."""

from __future__ import annotations

import asyncio
import json
import time

import websockets

from tabletop.core import codec, registry
from tabletop.online import protocol as P


def good_view(game: str = "stabby-jack", seat: int = 1) -> dict:
    spec = registry.get(game)
    state = spec.rules.new_state(spec.rules.default_options(), 3, 2, None)
    return codec.state_to_json(spec.rules, spec.rules.view_for(state, seat))


def welcome(game: str = "stabby-jack") -> dict:
    spec = registry.get(game)
    return {
        "type": "welcome",
        "room": "ABCDEFGH",
        "game": game,
        "options": spec.rules.default_options(),
        "seats": [{"name": "Host", "kind": "here", "here": True}, {"name": "You", "kind": "remote", "here": True}],
        "you": [1],
        "tokens": {"1": "t"},
        "lag_cap": 150,
        "realtime": False,
    }


def state(view: dict, n: int = 0, full: bool = True) -> dict:
    return {"type": "state", "seat": 1, "n": n, "view": {"full": view} if full else view, "events": []}


STATUS = {"type": "status", "seats": welcome()["seats"], "paused": False, "waiting_for": []}


async def serve(frames: list, then: list | None = None, gap: float = 0.0):
    """Answer every joiner with ``frames`` (dicts, or raw text), wait ``gap`` seconds, then send ``then``."""

    async def handler(ws):
        async for _ in ws:
            for f in frames:
                await ws.send(f if isinstance(f, str) else P.dumps(f))
            await asyncio.sleep(gap)
            for f in then or []:
                await ws.send(f if isinstance(f, str) else P.dumps(f))
            await ws.wait_closed()

    # closing, it waits at most 1 s for a joiner that went away without its goodbye (not websockets' 10 s)
    return await websockets.serve(handler, "127.0.0.1", 0, close_timeout=1)


def variants() -> dict:
    """Ways a host's messages may be wrong, each a list of frames sent after the welcome."""
    v = good_view()

    def changed(**fields):
        return dict(v, **fields)

    short_players = changed(players=v["players"][:1])
    nested = json.loads(json.dumps(v))
    nested["players"][0]["stats"][0]["rank"] = "ten"  # a card's rank, two levels down, as text
    return {
        "unknown phase": [state(changed(phase="boom"))],
        "turn out of range": [state(changed(turn=7))],
        "a seat list one short": [state(short_players)],
        "turn of the wrong type": [state(changed(turn="x"))],
        "a view that is not an object": [state(5)],  # type: ignore[arg-type]
        "a patch before any view": [state({"set": {"turn": 1}, "append": {}}, full=False)],
        "another game's view": [state(good_view("punch"))],
        "a missing field": [state({k: x for k, x in v.items() if k != "turn"})],
        "a view for another seat": [dict(state(v), seat=0)],
        "a number of 400 digits": ['{"v": 1, "type": "state", "seat": 1, "n": ' + "9" * 400 + "}"],
        "nested too deep": ['{"v": 1, "type": "net", "ping": ' + "[" * 40 + "1" + "]" * 40 + "}"],
        "a state without its view": [{"type": "state", "seat": 1, "n": 0}],
        "a nested field of the wrong type": [state(nested)],
        "a view patch that appends to a number": [state({"set": {}, "append": {"turn": 5}}, full=False)],
        "a status whose seat has a name that is a number": [dict(STATUS, seats=[{"name": 5, "kind": "here"}])],
        "a status whose seat is of no kind": [dict(STATUS, seats=[{"name": "Bo", "kind": "alien"}])],
        "a round trip that is text": [{"type": "net", "ping": ["fast"], "jitter": [0]}],
        "a rematch vote for no seat": [{"type": "rematch", "votes": {"x": True}}],
        "an event whose text is a list": [dict(state(v), events=[{"n": 0, "kind": "log", "text": ["a"]}])],
        # a reason's template and values (``say``): nothing is evaluated, padded or filled from elsewhere
        "a template that reads an attribute": [said("{0.__class__}")],
        "a template that reads an item of a value": [said("{who[0]} left", who="Ana")],
        "a template that pads a value a million wide": [said("{who:>1000000}", who="Ana")],
        "a template that converts a value": [said("{who!r} left", who="Ana")],
        "a template with a field it has no value for": [said("{who} left")],
        "a template whose braces do not pair": [said("{who left", who="Ana")],
        "a value of a million characters": [said("{who} left", who="x" * 1_000_000)],
        "a value that is a list": [said("{who} left", who=["Ana"])],
        "a value that is true": [said("{who} left", who=True)],
        "a value name that is not a plain name": [said("{__class__} left", __class__="x")],
        "a count that is text": [said("{n} room", plural="{n} rooms", n="3")],
        "a hundred values": [said("{aa} left", **{chr(97 + i // 26) + chr(97 + i % 26): i for i in range(100)})],
    }


def said(text: str, plural: str = "", **args) -> dict:
    """A host's ``closed`` whose reason comes as this template and these values."""
    say = {"text": text, "args": args, **({"plural": plural} if plural else {})}
    return {"type": "closed", "reason": "The room closed.", "say": say}


class Listener:
    """A WebSocket listener on 127.0.0.1 that counts the connections it is given (``opened``, with the
    times they came) and how many are open at once (``most``); ``act(ws, n)`` says what it does with
    the n-th (from 0): by default it closes it at once."""

    def __init__(self, act=None):
        self.opened: list[float] = []
        self.open = 0
        self.most = 0
        self.act = act
        self.server = None

    async def start(self) -> Listener:
        async def handler(ws):
            n = len(self.opened)
            self.opened.append(time.monotonic())
            self.open += 1
            self.most = max(self.most, self.open)
            try:
                if self.act is not None:
                    await self.act(ws, n)
            finally:
                self.open -= 1

        self.server = await websockets.serve(handler, "127.0.0.1", 0, close_timeout=1)
        return self

    @property
    def port(self) -> int:
        return self.server.sockets[0].getsockname()[1]

    def url(self, host: str = "127.0.0.1") -> str:
        return f"ws://{host}:{self.port}"

    async def stop(self) -> None:
        self.server.close()
        await self.server.wait_closed()


async def join_of(ws) -> dict:
    """Read until the joiner's join (its clock samples may come first) and return it."""
    while True:
        msg = json.loads(await ws.recv())
        if msg.get("type") == "join":
            return msg


async def drain(ws, seconds: float = 10) -> None:
    """Read and drop what the joiner sends until it closes (at most ``seconds``): a host that reads
    nothing stops reading at websockets' queue limit, and the joiner's close would then wait."""

    async def read_all():
        async for _ in ws:
            pass

    try:
        await asyncio.wait_for(read_all(), seconds)
    except (TimeoutError, websockets.ConnectionClosed):
        pass
