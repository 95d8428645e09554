"""Every crash leaves a trace (issue 38, finding 14): the window program keeps a log in the data folder
(a screen that stopped on an error with its traceback, settings and saves messages), a hard crash of
the interpreter leaves crash.log, and ``tabletop --logs`` prints the folder and opens it."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from tabletop import logs

ROOT = Path(__file__).resolve().parent.parent


def program(home: Path, *args: str, env: dict | None = None, code: str | None = None):
    """The program (or ``code``) in a process of its own, on ``home`` as its data folder."""
    e = dict(os.environ, TABLETOP_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", **(env or {}))
    cmd = [sys.executable, "-c", code] if code else [sys.executable, "-m", "tabletop", *args]
    return subprocess.run(cmd, cwd=ROOT, env=e, capture_output=True, text=True, timeout=60)


@pytest.fixture
def started(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    assert logs.start(faults=False) == ""
    yield tmp_path / "data" / "logs" / "tabletop.log"
    logs.stop()
    pygame.quit()


def test_the_window_program_keeps_a_log_in_the_data_folder(tmp_path):
    r = program(tmp_path, "--frames", "2")
    assert r.returncode == 0, r.stderr[-2000:]
    text = (tmp_path / "data" / "logs" / "tabletop.log").read_text(encoding="utf-8")
    assert "tabletop " in text and "Python" in text  # which version on which system


def test_a_hard_crash_of_the_interpreter_leaves_crash_log(tmp_path):
    code = "from tabletop import logs; logs.start(); import faulthandler; faulthandler._sigsegv()"
    r = program(tmp_path, code=code)
    assert r.returncode != 0
    crash = (tmp_path / "data" / "logs" / "crash.log").read_text(encoding="utf-8")
    assert "Segmentation fault" in crash or "access violation" in crash  # POSIX, Windows
    assert "File " in crash and "<string>" in crash  # where it was


def test_a_screen_that_stopped_on_an_error_is_in_the_log_with_its_traceback(started):
    from tabletop.ui.kept import ReplaysScene
    from tests.ui_helpers import frames, make_app

    app = make_app()
    app.start()
    app.push(ReplaysScene(app))
    try:
        raise RuntimeError("a bug for the log")
    except RuntimeError as e:
        assert app.recover(e)
    frames(app, 2)
    text = started.read_text(encoding="utf-8")
    assert "a screen stopped on an error" in text and "Traceback" in text and "a bug for the log" in text


def test_settings_and_saves_messages_are_in_the_log(started, tmp_path):
    from tabletop import paths
    from tabletop.ui.app import App
    from tabletop.ui.kept import ReplaysScene

    (paths.config_dir() / "settings.json").write_text("{ not json", encoding="utf-8")
    (paths.saves_dir() / "punch-x.json").write_text("{ not json", encoding="utf-8")
    app = App(size=(800, 600))
    app.push(ReplaysScene(app))
    text = started.read_text(encoding="utf-8")
    assert "settings: settings.json" in text and "set aside" in text
    assert "saves: punch-x.json" in text


@pytest.mark.skipif(sys.platform != "linux", reason="the desktop's opener stands in here only as xdg-open")
def test_logs_option_prints_the_folder_and_opens_it_on_a_desktop(tmp_path):
    folder = tmp_path / "data" / "logs"
    r = program(tmp_path, "--logs", env={"DISPLAY": "", "WAYLAND_DISPLAY": ""})
    assert r.returncode == 0 and r.stdout.strip() == str(folder) and folder.is_dir(), r.stderr
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    opened = tmp_path / "opened.txt"
    fake = bin_dir / "xdg-open"  # the desktop's opener, standing in: it writes down what it was asked to open
    fake.write_text(f'#!/bin/sh\necho "$1" > {opened}\n')
    fake.chmod(0o755)
    r = program(tmp_path, "--logs", env={"DISPLAY": ":99", "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}"})
    assert r.returncode == 0 and r.stdout.strip() == str(folder)
    end = time.monotonic() + 5
    while not opened.exists() and time.monotonic() < end:
        time.sleep(0.05)
    assert opened.read_text().strip() == str(folder)


def test_a_logs_folder_that_cannot_be_made_is_said_in_one_line_and_the_program_starts(tmp_path):
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "logs").write_text("a file where the folder would be")
    r = program(tmp_path, "--frames", "2")
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr[-2000:]
    code = "from tabletop import logs; print(logs.start())"
    said = program(tmp_path, code=code).stdout.strip()
    assert said.startswith("The log cannot be written (") and said.endswith("play goes on without it.")
