"""The invite a host sends (one line: address and room code) is read the way a person pastes it."""

import pytest

from tabletop.online.invite import BadInvite, Invite, make, parse

N = 6  # a room code's length in these cases


@pytest.mark.parametrize(
    "text, url",
    [
        ("tabletop://192.168.1.5:8765/K7QP2A", "ws://192.168.1.5:8765"),
        ("  TABLETOP://192.168.1.5:8765/k7qp2a \n", "ws://192.168.1.5:8765"),  # case and spaces around it
        ("192.168.1.5:8765/K7QP-2A", "ws://192.168.1.5:8765"),  # no scheme, a dash in the code
        ("192.168.1.5 K7QP2A", "ws://192.168.1.5:8765"),  # an address and a code, the usual port
        ("wss://play.example.org/K7QP2A", "wss://play.example.org"),  # a server behind TLS
        ("wss://example.org/tabletop/K7QP2A", "wss://example.org/tabletop"),
        ("tabletop://[::1]:9000/K7QP2A", "ws://[::1]:9000"),
    ],
)
def test_an_invite_is_read_as_a_person_pastes_it(text, url):
    assert parse(text, N) == Invite(url, "K7QP2A")


def test_the_invite_the_host_shows_reads_back_to_the_same_room():
    for address in ("192.168.1.5:8765", "10.0.0.7", "wss://play.example.org"):
        inv = parse(make(address, "k7qp2a"), N)
        assert inv.code == "K7QP2A" and parse(inv.text, N) == inv


@pytest.mark.parametrize(
    "text, why",
    [
        ("", "Paste the invite"),
        ("tabletop://192.168.1.5:8765", "code is missing"),
        ("tabletop://192.168.1.5:8765/K7Q", "The room code has 6 letters and numbers; this one has 3"),
        ("tabletop://192.168.1.5:8765/K7QP2O", "no O, I, 0 or 1"),
        ("tabletop://192.168.1.5:87x5/K7QP2A", "port (the number after the :) is not a number"),
        ("tabletop://192.168.1.5:99999/K7QP2A", "1 to 65535"),
        ("tabletop://192.168.1.5:8765/OLDCODtabletop://10.0.0.2:8765/K7QP2A", "more than one invite"),
        ("192.168.1.5:8765/OLDCOD192.168.1.5:8765/K7QP2A", "more between the address and the room code"),
        ("tabletop://192.168.1.5:8765/K7QP2A/K7QP2A", "more between the address and the room code"),
        ("tabletop:///K7QP2A", "address is missing"),
        ("tabletop://bad<host>:1/K7QP2A", "cannot have"),
        ("http://example.org/K7QP2A", "starts with tabletop://"),
        ("x" * 300, "too long"),
    ],
)
def test_a_line_that_is_not_an_invite_says_what_is_wrong_in_one_sentence(text, why):
    with pytest.raises(BadInvite) as e:
        parse(text, N)
    assert why in str(e.value) and "\n" not in str(e.value)
