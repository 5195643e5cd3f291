"""The documentation site tells the truth about the code: its generated references name
every config key and every command-line option there is, and nothing else; the config
guide's tables cover the same keys; the design page has every heading the code cites;
the docs' links and files resolve; and `bookmaker --version` is the changelog's newest
release.

The references are rendered here through docs/hooks/reference.py, the hook `make docs`
runs, and checked against the pydantic models and the typer app walked independently."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
import typing
from pathlib import Path

import pytest
from pydantic import BaseModel

from tests.command_line import in_process

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


def _hook():
    spec = importlib.util.spec_from_file_location("docs_reference_hook", DOCS / "hooks" / "reference.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


HOOK = _hook()


def _models_in(annotation) -> list[type[BaseModel]]:
    """The pydantic models an annotation holds: itself, or inside Optional, list or Annotated."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [model for argument in typing.get_args(annotation) for model in _models_in(argument)]


def _is_list(annotation) -> bool:
    if typing.get_origin(annotation) is list:
        return True
    return any(_is_list(argument) for argument in typing.get_args(annotation))


def model_keys(model: type[BaseModel], prefix: str = "") -> dict[str, str | None]:
    """Every key path of ``model`` ('page.margins.inside', 'sections[].mask.text') with its
    description, walked from the models' fields."""
    keys: dict[str, str | None] = {}
    for name, field in model.model_fields.items():
        path = f"{prefix}{name}"
        keys[path] = field.description
        for child in _models_in(field.annotation):
            keys.update(model_keys(child, f"{path}[]." if _is_list(field.annotation) else f"{path}."))
    return keys


def _rows(markdown: str, header: str) -> set[str]:
    """The first-column `key`s of every table whose header row starts with ``header``."""
    keys, in_table = set(), False
    for line in markdown.splitlines():
        if line.startswith(header):
            in_table = True
        elif not line.startswith("|"):
            in_table = False
        elif in_table and (match := re.match(r"\| `([^`]+)` \|", line)):
            keys.add(match.group(1))
    return keys


def _words(text: str) -> str:
    return " ".join(text.replace("&lt;", "<").replace("\\|", "|").split())


def test_the_config_reference_lists_every_key_of_the_models_and_no_other():
    from bookmaker.config.models import Book

    page = HOOK.config_reference()
    keys = model_keys(Book)
    assert len(keys) > 80
    assert _rows(page, "| Key |") == set(keys)
    for path, description in keys.items():
        if description:
            assert _words(description) in _words(page), path


def test_the_config_guide_tables_cover_the_same_keys_as_the_models():
    from bookmaker.config.models import Book

    guide = (DOCS / "config.md").read_text(encoding="utf-8")
    assert _rows(guide, "| Key |") == set(model_keys(Book))


def _commands():
    import typer.main

    from bookmaker.cli import app

    root = typer.main.get_command(app)
    return root, root.commands


def test_the_cli_reference_lists_every_command_and_every_option():
    root, commands = _commands()
    page = HOOK.cli_reference()
    assert set(re.findall(r"^## `bookmaker (\w+)`$", page, re.M)) == set(commands)
    assert len(commands) >= 9
    sections = re.split(r"^## ", page, flags=re.M)
    for name, command in [("", root), *commands.items()]:
        [section] = [
            text for text in sections if text.startswith(f"`bookmaker{' ' + name if name else ''}`\n")
        ]
        for param in command.params:
            if param.param_type_name == "argument":
                assert f"| `{param.name.upper()}" in section, (name, param.name)
            else:
                for option in [*param.opts, *param.secondary_opts]:
                    assert re.search(rf"[`, ]{re.escape(option)}\b", section), (name, option)
            if param.help:
                assert _words(param.help) in _words(section), (name, param.name)


def test_the_design_page_has_every_heading_the_code_cites():
    headings = set(re.findall(r"^#+ (.+)$", (DOCS / "design.md").read_text(encoding="utf-8"), re.M))
    required = {"Layers", "The maze", "Shapes", "Braid", "Masks", "Randomness and seeds", "Formats"}
    assert required | {"Covers", "Print facts"} <= headings
    cited = set()
    for path in [*ROOT.glob("bookmaker/**/*.py"), *ROOT.glob("tests/*.py")]:
        text = path.read_text(encoding="utf-8")
        cited |= set(re.findall(r"(?:DESIGN\.md|docs/design\.md),\s+\"([^\"]+)\"", text))
        cited |= set(re.findall(r"(?:DESIGN\.md|docs/design\.md)'s\s+\"([^\"]+)\"", text))
    assert cited >= {"Shapes", "Braid", "Covers"}
    assert sorted(cited - headings) == []


def _links(markdown: str) -> list[str]:
    """The targets of Markdown links and images, outside code."""
    markdown = re.sub(r"```.*?```", "", markdown, flags=re.S)
    markdown = re.sub(r"`[^`\n]*`", "", markdown)
    return re.findall(r"\]\(([^)\s]+)\)", markdown)


def relative_link_problems(page: Path, exists) -> list[str]:
    problems = []
    for target in _links(page.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue  # a web address, or a place on the same page
        path = target.split("#", 1)[0]
        if not exists((page.parent / path).resolve()):
            problems.append(f"{page.relative_to(ROOT)}: {target}")
    return problems


def test_every_relative_link_in_the_docs_resolves():
    generated = {(DOCS / HOOK.CONFIG_PAGE).resolve(), (DOCS / HOOK.CLI_PAGE).resolve()}
    pages = sorted(DOCS.rglob("*.md"))
    assert len(pages) > 20
    problems = [
        problem
        for page in pages
        for problem in relative_link_problems(page, lambda path: path.exists() or path in generated)
    ]
    assert problems == []


def test_every_page_is_in_the_site_nav():
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    listed = set(re.findall(r":\s+([\w/.-]+\.md)\s*$", nav, re.M))
    on_disk = {str(page.relative_to(DOCS)) for page in DOCS.rglob("*.md")}
    assert listed == on_disk | {HOOK.CONFIG_PAGE, HOOK.CLI_PAGE}


def newest_release(changelog: str) -> str:
    """The version of the first release heading, '## [0.2.0] - 2026-11-26'."""
    match = re.search(r"^## \[(\d+\.\d+\.\d+)\] - \d{4}-\d\d-\d\d$", changelog, re.M)
    assert match, "CHANGELOG.md has a release heading in Keep a Changelog's form"
    return match.group(1)


def test_bookmaker_version_is_the_newest_release_in_the_changelog():
    run = subprocess.run(
        [sys.executable, "-m", "bookmaker", "--version"], capture_output=True, encoding="utf-8", check=True
    )
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert run.stdout == f"bookmaker {newest_release(changelog)}\n"


def test_the_changelog_page_includes_the_changelog():
    assert (DOCS / "changelog.md").read_text(encoding="utf-8").strip() == '--8<-- "CHANGELOG.md"'


def test_the_newest_release_is_the_first_heading_in_keep_a_changelog_form():
    changelog = "# Changelog\n\n## [Unreleased]\n\n## [1.0.0] - 2027-01-02\n\n## [0.2.0] - 2026-11-26\n"
    assert newest_release(changelog) == "1.0.0"
    with pytest.raises(AssertionError):
        newest_release("## 1.0.0 - 2027-01-02\n")  # no brackets: not Keep a Changelog's heading


def whole_configs() -> list[tuple[str, str]]:
    """Every YAML example in the docs that is a whole book (it has a title and sections)."""
    found = []
    for page in sorted(DOCS.rglob("*.md")):
        for block in re.findall(r"```yaml\n(.*?)```", page.read_text(encoding="utf-8"), re.S):
            if re.search(r"^title:", block, re.M) and re.search(r"^sections:", block, re.M):
                found.append((str(page.relative_to(ROOT)), block))
    return found


def test_every_whole_config_in_the_docs_validates(tmp_path):
    configs = whole_configs()
    assert len(configs) >= 3
    for index, (page, config) in enumerate(configs):
        (tmp_path / f"{index}.yaml").write_text(config, encoding="utf-8")
        run = in_process("validate", f"{index}.yaml", cwd=tmp_path)
        assert run.returncode == 0, f"{page}: {run.stderr}"


def test_make_pictures_remakes_every_picture_the_docs_show():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = makefile.split("\npictures:", 1)[1].split("\n\n", 1)[0]
    made = set(re.findall(r"-o (docs/\S+\.png)", recipe))
    # `preview PDF ... -o FOLDER` writes FOLDER/<pdf name>-sheet.png or -guides.png
    for name, folder in re.findall(r"preview output/([\w.-]+)\.pdf .*-o (docs/\S+)", recipe):
        made |= {f"{folder}/{name}-sheet.png", f"{folder}/{name}-guides.png"}
    shown = {str(path.relative_to(ROOT)) for path in DOCS.rglob("*.png")}
    assert len(shown) >= 10
    assert sorted(shown - made) == []
