"""The music player: the title theme and the table loop streamed with pygame.mixer.music, and stings.

pygame.mixer.music has one stream, so a change of track is a dip rather than an overlap: the track playing
fades out, then the new one starts from silence and fades in. A sting (the win) is a short Sound on a
channel kept for it, and the music ducks under it. The level is master x music volume, 0 when muted, and
follows the settings at once. With no audio device, or a music file missing or damaged, the game plays on
without music: one warning line says which file, as the sound effects do.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from .assets import ASSETS_DIR, warn

TRACKS = {"title": "title.ogg", "table": "table.ogg"}
STINGS = {"win": "win.ogg"}
FADE_OUT = 0.8  # seconds for the old track to fall silent
FADE_IN = 1.5  # and for the new one to come up
DUCK = 0.35  # the music's share of its level while a sting plays
DUCK_RISE = 0.6  # seconds for the music to come back after a sting
STING_CHANNEL = 0  # reserved, so the effects never take it


class Music:
    """One player for the whole game: `play(track)` to move to a track, `sting(name)` over it, `update(dt)`
    every frame to run the fades."""

    def __init__(self, root: Path | None = None, *, audio: bool = True, master_volume: float = 1.0,
                 music_volume: float = 0.6, muted: bool = False) -> None:
        self.folder = (Path(root) if root is not None else ASSETS_DIR) / "music"
        self.master_volume = master_volume
        self.music_volume = music_volume
        self.muted = muted
        self.audio = audio and bool(pygame.mixer.get_init())
        self.wanted: str | None = None  # the track asked for
        self.playing: str | None = None  # the track streaming now (None: silence)
        self.fade = 0.0  # how far the streaming track is faded in, 0 .. 1
        self.duck = 1.0  # 1, or less while a sting plays over the music
        self._duck_hold = 0.0  # seconds of sting left before the music rises again
        self.broken: set[str] = set()
        self._stings: dict[str, pygame.mixer.Sound] = {}
        self._channel: pygame.mixer.Channel | None = None
        if self.audio:
            self._open()

    def _open(self) -> None:
        """Check the tracks are there and load the stings (small) now, so a problem is said at the start."""
        missing = [name for name, file in TRACKS.items() if not (self.folder / file).is_file()]
        for name, file in STINGS.items():
            try:
                self._stings[name] = pygame.mixer.Sound(self.folder / file)
            except (OSError, pygame.error) as error:
                missing.append(f"{name} ({error})" if (self.folder / file).is_file() else name)
        self.broken.update(name.split(" ")[0] for name in missing)
        if missing:
            warn(f"music missing or unreadable in {self.folder}: {', '.join(missing)}; the game plays without it")
        try:
            pygame.mixer.set_reserved(STING_CHANNEL + 1)
            self._channel = pygame.mixer.Channel(STING_CHANNEL)
        except pygame.error as error:
            warn(f"no channel for the music's stings ({error}); they are not played")

    # --- the level -------------------------------------------------------------------------------------------

    @property
    def level(self) -> float:
        """The music's volume: master x music, or 0 when muted."""
        if self.muted:
            return 0.0
        return max(0.0, min(1.0, self.master_volume)) * max(0.0, min(1.0, self.music_volume))

    def apply_settings(self, settings: Any) -> None:
        """Take master_volume, music_volume and muted from any settings object that has them, at once."""
        for name in ("master_volume", "music_volume", "muted"):
            if hasattr(settings, name):
                setattr(self, name, getattr(settings, name))
        self._apply()

    def _live(self) -> bool:
        """True while there is a mixer to play through (pygame.quit ends it under a player that outlives it)."""
        return self.audio and bool(pygame.mixer.get_init())

    def _apply(self) -> None:
        if self.playing is not None and self._live():
            pygame.mixer.music.set_volume(self.level * self.fade * self.duck)

    # --- tracks ----------------------------------------------------------------------------------------------

    def play(self, track: str | None) -> None:
        """Move to `track` ("title" or "table"; None keeps whatever plays): the one playing fades out first."""
        if track is None or track == self.wanted:
            return
        if track not in TRACKS:
            raise KeyError(f"unknown music track {track!r}; known: {', '.join(TRACKS)}")
        self.wanted = track
        if self.playing is None:
            self._start(track)

    def update(self, dt: float) -> None:
        """Run the fades by `dt` seconds: the old track down and out, then the new one up."""
        if self._duck_hold > 0:
            self._duck_hold = max(0.0, self._duck_hold - dt)
        elif self.duck < 1:
            self.duck = min(1.0, self.duck + dt * (1 - DUCK) / DUCK_RISE)
        if self.playing is not None and self.playing != self.wanted:
            self.fade = max(0.0, self.fade - dt / FADE_OUT)
            if self.fade <= 0:
                self.stop()
                if self.wanted is not None:
                    self._start(self.wanted)
        elif self.playing is not None and self.fade < 1:
            self.fade = min(1.0, self.fade + dt / FADE_IN)
        self._apply()

    def _start(self, track: str) -> None:
        """Stream `track` round and round from silence; on a missing or damaged file, stay silent (said once)."""
        if track in self.broken or not self._live():
            return
        path = self.folder / TRACKS[track]
        try:
            pygame.mixer.music.load(path)
            pygame.mixer.music.set_volume(0.0)
            pygame.mixer.music.play(loops=-1)
        except (OSError, pygame.error) as error:
            self.broken.add(track)
            warn(f"music {path} would not play ({error}); the game plays without it")
            return
        self.playing, self.fade = track, 0.0

    def stop(self) -> None:
        """Silence the music at once (a later `play` of another track starts it again)."""
        if self.playing is not None and self._live():
            pygame.mixer.music.stop()
            pygame.mixer.music.unload()
        self.playing, self.fade = None, 0.0

    # --- stings ----------------------------------------------------------------------------------------------

    def sting(self, name: str) -> bool:
        """Play the short piece `name` ("win") over the music, which ducks under it; False (nothing played) when the
        music is silent."""
        if name not in STINGS:
            raise KeyError(f"unknown sting {name!r}; known: {', '.join(STINGS)}")
        sound = self._stings.get(name)
        if sound is None or self._channel is None or self.level <= 0 or not self._live():
            return False
        self._channel.set_volume(self.level)
        self._channel.play(sound)
        self.duck, self._duck_hold = DUCK, sound.get_length()
        self._apply()
        return True
