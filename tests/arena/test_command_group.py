"""The `arena` group: its commands load only when named, so that its help stays light."""

from __future__ import annotations

import subprocess
import sys

import click
import pytest
from click.testing import CliRunner

from arena.cli import COMMANDS, INTERNAL, main

SERVER_PACKAGES = ("flask", "apiflask", "sqlalchemy", "flask_sqlalchemy", "werkzeug", "graders",
                   "numpy", "docker", "requests")
HELP = """
import sys
from arena.cli import main
sys.argv = ["arena", *{argv!r}]
try:
    main()
except SystemExit as exit:
    assert exit.code == 0, exit.code
loaded = sorted({{name.split(".")[0] for name in sys.modules}} & set({packages!r}))
print("loaded:", ",".join(loaded))
"""


@pytest.mark.parametrize(("argv", "usage"), [
    (["--help"], "Usage: arena [OPTIONS] COMMAND [ARGS]..."),
    (["submit", "--help"], "Usage: arena submit [OPTIONS] SLUG FILE")])
def test_help_and_arena_submit_load_none_of_the_server(argv: list[str], usage: str):
    script = HELP.format(argv=argv, packages=SERVER_PACKAGES)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert usage in done.stdout
    assert done.stdout.strip().splitlines()[-1] == "loaded:"


def test_each_command_is_listed_as_click_lists_it_once_loaded():
    context = click.Context(main)
    loaded = {name: main.get_command(context, name) for name in COMMANDS}
    assert all(command.name == name for name, command in loaded.items())
    assert {name for name, command in loaded.items() if command.hidden} == INTERNAL
    eager = click.Group(main.name, commands=loaded, help=main.help)
    runner = CliRunner()
    assert runner.invoke(main, ["--help"]).output == runner.invoke(eager, ["--help"]).output
