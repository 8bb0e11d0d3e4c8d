"""The command line in Russian: the help of the commands and their options (messages of the catalogue:
the docstrings of cli.py's commands and its N_() marked help texts), and typer's own words around them
(Usage, Options, Arguments, Commands, "Show this message and exit.", the error box and its messages).

Imported only when the language is Russian (cli.main): English start-up never imports this module,
and a Russian command that prints no help and no usage error does not import typer's rich_utils for
it (rich costs tens of milliseconds). `in_russian()` changes typer's words for one invocation and puts
them back after it; the help of a command is shown translated and left as it was, so that a command
tree kept between in-process calls (tests) stays English for the next English call. The command line
asked for Russian: its help and usage errors stay Russian when --json has made the output English.
Without rich (TYPER_USE_RICH=0) the help is Russian as well, but an error's `Error:` and `Try` lines,
which click writes itself, stay English."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from functools import cache
from typing import Any

from adjudicator.i18n import N_, catalogue

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


def ru(msgid: str) -> str:
    """A message in Russian, whatever the output's language is now."""
    return str(catalogue().gettext(msgid)) if msgid else msgid


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
            return ru(template).format(**fields)
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
        _swap(stack, command, "help", ru(command.help))
    for param in command.get_params(ctx):
        if getattr(param, "help", None):
            _swap(stack, param, "help", ru(param.help))
    for sub in getattr(command, "commands", {}).values():
        for name in ("help", "short_help"):
            if getattr(sub, name, None):
                _swap(stack, sub, name, ru(getattr(sub, name)))


@contextmanager
def in_russian() -> Iterator[None]:
    """typer's words and the commands' help in Russian for one invocation of the command line."""
    from typer import core
    from typer._click import exceptions, formatting

    with ExitStack() as stack:
        rich_words = _rich_words(stack)
        _swap(stack, core, "_", ru)  # typer.core's gettext: its headings without rich, "Missing command."
        write_usage = formatting.HelpFormatter.write_usage
        usage, metavars = ru(USAGE), tuple((m, ru(m)) for m in (OPTIONS_METAVAR, SUBCOMMAND_METAVAR))

        def russian_usage(self: Any, prog: str, args: str = "", prefix: str | None = None) -> None:
            rich_words()
            for english, russian in metavars:
                args = args.replace(english, russian)
            write_usage(self, prog, args, usage if prefix is None else prefix)

        _swap(stack, formatting.HelpFormatter, "write_usage", russian_usage)
        for cls in (core.TyperCommand, core.TyperGroup):
            _swap(stack, cls, "format_help", _russian_help(cls.format_help, rich_words))
        for cls in vars(exceptions).values():
            if isinstance(cls, type) and issubclass(cls, exceptions.ClickException) and (
                    cls is exceptions.ClickException or "format_message" in vars(cls)):
                _swap(stack, cls, "format_message", _russian_message(cls.format_message, rich_words))
        yield


def _rich_words(stack: ExitStack) -> Callable[[], None]:
    """What puts typer.rich_utils's words in Russian (until the stack closes) once it is imported:
    called where help or an error is about to be shown."""
    done: list[bool] = []

    def put() -> None:
        rich_utils = sys.modules.get("typer.rich_utils")
        if done or rich_utils is None:
            return
        done.append(True)
        for name, english in RICH_CONSTANTS.items():
            _swap(stack, rich_utils, name, ru(english))
        usage = ru(USAGE)
        _swap(stack, rich_utils.highlighter, "highlights",
              [*rich_utils.highlighter.highlights, f"(?P<usage>{re.escape(usage)})"])

    return put


def _russian_help(format_help: Any, rich_words: Callable[[], None]) -> Any:
    def russian_help(self: Any, ctx: Any, formatter: Any) -> None:
        from typer import core

        if core.HAS_RICH:  # typer shows help with rich: its words are put in Russian before
            import typer.rich_utils  # noqa: F401

        rich_words()
        with ExitStack() as stack:
            _translated(stack, self, ctx)
            format_help(self, ctx, formatter)

    return russian_help


def _russian_message(format_message: Any, rich_words: Callable[[], None]) -> Any:
    def russian_message(self: Any) -> str:
        rich_words()  # an error without a usage line: the box's title
        return error(format_message(self))

    return russian_message
