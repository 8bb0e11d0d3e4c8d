"""A post sent by e-mail and saved as a message file (.eml): its body, its author and its date, read
with the standard library's e-mail parser."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from adjudicator.errors import BadInput


@dataclass(frozen=True)
class Mail:
    author: str  # the sender's display name, or his address's local part, in lowercase: a side's name
    sender: str  # the From header as written
    date: str
    body: str


def read_mail(path: str | Path) -> Mail:
    """The plain-text body (quoted lines, `> ...`, and the signature below `-- ` dropped), author and date."""
    import email
    import email.policy
    from email.utils import parseaddr

    try:
        data = Path(path).read_bytes()
    except OSError as e:
        raise BadInput(f"{path}: cannot read ({e.strerror})") from None
    message = email.message_from_bytes(data, policy=email.policy.default)
    if not message.get("From"):
        raise BadInput(f"{path}: not an e-mail (it has no From header)")
    part = message.get_body(preferencelist=("plain",)) if hasattr(message, "get_body") else None
    if part is None:
        raise BadInput(f"{path}: the e-mail has no plain-text body")
    try:
        content = part.get_content()
    except (LookupError, ValueError) as e:
        raise BadInput(f"{path}: the e-mail's body cannot be decoded ({e})") from None
    name, address = parseaddr(str(message["From"]))
    author = (name or address.partition("@")[0]).strip().lower()
    return Mail(author, str(message["From"]), str(message.get("Date", "")), _own_text(content))


def _own_text(body: str) -> str:
    """The sender's own lines: those above a signature (`-- `), less the quoted ones."""
    out = []
    for line in body.replace("\r\n", "\n").split("\n"):
        if line == "-- ":
            break
        if not line.startswith(">"):
            out.append(line)
    return "\n".join(out)
