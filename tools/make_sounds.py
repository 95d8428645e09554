"""Generate the game's sound effects into assets/sounds (run once; results are shipped).

Effects are synthesised here with the standard library (sine/noise envelopes).
Callouts ("Combo!", "Knockout!", ...) are spoken by espeak-ng and shaped with
sox when those programs are installed; otherwise a synthesised jingle is used.
All output is our own and ships under the project's licence.
"""

import math
import random
import shutil
import struct
import subprocess
import wave
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"


def write(name, samples):
    OUT.mkdir(parents=True, exist_ok=True)
    with wave.open(str(OUT / f"{name}.wav"), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(struct.pack("<h", max(-32767, min(32767, int(s * 32767)))) for s in samples))


def tone(freqs, dur, vol=0.5, decay=6.0, noise=0.0, seed=1):
    rng = random.Random(seed)
    n = int(RATE * dur)
    out = []
    for i in range(n):
        t = i / RATE
        env = math.exp(-decay * t) * min(1.0, t * 200)
        s = sum(math.sin(2 * math.pi * f * t) for f in freqs) / len(freqs)
        s = (1 - noise) * s + noise * (rng.random() * 2 - 1)
        out.append(vol * env * s)
    return out


def seq(*parts):
    out = []
    for p in parts:
        out.extend(p)
    return out


def speak(name, words, pitch=50, speed=150, effect=()):
    if not (shutil.which("espeak-ng") and shutil.which("sox")):
        return False
    raw = OUT / f".{name}.raw.wav"
    subprocess.run(["espeak-ng", "-p", str(pitch), "-s", str(speed), "-w", str(raw), words], check=True)
    subprocess.run(
        ["sox", str(raw), "-r", str(RATE), "-c", "1", "-b", "16", str(OUT / f"{name}.wav"), *effect, "norm", "-3"],
        check=True,
    )
    raw.unlink()
    return True


def gavel():
    """Three wooden knocks, then a rising brass-like chord: a judge's card decides the match."""
    knock = tone([140, 210], 0.09, 0.7, 45, noise=0.5, seed=4)
    rest = [0.0] * int(RATE * 0.05)
    chord = seq(tone([392, 494, 587], 0.16, 0.4, 5), tone([523, 659, 784], 0.5, 0.45, 3))
    return seq(knock, rest, knock, rest, knock, rest, chord)


def stab():
    """A quick swish and a thud: Stabby Jack strikes."""
    n = int(RATE * 0.18)
    rng = random.Random(5)
    swish = [0.45 * math.sin(math.pi * i / n) * (rng.random() * 2 - 1) for i in range(n)]
    return seq(swish, tone([90, 130], 0.22, 0.7, 18, noise=0.3, seed=6))


def levelup():
    """Four quick rising notes: a player grows stronger."""
    return seq(*(tone([f, f * 1.5], 0.09, 0.35, 12) for f in (523, 659, 784)), tone([1047, 1568], 0.35, 0.4, 6))


EFFECTS = {
    "click": lambda: tone([1200], 0.05, 0.3, 60),
    "take": lambda: tone([500, 750], 0.08, 0.35, 40, noise=0.3),
    "place": lambda: tone([180], 0.12, 0.6, 30, noise=0.6, seed=2),
    "refuse": lambda: seq(tone([220], 0.09, 0.4, 10), tone([180], 0.14, 0.4, 10)),
    "reveal": lambda: tone([660, 990], 0.25, 0.35, 10),
    "bell": lambda: tone([880, 1320, 1760], 1.2, 0.5, 3),
    "cheer": lambda: tone([0.0001], 1.0, 0.4, 2, noise=1.0, seed=3),
    "judge": gavel,
    "stab": stab,
    "levelup": levelup,
}
CALLOUTS = {
    "combo": ("Combo!", 60, 170, ()),
    "stagger": ("Stagger!", 20, 120, ("pitch", "-300")),
    "counter": ("Counter punch!", 50, 170, ()),
    "clinch": ("Clinch!", 90, 160, ()),
    "ding": ("Ding!", 70, 150, ()),
    "knockout": ("Knockout!", 10, 110, ("pitch", "-400", "reverb", "40")),
}


def main(names=()):
    """Write every sound, or only those named (``python tools/make_sounds.py judge stab``)."""
    for name, make in EFFECTS.items():
        if not names or name in names:
            write(name, make())
    for name, (words, pitch, speed, fx) in CALLOUTS.items():
        if names and name not in names:
            continue
        if not speak(name, words, pitch, speed, fx):
            write(name, seq(tone([523], 0.1, 0.4, 8), tone([659], 0.1, 0.4, 8), tone([784], 0.25, 0.4, 6)))


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
