"""The command line in Russian: the help of the commands and their options (messages of the catalogue:
the docstrings of cli.py's commands and its N_() marked help texts), and typer's own words around them
(Usage, Options, Arguments, Commands, "Show this message and exit.", the error box and its messages).

Imported only when the language is Russian (cli.main): English start-up neither imports this module
nor typer's rich_utils before it prints help. `in_russian()` changes typer's words for one invocation
and puts them back after it; the help of a command is shown translated and left as it was, so that a
command tree kept between in-process calls (tests) stays English for the next English call.
Without rich (TYPER_USE_RICH=0) the help is Russian as well, but an error's `Error:` and `Try` lines,
which click writes itself, stay English."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from functools import cache
from typing import Any

from adjudicator.i18n import N_, _, set_language

# typer's words, as typer.rich_utils writes them (its module constants), and the help option's
RICH_CONSTANTS = {
    "ARGUMENTS_PANEL_TITLE": N_("Arguments"),
    "OPTIONS_PANEL_TITLE": N_("Options"),
    "COMMANDS_PANEL_TITLE": N_("Commands"),
    "ERRORS_PANEL_TITLE": N_("Error"),
    "ABORTED_TEXT": N_("Aborted."),
    "RICH_HELP": N_("Try [blue]'{command_path} {help_option}'[/] for help."),
    "DEFAULT_STRING": N_("[default: {}]"),
    "REQUIRED_LONG_STRING": N_("[required]"),
    "DEPRECATED_STRING": N_("(deprecated) "),
    "ENVVAR_STRING": N_("[env var: {}]"),
}
# the words typer.core passes through gettext (its help without rich: Arguments, Options and Commands
# above, these, and Missing command. below), shown through the catalogue instead
CORE_WORDS = (N_("required"), N_("default: {default}"), N_("env var: {var}"), N_("Aborted!"), N_("(dynamic)"))
HELP_OPTION = N_("Show this message and exit.")
USAGE = N_("Usage: ")
OPTIONS_METAVAR = N_("[OPTIONS]")
SUBCOMMAND_METAVAR = N_("COMMAND [ARGS]...")

# click's and typer's error messages, as they write them: a field in braces is any text (a message
# field is itself matched); the first template that matches the whole message is shown translated
ERRORS = (
    N_("No such option: {name} (Possible options: {options})"),
    N_("No such option: {name}"),
    N_("No such command {name}. Did you mean {names}?"),
    N_("No such command {name}."),
    N_("Missing command."),
    N_("Missing argument {name}."),
    N_("Missing option {name}."),
    N_("Missing parameter {name}."),
    N_("Got unexpected extra argument(s) ({arguments})"),
    N_("Got unexpected extra argument ({arguments})"),
    N_("Option {name} requires an argument."),
    N_("Option {name} does not take a value."),
    N_("Invalid value for {name}: {message}"),
    N_("Invalid value: {message}"),
    N_("{value} is not a valid int."),
    N_("{value} is not a valid integer."),
    N_("{value} is not a valid float."),
    N_("{value} is not a valid boolean. Recognized values: {values}"),
    N_("{value} is not one of {choices}."),
)


@cache
def _patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    field = r"\\\{(\w+)\\\}"
    return tuple((re.compile(re.sub(field, r"(?P<\1>.+)", re.escape(t)) + r"\Z", re.DOTALL), t) for t in ERRORS)


def error(text: str) -> str:
    """One of click's or typer's error messages in Russian (as it is when it is none of theirs)."""
    for pattern, template in _patterns():
        m = pattern.match(text)
        if m:
            fields = m.groupdict()
            if "message" in fields:
                fields["message"] = error(fields["message"])
            return _(template).format(**fields)
    return text


def _swap(stack: ExitStack, obj: Any, name: str, value: Any) -> None:
    """obj.name = value until the stack closes."""
    old = getattr(obj, name)
    if value is not old:
        setattr(obj, name, value)
        stack.callback(setattr, obj, name, old)


def _translated(stack: ExitStack, command: Any, ctx: Any) -> None:
    """The help of a command (and of its options, arguments and subcommands) in Russian, until the
    stack closes."""
    if command.help:
        _swap(stack, command, "help", _(command.help))
    _swap(stack, command, "options_metavar", _(command.options_metavar))
    if hasattr(command, "subcommand_metavar"):
        _swap(stack, command, "subcommand_metavar", _(command.subcommand_metavar))
    for param in command.get_params(ctx):
        if getattr(param, "help", None):
            _swap(stack, param, "help", _(param.help))
    for sub in getattr(command, "commands", {}).values():
        for name in ("help", "short_help"):
            if getattr(sub, name, None):
                _swap(stack, sub, name, _(getattr(sub, name)))


@contextmanager
def in_russian() -> Iterator[None]:
    """typer's words and the commands' help in Russian for one invocation of the command line."""
    from typer import core, rich_utils
    from typer._click import formatting

    with ExitStack() as stack:
        _swap(stack, core, "_", _)
        for name, english in RICH_CONSTANTS.items():
            _swap(stack, rich_utils, name, _(english))
        usage = _(USAGE)
        _swap(stack, rich_utils.highlighter, "highlights",
              [*rich_utils.highlighter.highlights, f"(?P<usage>{re.escape(usage)})"])
        write_usage = formatting.HelpFormatter.write_usage

        def russian_usage(self: Any, prog: str, args: str = "", prefix: str | None = None) -> None:
            write_usage(self, prog, args, usage if prefix is None else prefix)

        _swap(stack, formatting.HelpFormatter, "write_usage", russian_usage)
        for cls in (core.TyperCommand, core.TyperGroup):
            _swap(stack, cls, "format_help", _russian_help(cls.format_help))
        format_error = rich_utils.rich_format_error

        def russian_error(e: Any) -> None:
            set_language("ru")  # an error of the command line, even where --json had chosen English for the output
            with ExitStack() as inner:
                ctx = getattr(e, "ctx", None)
                if ctx is not None:
                    _translated(inner, ctx.command, ctx)
                english = e.format_message()
                inner.enter_context(_instance_method(e, "format_message", lambda: error(english)))
                format_error(e)

        _swap(stack, rich_utils, "rich_format_error", russian_error)
        yield


def _russian_help(format_help: Any) -> Any:
    def russian_help(self: Any, ctx: Any, formatter: Any) -> None:
        with ExitStack() as stack:
            _translated(stack, self, ctx)
            format_help(self, ctx, formatter)

    return russian_help


@contextmanager
def _instance_method(obj: Any, name: str, value: Any) -> Iterator[None]:
    setattr(obj, name, value)
    try:
        yield
    finally:
        delattr(obj, name)
