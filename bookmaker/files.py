"""Writing output so that a failure never leaves half a file nor destroys a good one."""

from __future__ import annotations

import os
from pathlib import Path

from .errors import BookmakerError

# Every file this process has put in place, in order: what an interrupted command has left.
_written: list[Path] = []


def make_folder(folder: Path, for_file: Path | None = None) -> bool:
    """Create ``folder`` and any missing parents; True if it did. A file where a folder
    should be is an error naming both, not an OS message about a missing directory."""
    folder = Path(folder)
    if folder.is_dir():
        return False
    wanted = for_file or folder
    for ancestor in (folder, *folder.parents):
        if ancestor.exists() and not ancestor.is_dir():
            raise BookmakerError(f"cannot write {wanted}: {ancestor} is a file, not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise BookmakerError(f"cannot create the folder {folder}: {error.strerror or error}") from None
    return True


def created_note(folder: Path) -> str:
    """The line on stderr that says a command made the folder it writes into."""
    return f"bookmaker: created the folder {folder}"


def write_atomically(files: dict[Path, bytes]) -> list[Path]:
    """Write every file to a temporary name beside it, then rename them all into place;
    return the folders that had to be created for them.

    Nothing is renamed until every file is fully written, so a full disk or a
    missing folder leaves all the earlier files as they were.
    """
    temps: dict[Path, Path] = {}
    created: list[Path] = []
    target = None
    try:
        for target, data in files.items():
            target = Path(target)
            if target.is_dir():
                raise BookmakerError(f"{target} is a folder; give a file name such as {target / 'book.pdf'}")
            # output/ (or the folder -o names) may not exist yet in a fresh checkout or project.
            if make_folder(target.parent, target):
                created.append(target.parent)
            temp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
            # os.open with 0o666 honours the umask, as a plain open() of the target would.
            handle = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
            temps[target] = temp
            with os.fdopen(handle, "wb") as stream:
                stream.write(data)
        for target, temp in temps.items():
            os.replace(temp, target)
            _written.append(target)
        return created
    except OSError as error:
        # Name the file the user asked for, not our hidden temporary one.
        raise BookmakerError(f"cannot write {target}: {error.strerror or error}") from None
    finally:
        for temp in temps.values():
            temp.unlink(missing_ok=True)


def written_so_far() -> list[Path]:
    """The files this process has written, in the order they were put in place."""
    return list(_written)


def write_atomic(path: Path, data: bytes) -> None:
    """One file, written as ``write_atomically`` writes many."""
    write_atomically({Path(path): data})
