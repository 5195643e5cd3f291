"""Output is replaced whole or not at all."""

from __future__ import annotations

import os

import pytest

from bookmaker.errors import BookmakerError
from bookmaker.files import write_atomic, write_atomically


def test_write_atomic_replaces_whole_files_and_leaves_no_temp(tmp_path):
    target = tmp_path / "maze.txt"
    target.write_text("old", encoding="utf-8")
    write_atomic(target, b"new")
    assert target.read_bytes() == b"new"
    with pytest.raises(TypeError):
        write_atomic(target, "not bytes")  # fails mid-write
    assert target.read_bytes() == b"new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["maze.txt"]


def test_a_failure_on_any_file_leaves_every_earlier_file_untouched(tmp_path):
    (tmp_path / "not-a-folder").write_text("a file where a folder should be", encoding="utf-8")
    pdf, manifest = tmp_path / "book.pdf", tmp_path / "not-a-folder" / "book.manifest.json"
    pdf.write_bytes(b"good book")
    with pytest.raises(BookmakerError, match=f"cannot write {manifest}"):
        write_atomically({pdf: b"new book", manifest: b"{}"})
    assert pdf.read_bytes() == b"good book"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book.pdf", "not-a-folder"]


def test_missing_folders_are_made_and_a_folder_is_no_file_name(tmp_path):
    target = tmp_path / "output" / "sub" / "book.pdf"
    write_atomic(target, b"%PDF")
    assert target.read_bytes() == b"%PDF"
    with pytest.raises(BookmakerError, match="is a folder; give a file name"):
        write_atomic(tmp_path / "output", b"%PDF")


def test_written_files_follow_the_umask_not_0600(tmp_path):
    target = tmp_path / "book.pdf"
    saved = os.umask(0o022)
    try:
        write_atomic(target, b"%PDF")
    finally:
        os.umask(saved)
    assert target.stat().st_mode & 0o777 == 0o644  # as open() would make it, not mkstemp's 0600
