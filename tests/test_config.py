"""The config layer: YAML with lines, the Book model, the sample configs, and the
validate / schema / init commands."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import typing
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from bookmaker.commands.init_cmd import starter_text, write_starter
from bookmaker.commands.schema_cmd import book_schema
from bookmaker.config import Book, ConfigError, load_book
from bookmaker.config.yaml_source import parse_yaml
from bookmaker.errors import BookmakerError
from bookmaker.profiles import PAGE_SIZES

ROOT = Path(__file__).parent.parent
SAMPLES = sorted((ROOT / "configs").glob("*.yaml"))
FONT = ROOT / "fonts" / "Andika-Regular.ttf"


def write(folder: Path, text: str, name: str = "book.yaml") -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


MINIMAL = "title: T\nsections:\n  - title: Easy\n    size: 10x12\n    count: 3\n"


# --- the YAML layer ---------------------------------------------------------

def test_lines_are_recorded_for_every_key_and_item():
    source = parse_yaml("title: T\npage:\n  margins:\n    inside: 1in\nsections:\n  - title: A\n    size: 3x3\n")
    assert source.lines[("title",)] == 1
    assert source.lines[("page", "margins", "inside")] == 4
    assert source.lines[("sections", 0)] == 6
    assert source.lines[("sections", 0, "size")] == 7
    assert source.line_of(("sections", 0, "count")) == 6  # missing: its parent's line
    assert source.line_of(("nowhere", 3)) == 1


def test_only_plain_decimals_and_true_false_are_typed():
    data = parse_yaml("a: 0x5\nb: no\nc: true\nd: 12\ne: -3\nf: 1.5\ng: 08\nh: 1:30\ni: 2026-01-01\nj: ~\nk: on\n").data
    assert data == {"a": "0x5", "b": "no", "c": True, "d": 12, "e": -3, "f": 1.5, "g": "08",
                    "h": "1:30", "i": "2026-01-01", "j": None, "k": "on"}


def test_yaml_1_1_words_still_work_where_a_bool_is_wanted(tmp_path):
    book = load_book(write(tmp_path, MINIMAL + "page:\n  bleed: yes\nshow_rating: off\n"))
    assert book.page.bleed is True and book.show_rating is False


def test_keys_stay_words_even_if_yaml_would_read_them_as_bools():
    assert parse_yaml("on: 1\nno: 2\n").data == {"on": 1, "no": 2}


def test_merge_keys_share_settings_and_written_keys_win(tmp_path):
    text = ("title: T\nsections:\n  - &base\n    title: A\n    size: 10x10\n    count: 2\n"
            "  - <<: *base\n    title: B\n    count: 5\n")
    book = load_book(write(tmp_path, text))
    assert [(s.title, s.size, s.count) for s in book.sections] == [("A", (10, 10), 2), ("B", (10, 10), 5)]


def test_a_moderate_number_of_aliases_is_fine(tmp_path):
    text = "title: T\nsections:\n  - &s {title: A, size: 5x5, count: 1}\n" + "".join(
        f"  - {{<<: *s, title: S{i}}}\n" for i in range(40))
    assert len(load_book(write(tmp_path, text)).sections) == 41


def test_alias_bomb_fails_fast_without_building_it(tmp_path):
    levels = ["a: &a [" + ", ".join(["lol"] * 20) + "]"]
    for i in range(1, 9):
        levels.append(f"l{i}: &l{i} [" + ", ".join([f"*{'a' if i == 1 else f'l{i - 1}'}"] * 20) + "]")
    with pytest.raises(ConfigError, match="too many aliases"):
        load_book(write(tmp_path, "\n".join(levels) + "\n"))


def test_deep_nesting_is_a_clean_error(tmp_path):
    with pytest.raises(ConfigError, match="nested too deeply|syntax"):
        load_book(write(tmp_path, "title: " + "[" * 5000 + "]" * 5000 + "\n"))


def test_byte_order_mark_is_accepted(tmp_path):
    path = tmp_path / "bom.yaml"
    path.write_bytes(b"\xef\xbb\xbf" + MINIMAL.encode())
    assert load_book(path).title == "T"


def test_missing_file_and_folder(tmp_path):
    with pytest.raises(ConfigError) as caught:
        load_book(tmp_path / "nope.yaml")
    assert caught.value.problems == [f"{tmp_path / 'nope.yaml'}: no such file"]
    with pytest.raises(ConfigError, match="is a folder"):
        load_book(tmp_path)


def test_config_error_is_a_bookmaker_error_with_lines():
    error = ConfigError(["a.yaml:1: title: x", "a.yaml:2: seed: y"])
    assert isinstance(error, BookmakerError)
    assert str(error) == "a.yaml:1: title: x\na.yaml:2: seed: y"
    assert error.lines() == ["a.yaml:1: title: x", "a.yaml:2: seed: y"]
    assert BookmakerError("boom").lines() == ["bookmaker: error: boom"]


# --- the model --------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(PAGE_SIZES))
def test_every_preset_page_size_is_accepted_in_any_case(tmp_path, name):
    book = load_book(write(tmp_path, MINIMAL + f"page:\n  size: {name.upper()}\n"))
    assert book.trim_size == PAGE_SIZES[name]


@pytest.mark.parametrize("size, points", [("6x9in", (432, 648)), ("210x297mm", (595.28, 841.89)),
                                          ("21 x 29.7 cm", (595.28, 841.89)), ("432x648pt", (432, 648))])
def test_page_sizes_with_units(tmp_path, size, points):
    book = load_book(write(tmp_path, MINIMAL + f"page:\n  size: {size}\n"))
    assert book.trim_size == pytest.approx(points, abs=0.01)
    assert book.page.trim_size == book.trim_size


def test_defaults_fill_in(tmp_path):
    book = load_book(write(tmp_path, MINIMAL))
    assert book.trim_size == (612.0, 792.0)
    assert book.profile == "home" and book.layout == "book" and book.seed == 0
    assert book.sections[0].algorithm == "recursive-backtracker"
    assert book.sections[0].slug == "easy"
    assert book.answer_key.enabled and book.answer_key.per_page == 6


def test_empty_headings_mean_defaults(tmp_path):
    book = load_book(write(tmp_path, MINIMAL + "page:\nfont:\nanswer_key:\n"))
    assert book.page.size == "letter" and book.font.regular is None


def test_lengths_are_points(tmp_path):
    book = load_book(write(tmp_path, MINIMAL + "page:\n  margins: {inside: 0.5in, outside: 12.7mm, top: 1cm, bottom: 0}\n"))
    margins = book.page.margins
    assert (margins.inside, margins.bottom) == (36.0, 0.0)
    assert margins.outside == pytest.approx(36.0)
    assert margins.top == pytest.approx(28.346, abs=0.001)


def test_sections_keep_their_order_and_key_order_does_not_matter(tmp_path):
    a = load_book(write(tmp_path, "title: T\nseed: 4\nsections:\n"
                        "  - {title: Zed, size: 5x5, count: 1}\n  - {title: Alpha, size: 6x6, count: 2}\n", "a.yaml"))
    b = load_book(write(tmp_path, "sections:\n  - {count: 1, size: 5x5, title: Zed}\n"
                        "  - {size: 6x6, count: 2, title: Alpha}\nseed: 4\ntitle: T\n", "b.yaml"))
    assert [s.title for s in a.sections] == ["Zed", "Alpha"]
    assert a == b


@pytest.mark.parametrize("per_page", [1, 2, 3, 4, 6, 8, 9, 12])
def test_grid_slot_counts_are_accepted(tmp_path, per_page):
    text = MINIMAL + f"    per_page: {per_page}\nanswer_key:\n  per_page: {per_page}\n"
    book = load_book(write(tmp_path, text))
    assert book.sections[0].per_page == book.answer_key.per_page == per_page


def test_worksheets_count_every_copy(tmp_path):
    book = load_book(write(tmp_path, MINIMAL + "layout: worksheet\nworksheet:\n  copies: 30\n"))
    assert book.maze_count == 90


def test_font_paths_are_relative_to_the_config_and_resolved(tmp_path, monkeypatch):
    (tmp_path / "fonts").mkdir()
    shutil.copy(FONT, tmp_path / "fonts" / "Mine.ttf")
    (tmp_path / "books").mkdir()
    config = write(tmp_path / "books", MINIMAL + "font:\n  regular: ../fonts/Mine.ttf\n")
    monkeypatch.chdir(ROOT)  # anywhere but the config's folder
    book = load_book(config)
    assert book.font.regular == (tmp_path / "fonts" / "Mine.ttf").resolve()
    assert book.font.regular.is_absolute()


def test_every_problem_is_reported_at_once(tmp_path):
    text = "title: ''\nseed: x\nsections:\n  - {title: A, size: 0x0, count: 0, per_page: 7}\n"
    problems = pytest.raises(ConfigError, load_book, write(tmp_path, text)).value.problems
    assert [p.split(": ")[1] for p in problems] == [
        "title", "seed", "sections[0].size", "sections[0].count", "sections[0].per_page"]


@pytest.mark.parametrize("path", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_a_book_dumped_to_json_reads_back_the_same(path):
    book = load_book(path)
    again = Book.model_validate(json.loads(book.model_dump_json()))
    assert again.trim_size == book.trim_size
    assert again.sections == book.sections
    assert again.worksheet.min_cell == pytest.approx(book.worksheet.min_cell, rel=1e-5)


def test_a_book_built_in_python_is_checked_too():
    with pytest.raises(ValueError, match="must be one of 1, 2, 3"):
        Book.model_validate({"title": "T", "sections": [{"title": "A", "size": "3x3", "count": 1, "per_page": 5}]})


# --- fuzzing: anything at all gives a Book or a ConfigError ------------------

FIELD_WORDS = ["title", "seed", "page", "size", "margins", "inside", "sections", "count", "per_page",
               "font", "regular", "answer_key", "worksheet", "copies", "profile", "options", "x"]
values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**20, 10**20) | st.floats(allow_nan=True)
    | st.sampled_from(["10x10", "0x5", "letter", "6x9", "1in", "kdp", "", "wilson", "#FF0000"])
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(FIELD_WORDS), inner, max_size=5),
    max_leaves=25,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from(FIELD_WORDS), values, max_size=8))
def test_random_structures_give_a_book_or_clean_lines(data):
    _load_text_cleanly(yaml.safe_dump(data, allow_unicode=True))


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab: -\n\t[]{}&*!#'\"|>%@`,?0x1")), max_size=80))
def test_random_text_gives_a_book_or_clean_lines(text):
    _load_text_cleanly(text)


def test_line_breaks_in_values_do_not_split_a_problem(tmp_path):
    path = write(tmp_path, 'title: T\npage:\n  size: "\\n\\u2028"\nsections: []\n')
    error = pytest.raises(ConfigError, load_book, path).value
    assert len(error.problems) == 2 and str(error).splitlines() == error.problems
    assert f"{path}:3: page.size: page size '\\n\\u2028'" in error.problems[0]


def _load_text_cleanly(text: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = write(Path(folder), text)
        try:
            load_book(path)
        except ConfigError as error:
            assert error.problems
            for line in error.problems:
                assert line.startswith(f"{path}:") and "\n" not in line


# --- sample configs and the starter -------------------------------------------

def test_there_are_three_sample_configs():
    assert {p.name for p in SAMPLES} >= {"default.yaml", "activity-book.yaml", "classroom.yaml"}


@pytest.mark.parametrize("path", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_sample_configs_validate(path):
    load_book(path)


def test_sample_configs_are_what_they_promise():
    default = load_book(ROOT / "configs" / "default.yaml")
    assert default.profile == "home" and default.trim_size == (612.0, 792.0)
    assert len(default.sections) == 3 and default.maze_count == 12 and default.answer_key.enabled
    activity = load_book(ROOT / "configs" / "activity-book.yaml")
    assert activity.profile == "kdp" and activity.trim_size == (612.0, 792.0)
    assert activity.maze_count == 100 and activity.answer_key.enabled
    assert all(s.difficulty for s in activity.sections)
    classroom = load_book(ROOT / "configs" / "classroom.yaml")
    assert classroom.layout == "worksheet" and classroom.worksheet.copies == 30
    assert classroom.worksheet.key == "separate"


def test_starter_validates_and_documents_itself(tmp_path):
    path = tmp_path / "book.yaml"
    write_starter(path)
    assert path.read_text() == starter_text()
    assert load_book(path).title
    assert starter_text().count("#") > 40


def test_init_refuses_to_overwrite_unless_forced(tmp_path):
    path = write(tmp_path, "mine\n")
    with pytest.raises(BookmakerError, match="already exists; use --force"):
        write_starter(path)
    assert path.read_text() == "mine\n"
    write_starter(path, force=True)
    assert path.read_text() == starter_text()
    with pytest.raises(BookmakerError, match="no such folder"):
        write_starter(tmp_path / "missing" / "book.yaml")


# --- the JSON Schema ----------------------------------------------------------

def _models(model: type[BaseModel]) -> dict[str, type[BaseModel]]:
    found = {model.__name__: model}
    for field in model.model_fields.values():
        for inner in _nested(field.annotation):
            found.update(_models(inner))
    return found


def _nested(annotation) -> list[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [m for arg in typing.get_args(annotation) for m in _nested(arg)]


def test_schema_properties_match_the_model_fields_with_descriptions():
    schema = book_schema()
    assert schema["$schema"].startswith("https://json-schema.org/")
    definitions = {"Book": schema, **schema["$defs"]}
    for name, model in _models(Book).items():
        properties = definitions[name]["properties"]
        assert set(properties) == set(model.model_fields), name
        assert definitions[name].get("additionalProperties") is False, name
        required = {key for key, field in model.model_fields.items() if field.is_required()}
        assert set(definitions[name].get("required", [])) == required, name
        for key, spec in properties.items():
            target = definitions.get(spec.get("$ref", "").split("/")[-1], {})
            assert spec.get("description") or target.get("description"), f"{name}.{key} has no description"
    assert schema["$defs"]["Section"]["properties"]["per_page"]["enum"] == [1, 2, 3, 4, 6, 8, 9, 12]
    assert schema["properties"]["profile"]["enum"] == ["home", "kdp", "lulu", "ingramspark"]


def _keys_follow_schema(data, spec, definitions, path="") -> None:
    if "$ref" in spec:
        spec = definitions[spec["$ref"].split("/")[-1]]
    for option in spec.get("anyOf", []):
        if "$ref" in option or option.get("type") in ("object", "array"):
            spec = definitions[option["$ref"].split("/")[-1]] if "$ref" in option else option
    if isinstance(data, dict) and "properties" in spec:
        assert set(spec.get("required", [])) <= set(data), path
        for key, value in data.items():
            assert key in spec["properties"], f"{path}.{key} is not in the schema"
            _keys_follow_schema(value, spec["properties"][key], definitions, f"{path}.{key}")
    elif isinstance(data, list) and "items" in spec:
        for index, item in enumerate(data):
            _keys_follow_schema(item, spec["items"], definitions, f"{path}[{index}]")
    elif "enum" in spec:
        assert data in spec["enum"], path


@pytest.mark.parametrize("path", SAMPLES + [None], ids=[p.stem for p in SAMPLES] + ["starter"])
def test_sample_configs_follow_the_schema(path):
    data = yaml.safe_load(path.read_text() if path else starter_text())
    schema = book_schema()
    _keys_follow_schema(data, schema, schema["$defs"])


@pytest.mark.parametrize("path", SAMPLES + [None], ids=[p.stem for p in SAMPLES] + ["starter"])
def test_sample_configs_validate_against_the_schema_with_jsonschema(path):
    jsonschema = pytest.importorskip("jsonschema")
    data = yaml.safe_load(path.read_text() if path else starter_text())
    jsonschema.validate(data, book_schema())


# --- the commands, through the real command line --------------------------------

def run_cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "bookmaker", *args], capture_output=True,
                          text=True, cwd=cwd, env=env, timeout=120)


def test_cli_validate_ok():
    result = run_cli("validate", "configs/default.yaml", cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "configs/default.yaml: ok (3 sections, 12 mazes)\n"


def test_cli_validate_worksheet_mentions_copies():
    result = run_cli("validate", "configs/classroom.yaml", cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "configs/classroom.yaml: ok (2 sections, 60 mazes, 30 copies)\n"


def test_cli_schema_is_json():
    result = run_cli("schema")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == json.loads(json.dumps(book_schema()))


def test_cli_init_writes_a_config_that_validates_and_will_not_overwrite(tmp_path):
    result = run_cli("init", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "book.yaml").read_text() == starter_text()
    assert run_cli("validate", "book.yaml", cwd=tmp_path).returncode == 0
    (tmp_path / "book.yaml").write_text("mine\n")
    again = run_cli("init", cwd=tmp_path)
    assert again.returncode == 2 and "already exists" in again.stderr and "Traceback" not in again.stderr
    assert (tmp_path / "book.yaml").read_text() == "mine\n"
    assert run_cli("init", "book.yaml", "--force", cwd=tmp_path).returncode == 0
    assert (tmp_path / "book.yaml").read_text() == starter_text()


def _field_paths(model: type[BaseModel], prefix: str = "") -> list[str]:
    paths = []
    for name, field in model.model_fields.items():
        path = f"{prefix}{name}"
        paths.append(path)
        for inner in _nested(field.annotation):
            is_list = typing.get_origin(field.annotation) is list
            paths += _field_paths(inner, f"{path}[]." if is_list else f"{path}.")
    return paths


def test_every_config_key_is_documented():
    docs = (ROOT / "README.md").read_text()
    missing = [path for path in _field_paths(Book) if f"`{path}`" not in docs]
    assert not missing
