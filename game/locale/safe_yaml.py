"""YAML read safely: the YAML side of the door every player file comes in through (game/storage/door.py is the
JSON side). The language catalogs and every config file (rules, characters, campaigns, language files) read
YAML through here, which is why it sits this low: nothing in it imports the game but
`game/regular_file.py`, beneath every layer.

- A size limit (`MAX_YAML_BYTES`, 1 MB) checked on the file's size before a byte is read, and only a regular
  file read (`game/regular_file.py`: a pipe or a device such as `/dev/stdin` is refused, never waited on).
- A depth limit (`MAX_YAML_DEPTH`) checked twice: first on the text, before any YAML code sees it
  (`nesting_estimate`: brackets outside quotes and comments, and indentation), then exactly, node by node, by
  an iterative composer that stops at the first node too deep. PyYAML's composers recurse (the C one
  overflows the C stack and crashes the process at some ten thousand levels) and libyaml's scanner slows down
  with every open bracket, so neither ever sees more than `MAX_YAML_DEPTH` levels.
- Aliases (`&a` / `*a`) are bounded: the document's size with every alias expanded (`MAX_YAML_NODES`) and its
  depth likewise, so a "billion laughs" file is refused in the composer, before any value is built; an alias
  to a node that holds it (a loop) is refused.
- The C loader (`yaml.CSafeLoader`) when PyYAML has it, else the pure-Python one: both give the same values.
- `FileCache`: results kept by the file's path, size, modification time and inode, so a file is read again only
  when it changes.

Every refusal is a `YamlRefused` carrying a code and parameters, never words: the config layer words it as a
problem line, the door as a sentence for the player.
"""

from __future__ import annotations

import os
import re
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import Any, Generic, TypeVar

import yaml

from ..regular_file import FileTooBig, read_regular

MAX_YAML_BYTES = 1024 * 1024  # the shipped files are 30 KB at most; a player's own file has room to spare
MAX_YAML_DEPTH = 64  # no config file nests deeper than five or six levels
MAX_YAML_NODES = 1_000_000  # values with aliases expanded; a 1 MB file without aliases holds at most about 500,000
LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

T = TypeVar("T")


class YamlRefused(ValueError):
    """A YAML text refused before or while composing: `code` is one of too_big, too_deep, too_many, alias_loop;
    `params` fill its words (limit, size)."""

    def __init__(self, code: str, line: int | None = None, **params: object) -> None:
        super().__init__(code, params)
        self.code = code
        self.line = line
        self.params = params


# --- the size -------------------------------------------------------------------------------------------

def read_limited(path: Path, max_bytes: int = MAX_YAML_BYTES) -> bytes:
    """The file's bytes, refused (`YamlRefused("too_big")`) when larger than `max_bytes`, by its size before
    reading and by what was read; `NotRegularFile` for a pipe or a device (never waited on), another OSError
    when it cannot be read."""
    try:
        return read_regular(path, max_bytes)
    except FileTooBig as big:
        raise YamlRefused("too_big", size=big.size, limit=max_bytes) from None


# --- the depth, before parsing ----------------------------------------------------------------------------

# What moves the nesting of a YAML text, found without parsing it: a line's indentation, a quoted scalar (skipped
# whole: brackets in it are words), a comment, a bracket, and a block scalar's indicator (`|` or `>` ending a
# line: the lines indented under it are words too). A quote counts only where a scalar can start.
_TOKEN = re.compile(r"""
    (?P<line>\n[ ]*)
  | (?:(?<=[\s\[{,:?])|^)(?:"(?:[^"\\]|\\.)*(?:"|\Z)|'(?:[^']|'')*(?:'|\Z))
  | (?:(?<=\s)|^)\#[^\n]*
  | (?P<open>[\[{])
  | (?P<close>[\]}])
  | (?<=[\s:\-])(?P<block>[|>])[-+0-9]*[ \t]*(?:\#[^\n]*)?(?=\n)
""", re.VERBOSE | re.DOTALL)
_COMPACT = re.compile(r"(?:[-?](?:[ ]+|(?=\n)))+")  # "- - " and "? " open a collection each on one line


def nesting_estimate(text: str, stop_above: int = MAX_YAML_DEPTH) -> int:
    """How deep a YAML text nests, estimated from its text alone (no YAML code runs): open brackets outside
    quoted scalars and comments, on top of the block collections that the indentation opens. It follows real
    files closely and stops counting once past `stop_above`; the composer checks the true depth anyway."""
    deepest = flow = block = 0
    indents: list[int] = []
    text = "\n" + text if not text.startswith("\n") else text
    position = 0
    search = _TOKEN.search
    while (found := search(text, position)) is not None:
        position = found.end()
        kind = found.lastgroup
        if kind == "line":
            if flow:
                continue
            indent = len(found.group()) - 1
            rest = text[position:position + 1]
            if rest in ("\n", "#", "", "\r"):
                continue
            while indents and indents[-1] > indent:
                indents.pop()
            if not indents or indents[-1] < indent:
                indents.append(indent)
            compact = _COMPACT.match(text, position)
            block = len(indents) + (compact.group().count("-") + compact.group().count("?") if compact else 0)
            deepest = max(deepest, block)
        elif kind == "open":
            flow += 1
            deepest = max(deepest, block + flow)
        elif kind == "close":
            flow = max(0, flow - 1)
        elif kind == "block" and not flow:
            position = _block_scalar_end(text, position, indents[-1] if indents else 0)
        if deepest > stop_above:
            break
    return deepest


def _block_scalar_end(text: str, position: int, indent: int) -> int:
    """Where the lines of a block scalar opened on a line indented `indent` end: the next line that is neither
    blank nor indented deeper."""
    while True:
        end = text.find("\n", position + 1)
        if end < 0:
            return len(text)
        line_end = text.find("\n", end + 1)
        line = text[end + 1:len(text) if line_end < 0 else line_end]
        if line.strip() and len(line) - len(line.lstrip(" ")) <= indent:
            return end  # the newline before the line that ends it, so that line is seen
        position = end


def check_depth(text: str, max_depth: int = MAX_YAML_DEPTH) -> None:
    """YamlRefused("too_deep") when the text nests deeper than `max_depth` by `nesting_estimate`."""
    if nesting_estimate(text, max_depth) > max_depth:
        raise YamlRefused("too_deep", limit=max_depth)


# --- composing, with the true depth and size ---------------------------------------------------------------

class _Open:
    """A collection being composed: its node, a mapping's key waiting for its value, and so far its size and
    depth with aliases expanded."""

    __slots__ = ("node", "sequence", "key", "size", "depth")

    def __init__(self, node: Any) -> None:
        self.node = node
        self.sequence = isinstance(node, yaml.SequenceNode)
        self.key: Any = None
        self.size = 1
        self.depth = 1


def compose(loader: Any, max_depth: int = MAX_YAML_DEPTH, max_nodes: int = MAX_YAML_NODES) -> Any:
    """The single document's node tree from `loader` (a SafeLoader or CSafeLoader made on the text), as
    `loader.get_single_node()` builds it, or None for an empty stream; built without recursion, refusing a node
    deeper than `max_depth` or a document larger than `max_nodes` with its aliases expanded (YamlRefused), and
    raising yaml.YAMLError as PyYAML does for a text it cannot read."""
    loader.get_event()  # the stream's start
    node = None
    if not loader.check_event(yaml.StreamEndEvent):
        loader.get_event()  # the document's start
        node = _compose_document(loader, max_depth, max_nodes)
        loader.get_event()  # the document's end
    if not loader.check_event(yaml.StreamEndEvent):
        event = loader.get_event()
        raise yaml.composer.ComposerError("expected a single document in the stream",
                                          node.start_mark if node is not None else None,
                                          "but found another document", event.start_mark)
    loader.get_event()
    return node


def _compose_document(loader: Any, max_depth: int, max_nodes: int) -> Any:
    anchors: dict[str, Any] = {}
    measured: dict[int, tuple[int, int]] = {}  # id(node) -> (size, depth) of every collection composed
    stack: list[_Open] = []
    get, resolve = loader.get_event, loader.resolve
    while True:
        event = get()
        kind = type(event)
        size, depth = 1, 0
        if kind is yaml.ScalarEvent:
            tag = event.tag if event.tag not in (None, "!") else resolve(yaml.ScalarNode, event.value, event.implicit)
            node = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, style=event.style)
            if event.anchor is not None:
                _anchor(anchors, event, node)
        elif kind is yaml.SequenceEndEvent or kind is yaml.MappingEndEvent:
            done = stack.pop()
            done.node.end_mark = event.end_mark
            node, size, depth = done.node, done.size, done.depth
            measured[id(node)] = (size, depth)
        elif kind is yaml.SequenceStartEvent or kind is yaml.MappingStartEvent:
            made = yaml.SequenceNode if kind is yaml.SequenceStartEvent else yaml.MappingNode
            tag = event.tag if event.tag not in (None, "!") else resolve(made, None, event.implicit)
            node = made(tag, [], event.start_mark, None, flow_style=event.flow_style)
            if event.anchor is not None:
                _anchor(anchors, event, node)
            stack.append(_Open(node))
            if len(stack) > max_depth:
                raise YamlRefused("too_deep", event.start_mark.line + 1, limit=max_depth)
            continue
        else:  # an alias: the parser gives no other event inside a document
            if event.anchor not in anchors:
                raise yaml.composer.ComposerError(None, None, f"found undefined alias {event.anchor!r}",
                                                  event.start_mark)
            node = anchors[event.anchor]
            if not isinstance(node, yaml.ScalarNode):
                if id(node) not in measured:  # still open: the alias is inside what it names
                    raise YamlRefused("alias_loop", event.start_mark.line + 1)
                size, depth = measured[id(node)]
        if not stack:
            return node
        parent = stack[-1]
        parent.size += size
        if depth >= parent.depth:
            parent.depth = depth + 1
            if parent.depth + len(stack) - 1 > max_depth:
                raise YamlRefused("too_deep", event.start_mark.line + 1, limit=max_depth)
        if parent.size > max_nodes:
            raise YamlRefused("too_many", event.start_mark.line + 1, limit=max_nodes)
        if parent.sequence:
            parent.node.value.append(node)
        elif parent.key is None:
            parent.key = node
        else:
            parent.node.value.append((parent.key, node))
            parent.key = None


def _anchor(anchors: dict[str, Any], event: Any, node: Any) -> None:
    """Name `node` by its event's anchor; a name used twice is refused as PyYAML refuses it."""
    if event.anchor in anchors:
        raise yaml.composer.ComposerError(f"found duplicate anchor {event.anchor!r}; first occurrence",
                                          anchors[event.anchor].start_mark, "second occurrence", event.start_mark)
    anchors[event.anchor] = node


def safe_load(text: str, max_depth: int = MAX_YAML_DEPTH, max_nodes: int = MAX_YAML_NODES) -> Any:
    """`yaml.safe_load(text)` within the limits: the depth checked on the text first, then while composing;
    YamlRefused or yaml.YAMLError when it cannot be read."""
    check_depth(text, max_depth)
    loader = LOADER(text)
    try:
        node = compose(loader, max_depth, max_nodes)
        return None if node is None else loader.construct_document(node)
    finally:
        loader.dispose()


# --- the cache ----------------------------------------------------------------------------------------------

def file_stamp(path: Path) -> tuple[str, int, int, int]:
    """What tells one version of a file from another: its resolved path, size, modification time and inode
    (OSError when it cannot be looked at)."""
    found = os.stat(path)
    return str(Path(path).resolve()), found.st_size, found.st_mtime_ns, found.st_ino


class FileCache(Generic[T]):
    """What `read(path, *extra)` made of a file (or the ValueError or OSError it raised), kept by `file_stamp`
    and `extra` and read again only when the file changes; the most recent are kept, at most `limit` of them
    and `budget` bytes of files (the newest always), since what a large file makes can be large too."""

    def __init__(self, read: Callable[..., T], limit: int = 128, budget: int = 8 * MAX_YAML_BYTES) -> None:
        self._read = read
        self._limit = limit
        self._budget = budget
        self._kept: OrderedDict[tuple[Any, ...], T | Exception] = OrderedDict()
        self._bytes = 0
        self.reads = 0  # how many times a file was actually read (for tests and curiosity)

    def get(self, path: Path, *extra: Any) -> T:
        """`read(path)`, from the cache while the file is unchanged; its exception raised again the same way.
        A file that cannot even be looked at is read afresh (and so fails as the reader says)."""
        try:
            key: tuple[Any, ...] = (*file_stamp(path), *extra)
        except OSError:
            return self._read(path, *extra)
        if key in self._kept:
            self._kept.move_to_end(key)
            found = self._kept[key]
        else:
            self.reads += 1
            try:
                found = self._read(path, *extra)
            except (ValueError, OSError) as error:
                found = error
            self._kept[key] = found
            self._bytes += key[1]
            while len(self._kept) > 1 and (len(self._kept) > self._limit or self._bytes > self._budget):
                self._bytes -= self._kept.popitem(last=False)[0][1]
        if isinstance(found, Exception):
            raise found.with_traceback(None)
        return found

    def clear(self) -> None:
        """Forget everything kept."""
        self._kept.clear()
        self._bytes = 0
