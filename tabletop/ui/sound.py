"""Sound effects. With no audio device the game runs silent and says so once."""

from __future__ import annotations

import sys
import time

import pygame

from tabletop.core.i18n import words
from tabletop.paths import asset_path

_, ngettext = words(__name__)

NAMES = (
    "click",
    "take",
    "place",
    "refuse",
    "reveal",
    "combo",
    "stagger",
    "counter",
    "clinch",
    "ding",
    "knockout",
    "cheer",
    "bell",
    "judge",
    "stab",
    "levelup",
)


QUIT_WAIT_S = 1.5  # the longest wait at quit for effects to end (the longest effect is shorter)


def _let_effects_end() -> None:
    """Run by pygame.quit() before it stops the mixer. Stopping the mixer takes SDL's audio lock while
    holding Python's; an effect that ends at that moment has the audio thread, holding the audio lock,
    wait for Python's: both would wait for ever (the window hangs on closing). So every effect is
    stopped first, and the audio thread is given Python's lock to finish its last ending."""
    if not pygame.mixer.get_init():
        return
    # Stopping every channel first (pygame lets go of Python's lock while it halts them, so an ending
    # effect's callback can take it) leaves nothing to end at quit: closing never waits for a sound.
    pygame.mixer.stop()
    end = time.monotonic() + QUIT_WAIT_S
    while pygame.mixer.get_busy() and time.monotonic() < end:
        time.sleep(0.01)
    time.sleep(0.01)


class Sounds:
    def __init__(self, enabled: bool = True, volume: float = 0.7):
        self.enabled = enabled
        self.volume = volume
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.available = False
        self.notice = ""
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            pygame.register_quit(_let_effects_end)
            self.available = True
        except pygame.error as e:
            self.notice = _("No sound: the audio device could not be opened ({why}). Playing silently.").format(why=e)
            print(self.notice, file=sys.stderr)
            return
        for name in NAMES:
            path = asset_path("sounds", f"{name}.wav")
            try:
                self.sounds[name] = pygame.mixer.Sound(str(path))
            except (pygame.error, FileNotFoundError):
                pass  # a missing effect is silence, not a crash

    def play(self, name: str) -> None:
        if not (self.available and self.enabled):
            return
        snd = self.sounds.get(name)
        if snd is not None:
            snd.set_volume(self.volume)
            snd.play()
