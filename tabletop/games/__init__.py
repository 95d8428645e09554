"""One sub-package per game. Each registers itself in its __init__."""
