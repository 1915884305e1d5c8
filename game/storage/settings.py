"""The player's preferences (volumes, speed, deck, talk, table look), remembered between runs in settings.json."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from ..locale import LANGUAGES, tr
from .atomic import write_atomically

SETTINGS_FILE = "settings.json"
ANIMATION_SPEEDS = ("slow", "normal", "fast", "instant")


@dataclass(frozen=True)
class Settings:
    """What the settings scene changes."""

    master_volume: float = 0.8
    effects_volume: float = 0.8
    muted: bool = False
    animation_speed: str = "normal"
    chattiness: float = 1.0  # scales every character's own chattiness; 0 silences them
    four_colour_deck: bool = False
    language: str = ""  # a code in locale.LANGUAGES; empty (or one this build lacks): the system's language
    table_look: str = "club"  # a name in campaign TABLE_LOOKS; kept as written, drawn only once unlocked

    def clean(self) -> Settings:
        """The same settings with every value forced into its lawful range."""
        def unit(value: Any, default: float) -> float:
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                return default
            return min(1.0, max(0.0, float(value)))
        base = Settings()
        return Settings(
            master_volume=unit(self.master_volume, base.master_volume),
            effects_volume=unit(self.effects_volume, base.effects_volume),
            muted=self.muted if isinstance(self.muted, bool) else base.muted,
            animation_speed=self.animation_speed if self.animation_speed in ANIMATION_SPEEDS else base.animation_speed,
            chattiness=unit(self.chattiness, base.chattiness),
            four_colour_deck=self.four_colour_deck if isinstance(self.four_colour_deck, bool)
            else base.four_colour_deck,
            language=self.language if isinstance(self.language, str) and self.language in LANGUAGES
            else base.language,
            table_look=self.table_look if isinstance(self.table_look, str) else base.table_look,
        )


def load_settings(folder: Path) -> tuple[Settings, str | None]:
    """The saved settings, or the defaults with a sentence saying why the file could not be used."""
    path = folder / SETTINGS_FILE
    if not path.exists():
        return Settings(), None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ValueError("not an object")
    except (OSError, ValueError) as error:
        return Settings(), tr("storage.settings.reset", path=path, error=error)
    known = {f.name for f in fields(Settings)}
    return replace(Settings(), **{k: v for k, v in data.items() if k in known}).clean(), None


def save_settings(folder: Path, settings: Settings) -> None:
    """Write the settings atomically."""
    text = json.dumps(asdict(settings.clean()), indent=2, sort_keys=True) + "\n"
    write_atomically(folder / SETTINGS_FILE, text.encode("utf-8"))
