"""Russian output (issue 21): the catalogue, the language's choice, plural forms, rule citations with
the seed's titles, the notation's Russian aliases, and a shipped game's report in Russian."""

from __future__ import annotations

import importlib
import json
import re
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from adjudicator import i18n, localize
from adjudicator.aliases import CORE, aliases
from adjudicator.notation import format_action, parse
from conftest import LOGS, ROOT, run_cli

sys.path.insert(0, str(ROOT / "scripts"))
import catalogue  # noqa: E402
from latin_words import latin_words  # noqa: E402

RULESETS = ("paris", "portable", "brigade", "skirmish", "freeform")


@pytest.fixture
def russian():
    i18n.set_language("ru")
    yield
    i18n.set_language(None)


def test_every_message_of_the_code_has_a_russian_translation_and_the_mo_is_compiled_from_the_po(capsys):
    """scripts/catalogue.py check: every message extracted from the code is in the .po, translated
    (each plural form too), and the committed .mo is exactly the compiled .po."""
    assert catalogue.check() == 0, capsys.readouterr().out


def test_the_language_is_the_option_then_adjudicator_lang_then_the_locale_then_english(monkeypatch):
    for name in ("ADJUDICATOR_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    try:
        i18n.set_language(None)
        assert i18n.language() == "en"
        monkeypatch.setenv("LANG", "ru_RU.UTF-8")
        i18n.set_language(None)
        assert i18n.language() == "ru"
        monkeypatch.setenv("LC_ALL", "C.UTF-8")  # LC_ALL comes before LANG
        i18n.set_language(None)
        assert i18n.language() == "en"
        monkeypatch.setenv("ADJUDICATOR_LANG", "ru")
        i18n.set_language(None)
        assert i18n.language() == "ru"
        i18n.set_language("en")
        assert i18n.language() == "en"
        with pytest.raises(ValueError):
            i18n.set_language("de")
    finally:
        i18n.set_language(None)


def test_plural_forms_follow_russian_rules(russian):
    forms = {n: i18n.ngettext("{where}: the event holds {n} roll(s) that resolution never used",
                              "{where}: the event holds {n} roll(s) that resolution never used", n).format(where="x", n=n)
             for n in (1, 2, 5, 11, 21, 22, 25)}
    assert "1 бросок," in forms[1] and "21 бросок," in forms[21]
    assert "2 броска," in forms[2] and "22 броска," in forms[22]
    assert "5 бросков," in forms[5] and "11 бросков," in forms[11] and "25 бросков," in forms[25]


def test_english_loads_no_catalogue():
    """English costs nothing at start-up: the catalogue is read at the first Russian message."""
    code = ("import io, contextlib\nfrom adjudicator import i18n\nfrom adjudicator.cli import app\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            "    try: app(['--lang', 'en', 'log', 'logs/freeform-demo/game.jsonl'])\n"
            "    except SystemExit: pass\nprint(i18n._catalogue is None)")
    import subprocess
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.stdout.strip() == "True", out.stderr


def test_a_citation_names_the_seeds_own_section_title(russian):
    assert localize.cite("a unit fires once (seed 000 §10.5)") == "a unit fires once (§10.5 Определение результатов огня)"
    assert localize.cite("seed 000 §9.1, ruling R44") == "§9.1 Общее, разъяснение R44"
    assert localize.cite("seed 000 §4.4") == "§4.4 Упреждение"
    i18n.set_language("en")
    assert localize.cite("seed 000 §10.5") == "seed 000 §10.5"


def test_a_violation_is_shown_with_its_rule_cited_in_russian(russian):
    from adjudicator.ruleset import violation

    v = violation("orders/not-a-side", "seed 000 §3.1", "only the two sides seal turn-1 orders")[0]
    assert str(v) == "приказы первого тура запечатывают только две стороны (§3.1 Фаза приказов) [orders/not-a-side]"
    i18n.set_language("en")
    assert str(v) == "only the two sides seal turn-1 orders (seed 000 §3.1) [orders/not-a-side]"


def test_json_output_is_never_translated():
    en = run_cli("replay", LOGS / "paris-dreux-1562" / "game.jsonl", "--at", "40", "--json")
    ru = run_cli("--lang", "ru", "replay", LOGS / "paris-dreux-1562" / "game.jsonl", "--at", "40", "--json")
    assert en.returncode == ru.returncode == 0 and en.stdout == ru.stdout


@pytest.mark.parametrize("name", RULESETS)
def test_every_russian_form_is_one_word_for_one_english_form(name):
    """Read back, a Russian verb or word names one English verb or word, and none is a core verb's."""
    a = aliases(name)
    for table in (a.verbs, a.words):
        assert len(set(table.values())) == len(table), table
    assert not set(importlib.import_module(f"adjudicator.rulesets.{name}.russian").ALIASES.verbs.values()) & set(
        CORE.verbs.values())
    assert all(not w.isascii() for w in list(a.verbs.values()) + list(a.words.values()))


def _rules(name: str):
    from adjudicator import rulesets

    return rulesets.get(name)


# lines in the English notation, as a player writes them: every verb, and every fixed word somewhere
_PARIS_LINES = st.one_of(
    st.builds(lambda w: f"activate {w}", st.sampled_from(["conde", "guise"])),
    st.sampled_from(["pass", "no preempt", "end moves", "end activation", "reactivate", "hold", "no advance"]),
    st.builds(lambda w: f"preempt {w}", st.sampled_from(["conde", "st-andre"])),
    st.builds(lambda w, o, bang: f"change order {w} to {o}{bang}", st.sampled_from(["conde", "guise"]),
              st.sampled_from(["attack", "march", "rally"]), st.sampled_from(["", "!"])),
    st.builds(lambda u, hexes: f"move {u} {' '.join(hexes)}", st.sampled_from(["conde-g1", "garde-2"]),
              st.lists(st.sampled_from(["0908", "1010", "0303"]), min_size=1, max_size=3)),
    st.builds(lambda u, f: f"turn {u} {f}", st.sampled_from(["conde-g1"]), st.sampled_from(["N", "NE", "SE", "S", "SW", "NW", "n", "sw"])),
    st.builds(lambda u, t, x, s: f"fire {u} at {t}{x}{s}", st.sampled_from(["conde-arq"]), st.sampled_from(["garde-1"]),
              st.sampled_from(["", " +1", " +2"]), st.sampled_from(["", " left", " right"])),
    st.builds(lambda u: f"rally {u}", st.sampled_from(["garde-1"])),
    st.builds(lambda s: f"melee conde-g1 {s}at garde-1", st.sampled_from(["", "conde-g2 "])),
    st.builds(lambda u: f"intercept {u}", st.sampled_from(["damville"])),
    st.builds(lambda f: f"react garde-1 turn {f}", st.sampled_from(["N", "SE", "nw"])),
    st.builds(lambda h: f"react garde-1 retreat {h}", st.sampled_from(["0707", "0707 0606"])),
    st.builds(lambda h: f"retreat garde-1 {h}", st.sampled_from(["0707", "0707 0606"])),
    st.builds(lambda f: f"advance garde-1{f}", st.sampled_from(["", " N", " sw"])),
    st.builds(lambda k, m: f"standing {k} {m}", st.sampled_from(
        ["preempt", "defensive-fire", "intercept", "react", "reactive-melee", "retreat", "advance", "adjutant"]),
        st.sampled_from(["ask", "always", "never", "auto"])),
    st.builds(lambda w, u: f"adjutant {w} {u}", st.sampled_from(["conde"]), st.sampled_from(["conde-g1"])),
    st.builds(lambda t: f"note {t}", st.sampled_from(["we hold", "держим мост"])),
    st.sampled_from(["ruling the bridge stands because the map shows it", "concede", "concede we are beaten"]),
)


@settings(max_examples=300, deadline=None)
@given(_PARIS_LINES, st.data())
def test_every_russian_alias_parses_to_the_action_of_its_english_form(line, data):
    """The round trip: a line put in Russian (every verb and fixed word, or only some of them: a post
    may mix both) parses to the very action its English form parses to, and prints back to it."""
    rs = _rules("paris")
    verbs = tuple(__import__("adjudicator.core", fromlist=["VERBS"]).VERBS) + rs.verbs
    english = parse(line, verbs, "huguenot", "paris").lines[0].action
    a = aliases("paris")
    russian = a.russian(line)
    mixed = " ".join(w if data.draw(st.booleans()) else a.russian_word(w) for w in line.split(" "))
    for text in (russian, mixed if not a.russian(mixed) == mixed else russian):
        assert parse(text, verbs, "huguenot", "paris").lines[0].action == english, (line, text)
    printed = a.russian(format_action(english, verbs))  # as a Russian report prints it
    assert parse(printed, verbs, "huguenot", "paris").lines[0].action == english


@pytest.mark.parametrize("name", ["portable", "brigade", "skirmish", "freeform"])
def test_every_verb_of_every_ruleset_has_a_russian_form_read_back_to_it(name):
    rs = _rules(name)
    a = aliases(name)
    for verb in rs.verbs:
        assert verb.words in a.verbs, verb.words
        assert a.english(a.verbs[verb.words]).split() == verb.words.split()


def test_the_russian_orders_of_paris_are_read_as_the_english_ones():
    from adjudicator.rulesets.paris.sequence import _english

    assert _english("conde атака!") == "conde attack!" and _english("guise Сбор") == "guise rally"


def _report(log: Path, lang: str) -> str:
    out = run_cli("--lang", lang, "log", log)
    assert out.returncode == 0, out.stderr
    return out.stdout


@pytest.mark.parametrize("game", ["freeform-demo", "paris-dreux-1562", "paris-ivry-1590", "portable-mahdist", "portable-bohemia", "brigade-peninsula",
                                  "skirmish-key-point", "skirmish-assault"])
def test_a_shipped_games_report_in_russian_is_current_and_has_no_english_left(game):
    """logs/GAME/report.txt and report.ru.txt are `adjudicator --lang en|ru log game.jsonl`; the
    Russian one holds no Latin word outside ids, hexes, dice, hashes and a person's own text."""
    log = LOGS / game / "game.jsonl"
    ru = _report(log, "ru")
    assert ru == (LOGS / game / "report.ru.txt").read_text(encoding="utf-8")
    assert _report(log, "en") == (LOGS / game / "report.txt").read_text(encoding="utf-8")
    assert latin_words(ru, log) == []


def test_the_latin_word_check_finds_an_english_word():
    log = LOGS / "freeform-demo" / "game.jsonl"
    assert latin_words("#1 683af6df ход 0 судья: новая игра freeform-demo\nturn 1 ends", log) == [
        (2, "turn"), (2, "ends")]


def test_a_russian_post_is_refereed_as_its_english_form(tmp_path):
    db = tmp_path / "g.db"
    assert run_cli("new", db, "--ruleset", "freeform", "--player", "red", "--player", "blue").returncode == 0
    post = tmp_path / "t.txt"
    post.write_text("заметка держим ферму\nбросок 2d6 для залпа\nконец хода\n", encoding="utf-8")
    out = run_cli("--lang", "ru", "post", db, post, "--as", "red")
    assert out.returncode == 0, out.stderr
    assert "бросок 2d6 для залпа" in out.stdout and "ход 1 окончен" in out.stdout



def test_a_paris_game_played_in_russian_from_sealed_orders_to_an_error_with_its_citation(tmp_path):
    """`options --lang ru` offers the Russian forms; orders sealed in Russian are checked, sealed and
    opened; a Russian post is refereed; an illegal one is refused in Russian, citing the seed's title."""
    db = tmp_path / "g.db"
    made = run_cli("new", db, "--ruleset", "paris", "--scenario", "dreux-1562", "--player", "huguenot", "--player", "catholic")
    assert made.returncode == 0, made.stderr
    offered = run_cli("--lang", "ru", "options", db, "--as", "huguenot")
    assert "conde атака" in offered.stdout and "запечатать приказы" in offered.stdout
    unseals = []
    for side, lines in (("huguenot", "conde атака!\ncoligny атака\nrochefoucault марш\n"),
                        ("catholic", "montmorency атака\nst-andre атака\nguise сбор\n")):
        orders = tmp_path / f"{side}.txt"
        orders.write_text(lines, encoding="utf-8")
        sealed = run_cli("--lang", "ru", "seal", db, orders, "--as", side, "--label", f"t1-{side}")
        assert sealed.returncode == 0, sealed.stderr
        seal_line, unseal = sealed.stdout.split("# храните это в тайне; напишите, когда приказы нужно вскрыть:\n")
        assert "запечатать" in seal_line and unseal.startswith("распечатать")
        post = tmp_path / f"seal-{side}.txt"
        post.write_text(seal_line.split("\n", 1)[1], encoding="utf-8")
        assert run_cli("--lang", "ru", "post", db, post, "--as", side).returncode == 0
        unseals.append((side, unseal))
    for side, unseal in unseals:
        post = tmp_path / f"unseal-{side}.txt"
        post.write_text(unseal, encoding="utf-8")
        opened = run_cli("--lang", "ru", "post", db, post, "--as", side)
        assert opened.returncode == 0, opened.stderr
    assert "приказы первого тура вскрыты вместе: conde атака; coligny атака; rochefoucault марш" in opened.stdout
    assert "(§3.1 Фаза приказов)" in opened.stdout and "seed 000" not in opened.stdout
    first = run_cli("status", db, "--json")
    side = json.loads(first.stdout)["awaiting"][0]["side"]
    other = "catholic" if side == "huguenot" else "huguenot"
    wrong = tmp_path / "wrong.txt"
    wrong.write_text("пас\n", encoding="utf-8")
    refused = run_cli("--lang", "ru", "post", db, wrong, "--as", other)
    assert refused.returncode == 1
    assert refused.stderr.startswith("ошибка: строка 1: пас: сейчас решает") and "(§3.2 Фаза активации)" in refused.stderr
    english = run_cli("post", db, wrong, "--as", other)
    assert english.stderr.startswith("error: line 1: pass: it is ") and "seed 000 §3.2" in english.stderr


def test_a_persons_text_after_a_russian_verb_keeps_its_spacing_and_words():
    """A note, a seed, a ruling are a person's text: the Russian verb is read, the text is left alone
    (its spacing, and its words even where one is a fixed word of the notation)."""
    a = aliases("paris")
    assert a.english("заметка  атака   отбита") == "note атака   отбита"
    assert a.english("note мост  стоит") == "note мост  стоит"
    assert a.english("решение мост стоит потому что так на карте") == "ruling мост стоит because так на карте"
    assert a.english("активировать conde") == "activate conde"


def _logged_actions() -> list[tuple[str, str, object]]:
    """(ruleset, actor, action) of every action of the shipped games but their creation."""
    from adjudicator.engine import load_game
    from adjudicator.logsource import open_source

    found = []
    for log in sorted(LOGS.glob("*/game.jsonl")):
        rows = [body for _n, body, _d in open_source(log).rows()]
        game = load_game(rows[0])
        for body in rows[1:]:
            event = game.decode(body, "test")
            found.append((game.ruleset.name, event.actor, event.action))
    return found


_ACTIONS = _logged_actions()


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(_ACTIONS), st.data())
def test_every_logged_action_of_every_ruleset_reads_the_same_in_russian(logged, data):
    """The round trip over the shipped games' actions, every ruleset: an action printed in the
    notation, put in Russian wholly or word by word (a post may mix both), parses to itself."""
    from adjudicator import rulesets
    from adjudicator.core import VERBS

    name, actor, action = logged
    verbs = VERBS + rulesets.get(name).verbs
    english = format_action(action, verbs)
    a = aliases(name)
    first, *body = english.split("\n")
    verb = max((v for v in a.verbs if first == v or first.startswith(v + " ")), key=len)
    args = first[len(verb):].split(" ")[1:]
    if verb not in a.free:  # a person's text is never translated
        args = [w if data.draw(st.booleans()) else a.russian_word(w) for w in args]
    mixed = " ".join([a.verbs[verb] if data.draw(st.booleans()) else verb, *args])
    for line in (a.russian(first), mixed):
        text = "\n".join([line, *body])
        assert parse(text, verbs, actor, name).lines[0].action == action, (english, text)


def test_rulesets_tables_and_replay_speak_russian():
    """`rulesets`, `tables` and `replay` say their own words and the ruleset's data in Russian (titles,
    sources, options, the state's members and their words); ids, hexes and numbers stay as they are."""
    listed = run_cli("--lang", "ru", "rulesets")
    assert listed.returncode == 0, listed.stderr
    assert "\n  сценарий dreux-1562: Дрё, 19 декабря 1562 г.\n" in listed.stdout and "\n  опция " in listed.stdout
    assert "\nportable: Портативный варгейм: винтовка и гатлинг, 1860-1900 (Боб Кордери)\n" in listed.stdout
    assert "таблица order_change_table: ВРЕМЕННАЯ, наша: текст обрывается" in listed.stdout
    assert not any(line.startswith(("  scenario ", "  option ", "  table ", "  rules:")) for line in listed.stdout.splitlines())
    tables = run_cli("--lang", "ru", "tables", "--ruleset", "paris")
    assert tables.stdout.splitlines()[1] == "morale: из правил; источник: §12.2 Эффекты морального состояния"
    english = run_cli("tables", "--ruleset", "paris")
    assert english.stdout.splitlines()[1] == "morale: from the rules; source: seed 000 §12.2"
    replay = run_cli("--lang", "ru", "replay", str(LOGS / "paris-dreux-1562" / "game.jsonl")).stdout.splitlines()
    assert "отряды, сторона гугеноты:" in replay and "закончить после схватки: да" in replay
    assert "название: Дрё, 19 декабря 1562 г." in replay
    english_replay = run_cli("replay", str(LOGS / "paris-dreux-1562" / "game.jsonl")).stdout.splitlines()
    assert "units of huguenot:" in english_replay and "finish_after_melee: yes" in english_replay
    portable = run_cli("--lang", "ru", "status", str(LOGS / "portable-mahdist" / "game.jsonl")).stdout
    assert ("игра окончена: обе армии истощены после хода 3: поле боя за армией Египет (Египет); Египет: потеряно 11 ОС "
            "(ТИ 11, истощена); махдисты: потеряно 19 ОС (ТИ 18, истощена)") in portable


@pytest.mark.parametrize("game", ["paris-dreux-1562", "brigade-peninsula", "portable-bohemia", "skirmish-assault"])
def test_replay_names_every_member_and_word_of_the_state_in_russian(game):
    """Every member `replay` shows of a shipped game's state has its Russian name (FIELDS), and no
    English word of the rules is left outside ids and the scenario's own names."""
    from adjudicator import rulesets

    log = LOGS / game / "game.jsonl"
    replay = run_cli("--lang", "ru", "replay", str(log)).stdout.splitlines()
    ruleset = rulesets.get(game.split("-")[0])
    module = __import__(f"adjudicator.rulesets.{ruleset.name}.russian", fromlist=["FIELDS"])
    for line in replay[1:]:
        members = line.strip().split(": ", 1)[-1].split(", ") if line.startswith("  ") else [line.split(":")[0]]
        for member in members:
            word = member.split(" ")[0]
            assert not re.fullmatch(r"[a-z_]+", word) or word in ("x", "y"), (word, line)
    assert module.FIELDS


def test_verify_names_the_problems_in_russian_and_its_json_stays_english(tmp_path: Path):
    """A line of a shipped log changed: `verify --lang ru` says so in Russian, `--json` in English."""
    lines = (LOGS / "paris-dreux-1562" / "game.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
    lines[4] = lines[4].replace('"turn":1,', '"turn":7,', 1)
    bad = tmp_path / "bad.jsonl"
    bad.write_text("".join(lines), encoding="utf-8")
    said = run_cli("--lang", "ru", "verify", str(bad), "--lenient")
    assert said.returncode == 1
    assert "событие #5 (строка 5): хеш не сходится с событием и хешем перед ним" in said.stdout
    assert "событие #5: в событии эпоха 1, тур 7, фаза 'orders', а партия в эпохе 1, в туре 1" in said.stdout
    as_json = json.loads(run_cli("--lang", "ru", "verify", str(bad), "--json").stdout)
    assert as_json["problems"][0]["message"].startswith("seq 5 (line 5): the hash does not match the event")
    english = run_cli("verify", str(bad), "--lenient").stdout
    assert "seq 5: the event says epoch 1, turn 7, phase 'orders', but the game is at epoch 1, turn 1, phase 'orders'" in english


def test_a_skirmish_refusal_and_report_line_are_shown_in_russian_and_stay_english_in_english(russian):
    """A skirmish violation and a report line are templates: the Russian reader gets them in Russian,
    the English text (kept in the Violation, and in the log's replay) is unchanged. §Special rules:
    Officer «Офицер может быть Выдающимся …, в таком случае позволяет перебросить до двух кубиков»."""
    from events.skirmish import Reroll

    from test_skirmish_support import Dice, board, fig

    from adjudicator.rulesets.skirmish import initiative

    s = board(fig("lt", "red", "zouave-officer", (10, 10)), fig("b1", "blue", "prussian", (10, 100)), phase="initiative")
    s = initiative.roll(s, Dice(1, 5, 5, 1, 1, 6)).state
    (refused,) = initiative.validate_reroll(s, "red", Reroll(command="red", faces=(1, 5)))
    assert refused.message == "red may roll 1 initiative die again (an unsuppressed Officer: 1, Outstanding: 2)"
    assert str(refused).startswith("red может перебросить кубиков инициативы: 1 (неподавленный Офицер: 1, Выдающийся: 2)")
    (line,) = initiative.resolve_reroll(s, "red", Reroll(command="red", faces=(1,)), Dice(6)).lines[:1]
    assert line.text() == "red перебрасывают 1 кубик инициативы: 6 -> 6 5 5 = 16"
    i18n.set_language("en")
    assert str(line) == line.text() == "red rolls 1 initiative die again: 6 -> 6 5 5 = 16"


def test_a_skirmish_maps_title_and_legend_are_russian_and_the_english_map_is_unchanged(tmp_path):
    log = LOGS / "skirmish-key-point" / "game.jsonl"
    out = run_cli("--lang", "ru", "map", log, "--at", "120", "-o", tmp_path / "ru.svg")
    assert out.returncode == 0, out.stderr
    svg = (tmp_path / "ru.svg").read_text(encoding="utf-8")
    assert "key-point · ход 4 · активация · действуют французы" in svg
    assert "французы: 20 из 22 Очков Морали, 3 ОД" in svg and "ключевой объект" in svg and "zug (сомкнутый, линия)" in svg
    assert "zouave-3 (П)" in svg and "<title>jaeger-1: выведен из строя</title>" in svg
    assert run_cli("--lang", "en", "map", log, "-o", tmp_path / "en.svg").returncode == 0
    assert (tmp_path / "en.svg").read_text(encoding="utf-8") == (LOGS / "skirmish-key-point" / "final-map.svg").read_text(encoding="utf-8")


def test_every_rule_skirmish_cites_is_named_by_the_russian_texts_own_heading(russian):
    """Seed 001 has no numbered sections: a refusal names the heading a player finds in his rules
    («СТРЕЛЬБА.» … «Групповая стрельба (залп).»)."""
    from adjudicator.localize import cite
    from adjudicator.rulesets.skirmish.codes import CODES, VOLLEY

    assert all("seed" not in cite(rule) and "§" not in cite(rule) and "ruling" not in cite(rule) for rule in CODES.values())
    assert cite(VOLLEY) == "«Стрельба»: «Групповая стрельба (залп)»"


def _binds_underscore(function) -> bool:
    """Whether a function gives the name `_` a value of its own (`for _ in`, `_, x = ...`)."""
    import ast

    for node in ast.walk(function):
        if isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store):
            return True
    return False


def test_no_function_hides_the_message_function_under_a_throwaway_name():
    """A function that calls `_()` for a message must not bind `_` itself (`for _, x in ...`): the
    call would then be made on whatever the loop left there, and only when the message is needed."""
    import ast

    found = []
    for path in sorted((ROOT / "adjudicator").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and _binds_underscore(node):
                calls = [c for c in ast.walk(node) if isinstance(c, ast.Call) and isinstance(c.func, ast.Name)
                         and c.func.id == "_"]
                if calls:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name}")
    assert not found, found


def test_a_russian_command_imports_no_other_game_system():
    """Start-up in Russian: citing every seed's section titles reads each ruleset's russian.py on its
    own, never its package (skirmish's rules import shapely and numpy)."""
    import subprocess
    import sys

    from tests.conftest import LOGS, ROOT

    code = ("import sys; from adjudicator.cli import main; sys.argv = ['adjudicator', '--lang', 'ru', 'status', "
            f"{str(LOGS / 'paris-dreux-1562' / 'game.jsonl')!r}]\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.startswith('adjudicator.rulesets.') and m.count('.') == 2))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.strip().splitlines()[-1] == "['adjudicator.rulesets.paris']"


def test_a_ruleset_name_from_a_log_is_never_a_path():
    from adjudicator.aliases import russian_module

    assert russian_module("../../tests/conftest") is None
    assert russian_module("nosuchruleset") is None
    assert russian_module("paris").ALIASES


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["paris", "brigade", "portable", "skirmish", "freeform"]), st.data())
def test_every_ruleset_example_in_russian_or_half_russian_parses_to_its_english_action(name, data):
    """The round trip for every ruleset: each verb's example (`help RULESET`), put in Russian word by word
    (every word, or some: a post may mix both), parses to the action its English form parses to."""
    rs = _rules(name)
    verb = data.draw(st.sampled_from(rs.verbs))
    line = rs.examples[verb.words]
    english = parse(line, rs.verbs, "someone", name).lines[0].action
    a = aliases(name)
    said = line.split(" ")
    head = len(verb.words.split())  # the verb is written whole, in either language; each word after it in either
    mixed = " ".join([verb.words if data.draw(st.booleans()) else a.verbs[verb.words],
                      *(w if data.draw(st.booleans()) else a.russian_word(w) for w in said[head:])])
    for text in (a.russian(line), mixed):
        assert parse(text, rs.verbs, "someone", name).lines[0].action == english, (line, text)


@pytest.mark.parametrize("ruleset", ["../../tests/conftest", "paris/../skirmish", "nosuchruleset"])
def test_a_forged_log_naming_a_path_for_its_ruleset_is_refused_in_russian_and_loads_nothing(tmp_path, ruleset):
    """Trust: the Russian words of a game are read by its ruleset's name, which a log gives. A forged,
    re-chained log whose first event names a path is refused as an unknown ruleset, in Russian, never
    a crash (russian_module itself refuses such a name: the test above)."""
    import json

    from tests.conftest import LOGS, rechain, run_cli

    lines = (LOGS / "paris-dreux-1562" / "game.jsonl").read_bytes().splitlines()
    first = json.loads(lines[0])
    first["action"]["ruleset"] = ruleset
    lines[0] = json.dumps(first, separators=(",", ":"), ensure_ascii=False).encode()
    forged = tmp_path / "forged.jsonl"
    forged.write_bytes(b"".join(x + b"\n" for x in rechain(lines)))
    done = run_cli("--lang", "ru", "verify", forged)
    assert done.returncode != 0 and "Traceback" not in done.stderr
    out = done.stdout + done.stderr
    assert "неизвестный набор правил" in out and "internal error" not in out, out
