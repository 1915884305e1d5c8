"""What a config file got wrong: one `Problem` per mistake, all of a file's problems in one `ConfigError`.

A problem keeps why it is wrong as values, `Words` (a locale key and its parameters), and is worded in the
language current when it is read: a language switch after loading rewords the problems already found.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..locale.shown import shown_name
from ..locale.words import Words


def why(key: str, /, **params: object) -> Words:
    """The words of `key` with these parameters, worded when shown."""
    return Words(key, tuple(params.items()))


def counted(key: str, count: int, /, **params: object) -> Words:
    """The `.one` or `.other` words of `key` for `count`, worded when shown."""
    return Words(key, tuple(params.items()), count)


@dataclass(frozen=True)
class Joined:
    """Parts (words or plain values) shown one after another with `separator` between them."""

    separator: str
    parts: tuple[object, ...]

    def __str__(self) -> str:
        return self.separator.join(str(part) for part in self.parts)


@dataclass(frozen=True)
class Problem:
    """One mistake in a config file: where it is, which key, and why it is wrong (`why`: words kept as values,
    or plain text that needs no language, such as PyYAML's own)."""

    source: str
    why: Words | Joined | str
    line: int | None = None
    key: str | None = None

    @property
    def message(self) -> str:
        """Words, in the current language."""
        return str(self.why)

    def __str__(self) -> str:
        source = shown_name(self.source)
        where = source if self.line is None else f"{source}:{self.line}"
        what = self.message if self.key is None else f"{self.key}: {self.message}"
        return f"{where}: {what}"


class ConfigError(ValueError):
    """A config file that cannot be used; `problems` gives one printable line per problem, in the language
    current when it is read."""

    def __init__(self, details: Iterable[Problem]) -> None:
        found = tuple(details)
        if not found:
            raise ValueError("a ConfigError needs at least one problem")
        # file-wide problems (no line) first, then in the order of the file's lines
        self.details: tuple[Problem, ...] = tuple(
            sorted(found, key=lambda p: (p.line is not None, p.line or 0)))
        super().__init__(self.details)

    @property
    def problems(self) -> list[str]:
        """One `file:line: key: why` line per problem, worded now."""
        return [str(p) for p in self.details]

    def __str__(self) -> str:
        return "\n".join(self.problems)

    @classmethod
    def single(cls, source: str, message: Words | Joined | str, line: int | None = None,
               key: str | None = None) -> ConfigError:
        """A ConfigError holding one problem."""
        return cls([Problem(source, message, line, key)])
