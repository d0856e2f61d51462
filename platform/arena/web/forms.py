"""The web forms; each carries a CSRF token (Flask-WTF) and translated messages."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta, timezone

from flask import request
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import (
    DateTimeLocalField,
    FloatField,
    HiddenField,
    PasswordField,
    SelectField,
    SelectMultipleField,
    StringField,
    TextAreaField,
)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import (
    DataRequired,
    EqualTo,
    InputRequired,
    Length,
    NumberRange,
    Optional,
    Regexp,
    ValidationError,
)

from arena.bounds import FIRST_DAY, LAST_DAY, is_id, within_instants
from arena.errors import Unprocessable
from arena.models import Assignment, FeedbackRelease, Role
from arena.models.user import EMAIL_LENGTH
from arena.services.assignments import AssignmentFields
from arena.services.grades import LatePenalty
from arena.services.roster import LIMITS, RosterFields
from arena.services.usernames import normalized
from arena.services.users import (
    MAX_PASSWORD_LENGTH,
    MAX_USER_QUERY,
    MIN_PASSWORD_LENGTH,
    WeakPassword,
    check_password,
    email_address,
)
from arena.web.labels import ROLES

USERNAME = r"^[\w.-]+$"


def _nfkc(value: str | None) -> str | None:
    """Read a typed username as it is stored (a fullwidth `ｔｅａｃｈ` is `teach`)."""
    return normalized(value) if value else value


def _password_policy(_form: FlaskForm, field: PasswordField) -> None:
    """Refuse a new password outside the policy of every door (services.users)."""
    try:
        check_password(field.data or "")
    except WeakPassword:
        raise ValidationError(_("Use %(least)s to %(most)s characters.",
                                least=MIN_PASSWORD_LENGTH, most=MAX_PASSWORD_LENGTH)) from None


def _an_email(_form: FlaskForm, field: StringField) -> None:
    """Refuse what cannot be an e-mail address (services.users.email_address)."""
    try:
        email_address(field.data or "")
    except Unprocessable:
        raise ValidationError(_l("Not an e-mail address.")) from None


def _new_password(label) -> PasswordField:
    """A new password's field, with the policy's rule (its description says it)."""
    return PasswordField(label, validators=[DataRequired(), _password_policy],
                         description=_l("At least %(least)s characters.",
                                        least=MIN_PASSWORD_LENGTH))


def _repeated(label) -> PasswordField:
    """The new password typed again."""
    return PasswordField(label, validators=[
        DataRequired(), EqualTo("password", message=_l("The two passwords differ."))])


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
    confirm = _repeated(_l("Repeat the password"))
    next = HiddenField()  # where to go once registered (a join link, for one)


class PasswordForm(FlaskForm):
    """A new password, with the current one (a session left open is not enough)."""

    current = PasswordField(_l("Current password"), validators=[DataRequired()])
    password = _new_password(_l("New password"))
    confirm = _repeated(_l("Repeat the new password"))


class ResetForm(FlaskForm):
    """A new password set through a reset link, typed twice."""

    password = _new_password(_l("New password"))
    confirm = _repeated(_l("Repeat the new password"))


class ForgotForm(FlaskForm):
    """The username whose password was forgotten."""

    username = StringField(_l("Username"), validators=[DataRequired(), Length(max=64)])


class EmailForm(FlaskForm):
    """The address a password reset is sent to (empty: none)."""

    email = StringField(_l("E-mail address"), validators=[
        Optional(), Length(max=EMAIL_LENGTH), _an_email], render_kw={"type": "email"})


#: The farthest offsets from UTC in use (UTC-12:00 to UTC+14:00), in minutes.
MAX_OFFSET = 14 * 60
OFFSET = r"^-?\d{1,3}$"


class JoinForm(FlaskForm):
    """A course's join code, as the instructor shared it (case and dashes do not matter)."""

    code = StringField(_l("Join code"), validators=[DataRequired(), Length(max=32)])


class CourseForm(FlaskForm):
    """A new course's title."""

    title = StringField(_l("Course title"), validators=[DataRequired(), Length(max=200)])


class PlatformForm(FlaskForm):
    """A learning platform's LTI 1.3 registration, as its administrator reads it there."""

    name = StringField(_l("Name"), validators=[Optional(), Length(max=200)])
    issuer = StringField(_l("Issuer"), validators=[DataRequired(), Length(max=255)])
    client_id = StringField(_l("Client ID"), validators=[DataRequired(), Length(max=255)])
    deployment_ids = TextAreaField(_l("Deployment IDs, one a line"),
                                   validators=[DataRequired(), Length(max=5000)])
    key_set_url = StringField(_l("Public keyset URL"), validators=[DataRequired(),
                                                                  Length(max=2000)])
    auth_login_url = StringField(_l("Authentication request URL"),
                                 validators=[DataRequired(), Length(max=2000)])
    access_token_url = StringField(_l("Access token URL"),
                                   validators=[DataRequired(), Length(max=2000)])


class ColleagueForm(FlaskForm):
    """The instructor account to add as a co-instructor."""

    username = StringField(_l("Instructor's username"),
                           validators=[DataRequired(), Length(max=64)])


class RosterForm(FlaskForm):
    """How a course's roster names a member (arena.services.roster): a student's own form
    sends `own` and their name and e-mail; an instructor's names any member."""

    own = HiddenField()
    username = StringField(_l("Member's username"), validators=[DataRequired(), Length(max=64)])
    display_name = StringField(_l("Name"), validators=[Length(max=200)])
    email = StringField(_l("E-mail"), validators=[Length(max=254)])
    student_number = StringField(_l("Student number"), validators=[Length(max=64)])

    def fields(self) -> RosterFields:
        """Return the fields to change: a student's own form replaces their name and e-mail
        (a blank clears it); an instructor's leaves a blank field as it is."""
        values = {name: getattr(self, name).data or "" for name in LIMITS}
        if self.own.data == "1":
            values.pop("student_number")
            return RosterFields(**values)
        return RosterFields(**{name: v for name, v in values.items() if v.strip()})


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
    """An assignment, new or changed: its title, challenges in order with their points (a field
    `points-<slug>` each), when it opens (empty: now for a new one, unchanged for one edited)
    and is due, what late work counts for and loses, and when students read their feedback.
    The times are the reader's local ones (see OffsetField)."""

    title = StringField(_l("Title"), validators=[DataRequired(), Length(max=200)])
    challenges = SelectMultipleField(_l("Challenges"), validators=[
        DataRequired(message=_l("Choose at least one challenge."))])
    order = HiddenField()  # the slugs in the order they were ticked (a script keeps it)
    opens_at = DateTimeLocalField(_l("Opens"), validators=[Optional()])
    opens_at_offset = OffsetField()
    due_at = DateTimeLocalField(_l("Due"), validators=[InputRequired()])
    due_at_offset = OffsetField()
    late_policy = SelectField(_l("Late work"), choices=[
        SelectChoice("marked", _l("Counts, marked late")),
        SelectChoice("not_counted", _l("Does not count"))])
    feedback = SelectField(_l("Feedback"), choices=[
        SelectChoice("immediate", _l("At once: the named bug and the test results")),
        SelectChoice("after_due", _l("After the due time: until then, the verdict only"))],
        default=FeedbackRelease.IMMEDIATE)
    late_percent_per_day = FloatField(
        _l("Late penalty per started day (%)"), default=0,
        validators=[Optional(), NumberRange(0, 100)],
        render_kw={"type": "number", "min": 0, "max": 100, "step": "any"})
    late_max_percent = FloatField(
        _l("Largest late penalty (%)"), default=100,
        validators=[Optional(), NumberRange(0, 100)],
        render_kw={"type": "number", "min": 0, "max": 100, "step": "any"})

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        #: What each challenge is worth as the form shows it (an assignment's; else 1 each).
        self.shown_points: dict[str, float] = {}

    def late_penalty(self) -> LatePenalty:
        """Return the late penalty (of a valid form): a blank field is its default."""
        return LatePenalty(self.late_percent_per_day.data or 0.0,
                           100.0 if self.late_max_percent.data is None
                           else self.late_max_percent.data)

    def points(self) -> dict[str, float]:
        """Return what each chosen challenge is worth (a blank field: its default); raise
        Unprocessable for one that is not a number."""
        found = {}
        for slug in self.ordered_challenges():
            text = request.form.get(f"points-{slug}", "").strip()[:32]
            if text:
                try:
                    found[slug] = float(text)
                except ValueError:
                    raise Unprocessable(f"points: {slug!r} must be a number") from None
        return found

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
        opens = (aware(self.opens_at.data, self.opens_at_offset) if self.opens_at.data
                 else datetime.now(UTC))
        if due <= opens:
            raise ValidationError(_l("The due time must come after the opening."))

    def opens(self) -> datetime | None:
        """Return the opening time in UTC (of a valid form); None when left empty."""
        if self.opens_at.data is None:
            return None
        return in_utc(aware(self.opens_at.data, self.opens_at_offset))

    def fields(self, versions: dict[str, int] | None = None) -> AssignmentFields:
        """Return what the (valid) form sets on an assignment."""
        return AssignmentFields(self.title.data, self.ordered_challenges(), self.opens(),
                                self.due(), self.late_policy.data, versions or {},
                                self.feedback.data, self.points(), self.late_penalty())

    def show(self, assignment: Assignment) -> None:
        """Fill the form with an assignment as it is, its times in UTC (the page's script
        shows them in the reader's zone: `data-utc`)."""
        slugs = [item.challenge.slug for item in assignment.items]
        self.title.data, self.challenges.data, self.order.data = (
            assignment.title, slugs, ",".join(slugs))
        self.late_policy.data, self.feedback.data = assignment.late_policy, assignment.feedback
        self.late_percent_per_day.data = assignment.late_percent_per_day
        self.late_max_percent.data = assignment.late_max_percent
        self.shown_points = {item.challenge.slug: item.points for item in assignment.items}
        for name in ("opens_at", "due_at"):
            self.at_utc(name, getattr(assignment, name))

    def at_utc(self, name: str, moment: datetime) -> None:
        """Show an instant in a time field as UTC text, marked for the script (`data-utc`)."""
        self[name].data = moment.astimezone(UTC).replace(tzinfo=None, second=0, microsecond=0)
        self[name].render_kw = {"data-utc": moment.astimezone(UTC).isoformat()}

    def due(self) -> datetime:
        """Return the due time in UTC (of a valid form)."""
        return in_utc(aware(self.due_at.data, self.due_at_offset))


class ExtensionForm(FlaskForm):
    """One student's own due time for an assignment, in the reader's local time (OffsetField);
    used with the prefix `extension` beside the assignment's own form."""

    username = SelectField(_l("Student"), validators=[DataRequired()])
    due_at = DateTimeLocalField(_l("Their due time"), validators=[InputRequired()])
    due_at_offset = OffsetField()

    def validate_due_at(self, field: DateTimeLocalField) -> None:
        """Refuse a due time outside the instants a request may name."""
        if field.data:
            in_utc(aware(field.data, self.due_at_offset))

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


class UserSearchForm(FlaskForm):
    """The admins' search of accounts, read from the query string."""

    class Meta:
        csrf = False

    q = StringField(_l("Name or e-mail"), validators=[Optional(), Length(max=MAX_USER_QUERY)],
                    render_kw={"type": "search"})
    page = HiddenField(validators=[Optional(), an_id])


class AccountActionForm(FlaskForm):
    """An admin's change to one account: its name, and the role when the role changes."""

    username = HiddenField(validators=[DataRequired(), Length(max=64)])
    role = SelectField(_l("Role"), validators=[Optional()],
                       choices=[SelectChoice(str(role), ROLES[role]) for role in Role])
