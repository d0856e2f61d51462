"""Configuration: documented defaults, the test mapping, then ARENA_* environment variables."""

from pathlib import Path

import pytest

from arena import create_app
from arena.config import OPTIONS, REPOSITORY, REPOSITORY_CHALLENGES, database_url, with_docs_table


@pytest.fixture
def clean_env(monkeypatch):
    """Remove every ARENA_* variable so that the defaults show."""
    for name in [n for n in __import__("os").environ if n.startswith("ARENA_")]:
        monkeypatch.delenv(name)
    return monkeypatch


def test_defaults_put_everything_in_the_data_folder(clean_env, tmp_path):
    clean_env.chdir(tmp_path)  # the folder `arena` starts in does not matter
    app = create_app()
    data = REPOSITORY_CHALLENGES.parent / "data"
    assert app.config["DATA_DIR"] == str(data) and data.is_dir()
    assert app.config["SQLALCHEMY_DATABASE_URI"] == f"sqlite:///{data / 'arena.db'}"
    assert app.config["QUEUE"] == "embedded"
    assert app.config["WORKERS"] == 2
    assert app.config["SANDBOX"] is None
    assert Path(app.config["CHALLENGES_DIR"]) == REPOSITORY_CHALLENGES
    assert REPOSITORY_CHALLENGES.name == "challenges"
    assert app.config["MAX_CONTENT_LENGTH"] == 4 * 1024 * 1024


def test_secret_key_is_generated_once_and_kept(clean_env, tmp_path):
    clean_env.setenv("ARENA_DATA_DIR", str(tmp_path / "data"))
    first = create_app().config["SECRET_KEY"]
    assert len(first) >= 32
    assert create_app().config["SECRET_KEY"] == first
    assert (tmp_path / "data" / "secret_key").stat().st_mode & 0o077 == 0


def test_environment_overrides_test_config(clean_env, tmp_path):
    clean_env.setenv("ARENA_WORKERS", "5")
    clean_env.setenv("ARENA_DATA_DIR", str(tmp_path / "elsewhere"))
    clean_env.setenv("ARENA_SECRET_KEY", "from-env")
    app = create_app({"WORKERS": 3, "DATA_DIR": str(tmp_path / "mapping")})
    assert app.config["WORKERS"] == 5
    assert app.config["DATA_DIR"] == str(tmp_path / "elsewhere")
    assert app.config["SECRET_KEY"] == "from-env"


def test_test_config_overrides_defaults(clean_env, tmp_path):
    app = create_app({"WORKERS": 3, "DATA_DIR": str(tmp_path), "SANDBOX": "process"})
    assert app.config["WORKERS"] == 3 and app.config["SANDBOX"] == "process"


@pytest.mark.parametrize(("given", "used"), [
    ("postgresql://u@h:5432/db", "postgresql+psycopg://u@h:5432/db"),
    ("postgres://h/db", "postgresql+psycopg://h/db"),
    ("postgresql+psycopg://h/db", "postgresql+psycopg://h/db"),
    ("sqlite:////tmp/x.db", "sqlite:////tmp/x.db"),
])
def test_postgresql_urls_use_psycopg_3(given, used):
    assert database_url(given) == used


def test_unknown_queue_is_refused(clean_env, tmp_path):
    with pytest.raises(ValueError, match="ARENA_QUEUE"):
        create_app({"DATA_DIR": str(tmp_path), "QUEUE": "carrier-pigeon"})


@pytest.mark.parametrize(("name", "value"), [
    ("RETENTION_RUN_DAYS", "1e9"),  # now minus a billion days: before year 1, an overflow
    ("RETENTION_DETAIL_DAYS", "inf"), ("RETENTION_RUN_DAYS", "-1"),  # -1: every run "old"
    ("PRUNE_EVERY_HOURS", "nan"), ("MAX_TOKENS_PER_USER", "0"),
])
def test_a_span_or_a_cap_past_its_bounds_stops_the_start(clean_env, tmp_path, name, value):
    clean_env.setenv(f"ARENA_{name}", value)
    with pytest.raises(ValueError, match=f"ARENA_{name} must be"):
        create_app({"DATA_DIR": str(tmp_path)})


def test_creating_the_app_starts_no_threads(clean_env, tmp_path):
    import threading

    before = threading.active_count()
    app = create_app({"DATA_DIR": str(tmp_path)})
    assert threading.active_count() == before
    assert not app.extensions["arena.queue"].running
    assert "arena.sandbox" not in app.extensions


def test_the_authoring_budget_comes_from_the_settings(clean_env, tmp_path):
    from arena.jobs.preparation import budget
    from graders.grading.budget import DEFAULT_BUDGET, Budget

    clean_env.setenv("ARENA_DATA_DIR", str(tmp_path / "data"))
    with create_app().app_context():
        assert budget() == DEFAULT_BUDGET == Budget(100, 1024 * 1024, 8 * 1024 * 1024, 120.0)
    clean_env.setenv("ARENA_PREPARE_MAX_CASES", "40")
    clean_env.setenv("ARENA_AUTHORING_SECONDS", "30")
    with create_app().app_context():
        assert (budget().cases, budget().seconds) == (40, 30.0)
    clean_env.setenv("ARENA_MAX_DRAFTS_PER_AUTHOR", "0")
    with pytest.raises(ValueError, match="ARENA_MAX_DRAFTS_PER_AUTHOR must be at least 1"):
        create_app()


def test_the_docs_table_of_settings_is_written_from_the_options():
    """Change an option, then `python -m arena.config docs/configuration.md` writes the table."""
    page = (REPOSITORY / "docs" / "configuration.md").read_text(encoding="utf-8")
    assert with_docs_table(page) == page
    assert page.count("| `ARENA_") == len(OPTIONS)


@pytest.mark.parametrize(("name", "value"), [
    ("WORKERS", "many"), ("LEASE_SECONDS", -1), ("AUTHORING_SECONDS", 0), ("QUEUE", "kafka"),
    ("LOGIN_RATE_LIMIT", "often"), ("MAX_TOKENS_PER_USER", 0), ("RETENTION_RUN_DAYS", "nan"),
    ("WTF_CSRF_TIME_LIMIT", "soon")])
def test_a_bad_value_stops_the_start_naming_its_variable(clean_env, tmp_path, name, value):
    with pytest.raises(ValueError, match=f"ARENA_{name} (must|is not)"):
        create_app({name: value, "DATA_DIR": str(tmp_path)})
