"""The web forms; each carries a CSRF token (Flask-WTF) and translated messages."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import HiddenField, PasswordField, StringField
from wtforms.validators import DataRequired, EqualTo, Length, Regexp

USERNAME = r"^[\w.-]+$"
MIN_PASSWORD = 8


class LoginForm(FlaskForm):
    """A username and a password."""

    username = StringField(_l("Username"), validators=[DataRequired(), Length(max=64)])
    password = PasswordField(_l("Password"), validators=[DataRequired()])
    next = HiddenField()


class RegisterForm(FlaskForm):
    """A new student's name and password, typed twice."""

    username = StringField(_l("Username"), validators=[
        DataRequired(), Length(min=2, max=32, message=_l("Use 2 to 32 characters.")),
        Regexp(USERNAME, message=_l("Use letters, digits, '.', '-' and '_' only."))])
    password = PasswordField(_l("Password"), validators=[
        DataRequired(),
        Length(min=MIN_PASSWORD, max=256, message=_l("Use at least 8 characters."))])
    confirm = PasswordField(_l("Repeat the password"), validators=[
        DataRequired(), EqualTo("password", message=_l("The two passwords differ."))])

