"""The program's command line: a game's window, the self-test, or a replay (tabletop.replay)."""

from __future__ import annotations

import argparse
import sys

from tabletop import __version__
from tabletop.window import run_window, window_size


def _count(text: str) -> int:
    """A whole number of at least 1 (argparse turns the ValueError into a one-line usage error)."""
    if not text.isdigit() or len(text) > 9 or int(text) < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number of at least 1, not {text[:40]!r}")
    return int(text)


COMMANDS = """commands:
  tabletop [GAME]          open the window (the launcher, or GAME's setup)
  tabletop serve ...       an always-on server for online games, without a window
                           (tabletop serve --help lists its options)
  tabletop replay FILE ... play back a finished game's record (or print its summary)
                           (tabletop replay --help lists its options)
  tabletop --self-test     play computer-vs-computer games headless and check every rule"""


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="tabletop",
        description="Fight-themed card and board games for two at one computer, or online.",
        epilog=COMMANDS,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("game", nargs="?", help="go straight to this game's setup (its id; a wrong one lists them)")
    p.add_argument(
        "--self-test", action="store_true", help="play computer-vs-computer games headless and check every rule"
    )
    p.add_argument("--record-dir", help="with --self-test: write each game's record into this folder")
    p.add_argument("--games", type=_count, default=1, help="with --self-test: games per game id (default 1)")
    p.add_argument("--seed", type=int, default=None, help="random seed (self-test default: 1)")
    p.add_argument("--window", type=window_size, help="window size, e.g. 1280x720")
    p.add_argument("--frames", type=int, default=0, help=argparse.SUPPRESS)  # stop after N frames (tests, benchmarks)
    p.add_argument("--version", action="version", version=f"tabletop {__version__}")
    p.add_argument("--licenses", action="store_true", help="print the licences of the parts the program ships with")
    p.add_argument("--logs", action="store_true", help="print the folder of the program's logs and open it")
    return p


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "replay":
        from tabletop.replay import main as replay_main

        return replay_main(argv[1:])
    if argv and argv[0] == "serve":
        from tabletop.online.server import main as serve_main

        return serve_main(argv[1:])
    args = build_parser().parse_args(argv)
    if args.licenses:
        return print_licences()
    if args.logs:
        from tabletop.logs import show

        return show()
    from tabletop.core import registry

    games = registry.load_all()
    if args.game and args.game not in games:
        print(f"tabletop: unknown game {args.game!r}. Known games: {', '.join(games)}", file=sys.stderr)
        return 2
    if args.self_test:
        from tabletop.selftest import run

        return run(
            [args.game] if args.game else list(games),
            record_dir=args.record_dir,
            games_each=args.games,
            seed=1 if args.seed is None else args.seed,
        )
    return run_window(args.game, size=args.window, frames=args.frames)


def print_licences() -> int:
    """The licence texts shipped in assets/licenses (inside a one-file build too)."""
    from tabletop.paths import asset_path

    folder = asset_path("licenses")
    for path in sorted(folder.glob("*.txt"), key=lambda p: (p.name != "README.txt", p.name)):
        print(f"===== {path.name} =====")
        print(path.read_text(encoding="utf-8"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
