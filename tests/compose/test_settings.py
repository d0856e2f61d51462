"""Every setting docs/configuration.md documents reaches the team server's app services through
.env: docker-compose.yml read as YAML against the docs' table (no stack is started)."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
import yaml

from arena.config import COMPOSE_DEFAULTS, COMPOSE_FIXED, OPTIONS, REPOSITORY, env_value

DOCS = (REPOSITORY / "docs" / "configuration.md").read_text(encoding="utf-8")
DOCUMENTED = re.findall(r"^\| `ARENA_(\w+)` \|", DOCS, flags=re.MULTILINE)
FROM_ENV = re.compile(r"\$\{ARENA_(\w+)(?::-([^}]*))?")


def app_services() -> dict[str, dict]:
    """Return the services of docker-compose.yml that run the app (built from its image)."""
    compose = yaml.safe_load((REPOSITORY / "docker-compose.yml").read_text(encoding="utf-8"))
    found = {name: service for name, service in compose["services"].items()
             if "build" in service}
    assert set(found) == {"migrate", "web", "worker"}
    return found


def test_the_docs_table_is_read_whole():
    assert DOCUMENTED == [option.name for option in OPTIONS]


@pytest.mark.parametrize("service", ["migrate", "web", "worker"])
def test_every_documented_setting_passes_through_from_env(service):
    environment = app_services()[service]["environment"]
    missing = []
    for name in (n for n in DOCUMENTED if n not in COMPOSE_FIXED):
        value = environment.get(f"ARENA_{name}", "absent")
        # A bare name takes its value from .env or the shell (unset when neither sets it);
        # ${ARENA_NAME...} interpolates it from there.
        if not (value is None or (isinstance(value, str) and any(
                found == name for found, _ in FROM_ENV.findall(value)))):
            missing.append(f"ARENA_{name}")
    assert not missing, f"{service} does not pass these through from .env: {missing}"


def test_the_settings_compose_fixes_are_set_and_documented():
    services = app_services()
    dockerfile = (REPOSITORY / "Dockerfile").read_text(encoding="utf-8")
    compose_section = DOCS.split("## The team server's settings")[1].split("\n## ")[0]
    for name in COMPOSE_FIXED:
        values = [s["environment"].get(f"ARENA_{name}", "absent") for s in services.values()]
        # A bare name would unset what the image's Dockerfile sets (its folders).
        assert None not in values, f"ARENA_{name} is fixed, not passed through"
        assert any(value != "absent" for value in values) or f"ARENA_{name}=" in dockerfile, (
            f"ARENA_{name} is set nowhere")
        assert f"`ARENA_{name}`" in compose_section, f"ARENA_{name} is not said to be fixed"


def test_a_default_compose_gives_is_the_one_env_example_shows():
    options = {option.name: option for option in OPTIONS}
    for service in app_services().values():
        for value in service["environment"].values():
            for name, default in FROM_ENV.findall(str(value)):
                if default and name in options:
                    shown = env_value(COMPOSE_DEFAULTS.get(name, options[name].default))
                    assert default == shown.strip('"'), name


def test_compose_reads_the_settings_from_an_env_file(tmp_path):
    """Debian's docker-compose 1.29 (or v2) resolves the file as an operator's .env would be."""
    program = (["docker-compose"] if shutil.which("docker-compose")
               else ["docker", "compose"] if shutil.which("docker") else None)
    if program is None:
        pytest.skip("no Docker Compose to read the file")
    env_file = tmp_path / ".env"
    env_file.write_text("ARENA_SECRET_KEY=" + "k" * 48 + "\nARENA_DB_PASSWORD='p@ss/w:rd$x'\n"
                        'ARENA_LOGIN_RATE_LIMIT="1 per minute; 2 per hour"\n'
                        "ARENA_MAX_PENDING_PER_USER=9\nARENA_TRUSTED_PROXIES=2\n",
                        encoding="utf-8")
    result = subprocess.run([*program, "--env-file", str(env_file), "-f", "docker-compose.yml",
                             "config"], cwd=REPOSITORY, capture_output=True, text=True,
                            timeout=120, env={"PATH": "/usr/bin:/bin"})
    if result.returncode != 0 and "--env-file" in result.stderr:
        pytest.skip(f"this Compose has no --env-file: {result.stderr.strip()}")
    assert result.returncode == 0, result.stderr
    services = yaml.safe_load(result.stdout)["services"]
    for name in ("migrate", "web", "worker"):
        environment = services[name]["environment"]
        assert environment["ARENA_LOGIN_RATE_LIMIT"] == "1 per minute; 2 per hour"
        assert str(environment["ARENA_MAX_PENDING_PER_USER"]) == "9"
        assert str(environment["ARENA_DATABASE_PASSWORD"]).replace("$$", "$") == "p@ss/w:rd$x"
        assert environment["ARENA_POOL_SIZE"] is None  # unset: the app's default
    assert str(services["web"]["environment"]["ARENA_TRUSTED_PROXIES"]) == "2"
