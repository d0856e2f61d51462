"""A content language is files alone: a pseudo language, `eo`, proves it.

The test adds a catalog to a copy of the translations folder (ARENA_TRANSLATIONS_DIR) and, to a
copy of softmax, a statement, a title, hints, a track title and one case's name in it: no code
changes. Each reader of content then finds it, and validation names the cases it lacks.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from graders.authoring.validate import validate
from graders.challenge.spec import load_challenge, tracks_of
from graders.locales import content_locales, translated_locales, translations_folder
from graders.protocol import cases_job
from graders.sandbox.base import RUNNER_PATH

ROOT = Path(__file__).resolve().parents[2]
PSEUDO = "eo"
NAMED = ('"ko": "증가하는 로짓 세 개"',
         '"ko": "증가하는 로짓 세 개", "eo": "tri kreskantaj logitoj"')
MUTANTS = "\n[mutants.no_max_subtraction]"
TOML = {'ko = "기초"\n': 'ko = "기초"\neo = "Bazoj"\n',
        'ko = "소프트맥스"\n': 'ko = "소프트맥스"\neo = "Softmakso"\n',
        f"]\n{MUTANTS}": f']\neo = ["Eksponentu ĉiun logiton."]\n{MUTANTS}'}  # after ko's hints


@pytest.fixture
def pseudo_softmax(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Add the pseudo language's catalog and softmax's texts in it; return the folder."""
    translations = shutil.copytree(translations_folder(), tmp_path / "translations")
    (translations / PSEUDO / "LC_MESSAGES").mkdir(parents=True)
    shutil.copy(translations / "ko/LC_MESSAGES/messages.po", translations / PSEUDO / "LC_MESSAGES")
    monkeypatch.setenv("ARENA_TRANSLATIONS_DIR", str(translations))
    folder = shutil.copytree(ROOT / "challenges/softmax", tmp_path / "softmax")
    (folder / f"statement.{PSEUDO}.md").write_text("# Softmakso\n\nSkribu `softmax(row)`.\n",
                                                    encoding="utf-8")
    (folder / f"editorial.{PSEUDO}.md").write_text(
        "## 접근\n\nMaksimumo.\n\n## 비용\n\nO(n).\n", encoding="utf-8")  # ko's catalog's
    toml = (folder / "challenge.toml").read_text(encoding="utf-8")
    for old, new in TOML.items():
        toml = toml.replace(old, new, 1)
    (folder / "challenge.toml").write_text(toml, encoding="utf-8")
    cases = (folder / "cases.py").read_text(encoding="utf-8")
    (folder / "cases.py").write_text(cases.replace(*NAMED, 1), encoding="utf-8")
    return folder


def test_the_content_languages_are_english_and_the_interfaces_catalogs(monkeypatch):
    monkeypatch.delenv("ARENA_TRANSLATIONS_DIR", raising=False)
    assert translations_folder() == ROOT / "platform/arena/translations"
    assert content_locales() == ("en", "ko") and translated_locales() == ("ko",)


def test_a_language_added_by_files_has_statements_titles_and_hints(pseudo_softmax):
    assert content_locales() == ("en", PSEUDO, "ko")
    spec = load_challenge(pseudo_softmax)
    assert spec.statement[PSEUDO].startswith("# Softmakso") and "소프트맥스" in spec.statement["ko"]
    assert spec.title == {"en": "Softmax", "ko": "소프트맥스", PSEUDO: "Softmakso"}
    assert spec.hints[PSEUDO] == ("Eksponentu ĉiun logiton.",) and len(spec.hints["ko"]) == 3
    assert tracks_of([spec])["foundations"].title == {"en": "Foundations", "ko": "기초",
                                                      PSEUDO: "Bazoj"}


def test_the_runner_sends_case_names_in_every_language_of_their_table(pseudo_softmax):
    spec = load_challenge(pseudo_softmax)
    done = subprocess.run([sys.executable, "-I", str(RUNNER_PATH)], timeout=60,
                          input=json.dumps(cases_job(spec.cases_source)).encode(),
                          capture_output=True, check=True)
    first, second = json.loads(done.stdout.splitlines()[0])["cases"][:2]
    assert first["name"] == "three increasing logits"
    assert first["names"] == {"ko": "증가하는 로짓 세 개", PSEUDO: "tri kreskantaj logitoj"}
    assert second["names"] == {"ko": "음수, 0, 양수 로짓"}


@pytest.mark.sandbox
def test_validation_names_the_cases_without_a_name_in_the_new_language(pseudo_softmax,
                                                                        make_sandbox):
    result = validate(load_challenge(pseudo_softmax), make_sandbox("process"))
    [problem] = result.problems
    assert problem.file == "cases.py" and problem.message.startswith(
        f'cases without a name in {PSEUDO} ("name": {{"en": ..., "{PSEUDO}": ...}}): '
        "['negative, zero and positive logits', 'a single logit', ")
    assert "three increasing logits" not in problem.message
