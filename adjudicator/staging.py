"""New files made whole beside their place, then put there: a killed command leaves nothing, or all.

A new game (its database, and its secret file) is built in a folder of its own beside the
target, `.NAME.new-XXXXXXXX`, and hard-linked into place when it is complete: the secret file
first, the database last, each link refusing to overwrite. The folder is locked while its run
lives; a later run finds the folders of killed runs by their free lock, and takes them away
with anything they had linked into place before the database (a secret file without its game),
so nothing a killed run left blocks a retry.
"""

from __future__ import annotations

import errno
import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from adjudicator.errors import BadInput, StorageFault, storage_cause
from adjudicator.i18n import _

try:
    import fcntl
except ImportError:  # not POSIX: no locks, so no telling a killed run's folder from a live one's
    fcntl = None  # type: ignore[assignment]

_NO_LINKS = (errno.EPERM, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK)  # a file system without hard links


def _prefix(target: Path) -> str:
    return f".{target.name}.new-"


@contextmanager
def staged(target: Path, *companions: Path) -> Iterator[list[Path]]:
    """Where to build `target` and its companions (files beside it, e.g. its secret file).

    Yields their paths in a private folder beside `target`, in the same order. When the block
    ends well they are put in place, companions first: BadInput if any is there already. When it
    fails, nothing is. A fault of the disk is a StorageFault naming `target`."""
    target = Path(target)
    companions = tuple(Path(p) for p in companions)
    try:
        clear_stale(target)
        for path in (target, *companions):
            if path.exists():
                raise BadInput((_("{path} already exists: refusing to overwrite a game") if path == target else
                                _("{path} already exists: refusing to overwrite it")).format(path=path))
        folder, lock = _make_folder(target)
        try:
            built = [folder / p.name for p in (target, *companions)]
            yield built
            _publish(list(zip(built[1:], companions)) + [(built[0], target)])
        finally:
            shutil.rmtree(folder, ignore_errors=True)
            if lock is not None:
                os.close(lock)
    except StorageFault as e:  # met while building, on a path in the folder: the user knows the target
        raise StorageFault(target, e.cause) from None
    except OSError as e:
        cause = storage_cause(e)
        if cause is not None:
            raise StorageFault(target, cause) from None
        raise BadInput(_("{path}: cannot be created ({why})").format(path=target, why=e.strerror or e)) from None


def clear_stale(target: Path) -> None:
    """Take away what runs building `target` left when they were killed (their folders' locks are free).

    Where there are no such locks (not on POSIX), nothing is taken: a live run's folder looks the same."""
    if fcntl is None:
        return
    prefix = _prefix(target)
    for folder in [p for p in target.parent.iterdir() if p.name.startswith(prefix)]:
        try:
            lock = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
        except OSError:
            continue
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:  # its run is alive
            os.close(lock)
            continue
        try:
            built = folder / target.name
            if not (built.exists() and target.exists() and os.path.samefile(built, target)):
                # the game never reached its place: neither may what went there before it
                for part in folder.iterdir():
                    beside = target.parent / part.name
                    if beside.exists() and os.path.samefile(part, beside):
                        beside.unlink()
            shutil.rmtree(folder, ignore_errors=True)
        finally:
            os.close(lock)


def _make_folder(target: Path) -> tuple[Path, int | None]:
    """A new private folder beside `target`, locked for as long as this run lives (the fd is the lock)."""
    while True:
        folder = Path(tempfile.mkdtemp(prefix=_prefix(target), dir=target.parent))
        if fcntl is None:
            return folder, None
        lock = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
        fcntl.flock(lock, fcntl.LOCK_EX)
        if os.fstat(lock).st_nlink:
            return folder, lock
        os.close(lock)  # another run took it for a stale one before it was locked: make another


def _publish(moves: list[tuple[Path, Path]]) -> None:
    """Link each built file to its place, in order, none over an existing file; undo all on failure."""
    placed: list[Path] = []
    try:
        for built, place in moves:
            try:
                os.link(built, place)
            except FileExistsError:
                raise BadInput(_("{path} already exists: refusing to overwrite it").format(path=place)) from None
            except OSError as e:
                if e.errno not in _NO_LINKS:
                    raise
                if place.exists():  # no hard links here: a rename, which would overwrite, after a look
                    raise BadInput(_("{path} already exists: refusing to overwrite it").format(path=place)) from None
                os.rename(built, place)
            placed.append(place)
        _sync_folder(moves[-1][1].parent)
    except BaseException:
        for place in placed:
            place.unlink(missing_ok=True)
        raise


def _sync_folder(folder: Path) -> None:
    """Make the new names durable, where the file system allows a folder to be synced."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
