"""Each fact in one place: what a challenge and its versions say lives in the versions' specs,
and every stored message in its current shape.

- `challenge`: title, difficulty, track, track_order, track_title, order, tags and
  entry_point were a copy of the spec of the version that describes the challenge (its
  published one, else its draft); no query filters or sorts on them. Dropped.
- `challenge_version`: statement, starter, hints, entry_point, time_limit, memory_mb, rtol
  and atol were a copy of its spec. Dropped.
  A spec that lacks one of these facts (a row older than the field) is given it from the
  column first; every spec gets every field (an old one had no track order or title, no
  weights probe).
- `submission`, `test_result`: `translations`, the other locales' words of rows graded
  between 0002 and 0003, become what rows graded since hold: the message as codes (the
  author's-words code: the English and each stored locale's words) and the tests' `names`.
  Dropped.
- `test_result.diagnosis` (the named bug's explanation by locale) is renamed `explanation`.

Revision ID: 0014
Revises: 0012
Create Date: 2027-01-20
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

#: The facts a version's columns copied from its spec, with their column types.
VERSION_FACTS = {"statement": sa.JSON(), "starter": sa.Text(), "hints": sa.JSON(),
                 "entry_point": sa.String(64), "time_limit": sa.Double(),
                 "memory_mb": sa.Integer(), "rtol": sa.Double(), "atol": sa.Double()}
#: The facts a challenge's columns copied from its describing version's spec.
CHALLENGE_FACTS = {"title": sa.JSON(), "difficulty": sa.String(16), "track": sa.String(64),
                   "track_order": sa.Integer(), "track_title": sa.JSON(),
                   "order": sa.Integer(), "tags": sa.JSON(), "entry_point": sa.String(64)}
#: Nullable at 0012; every other fact column was NOT NULL.
NULLABLE = {"track_order", "track_title"}
#: The spec's fields added after its first rows were stored, as the spec's reader defaulted
#: them.
LATER_FIELDS = {"track_order": None, "track_title": {}, "weights_probe": None}
#: The grader's code for words written in several locales (graders.messages).
AUTHORED = "authored"

challenge = sa.table("challenge", sa.column("id", sa.Integer()),
                     sa.column("current_version_id", sa.Integer()),
                     sa.column("draft_version_id", sa.Integer()),
                     *(sa.column(name, kind) for name, kind in CHALLENGE_FACTS.items()))
version = sa.table("challenge_version", sa.column("id", sa.Integer()),
                   sa.column("challenge_id", sa.Integer()), sa.column("number", sa.Integer()),
                   sa.column("spec", sa.JSON()),
                   *(sa.column(name, kind) for name, kind in VERSION_FACTS.items()))
submission = sa.table("submission", sa.column("id", sa.Integer()),
                      sa.column("message", sa.Text()), sa.column("message_data", sa.JSON()),
                      sa.column("translations", sa.JSON()))
test_result = sa.table("test_result", sa.column("id", sa.Integer()),
                       sa.column("message", sa.Text()), sa.column("message_data", sa.JSON()),
                       sa.column("translations", sa.JSON()), sa.column("names", sa.JSON()))


def _describing(connection: sa.Connection) -> dict[int, int]:
    """Return, by challenge id, the version that describes it: published, else its draft,
    else its newest."""
    newest = {row.challenge_id: row.id for row in connection.execute(
        sa.select(version.c.challenge_id, version.c.id).order_by(version.c.number))}
    return {row.id: row.current_version_id or row.draft_version_id or newest[row.id]
            for row in connection.execute(sa.select(challenge)) if row.id in newest}


def _complete_specs(connection: sa.Connection) -> None:
    """Give every spec the facts its challenge's and its own columns copied, where it lacks
    them, and the fields added since it was stored."""
    facts = {row.id: row for row in connection.execute(sa.select(challenge))}
    describes = {version_id: facts[challenge_id]
                 for challenge_id, version_id in _describing(connection).items()}
    for row in connection.execute(sa.select(version)).all():
        spec = dict(row.spec)
        if row.id in describes:
            _fill(spec, describes[row.id], CHALLENGE_FACTS)
        _fill(spec, row, VERSION_FACTS)
        for name, default in LATER_FIELDS.items():
            spec.setdefault(name, default)
        if spec != row.spec:
            connection.execute(version.update().where(version.c.id == row.id).values(spec=spec))


def _fill(spec: dict, row: sa.Row, names: dict) -> None:
    """Copy into the spec the row's columns `names` that the spec lacks."""
    for name in names:
        if name not in spec:
            value = getattr(row, name)
            spec[name] = {} if name == "track_title" and value is None else value


def _authored(english: str, translations: dict) -> list | None:
    """Return a message and its stored translations as codes, or None if none was stored."""
    words = {locale: texts["message"] for locale, texts in translations.items()
             if isinstance(texts, dict) and "message" in texts}
    if not words:
        return None
    return [[AUTHORED, {"text": {"words": {"en": english, **words}}}]]


def _names(names: dict | None, translations: dict) -> dict | None:
    """Return the test's names with those stored as translations (the names win)."""
    stored = {locale: texts["name"] for locale, texts in translations.items()
              if isinstance(texts, dict) and "name" in texts}
    return {**stored, **(names or {})} or None


def _translations_as_codes(connection: sa.Connection) -> None:
    """Rewrite the rows graded with translations as rows graded with message codes."""
    for table in (submission, test_result):
        for row in connection.execute(sa.select(table).where(
                table.c.translations.is_not(None))).all():
            if not row.translations:
                continue
            values = {}
            if row.message_data is None:
                values["message_data"] = _authored(row.message, row.translations)
            if table is test_result:
                values["names"] = _names(row.names, row.translations)
            values = {name: value for name, value in values.items() if value is not None}
            if values:
                connection.execute(table.update().where(table.c.id == row.id).values(**values))


def upgrade() -> None:
    """Move every fact into the specs and every message into codes, then drop the copies."""
    connection = op.get_bind()
    _complete_specs(connection)
    _translations_as_codes(connection)
    with op.batch_alter_table("challenge") as batch:
        for name in CHALLENGE_FACTS:
            batch.drop_column(name)
    with op.batch_alter_table("challenge_version") as batch:
        for name in VERSION_FACTS:
            batch.drop_column(name)
    with op.batch_alter_table("submission") as batch:
        batch.drop_column("translations")
    with op.batch_alter_table("test_result") as batch:
        batch.drop_column("translations")
        batch.alter_column("diagnosis", new_column_name="explanation",
                           existing_type=sa.JSON(), existing_nullable=True)


def _copy_facts(connection: sa.Connection) -> None:
    """Fill the restored columns from the specs."""
    for row in connection.execute(sa.select(version.c.id, version.c.spec)).all():
        connection.execute(version.update().where(version.c.id == row.id).values(
            **{name: row.spec[name] for name in VERSION_FACTS}))
    specs = dict(connection.execute(sa.select(version.c.id, version.c.spec)).all())
    for challenge_id, version_id in _describing(connection).items():
        connection.execute(challenge.update().where(challenge.c.id == challenge_id).values(
            **{name: specs[version_id][name] for name in CHALLENGE_FACTS}))


def downgrade() -> None:
    """Restore the copies, filled from the specs; messages stay codes (0012 reads them), and
    translations are empty."""
    with op.batch_alter_table("test_result") as batch:
        batch.alter_column("explanation", new_column_name="diagnosis",
                           existing_type=sa.JSON(), existing_nullable=True)
        batch.add_column(sa.Column("translations", sa.JSON(), nullable=True))
    with op.batch_alter_table("submission") as batch:
        batch.add_column(sa.Column("translations", sa.JSON(), nullable=True))
    for table, facts in (("challenge_version", VERSION_FACTS), ("challenge", CHALLENGE_FACTS)):
        with op.batch_alter_table(table) as batch:
            for name, kind in facts.items():
                batch.add_column(sa.Column(name, kind, nullable=True))
    _copy_facts(op.get_bind())
    for table, facts in (("challenge_version", VERSION_FACTS), ("challenge", CHALLENGE_FACTS)):
        with op.batch_alter_table(table) as batch:
            for name, kind in facts.items():
                if name not in NULLABLE:
                    batch.alter_column(name, existing_type=kind, nullable=False)
