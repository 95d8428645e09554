"""What the server says with a name or a number filled in reaches each player in their own language
(issue 37, item 4): the server sends the English template and its values, the client says it with its
own catalogue and fills it in. Servers and clients on 127.0.0.1, every wait bounded."""

import asyncio
import dataclasses

from tabletop.core import i18n
from tabletop.online import protocol as P
from tabletop.online.client import Client, say
from tabletop.online.server import ROOMS_PER_ADDRESS
from tests.online_helpers import start_server, url

PEOPLE = [{"kind": "here", "name": "Ana"}, {"kind": "remote", "name": "Bo"}]


async def room(server, seats=PEOPLE, game="punch"):
    a, b = Client(url(server.port)), Client(url(server.port))
    await a.connect()
    await a.create(game, seats)
    await b.connect()
    await b.join(a.room)
    await b.wait(lambda: b.views)
    return a, b


def test_a_spanish_player_is_told_in_spanish_who_left_and_why_a_move_waits():
    i18n.set_language("es")

    async def main():
        server = await start_server()
        a, b = await room(server)
        token = b.tokens[1]
        await b.close()  # Bo's connection drops: Ana's move waits for him
        await a.wait(lambda: a.status.get("waiting_for") == ["Bo"])
        state, rules = server.rooms[a.room].session.state, a.spec.rules
        some = (rules.legal_actions(state, 0) or rules.legal_actions(state, 1))[0]
        await a.act(0, dataclasses.replace(some, player=0))  # legal or not: a paused room looks at none
        await a.wait(lambda: a.refused)
        paused = a.refused[-1]["reason"]
        b = Client(url(server.port))
        await b.connect()
        await b.join(a.room, token=token)
        await b.wait(lambda: 1 in b.views)
        await a.bye(gone=True)  # Ana leaves the game on purpose
        await b.wait(lambda: b.closed_reason)
        await b.close()
        await server.close()
        return paused, b

    paused, bo = asyncio.run(main())
    assert paused == "La partida está en pausa: esperando a Bo."
    assert bo.closed_reason == "Ana se fue de la partida." and bo.left


def test_counts_follow_the_language_s_plural_rules():
    """Two people at the host's computer leave together (German says "haben"); one address over its
    rooms is told the limit in Spanish."""

    async def main():
        server = await start_server()
        i18n.set_language("de")
        two = [{"kind": "here", "name": "Ana"}, {"kind": "here", "name": "Cy"}, PEOPLE[1]]
        a, b = await room(server, two, "stabby-jack")
        await a.bye(gone=True)
        await b.wait(lambda: b.closed_reason)
        left = b.closed_reason
        i18n.set_language("es")
        made = []
        for _ in range(ROOMS_PER_ADDRESS + 1):
            c = Client(url(server.port))
            await c.connect()
            await c.create("punch", PEOPLE)
            made.append(c)
        refused = made[-1].errors
        for c in (a, b, *made):
            await c.close()
        await server.close()
        return left, refused, made

    left, refused, made = asyncio.run(main())
    assert left == "Ana, Cy haben das Spiel verlassen."
    assert not made[-1].room  # (the room the two left still counts while it closes)
    assert refused == [f"Como mucho {ROOMS_PER_ADDRESS} salas abiertas por dirección: termina o deja alguna primero."]


def test_a_sentence_the_catalogue_does_not_know_is_shown_in_english_on_one_line():
    """A host's own sentence (not in this program's catalogue), with a name of line breaks and control
    characters: filled in as it came, on one line, with nothing a terminal or a font would act on."""
    i18n.set_language("es")
    sent = P.Say(text="{who} waves.", args={"who": "Ana\n\x1b[2J\tBo"})
    assert say("fallback", sent) == "Ana [2J Bo waves."
    assert say("Join a room first.", None) == "Primero únete a una sala."
    assert len(say("x", P.Say(text="{v}", args={"v": "y" * 1000}))) <= 300
