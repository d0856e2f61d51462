"""The interface's languages: English, plus one per catalog; a request's locale, the switch.

The translations live as text (`<ARENA_TRANSLATIONS_DIR>/<locale>/LC_MESSAGES/messages.po`,
by default `platform/arena/translations`); the app compiles them into the data folder when
they are missing or older than their source, so a fresh clone needs no build step and no
compiled file is committed. A new language is a new catalog there and nothing else.
"""

from __future__ import annotations

import os
from pathlib import Path

from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from flask import Blueprint, Flask, redirect, request
from flask_babel import get_locale
from werkzeug.wrappers import Response

from arena.extensions import babel
from arena.locales import locales
from arena.web.security import safe_next
from graders.locales import DEFAULT_LOCALE, catalog_locales

COOKIE = "arena_locale"
COOKIE_SECONDS = 365 * 24 * 3600
SOURCE = Path(__file__).resolve().parent.parent / "translations"



def locale_names() -> dict[str, str]:
    """Return each locale's name in its own language, for the switch."""
    return {code: Locale.parse(code).get_display_name(code) for code in locales()}

bp = Blueprint("i18n", __name__)


def select_locale() -> str:
    """Choose the locale: the one the learner switched to, else the browser's preference."""
    chosen = request.cookies.get(COOKIE)
    if chosen in locales():
        return chosen
    return request.accept_languages.best_match(locales(), default=DEFAULT_LOCALE)


def current_locale() -> str:
    """Return the request's locale as a code, such as "en" or "ko"."""
    return str(get_locale() or DEFAULT_LOCALE)


def compile_catalogs(source: Path, target: Path) -> None:
    """Compile every .po under `source` into a .mo under `target` that is missing or stale."""
    for po in sorted(source.glob("*/LC_MESSAGES/*.po")):
        mo = target / po.relative_to(source).with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        with po.open("rb") as handle:
            catalog = read_po(handle, locale=po.parent.parent.name)
        mo.parent.mkdir(parents=True, exist_ok=True)
        partial = mo.with_name(f"{mo.name}.{os.getpid()}.tmp")
        with partial.open("wb") as handle:
            write_mo(handle, catalog)
        os.replace(partial, mo)  # atomic: several processes may start at once


@bp.post("/locale")
def switch_locale() -> Response:
    """Remember the chosen locale in a cookie and go back to the page the switch was on."""
    response = redirect(safe_next(request.form.get("next")))
    chosen = request.form.get("locale")
    if chosen in locales():
        response.set_cookie(COOKIE, chosen, max_age=COOKIE_SECONDS, samesite="Lax",
                            httponly=True, secure=request.is_secure)
    return response


def init_app(app: Flask) -> None:
    """Compile the catalogs into the data folder and select a locale per request."""
    source = Path(app.config["TRANSLATIONS_DIR"] or SOURCE)
    app.config["LOCALES"] = catalog_locales(source)
    compiled = Path(app.config["DATA_DIR"]) / "translations"
    compile_catalogs(source, compiled)
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = str(compiled)
    babel.init_app(app, default_locale=DEFAULT_LOCALE, locale_selector=select_locale)
    app.jinja_env.globals.update(current_locale=current_locale, locale_names=locale_names)
