"""YAML to plain data, remembering the line of every key so errors can point at it.

Safe by construction: only plain YAML types are built (no Python tags), the
expansion of aliases is bounded (a "billion laughs" file fails fast instead of
eating memory), and a key given twice is an error rather than PyYAML's silent
"last one wins".
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..errors import format_key

MAX_BYTES = 1_000_000  # a config is a few KB; anything this big is a mistake
MAX_ALIASES = 100
MAX_EXPANDED = 10_000  # values that aliases may add once expanded; a real config has a few hundred
# Lists and mappings inside each other, at most; a config nests five or six deep. Refused when
# composed, before Python's recursion limit is reached and unwound (0.6 s of CPU for a file
# 5,000 deep, 0.2 s now).
MAX_DEPTH = 50

NESTED_TOO_DEEPLY = "the file is nested too deeply to be a config"

_TAG = "tag:yaml.org,2002:"
_SCALAR_TAGS = {_TAG + t for t in ("str", "int", "float", "bool", "null", "timestamp")}

Path_ = tuple[str | int, ...]  # a key path: ("sections", 2, "size")
# Every character str.splitlines() breaks at, written as its escape: a value the
# user typed (`size: "\n"`) must not split a problem over two lines.
_LINE_BREAKS = {ord(c): repr(c)[1:-1] for c in "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"}


class ConfigProblem(NamedTuple):
    """One thing wrong with a config: its line, the key path, and what is wrong."""

    line: int
    path: Path_
    message: str

    def render(self, file: str) -> str:
        """``FILE:LINE: key.path: what``, always on one line."""
        what = f"{format_path(self.path)}: {self.message}" if self.path else self.message
        return f"{file}:{self.line}: {what.translate(_LINE_BREAKS)}"


class YamlError(Exception):
    """The file cannot be read as a config at all; nothing else can be checked."""

    def __init__(self, problem: ConfigProblem) -> None:
        super().__init__(problem.message)
        self.problem = problem


@dataclass
class Source:
    """Plain data from YAML, the line of each key path, and problems found on the way."""

    data: Any
    lines: dict[Path_, int] = field(default_factory=dict)
    problems: list[ConfigProblem] = field(default_factory=list)

    def line_of(self, path: Path_) -> int:
        """The line of ``path``, or of its nearest parent that exists (for missing keys)."""
        for end in range(len(path), -1, -1):
            if path[:end] in self.lines:
                return self.lines[path[:end]]
        return 1


format_path = format_key  # one spelling of a key path, shared with the plan's problems


def _show_tag(tag: str) -> str:
    return "!!" + tag[len(_TAG) :] if tag.startswith(_TAG) else tag


class _Loader(yaml.SafeLoader):
    """SafeLoader that bounds aliases and refuses aliases into their own parent."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._aliases = 0
        self._expanded = 0
        self._sizes: dict[int, int] = {}
        self._open_anchors: list[str | None] = []

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent):
            assert event.start_mark is not None  # the parser marks every event it reads
            line = event.start_mark.line + 1
            if event.anchor in self._open_anchors:
                raise YamlError(
                    ConfigProblem(line, (), f"alias '*{event.anchor}' refers to a value that contains it")
                )
            node = super().compose_node(parent, index)
            assert node is not None  # an alias names a node already composed
            self._aliases += 1
            self._expanded += self._size(node)
            if self._aliases > MAX_ALIASES or self._expanded > MAX_EXPANDED:
                raise YamlError(
                    ConfigProblem(
                        line,
                        (),
                        (
                            f"too many aliases: '*{event.anchor}' takes the file past {MAX_ALIASES} "
                            f"aliases or {MAX_EXPANDED} values once expanded; write the values out"
                        ),
                    )
                )
            return node
        if len(self._open_anchors) >= MAX_DEPTH:
            raise YamlError(ConfigProblem(1, (), NESTED_TOO_DEEPLY))
        self._open_anchors.append(getattr(event, "anchor", None))
        try:
            return super().compose_node(parent, index)
        finally:
            self._open_anchors.pop()

    def _size(self, node: Node) -> int:
        # Memoised by node: shared subtrees are what make alias bombs, so count each once here.
        if id(node) not in self._sizes:
            if isinstance(node, MappingNode):
                size = 1 + sum(self._size(k) + self._size(v) for k, v in node.value)
            elif isinstance(node, SequenceNode):
                size = 1 + sum(self._size(item) for item in node.value)
            else:
                size = 1
            self._sizes[id(node)] = size
        return self._sizes[id(node)]


# YAML 1.1 reads `0x5` as 5, `1:30` as 90 and `no` as false, which surprises
# anyone writing a size or a title; only plain decimals and true/false are
# typed, and dates stay text (worksheet.date reads its own, strictly YYYY-MM-DD).
_Loader.yaml_implicit_resolvers = {
    first: [
        (tag, regexp)
        for tag, regexp in resolvers
        if tag not in (_TAG + "int", _TAG + "bool", _TAG + "timestamp")
    ]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_Loader.add_implicit_resolver(
    _TAG + "bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)
_Loader.add_implicit_resolver(_TAG + "int", re.compile(r"^[-+]?(?:0|[1-9][0-9]*)$"), list("-+0123456789"))


class _Builder:
    """Walks the composed nodes into dicts, lists and scalars, recording lines."""

    def __init__(self, loader: _Loader) -> None:
        self.loader = loader
        self.source = Source(None)

    def build(self, node: Node, path: Path_) -> Any:
        line = node.start_mark.line + 1
        if isinstance(node, MappingNode):
            if node.tag != _TAG + "map":
                raise YamlError(
                    ConfigProblem(
                        line,
                        path,
                        f"the tag '{_show_tag(node.tag)}' is not allowed; a config holds only plain values",
                    )
                )
            return self._mapping(node, path)
        if isinstance(node, SequenceNode):
            if node.tag != _TAG + "seq":
                raise YamlError(
                    ConfigProblem(
                        line,
                        path,
                        f"the tag '{_show_tag(node.tag)}' is not allowed; a config holds only plain values",
                    )
                )
            items = []
            for index, item in enumerate(node.value):
                self.source.lines[path + (index,)] = item.start_mark.line + 1
                items.append(self.build(item, path + (index,)))
            return items
        if node.tag not in _SCALAR_TAGS:
            raise YamlError(
                ConfigProblem(
                    line,
                    path,
                    f"the tag '{_show_tag(node.tag)}' is not allowed; a config holds only plain values",
                )
            )
        try:
            return self.loader.construct_object(node)
        except yaml.MarkedYAMLError as error:  # e.g. an impossible !!timestamp
            raise YamlError(ConfigProblem(line, path, f"bad value: {error.problem}")) from None

    def _mapping(self, node: MappingNode, path: Path_) -> dict[str, Any]:
        result: dict[str, Any] = {}
        merges = [value for key, value in node.value if key.tag == _TAG + "merge"]
        for merged in merges:  # `<<: *defaults` first, so keys written out replace merged ones
            for part in merged.value if isinstance(merged, SequenceNode) else [merged]:
                if not isinstance(part, MappingNode):
                    raise YamlError(
                        ConfigProblem(
                            part.start_mark.line + 1, path, "'<<' merges only mappings (key: value)"
                        )
                    )
                for key, value in self._mapping(part, path).items():
                    result.setdefault(key, value)
        first_line: dict[str, int] = {}
        for key_node, value_node in node.value:
            line = key_node.start_mark.line + 1
            if key_node.tag == _TAG + "merge":
                continue
            if not isinstance(key_node, ScalarNode):
                self.source.problems.append(
                    ConfigProblem(line, path, "a key must be a plain word, not a list or mapping")
                )
                continue
            # The key's text, not its YAML 1.1 value: `on:` or `no:` as a key should stay a word.
            key = key_node.value
            if key in first_line:
                self.source.problems.append(
                    ConfigProblem(
                        line,
                        path + (key,),
                        f"duplicate key '{key}' (first given on line {first_line[key]}); give each key once",
                    )
                )
            first_line[key] = line
            self.source.lines[path + (key,)] = line
            result[key] = self.build(value_node, path + (key,))
        return result


def parse_yaml(text: str) -> Source:
    """Plain data and key lines from YAML text; raises YamlError if it is not usable YAML."""
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            raise YamlError(
                ConfigProblem(1, (), "the file is empty; `bookmaker init` writes a starter config")
            )
        builder = _Builder(loader)
        builder.source.lines[()] = node.start_mark.line + 1
        builder.source.data = builder.build(node, ())
    except yaml.MarkedYAMLError as error:
        raise YamlError(_syntax_problem(error)) from None
    except RecursionError:
        raise YamlError(ConfigProblem(1, (), NESTED_TOO_DEEPLY)) from None
    finally:
        loader.dispose()
    source = builder.source
    if not isinstance(source.data, dict):
        kind = "a list" if isinstance(source.data, list) else "a single value"
        raise YamlError(
            ConfigProblem(
                source.lines[()],
                (),
                (f"the top level must be a mapping of keys (title: ..., sections: ...), not {kind}"),
            )
        )
    return source


def _syntax_problem(error: yaml.MarkedYAMLError) -> ConfigProblem:
    mark = error.problem_mark or error.context_mark
    message = error.problem or "unreadable"
    if error.context and message.startswith("but "):  # the composer splits one sentence in two
        message = f"{error.context}, {message}"
    elif error.context and error.context_mark and error.context_mark is not mark:
        message += f" ({error.context} on line {error.context_mark.line + 1})"
    if "'\\t'" in message:
        message += "; indent with spaces, not tabs"
    return ConfigProblem(mark.line + 1 if mark else 1, (), f"YAML syntax error: {message}")
