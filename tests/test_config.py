"""The config layer: YAML with lines, the Book model, the sample configs, and the
validate / schema / init commands."""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
import typing
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel
from pypdf import PdfReader

from bookmaker.build import build
from bookmaker.cli import main
from bookmaker.commands.schema_cmd import book_schema
from bookmaker.config import Book, ConfigError, load_book
from bookmaker.config.yaml_source import parse_yaml
from bookmaker.errors import BookmakerError
from bookmaker.profiles import PAGE_SIZES
from bookmaker.samples import example_names, own_files, starter_text, write_config

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
    source = parse_yaml(
        "title: T\npage:\n  margins:\n    inside: 1in\nsections:\n  - title: A\n    size: 3x3\n"
    )
    assert source.lines[("title",)] == 1
    assert source.lines[("page", "margins", "inside")] == 4
    assert source.lines[("sections", 0)] == 6
    assert source.lines[("sections", 0, "size")] == 7
    assert source.line_of(("sections", 0, "count")) == 6  # missing: its parent's line
    assert source.line_of(("nowhere", 3)) == 1


def test_only_plain_decimals_and_true_false_are_typed():
    data = parse_yaml(
        "a: 0x5\nb: no\nc: true\nd: 12\ne: -3\nf: 1.5\ng: 08\nh: 1:30\ni: 2026-01-01\nj: ~\nk: on\n"
    ).data
    assert data == {
        "a": "0x5",
        "b": "no",
        "c": True,
        "d": 12,
        "e": -3,
        "f": 1.5,
        "g": "08",
        "h": "1:30",
        "i": "2026-01-01",
        "j": None,
        "k": "on",
    }


def test_yaml_1_1_words_still_work_where_a_bool_is_wanted(tmp_path):
    book = load_book(write(tmp_path, MINIMAL + "page:\n  bleed: yes\nshow_rating: off\n"))
    assert book.page.bleed is True and book.show_rating is False


def test_keys_stay_words_even_if_yaml_would_read_them_as_bools():
    assert parse_yaml("on: 1\nno: 2\n").data == {"on": 1, "no": 2}


def test_merge_keys_share_settings_and_written_keys_win(tmp_path):
    text = (
        "title: T\nsections:\n  - &base\n    title: A\n    size: 10x10\n    count: 2\n"
        "  - <<: *base\n    title: B\n    count: 5\n"
    )
    book = load_book(write(tmp_path, text))
    assert [(s.title, s.size, s.count) for s in book.sections] == [("A", (10, 10), 2), ("B", (10, 10), 5)]


def test_a_moderate_number_of_aliases_is_fine(tmp_path):
    text = "title: T\nsections:\n  - &s {title: A, size: 5x5, count: 1}\n" + "".join(
        f"  - {{<<: *s, title: S{i}}}\n" for i in range(40)
    )
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


@pytest.mark.parametrize(
    "size, points",
    [
        ("6x9in", (432, 648)),
        ("210x297mm", (595.28, 841.89)),
        ("21 x 29.7 cm", (595.28, 841.89)),
        ("432x648pt", (432, 648)),
    ],
)
def test_page_sizes_with_units(tmp_path, size, points):
    config = write(
        tmp_path,
        MINIMAL + f"page:\n  size: {size}\n"
        "front_matter: {title_page: false, how_to: false, contents: false}\n",
    )
    assert load_book(config).trim_size == pytest.approx(points, abs=0.01)
    # ...and the printed page is that size, not only the model's number.
    for page in PdfReader(build(config, tmp_path / "book.pdf").pdf).pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(points, abs=0.01)


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
    book = load_book(
        write(tmp_path, MINIMAL + "page:\n  margins: {inside: 0.5in, outside: 12.7mm, top: 1cm, bottom: 0}\n")
    )
    margins = book.page.margins
    assert (margins.inside, margins.bottom) == (36.0, 0.0)
    assert margins.outside == pytest.approx(36.0)
    assert margins.top == pytest.approx(28.346, abs=0.001)


def test_sections_keep_their_order_and_key_order_does_not_matter(tmp_path):
    a = load_book(
        write(
            tmp_path,
            "title: T\nseed: 4\nsections:\n"
            "  - {title: Zed, size: 5x5, count: 1}\n  - {title: Alpha, size: 6x6, count: 2}\n",
            "a.yaml",
        )
    )
    b = load_book(
        write(
            tmp_path,
            "sections:\n  - {count: 1, size: 5x5, title: Zed}\n"
            "  - {size: 6x6, count: 2, title: Alpha}\nseed: 4\ntitle: T\n",
            "b.yaml",
        )
    )
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
        "title",
        "seed",
        "sections[0].size",
        "sections[0].count",
        "sections[0].per_page",
    ]


@pytest.mark.parametrize("path", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_a_book_dumped_to_json_reads_back_the_same(path):
    book = load_book(path)
    again = Book.model_validate(json.loads(book.model_dump_json()))
    assert again.trim_size == book.trim_size
    assert again.sections == book.sections
    assert again.worksheet.min_cell == pytest.approx(book.worksheet.min_cell, rel=1e-5)


def test_a_book_built_in_python_is_checked_too():
    with pytest.raises(ValueError, match="must be one of 1, 2, 3"):
        Book.model_validate(
            {"title": "T", "sections": [{"title": "A", "size": "3x3", "count": 1, "per_page": 5}]}
        )


# --- fuzzing: anything at all gives a Book or a ConfigError ------------------

FIELD_WORDS = [
    "title",
    "seed",
    "page",
    "size",
    "margins",
    "inside",
    "sections",
    "count",
    "per_page",
    "font",
    "regular",
    "answer_key",
    "worksheet",
    "copies",
    "profile",
    "options",
    "x",
]
values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=True)
    | st.sampled_from(["10x10", "0x5", "letter", "6x9", "1in", "kdp", "", "wilson", "#FF0000"])
    # Every character UTF-8 can write, as st.text()'s default, which builds a table of them
    # (1.7 s in each worker) that st.characters() does without: it too leaves out surrogates.
    | st.text(st.characters(), max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(FIELD_WORDS), inner, max_size=5)
    ),
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
def test_sample_configs_validate(path, cli):
    # The counts come from the YAML itself, not from the model validate reports them from.
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    copies = data["worksheet"]["copies"] if data.get("layout") == "worksheet" else 1
    # A journey is one maze, its count unwritten.
    mazes = sum(section.get("count", 1) for section in data["sections"]) * copies
    also = f", {copies} copies" if data.get("layout") == "worksheet" else ""
    code, out, err = cli("validate", str(path))
    assert (code, out, err) == (
        0,
        f"{path}: ok ({len(data['sections'])} sections, {mazes} mazes{also})\n",
        "",
    )


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
    assert write_config(path) == [path]
    assert path.read_text(encoding="utf-8") == starter_text()
    assert load_book(path).title
    assert starter_text().count("#") > 40


def test_init_refuses_to_overwrite_unless_forced(tmp_path):
    path = write(tmp_path, "mine\n")
    with pytest.raises(BookmakerError, match="already exists; use --force"):
        write_config(path)
    assert path.read_text(encoding="utf-8") == "mine\n"
    write_config(path, force=True)
    assert path.read_text(encoding="utf-8") == starter_text()
    assert write_config(tmp_path / "new" / "book.yaml") == [tmp_path / "new" / "book.yaml"]


def test_every_sample_is_an_example_for_init():
    assert example_names() == sorted(path.stem for path in SAMPLES)


@pytest.mark.parametrize("name", [p.stem for p in SAMPLES])
def test_an_example_is_its_sample_and_validates_where_it_is_written(tmp_path, name):
    path = tmp_path / "elsewhere" / "mine.yaml"
    path.parent.mkdir()
    written = write_config(path, name)
    assert written[0] == path
    assert path.read_bytes() == (ROOT / "configs" / f"{name}.yaml").read_bytes()
    for extra in written[1:]:  # the sample's art, at the place its YAML names
        shipped = ROOT / "configs" / extra.relative_to(path.parent)
        assert extra.read_bytes() == shipped.read_bytes()
    load_book(path)  # a file the sample names, such as its picture, is found beside it


def test_a_samples_own_files_are_the_shipped_files_it_names():
    text = (
        "title: art/owl.png is a picture\nblurb: |\n  " + "long " * 100 + "\n  two lines\n"
        "sections:\n  - mask: {image: art/owl.png}\n  - mask: {image: ../fonts/OFL-Andika.txt}\n"
        "  - mask: {file: /etc/hostname}\n  - title: art\n"
    )
    assert own_files(text) == ["art/owl.png"]


def test_an_example_with_art_brings_it_and_keeps_what_is_already_there(tmp_path):
    owl = ROOT / "configs" / "art" / "owl.png"
    assert write_config(tmp_path / "a.yaml", "silhouettes") == [
        tmp_path / "a.yaml",
        tmp_path / "art" / "owl.png",
    ]
    assert (tmp_path / "art" / "owl.png").read_bytes() == owl.read_bytes()
    # A second copy shares the same picture; a different picture there is not overwritten.
    assert write_config(tmp_path / "b.yaml", "silhouettes") == [tmp_path / "b.yaml"]
    (tmp_path / "art" / "owl.png").write_bytes(b"my own owl")
    with pytest.raises(BookmakerError, match=r"art/owl.png already exists; use --force"):
        write_config(tmp_path / "c.yaml", "silhouettes")
    assert not (tmp_path / "c.yaml").exists()
    write_config(tmp_path / "c.yaml", "silhouettes", force=True)
    assert (tmp_path / "art" / "owl.png").read_bytes() == owl.read_bytes()


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
    data = yaml.safe_load(path.read_text(encoding="utf-8") if path else starter_text())
    schema = book_schema()
    _keys_follow_schema(data, schema, schema["$defs"])


@pytest.mark.parametrize("path", SAMPLES + [None], ids=[p.stem for p in SAMPLES] + ["starter"])
def test_sample_configs_validate_against_the_schema_with_jsonschema(path):
    jsonschema = pytest.importorskip("jsonschema")
    # Read as bookmaker and a schema-aware editor (YAML 1.2) read it: a date is text there.
    data = parse_yaml(path.read_text(encoding="utf-8") if path else starter_text()).data
    jsonschema.validate(data, book_schema())


# --- the commands, in this process (test_bad_configs.py runs real processes) --------


@pytest.fixture
def cli(monkeypatch, capsys):
    """Runs `bookmaker ARGS` through main() in the folder ``cwd``: (exit code, stdout, stderr)."""

    def run(*args: str, cwd: Path = ROOT) -> tuple[int, str, str]:
        monkeypatch.chdir(cwd)
        monkeypatch.setattr(sys, "argv", ["bookmaker", *args])
        with pytest.raises(SystemExit) as stop:
            main()
        out, err = capsys.readouterr()
        return stop.value.code or 0, out, err

    return run


def test_cli_validate_ok(cli):
    assert cli("validate", "configs/default.yaml") == (
        0,
        "configs/default.yaml: ok (3 sections, 12 mazes)\n",
        "",
    )


def test_cli_validate_worksheet_mentions_copies(cli):
    assert cli("validate", "configs/classroom.yaml") == (
        0,
        "configs/classroom.yaml: ok (2 sections, 60 mazes, 30 copies)\n",
        "",
    )


def test_cli_schema_is_json(cli):
    code, out, err = cli("schema")
    assert code == 0, err
    assert json.loads(out) == json.loads(json.dumps(book_schema()))


def test_cli_init_writes_a_config_that_validates_and_will_not_overwrite(cli, tmp_path):
    code, out, err = cli("init", cwd=tmp_path)
    assert code == 0, err
    assert out == "wrote book.yaml; edit it, then run: bookmaker build book.yaml\n"
    assert (tmp_path / "book.yaml").read_text(encoding="utf-8") == starter_text()
    assert cli("validate", "book.yaml", cwd=tmp_path)[0] == 0
    (tmp_path / "book.yaml").write_text("mine\n", encoding="utf-8")
    assert cli("init", cwd=tmp_path) == (
        2,
        "",
        "bookmaker: error: book.yaml already exists; use --force to overwrite it\n",
    )
    assert (tmp_path / "book.yaml").read_text(encoding="utf-8") == "mine\n"
    assert cli("init", "book.yaml", "--force", cwd=tmp_path)[0] == 0
    assert (tmp_path / "book.yaml").read_text(encoding="utf-8") == starter_text()


def test_cli_init_example_writes_the_sample_and_its_art(cli, tmp_path):
    assert cli("init", "--example", "silhouettes", "owls.yaml", cwd=tmp_path) == (
        0,
        f"wrote owls.yaml and {Path('art', 'owl.png')}; edit it, then run: bookmaker build owls.yaml\n",
        "",
    )
    assert cli("validate", "owls.yaml", cwd=tmp_path)[0] == 0


def test_cli_init_unknown_example_is_one_line_naming_every_example(cli, tmp_path):
    code, out, err = cli("init", "--example", "cookbook", "x.yaml", cwd=tmp_path)
    assert (code, out) == (2, "")
    names = ", ".join(sorted(path.stem for path in SAMPLES))
    assert err == f"bookmaker: error: no example 'cookbook'; choose one of: {names}\n"
    assert list(tmp_path.iterdir()) == []


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
    docs = (ROOT / "docs" / "config.md").read_text(encoding="utf-8")
    missing = [path for path in _field_paths(Book) if f"`{path}`" not in docs]
    assert not missing
