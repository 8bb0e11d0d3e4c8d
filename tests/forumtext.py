"""The renderers a forum reader's browser would see a pasted report through: CommonMark (markdown-it-py)
and phpBB's BBCode (the `bbcode` parser set to phpBB's rules), and the report read back as a tree."""

from __future__ import annotations

import html
import re


def markdown_tree(text: str) -> list[tuple[str, list[str]]]:
    """The top-level list items of a Markdown report, each with the items of the list nested in it."""
    from markdown_it import MarkdownIt

    tokens = MarkdownIt("commonmark").parse(text)
    items: list[tuple[str, list[str]]] = []
    depth = 0
    for t in tokens:
        if t.type == "bullet_list_open":
            depth += 1
        elif t.type == "bullet_list_close":
            depth -= 1
        elif t.type == "inline" and depth == 1:
            items.append(("".join(c.content if c.type == "text" else "\n" for c in t.children or ()), []))
        elif t.type == "inline" and depth == 2:
            items[-1][1].append("".join(c.content for c in t.children or ()))
    return items


def markdown_fences(text: str) -> list[str]:
    from markdown_it import MarkdownIt

    return [t.content for t in MarkdownIt("commonmark").parse(text) if t.type == "fence"]


def phpbb_parser():
    """A forum's reading of BBCode: the parser's own [list] and [*] (an item ends at its line's end),
    without its typography (-- stays --, as on phpBB); bare URLs are left to the forum, as in any text."""
    import bbcode

    parser = bbcode.Parser(replace_links=False, replace_cosmetic=False)
    parser.add_simple_formatter("img", '<img src="%(value)s">')
    parser.add_simple_formatter("list", "<ul>%(value)s</ul>", transform_newlines=False, strip=True,
                                swallow_trailing_newline=True, replace_cosmetic=False)
    parser.add_simple_formatter("*", "<li>%(value)s</li>", newline_closes=True, same_tag_closes=True,
                                transform_newlines=False, strip=True, replace_cosmetic=False)
    return parser


def bbcode_tree(text: str) -> tuple[list[tuple[str, list[str]]], list[str]]:
    """The top-level [list] items of a BBCode report, each with its nested items, and the [code] blocks,
    as a forum would show them (HTML read back to text). A list right after an item, inside it or
    beside it, is that item's."""
    from html.parser import HTMLParser

    rendered = phpbb_parser().format(text)
    items: list[tuple[str, list[str]]] = []
    codes: list[str] = []

    class Reader(HTMLParser):
        depth = 0
        buf: list[str] | None = None
        in_code = False

        def handle_starttag(self, tag, attrs):
            if tag == "ul":
                self._flush()
                self.depth += 1
            elif tag == "li":
                self.buf = []
            elif tag == "code":
                self.in_code = True
                codes.append("")
            elif tag == "br" and self.buf is not None:
                self.buf.append("\n")

        def handle_endtag(self, tag):
            if tag == "li":
                self._flush()
            elif tag == "ul":
                self._flush()
                self.depth -= 1
            elif tag == "code":
                self.in_code = False

        def handle_data(self, data):
            if self.in_code:
                codes[-1] += data
            elif self.buf is not None:
                self.buf.append(data)

        def _flush(self):
            if self.buf is None:
                return
            said = re.sub(r"\n+", "\n", "".join(self.buf)).strip().replace("\u200b", "")
            if self.depth == 1:
                items.append((said, []))
            elif self.depth == 2:
                items[-1][1].append(said)
            self.buf = None

    Reader(convert_charrefs=True).feed(rendered)
    return items, [html.unescape(c) for c in codes]
