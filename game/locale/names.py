"""The one name a seat goes by on every screen, and the name tags it is made of, in the words of every language."""

from __future__ import annotations

import re
from typing import Any

from . import tr
from .texts import character_name, character_short_name

YOU = "You"  # the player's seat as the game's own tables and logs name it (the log stays English); worded when shown
SIMULATED_SEAT = re.compile(r"Seat (?P<number>\d+) \((?P<who>[^)]*)\)")  # simulate's and the tournament's seats

# the words of kinship and the titles in the five languages' character names: a name tag keeps the kinship
# word whole and shortens the title ("Tante Hetty", "Prof. Quist")
_FAMILY = ("Aunt", "Uncle", "Granny", "Grandpa", "Nan", "Cousin",
           "Tante", "Oncle", "Mamie", "Papi", "Cousine", "Zia", "Zio", "Nonna", "Nonno", "Cugino", "Cugina",
           "Tia", "Tio", "Avó", "Avô", "Primo", "Prima", "Oom", "Oma", "Opa", "Neef", "Nicht")


_TITLES = {"Professor": "Prof.", "Doctor": "Dr", "Captain": "Capt.", "Colonel": "Col.", "Reverend": "Rev.",
           "Lady": "Lady", "Lord": "Lord", "Sir": "Sir", "Dame": "Dame", "Mrs": "Mrs", "Mr": "Mr", "Miss": "Miss",
           "Professeur": "Prof.", "Docteur": "Dr", "Capitaine": "Cap.", "Professore": "Prof.", "Professoressa": "Prof.",
           "Dottore": "Dott.", "Capitano": "Cap.", "Colonnello": "Col.", "Doutor": "Dr.", "Capitão": "Cap.",
           "Coronel": "Cel.", "Dokter": "Dr.", "Kapitein": "Kapt.", "Kolonel": "Kol.", "Dominee": "Ds."}


def character_short(character: Any) -> str:
    """A character's name tag in the current language: the locale's own short form for a shipped character
    ("Tante Hetty"), else their name shortened."""
    return character_short_name(character) or short_name(character_name(character))


def seat_name(character: Any | None, name: str | None = None) -> str:
    """The one name a seat goes by on every screen, in the current language: nameplates, banners, bubbles, the
    deal log, the deal summary, the results, the replays, the review, statistics, the campaign, the daily deal and
    spoken play all name a seat through this. A character goes by their name tag ("Aunt Hetty", "Prof. Quist"),
    the player by "You"; `name` is the seat's name as seated or logged (None: the character's own), and a seat
    the game did not name is shown as `name` has it, simulate's "Seat 2 (maud)" with the character's tag.
    Only where a character is introduced (New game's character box, a venue's story) is their full name shown."""
    if character is not None and (name is None or name == str(character.name)):
        return character_short(character)
    if name is None or name in ("", YOU):
        return tr("table.you")
    simulated = SIMULATED_SEAT.fullmatch(name)
    if simulated:
        who = character_short(character) if character is not None else simulated["who"]
        return tr("replay.seat_with", number=simulated["number"], who=who)
    return name


def short_name(name: str) -> str:
    """What a name tag has room for: 'Maud', 'Aunt Hetty', 'Prof. Quist'."""
    words = name.split()
    if len(words) < 2:
        return name
    if words[0] in _FAMILY:
        return f"{words[0]} {words[1]}"
    if words[0] in _TITLES:
        return f"{_TITLES[words[0]]} {words[-1]}"
    return words[0]
