"""Lessons: Markdown with runnable cells (content.py loads and checks them, run.py runs one
cell's code in the sandbox)."""
