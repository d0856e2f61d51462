"""The `arena` command: a group that gathers the command groups of arena.commands.

A command's module is imported only when that command runs (click's lazy loading), so each
module imports what it uses at its top, while `arena --help` and a learner's `arena submit`
load none of the server: the listing reads each command's summary from its source.
"""

from __future__ import annotations

import ast
import importlib
import sys
from importlib.util import find_spec
from pathlib import Path

import click

#: The commands that other commands start, never a person: not listed.
INTERNAL = {"grader"}
#: The commands whose process waits cooperatively (arena.cooperative): patched before import.
COOPERATIVE = {"serve"}
#: Each command's name -> "module:attribute" of its click command or group.
COMMANDS = {
    "challenges": "arena.commands.challenges:challenges",
    "db": "arena.commands.db:db_group",
    "grader": "arena.commands.serve:grader",
    "lessons": "arena.commands.lessons:lessons",
    "lti": "arena.commands.lti:lti",
    "pull": "arena.commands.submit:pull",
    "sandbox": "arena.commands.sandbox:sandbox_group",
    "serve": "arena.commands.serve:serve",
    "show": "arena.commands.submit:show",
    "submit": "arena.commands.submit:submit",
    "tokens": "arena.commands.users:tokens",
    "users": "arena.commands.users:users",
    "worker": "arena.commands.serve:worker",
}


def docstring(target: str) -> str | None:
    """Return the docstring of the function `target` ("module:function") without importing
    its module."""
    module, function = target.split(":")
    tree = ast.parse(Path(find_spec(module).origin).read_text(encoding="utf-8"))
    return next(ast.get_docstring(node) for node in tree.body
                if isinstance(node, ast.FunctionDef) and node.name == function)


class LazyGroup(click.Group):
    """A group whose commands (COMMANDS) are imported only when one of them is named."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(COMMANDS) - INTERNAL)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        module, attribute = COMMANDS[cmd_name].split(":")
        return getattr(importlib.import_module(module), attribute)

    def invoke(self, ctx: click.Context) -> object:
        """Run the command; a setting refused or a database out of reach ends it with one line
        (arena.startup) instead of a traceback."""
        try:
            return super().invoke(ctx)
        except Exception as exc:
            if "sqlalchemy" not in sys.modules:  # nothing of the server ran (`arena submit`)
                raise
            from arena.startup import failure
            line = failure(exc)
            if line is None:
                raise
            raise click.ClickException(line) from None

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """List the commands with their summaries, as click would, importing none of them."""
        limit = formatter.width - 6 - max(map(len, COMMANDS))
        rows = [(name, click.Command(name, help=docstring(COMMANDS[name])).get_short_help_str(
            limit)) for name in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup)
def main() -> None:
    """Attention Arena: auto-graded challenges for learning attention."""


def run() -> None:
    """The `arena` program: patch a cooperative command's process first, then run it."""
    if sys.argv[1:2] and sys.argv[1] in COOPERATIVE:
        from arena.cooperative import patch
        patch()
    main()
