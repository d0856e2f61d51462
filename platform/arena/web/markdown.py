"""Challenge statements: Markdown to HTML on the server, math kept for KaTeX in the browser."""

from __future__ import annotations

from functools import cache, lru_cache

from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markupsafe import Markup
from mdit_py_plugins.dollarmath import dollarmath_plugin


def _math(content: str, options: dict) -> str:
    """Keep a formula as its source between its delimiters, escaped, for KaTeX's auto-render."""
    delimiter = "$$" if options["display_mode"] else "$"
    return escapeHtml(f"{delimiter}{content}{delimiter}")


def _inline_display(self, tokens, idx, options, env) -> str:
    """Render $$...$$ inside a paragraph in a span: a div cannot sit inside a <p>."""
    formula = _math(tokens[idx].content.strip(), {"display_mode": True})
    return f'<span class="math display">{formula}</span>'


def _no_h1(self, tokens, idx, options, env) -> str:
    """Render a statement's level-1 headings as h2: the page's title is its only h1."""
    token = tokens[idx]
    if token.tag == "h1":
        token.tag = "h2"
    return self.renderToken(tokens, idx, options, env)


def _focusable(rule):
    """Wrap a code block's render rule: its <pre> takes focus, so a keyboard can scroll it."""
    def render(self, tokens, idx, options, env) -> str:
        return rule(tokens, idx, options, env).replace("<pre>", '<pre tabindex="0">', 1)
    return render


@cache
def _parser() -> MarkdownIt:
    """Build the one parser: CommonMark with tables, raw HTML off, dollar math."""
    parser = MarkdownIt("commonmark", {"html": False}).enable("table")
    # As in Pandoc: no space just inside the dollars, no digit just outside, so that
    # "costs $5 and $10" is not a formula.
    dollarmath_plugin(parser, allow_space=False, allow_digits=False, allow_labels=False,
                      double_inline=True, renderer=_math)
    parser.add_render_rule("math_inline_double", _inline_display)
    parser.add_render_rule("heading_open", _no_h1)
    parser.add_render_rule("heading_close", _no_h1)
    for rule in ("fence", "code_block"):
        parser.add_render_rule(rule, _focusable(parser.renderer.rules[rule]))
    return parser


@lru_cache(maxsize=256)
def render_statement(source: str | None, drop_title: bool = True) -> Markup:
    """Render a statement's Markdown to HTML; raw HTML in it is shown as text, never run.

    A statement opens with its title as a level-1 heading; the page shows the title itself,
    so `drop_title` leaves that heading out. The HTML depends on the text alone, so it is kept
    (a few ms of every challenge page's render); an edited statement is a new text.
    """
    parser = _parser()
    tokens = parser.parse(source or "")
    if drop_title and tokens and tokens[0].type == "heading_open" and tokens[0].tag == "h1":
        tokens = tokens[3:]  # heading_open, inline, heading_close
    return Markup(parser.renderer.render(tokens, parser.options, {}))
