"""Synthesise the game's sound effects into small WAV files, with the standard library only.

    python tools/make_sounds.py [--out DIR]

Every sound is built from a few primitives (tones with partials, filtered noise, a small room
reverb) driven by a `random.Random` with a fixed seed per sound, so the same script writes the same
bytes on every run; a test checks the committed files against a fresh run. Files are 16-bit mono
22050 Hz. Each sound is peak-normalised to its own level below full scale: short transients (clicks,
card flicks) sit lower than the musical cues, so that they sound about equally loud in play.
"""

from __future__ import annotations

import argparse
import array
import math
import random
import sys
import wave
from collections.abc import Callable, Sequence
from pathlib import Path

RATE = 22050
Samples = list[float]
DEFAULT_OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"


# --- primitives ---------------------------------------------------------------------------------

def silence(seconds: float) -> Samples:
    """A buffer of `seconds` of silence."""
    return [0.0] * int(round(seconds * RATE))


def mix(into: Samples, sound: Sequence[float], at: float = 0.0, gain: float = 1.0) -> None:
    """Add `sound` into `into` starting `at` seconds, clipped to the buffer's end."""
    start = int(round(at * RATE))
    end = min(len(into), start + len(sound))
    for i in range(start, end):
        into[i] += sound[i - start] * gain


def hz(name: str) -> float:
    """The frequency of a note name like 'C5' or 'F#4' (equal temperament, A4 = 440 Hz)."""
    steps = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}[name[0]]
    rest = name[1:]
    if rest.startswith("#"):
        steps, rest = steps + 1, rest[1:]
    elif rest.startswith("b"):
        steps, rest = steps - 1, rest[1:]
    return 440.0 * math.pow(2.0, (steps + 12 * (int(rest) - 4)) / 12)


def tone(freq: float, seconds: float, *, partials: Sequence[tuple[float, float]] = ((1.0, 1.0),),
         attack: float = 0.005, decay: float = 0.2, release: float = 0.02,
         glide_to: float | None = None, vibrato: float = 0.0, vibrato_hz: float = 5.5,
         partial_decay: float = 0.0) -> Samples:
    """A tone of summed partials (ratio, amplitude) under an attack / exponential-decay envelope.

    `partial_decay` makes the upper partials die faster than the fundamental, as in a bell or a pluck;
    `glide_to` slides the pitch exponentially to another frequency over the tone's length.
    """
    n = int(round(seconds * RATE))
    out = [0.0] * n
    attack_n = max(1, int(attack * RATE))
    release_n = max(1, int(release * RATE))
    if glide_to is None and not vibrato:
        freqs = [freq] * n
    else:
        end = freq if glide_to is None else glide_to
        freqs = [freq * (end / freq) ** (i / n) * (1.0 + vibrato * math.sin(2 * math.pi * vibrato_hz * i / RATE))
                 for i in range(n)]
    highest = max(freqs, default=freq)
    sin = math.sin
    for ratio, amp in partials:
        if highest * ratio >= RATE / 2:
            continue  # above Nyquist it would alias into a stray low whistle
        step = 2 * math.pi * ratio / RATE
        tau = decay / (1.0 + partial_decay * (ratio - 1.0))
        fall = math.exp(-1.0 / (tau * RATE))
        level = amp
        phase = 0.0
        for i in range(n):
            phase += freqs[i] * step
            out[i] += sin(phase) * level
            level *= fall
            if level < 1e-5:
                break
    for i in range(min(attack_n, n)):
        out[i] *= i / attack_n
    for i in range(min(release_n, n)):
        out[n - 1 - i] *= i / release_n
    return out


def noise(seconds: float, rng: random.Random) -> Samples:
    """White noise in [-1, 1]."""
    return [rng.uniform(-1.0, 1.0) for _ in range(int(round(seconds * RATE)))]


def biquad(samples: Sequence[float], kind: str, freq: float, q: float = 0.707, tail: float = 0.0) -> Samples:
    """An RBJ cookbook filter: 'low', 'high' or 'band' (constant 0 dB peak gain).

    `tail` seconds of silence are filtered after the input, so that the filter rings out instead of
    being cut off (a cut-off ring is a click).
    """
    samples = list(samples) + [0.0] * int(tail * RATE)
    w = 2 * math.pi * freq / RATE
    alpha = math.sin(w) / (2 * q)
    cos_w = math.cos(w)
    if kind == "low":
        b0, b1, b2 = (1 - cos_w) / 2, 1 - cos_w, (1 - cos_w) / 2
    elif kind == "high":
        b0, b1, b2 = (1 + cos_w) / 2, -(1 + cos_w), (1 + cos_w) / 2
    else:
        b0, b1, b2 = alpha, 0.0, -alpha
    a0, a1, a2 = 1 + alpha, -2 * cos_w, 1 - alpha
    b0, b1, b2, a1, a2 = b0 / a0, b1 / a0, b2 / a0, a1 / a0, a2 / a0
    out = [0.0] * len(samples)
    x1 = x2 = y1 = y2 = 0.0
    for i, x in enumerate(samples):
        y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        out[i] = y
        x2, x1, y2, y1 = x1, x, y1, y
    return out


def envelope(samples: Samples, attack: float, decay: float, hold: float = 0.0) -> Samples:
    """Shape `samples` in place with a linear attack, a hold, an exponential decay, and a last 5 ms fade."""
    attack_n = max(1, int(attack * RATE))
    hold_n = int(hold * RATE)
    fall = math.exp(-1.0 / (decay * RATE))
    level = 1.0
    for i in range(len(samples)):
        if i < attack_n:
            samples[i] *= i / attack_n
        elif i < attack_n + hold_n:
            pass
        else:
            level *= fall
            samples[i] *= level
    fade = min(len(samples), int(0.005 * RATE))
    for i in range(fade):
        samples[len(samples) - 1 - i] *= i / fade
    return samples


def burst(rng: random.Random, seconds: float, kind: str, freq: float, q: float,
          attack: float, decay: float) -> Samples:
    """A short burst of filtered noise: the raw material of card flicks, snaps and clicks."""
    return envelope(biquad(noise(seconds, rng), kind, freq, q), attack, decay)


def room(samples: Samples, wet: float = 0.2, size: float = 1.0) -> Samples:
    """A small Schroeder room (four damped combs, two all-passes), mixed under the dry sound."""
    n = len(samples)
    reverb = [0.0] * n
    for delay in (557, 593, 641, 677):
        d = int(delay * size)
        buf = [0.0] * d
        idx = 0
        store = 0.0
        for i in range(n):
            y = buf[idx]
            store = y * 0.6 + store * 0.4  # damping: the tail loses its highs, like a real room
            buf[idx] = samples[i] + store * 0.72
            idx = idx + 1 if idx + 1 < d else 0
            reverb[i] += y
    for delay in (113, 170):
        buf = [0.0] * delay
        idx = 0
        for i in range(n):
            held = buf[idx]
            x = reverb[i]
            y = -x + held
            buf[idx] = x + held * 0.5
            idx = idx + 1 if idx + 1 < delay else 0
            reverb[i] = y
    return [s + r * wet * 0.25 for s, r in zip(samples, reverb)]


def finish(samples: Samples, peak: float) -> Samples:
    """Remove DC, fade both ends to avoid clicks, and scale so the loudest sample is `peak`."""
    samples = biquad(samples, "high", 25.0)
    n = len(samples)
    fade_in, fade_out = min(n, int(0.002 * RATE)), min(n, int(0.012 * RATE))
    for i in range(fade_in):
        samples[i] *= i / fade_in
    for i in range(fade_out):
        samples[n - 1 - i] *= i / fade_out
    loudest = max(abs(s) for s in samples) or 1.0
    return [s * peak / loudest for s in samples]


def bell(freq: float, seconds: float, decay: float = 0.25) -> Samples:
    """A bright, glassy bell tone."""
    return tone(freq, seconds, partials=((1, 1.0), (2, 0.35), (3, 0.12), (4.2, 0.06)),
                attack=0.002, decay=decay, partial_decay=1.2)


def brass(freq: float, seconds: float, *, vibrato: float = 0.0, brightness: int = 7) -> Samples:
    """A soft brass-like tone: a band-limited sawtooth with a swell and a little vibrato."""
    partials = [(float(k), 1.0 / k ** 1.3) for k in range(1, brightness + 1)]
    sound = tone(freq, seconds, partials=partials, attack=min(0.025, seconds * 0.2), decay=seconds * 3,
                 release=min(0.08, seconds * 0.35), vibrato=vibrato, partial_decay=0.5)
    return biquad(sound, "low", min(4500.0, freq * 6), tail=0.03)


# --- the sounds ---------------------------------------------------------------------------------

def flick(rng: random.Random, bright: float = 1.0) -> Samples:
    """One card leaving the deck: a short swish into a crisp snap."""
    out = silence(0.09)
    swish = biquad(noise(0.035, rng), "band", 1800.0, 0.7)
    for i in range(len(swish)):
        swish[i] *= (i / len(swish)) ** 2  # the swish grows into the snap
    mix(out, swish, 0.0, 0.35)
    mix(out, burst(rng, 0.05, "band", 3200.0 * bright, 1.1, 0.0008, 0.010), 0.033, 1.0)
    mix(out, tone(190.0, 0.04, attack=0.001, decay=0.012), 0.034, 0.3)
    return out


def make_deal(rng: random.Random) -> Samples:
    return finish(flick(rng), 0.62)


def make_shuffle(rng: random.Random) -> Samples:
    """A riffle: dozens of tiny card clicks speeding up, then the bridge settling the deck."""
    out = silence(0.78)
    t, gap, count = 0.02, 0.016, 46
    for k in range(count):
        swell = math.sin(math.pi * (k + 1) / (count + 1)) ** 0.6
        click = burst(rng, 0.02, "band", rng.uniform(2400.0, 4200.0), 1.4, 0.0004, 0.0035)
        mix(out, click, t, swell * rng.uniform(0.5, 1.0))
        t += gap * rng.uniform(0.8, 1.2)
        gap = max(0.0085, gap * 0.985)
    bridge = biquad(noise(0.2, rng), "low", 2200.0)
    envelope(bridge, 0.03, 0.05, hold=0.04)
    mix(out, bridge, t + 0.01, 0.55)
    mix(out, tone(130.0, 0.08, attack=0.002, decay=0.025), t + 0.05, 0.25)
    return finish(out, 0.62)


def make_card_play(rng: random.Random) -> Samples:
    """A card slapped onto felt: a short swish, a papery snap and a soft thump."""
    out = silence(0.16)
    swish = biquad(noise(0.025, rng), "band", 1500.0, 0.7)
    for i in range(len(swish)):
        swish[i] *= (i / len(swish)) ** 2
    mix(out, swish, 0.0, 0.3)
    mix(out, burst(rng, 0.06, "low", 1200.0, 0.7, 0.001, 0.02), 0.024, 0.9)
    mix(out, burst(rng, 0.03, "band", 2600.0, 1.0, 0.0005, 0.005), 0.024, 0.6)
    mix(out, tone(140.0, 0.08, attack=0.002, decay=0.028, glide_to=95.0), 0.024, 0.55)
    return finish(out, 0.75)


def clink(rng: random.Random, base: float) -> Samples:
    """One clay chip striking another: a few inharmonic, quickly fading partials."""
    partials = ((1.0, 1.0), (2.32, 0.55), (4.25, 0.3), (6.63, 0.15))
    sound = tone(base, 0.14, partials=partials, attack=0.0008, decay=0.045, partial_decay=0.6)
    mix(sound, burst(rng, 0.01, "high", 5000.0, 0.7, 0.0002, 0.0015), 0.0, 0.4)
    return sound


def make_chip_clink(rng: random.Random) -> Samples:
    out = silence(0.30)
    for at, gain in ((0.0, 1.0), (0.058, 0.55), (0.1, 0.3)):
        mix(out, clink(rng, rng.uniform(1550.0, 1800.0)), at, gain)
    return finish(room(out, 0.12), 0.6)


def make_stop(rng: random.Random) -> Samples:
    """A soft, low two-note 'bwom-bwom' over a muffled thud: the run is blocked."""
    out = silence(0.46)
    mix(out, tone(95.0, 0.2, attack=0.002, decay=0.06, glide_to=60.0), 0.0, 0.9)
    mix(out, biquad(burst(rng, 0.08, "low", 400.0, 0.7, 0.001, 0.02), "low", 400.0), 0.0, 0.5)
    hollow = ((1, 1.0), (3, 0.22), (5, 0.08), (7, 0.03))  # odd partials: a gentle square-ish buzz
    for at, name, length in ((0.02, "A3", 0.16), (0.19, "E3", 0.25)):
        sound = tone(hz(name), length, partials=hollow, attack=0.012, decay=0.12, release=0.05)
        mix(out, biquad(sound, "low", 1400.0, tail=0.03), at, 0.55)
    return finish(room(out, 0.1), 0.8)


def make_boodle_win(rng: random.Random) -> Samples:
    """A bright rising arpeggio of bells with a sparkle on top: chips won from a boodle card."""
    out = silence(0.85)
    for k, name in enumerate(("C6", "E6", "G6", "C7")):
        mix(out, bell(hz(name), 0.5, decay=0.16), 0.055 * k, 0.8)
    for at in (0.24, 0.3, 0.37):
        mix(out, bell(hz("E7") * rng.uniform(0.995, 1.005), 0.25, decay=0.07), at, 0.25)
    mix(out, clink(rng, 1700.0), 0.0, 0.25)
    return finish(room(out, 0.25), 0.82)


def make_going_out(rng: random.Random) -> Samples:
    """A short fanfare, ta-ta-ta-taaa, ending on a bright major chord: a player went out."""
    out = silence(1.4)
    for at in (0.0, 0.11, 0.22):
        mix(out, brass(hz("G4"), 0.1, brightness=9), at, 1.0)
        mix(out, brass(hz("G3"), 0.1, brightness=6), at, 0.4)
    for name, gain in (("C5", 0.5), ("E5", 0.4), ("G5", 0.4), ("C4", 0.3)):
        mix(out, brass(hz(name), 0.85, vibrato=0.004), 0.34, gain)
    mix(out, tone(98.0, 0.4, attack=0.002, decay=0.12, glide_to=80.0), 0.34, 0.6)  # timpani
    for k, name in enumerate(("C7", "E7", "G7")):
        mix(out, bell(hz(name), 0.4, decay=0.1), 0.4 + 0.05 * k, 0.15)
    return finish(room(out, 0.3), 0.85)


def make_session_won(rng: random.Random) -> Samples:
    """A triumphant run up two octaves into a held chord, with twinkles: the session is won."""
    out = silence(1.5)
    names = ("C5", "E5", "G5", "C6", "E6", "G6")
    for k, name in enumerate(names):
        mix(out, bell(hz(name), 0.45, decay=0.14), 0.06 * k, 0.55)
        mix(out, brass(hz(name) / 2, 0.09, brightness=5), 0.06 * k, 0.25)
    chord_at = 0.06 * len(names) + 0.02
    for name, gain in (("C4", 0.35), ("G4", 0.35), ("C5", 0.45), ("E5", 0.4), ("G5", 0.35)):
        mix(out, brass(hz(name), 0.9, vibrato=0.005), chord_at, gain)
    mix(out, tone(110.0, 0.45, attack=0.002, decay=0.15, glide_to=85.0), chord_at, 0.6)
    for _ in range(7):
        at = chord_at + rng.uniform(0.05, 0.8)
        name = rng.choice(("C7", "E7", "G7", "C8"))
        mix(out, bell(hz(name), 0.3, decay=0.06), at, rng.uniform(0.08, 0.16))
    return finish(room(out, 0.3), 0.85)


def make_session_lost(rng: random.Random) -> Samples:
    """A gentle, sympathetic 'wah wah wah waaah' down a semitone at a time: the session is lost."""
    out = silence(1.45)
    steps = (("G4", 0.0, 0.24), ("F#4", 0.26, 0.24), ("F4", 0.52, 0.24), ("E4", 0.78, 0.5))
    for name, at, length in steps:
        vibrato = 0.012 if length > 0.3 else 0.0
        sound = brass(hz(name) / 2, length, vibrato=vibrato, brightness=6)
        mix(out, biquad(sound, "low", 900.0, tail=0.03), at, 0.8)
    return finish(room(out, 0.2), 0.75)


def make_click(rng: random.Random) -> Samples:
    """A crisp, quiet UI tick."""
    out = silence(0.055)
    mix(out, tone(1900.0, 0.03, partials=((1, 1.0), (2.7, 0.3)), attack=0.0005, decay=0.005), 0.0, 0.8)
    mix(out, burst(rng, 0.01, "band", 4000.0, 1.0, 0.0002, 0.0015), 0.0, 0.4)
    return finish(out, 0.45)


def make_bubble(rng: random.Random) -> Samples:
    """A rounded rising 'bloop': a speech bubble popping up."""
    out = silence(0.12)
    pop = tone(380.0, 0.1, partials=((1, 1.0), (2, 0.15)), attack=0.004, decay=0.03,
               glide_to=1150.0)
    mix(out, pop, 0.0, 1.0)
    return finish(out, 0.5)


def make_your_boodle(rng: random.Random) -> Samples:
    """Chips cascading under a rising bell fanfare, ending on a ringing chord: the player hit a boodle card."""
    out = silence(1.3)
    for k in range(9):
        mix(out, clink(rng, rng.uniform(1500.0, 2600.0)), 0.03 + 0.045 * k + rng.uniform(0.0, 0.015), 0.3)
    for k, name in enumerate(("G5", "C6", "E6", "G6", "C7")):
        mix(out, bell(hz(name), 0.55, decay=0.18), 0.07 * k, 0.7)
        mix(out, brass(hz(name) / 2, 0.08, brightness=7), 0.07 * k, 0.22)
    for name, gain in (("C5", 0.35), ("E5", 0.3), ("G5", 0.3), ("C6", 0.35)):
        mix(out, bell(hz(name), 0.8, decay=0.3), 0.4, gain)
    for _ in range(5):
        mix(out, bell(hz(rng.choice(("E7", "G7", "C8"))), 0.25, decay=0.06), 0.45 + rng.uniform(0.0, 0.5), 0.12)
    return finish(room(out, 0.3), 0.85)


def make_charm(rng: random.Random) -> Samples:
    """A shimmer rising to a glassy chord: a charm used at the table."""
    out = silence(0.9)
    for k in range(7):  # a quick glittering run upwards
        mix(out, bell(hz(("E6", "G6", "B6", "D7", "E7", "G7", "B7")[k]), 0.3, decay=0.05), 0.035 * k, 0.28)
    for name, gain in (("E5", 0.3), ("B5", 0.28), ("G6", 0.25)):
        mix(out, bell(hz(name), 0.6, decay=0.22), 0.24, gain)
    mix(out, tone(660.0, 0.5, partials=((1, 1.0), (3, 0.2)), attack=0.05, decay=0.2, glide_to=990.0), 0.0, 0.12)
    for _ in range(4):
        mix(out, bell(hz(rng.choice(("B7", "E8"))), 0.2, decay=0.04), 0.3 + rng.uniform(0.0, 0.4), 0.08)
    return finish(room(out, 0.3), 0.6)


SOUNDS: dict[str, Callable[[random.Random], Samples]] = {
    "shuffle": make_shuffle,
    "deal": make_deal,
    "card_play": make_card_play,
    "chip_clink": make_chip_clink,
    "stop": make_stop,
    "boodle_win": make_boodle_win,
    "going_out": make_going_out,
    "session_won": make_session_won,
    "session_lost": make_session_lost,
    "click": make_click,
    "bubble": make_bubble,
    "your_boodle": make_your_boodle,
    "charm": make_charm,
}


def encode(samples: Sequence[float]) -> bytes:
    """16-bit little-endian PCM."""
    pcm = array.array("h", (max(-32767, min(32767, int(round(s * 32767)))) for s in samples))
    if sys.byteorder == "big":
        pcm.byteswap()
    return pcm.tobytes()


def write_wav(path: Path, samples: Sequence[float]) -> None:
    """Write mono 16-bit 22050 Hz WAV."""
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(encode(samples))


def build(out_dir: Path, names: Sequence[str] | None = None) -> list[Path]:
    """Synthesise the named sounds (all by default) into `out_dir`; return the files written."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for index, name in enumerate(SOUNDS):
        if names is not None and name not in names:
            continue
        rng = random.Random(f"newmarket-sound-{name}-{index}")
        path = out_dir / f"{name}.wav"
        write_wav(path, SOUNDS[name](rng))
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: write every sound into --out."""
    parser = argparse.ArgumentParser(description="Synthesise the game's sounds into WAV files.")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT,
                        help=f"folder to write into (default {DEFAULT_OUT})")
    parser.add_argument("names", nargs="*", help="only these sounds (default all)")
    args = parser.parse_args(argv)
    unknown = [name for name in args.names if name not in SOUNDS]
    if unknown:
        parser.error(f"unknown sound(s) {', '.join(unknown)}; known: {', '.join(SOUNDS)}")
    total = 0
    for path in build(args.out, args.names or None):
        size = path.stat().st_size
        total += size
        print(f"{path.name:18} {size / 1024:6.1f} KB")
    print(f"{'total':18} {total / 1024:6.1f} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
