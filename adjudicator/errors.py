"""The errors a user can meet, each with its exit code."""

from __future__ import annotations


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


class Conflict(AdjudicatorError):
    """The post was written against a head that is no longer the head."""

    exit_code = 3
