"""The command line in Russian (`--lang ru`, ADJUDICATOR_LANG=ru): the CLI's own errors, and the
language chosen afresh at every call in one process."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from adjudicator import i18n
from adjudicator.cli import app
from conftest import LOGS, run_cli, run_cli_inprocess


@pytest.fixture(autouse=True)
def english_environment(monkeypatch):
    for name in ("ADJUDICATOR_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    yield
    i18n.set_language(None)


def test_an_error_of_the_cli_is_shown_in_russian():
    r = run_cli("--lang", "ru", "scenario", "--ruleset", "paris")
    assert r.returncode == 2 and r.stderr.strip() == "ошибка: укажите либо --template, либо ФАЙЛ сценария для проверки"
    r = run_cli_inprocess("--lang", "ru", "verify", LOGS / "freeform-demo" / "game.jsonl", "--head", "x")
    assert r.returncode == 2
    assert r.stderr.strip() == "ошибка: --head 'x': пишите SEQ:HASH, где HASH — 8 или больше шестнадцатеричных цифр"

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