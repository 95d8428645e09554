"""tabletop: fight-themed card and board games for two at one computer."""

import os as _os

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

__version__ = "0.2.0"

import logging as _logging

# what the program's loggers say goes to its log file (tabletop.logs, started with the window) or to
# the handlers ``tabletop serve`` sets up; never, unasked, to the console of a program that imports us
_logging.getLogger("tabletop").addHandler(_logging.NullHandler())
