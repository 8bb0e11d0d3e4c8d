"""Issue 21: `rulesets` and `tables` show a ruleset's own data (where its rules come from, its options,
each shipped table's source) in Russian: every ruleset's russian.py gives each of them, and the
English output is its data as written."""

from __future__ import annotations

import importlib

import pytest

from adjudicator import rulesets, views
from adjudicator.i18n import set_language


@pytest.fixture
def russian():
    set_language("ru")
    yield
    set_language(None)


@pytest.mark.parametrize("name", rulesets.names())
def test_every_option_and_table_source_has_its_russian_text(name):
    rs = rulesets.get(name)
    module = importlib.import_module(f"adjudicator.rulesets.{name}.russian")
    assert module.SOURCE and module.SOURCE != rs.source
    assert set(getattr(module, "OPTIONS", {})) == set(rs.options)
    assert set(getattr(module, "TABLES", {})) == {k for k, v in rs.tables.items() if isinstance(v, dict)}


def test_the_russian_lines_show_the_russian_texts(russian):
    rs = rulesets.get("paris")
    shown = "\n".join(views.rulesets([rs]))
    assert "опция guise: Дрё: Гиз начинает с приказом «Сбор»" in shown
    assert "таблица fire: ВРЕМЕННАЯ, наша: таблицы результатов огня нет в тексте (§10.5 Определение результатов огня)" in shown
    assert "правила: текст 000 (русский перевод правил, разделы 1-14)" in shown
    lines = list(views.tables(rulesets.get("brigade")))
    assert "initiative: из правил; источник: §4.1 Фаза Инициативы" in lines


def test_english_shows_the_data_as_written():
    rs = rulesets.get("paris")
    shown = "\n".join(views.rulesets([rs]))
    assert f"option guise: {rs.options['guise']}" in shown
    assert "table fire: PROVISIONAL, ours: the fire results table is not in seed 000 (§10.5)" in shown


@pytest.mark.parametrize("english, russian_text", [
    ("French (Foy) defeated: Army Defeat Test 10 -3 (own brigade Broken x3) +1 (enemy brigade Broken) = 8, 5 or less "
     "(seed 004 §15.5); the army leaves the field",
     "French (Foy) разбита: тест армии на поражение 10 -3 (своя бригада сломлена x3) +1 (вражеская бригада сломлена) = 8, "
     "5 или меньше (§15.5 Результаты прохождения Теста на Поражение); армия покидает поле"),
    ("British (Picton) defeated automatically: the army lost 48 of 63 points, 75 % or more (seed 004 §15.6)",
     "British (Picton) разбита автоматически: армия потеряла 48 из 63 очков, 75 % или больше (§15.6 Автоматическое поражение)"),
    ("the scenario's 10 turns are played and no army was defeated: the battle is undecided (scenario rule, ours)",
     "все 10 ходов сценария сыграны, и ни одна армия не разбита: сражение не решено (правило сценария, наше)"),
])
def test_brigade_results_in_russian(russian, english, russian_text):
    """`status` and `replay` show the result brigade wrote into the state (in English) in Russian: the
    defeat test's roll, each modifier's label from the catalogue with its count, the rule's title."""
    from adjudicator import localize

    assert localize.result("brigade", english) == russian_text


def test_the_shipped_brigade_game_ends_in_russian(russian):
    from tests.conftest import LOGS
    from adjudicator.cli import app
    from typer.testing import CliRunner

    out = CliRunner().invoke(app, ["--lang", "ru", "status", str(LOGS / "brigade-peninsula" / "game.jsonl")]).output
    assert "разбита: тест армии на поражение" in out and "defeated" not in out
