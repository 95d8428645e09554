"""tabletop: fight-themed card and board games for two at one computer."""

import os as _os

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

__version__ = "0.2.0"
