"""The `arena` command's groups, one module each, loaded only when named (arena.cli)."""
