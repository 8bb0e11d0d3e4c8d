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
