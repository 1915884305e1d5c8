"""A character file's `charms:` section (R31): the charms it holds and its style for each, read with a problem for
every mistake (area `character_charms`)."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from game.engine.charms import EFFECTS, CharmSpec

from ..config.charm_file import load_charms
from ..config.checker import Checker, nearest
from ..config.errors import ConfigError, why
from ..config.yaml_lines import describe, key_name
from ..locale.words import Words
from .charm_choice import STYLES, CharmStyles

CHARMS_KEYS = ("held", "style", "styles")


def read_charms(check: Checker, key: str, raw: Any, example: str) -> CharmStyles | None:
    """`{held: [ids], style: eager|careful|never, styles: {charm id or effect: style}}`, every part optional; the
    ids are those of config/charms. None, with a problem for each mistake in `check`, when it is wrong."""
    found = check.mapping(key, raw, CHARMS_KEYS, (), example)
    if not isinstance(raw, dict):
        return None
    known = _known_charms()
    names = ", ".join(known) or "-"
    bad = False
    held: list[str] = []
    given = found.get("held", [])
    if not isinstance(given, list):
        check.add(f"{key}.held", why("character_charms.held_not_list", got=describe(given)))
        bad = True
        given = []
    for index, charm in enumerate(given):
        if not isinstance(charm, str) or charm not in known:
            check.add(f"{key}.held", _near_or(("character_charms.unknown", "character_charms.unknown_near"),
                                             nearest(charm, list(known)), item=index + 1, got=describe(charm),
                                             names=names))
            bad = True
        elif charm in held:
            check.add(f"{key}.held", why("character_charms.held_twice", id=charm))
            bad = True
        else:
            held.append(charm)
    style = found.get("style")
    if style is not None and style not in STYLES:
        check.add(f"{key}.style", _near_or(_STYLE_WORDS, nearest(style, STYLES), styles=", ".join(STYLES),
                                          got=describe(style)))
        bad = True
    by: dict[str, str] = {}
    styles = found.get("styles", {})
    if not isinstance(styles, dict):
        check.add(f"{key}.styles", why("character_charms.styles_not_mapping", example="{cut_in: never}",
                                      got=describe(styles)))
        styles = {}
        bad = True
    for raw_name, value in styles.items():
        name = key_name(raw_name)
        where = f"{key}.styles.{name}"
        if not isinstance(raw_name, str) or (name not in known and name not in EFFECTS):
            check.add(where, _near_or(("character_charms.styles_key", "character_charms.styles_key_near"),
                                     nearest(name, [*known, *EFFECTS]), name=name, charms=names,
                                     effects=", ".join(EFFECTS)))
            bad = True
        elif value not in STYLES:
            check.add(where, _near_or(_STYLE_WORDS, nearest(value, STYLES), styles=", ".join(STYLES),
                                     got=describe(value)))
            bad = True
        else:
            by[name] = value
    if bad:
        return None
    return CharmStyles(tuple(held), style, MappingProxyType(by))


_STYLE_WORDS = ("character_charms.style", "character_charms.style_near")


def _near_or(keys: tuple[str, str], near: str | None, **params: object) -> Words:
    """The words of the first key, or of the second naming the closest known word when there is one."""
    return why(keys[1], near=near, **params) if near is not None else why(keys[0], **params)


def _known_charms() -> dict[str, CharmSpec]:
    """The charms of config/charms by id (none when that folder has problems: check-config reports them there)."""
    try:
        return load_charms()
    except ConfigError:
        return {}


