"""The asset registry: fonts by role and size, sounds by name, made once after pygame starts.

Nothing here touches pygame at import time. A font or sound that cannot be loaded never stops the
game: fonts fall back to pygame's default font and sounds to a silent `NullSound`, each with one
warning line on stderr, so a broken install still plays (if plainer, or silently).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Protocol

import pygame

from ..bundle import ASSETS_DIR as ASSETS_DIR

FONT_FILES: dict[str, str] = {
    "body": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "title": "DejaVuSerif-Bold.ttf",
    "condensed": "DejaVuSansCondensed-Bold.ttf",
}

SOUND_NAMES = ("shuffle", "deal", "card_play", "chip_clink", "stop", "boodle_win", "going_out",
               "session_won", "session_lost", "click", "bubble", "your_boodle",
               "charm")

MIXER_CHANNELS = 24  # a quick deal overlaps a dozen flicks; chips clink over them


def warn(message: str) -> None:
    """One warning line on stderr."""
    print(f"newmarket: warning: {message}", file=sys.stderr, flush=True)


class SoundLike(Protocol):
    """What the game needs from a sound: pygame.mixer.Sound and NullSound both fit."""

    def play(self, loops: int = 0, maxtime: int = 0, fade_ms: int = 0) -> Any: ...

    def stop(self) -> None: ...

    def get_length(self) -> float: ...


class NullSound:
    """A sound that plays nothing: used when there is no mixer or the file is missing or broken."""

    def play(self, loops: int = 0, maxtime: int = 0, fade_ms: int = 0) -> None:
        """Play nothing."""
        return None

    def stop(self) -> None:
        """Stop nothing."""

    def set_volume(self, value: float) -> None:
        """Ignore the volume."""

    def get_length(self) -> float:
        """A silent sound lasts no time."""
        return 0.0


def init_mixer() -> bool:
    """Start the mixer if it is not running; False (and silence) when there is no audio device."""
    try:
        if not pygame.mixer.get_init():
            pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
        pygame.mixer.set_num_channels(MIXER_CHANNELS)
        return True
    except (pygame.error, NotImplementedError, OSError) as error:
        warn(f"no audio ({error}); the game plays silently")
        return False


class Assets:
    """Fonts by (role, size) and sounds by name, with the player's volume settings."""

    def __init__(self, root: Path | None = None, *, audio: bool = True, master_volume: float = 1.0,
                 effects_volume: float = 1.0, muted: bool = False) -> None:
        self.root = Path(root) if root is not None else ASSETS_DIR
        self.master_volume = master_volume
        self.effects_volume = effects_volume
        self.muted = muted
        if not pygame.font.get_init():
            pygame.font.init()
        self._fonts: dict[tuple[str, int], pygame.font.Font] = {}
        self._font_paths: dict[str, Path | None] = {}
        folder = self.root / "sounds"
        extra = sorted(p.stem for p in folder.glob("*.wav") if p.stem not in SOUND_NAMES) if folder.is_dir() else []
        self.sound_names: tuple[str, ...] = SOUND_NAMES + tuple(extra)
        self.audio = init_mixer() if audio else False
        self._sounds: dict[str, SoundLike] = self._load_sounds() if self.audio else {}
        self._null = NullSound()

    # --- fonts ----------------------------------------------------------------------------------

    def font(self, role: str, size: int) -> pygame.font.Font:
        """The font for `role` ("body", "bold", "title", "condensed") at `size` pixels, cached."""
        key = (role, size)
        found = self._fonts.get(key)
        if found is None:
            found = self._fonts[key] = self._load_font(role, size)
        return found

    def font_fallback(self, role: str) -> bool:
        """True when `role` is drawn with pygame's default font because its file would not load."""
        self.font(role, 12)
        return self._font_paths[role] is None

    def _load_font(self, role: str, size: int) -> pygame.font.Font:
        if role not in FONT_FILES:
            raise KeyError(f"unknown font role {role!r}; known: {', '.join(FONT_FILES)}")
        path = self._font_paths.get(role, self.root / "fonts" / FONT_FILES[role])
        if path is not None:
            try:
                font = pygame.font.Font(path, size)
                font.size("A♠")  # a corrupt file may open without complaint and fail only on first use
                self._font_paths[role] = path
                return font
            except (OSError, pygame.error, ValueError, RuntimeError) as error:
                warn(f"font {path} would not load ({error}); using pygame's default font, "
                     "in which suit symbols may not show")
                self._font_paths[role] = None
        return pygame.font.Font(None, size)

    # --- sounds ---------------------------------------------------------------------------------

    def _load_sounds(self) -> dict[str, SoundLike]:
        folder = self.root / "sounds"
        sounds: dict[str, SoundLike] = {}
        broken: list[str] = []
        for name in self.sound_names:
            try:
                sounds[name] = pygame.mixer.Sound(folder / f"{name}.wav")
            except (OSError, pygame.error, FileNotFoundError):
                sounds[name] = NullSound()
                broken.append(name)
        if broken:
            warn(f"sounds missing or unreadable in {folder}: {', '.join(broken)}; they play silently")
        return sounds

    def sound(self, name: str) -> SoundLike:
        """The sound called `name` (a NullSound when audio is off or the file would not load)."""
        found = self._sounds.get(name)
        if found is not None:
            return found
        if name in self.sound_names:
            return self._null
        raise KeyError(f"unknown sound {name!r}; known: {', '.join(self.sound_names)}")

    @property
    def effects_level(self) -> float:
        """The volume effects play at: master x effects, or 0 when muted."""
        if self.muted:
            return 0.0
        return max(0.0, min(1.0, self.master_volume)) * max(0.0, min(1.0, self.effects_volume))

    def play(self, name: str, volume: float = 1.0) -> None:
        """Play the sound `name` at `volume` times the effects level; nothing when muted."""
        sound = self.sound(name)
        level = self.effects_level * volume
        if level <= 0.0 or isinstance(sound, NullSound) or not pygame.mixer.get_init():
            return
        channel = pygame.mixer.find_channel(True)
        if channel is None:
            return
        # the volume is set on the channel before playing, so overlapping plays keep their own levels
        channel.set_volume(level)
        channel.play(sound)  # type: ignore[arg-type]

    def apply_settings(self, settings: Any) -> None:
        """Take master_volume, effects_volume and muted from any settings object that has them."""
        for name in ("master_volume", "effects_volume", "muted"):
            if hasattr(settings, name):
                setattr(self, name, getattr(settings, name))

    def stop_all(self) -> None:
        """Silence every playing sound."""
        if self.audio:
            pygame.mixer.stop()
