"""tabletop: fight-themed card and board games for two at one computer."""

__version__ = "0.1.0"
