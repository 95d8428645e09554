"""Frame time of each game's busiest table beside a floor (``python -m tabletop.bench``, figure 1)."""

from __future__ import annotations

import time
from typing import Any

from . import busy_table, pct

FRAMES = 600


class _Counting:
    """Counts the images blitted while one frame is drawn (and how big, and with alpha or not)."""

    def __init__(self, screen):
        import pygame

        counts = self.counts = {"opaque": [0, 0], "alpha": [0, 0]}

        class Surface(pygame.Surface):
            def blit(
                self, source: pygame.Surface, dest: Any = (0, 0), area: Any = None, special_flags: int = 0
            ) -> pygame.Rect:
                w, h = (area[2], area[3]) if area is not None else source.get_size()
                k = counts["alpha" if source.get_flags() & pygame.SRCALPHA else "opaque"]
                k[0] += 1
                k[1] += w * h
                return pygame.Surface.blit(self, source, dest, area, special_flags)

        self.surface = Surface(screen.get_size(), 0, screen)


def frame_times(spec) -> dict:
    import pygame

    from tabletop import settings as settings_mod
    from tabletop.ui import gfx
    from tabletop.ui.app import App

    app = App(size=(1280, 720), settings=settings_mod.Settings())
    app.settings.assist = True
    table = busy_table(spec, app)
    # what the first frame blits, before any picture is cached (so the floor is the same
    # however much the table caches): drawn on a counting copy of the screen
    screen = pygame.display.get_surface()
    assert screen is not None  # App() opened the window
    counter = _Counting(screen)
    real = pygame.display.get_surface
    pygame.display.get_surface = lambda: counter.surface
    try:
        app.screen = counter.surface
        app.draw()
    finally:
        pygame.display.get_surface = real
        app.screen = screen
    for _ in range(30):  # warm the caches
        app.draw()
    sprites = []
    for kind, (n, px) in counter.counts.items():
        if n:
            side = max(8, int((px / n / 1.4) ** 0.5))
            img = pygame.Surface((side, int(side * 1.4)), pygame.SRCALPHA if kind == "alpha" else 0)
            img.fill((*gfx.PAPER, 200) if kind == "alpha" else gfx.PAPER)
            sprites += [img.convert_alpha() if kind == "alpha" else img.convert()] * n
    ours: tuple[list[float], list[float]] = ([], [])
    full: tuple[list[float], list[float]] = ([], [])
    floor: tuple[list[float], list[float]] = ([], [])

    def timed(into, work):
        t0, c0 = time.perf_counter(), time.thread_time()
        work()
        into[1].append((time.thread_time() - c0) * 1000)
        into[0].append((time.perf_counter() - t0) * 1000)

    def frame():
        table.update(1.0)  # the table's own per-frame work, with time nearly frozen
        app.draw()

    def full_frame():  # the same with any cached picture forgotten: the worst case
        table.update(1.0)
        table.invalidate()
        app.draw()

    def floor_frame():  # fill the same screen, blit as many same-size images as the table did
        screen.fill(gfx.FELT)
        for i, img in enumerate(sprites):
            screen.blit(img, ((i * 37) % 1200, (i * 53) % 640))
        pygame.display.flip()

    for _ in range(FRAMES):  # interleaved, so a busy machine slows all three alike
        timed(ours, frame)
        timed(full, full_frame)
        timed(floor, floor_frame)
    pygame.quit()
    out: dict[str, float] = {"blits": len(sprites)}
    for name, (wall, cpu) in (("", ours), ("full_", full), ("floor_", floor)):
        out[name + "p50"], out[name + "p99"] = pct(wall, 50), pct(wall, 99)
        out[name + "cpu_p50"], out[name + "cpu_p99"] = pct(cpu, 50), pct(cpu, 99)
    for name in ("", "full_"):
        for q in ("p50", "p99", "cpu_p50", "cpu_p99"):
            out[f"{name}ratio_{q}"] = out[name + q] / max(out["floor_" + q], 1e-6)
    return out


FIGURES = (
    "p50",
    "p99",
    "cpu_p50",
    "cpu_p99",
    "floor_p50",
    "floor_p99",
    "floor_cpu_p50",
    "floor_cpu_p99",
    "ratio_p50",
    "ratio_p99",
    "ratio_cpu_p50",
    "ratio_cpu_p99",
    "full_p50",
    "full_p99",
    "full_cpu_p50",
    "full_cpu_p99",
    "full_ratio_p99",
    "full_ratio_cpu_p99",
    "blits",
)


def frame_figures(line, games: dict) -> None:
    for gid, spec in games.items():
        if spec.make_table is None:
            continue
        try:
            ft = frame_times(spec)
        except Exception as e:  # a game without a table yet is reported, not fatal
            print(f"frame.{gid}: unavailable ({type(e).__name__}: {e})", flush=True)
            continue
        units = {"blits": "images"}
        for k in FIGURES:
            line(f"frame.{gid}.{k}", ft[k], units.get(k, "x" if "ratio" in k else "ms"))
