"""The config file as the studio edits it: the form changes one key of the YAML text and
leaves the rest of it as the user wrote it.

ruamel.yaml's round trip keeps comments, key order, quoting and the file's list
indentation, so a title typed in the form changes the title's line and nothing else. The
YAML tab sends the text itself, which is never rewritten. Keys are named as the config's
problems name them (``sections[2].size``, ``errors.format_key``), so a problem line leads
to its field.
"""

from __future__ import annotations

import contextlib
import datetime
import io
import re
from collections.abc import Iterator
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import CommentMark, YAMLError
from ruamel.yaml.tokens import CommentToken

from ..errors import BookmakerError, KeyPath, format_key

_PART = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]|\.")

# A new section as the form adds it: the fewest keys that make a valid section.
NEW_SECTION = {"title": "New section", "size": "10x10", "count": 4}


class EditError(BookmakerError):
    """An edit the text cannot take (it does not parse, or the key is not there)."""


def parse_key(name: str) -> KeyPath:
    """``sections[2].size`` -> ("sections", 2, "size"): ``format_key`` read back."""
    parts: list[str | int] = []
    position = 0
    for match in _PART.finditer(name):
        if match.start() != position:
            break
        position = match.end()
        if match[1]:
            parts.append(match[1])
        elif match[2]:
            parts.append(int(match[2]))
    if position != len(name) or not parts or not isinstance(parts[0], str):
        raise EditError(f"'{name}' is not a config key such as sections[2].size")
    return tuple(parts)


def _yaml(text: str) -> YAML:
    yaml = YAML(typ="rt")
    yaml.preserve_quotes = True
    yaml.width = 4096  # never fold a long line the user wrote on one
    # The file's own list style: "- " under its key ("offset 0"), or indented by two.
    flush = re.search(r"^[A-Za-z_][\w-]*:[ \t]*(#.*)?\n(?:[ \t]*#.*\n)*- ", text, re.MULTILINE)
    if flush:
        yaml.indent(mapping=2, sequence=2, offset=0)
    else:
        yaml.indent(mapping=2, sequence=4, offset=2)
    return yaml


def load(text: str) -> CommentedMap:
    """The text's top-level mapping, keeping everything a dump writes back."""
    try:
        data = _yaml(text).load(text)
    except YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        raise EditError(f"the YAML does not parse{where}; fix it in the YAML tab first") from None
    if data is None:
        data = CommentedMap()
    if not isinstance(data, CommentedMap):
        raise EditError("the YAML is not a mapping of keys; fix it in the YAML tab first")
    return data


def dump(data: CommentedMap, like: str) -> str:
    """``data`` as YAML, in the list style of the text ``like`` it was loaded from."""
    out = io.StringIO()
    _yaml(like).dump(data, out)
    return out.getvalue()


def _last_comment(node: Any) -> tuple[list, int] | None:
    """Where ruamel keeps what follows a block: the comment slot of its deepest last entry
    (a mapping's after-value slot, a list item's). None for an empty block."""
    while isinstance(node, CommentedMap | CommentedSeq) and len(node):
        key: Any = next(reversed(node)) if isinstance(node, CommentedMap) else len(node) - 1
        value = node[key]
        if isinstance(value, CommentedMap | CommentedSeq) and len(value):
            node = value
            continue
        slots = node.ca.items.setdefault(key, [None] * 4)
        return slots, 2 if isinstance(node, CommentedMap) else 0
    return None


@contextlib.contextmanager
def _trailing_kept(block: Any) -> Iterator[None]:
    """Keep the blank lines and comment lines that follow ``block`` after it, whatever entry
    ends it once the edit is done. ruamel keeps them with the last entry, so without this a
    key added to a mapping lands below the blank line that parted it from the next key, and
    a removed or moved last entry takes that line with it. In a list (the sections) the old
    last item keeps them too: there a blank line parts one item from the next."""
    found = _last_comment(block)
    token = found[0][found[1]] if found else None
    after = ""
    if token is not None:
        line, _, after = token.value.partition("\n")
        if isinstance(block, CommentedMap):
            token.value = f"{line}\n"
    yield
    found = _last_comment(block)
    if not after or found is None:
        return
    slots, slot = found
    if slots[slot] is None:
        slots[slot] = CommentToken(f"\n{after}", CommentMark(0), None)
    elif slots[slot] is not token or isinstance(block, CommentedMap):
        line = slots[slot].value.partition("\n")[0]
        slots[slot].value = f"{line}\n{after}"


def _existing(data: CommentedMap, path: KeyPath) -> Any:
    """The deepest mapping or list along ``path`` that the config has already."""
    node: Any = data
    for part in path[:-1]:
        try:
            child = node[part]
        except (KeyError, IndexError, TypeError):
            break
        if not isinstance(child, CommentedMap | CommentedSeq):
            break
        node = child
    return node


def _walk(data: CommentedMap, path: KeyPath, make: bool) -> Any:
    """The mapping or list holding ``path``'s last part; ``make`` adds missing mappings."""
    node: Any = data
    for depth, part in enumerate(path[:-1]):
        if isinstance(part, int):
            if not isinstance(node, list) or not 0 <= part < len(node):
                raise EditError(f"{_name(path[: depth + 1])} is not in the config")
            node = node[part]
        else:
            if not isinstance(node, dict):
                raise EditError(f"{_name(path[:depth])} is not a mapping of keys")
            if part not in node or node[part] is None:
                if not make:
                    return None
                node[part] = CommentedMap()
            node = node[part]
    return node


def _name(path: KeyPath) -> str:
    return format_key(path)


def set_key(text: str, key: str, value: Any) -> str:
    """The text with ``key`` set to ``value``; None or "" removes the key (its default)."""
    path = parse_key(key)
    data = load(text)
    remove = value is None or value == "" or value == []
    with _trailing_kept(_existing(data, path)):
        holder = _walk(data, path, make=not remove)
        last = path[-1]
        if holder is None:
            return text  # removing a key under a mapping that is not there: nothing to do
        if isinstance(last, int):
            if not isinstance(holder, list) or not 0 <= last < len(holder):
                raise EditError(f"{key} is not in the config")
            holder[last] = value
        elif remove:
            if isinstance(holder, dict) and last in holder:
                del holder[last]
        else:
            if not isinstance(holder, dict):
                raise EditError(f"{_name(path[:-1])} is not a mapping of keys")
            holder[last] = _block(value)
    return dump(data, text)


def as_date(value: Any) -> Any:
    """A date field's ``YYYY-MM-DD`` as a date, which YAML writes plain (2027-03-12) where a
    text would be quoted; any other value as it is, for the config's check to judge."""
    if isinstance(value, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
        try:
            return datetime.date.fromisoformat(value)
        except ValueError:
            pass
    return value


def _block(value: Any) -> Any:
    """Lists and mappings the form sends, written in block style like the rest of a config."""
    if isinstance(value, list):
        items = CommentedSeq(_block(item) for item in value)
        return items
    if isinstance(value, dict):
        mapping = CommentedMap()
        for name, item in value.items():
            mapping[name] = _block(item)
        return mapping
    return value


def _sections(data: CommentedMap) -> list:
    sections = data.get("sections")
    if not isinstance(sections, list):
        raise EditError("the config has no sections: list")
    return sections


def add_section(text: str) -> str:
    """The text with a new section at the end, its id unique so its mazes stay its own."""
    data = load(text)
    if data.get("sections") is None:
        data["sections"] = CommentedSeq()
    sections = _sections(data)
    taken = {str(section.get("id")) for section in sections if isinstance(section, dict)}
    number = len(sections) + 1
    while f"section-{number}" in taken:
        number += 1
    section = _block({"title": f"New section {number}", "id": f"section-{number}"})
    for name, value in NEW_SECTION.items():
        if name != "title":
            section[name] = value
    with _trailing_kept(sections):
        sections.append(section)
    return dump(data, text)


def remove_section(text: str, index: int) -> str:
    data = load(text)
    sections = _sections(data)
    if not 0 <= index < len(sections):
        raise EditError(f"sections[{index}] is not in the config")
    if len(sections) == 1:
        raise EditError("a book needs at least one section; add another before removing this one")
    with _trailing_kept(sections):
        del sections[index]
    return dump(data, text)


def move_section(text: str, index: int, to: int) -> str:
    """The text with section ``index`` moved to position ``to``; each keeps its id, and so
    its mazes (a maze's seed comes from its section's id)."""
    data = load(text)
    sections = _sections(data)
    if not (0 <= index < len(sections) and 0 <= to < len(sections)):
        raise EditError(f"sections[{index}] cannot move to position {to}")
    with _trailing_kept(sections):
        sections.insert(to, sections.pop(index))
    return dump(data, text)


def values(text: str) -> dict[str, Any]:
    """What the form shows: the text's values of the keys it edits (plain Python data)."""
    data = load(text)

    def plain(value: Any) -> Any:
        if isinstance(value, dict):
            return {str(name): plain(item) for name, item in value.items()}
        if isinstance(value, list):
            return [plain(item) for item in value]
        return value

    return plain(data)
