"""A thread's posts, whatever form it was saved in: the source forum's plain-text dump, a BBCode
export, or a phpBB page saved from the browser. Each post keeps its date, author and title as the
forum shows them, and its own text: quotes of other posts are dropped."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from adjudicator.errors import BadInput
from adjudicator.i18n import _


@dataclass(frozen=True)
class ThreadPost:
    number: int  # 1, 2, 3... in the thread's order
    date: str
    author: str  # "" where the saved form does not show it (the source forum's dump)
    title: str
    body: str

    def named(self) -> str:
        """How a disagreement names the post: its date, author and title."""
        if self.author:
            return _("post {n} ({date}, {author}, {title!r})").format(n=self.number, date=self.date, author=self.author,
                                                                      title=self.title)
        return _("post {n} ({date}, author not shown, {title!r})").format(n=self.number, date=self.date, title=self.title)


FORMATS = ("dump", "bbcode", "html")


def detect(text: str) -> str:
    """The form a saved thread is in, from its text."""
    from adjudicator.thread import bbcode, dump

    head = text.lstrip()[:2000].lower()
    if head.startswith("<!doctype html") or head.startswith("<html") or "<div" in head:
        return "html"
    if bbcode.POST_TAG in text:
        return "bbcode"
    if dump.HEADER.search(text):
        return "dump"
    raise BadInput(_("the thread is in no form this tool reads: the source forum's text dump (posts start "
                     "`Отправлено: DD.MM.YY HH:MM. Заголовок: TITLE`), a BBCode export ([post author=... date=... "
                     "title=...]), or a phpBB page saved as HTML"))


def read_thread(path: str | Path, form: str | None = None) -> list[ThreadPost]:
    """The posts of the thread saved at `path`; BadInput (exit 2) when it cannot be read."""
    try:
        text = Path(path).read_bytes().decode("utf-8-sig")
    except OSError as e:
        raise BadInput(_("{path}: cannot read ({why})").format(path=path, why=e.strerror)) from None
    except UnicodeDecodeError:
        raise BadInput(_("{path}: the thread is not UTF-8 text").format(path=path)) from None
    return parse_thread(text, form or detect(text), str(path))


def parse_thread(text: str, form: str, where: str = "") -> list[ThreadPost]:
    if form == "dump":
        from adjudicator.thread.dump import posts
    elif form == "bbcode":
        from adjudicator.thread.bbcode import posts
    elif form == "html":
        from adjudicator.thread.html import posts
    else:
        raise BadInput(_("--form: one of {forms}").format(forms=", ".join(FORMATS)))
    found = posts(text)
    if not found:
        raise BadInput(_("{where}: no post found in it (read as {form})").format(where=where or _("the thread"), form=form))
    return found
