"""Online play: a server that owns each game and clients that draw their seat's view (docs/online.md)."""
