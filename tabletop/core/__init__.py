"""Pure game engine: no pygame, no clock, no global random."""
