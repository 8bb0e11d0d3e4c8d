"""The command line in Russian (`--lang ru`, ADJUDICATOR_LANG=ru): the help of every command and of its
options, typer's own words around it (Usage, Options, the error box and its messages) and the CLI's
own errors; English help as it was; and the language chosen afresh at every call in one process."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
import typer.main
from typer.testing import CliRunner

from adjudicator import i18n
from adjudicator.cli import app
from conftest import LOGS, ROOT, run_cli, run_cli_inprocess

# Latin words a Russian help may hold: the program's name, values typed as they are (languages,
# formats, dice modes, the referee's name in a post, a ruleset's name), names of formats and tools
KEPT = {"python", "adjudicator", "en", "ru", "committed", "reported", "text", "markdown", "bbcode", "dump", "html",
        "referee", "brigade", "phpBB", "BBCode", "Schema", "ssh", "keygen", "sign", "id", "no"}
_LATIN = re.compile(r"[A-Za-z][A-Za-z'’]*")
_NOT_WORDS = re.compile(r"`[^`]*`|'[^']*'|<\w+>|\{\w+\}|(?<!\w)--?[\w-]+|\S*[./=_~]\S*")


@pytest.fixture(autouse=True)
def english_environment(monkeypatch):
    for name in ("ADJUDICATOR_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    yield
    i18n.set_language(None)


def _commands() -> list[list[str]]:
    """Every command and subcommand, as typed."""
    found = []

    def walk(command, path):
        for name, sub in getattr(command, "commands", {}).items():
            found.append([*path, name])
            walk(sub, [*path, name])

    walk(typer.main.get_command(app), [])
    return found


def _arguments() -> set[str]:
    """The names of every command's arguments, as typer shows them."""
    found = set()

    def walk(command):
        found.update(p.name for p in command.params if p.name)
        for sub in getattr(command, "commands", {}).values():
            walk(sub)

    walk(typer.main.get_command(app))
    return found


def english_words(text: str, commands: list[list[str]]) -> list[str]:
    """The Latin words of `text` that are neither kept, a command's or an argument's name, an option,
    a metavar nor something typed (a backticked command, a path, a NAME=VALUE, an upper-case name)."""
    names = {part for command in commands for part in command} | _arguments()
    words = _LATIN.findall(_NOT_WORDS.sub(" ", text))
    return [w for w in words if w not in KEPT and w not in names and not w.isupper()]


def test_russian_help_of_the_program_holds_no_english_word():
    r = run_cli("--lang", "ru", "--help")
    assert r.returncode == 0, r.stderr
    assert "Использование:" in r.stdout and "Параметры" in r.stdout and "Команды" in r.stdout
    assert "Показать эту справку и выйти." in r.stdout and "Судья для варгеймов" in r.stdout
    assert english_words(r.stdout, _commands()) == []


def test_the_language_of_the_environment_gives_russian_help_too(monkeypatch):
    monkeypatch.setenv("ADJUDICATOR_LANG", "ru")
    r = run_cli("thread", "--help")
    assert r.returncode == 0 and "Тема форума как свидетель игры" in r.stdout and "Команды" in r.stdout
    assert english_words(r.stdout, _commands()) == []


@pytest.mark.parametrize("command", _commands(), ids=" ".join)
def test_russian_help_of_every_command_holds_no_english_word(command):
    r = run_cli_inprocess("--lang", "ru", *command, "--help")
    assert r.returncode == 0, r.stderr
    assert "Использование:" in r.stdout and "Показать эту справку и выйти." in r.stdout
    assert english_words(r.stdout, _commands()) == [], r.stdout


@pytest.mark.parametrize(("args", "said"), [
    (["new"], "Не указан аргумент 'db'."),
    (["status", "--bogus"], "Нет такого параметра: --bogus"),
    (["bogus"], "Нет такой команды: 'bogus'."),
    (["replay", "x", "--at", "q"], "Неверное значение '--at': 'q' — не целое число."),
    (["status", "x.db", "2"], "Лишние аргументы: 2"),
    (["status", "--json"], "Не указан аргумент 'db'."),  # --json makes the output English, not the command line
    (["stats"], "Нет такой команды: 'stats'. Может быть, 'status'?"),
    (["new", "x.db"], "Не указан параметр '--ruleset'."),
])
def test_a_usage_error_is_shown_in_russian(args, said):
    r = run_cli_inprocess("--lang", "ru", *args)
    assert r.returncode == 2
    assert said in r.stderr and "Ошибка" in r.stderr and "Использование:" in r.stderr, r.stderr
    assert english_words(r.stderr, _commands()) == [], r.stderr


def test_an_error_of_the_cli_is_shown_in_russian():
    r = run_cli("--lang", "ru", "scenario", "--ruleset", "paris")
    assert r.returncode == 2 and r.stderr.strip() == "ошибка: укажите либо --template, либо ФАЙЛ сценария для проверки"
    r = run_cli_inprocess("--lang", "ru", "verify", LOGS / "freeform-demo" / "game.jsonl", "--head", "x")
    assert r.returncode == 2
    assert r.stderr.strip() == "ошибка: --head 'x': пишите SEQ:HASH, где HASH — 8 или больше шестнадцатеричных цифр"


def test_english_help_is_as_it_was_after_a_russian_call_in_the_same_process():
    """typer's words and the commands' help are Russian for the Russian call only (a command tree kept
    between calls, as the in-process tests keep it, is left English)."""
    before = run_cli_inprocess("new", "--help").stdout
    assert run_cli_inprocess("--lang", "ru", "new", "--help").stdout != before
    after = run_cli_inprocess("new", "--help")
    assert after.stdout == before
    for english in ("Usage:", "[OPTIONS]", "Arguments", "Options", "[required]", "[default: committed]",
                    "Show this message and exit.", "Start a game: the database, and the referee's dice secret beside it.",
                    "the game system (see `adjudicator rulesets`)"):
        assert english in before
    assert not re.search("[а-яА-Я]", before)
    error = run_cli_inprocess("status", "--bogus").stderr
    assert "No such option: --bogus" in error and "Error" in error and "Usage:" in error


def test_the_language_is_chosen_afresh_at_every_call_in_one_process():
    """A `--lang ru` call in a process (typer's CliRunner, as the tests run the app) leaves the next call
    of the same process in the language of the environment, not in Russian."""
    runner = CliRunner()
    english = runner.invoke(app, ["help", "freeform"])
    russian = runner.invoke(app, ["--lang", "ru", "help", "freeform"])
    assert english.exit_code == russian.exit_code == 0
    assert re.search("[а-яА-Я]", russian.output) and not re.search("[а-яА-Я]", english.output)
    again = runner.invoke(app, ["help", "freeform"])
    assert again.output == english.output
    assert run_cli_inprocess("--lang", "ru", "help", "freeform").stdout == russian.output
    assert run_cli_inprocess("help", "freeform").stdout == english.output


def test_a_language_that_is_none_is_refused():
    r = run_cli_inprocess("--lang", "de", "rulesets")
    assert r.returncode == 2 and r.stderr.strip() == "error: --lang: one of en, ru, not 'de'"


@pytest.mark.parametrize(("lang", "loaded"), [("en", set()), ("ru", {"adjudicator.clitext"})])
def test_a_command_that_prints_no_help_loads_no_help_machinery(lang, loaded):
    """Start-up: English never imports the Russian command line, and neither language imports typer's
    rich help for a command that shows no help and no usage error."""
    code = ("import io, sys, contextlib\nfrom adjudicator import cli\n"
            f"sys.argv = ['adjudicator', '--lang', '{lang}', 'log', 'logs/freeform-demo/game.jsonl']\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            "    try: cli.main()\n"
            "    except SystemExit: pass\n"
            "print(sorted(m for m in ('adjudicator.clitext', 'typer.rich_utils') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.stdout.strip() == str(sorted(loaded)), out.stderr
