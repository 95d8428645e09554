"""Take the screenshot matrix and join it into contact sheets (a developer's tool, not shipped).

    nice -n 10 python tools/shots.py                  # everything, into /tmp/shots
    nice -n 10 python tools/shots.py --first          # 1280x720 at 100% and 800x600 at 150% only
    python tools/shots.py --sheets                    # only (re)join the sheets and the index
    python tools/shots.py --languages de --sizes 800x600 --screens launcher settings

The matrix: window sizes x text sizes x languages x screens. The screens are the launcher,
Settings, one lesson (--lesson), one result (--result) and the table of every game, each posed
by tools/pose.py on a clean profile (TABLETOP_HOME in a temporary folder) and taken by
/work/shared/tools/shot (Xvfb at the window's size). A shot already in the folder is kept,
so a run stopped half way goes on where it stopped (--again takes them anew).

Out, in --out: one PNG per shot (LANG-TEXT-WxH-SCREEN.png), one contact sheet per language and
text size (sheet-LANG-TEXT.png: a row per screen, a column per window size, each tile labelled)
and index.md, which lists every shot and sheet.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHOT = os.environ.get("SHOT", "/work/shared/tools/shot")
SIZES = ["800x600", "1280x720", "1920x1080"]
TEXT_SIZES = ["100", "150"]
LANGUAGES = ["en", "es", "de", "qps"]
FIRST = [("1280x720", "100"), ("800x600", "150")]  # the two corners to look at first (--first)


def games() -> list[str]:
    sys.path.insert(0, str(ROOT))
    from tabletop.core import registry

    return list(registry.load_all())


def screens(lesson: str, result: str) -> tuple[dict[str, list[str]], list[str]]:
    """(each screen's name -> the arguments of tools/pose.py that pose it, the screens of the matrix).
    Beyond the matrix, --screens may name: learn, and setup-, lessons-, help- and pause- with a game."""
    out = {"launcher": ["launcher"], "settings": ["settings"]}
    out["lesson-" + "-".join(lesson.split())] = ["lesson", *lesson.split()]
    out["result-" + result] = ["result", result]
    for game in games():
        out["table-" + game] = ["table", game]
    matrix = list(out)
    out["learn"] = ["learn"]
    for game in games():
        for what in ("setup", "lessons", "help", "pause"):
            out[f"{what}-{game}"] = [what, game]
    return out, matrix


def shot_name(lang: str, text: str, size: str, screen: str) -> str:
    return f"{lang}-{text}-{size}-{screen}.png"


def png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


def blank(path: Path) -> bool:
    """A picture of one colour all over (a window whose first frame was not drawn yet)."""
    import pygame  # (no window: loading a picture needs none, and the shots' own programs need a real one)

    img = pygame.image.load(str(path))
    w, h = img.get_size()
    return len({tuple(img.get_at((x * w // 16, y * h // 16))) for x in range(16) for y in range(16)}) == 1


def take(out: Path, size: str, text: str, lang: str, pose: list[str], wait: float) -> str:
    """Take one shot into ``out`` (written whole or not at all); "" or why it failed."""
    part = out.with_suffix(".part.png")
    with tempfile.TemporaryDirectory(prefix="tabletop-shots-") as home:
        env = dict(os.environ, TABLETOP_HOME=home, TABLETOP_LANGUAGE=lang)
        env.pop("SDL_VIDEODRIVER", None)  # a real window on the shot's X display
        cmd = ["nice", "-n", "10", SHOT, str(part), "-s", size, "-w", str(wait), "--"]
        cmd += [sys.executable, str(ROOT / "tools" / "pose.py"), *pose, "--text-size", text, "--language", lang]
        for _attempt in range(2):
            # a session of its own: a shot that hangs is ended with everything it started (Xvfb, the program)
            run = subprocess.Popen(
                cmd,
                env=env,
                cwd=ROOT,
                start_new_session=True,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
            )
            try:
                said = run.communicate(timeout=300)[0]  # a busy machine starves a niced shot
            except subprocess.TimeoutExpired:
                os.killpg(run.pid, signal.SIGTERM)
                said = run.communicate()[0] + "timed out"
            want = tuple(int(v) for v in size.split("x"))
            if run.returncode == 0 and part.exists() and png_size(part) == want and not blank(part):
                part.replace(out)
                return ""
            # once more: a shot taken elsewhere at the same moment may have had the same X display (the wrong
            # size), or the window was still black
        part.unlink(missing_ok=True)
        lines = said.strip().splitlines()
        return lines[-1] if lines else f"failed ({run.returncode})"


def sheets(folder: Path, matrix: list[tuple[str, str, str, str]], width: int) -> list[str]:
    """One contact sheet per language and text size: a row per screen, a column per window size."""
    import pygame

    pygame.font.init()
    font = pygame.font.Font(None, 30)
    made = []
    langs = list(dict.fromkeys(m[0] for m in matrix))
    texts = list(dict.fromkeys(m[1] for m in matrix))
    sizes = list(dict.fromkeys(m[2] for m in matrix))
    names = list(dict.fromkeys(m[3] for m in matrix))
    gap, label_h = 8, 30
    tile_w = (width - gap * (len(sizes) + 1)) // len(sizes)
    row_h = label_h + max(tile_w * int(s.split("x")[1]) // int(s.split("x")[0]) for s in sizes)
    for lang in langs:
        for text in texts:
            sheet_name = f"sheet-{lang}-{text}.png"
            h = gap + len(names) * (row_h + gap)
            sheet = pygame.Surface((width, h), 0, 32)
            sheet.fill((40, 40, 40))
            for r, screen in enumerate(names):
                y = gap + r * (row_h + gap)
                for c, size in enumerate(sizes):
                    x = gap + c * (tile_w + gap)
                    path = folder / shot_name(lang, text, size, screen)
                    label = f"{screen}  {size}  {lang} {text}%"
                    if path.exists():
                        loaded = pygame.image.load(str(path))
                        iw, ih = loaded.get_size()
                        img = pygame.Surface((iw, ih), 0, 32)  # a PNG may be 8-bit: smoothscale wants 24 or 32
                        img.blit(loaded, (0, 0))
                        img = pygame.transform.smoothscale(img, (tile_w, tile_w * ih // iw))
                        sheet.blit(img, (x, y + label_h))
                    else:
                        label += "  (missing)"
                    sheet.blit(font.render(label, True, (255, 255, 160)), (x, y + 4))
            pygame.image.save(sheet, str(folder / sheet_name))
            made.append(sheet_name)
    return made


def index(folder: Path, matrix: list[tuple[str, str, str, str]], made: list[str], failed: dict[str, str]) -> None:
    lines = ["# Screenshot matrix", "", f"Taken by `python tools/shots.py` on {time.strftime('%Y-%m-%d %H:%M')}.", ""]
    lines += ["## Contact sheets", ""] + [f"- [{s}]({s})" for s in made] + ["", "## Shots", ""]
    lines += ["| language | text size | window | screen | file |", "|---|---|---|---|---|"]
    for lang, text, size, screen in matrix:
        name = shot_name(lang, text, size, screen)
        file = f"[{name}]({name})" if (folder / name).exists() else f"missing: {failed.get(name, 'not taken')}"
        lines.append(f"| {lang} | {text}% | {size} | {screen} | {file} |")
    (folder / "index.md").write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", default="/tmp/shots", help="the output folder (default /tmp/shots)")
    p.add_argument("--sizes", nargs="+", default=SIZES)
    p.add_argument("--text-sizes", nargs="+", default=TEXT_SIZES, choices=["100", "125", "150"])
    p.add_argument("--languages", nargs="+", default=LANGUAGES)
    p.add_argument("--screens", nargs="+", help="only these screens (launcher, settings, table-jab, ...)")
    p.add_argument("--lesson", default="boxing-the-game 1", help="the lesson shown: GAME NUMBER")
    p.add_argument("--result", default="stabby-jack", help="the game whose result is shown")
    p.add_argument("--first", action="store_true", help="only 1280x720 at 100%% and 800x600 at 150%%")
    p.add_argument("--again", action="store_true", help="take shots anew even when the folder has them")
    p.add_argument("--sheets", action="store_true", help="take no shots: join the sheets and the index")
    p.add_argument("--wait", type=float, default=3, help="seconds from the window's first frame to the shot")
    p.add_argument("--width", type=int, default=2400, help="a contact sheet's width in pixels")
    args = p.parse_args()
    folder = Path(args.out)
    folder.mkdir(parents=True, exist_ok=True)
    poses, usual = screens(args.lesson, args.result)
    names = args.screens or usual
    unknown = [n for n in names if n not in poses]
    if unknown:
        p.error(f"unknown screen {unknown[0]}; the screens are {', '.join(poses)}")
    matrix = [
        (lang, text, size, screen)
        for lang in args.languages
        for text in args.text_sizes
        for size in args.sizes
        for screen in names
        if not args.first or (size, text) in FIRST
    ]
    # the two corners first, then the rest: a run stopped early has the shots to look at first
    order = sorted(matrix, key=lambda m: (m[2], m[1]) not in FIRST)
    failed: dict[str, str] = {}
    if not args.sheets:
        todo = [m for m in order if args.again or not (folder / shot_name(*m)).exists()]
        print(f"{len(matrix)} shots, {len(matrix) - len(todo)} in {folder} already, {len(todo)} to take", flush=True)
        started = time.monotonic()
        for i, (lang, text, size, screen) in enumerate(todo, 1):
            name = shot_name(lang, text, size, screen)
            why = take(folder / name, size, text, lang, poses[screen], args.wait)
            if why:
                failed[name] = why
            per = (time.monotonic() - started) / i
            print(
                f"[{i}/{len(todo)}] {name} {why or 'ok'} (about {per * (len(todo) - i) / 60:.0f} min left)", flush=True
            )
    made = sheets(folder, matrix, args.width)
    index(folder, matrix, made, failed)
    print(f"{len(made)} sheets and index.md in {folder}; {len(failed)} shots failed", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
