"""Drive the real program headless: an App on SDL's dummy driver, synthetic
events, and a real SDL virtual game controller (through ctypes)."""

from __future__ import annotations

import pygame

from tabletop import settings as settings_mod


def make_app(size=(1280, 720), tutorials_offered=True, text_size=100):
    """An app on fresh settings, at Settings > Text size ``text_size``. ``tutorials_offered``: each game's
    one-time offer of its lessons (on its first start) counts as made already, so starting a game goes
    straight to its table."""
    from tabletop.core import registry
    from tabletop.ui.app import App

    settings = settings_mod.Settings()
    settings.text_size = text_size
    if tutorials_offered:
        settings.tutorial = {"offered": list(registry.load_all())}
    return App(size=size, settings=settings)


def quick_app():
    """An app on fresh settings with the quickest animations and no pauses for the computer's
    turns (both are players' settings): a table played to its end shows the same moves in far
    fewer frames."""
    app = make_app()
    app.settings.animation_speed = 4
    app.settings.computer_pace = "instant"
    return app


def frames(app, n=1, dt=16):
    for _ in range(n):
        app.step(dt)


def result_shown(app, table) -> bool:
    """Step ``app`` until the animations of ``table``'s last move end and its result panel comes up
    (at most 400 frames, then 2 more); whether it is up."""
    for _ in range(400):
        if table.showing_result():
            break
        frames(app)
    frames(app, 2)
    return table.showing_result()


class Window:
    """What the window shows: a copy of the screen taken only where frames are shown (the whole of it
    on ``display.flip``, the rects given to ``display.update``), so a part not shown stays as it was.
    ``install(monkeypatch)`` puts it between the program and pygame's display."""

    def __init__(self) -> None:
        self.image: pygame.Surface | None = None
        self.shown_px = 0  # pixels shown since the last ``count()``

    def install(self, monkeypatch) -> Window:
        real_flip, real_update = pygame.display.flip, pygame.display.update

        def flip():
            screen = pygame.display.get_surface()
            self.image = screen.copy()
            self.shown_px += screen.get_width() * screen.get_height()
            real_flip()

        def update(rects=None):
            if rects is None:
                return flip()
            screen = pygame.display.get_surface()
            if self.image is None or self.image.get_size() != screen.get_size():
                self.image = pygame.Surface(screen.get_size())  # nothing was shown yet: black
            for r in rects:
                self.image.blit(screen, r, r)
                self.shown_px += pygame.Rect(r).clip(screen.get_rect()).w * pygame.Rect(r).clip(screen.get_rect()).h
            real_update(rects)

        monkeypatch.setattr(pygame.display, "flip", flip)
        monkeypatch.setattr(pygame.display, "update", update)
        return self

    def pixels(self) -> bytes:
        assert self.image is not None, "nothing was shown"
        return pygame.image.tobytes(self.image, "RGB")


def scratch_frame(app) -> bytes:
    """The top screen drawn from scratch on a surface of its own, as if nothing had been drawn before
    (no kept picture, no last frame), leaving the window and what the program keeps as they were."""
    from tabletop.ui.regions import Regions

    scene = app.stack[-1]
    tables = [scene] + [getattr(scene, "table", None)]
    kept = [(t, dict(t.__dict__)) for t in tables if t is not None]
    regions, app.regions = app.regions, Regions()
    for t, attrs in kept:
        if "kept" in attrs:
            t.kept = type(attrs["kept"])()  # a picture of its own, drawn whole
        for name in ("shown_key", "calm_key"):
            if name in attrs:
                setattr(t, name, None)
    surf = pygame.Surface(app.screen.get_size())
    try:
        app.regions.begin(surf.get_size(), None)
        app.regions.scene_start(scene)
        scene.frame_draw(surf, app.vp)
        return pygame.image.tobytes(surf, "RGB")
    finally:
        app.regions = regions
        for t, attrs in kept:
            t.__dict__.clear()
            t.__dict__.update(attrs)


def drawn(app) -> str:
    """Every string the screen drew in one frame, joined with " | "."""
    from tabletop.ui import gfx

    seen: list[str] = []
    gfx.SEEN = seen
    try:
        frames(app)
    finally:
        gfx.SEEN = None
    return " | ".join(seen)


def key(app, name: str, n_frames=1):
    code = pygame.key.key_code(name)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    frames(app, n_frames)
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))
    frames(app, n_frames)


def key_down(app, name: str):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(name), mod=0, unicode="", scancode=0))
    frames(app)


def key_up(app, name: str):
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.key.key_code(name), mod=0, unicode="", scancode=0))
    frames(app)


def click(app, pos, button=1):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    frames(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    frames(app)


def drag(app, start, end, steps=6, button=1):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=button))
    frames(app)
    for i in range(1, steps + 1):
        p = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
        frames(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=button))
    frames(app)


def top(app):
    return app.stack[-1]


def pass_beat(app, table) -> None:
    """Two people behind curtains: after a reveal, look at it for its beat, then click its line to go on."""
    from tabletop.ui.secret_table import BEAT_MS

    if getattr(table, "beat", None) is None or not table.beat_holds():
        return
    while table.beat is not None and table.beat < BEAT_MS:
        frames(app, 1)
    if table.beat_holds():
        click(app, app.vp.rect(table.beat_spot).center)


from tools.virtualpad import VirtualPad  # noqa: E402,F401  (re-exported for tests)


def _key_for(scheme: str, button: str) -> str:
    from tabletop.input.bindings import default_bindings

    return next(k for k, buttons in default_bindings()["keys"][scheme].items() if button in buttons)


class KeyboardHalf:
    """One person on a half of the keyboard, pressing that half's default keys."""

    def __init__(self, app, scheme: str):
        self.app = app
        self.dirs = {d: _key_for(scheme, d) for d in ("up", "down", "left", "right")}
        self.ok = _key_for(scheme, "confirm")
        self.peek_key = _key_for(scheme, "peek")
        self.back_key = _key_for(scheme, "back")
        self.next_key = _key_for(scheme, "next")
        self.scheme = scheme

    def move(self, d):
        key(self.app, self.dirs[d])

    def confirm(self):
        key(self.app, self.ok)

    def back(self):
        key(self.app, self.back_key)

    def peek(self, down):
        (key_down if down else key_up)(self.app, self.peek_key)

    def history(self):
        """Open or close the table's history / log: its button, reached with the next-group key, then confirm."""
        table = top(self.app)
        seat = table.router.schemes.index(self.scheme)
        for _ in range(12):
            h = table.focused(seat)
            if h is not None and h.kind == "button" and ("history" in str(h.payload) or "log" in str(h.payload)):
                break
            key(self.app, self.next_key)
        self.confirm()


class PadPlayer:
    """One person with a real (virtual) SDL gamepad."""

    def __init__(self, app, pad):
        self.app, self.pad = app, pad

    def move(self, d):
        self.pad.press(self.app, "dp" + d)

    def confirm(self):
        self.pad.press(self.app, "a")

    def back(self):
        self.pad.press(self.app, "b")

    def peek(self, down):
        self.pad.button("y", down)
        frames(self.app, 2)

    def history(self):
        self.pad.press(self.app, "x")


def scene_name(scene) -> str:
    """The scene's class name; a table played online (its link is the network's part) as "Remote" + it."""
    from tabletop.ui.online_table import Online
    from tabletop.ui.table import TableScene

    online = isinstance(scene, TableScene) and isinstance(scene.link, Online)
    return ("Remote" if online else "") + type(scene).__name__


def busy_app(game_id: str, size, text_size: int, language: str, monkeypatch):
    """(app, table): a window of ``size`` at ``text_size`` percent, speaking ``language`` (set as tools/pose.py
    sets it: the pseudo-language is no setting), showing ``game_id``'s busiest table (``bench.busy_table``).
    The caller ends it with ``pygame.quit()``."""
    from tabletop.bench import busy_table
    from tabletop.core import registry

    monkeypatch.setenv("TABLETOP_LANGUAGE", language)
    app = make_app(size=size)
    app.settings.text_size = text_size
    app.apply_look()
    app.start()
    frames(app, 1)
    return app, busy_table(registry.get(game_id), app)


def cut_words(app, n=3) -> list[str]:
    """The texts the fitting rule cut short (to end with "…") and drew, over ``n`` frames, each drawn whole with
    every layout worked out and every picture (card faces, buttons, panels) made anew: what a player reads
    as a cut word, on the screen or on a card. A wording that itself ends with "…" ("is playing…") is no cut,
    nor the pseudo-language's dots cut after a text's last word."""
    from tabletop.ui import gfx

    made: dict[str, str] = {}  # a line as cut -> the line before
    drawn: list[str] = []
    real_text, real_ellipsis = gfx.text_image, gfx.ellipsis

    def recording(s, px, colour, bold):
        drawn.append(s)
        return real_text(s, px, colour, bold)

    def shortened(line, px, w, bold):
        out = real_ellipsis(line, px, w, bold)
        if out and out != line and line[len(out) - 1 :].strip("· "):  # (the pseudo-language's added dots are no word;
            made[out] = line  # an empty text is drawn for other reasons too: a joker's missing pip)
        return out

    recording.cache_clear = real_text.cache_clear  # type: ignore[attr-defined]
    gfx.text_image = recording  # type: ignore[assignment]
    gfx.ellipsis = shortened
    try:
        for _ in range(n):
            real_text.cache_clear()
            gfx.fit.cache_clear()
            gfx.forget_images()
            app.regions.invalidate()
            for scene in app.stack:
                getattr(scene, "invalidate", lambda: None)()
                if hasattr(scene, "shown_key"):
                    scene.shown_key = None
            app.draw()
            frames(app, 40)
    finally:
        gfx.text_image = real_text  # type: ignore[assignment]
        gfx.ellipsis = real_ellipsis
        gfx.fit.cache_clear()
    return sorted({made[s] for s in drawn if s in made})
