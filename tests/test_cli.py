"""The command line: version, unknown games, no display, no sound (issue 2)."""

import os
import subprocess
import sys

import pytest

import tabletop


def run(*args, env_extra=None, drop=()):
    env = {k: v for k, v in os.environ.items() if k not in drop}
    env.update(env_extra or {})
    return subprocess.run(
        [sys.executable, "-m", "tabletop", *args], capture_output=True, text=True, env=env, timeout=120
    )


def test_version():
    r = run("--version")
    assert r.returncode == 0 and tabletop.__version__ in r.stdout


def test_unknown_game_lists_the_known_ones_and_exits_2():
    r = run("chess")
    assert r.returncode == 2
    assert "chess" in r.stderr and "punch" in r.stderr and "stabby-jack" in r.stderr


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="Windows and macOS always have a display")
def test_no_display_is_one_clear_line_and_exit_2():
    r = run(drop=("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"))
    assert r.returncode == 2
    lines = [line for line in r.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "display" in lines[0] and "--self-test" in lines[0]
    assert "Traceback" not in r.stderr


def test_runs_silent_without_an_audio_device(tmp_path):
    # an audio driver that cannot open: the program must say so once and carry on
    r = run("--frames", "5", env_extra={"SDL_AUDIODRIVER": "nosuchdriver", "TABLETOP_HOME": str(tmp_path)})
    assert r.returncode == 0, r.stderr
    assert r.stderr.count("No sound") == 1


def test_self_test_of_one_game_prints_a_line_and_exits_0(tmp_path):
    r = run("--self-test", "punch", "--record-dir", str(tmp_path))
    assert r.returncode == 0, r.stdout + r.stderr
    line = next(ln for ln in r.stdout.splitlines() if ln.startswith("punch:"))
    assert "actions=" in line and "winner=" in line and "seconds=" in line
    assert (tmp_path / "punch-1.json").exists()


def test_help_lists_every_command_the_program_takes():
    import inspect

    from tabletop import app

    r = run("--help")
    assert r.returncode == 0
    commands = [line.split('"')[1] for line in inspect.getsource(app.main).splitlines() if "argv[0] ==" in line]
    assert sorted(commands) == ["replay", "serve"]  # the commands main() takes before its options
    for command in commands:
        assert f"tabletop {command} " in r.stdout and f"tabletop {command} --help" in r.stdout
