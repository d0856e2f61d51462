"""The web forms; each carries a CSRF token (Flask-WTF) and translated messages."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta, timezone

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import (
    DateTimeLocalField,
    HiddenField,
    PasswordField,
    SelectField,
    SelectMultipleField,
    StringField,
)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import (
    DataRequired,
    EqualTo,
    InputRequired,
    Length,
    Optional,
    Regexp,
    ValidationError,
)

from arena.bounds import FIRST_DAY, LAST_DAY, is_id, within_instants
from arena.services.usernames import normalized

USERNAME = r"^[\w.-]+$"
MIN_PASSWORD = 8


def _nfkc(value: str | None) -> str | None:
    """Read a typed username as it is stored (a fullwidth `ｔｅａｃｈ` is `teach`)."""
    return normalized(value) if value else value


def _new_password(label) -> PasswordField:
    """A new password's field (at least MIN_PASSWORD characters)."""
    return PasswordField(label, validators=[
        DataRequired(),
        Length(min=MIN_PASSWORD, max=256, message=_l("Use at least 8 characters."))])


class LoginForm(FlaskForm):
    """A username and a password."""

    username = StringField(_l("Username"), validators=[DataRequired(), Length(max=64)])
    password = PasswordField(_l("Password"), validators=[DataRequired()])
    next = HiddenField()


class RegisterForm(FlaskForm):
    """A new student's name and password, typed twice."""

    username = StringField(_l("Username"), filters=[_nfkc], validators=[
        DataRequired(), Length(min=2, max=32, message=_l("Use 2 to 32 characters.")),
        Regexp(USERNAME, message=_l("Use letters, digits, '.', '-' and '_' only."))])
    password = _new_password(_l("Password"))
    confirm = PasswordField(_l("Repeat the password"), validators=[
        DataRequired(), EqualTo("password", message=_l("The two passwords differ."))])
    next = HiddenField()  # where to go once registered (a join link, for one)


class PasswordForm(FlaskForm):
    """A new password, with the current one (a session left open is not enough)."""

    current = PasswordField(_l("Current password"), validators=[DataRequired()])
    password = _new_password(_l("New password"))
    confirm = PasswordField(_l("Repeat the new password"), validators=[
        DataRequired(), EqualTo("password", message=_l("The two passwords differ."))])



#: The farthest offsets from UTC in use (UTC-12:00 to UTC+14:00), in minutes.
MAX_OFFSET = 14 * 60
OFFSET = r"^-?\d{1,3}$"


class JoinForm(FlaskForm):
    """A course's join code, as the instructor shared it (case and dashes do not matter)."""

    code = StringField(_l("Join code"), validators=[DataRequired(), Length(max=32)])


class CourseForm(FlaskForm):
    """A new course's title."""

    title = StringField(_l("Course title"), validators=[DataRequired(), Length(max=200)])


class ColleagueForm(FlaskForm):
    """The instructor account to add as a co-instructor."""

    username = StringField(_l("Instructor's username"),
                           validators=[DataRequired(), Length(max=64)])


class MoveForm(FlaskForm):
    """A challenge of an assignment to move to its published version, and whether to regrade
    the course's work on it against that version (`regrade` is "1")."""

    challenge = HiddenField(validators=[DataRequired(), Length(max=64)])
    regrade = HiddenField()


class OffsetField(HiddenField):
    """Minutes east of UTC of the reader's zone at the paired local time, filled by a script
    (frontend/src/times.js); empty without JavaScript, which means UTC."""

    def minutes(self) -> int:
        """Return the offset in minutes (0 when the browser sent none)."""
        return int(self.data) if self.data and re.match(OFFSET, self.data) else 0

    def pre_validate(self, form) -> None:
        """Refuse anything but an offset some place on Earth has."""
        if self.data and not (re.match(OFFSET, self.data) and abs(int(self.data)) <= MAX_OFFSET):
            raise ValidationError(_l("Not a time zone offset."))


def aware(local: datetime, offset: OffsetField) -> datetime:
    """Return a datetime-local value read in the zone its offset field names (not yet in UTC:
    near year 1 or 9999 that could overflow, see in_utc)."""
    return local.replace(tzinfo=timezone(timedelta(minutes=offset.minutes())))


def in_utc(moment: datetime) -> datetime:
    """Return an aware instant in UTC; raise ValidationError when it is outside the instants a
    request may name (arena.bounds)."""
    if not within_instants(moment):
        raise ValidationError(_("Choose a time from %(first)s to %(last)s.", first=FIRST_DAY,
                                last=LAST_DAY))
    return moment.astimezone(UTC)


def an_id(_form: FlaskForm, field: StringField) -> None:
    """Refuse a value that cannot be an id (arena.bounds)."""
    if field.data and not (re.fullmatch(r"[0-9]{1,10}", field.data) and is_id(int(field.data))):
        raise ValidationError(_l("Not a valid number."))


class AssignmentForm(FlaskForm):
    """A new assignment: its title, challenges in order, when it opens and is due, and what
    late work counts for. The times are the reader's local ones (see OffsetField)."""

    title = StringField(_l("Title"), validators=[DataRequired(), Length(max=200)])
    challenges = SelectMultipleField(_l("Challenges"), validators=[
        DataRequired(message=_l("Choose at least one challenge."))])
    order = HiddenField()  # the slugs in the order they were ticked (a script keeps it)
    opens_at = DateTimeLocalField(_l("Opens"), validators=[InputRequired()])
    opens_at_offset = OffsetField()
    due_at = DateTimeLocalField(_l("Due"), validators=[InputRequired()])
    due_at_offset = OffsetField()
    late_policy = SelectField(_l("Late work"), choices=[
        SelectChoice("marked", _l("Counts, marked late")),
        SelectChoice("not_counted", _l("Does not count"))])

    def ordered_challenges(self) -> list[str]:
        """Return the chosen slugs in the order ticked, else in the order listed."""
        chosen = list(self.challenges.data or [])
        ordered = [slug for slug in (self.order.data or "").split(",") if slug]
        return ordered if sorted(ordered) == sorted(chosen) else chosen

    def validate_opens_at(self, field: DateTimeLocalField) -> None:
        """Refuse an opening outside the instants a request may name."""
        if field.data:
            in_utc(aware(field.data, self.opens_at_offset))

    def validate_due_at(self, field: DateTimeLocalField) -> None:
        """Refuse a due time outside those instants, or one that does not come after the
        opening (compared with their offsets, before any conversion)."""
        if not field.data:
            return
        due = aware(field.data, self.due_at_offset)
        in_utc(due)
        if self.opens_at.data and due <= aware(self.opens_at.data, self.opens_at_offset):
            raise ValidationError(_l("The due time must come after the opening."))

    def opens(self) -> datetime:
        """Return the opening time in UTC (of a valid form)."""
        return in_utc(aware(self.opens_at.data, self.opens_at_offset))

    def due(self) -> datetime:
        """Return the due time in UTC (of a valid form)."""
        return in_utc(aware(self.due_at.data, self.due_at_offset))


class SubmissionFilterForm(FlaskForm):
    """The submission list's filters, read from the query string (no CSRF: it changes
    nothing). `since` and `until` are local times with their offsets, or ISO 8601 with one."""

    class Meta:
        csrf = False

    course = SelectField(_l("Course"), validators=[Optional(), an_id])
    challenge = SelectField(_l("Challenge"), validators=[Optional()])
    student = StringField(_l("Student"), validators=[Optional(), Length(max=64)])
    verdict = SelectField(_l("Verdict"), validators=[Optional()])
    since = StringField(_l("From"), validators=[Optional()],
                        render_kw={"type": "datetime-local"})
    since_offset = OffsetField()
    until = StringField(_l("Until"), validators=[Optional()],
                        render_kw={"type": "datetime-local"})
    until_offset = OffsetField()
    before = HiddenField(validators=[Optional(), an_id])

    def validate_since(self, field: StringField) -> None:
        """Refuse a time that is not one."""
        self.moment(field.name)

    def validate_until(self, field: StringField) -> None:
        """Refuse a time that is not one."""
        self.moment(field.name)

    def moment(self, name: str) -> datetime | None:
        """Return a time filter in UTC: a local time read with its offset, or an ISO 8601
        time with its own offset; None when not given."""
        text = (self[name].data or "").strip()
        if not text:
            return None
        try:
            found = datetime.fromisoformat(text)
        except ValueError:
            raise ValidationError(_l("Not a date and time.")) from None
        return in_utc(found if found.tzinfo else aware(found, self[f"{name}_offset"]))
