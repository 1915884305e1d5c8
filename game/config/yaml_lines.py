"""Read a YAML config file as `yaml.safe_load` does, keeping the line of every key and list item.

The values come from PyYAML's SafeLoader, so the file means exactly what
`yaml.safe_load` would make of it; the lines come from the composed node tree
(`yaml.compose` marks) of the same parse. Every way of failing, from a missing
file to bytes that are not UTF-8 to a syntax error, becomes a `ConfigError`
whose lines name the file and, where PyYAML knows it, the line. The words of a problem are worded in the
language current when they are read (the `config` locale area); PyYAML's own details stay as PyYAML words them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from ..locale.safe_yaml import LOADER, MAX_YAML_BYTES, FileCache, YamlRefused, check_depth, compose, read_limited
from ..locale.words import Words
from ..regular_file import NotRegularFile
from .errors import ConfigError, Problem, counted, why

MERGE_TAG = "tag:yaml.org,2002:merge"
_INDEX_DEPTH = 6  # config files nest a level or two; deeper mappings only need no line numbers
_SHOWN_TEXT = 40  # longest text quoted back in a message
_SHOWN_ERROR = 100  # longest error text passed on from Python or PyYAML
_PYTHON_RETRY = 128 * 1024  # a text the C loader refuses is read again by PyYAML's own up to this size
# For these, PyYAML notices the mistake only further on (often at the next line or the end of the
# file), while the context mark points at the unfinished thing itself, which is what needs fixing.
_CONTEXT_FIRST = ("while scanning a simple key", "while scanning a quoted scalar", "while parsing a flow")


@dataclass(frozen=True)
class YamlDocument:
    """A config file's top-level mapping, with the 1-based line of each (dotted) key."""

    source: str
    data: dict[Any, Any]
    line: int
    key_lines: Mapping[str, int]
    item_lines: Mapping[str, tuple[int, ...]]
    duplicates: tuple[Problem, ...]

    def line_of(self, key: str) -> int | None:
        """The line of a dotted key, else of its nearest enclosing key; None when neither is in the file."""
        while True:
            if key in self.key_lines:
                return self.key_lines[key]
            if "." not in key and "[" not in key:
                return None
            key = key[:max(key.rfind("."), key.rfind("["))]

    def item_line(self, key: str, index: int) -> int | None:
        """The line of item `index` of the list under `key`, else the key's own line."""
        lines = self.item_lines.get(key, ())
        return lines[index] if 0 <= index < len(lines) else self.line_of(key)

    def has(self, key: str) -> bool:
        """True when the dotted key is written in the file."""
        return key in self.key_lines


def key_name(key: object) -> str:
    """A mapping key as the file spells it: `null`, `true`, `12`, `ante_pot`."""
    if key is None:
        return "null"
    if isinstance(key, bool):
        return "true" if key else "false"
    return shorten(str(key))


def shorten(text: str, limit: int = _SHOWN_TEXT) -> str:
    """Text cut to a length that fits in a one-line message, with newlines made visible."""
    text = text.replace("\r", "\\r").replace("\n", "\\n")
    return text if len(text) <= limit else text[:limit - 1] + "…"


def describe(value: object) -> Words:
    """What a YAML value is, in words and in one short line (never the whole of a big value)."""
    if value is None:
        return why("config.value.null")
    if isinstance(value, bool):
        return why("config.value.flag", value="true" if value else "false")
    if isinstance(value, (int, float)):
        return why("config.value.number", value=shorten(repr(value)))
    if isinstance(value, str):
        return why("config.value.text", value=shorten(repr(value))) if value.strip() else why("config.value.blank")
    if isinstance(value, list):
        return counted("config.value.list", len(value))
    if isinstance(value, dict):
        return why("config.value.mapping")
    return why("config.value.other", kind=type(value).__name__)


def read_yaml_file(path: str | Path, not_mapping: str = "") -> YamlDocument:
    """Read and parse one config file; a file that cannot be read or parsed raises ConfigError.

    `not_mapping`, when given, is the locale key (with `{what}`) wording a file whose top level is not a
    mapping, an empty file included, for a kind of file that says what its mapping holds. A file over
    `MAX_YAML_BYTES` is refused by its size before it is read. What a file gives (its document or its problems)
    is kept while the file is unchanged (by path, size, modification time and inode): a file listed again is
    not read again. The document is shared: callers read it and never change it."""
    try:
        return _DOCUMENTS.get(Path(path), str(path), not_mapping)
    except ConfigError as error:
        raise ConfigError(error.details) from None  # a fresh error each time, with the same problems


def _read_yaml_file(path: Path, source: str, not_mapping: str) -> YamlDocument:
    try:
        data = read_limited(path)
    except YamlRefused as refused:
        raise ConfigError.single(source, refused_words(refused)) from None
    except FileNotFoundError:
        raise ConfigError.single(source, why("config.read.not_found")) from None
    except IsADirectoryError:
        raise ConfigError.single(source, why("config.read.is_folder")) from None
    except PermissionError:
        raise ConfigError.single(source, why("config.read.permission")) from None
    except NotRegularFile:
        raise ConfigError.single(source, why("config.read.not_regular")) from None
    except OSError as error:
        raise ConfigError.single(source, why("config.read.cannot_read", error=error.strerror or error)) from None
    return read_yaml_bytes(data, source, not_mapping)


_DOCUMENTS: FileCache[YamlDocument] = FileCache(_read_yaml_file)


def refused_words(refused: YamlRefused) -> Words:
    """Why a text was refused before or while it was composed, in words (the `files.yaml` area)."""
    params = dict(refused.params)
    for name in ("size", "limit"):
        if name in params and refused.code == "too_big":
            params[name] = megabytes(int(str(params[name])))
    return why(f"files.yaml.{refused.code}", **params)


def megabytes(size: int) -> str:
    """A size in megabytes with one decimal: "1.0 MB"."""
    return f"{size / (1024 * 1024):.1f} MB"


def read_yaml_bytes(data: bytes, source: str, not_mapping: str = "") -> YamlDocument:
    """Parse config bytes, which must be UTF-8 (a byte-order mark is allowed); `not_mapping` as for read_yaml_file."""
    if len(data) > MAX_YAML_BYTES:
        raise ConfigError.single(source, refused_words(YamlRefused("too_big", size=len(data), limit=MAX_YAML_BYTES)))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        raise ConfigError.single(
            source, why("config.read.not_utf8", byte=f"0x{data[error.start]:02x}", column=column), line) from None
    return read_yaml_text(text, source, not_mapping)


def read_yaml_text(text: str, source: str, not_mapping: str = "") -> YamlDocument:
    """Parse config text whose top level must be a mapping of settings; `not_mapping` as for read_yaml_file.

    The depth is checked on the text before any YAML code reads it, then again, exactly, while composing
    (game.locale.safe_yaml); the C loader reads it when PyYAML has one."""
    try:
        check_depth(text)
    except YamlRefused as refused:
        raise ConfigError.single(source, refused_words(refused), refused.line) from None
    loader, node = _composed(text, source)
    try:
        if node is None or (isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:null"):
            if not_mapping:
                raise ConfigError.single(source, why(not_mapping, what=describe(None)), 1)
            raise ConfigError.single(source, why("config.read.empty"))
        if not isinstance(node, yaml.MappingNode):
            data = _construct(loader, node, source)
            raise ConfigError.single(source, why(not_mapping or "config.read.not_mapping", what=describe(data)),
                                     _line(node))
        key_lines: dict[str, int] = {}
        item_lines: dict[str, tuple[int, ...]] = {}
        duplicates: list[Problem] = []
        _index(node, "", source, key_lines, item_lines, duplicates, set(), 0)
        data = _construct(loader, node, source)
    finally:
        loader.dispose()
    if not isinstance(data, dict):  # cannot happen for a mapping node, but never trust it blindly
        raise ConfigError.single(source, why("config.read.not_mapping_short"), _line(node))
    return YamlDocument(source, data, _line(node), key_lines, item_lines, tuple(duplicates))


def _composed(text: str, source: str) -> tuple[Any, Any]:
    """A loader on `text` and the document it composed. The C loader reads first; when it refuses a text that is
    not large, the Python one reads it again, so a file means what `yaml.safe_load` makes of it where the two
    disagree (libyaml refuses escapes such as "\\ud800\\udc00" that PyYAML reads) and a mistake is worded as
    PyYAML words it. A text UTF-8 cannot hold (half a character) goes to the Python loader, which reports it."""
    loader: Any = None
    try:
        loader = LOADER(text)
    except UnicodeEncodeError:
        pass
    if loader is not None:
        try:
            return loader, _compose(loader, source, text)
        except _YamlProblem:
            loader.dispose()
            if LOADER is yaml.SafeLoader or len(text) > _PYTHON_RETRY:
                raise
    try:
        loader = yaml.SafeLoader(text)
    except yaml.YAMLError as error:  # the Python reader refuses unprintable characters before parsing starts
        raise ConfigError([_yaml_problem(error, source, text)]) from None
    try:
        return loader, _compose(loader, source, text)
    except ConfigError:
        loader.dispose()
        raise


class _YamlProblem(ConfigError):
    """PyYAML could not read the text (as opposed to a limit refusing it)."""


def _compose(loader: Any, source: str, text: str) -> Any:
    """The single document's node tree, or None for an empty stream (composed without recursion, within the
    depth and size limits)."""
    try:
        return compose(loader)
    except YamlRefused as refused:
        raise ConfigError.single(source, refused_words(refused), refused.line) from None
    except yaml.reader.ReaderError as error:
        raise _YamlProblem([_yaml_problem(_python_reader_error(error, text), source, text)]) from None
    except yaml.YAMLError as error:
        raise _YamlProblem([_yaml_problem(error, source, text)]) from None
    except RecursionError:
        raise ConfigError.single(source, why("config.read.too_deep")) from None


def _construct(loader: Any, node: Any, source: str) -> Any:
    """The Python value of a composed document, as safe_load builds it."""
    try:
        return loader.construct_document(node)
    except yaml.YAMLError as error:
        raise ConfigError([_yaml_problem(error, source, "")]) from None
    except RecursionError:
        raise ConfigError.single(source, why("config.read.too_deep")) from None
    except Exception as error:  # noqa: BLE001
        # explicit tags (`!!int abc`) and impossible dates (2024-13-45) pass the parser and fail here
        # with plain Python errors; building values from safe YAML has no other side to go wrong
        said = shorten(str(error), _SHOWN_ERROR) or type(error).__name__
        raise ConfigError.single(source, why("config.read.bad_value", error=said), _first_bad_scalar(node)) from None


def _python_reader_error(error: Exception, text: str) -> Exception:
    """The pure-Python reader's error for a text the C reader refused (it counts characters, not bytes)."""
    try:
        yaml.reader.Reader(text)
    except yaml.reader.ReaderError as python_error:
        found: Exception = python_error
        return found
    return error


def _yaml_problem(error: Exception, source: str, text: str) -> Problem:
    """One problem line for a PyYAML error, at the line PyYAML points to."""
    if isinstance(error, yaml.reader.ReaderError):
        line = text.count("\n", 0, error.position) + 1 if text else None
        char = error.character
        code = char if isinstance(char, int) else ord(char) if isinstance(char, str) and char else 0
        return Problem(source, why("config.read.bad_character", code=f"#x{code:04x}", reason=error.reason), line)
    if isinstance(error, yaml.MarkedYAMLError):
        context_first = error.context_mark is not None and str(error.context or "").startswith(_CONTEXT_FIRST)
        mark = error.context_mark if context_first else error.problem_mark or error.context_mark
        words = ", ".join(part for part in (error.context, error.problem) if part)
        details: object = " ".join(words.split()) or why("config.read.cannot_parse")
        wrong = (why("config.read.value_error", details=details) if isinstance(error, yaml.constructor.ConstructorError)
                 else why("config.read.syntax", details=details))
        return Problem(source, wrong, mark.line + 1 if mark is not None else None)
    return Problem(source, why("config.read.other", details=shorten(" ".join(str(error).split()), _SHOWN_ERROR)))


def _line(node: Any) -> int:
    """The 1-based line where a node starts."""
    return int(node.start_mark.line) + 1


def _index(node: Any, prefix: str, source: str, key_lines: dict[str, int], item_lines: dict[str, tuple[int, ...]],
           duplicates: list[Problem], on_path: set[int], depth: int) -> None:
    """Record the line of every key (and list item) of a mapping node and of the mappings in it."""
    if depth > _INDEX_DEPTH or id(node) in on_path:  # aliases may loop back to an enclosing mapping
        return
    on_path.add(id(node))
    seen: dict[str, int] = {}
    merged: list[Any] = []
    for key_node, value_node in node.value:
        if key_node.tag == MERGE_TAG:
            merged.extend(value_node.value if isinstance(value_node, yaml.SequenceNode) else [value_node])
            continue
        path = prefix + _key_node_name(key_node)
        line = _line(key_node)
        if path in seen:
            duplicates.append(Problem(source, why("config.read.duplicate", line=seen[path]), line, path))
        seen[path] = line
        key_lines[path] = line
        _index_value(value_node, path, source, key_lines, item_lines, duplicates, on_path, depth)
    # `<<: *base` keys count only where the mapping does not set them itself
    for base in merged:
        if not isinstance(base, yaml.MappingNode) or id(base) in on_path:
            continue
        base_lines: dict[str, int] = {}
        base_items: dict[str, tuple[int, ...]] = {}
        _index(base, prefix, source, base_lines, base_items, [], on_path, depth)
        for path, line in base_lines.items():
            key_lines.setdefault(path, line)
        for path, lines in base_items.items():
            item_lines.setdefault(path, lines)
    on_path.discard(id(node))


def _index_value(node: Any, path: str, source: str, key_lines: dict[str, int],
                 item_lines: dict[str, tuple[int, ...]], duplicates: list[Problem], on_path: set[int],
                 depth: int) -> None:
    """Record the lines inside one value: a list's items, a mapping's keys."""
    if isinstance(node, yaml.SequenceNode):
        item_lines[path] = tuple(_line(item) for item in node.value)
        # a mapping in a list (a campaign's venues) is keyed `path[N]`, counting from 1 as a reader does
        for number, item in enumerate(node.value, start=1):
            if isinstance(item, yaml.MappingNode):
                key_lines[f"{path}[{number}]"] = _line(item)
                _index(item, f"{path}[{number}].", source, key_lines, item_lines, duplicates, on_path, depth + 1)
    elif isinstance(node, yaml.MappingNode):
        _index(node, path + ".", source, key_lines, item_lines, duplicates, on_path, depth + 1)


def _key_node_name(node: Any) -> str:
    """The name of a key node as `key_name` spells the constructed key."""
    if not isinstance(node, yaml.ScalarNode):
        return "(a list or mapping used as a key)"
    try:
        return key_name(yaml.constructor.SafeConstructor().construct_object(node))
    except Exception:  # noqa: BLE001 - a key that cannot be built is reported by the full construction
        return shorten(str(node.value))


def _first_bad_scalar(root: Any) -> int | None:
    """The line of the first scalar that cannot be built on its own, if any."""
    probe = yaml.constructor.SafeConstructor()
    stack = [root]
    seen: set[int] = set()
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, yaml.ScalarNode):
            try:
                probe.construct_object(node)
            except Exception:  # noqa: BLE001 - we are only looking for where it fails
                return _line(node)
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(reversed(node.value))
        elif isinstance(node, yaml.MappingNode):
            stack.extend(part for pair in reversed(node.value) for part in reversed(pair))
    return None
