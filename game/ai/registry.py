"""Agents by id, as `simulate --ai` and the tournament name them: the built-ins and every character.

Characters come from the files in config/personalities, read once on first use and
cached. Each file is loaded on its own, so one broken file (or one naming a strategy
not registered yet) makes only that character unavailable, with its problems in the
error that asking for it raises.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ..config import PERSONALITIES_DIR, ConfigError
from ..engine.play import Agent
from ..engine.rules import RuleSet
from ..locale import language
from .character import Character, CharacterAgent
from .character_file import list_character_files, load_character
from .oracle import ORACLE_ID, OracleAgent
from .simple import BUILT_IN

# folder -> (characters by id, the problems of each file that failed, by its stem)
_CACHE: dict[tuple[Path, str], tuple[dict[str, Character], dict[str, list[str]]]] = {}


class UnknownAgentError(ValueError):
    """An agent id that names no built-in agent and no loadable character."""


def _load(folder: Path | None = None) -> tuple[dict[str, Character], dict[str, list[str]]]:
    """The characters in `folder` (default: config/personalities), loaded once, and the problem lines of
    the files that would not load."""
    folder = PERSONALITIES_DIR if folder is None else folder
    key = (folder.resolve(), language())  # the problems are worded in the language current when read
    cached = _CACHE.get(key)
    if cached is None:
        characters: dict[str, Character] = {}
        broken: dict[str, list[str]] = {}
        for path in list_character_files(folder):
            try:
                character = load_character(path)
            except ConfigError as error:
                broken[path.stem] = error.problems
                continue
            characters.setdefault(character.id, character)
        cached = _CACHE[key] = (dict(sorted(characters.items())), broken)
    return cached


def character_ids() -> list[str]:
    """The id of every character that loads, sorted."""
    return list(_load()[0])


def load_character_by_id(character_id: str) -> Character:
    """The character with this id; UnknownAgentError if there is none or its file has problems."""
    characters, broken = _load()
    found = characters.get(character_id)
    if found is not None:
        return found
    raise UnknownAgentError(_unknown(character_id, broken))


def agent_ids() -> list[str]:
    """Every agent id that can be asked for: the characters, the built-ins, then the oracle (never at the table)."""
    return character_ids() + sorted(BUILT_IN) + [ORACLE_ID]


def base_id(agent_id: str) -> str:
    """The agent an id names: `X#tag` is agent X, the tag only naming the seat (`expert#plain`, `expert#glimpse`)."""
    return agent_id.split("#", 1)[0]


def make_agent(agent_id: str, seed: int, seat: int, *, at_table: bool = False) -> Agent:
    """A fresh agent of this id (`X#tag`: agent X) for `seat` of a session with `seed`; `at_table` keeps the
    search's safety net."""
    agent_id = base_id(agent_id)
    # headless (tournaments, simulate) the net is off: a decision is a function of the view and the stream
    # alone, so the output is the same under any load and any --jobs
    built_in = BUILT_IN.get(agent_id)
    if built_in is not None:
        return built_in[1](seed, seat)
    if agent_id == ORACLE_ID:  # the yardstick stakes as the expert does, before any card is dealt
        return OracleAgent(CharacterAgent(load_character_by_id("expert"), f"{seed}:{seat}", deadline_ms=0))
    return CharacterAgent(load_character_by_id(agent_id), f"{seed}:{seat}", deadline_ms=None if at_table else 0)


def introduce(agents: Sequence[Agent], ids: Sequence[str], rules: RuleSet | None = None) -> None:
    """Tell every agent that reads the table who sits at each seat (the character of each id, None for the rest)
    and, when given, the rules of the session about to start."""
    characters = _load()[0]
    table = [characters.get(base_id(agent_id)) for agent_id in ids]
    for agent in agents:
        if isinstance(agent, CharacterAgent):
            agent.meet(table, rules)


def seat_agent_ids(spec: str | None, players: int, default: str = "lowest") -> list[str]:
    """The agent id for each seat from a comma list: one id fills every seat, a shorter list repeats."""
    ids = [part.strip() for part in (spec or default).split(",") if part.strip()]
    if not ids:
        ids = [default]
    characters, broken = _load()
    for agent_id in ids:
        if agent_id not in BUILT_IN and agent_id not in characters and agent_id != ORACLE_ID:
            raise UnknownAgentError(_unknown(agent_id, broken))
    return [ids[seat % len(ids)] for seat in range(players)]


def _unknown(agent_id: str, broken: dict[str, list[str]]) -> str:
    """Why an id cannot be used, with the ids that can."""
    if agent_id in broken:
        return (f"the character {agent_id!r} cannot be used: its file has problems: "
                + "; ".join(broken[agent_id]))
    characters = ", ".join(character_ids()) or "(none)"
    return (f"unknown AI {agent_id!r}; the characters are {characters}; the built-ins are "
            f"{', '.join(sorted(BUILT_IN))}; the yardstick (tournaments only) is {ORACLE_ID}")
