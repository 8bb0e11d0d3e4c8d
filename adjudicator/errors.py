"""The errors a user can meet, each with its exit code."""

from __future__ import annotations

import errno
import sqlite3

from adjudicator.i18n import N_, _


class AdjudicatorError(Exception):
    """Base: a message for the user and the exit code the CLI returns."""

    exit_code = 1


class Rejected(AdjudicatorError):
    """An illegal action or a failed verification; `violations` names the rules broken."""

    exit_code = 1

    def __init__(self, message: str, violations: list | None = None):
        super().__init__(message)
        self.violations = violations or []


class BadInput(AdjudicatorError):
    """Unreadable post, unknown unit, malformed log line, bad arguments."""

    exit_code = 2


class NotationError(BadInput):
    """A post, or a line of one, that cannot be read in the game's notation (or hides a character)."""


class ReportedDiceError(BadInput):
    """Faces reported with `rolled` that do not fit the rolls the action needs."""


class Conflict(AdjudicatorError):
    """The post was written against a head that is no longer the head."""

    exit_code = 3


class StorageFault(AdjudicatorError):
    """The disk or the file system failed a read or a write: full, read-only, locked past the busy
    timeout, an I/O error. Neither the user's input nor a bug: the message names the file and the
    cause, and whether anything was written (never part of a post: a write is whole or nothing)."""

    exit_code = 5

    def __init__(self, path: object, cause: str, *, writing: bool = True):
        said = _("{path}: {cause}: nothing was written") if writing else _("{path}: {cause}")
        super().__init__(said.format(path=path, cause=cause))
        self.cause = cause


# What the file system and SQLite say, in plain words, when the storage fails: a missing folder or
# a file that is not a database is the user's input instead, and stays out of these tables.
_OS_CAUSES = {
    errno.ENOSPC: N_("the disk is full"),
    errno.EDQUOT: N_("the disk quota is used up"),
    errno.EROFS: N_("the file system is read-only"),
    errno.EACCES: N_("permission denied (a read-only file or folder)"),
    errno.EPERM: N_("permission denied (a read-only file or folder)"),
    errno.EIO: N_("an input/output error"),
}
_SQLITE_CAUSES = {  # primary result codes: the low byte of an extended one
    sqlite3.SQLITE_FULL: N_("the disk is full"),
    sqlite3.SQLITE_READONLY: N_("the database cannot be written (read-only)"),
    sqlite3.SQLITE_IOERR: N_("an input/output error"),
    sqlite3.SQLITE_BUSY: N_("the database is locked by another process"),
    sqlite3.SQLITE_LOCKED: N_("the database is locked by another process"),
    sqlite3.SQLITE_CANTOPEN: N_("the database file cannot be opened"),
    sqlite3.SQLITE_PERM: N_("permission denied"),
}


def storage_cause(error: BaseException) -> str | None:
    """The cause of an OSError or a sqlite3.Error in plain words if the storage failed, else None."""
    if isinstance(error, OSError):
        cause = None if error.errno is None else _OS_CAUSES.get(error.errno)
    else:
        code = getattr(error, "sqlite_errorcode", None)  # absent where Python raised it, not SQLite
        cause = None if code is None else _SQLITE_CAUSES.get(code & 0xFF)
    return None if cause is None else _(cause)
