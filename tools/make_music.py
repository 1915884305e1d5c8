"""Compose and render the game's music from code into Ogg Vorbis files, with a manifest to check them by.

    python tools/make_music.py [--out DIR] [--wav DIR]     render, encode and write the manifest
    python tools/make_music.py --check [--out DIR]         render again and compare with the manifest

Three pieces, all original and written out below as chord charts and melodies:

* title: a warm, bouncy music-hall tune in C (stride piano, vibraphone melody, brushes), 32 bars AABA;
* table: a quiet jazz-lounge loop in F (piano comping and a sparse piano line, walking bass, brushes), 32 bars;
* win: a bright three-second sting (a vibraphone and piano run up to a 6/9 chord).

The two loops are rendered onto a circular buffer exactly one loop long: a note that rings past the loop's
end, and the room's reverb, wrap round into its start, so the last bar flows into the first with no seam.

Tools-only requirements (requirements-tools.txt, never requirements.txt): numpy renders; soundfile (whose
wheel bundles libsndfile with Ogg Vorbis) encodes, as pygame cannot. Everything random comes from fixed seeds,
so the rendered samples are the same on every run: the manifest keeps a SHA-256 of each piece's 16-bit PCM
and of its OGG file, and `--check` renders again (numpy only) and compares. libsndfile gives every Ogg
stream a random serial number; the serial is set to a fixed one afterwards (and each page's CRC mended), so
the OGG bytes too are the same for the same soundfile wheel.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import math
import sys
import wave
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import numpy as np

RATE = 44100
DEFAULT_OUT = Path(__file__).resolve().parent.parent / "assets" / "music"
MANIFEST = "manifest.json"
OGG_QUALITY = 0.72  # libsndfile's compression level, 0 (best) .. 1 (Vorbis quality 1 - level): ~100 kbps stereo
OGG_SERIAL = 0x4E4D4B54  # "NMKT"
TARGET_RMS_DB = -22.0  # a bed under the effects (which sit around -12 .. -24 dBFS RMS)
PEAK_CEILING = 0.6  # and never near full scale, with room for the Vorbis encoder's overshoot
Signal = np.ndarray


# --- pitches and chords ------------------------------------------------------------------------------------

NOTE_CLASSES = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}
QUALITIES = {  # intervals above the root: third, fifth, seventh (or sixth), ninth
    "maj7": (4, 7, 11, 14), "6": (4, 7, 9, 14), "7": (4, 7, 10, 14), "m7": (3, 7, 10, 14),
    "m6": (3, 7, 9, 14), "dim7": (3, 6, 9, 12), "": (4, 7, 12, 16),
}


def midi(name: str) -> int:
    """The MIDI number of a note such as 'C4', 'F#5' or 'Bb3' (C4 = 60)."""
    pitch = NOTE_CLASSES[name[0]]
    rest = name[1:]
    while rest and rest[0] in "#b":
        pitch += 1 if rest[0] == "#" else -1
        rest = rest[1:]
    return pitch + 12 * (int(rest) + 1)


def hz(note: float) -> float:
    """The frequency of MIDI note `note` (A4 = 440 Hz)."""
    return 440.0 * 2.0 ** ((note - 69) / 12)


@dataclass(frozen=True)
class Chord:
    """A chord symbol's root pitch class and its intervals."""

    root: int
    intervals: tuple[int, ...]

    @staticmethod
    def parse(symbol: str) -> Chord:
        """'Fmaj7', 'Bbm6', 'F#dim7', 'C6' ... into a chord."""
        root = NOTE_CLASSES[symbol[0]]
        rest = symbol[1:]
        if rest[:1] in ("#", "b"):
            root += 1 if rest[0] == "#" else -1
            rest = rest[1:]
        return Chord(root % 12, QUALITIES[rest])

    def tones(self) -> set[int]:
        """The chord's pitch classes."""
        return {(self.root + step) % 12 for step in (0, *self.intervals)}


def bars_of(chart: str) -> list[list[Chord]]:
    """A chord chart ('Fmaj7 | Dm7 | Gm7 C7 | ...') as bars of one or two chords each."""
    return [[Chord.parse(symbol) for symbol in bar.split()] for bar in chart.split("|")]


def voicing(chord: Chord, low: int, high: int, previous: Sequence[int] | None) -> list[int]:
    """Four notes of `chord` (its upper tones, rootless as a jazz pianist plays) between `low` and `high`,
    the inversion nearest the previous voicing so the parts move smoothly."""
    classes = [(chord.root + step) % 12 for step in chord.intervals]
    options: list[list[int]] = []
    for base in range(low, high - 6):
        for turn in range(len(classes)):
            order = classes[turn:] + classes[:turn]
            notes, note = [], base - 1
            for pitch_class in order:
                note += 1
                while note % 12 != pitch_class:
                    note += 1
                notes.append(note)
            if notes[0] == base and notes[-1] <= high:
                options.append(notes)
    if previous is None:
        centre = (low + high) / 2
        return min(options, key=lambda notes: abs(sum(notes) / len(notes) - centre))
    return min(options, key=lambda notes: sum(abs(a - b) for a, b in zip(sorted(notes), sorted(previous))))


def melody(line: str) -> list[tuple[float, float, int | None]]:
    """A melody ('E5/1 G5/.5 r/.5 | ...': note/beats, r a rest, | between 4-beat bars) as (beat, beats, note)."""
    out: list[tuple[float, float, int | None]] = []
    beat = 0.0
    for number, bar in enumerate(line.split("|")):
        start = beat
        for token in bar.split():
            name, length = token.split("/")
            out.append((beat, float(length), None if name == "r" else midi(name)))
            beat += float(length)
        if abs(beat - start - 4) > 1e-9:
            raise ValueError(f"bar {number + 1} of a melody lasts {beat - start} beats, not 4: {bar!r}")
    return out


# --- instruments --------------------------------------------------------------------------------------------

def _times(seconds: float) -> Signal:
    return np.arange(int(seconds * RATE)) / RATE


def _release(t: Signal, hold: float, time_constant: float) -> Signal:
    """1 while the key is held, then an exponential fall (a damper)."""
    return np.exp(-np.maximum(0.0, t - hold) / time_constant)


def _band_noise(seconds: float, low: float, high: float, seed: int) -> Signal:
    """White noise band-passed to `low`..`high` Hz (by masking its spectrum)."""
    n = max(2, int(seconds * RATE))
    spectrum = np.fft.rfft(np.random.default_rng(seed).standard_normal(n))
    freqs = np.fft.rfftfreq(n, 1 / RATE)
    mask = 1 / (1 + (low / np.maximum(freqs, 1.0)) ** 4) / (1 + (freqs / high) ** 4)
    out = np.fft.irfft(spectrum * mask, n)
    return out / (np.sqrt(np.mean(out ** 2)) + 1e-12)


@cache
def piano(note: int, hold: float, velocity: float) -> Signal:
    """A piano note: slightly stretched partials from two detuned strings, the upper ones dying first, a
    brighter tone the harder it is struck, and a soft hammer knock."""
    f0 = hz(note)
    ring = float(np.clip(3.2 * (220 / f0) ** 0.45, 0.7, 7.0))
    seconds = min(hold + 0.35, ring * 2.2 + 0.3)
    t = _times(seconds)
    out = np.zeros_like(t)
    for k in range(1, 16):
        fk = k * f0 * math.sqrt(1 + 0.00035 * k * k)
        if fk > 7500:
            break
        amp = k ** -1.45 * math.exp(-(k - 1) * (1.15 - velocity) * 0.55)
        tau = ring / (1 + 0.55 * (k - 1))
        envelope = 0.55 * np.exp(-t / (tau * 0.22)) + 0.45 * np.exp(-t / tau)
        wave_ = np.sin(2 * np.pi * fk * t + k)
        if k <= 3:  # the unison strings beat slowly against each other
            wave_ = 0.5 * (wave_ + np.sin(2 * np.pi * fk * 1.0009 * t + 2 * k))
        out += amp * envelope * wave_
    out *= (1 - np.exp(-t / 0.0025)) * _release(t, hold, 0.09)
    knock = _band_noise(0.03, 200, 2500, note) * np.exp(-_times(0.03) / 0.006) * 0.03
    out[: len(knock)] += knock
    return out * velocity ** 1.4


@cache
def vibes(note: int, hold: float, velocity: float) -> Signal:
    """A vibraphone: bars tuned 1 : 4 : 10, a soft mallet, the motor's gentle tremolo, damped when let go."""
    f0 = hz(note)
    seconds = min(hold + 0.4, 4.0)
    t = _times(seconds)
    out = (np.exp(-t / 1.9) * np.sin(2 * np.pi * f0 * t)
           + 0.16 * np.exp(-t / 0.35) * np.sin(2 * np.pi * 4 * f0 * t)
           + 0.035 * np.exp(-t / 0.08) * np.sin(2 * np.pi * 10 * f0 * t))
    tremolo = 1 + 0.22 * np.sin(2 * np.pi * 5.1 * t + note)
    out *= tremolo * (1 - np.exp(-t / 0.003)) * _release(t, hold, 0.16)
    return out * velocity ** 1.3


@cache
def bass(note: int, hold: float, velocity: float) -> Signal:
    """A plucked upright bass: a round fundamental, a little growl above it, the pitch settling as it sounds."""
    f0 = hz(note)
    seconds = hold + 0.12
    t = _times(seconds)
    phase = 2 * np.pi * f0 * (t + 0.012 * 0.03 * (1 - np.exp(-t / 0.03)))
    out = np.zeros_like(t)
    for k, amp in ((1, 1.0), (2, 0.6), (3, 0.35), (4, 0.16), (5, 0.07)):
        out += amp * np.exp(-t * (0.9 + 1.6 * k)) * np.sin(k * phase)
    out *= (1 - np.exp(-t / 0.006)) * _release(t, hold, 0.05)
    return out * velocity ** 1.2


@cache
def drum(kind: str, variant: int) -> Signal:
    """One hit of the brushed kit: 'tap' (brush on the snare), 'swish' (the brush stirred), 'ride', 'kick',
    'chick' (the hi-hat's foot) and 'crash'; a few variants of each, so repeats are not identical."""
    seed = 1000 * "tap swish ride kick chick crash".split().index(kind) + variant
    if kind == "tap":
        t = _times(0.25)
        return (_band_noise(0.25, 700, 6000, seed) * (np.exp(-t / 0.045) + 0.25 * np.exp(-t / 0.14))
                * (1 - np.exp(-t / 0.002)) * 0.3)
    if kind == "swish":
        t = _times(0.5)
        return _band_noise(0.5, 1800, 8000, seed) * np.sin(np.pi * t / 0.5) ** 2 * 0.07
    if kind == "ride":
        t = _times(1.4)
        rng = np.random.default_rng(seed)
        bell = sum(np.sin(2 * np.pi * f * (1 + rng.uniform(-0.004, 0.004)) * t) * a
                   for f, a in ((3120, 0.5), (4630, 0.4), (5710, 0.35), (7230, 0.25), (8450, 0.2)))
        hiss = _band_noise(1.4, 5000, 12000, seed)
        return (0.25 * bell + 0.6 * hiss) * np.exp(-t / 0.38) * (1 - np.exp(-t / 0.001)) * 0.09
    if kind == "kick":
        t = _times(0.35)
        phase = 2 * np.pi * (52 * t + (95 - 52) * 0.025 * (1 - np.exp(-t / 0.025)))
        return np.sin(phase) * np.exp(-t / 0.14) * (1 - np.exp(-t / 0.003)) * 0.5
    if kind == "chick":
        t = _times(0.12)
        return _band_noise(0.12, 3000, 9000, seed) * np.exp(-t / 0.025) * 0.12
    if kind == "crash":
        t = _times(2.6)
        swell = 1 - np.exp(-t / 0.01)
        return _band_noise(2.6, 3000, 11000, seed) * np.exp(-t / 0.75) * swell * 0.22
    raise ValueError(kind)


# --- the score: a buffer that notes are mixed into -----------------------------------------------------------

@dataclass
class Score:
    """A stereo buffer in beats of a swung tempo; `loop` makes it circular, so anything that rings past the
    end wraps round into the start."""

    bpm: float
    bars: int
    swing: float  # where the off-beat eighth falls within the beat: 0.5 straight, 2/3 a full triplet swing
    loop: bool
    tail: float = 0.0  # seconds kept after the last bar when not looping
    seed: int = 0
    left: Signal = field(init=False)
    right: Signal = field(init=False)

    def __post_init__(self) -> None:
        self.length = round(self.seconds(self.bars * 4) * RATE) + (0 if self.loop else round(self.tail * RATE))
        self.left = np.zeros(self.length)
        self.right = np.zeros(self.length)
        self.rng = np.random.default_rng(self.seed)

    def seconds(self, beat: float) -> float:
        """When `beat` falls, with the off-beat eighths swung."""
        whole = math.floor(beat)
        part = beat - whole
        swung = part / 0.5 * self.swing if part <= 0.5 else self.swing + (part - 0.5) / 0.5 * (1 - self.swing)
        return (whole + swung) * 60 / self.bpm

    def add(self, sound: Signal, beat: float, gain: float = 1.0, pan: float = 0.0, jitter: float = 0.004) -> None:
        """Mix `sound` in at `beat` (a few milliseconds early or late, as a player is), panned -1 .. 1."""
        start = round((self.seconds(beat) + self.rng.uniform(-jitter, jitter)) * RATE)
        left = gain * math.cos((pan + 1) * math.pi / 4)
        right = gain * math.sin((pan + 1) * math.pi / 4)
        if self.loop:
            start %= self.length
            done = 0
            while done < len(sound):  # a sound longer than the room left wraps round, as often as it must
                take = min(len(sound) - done, self.length - start)
                self.left[start:start + take] += left * sound[done:done + take]
                self.right[start:start + take] += right * sound[done:done + take]
                done += take
                start = 0
        else:
            start = max(0, start)
            take = min(len(sound), self.length - start)
            self.left[start:start + take] += left * sound[:take]
            self.right[start:start + take] += right * sound[:take]

    def hold(self, beat: float, beats: float) -> float:
        """How many seconds a note from `beat` lasting `beats` is held, rounded so notes are cached."""
        return round(max(0.05, self.seconds(beat + beats) - self.seconds(beat)) * 50) / 50

    def velocity(self, base: float, spread: float = 0.06) -> float:
        """A velocity near `base`, rounded so repeated notes come from the cache."""
        return round(float(np.clip(base + self.rng.uniform(-spread, spread), 0.1, 1.0)) * 20) / 20


def play_melody(score: Score, line: str, instrument: Callable[[int, float, float], Signal], *, gain: float,
                pan: float, at: float = 0.0, legato: float = 0.92) -> None:
    """A melody on `instrument`, the strong beats a touch louder than the weak ones."""
    for beat, beats, note in melody(line):
        if note is None:
            continue
        accent = 0.08 if beat % 1 == 0 else -0.04
        score.add(instrument(note, score.hold(at + beat, beats * legato), score.velocity(0.62 + accent)),
                  at + beat, gain, pan)


def brushes(score: Score, bar: int, *, ride: bool, kick: float, variety: int) -> None:
    """One bar of brushes: the stir on every half bar, taps on two and four, the ride's 'ding, ding-a'."""
    base = bar * 4
    pick = int(score.rng.integers(0, variety * 4))
    for half in (0, 2):
        score.add(drum("swish", (bar + half) % 4), base + half, 1.0, -0.25, 0.01)
    for beat in (1, 3):
        score.add(drum("tap", (bar * 2 + beat + pick) % 6), base + beat, 0.6, -0.2)
        score.add(drum("chick", beat % 3), base + beat, 0.5, 0.35)
    if kick:
        for beat in (0, 2):
            score.add(drum("kick", 0), base + beat, kick, 0.0)
    if ride:
        pattern = (0, 1, 1.5, 2, 3, 3.5) if pick % 3 else (0, 1, 1.5, 2, 2.5, 3, 3.5)
        for beat in pattern:
            loud = 0.9 if beat % 1 == 0 else 0.55
            score.add(drum("ride", int(score.rng.integers(0, 4))), base + beat, loud, 0.45)


# --- the pieces ----------------------------------------------------------------------------------------------

TITLE_CHART = " | ".join((
    "C6 | A7 | Dm7 | G7 | Em7 | A7 | Dm7 G7 | C6 G7",
    "C6 | A7 | Dm7 | G7 | Em7 | A7 | Dm7 G7 | C6 C7",
    "F6 | F#dim7 | C6 | A7 | D7 | D7 | G7 | G7",
    "C6 | A7 | Dm7 | G7 | Em7 A7 | Dm7 G7 | C6 A7 | Dm7 G7",
))
TITLE_A = ("E5/1 G5/.5 A5/.5 G5/1 E5/1 | C#5/1 E5/.5 G5/.5 A5/1.5 r/.5 | F5/1 A5/.5 F5/.5 D5/1 C5/.5 D5/.5"
           " | B4/1 D5/.5 F5/.5 G5/1.5 r/.5 | G5/1 E5/.5 G5/.5 B5/1 G5/1 | A5/1 G5/.5 E5/.5 C#5/1 E5/1")
TITLE_MELODY = " | ".join((
    TITLE_A, "F5/1 A5/1 G5/1 F5/1 | E5/2 C5/1 r/1",
    TITLE_A, "F5/1 A5/1 G5/1 B4/1 | C5/3 r/1",
    "A5/1.5 F5/.5 C5/1 D5/1 | A5/1.5 F#5/.5 Eb5/1 C5/1 | E5/1 G5/1 C6/1.5 r/.5 | A5/1 G5/1 E5/1 C#5/1",
    "D5/1 F#5/.5 A5/.5 C6/1 A5/1 | F#5/2 E5/.5 F#5/.5 A5/1 | G5/1 F5/.5 D5/.5 B4/1 D5/1"
    " | F5/1 E5/.5 D5/.5 B4/1 G4/1",
    "E5/1 G5/.5 A5/.5 G5/1 E5/1 | C#5/1 E5/.5 G5/.5 A5/1.5 r/.5 | F5/1 A5/.5 F5/.5 D5/1 C5/.5 D5/.5"
    " | B4/1 D5/.5 F5/.5 G5/1.5 r/.5 | G5/1 B5/1 A5/1 G5/1 | F5/1 A5/1 G5/1 F5/1 | E5/2 C#5/1 E5/1"
    " | D5/1 F5/.5 A5/.5 G5/1 B4/1",
))

TABLE_CHART = " | ".join((
    "Fmaj7 | Dm7 | Gm7 | C7 | Fmaj7 | D7 | Gm7 | C7",
    "Fmaj7 | Dm7 | Gm7 | C7 | Am7 D7 | Gm7 C7 | F6 | Cm7 F7",
    "Bbmaj7 | Bbm7 Eb7 | Am7 | D7 | Gm7 | C7 | Am7 D7 | Gm7 C7",
    "Fmaj7 | Dm7 | Gm7 | C7 | Am7 D7 | Gm7 C7 | F6 D7 | Gm7 C7",
))
TABLE_A = ("r/1 A4/.5 C5/.5 E5/1.5 D5/.5 | C5/2 A4/1 r/1 | r/1 Bb4/.5 D5/.5 F5/1.5 E5/.5 | D5/1 C5/1 Bb4/1 G4/1")
TABLE_MELODY = " | ".join((
    TABLE_A, "r/.5 C5/.5 A4/.5 C5/.5 E5/1 C5/1 | F#5/1.5 D5/.5 C5/1 A4/1 | Bb4/1 D5/.5 F5/.5 A5/1 G5/1 | E5/3 r/1",
    TABLE_A, "C5/1 E5/1 F#5/1 A5/1 | G5/1 F5/1 E5/1 D5/1 | C5/3 r/1 | r/1 Eb5/.5 D5/.5 C5/1 A4/1",
    "D5/1.5 F5/.5 A5/2 | Db5/1 F5/1 G5/1 Db5/1 | C5/1.5 E5/.5 G5/2 | F#5/1 E5/.5 D5/.5 C5/1 A4/1"
    " | Bb4/1.5 D5/.5 F5/2 | E5/1 D5/.5 C5/.5 Bb4/1 G4/1 | A4/1 C5/1 F#5/1 E5/1 | D5/2 E5/1 G5/1",
    TABLE_A, "C5/1 E5/1 F#5/1 A5/1 | G5/1 F5/1 E5/1 D5/1 | F5/2 F#5/1 A5/1 | G5/1 F5/1 E5/1 r/1",
))


def title() -> Score:
    """The title theme: stride piano (a low note on one and three, a chord on two and four), a vibraphone
    tune, a soft bass under the piano's left hand, light brushes and ride."""
    score = Score(bpm=116, bars=32, swing=0.62, loop=True, seed=11)
    previous: list[int] | None = None
    for number, bar in enumerate(bars_of(TITLE_CHART)):
        base = number * 4
        halves = [(bar[0], 0), (bar[0], 2)] if len(bar) == 1 else [(bar[0], 0), (bar[1], 2)]
        for chord, beat in halves:
            root = 36 + (chord.root - 0) % 12
            low = root if beat == 0 or len(bar) == 2 else root + 7 - (12 if root + 7 > 47 else 0)
            score.add(piano(low, score.hold(base + beat, 0.9), score.velocity(0.6)), base + beat, 0.5, -0.15)
            score.add(piano(low + 12, score.hold(base + beat, 0.9), score.velocity(0.45)), base + beat, 0.35,
                      -0.15)
            previous = voicing(chord, 55, 70, previous)
            for note in previous:
                score.add(piano(note, score.hold(base + beat + 1, 0.45), score.velocity(0.45)), base + beat + 1,
                          0.22, -0.1)
            score.add(bass(low - 12 if low - 12 >= 28 else low, score.hold(base + beat, 1.8), score.velocity(0.7)),
                      base + beat, 0.3, 0.05)
        brushes(score, number, ride=True, kick=0.12, variety=3)
    play_melody(score, TITLE_MELODY, vibes, gain=0.5, pan=0.2)
    play_melody(score, TITLE_MELODY, lambda n, h, v: piano(n + 12, h, v * 0.8), gain=0.12, pan=0.25)
    return score


COMPING = ((0, 1.4), (1.5, 2.0)), ((1, 0.9), (3, 0.9)), ((0, 0.8), (2.5, 1.2)), ((0, 3.6),)


def table() -> Score:
    """The table loop: piano comping on shifting rhythms, a sparse right-hand line, walking bass, brushes."""
    score = Score(bpm=92, bars=32, swing=2 / 3, loop=True, seed=23)
    previous: list[int] | None = None
    bars = bars_of(TABLE_CHART)
    walk: list[tuple[float, int]] = []
    roots: set[float] = set()
    for number, bar in enumerate(bars):
        base = number * 4
        spans = [(bar[0], 0.0, 4.0)] if len(bar) == 1 else [(bar[0], 0.0, 2.0), (bar[1], 2.0, 2.0)]
        following = bars[(number + 1) % len(bars)][0]
        for index, (chord, start, beats) in enumerate(spans):
            previous = voicing(chord, 53, 68, previous)
            if beats == 4:
                rhythm = COMPING[int(score.rng.integers(0, len(COMPING)))]
            else:
                rhythm = ((0, 1.4),) if score.rng.random() < 0.6 else ((0.5, 1.2),)
            for offset, length in rhythm:
                for note in previous:
                    score.add(piano(note, score.hold(base + start + offset, length), score.velocity(0.42)),
                              base + start + offset, 0.2, -0.2)
            after = spans[index + 1][0] if index + 1 < len(spans) else following
            walk += walking_line(score, chord, after, base + start, int(beats))
            roots.add((base + start + beats) % (len(bars) * 4))
        brushes(score, number, ride=number % 8 >= 4, kick=0.08, variety=2)
    for beat, note in walk:  # the last beat's step into the next root is played lighter, as a passing note
        level = 0.6 if (beat + 1) % (len(bars) * 4) in roots else 0.72
        score.add(bass(note, score.hold(beat, 0.92), score.velocity(level)), beat, 0.32, 0.05)
    play_melody(score, TABLE_MELODY, piano, gain=0.34, pan=0.15, legato=0.85)
    play_melody(score, TABLE_MELODY, vibes, gain=0.12, pan=0.3, legato=0.85)
    return score


def walking_line(score: Score, chord: Chord, after: Chord, beat: float, beats: int) -> list[tuple[float, int]]:
    """A walking bass under `chord` for `beats` beats: the root first, chord tones between, and a step from
    a semitone away into the next chord's root on the last beat."""
    root = 29 + (chord.root - 5) % 12  # F1 .. E2, so the walk stays in the bass's warm register
    target = 29 + (after.root - 5) % 12
    tones = sorted(root + step for step in (0, *chord.intervals[:3]) if step < 12)
    line = [root]
    for _ in range(beats - 2):
        line.append(int(score.rng.choice([note for note in tones if note != line[-1]])))
    if beats > 1:
        line.append(target + (1 if score.rng.random() < 0.5 else -1))
    return [(beat + index, note) for index, note in enumerate(line)]


def win() -> Score:
    """The win sting: a quick run up on vibraphone and piano to a ringing C 6/9 chord over a soft cymbal."""
    score = Score(bpm=138, bars=1, swing=0.5, loop=False, tail=1.3, seed=31)
    for index, name in enumerate(("G4", "C5", "E5", "G5", "A5")):
        beat = index * 0.5
        score.add(vibes(midi(name), 0.25, 0.75), beat, 0.5, 0.2, 0.0)
        score.add(piano(midi(name) + 12, 0.2, 0.55), beat, 0.18, 0.25, 0.0)
    chord_at = 2.5
    for name in ("C2", "C3"):
        score.add(bass(midi(name), 1.6, 0.8) if name == "C2" else piano(midi(name), 1.6, 0.6), chord_at, 0.5, 0.0)
    for name in ("E4", "A4", "D5", "G5"):
        score.add(piano(midi(name), 1.6, 0.7), chord_at, 0.2, -0.15, 0.0)
    for name in ("C6", "E6"):
        score.add(vibes(midi(name), 1.6, 0.8), chord_at, 0.35, 0.25, 0.0)
    score.add(drum("crash", 0), chord_at, 0.5, 0.35, 0.0)
    score.add(drum("kick", 0), chord_at, 0.5, 0.0, 0.0)
    return score


PIECES: dict[str, Callable[[], Score]] = {"title": title, "table": table, "win": win}


# --- the room and the master -----------------------------------------------------------------------------------

def room(seconds: float, seed: int) -> tuple[Signal, Signal]:
    """A small warm room's impulse response for each ear: early reflections, then a tail whose highs die first."""
    t = _times(seconds)
    out = []
    for ear in (0, 1):
        rng = np.random.default_rng(seed + ear)
        tail = rng.standard_normal(len(t)) * np.exp(-t / 0.28)
        dark = np.fft.irfft(np.fft.rfft(tail) * 1 / (1 + (np.fft.rfftfreq(len(t), 1 / RATE) / 3500) ** 2), len(t))
        response = 0.6 * dark + 0.4 * tail * np.exp(-t / 0.08)
        response[: int(0.012 * RATE)] = 0.0  # the first reflections arrive after the direct sound
        for delay, gain in ((0.013, 0.5), (0.019 + 0.003 * ear, 0.4), (0.027 - 0.002 * ear, 0.3)):
            response[int(delay * RATE)] += gain * 40
        out.append(response / np.sqrt(np.sum(response ** 2)))
    return out[0], out[1]


def fast_size(least: int) -> int:
    """The smallest length of at least `least` with no prime factor above 5 (a quick FFT)."""
    best = 1 << (least - 1).bit_length()
    fives = 1
    while fives < best:
        threes = fives
        while threes < best:
            twos = threes
            while twos < least:
                twos *= 2
            best = min(best, twos)
            threes *= 3
        fives *= 5
    return best


def master(score: Score, wet: float = 0.22) -> Signal:
    """The score in its room, gently darkened, at the level of a bed under the effects: int16 stereo frames.

    A loop's reverb tail is folded back into its start, as it sounds when the loop goes round; the sting
    keeps its tail and fades to silence at its end."""
    responses = room(1.2, 7)
    size = fast_size(score.length + len(responses[0]))
    freqs = np.fft.rfftfreq(size, 1 / RATE)
    tone = 1 / np.sqrt(1 + (freqs / 9000) ** 4)  # rounds off the top, as a room and old records do
    channels = []
    for dry, response in zip((score.left, score.right), responses):
        spectrum = np.fft.rfft(dry, size)
        out = np.fft.irfft(spectrum * (tone + wet * np.fft.rfft(response, size)), size)
        if score.loop:
            folded = out[: score.length].copy()
            rest = out[score.length:]
            for start in range(0, len(rest), score.length):
                piece = rest[start:start + score.length]
                folded[: len(piece)] += piece
            out = folded
        channels.append(out[: score.length])
    mix = np.stack(channels, axis=1)
    if not score.loop:
        fade = int(0.35 * RATE)
        mix[-fade:] *= np.linspace(1, 0, fade)[:, None] ** 2
    rms = float(np.sqrt(np.mean(mix ** 2)))
    gain = 10 ** (TARGET_RMS_DB / 20) / rms
    if score.loop:
        gain = min(gain, PEAK_CEILING / float(np.max(np.abs(mix))))
    else:  # the sting is a moment, not a bed: it may stand as loud as the effects do
        gain = PEAK_CEILING * 1.35 / float(np.max(np.abs(mix)))
    return np.round(np.clip(mix * gain, -1, 1) * 32767).astype("<i2")


# --- files ------------------------------------------------------------------------------------------------------

def _crc_table() -> list[int]:
    table = []
    for index in range(256):
        crc = index << 24
        for _ in range(8):
            crc = ((crc << 1) ^ 0x04C11DB7) & 0xFFFFFFFF if crc & 0x80000000 else (crc << 1) & 0xFFFFFFFF
        table.append(crc)
    return table


def fix_serial(data: bytes, serial: int = OGG_SERIAL) -> bytes:
    """The Ogg stream with every page's serial number set to `serial` and its CRC mended (libsndfile picks a
    random serial, which would make every run's bytes differ)."""
    table = _crc_table()
    out = bytearray(data)
    at = 0
    while at < len(out):
        if out[at:at + 4] != b"OggS":
            raise ValueError(f"not an Ogg page at byte {at}")
        segments = out[at + 26]
        size = 27 + segments + sum(out[at + 27:at + 27 + segments])
        out[at + 14:at + 18] = serial.to_bytes(4, "little")
        out[at + 22:at + 26] = b"\0\0\0\0"
        crc = 0
        for byte in out[at:at + size]:
            crc = ((crc << 8) & 0xFFFFFFFF) ^ table[(crc >> 24) ^ byte]
        out[at + 22:at + 26] = crc.to_bytes(4, "little")
        at += size
    return bytes(out)


def encode_ogg(frames: Signal) -> bytes:
    """Ogg Vorbis bytes of int16 stereo `frames` (soundfile: a tools-only requirement)."""
    import soundfile  # imported here: --check and --wav need only numpy

    buffer = io.BytesIO()
    with soundfile.SoundFile(buffer, "w", RATE, 2, format="OGG", subtype="VORBIS",
                             compression_level=OGG_QUALITY) as out:
        for start in range(0, len(frames), 16384):  # libsndfile 1.2's Vorbis writer crashes on one long write
            out.write(frames[start:start + 16384])
    return fix_serial(buffer.getvalue())


def write_wav(path: Path, frames: Signal) -> None:
    """A 16-bit stereo WAV of `frames`, for listening and for sox."""
    with wave.open(str(path), "wb") as out:
        out.setnchannels(2)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames.tobytes())


def render() -> dict[str, Signal]:
    """Every piece, mastered."""
    return {name: master(make()) for name, make in PIECES.items()}


def describe(name: str, frames: Signal, ogg: bytes | None) -> dict[str, object]:
    """What the manifest says of one piece."""
    return {
        "file": f"{name}.ogg", "loop": name != "win", "seconds": round(len(frames) / RATE, 3),
        "frames": len(frames), "rate": RATE, "channels": 2,
        "pcm_sha256": hashlib.sha256(frames.tobytes()).hexdigest(),
        **({"ogg_sha256": hashlib.sha256(ogg).hexdigest()} if ogg is not None else {}),
    }


def check(out: Path) -> list[str]:
    """What differs between a fresh render and the manifest in `out` (and between the manifest and the files)."""
    manifest = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
    problems = []
    for name, frames in render().items():
        entry = manifest["tracks"].get(name)
        if entry is None:
            problems.append(f"{name}: not in the manifest")
            continue
        fresh = describe(name, frames, None)
        for key, value in fresh.items():
            if entry.get(key) != value:
                problems.append(f"{name}: {key} is {value!r} now, {entry.get(key)!r} in the manifest")
        path = out / entry["file"]
        if not path.is_file() or hashlib.sha256(path.read_bytes()).hexdigest() != entry["ogg_sha256"]:
            problems.append(f"{name}: {path.name} is not the file the manifest describes")
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    """Render, encode and describe the music; or check a fresh render against the manifest."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="folder of the OGG files and the manifest")
    parser.add_argument("--wav", type=Path, help="also write each piece as a WAV here, to listen to")
    parser.add_argument("--check", action="store_true", help="render and compare with the manifest; write nothing")
    args = parser.parse_args(argv)
    if args.check:
        problems = check(args.out)
        for problem in problems:
            print(f"make_music: {problem}", file=sys.stderr)
        return 1 if problems else 0
    args.out.mkdir(parents=True, exist_ok=True)
    tracks = {}
    for name, frames in render().items():
        ogg = encode_ogg(frames)
        (args.out / f"{name}.ogg").write_bytes(ogg)
        tracks[name] = describe(name, frames, ogg)
        if args.wav is not None:
            args.wav.mkdir(parents=True, exist_ok=True)
            write_wav(args.wav / f"{name}.wav", frames)
        print(f"{name}: {tracks[name]['seconds']} s, {len(ogg) // 1024} KiB")
    manifest = {"made_by": "tools/make_music.py", "tracks": tracks}
    (args.out / MANIFEST).write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
