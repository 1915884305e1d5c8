"""The player's preferences (volumes, speed, deck, talk, table look, the pause after a stop, spoken play),
remembered between runs in settings.json.

The file comes in through the door (`json_file.JsonKind`): a size and a depth limit before it is parsed, and
every value checked before it is used. A value that cannot be used (the wrong type, out of its range, a
language or speed this game does not have, a key it does not know) takes its default while the others are
kept; the file as it was is then moved aside, byte for byte, the usable settings are written in its place,
and the player is told. A file that cannot be used at all is moved aside the same way.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from ..locale import LANGUAGES
from ..locale.words import Words
from .json_file import JsonFileWords, JsonKind, read_fields

SETTINGS_FILE = "settings.json"
ANIMATION_SPEEDS = ("relaxed", "slow", "normal", "fast", "instant")  # slowest first, as the settings offer them
MAX_LOOK_NAME = 64  # a table look's name, kept as written
# the title offers the guided first deal until taken or refused; "later": "Not now" once, so asked one last time
MIN_WINDOW, MAX_WINDOW = 320, 16384  # a remembered window's least and greatest side, in real pixels
FIRST_DEAL_OFFERS = ("ask", "later", "taken", "never")
COMFORT_SIZES = (100, 125, 150)  # text size and card size, in percent of the designed size


@dataclass(frozen=True)
class Settings:
    """What the settings scene changes."""

    master_volume: float = 0.8
    effects_volume: float = 0.8
    music_volume: float = 0.6  # under the effects: the music is a bed, not the show
    muted: bool = False
    animation_speed: str = "normal"
    chattiness: float = 1.0  # scales every character's own chattiness; 0 silences them
    four_colour_deck: bool = False
    language: str = ""  # a code in locale.LANGUAGES; empty (or one this build lacks): the system's language
    table_look: str = "club"  # a name in campaign TABLE_LOOKS; kept as written, drawn only once unlocked
    pause_after_stop: bool = False  # the table waits for a click or a key after each stop
    first_deal_offer: str = "ask"  # one of FIRST_DEAL_OFFERS
    spoken_play: bool = False  # a voice says what happens at the table (an optional extra: game.app.speech)
    high_contrast: bool = False  # brighter ink and gold, opaque panels, darker felt behind the words
    reduced_motion: bool = False  # cards and chips placed rather than flown; no confetti, no pulsing or swaying
    text_size: int = 100  # one of COMFORT_SIZES: every word drawn this much larger (it still fits its place)
    card_size: int = 100  # one of COMFORT_SIZES: the player's hand and the board drawn this much larger
    window_size: tuple[int, ...] = ()  # the window as the player left it (width, height); () for the first start
    window_position: tuple[int, ...] = ()  # its top-left corner on the desktop (x, y); () for the system's choice
    fullscreen: bool = False  # F11's state when the game was last closed

    def clean(self) -> Settings:
        """The same settings with every value forced into its lawful range (a value that cannot be one: the
        default)."""
        base = Settings()
        return Settings(**{name: _lawful(name, value, getattr(base, name)) for name, value in asdict(self).items()})


def _lawful(name: str, value: Any, default: Any) -> Any:
    """`value` as setting `name` may hold it (a number clamped into 0..1), or `default` when it cannot be one."""
    if name in _UNITS:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
            return default
        return min(1.0, max(0.0, float(value) if -2.0 <= value <= 2.0 else (1.0 if value > 0 else 0.0)))
    checked = _check(name, value)
    return default if checked is None else checked


_UNITS = ("master_volume", "effects_volume", "music_volume", "chattiness")


def _check(name: str, value: Any) -> Any:
    """`value` if setting `name` can use it exactly as the file holds it, else None (checked before it is used:
    a number is compared before float() sees it)."""
    if name in _UNITS:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
            return None
        return float(value)
    if name in ("window_size", "window_position"):
        return _pair(value, (MIN_WINDOW, MAX_WINDOW) if name == "window_size" else (-MAX_WINDOW, MAX_WINDOW))
    if name in ("muted", "four_colour_deck", "pause_after_stop", "spoken_play", "high_contrast", "reduced_motion",
                "fullscreen"):
        return value if isinstance(value, bool) else None
    if name in ("text_size", "card_size"):
        return value if type(value) is int and value in COMFORT_SIZES else None
    if name == "animation_speed":
        return value if isinstance(value, str) and value in ANIMATION_SPEEDS else None
    if name == "language":
        return value if isinstance(value, str) and (value == "" or value in LANGUAGES) else None
    if name == "first_deal_offer":
        return value if isinstance(value, str) and value in FIRST_DEAL_OFFERS else None
    if name == "table_look":
        return value if isinstance(value, str) and 0 < len(value) <= MAX_LOOK_NAME else None
    return None


def _pair(value: Any, bounds: tuple[int, int]) -> tuple[int, ...] | None:
    """Two whole numbers within `bounds` (or none at all, for "not known yet") as a tuple, else None."""
    if not isinstance(value, (list, tuple)) or len(value) not in (0, 2):
        return None
    if any(isinstance(n, bool) or not isinstance(n, int) or not bounds[0] <= n <= bounds[1] for n in value):
        return None
    return tuple(value)


def _parse(data: Any) -> tuple[Settings, int]:
    """The settings a file holds and how many of its keys could not be used (they take their defaults)."""
    return read_fields(data, Settings, {f.name for f in fields(Settings)}, _check)


def _dump(settings: Settings) -> dict[str, Any]:
    return asdict(settings.clean())


WORDS = JsonFileWords(not_read="files.settings.not_read", not_saved="files.settings.not_saved",
                      what="files.what.settings")
KIND: JsonKind[Settings] = JsonKind(SETTINGS_FILE, _parse, Settings, _dump, WORDS, indent=2, sort_keys=True,
                                    keeps_unknown=False)


def read_settings(folder: Path) -> tuple[Settings, Words | None]:
    """The saved settings (the defaults where there are none) and, when the file was not wholly usable,
    words for the player, worded when shown (in the language the settings choose, once it is spoken)."""
    return KIND.load_words(folder)


def load_settings(folder: Path) -> tuple[Settings, str | None]:
    """The saved settings, or the defaults with a sentence saying why the file could not be used."""
    settings, words = read_settings(folder)
    return settings, None if words is None else str(words)


def save_settings(folder: Path, settings: Settings) -> str | None:
    """Write the settings atomically; what was set aside on the way, if anything. OSError (its message a sentence)
    when they cannot be, and when a file there that the game cannot use could not be moved aside first (it is
    never written over)."""
    said, written = KIND.store(folder, settings)
    if not written:
        raise OSError(said)
    return said
