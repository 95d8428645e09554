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
