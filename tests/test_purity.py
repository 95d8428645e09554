"""Rules, bots and the core never import pygame (architecture: pure layers)."""

import subprocess
import sys

CODE = r"""
import sys, importlib, pkgutil
class Block:
    def find_spec(self, name, path=None, target=None):
        if name == "pygame" or name.startswith("pygame."):
            raise ImportError("pygame is not allowed in pure code")
sys.meta_path.insert(0, Block())
import tabletop.core.registry as r
import tabletop.core.playout, tabletop.core.record, tabletop.session
games = r.load_all()
assert not r.LOAD_ERRORS, r.LOAD_ERRORS
for spec in games.values():
    assert spec.rules is not None
print(sorted(games))
"""


def test_rules_and_bots_load_with_pygame_blocked():
    r = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "punch" in r.stdout and "stabby-jack" in r.stdout
