"""The `arena` group: its commands load only when named, so that its help stays light."""

from __future__ import annotations

import subprocess
import sys

import click
from click.testing import CliRunner

from arena.cli import COMMANDS, main

HEAVY = ("docker", "numpy", "graders", "flask", "sqlalchemy", "arena.commands.challenges")
GROUP_HELP = f"""
import sys
from arena.cli import main
sys.argv = ["arena", "--help"]
try:
    main()
except SystemExit as exit:
    assert exit.code == 0, exit.code
print("loaded:", ",".join(sorted(name for name in {HEAVY!r} if name in sys.modules)))
"""


def test_arena_help_imports_no_command_nor_the_server():
    done = subprocess.run([sys.executable, "-c", GROUP_HELP], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert "Usage: arena [OPTIONS] COMMAND [ARGS]..." in done.stdout
    assert done.stdout.strip().splitlines()[-1] == "loaded:"


def test_each_command_is_listed_as_click_lists_it_once_loaded():
    context = click.Context(main)
    loaded = {name: main.get_command(context, name) for name in COMMANDS}
    assert all(command.name == name for name, command in loaded.items())
    eager = click.Group(main.name, commands=loaded, help=main.help)
    runner = CliRunner()
    assert runner.invoke(main, ["--help"]).output == runner.invoke(eager, ["--help"]).output
