"""What a config file got wrong: one `Problem` per mistake, all of a file's problems in one `ConfigError`."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One mistake in a config file: where it is, which key, and why it is wrong."""

    source: str
    message: str
    line: int | None = None
    key: str | None = None

    def __str__(self) -> str:
        where = self.source if self.line is None else f"{self.source}:{self.line}"
        what = self.message if self.key is None else f"{self.key}: {self.message}"
        return f"{where}: {what}"


class ConfigError(ValueError):
    """A config file that cannot be used; `problems` holds one printable line per problem."""

    def __init__(self, details: Iterable[Problem]) -> None:
        found = tuple(details)
        if not found:
            raise ValueError("a ConfigError needs at least one problem")
        # file-wide problems (no line) first, then in the order of the file's lines
        self.details: tuple[Problem, ...] = tuple(
            sorted(found, key=lambda p: (p.line is not None, p.line or 0)))
        self.problems: list[str] = [str(p) for p in self.details]
        super().__init__("\n".join(self.problems))

    @classmethod
    def single(cls, source: str, message: str, line: int | None = None, key: str | None = None) -> ConfigError:
        """A ConfigError holding one problem."""
        return cls([Problem(source, message, line, key)])
