"""One declaration per option drives the config, the CLI, `bookmaker algorithms` and the
schema; lists of valid values live in the module that owns them, not in copies."""

from __future__ import annotations

import typing

import pytest
from typer.testing import CliRunner

from bookmaker.cli import app
from bookmaker.commands.maze_cmd import parse_options
from bookmaker.commands.schema_cmd import book_schema
from bookmaker.config import Book, models
from bookmaker.errors import BookmakerError
from bookmaker.maze import ALGORITHMS, lookup

DECLARED = [(name, option) for name, algorithm in ALGORITHMS.items() for option in algorithm.declared]
IDS = [f"{name}.{option.name}" for name, option in DECLARED]


def _book(section: dict) -> dict:
    return {"title": "T", "sections": [{"title": "Easy", "size": "10x10", "count": 1, **section}]}


def _bad_value(option):
    """A value the option refuses: a word it does not know, or a number past its range."""
    if option.choices:
        return "no-such-" + option.choices[0]
    return (option.maximum if option.maximum is not None else 0) + 1


def test_some_algorithms_declare_options():
    assert len(DECLARED) >= 5
    assert {name for name, _ in DECLARED} >= {"growing-tree", "eller", "prim"}


# --- the config --------------------------------------------------------------------


@pytest.mark.parametrize("name, option", DECLARED, ids=IDS)
def test_config_accepts_every_default_and_refuses_with_the_declarations_message(name, option):
    book = Book.model_validate(_book({"algorithm": name, "options": {option.name: option.default}}))
    assert book.sections[0].options == {option.name: option.default}

    bad = _bad_value(option)
    with pytest.raises(BookmakerError) as expected:
        option.check(name, bad)
    with pytest.raises(ValueError) as caught:
        Book.model_validate(_book({"algorithm": name, "options": {option.name: bad}}))
    (error,) = caught.value.errors()
    assert error["ctx"]["message"] == str(expected.value)
    assert tuple(error["loc"]) + tuple(error["ctx"]["at"]) == ("sections", 0, "options", option.name)


def test_config_options_of_the_wrong_type_are_refused_not_crashing():
    for options in ({"ratio": "half"}, {"ratio": True}, {"policy": 3}, {"ratio": float("nan")}):
        with pytest.raises(ValueError, match="growing-tree option"):
            Book.model_validate(_book({"algorithm": "growing-tree", "options": options}))


def test_config_unknown_option_names_the_key_and_suggests():
    with pytest.raises(ValueError) as caught:
        Book.model_validate(_book({"algorithm": "growing-tree", "options": {"ration": 0.5}}))
    (error,) = caught.value.errors()
    assert error["ctx"]["at"] == ("ration",)
    assert "did you mean 'ratio'?" in error["ctx"]["message"]


# --- the command line ----------------------------------------------------------------


@pytest.mark.parametrize("name, option", DECLARED, ids=IDS)
def test_cli_reads_options_through_the_declaration(name, option):
    algorithm = lookup(name)
    text = option.choices[-1] if option.choices else f"{option.maximum:g}"
    assert parse_options(algorithm, [f"{option.name}={text}"]) == {option.name: option.parse(name, text)}
    for text in (str(_bad_value(option)), "lots"):
        with pytest.raises(BookmakerError) as caught:
            parse_options(algorithm, [f"{option.name}={text}"])
        message = str(caught.value)
        assert option.name in message and name in message and "\n" not in message


def test_cli_unknown_option_lists_the_declared_ones():
    with pytest.raises(
        BookmakerError, match=r"growing-tree has no option 'speed' \(its options: policy, ratio\)"
    ):
        parse_options(lookup("growing-tree"), ["speed=1"])


# --- bookmaker algorithms -----------------------------------------------------------


def test_algorithms_command_lists_every_option_and_shape():
    result = CliRunner().invoke(app, ["algorithms"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    for name, algorithm in ALGORITHMS.items():
        assert any(line.startswith(name) and algorithm.summary in line for line in lines), name
    for name, option in DECLARED:
        assert any(
            option.name in line and option.expects in line and option.description in line for line in lines
        ), f"{name}.{option.name}"
    shaped = [algorithm for algorithm in ALGORITHMS.values() if algorithm.shapes is not None]
    assert shaped, "some generator should be limited to some shapes"
    for algorithm in shaped:
        assert f"shapes: {', '.join(sorted(algorithm.shapes))}" in result.output


# --- the schema -----------------------------------------------------------------------


def test_schema_lists_algorithms_and_types_each_algorithms_options():
    section = book_schema()["$defs"]["Section"]
    assert section["properties"]["algorithm"]["enum"] == list(ALGORITHMS)
    rules = {
        rule["if"]["properties"]["algorithm"]["const"]: rule["then"]["properties"]["options"]
        for rule in section["allOf"]
    }
    assert list(rules) == list(ALGORITHMS)
    for name, algorithm in ALGORITHMS.items():
        assert rules[name]["additionalProperties"] is False
        assert rules[name]["properties"] == {o.name: o.json_schema() for o in algorithm.declared}


def test_schema_accepts_good_options_and_rejects_bad_ones():
    jsonschema = pytest.importorskip("jsonschema")
    schema = book_schema()
    good = [
        {"algorithm": "growing-tree", "options": {"policy": "newest", "ratio": 0.5}},
        {"algorithm": "growing-tree", "options": {"ratio": 1}},
        {"algorithm": "eller", "options": {"horizontal": 0.3}},
        {"algorithm": "prim", "options": {"variant": "weights"}},
        {"algorithm": "wilson"},
        {},
    ]
    bad = [
        {"algorithm": "growing-tree", "options": {"policy": "newset"}},
        {"algorithm": "growing-tree", "options": {"ratio": 1.5}},
        {"algorithm": "growing-tree", "options": {"ratio": "half"}},
        {"algorithm": "growing-tree", "options": {"polcy": "newest"}},
        {"algorithm": "eller", "options": {"horizontal": 0}},  # above 0 only
        {"algorithm": "prim", "options": {"ratio": 0.5}},  # another algorithm's option
        {"options": {"policy": "newest"}},  # the default algorithm takes none
        {"algorithm": "wilsonn"},
    ]
    for section in good:
        jsonschema.validate(_book(section), schema)
        Book.model_validate(_book(section))  # the schema and the model agree
    for section in bad:
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(_book(section), schema)
        with pytest.raises(ValueError):
            Book.model_validate(_book(section))


# --- one rule, one place ---------------------------------------------------------------


def test_config_lists_come_from_the_modules_that_own_them():
    from bookmaker import preview
    from bookmaker.layout import fonts
    from bookmaker.layout.page_geometry import GRIDS, MIN_CONTENT_PT
    from bookmaker.maze.solve import ENDPOINT_MODES
    from bookmaker.profiles import PROFILES

    assert tuple(GRIDS) == models.GRID_SLOTS
    assert models.MIN_CONTENT == MIN_CONTENT_PT
    assert typing.get_args(models.Endpoints) == ENDPOINT_MODES
    assert set(typing.get_args(Book.model_fields["profile"].annotation)) == set(PROFILES)
    assert Book.model_fields["profile"].default in PROFILES
    assert preview.FONT == fonts.DEFAULT_REGULAR


def test_the_yaml_layer_and_its_problem_type_have_distinct_names():
    import importlib

    from bookmaker.config import yaml_source
    from bookmaker.preflight import interior as preflight

    assert yaml_source.ConfigProblem is not preflight.Problem
    assert not hasattr(yaml_source, "Problem")
    with pytest.raises(ImportError):
        importlib.import_module("bookmaker.config.loader")


def test_algorithms_lists_the_ten_generators_their_options_and_shapes():
    result = CliRunner().invoke(app, ["algorithms"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    names = [line.split()[0] for line in lines if not line.startswith(" ")]
    assert names == [
        "recursive-backtracker",
        "hunt-and-kill",
        "eller",
        "wilson",
        "growing-tree",
        "kruskal",
        "prim",
        "aldous-broder",
        "sidewinder",
        "binary-tree",
    ]
    # Every description starts in one column, and details are indented to it.
    column = len("recursive-backtracker") + 2
    for line in lines:
        assert line[column - 2 : column] == "  " and line[column] != " ", line

    def details(name: str) -> list[str]:
        start = next(i for i, line in enumerate(lines) if line.startswith(name + " "))
        following = []
        for line in lines[start + 1 :]:
            if not line.startswith(" "):
                break
            following.append(line.strip())
        return following

    assert [d.split(":")[0] for d in details("growing-tree")] == [
        "policy (default mix)",
        "ratio (default 0.75)",
    ]
    assert [d.split(":")[0] for d in details("prim")] == ["variant (default frontier)"]
    assert [d.split(":")[0] for d in details("eller")] == [
        "horizontal (default 0.6)",
        "vertical (default 0.4)",
        "shapes",
    ]
    for row_by_row in ("eller", "sidewinder", "binary-tree"):
        assert details(row_by_row)[-1] == "shapes: square"
    for graph in ("recursive-backtracker", "hunt-and-kill", "wilson", "kruskal", "aldous-broder"):
        assert details(graph) == []
    for uniform in ("wilson", "aldous-broder"):
        assert "uniform" in next(line for line in lines if line.startswith(uniform + " "))
