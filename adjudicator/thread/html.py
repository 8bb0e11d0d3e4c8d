"""A phpBB thread page saved from the browser, read with selectolax (the lexbor HTML parser).

Each `div.post` gives its title (`h3 a`), its author (`.author .username` or `.username-coloured`),
its date (`.author time`, its `datetime`) and its text (`div.content`): a line break `<br>` ends a
line, a smiley picture stands for its text (`alt`), quotes (`blockquote`) are dropped, and a code
box keeps its text but not its `Code: Select all` caption."""

from __future__ import annotations

import re
from typing import Any

from adjudicator.thread.posts import ThreadPost

_BLOCKS = {"p", "div", "pre", "li", "dd", "dt", "ul", "ol", "table", "tr", "h1", "h2", "h3", "h4"}
_BLANKS = re.compile(r"\s+")
_SKIPPED = {"blockquote", "script", "style", "cite"}


def posts(text: str) -> list[ThreadPost]:
    from selectolax.lexbor import LexborHTMLParser

    tree = LexborHTMLParser(text)
    found = []
    for n, node in enumerate(tree.css("div.post"), start=1):
        title = node.css_first("h3 a") or node.css_first("h3")
        author = node.css_first(".author .username, .author .username-coloured")
        when = node.css_first(".author time")
        content = node.css_first("div.content")
        date = (when.attributes.get("datetime") or when.text()) if when is not None else ""
        found.append(ThreadPost(n, (date or "").strip(), author.text().strip() if author is not None else "",
                                title.text().strip() if title is not None else "",
                                text_of(content) if content is not None else ""))
    return found


def text_of(node: Any, pre: bool = False) -> str:
    """The text a browser shows of `node`: runs of blanks as one space (in `pre`, as written)."""
    out: list[str] = []
    for child in node.iter(include_text=True):
        tag = child.tag
        if tag == "-text":
            text = child.text(deep=False)
            out.append(text if pre else _BLANKS.sub(" ", text))  # a browser shows a run of blanks as one
        elif tag == "br":
            out.append("\n")
        elif tag == "img":
            if "smilies" in (child.attributes.get("class") or ""):
                out.append(child.attributes.get("alt") or "")
        elif tag in _SKIPPED or (tag == "p" and _is_code_caption(child)):
            continue
        elif tag in _BLOCKS:
            out.append("\n" + text_of(child, pre or tag == "pre") + "\n")
        else:
            out.append(text_of(child, pre))
    return "".join(out)


def _is_code_caption(node: Any) -> bool:
    parent = node.parent
    return parent is not None and "codebox" in (parent.attributes.get("class") or "")
