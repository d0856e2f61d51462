"""Authoring: instructors upload a challenge's files as a draft, validate it in the sandbox,
publish it, roll back, list and export its versions (docs/authoring.md)."""

from __future__ import annotations

from apiflask import APIBlueprint, Schema, fields
from apiflask.validators import OneOf, Range, Regexp
from flask import Response, request, url_for

from arena.api.auth import auth, current_user
from arena.api.challenges import VISIBILITY_DOC
from arena.api.errors import ProblemOut, error_responses
from arena.api.idempotency import idempotent
from arena.bounds import MAX_ID
from arena.errors import InvalidChallenge, Unprocessable
from arena.jobs.intake import validate
from arena.jobs.validation import validation_body
from arena.models import Challenge, ChallengeVersion, Visibility
from arena.services.authoring import (
    archive_of,
    create_challenge,
    manageable,
    named_version,
    publish_version,
    replace_draft,
    validated_version,
)
from arena.services.versions import VERSION, versions_of
from arena.services.visibility import AUTHORED_DEFAULT
from graders.files.archive import MAX_ARCHIVE_BYTES, files_from_archive
from graders.files.rules import files_from_mapping
from graders.problems import ChallengeProblems, Problem

bp = APIBlueprint("authoring", __name__)
AUTHORING_ERRORS = (401, 403, 404)
NO_FILES = "send the files as JSON {\"files\": {path: text}}, or a multipart field 'archive'"
UPLOAD_422 = ("Files that cannot become a challenge (code `invalid_challenge`, with problems), "
              "or one version more than a challenge or an author may keep, once the "
              "superseded drafts nothing uses are deleted (`too_many_versions`, "
              "`too_many_drafts`)")


class FilesIn(Schema):
    """A challenge folder as JSON: each file's path in the folder, and its text."""

    files = fields.Dict(keys=fields.String(), values=fields.String(), metadata={
        "description": "Paths relative to the challenge folder: challenge.toml, "
                       "statement.<locale>.md (en, and one per content language), starter.py, "
                       "reference.py, cases.py, mutants/<name>.py.",
        "example": {"challenge.toml": "slug = \"row-max\"\n...", "reference.py": "..."}})
    visibility = fields.String(validate=OneOf([str(v) for v in Visibility]), metadata={
        "description": f"{VISIBILITY_DOC} A new challenge is `{AUTHORED_DEFAULT}` unless this "
                       "says otherwise; a replaced draft keeps its challenge's visibility "
                       "unless this says otherwise. A challenge loaded from a folder is "
                       "public."})


ARCHIVE = ("A .zip or .tar.gz of the folder (the files at its root, or in one top folder), "
           "sent as the multipart field `archive` instead of a JSON body.")


def document_archive_upload(spec: dict) -> dict:
    """Add the multipart archive upload beside the JSON body of the two upload operations
    (APIFlask declares one body type per operation)."""
    archive = {"type": "object", "required": ["archive"], "properties": {
        "archive": {"type": "string", "format": "binary", "description": ARCHIVE},
        "visibility": {"type": "string", "enum": [str(v) for v in Visibility],
                       "description": VISIBILITY_DOC}}}
    for path, method in (("/api/v1/challenges", "post"), ("/api/v1/challenges/{slug}", "put")):
        body = spec["paths"][path][method].setdefault("requestBody", {"content": {}})
        body["content"]["multipart/form-data"] = {"schema": archive}
    return spec


class VersionQuery(Schema):
    """Which version: `draft`, `published` or a number (default: the draft, else published)."""

    version = fields.String(validate=Regexp(VERSION), metadata={"example": "draft"})


class PublishIn(Schema):
    """Which version to publish: by default the draft; an earlier one rolls back."""

    version = fields.Integer(validate=Range(1, MAX_ID))


class DraftOut(Schema):
    """A version of a challenge and its state, and who sees the challenge."""

    slug = fields.String()
    version = fields.Integer()
    status = fields.String(metadata={"example": "draft"})
    visibility = fields.String(metadata={
        "description": VISIBILITY_DOC, "enum": [str(v) for v in Visibility]})


class UrlOut(Schema):
    """Where to follow what was started."""

    url = fields.String()


class MutantOut(Schema):
    """Whether the hidden cases caught a mutant and the diagnosis named it."""

    name = fields.String()
    killed = fields.Boolean()
    named = fields.Boolean()
    diagnosis = fields.String(allow_none=True)


class ProgressOut(Schema):
    """Steps done of all: preparing, the reference, the starter, each mutant."""

    done = fields.Integer()
    total = fields.Integer()


class ValidationOut(Schema):
    """A version's latest validation, as far as it got."""

    version = fields.Integer()
    status = fields.String(metadata={"description": "running (or queued) | done"})
    valid = fields.Boolean(allow_none=True, metadata={"description": "null until done"})
    problems = fields.List(fields.Nested(ProblemOut))
    mutants = fields.List(fields.Nested(MutantOut))
    progress = fields.Nested(ProgressOut)


class VersionOut(Schema):
    """One version of a challenge."""

    version = fields.Integer()
    status = fields.String(metadata={"description": "draft | published | retired | superseded"})
    content_hash = fields.String()
    created_at = fields.DateTime()
    published_at = fields.DateTime(allow_none=True)
    valid = fields.Boolean(allow_none=True)


class VersionsOut(Schema):
    """Every version, newest first."""

    versions = fields.List(fields.Nested(VersionOut))


class FilesOut(DraftOut):
    """A version's files, as they were uploaded."""

    files = fields.Dict(keys=fields.String(), values=fields.String())


def _uploaded_files(json_data: dict) -> dict[str, bytes]:
    """Read the files from a JSON body or an uploaded archive (multipart field `archive`,
    documented by `document_archive_upload`), checked as hostile."""
    try:
        if "files" in json_data:
            return files_from_mapping(json_data["files"])
        if "archive" in request.files:
            return files_from_archive(request.files["archive"].read(MAX_ARCHIVE_BYTES + 1))
    except ChallengeProblems as exc:
        raise InvalidChallenge(exc.problems) from None
    raise InvalidChallenge([Problem(NO_FILES)])


def _visibility(json_data: dict) -> Visibility | None:
    """Read the visibility asked, from the JSON body or the archive's multipart form."""
    asked = json_data.get("visibility") or request.form.get("visibility")
    if asked is None:
        return None
    try:
        return Visibility(asked)
    except ValueError:
        raise Unprocessable(f"visibility must be one of: {', '.join(Visibility)}") from None


def _described(challenge: Challenge, version: ChallengeVersion) -> dict:
    return {"slug": challenge.slug, "version": version.number,
            "status": str(challenge.state_of(version)), "visibility": challenge.visibility}


@bp.post("/challenges")
@bp.auth_required(auth)
@bp.input(FilesIn, location="json")
@bp.output(DraftOut, status_code=201)
@bp.doc(summary="Create a challenge (a draft)", responses=error_responses(
    401, 403, 409, 413, 422, described={
        409: "A challenge has this slug (code `exists`)", 422: UPLOAD_422}))
@idempotent
def create_view(json_data: dict) -> dict:
    """Upload a new challenge's files; its first version is a draft that learners never see."""
    version = create_challenge(current_user(), _uploaded_files(json_data),
                               _visibility(json_data))
    return _described(version.challenge, version)


@bp.put("/challenges/<slug>")
@bp.auth_required(auth)
@bp.input(FilesIn, location="json")
@bp.output(DraftOut)
@bp.doc(summary="Replace a challenge's draft", responses=error_responses(
    *AUTHORING_ERRORS, 409, 413, 422, described={422: UPLOAD_422}))
def replace_view(slug: str, json_data: dict) -> dict:
    """Upload new files for a challenge: they become its draft (the published one stays)."""
    version = replace_draft(current_user(), slug, _uploaded_files(json_data),
                            _visibility(json_data))
    return _described(version.challenge, version)


@bp.get("/challenges/<slug>/files")
@bp.auth_required(auth)
@bp.input(VersionQuery, location="query")
@bp.output(FilesOut)
@bp.doc(summary="Read a version's files", responses=error_responses(*AUTHORING_ERRORS))
def files_view(slug: str, query_data: dict) -> dict:
    """Return a version's files as text, for an editor."""
    challenge = manageable(current_user(), slug)
    version = named_version(challenge, query_data.get("version"))
    return {**_described(challenge, version), "files": version.files or {}}


@bp.post("/challenges/<slug>/validate")
@bp.auth_required(auth)
@bp.output(UrlOut, status_code=202)
@bp.doc(summary="Validate the draft", description="In the sandbox, in the background, within "
        "the version's budget of cases, bytes and seconds: the reference passes, the starter "
        "fails, every mutant is caught by a hidden case and named. Follow the url.",
        responses=error_responses(*AUTHORING_ERRORS, 409, described={
            429: "Too many refused tokens from your address, or too many of your versions "
                 "being validated or prepared (code `too_many_pending`)"}))
@idempotent(answer=lambda _: _validation_asked())
def validate_view(slug: str) -> tuple:
    """Queue a validation of the draft."""
    validate(current_user(), slug)
    return _validation_asked()


def _validation_asked() -> tuple:
    """Answer 202 with where to follow the validation of this request's challenge."""
    url = url_for("api.authoring.validation_view", slug=request.view_args["slug"])
    return {"url": url}, 202, {"Location": url}


@bp.get("/challenges/<slug>/validation")
@bp.auth_required(auth)
@bp.input(VersionQuery, location="query")
@bp.output(ValidationOut)
@bp.doc(summary="Follow a validation", responses=error_responses(*AUTHORING_ERRORS))
def validation_view(slug: str, query_data: dict) -> dict:
    """Return the latest validation of the draft (or of the version asked), live."""
    return validation_body(validated_version(current_user(), slug, query_data.get("version")))


@bp.post("/challenges/<slug>/publish")
@bp.auth_required(auth)
@bp.input(PublishIn, location="json")
@bp.output(DraftOut)
@bp.doc(summary="Publish the draft, or roll back", description="The draft only when its "
        "latest validation is done and valid; `version` publishes an earlier published one.",
        responses=error_responses(*AUTHORING_ERRORS, 409, 422, described={
            409: "The draft has no finished, valid validation (code `not_validated`), or "
                 "there is no draft (`no_draft`)"}))
def publish_view(slug: str, json_data: dict) -> dict:
    """Make a version what learners see and are graded against."""
    version = publish_version(current_user(), slug, json_data.get("version"))
    return _described(version.challenge, version)


@bp.get("/challenges/<slug>/versions")
@bp.auth_required(auth)
@bp.output(VersionsOut)
@bp.doc(summary="List a challenge's versions", responses=error_responses(*AUTHORING_ERRORS))
def versions_view(slug: str) -> dict:
    """List every version, newest first, with its state and validity."""
    challenge = manageable(current_user(), slug)
    return {"versions": [{
        "version": v.number, "status": str(challenge.state_of(v)),
        "content_hash": v.content_hash, "created_at": v.created_at,
        "published_at": v.published_at, "valid": v.valid} for v in versions_of(challenge)]}


@bp.get("/challenges/<slug>/export")
@bp.auth_required(auth)
@bp.input(VersionQuery, location="query")
@bp.doc(summary="Export a version as a .tar.gz", description="The folder, byte for byte: "
        "`arena challenges import` and this API's upload read it back.",
        responses={200: {"description": "A .tar.gz of the folder",
                         "content": {"application/gzip": {"schema": {
                             "type": "string", "format": "binary"}}}},
                   **error_responses(*AUTHORING_ERRORS)})
def export_view(slug: str, query_data: dict) -> Response:
    """Download a version's folder (by default the draft, else the published version)."""
    challenge = manageable(current_user(), slug)
    version = named_version(challenge, query_data.get("version"))
    name = f"{slug}-v{version.number}.tar.gz"
    return Response(archive_of(version), mimetype="application/gzip", headers={
        "Content-Disposition": f'attachment; filename="{name}"'})
