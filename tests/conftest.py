"""Test setup: headless SDL and a private settings directory, set before pygame loads."""

import os
import sys
import tempfile
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
os.environ["TABLETOP_PORT_MAPPING"] = "off"  # never ask a router from a test: loopback only
os.environ.setdefault("TABLETOP_HOME", tempfile.mkdtemp(prefix="tabletop-test-home-"))

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from hypothesis import settings  # noqa: E402

settings.register_profile("default", max_examples=60, deadline=None)
settings.register_profile("long", max_examples=1000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def own_data_folder(tmp_path_factory, monkeypatch):
    """Each test starts on an empty data folder of its own: what one test keeps (a game in Continue,
    a setting) never changes what the next one sees, in whatever order and process they run."""
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path_factory.mktemp("home")))


os.environ.setdefault("TABLETOP_LANGUAGE", "en")  # the tests read English, whatever the machine's language


@pytest.fixture(autouse=True)
def english_after():
    """A test that speaks another language leaves the next one in the language of the run."""
    from tabletop.core import i18n

    yield
    i18n.set_language(os.environ.get("TABLETOP_LANGUAGE", "en"))


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "needs(*parts): run a per-game test over the games declaring these parts (tests/game_helpers.NEEDS)"
    )


def pytest_generate_tests(metafunc):
    """The one fixture of games: a test that takes ``game`` runs once for every registered game (the
    shipped ones and any named in TABLETOP_GAMES), or for those declaring what its ``needs`` mark names.
    No test keeps a list of games of its own."""
    named = {n.strip() for m in metafunc.definition.iter_markers("parametrize") for n in _argnames(m.args[0])}
    if "game" in metafunc.fixturenames and "game" not in named:  # (a test may name its own games: one game's)
        from tests.game_helpers import games

        needs = [part for mark in metafunc.definition.iter_markers("needs") for part in mark.args]
        specs = games(*needs)
        metafunc.parametrize("game", specs, ids=[s.id for s in specs])


def _argnames(names) -> list[str]:
    return names.split(",") if isinstance(names, str) else list(names)
