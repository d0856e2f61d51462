"""Statements: Markdown rendered on the server, math left for KaTeX, raw HTML never passed on."""

import re
from pathlib import Path

import pytest

from arena.config import REPOSITORY_CHALLENGES
from arena.web.markdown import render_statement


def test_inline_and_display_math_keep_their_delimiters_and_source():
    html = render_statement("Row $a_i * b_j$ and\n\n$$\n\\frac{x_1}{y_2} < 1\n$$\n")
    assert '<span class="math inline">$a_i * b_j$</span>' in html
    assert '<div class="math block">\n$$\\frac{x_1}{y_2} &lt; 1$$\n</div>' in html
    assert "<em>" not in html


def test_double_dollars_inside_a_paragraph_stay_inline_elements():
    html = render_statement("so $$x^2$$ holds")
    assert html == '<p>so <span class="math display">$$x^2$$</span> holds</p>\n'


def test_dollars_in_code_and_prices_are_not_math():
    html = render_statement("use `$x$` here; it costs $5 and $10 more\n\n```python\nq = '$y$'\n```")
    assert "<code>$x$</code>" in html and "math" not in html
    assert "q = '$y$'" in html


def test_raw_html_is_shown_as_text():
    html = render_statement('<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\n'
                            "[link](javascript:alert(1))")
    assert "<script>" not in html and "<img" not in html and "href=\"javascript" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_the_title_is_left_out_and_no_heading_is_an_h1():
    assert render_statement("# Title\n## Part\n# Other") == "<h2>Part</h2>\n<h2>Other</h2>\n"
    assert render_statement("# Title", drop_title=False) == "<h2>Title</h2>\n"
    assert render_statement("Intro\n# Title") == "<p>Intro</p>\n<h2>Title</h2>\n"


def test_code_blocks_take_focus_so_a_keyboard_can_scroll_them():
    html = render_statement("```python\nx = [1, 2]\n```\n\n    indented\n\nand `inline`")
    assert html.count('<pre tabindex="0"><code') == 2
    assert '<pre tabindex="0"><code class="language-python">x = [1, 2]\n</code></pre>' in html
    assert "<code>inline</code>" in html


def test_tables_render():
    assert "<table>" in render_statement("| a | b |\n|---|---|\n| 1 | 2 |")


@pytest.mark.parametrize("statement", sorted(Path(REPOSITORY_CHALLENGES).glob("*/statement.*.md")),
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_statement_leaves_no_stray_dollar_outside_math_and_code(statement):
    html = render_statement(statement.read_text(encoding="utf-8"))
    outside = re.sub(r'<(span|div) class="math[^"]*">.*?</\1>|<code>.*?</code>|<pre>.*?</pre>',
                     "", html, flags=re.S)
    assert "$" not in outside
