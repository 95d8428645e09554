"""Opening the game's window: from the command line (``tabletop``, ``tabletop GAME``) and from
``tabletop replay FILE``. A missing display is one clear line, never a traceback."""

from __future__ import annotations

import os
import sys


def window_size(text: str) -> tuple[int, int]:
    """``--window WIDTHxHEIGHT`` for argparse (a bad value is its one-line usage error)."""
    import argparse

    try:
        w, h = (int(v) for v in text.lower().split("x"))
        if not (100 <= w <= 10000 and 100 <= h <= 10000):
            raise ValueError
    except ValueError:
        raise argparse.ArgumentTypeError(f"wants WIDTHxHEIGHT, e.g. 1280x720, not {text[:40]!r}") from None
    return w, h


def no_display_reason() -> str | None:
    driver = os.environ.get("SDL_VIDEODRIVER", "")
    if driver in ("dummy", "offscreen") or sys.platform in ("win32", "darwin"):
        return None
    if driver in ("", "x11") and not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        return "no display found (DISPLAY and WAYLAND_DISPLAY are unset)"
    return None


def run_window(game_id: str | None = None, size=None, frames: int = 0, replay_file: str | None = None) -> int:
    reason = no_display_reason()
    if reason:
        print(
            f"tabletop: cannot open a window: {reason}. To check the games without a screen run "
            f"'tabletop --self-test', or set SDL_VIDEODRIVER=dummy.",
            file=sys.stderr,
        )
        return 2
    import pygame

    try:
        pygame.display.init()
    except pygame.error as e:
        print(
            f"tabletop: cannot open a window: {e}. To check the games without a screen run "
            f"'tabletop --self-test', or set SDL_VIDEODRIVER=dummy.",
            file=sys.stderr,
        )
        return 2
    from tabletop import logs
    from tabletop.ui.app import App
    from tabletop.ui.name_entry import ask_name_first

    trouble = logs.start()  # a crash leaves a trace in the data folder (the packaged programs have no stderr)
    app = App(size=size)
    if trouble:
        app.toast(trouble, 6000)
    app.start(game_id, replay_file=replay_file)
    if replay_file is None:
        ask_name_first(app)  # the first start asks the player's name, over the first screen
    return app.run(frames=frames)
