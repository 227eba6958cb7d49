"""One error body for the whole API, the exception handler that produces it, and the schema
class that documents it on every operation.

Every error answers {"code", "message"} and, when fields are at fault, "errors" (field path to
messages, nested fields joined by dots: "games.0.winner") and "problems" (structured details,
e.g. each violation of a team list with its rule ID).
"""

import logging

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import DataError, IntegrityError
from django.http import Http404
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiResponse
from rest_framework import exceptions, serializers
from rest_framework.views import exception_handler as drf_exception_handler

from config import api_fields

logger = logging.getLogger(__name__)

# Service refusals that are about what the client sent, not about the event's state: they
# answer 400 on the named field. Every other EventError is a 409 conflict with the state.
INPUT_FIELD_OF_CODE = {
    "game_count": "games",
    "extra_game": "games",
    "bad_winner": "games",
    "bad_first": "games",
    "ending": "games",
    "life": "games",
    "reason_missing": "reason",
    "minutes": "minutes",
    "no_amount": "delta1",
    "too_large": "delta1",
    "reason": "reason",
    "number": "non_field_errors",
    "name_missing": "display_name",
    "name_too_long": "display_name",
    "bad_policy": "missed_rounds_as",
    "bad_claim_code": "code",
}


class ApiErrorSerializer(serializers.Serializer):
    code = api_fields.CharField(help_text="Stable, machine-readable reason.")
    message = api_fields.CharField(help_text="One plain sentence for people.")
    errors = serializers.DictField(
        child=serializers.ListField(child=api_fields.CharField()),
        required=False,
        help_text='Messages per field; nested fields joined by dots ("games.0.winner").',
    )
    problems = serializers.ListField(
        child=serializers.DictField(),
        required=False,
        help_text="Structured details, e.g. each violation of a team list with its rule.",
    )

    class Meta:
        ref_name = "ApiError"


class ApiError(exceptions.APIException):
    def __init__(self, status_code: int, code: str, message: str, *, errors=None, problems=None):
        self.status_code = status_code
        self.body = {"code": code, "message": message}
        if errors:
            self.body["errors"] = errors
        if problems is not None:
            self.body["problems"] = problems
        super().__init__(detail=message, code=code)


def _flatten(detail, prefix: str = "") -> dict[str, list[str]]:
    """DRF's nested error detail as {"field.0.sub": [messages]}."""
    key = prefix or "non_field_errors"
    if isinstance(detail, dict):
        found: dict[str, list[str]] = {}
        for name, value in detail.items():
            field = "non_field_errors" if name == "non_field_errors" and not prefix else name
            found.update(_flatten(value, f"{prefix}.{field}" if prefix else field))
        return found
    if isinstance(detail, list):
        if all(not isinstance(item, dict | list) for item in detail):
            return {key: [str(item) for item in detail]} if detail else {}
        found = {}
        for index, item in enumerate(detail):
            found.update(_flatten(item, f"{prefix}.{index}" if prefix else str(index)))
        return found
    return {key: [str(detail)]}


def _summary(errors: dict[str, list[str]]) -> str:
    parts = [f"{field}: {messages[0]}" for field, messages in list(errors.items())[:3]]
    more = len(errors) - len(parts)
    return "; ".join(parts) + (f" (and {more} more)" if more > 0 else "")


def _translate(exc: Exception) -> Exception:
    """Domain and Django errors as API errors with the common body."""
    # Imported here: this module is loaded by settings-named hooks, and the apps' own APIs
    # import its serializer; neither should pull in every app's models at import time.
    from rules.services import TeamIllegal
    from rules.teams import TeamListError
    from tournaments.services import EventError, PairingWarnings

    if isinstance(exc, PairingWarnings):
        problems = [{"code": p.code, "message": p.message} for p in exc.problems]
        return ApiError(409, exc.code, str(exc), problems=problems)
    if isinstance(exc, EventError):
        field = INPUT_FIELD_OF_CODE.get(exc.code)
        if field:
            return ApiError(400, exc.code, str(exc), errors={field: [str(exc)]})
        return ApiError(409, exc.code, str(exc))
    if isinstance(exc, TeamListError):
        problems = [
            {"line": p.line, "text": p.text, "message": p.message,
             "suggestions": list(p.suggestions)}
            for p in exc.problems
        ]  # fmt: skip
        messages = [f"Line {p.line}: {p.message}" for p in exc.problems]
        return ApiError(
            400,
            "team_list_unreadable",
            "Some lines of the team list cannot be read.",
            errors={"team_list": messages},
            problems=problems,
        )
    if isinstance(exc, TeamIllegal):
        problems = [
            {"rule": v.rule, "code": v.code, "message": v.message, "card_key": v.card_key}
            for v in exc.violations
        ]
        return ApiError(
            400,
            "team_illegal",
            "The team breaks the event format's rules.",
            errors={"team_list": [f"({v.rule}) {v.message}" for v in exc.violations]},
            problems=problems,
        )
    if isinstance(exc, DjangoValidationError):
        errors = (
            {k: [str(m) for m in v] for k, v in exc.message_dict.items()}
            if hasattr(exc, "error_dict")
            else {"non_field_errors": [str(m) for m in exc.messages]}
        )
        errors = {("non_field_errors" if k == "__all__" else k): v for k, v in errors.items()}
        return ApiError(400, "invalid", _summary(errors), errors=errors)
    if isinstance(exc, IntegrityError):
        # Two writers raced for the same unique row; the loser is told to look again.
        logger.warning("API write lost a race: %s", exc)
        return ApiError(409, "conflict", "Someone else changed this at the same moment; retry.")
    if isinstance(exc, DataError):
        # A value the database cannot store (e.g. a NUL byte in text): the input's fault.
        logger.warning("API input refused by the database: %s", exc)
        return ApiError(400, "invalid_value", "A value in the request cannot be stored.")
    if isinstance(exc, RequestDataTooBig):
        from config.views import too_large_message

        return ApiError(400, "too_large", too_large_message())
    if isinstance(exc, Http404):
        return exceptions.NotFound(*exc.args)
    if isinstance(exc, DjangoPermissionDenied):
        return exceptions.PermissionDenied(*exc.args)
    return exc


def exception_handler(exc, context):
    exc = _translate(exc)
    response = drf_exception_handler(exc, context)
    if response is None:
        return None  # a real bug: Django's 500 handling and logging take over
    if isinstance(exc, ApiError):
        response.data = exc.body
    elif isinstance(exc, exceptions.ValidationError):
        errors = _flatten(exc.detail)
        response.data = {"code": "invalid", "message": _summary(errors), "errors": errors}
    else:
        detail = exc.detail if isinstance(exc, exceptions.APIException) else str(exc)
        code = exc.get_codes() if isinstance(exc, exceptions.APIException) else "error"
        response.data = {
            "code": code if isinstance(code, str) else "error",
            "message": str(detail) if not isinstance(detail, dict | list) else str(exc),
        }
    return response


ERROR_DESCRIPTIONS = {
    "400": "The request is invalid: `errors` names each field at fault.",
    "401": "Not logged in, or the token is wrong.",
    "403": "Your role at this event does not allow this.",
    "404": "No such object (or page).",
    "409": "The event's state does not allow this now (e.g. the round is still open).",
    "415": "The body is not JSON (the only type request bodies are read as).",
    "429": "Too many requests, or too many failed logins: wait (`Retry-After` says how long).",
}


class ErrorDocumentingSchema(AutoSchema):
    """Every operation documents the common error body for the codes it can answer."""

    def _error_codes(self) -> list[str]:
        codes = ["400", "401", "403", "404"]
        if self.method not in ("GET", "HEAD", "OPTIONS"):
            codes += ["409", "415"]  # any write can be sent a body of a type the API can't read
        if getattr(self.view, "locks_out_logins", False):
            codes.append("429")  # the token login's lockout (django-axes)
        return codes

    def _get_response_bodies(self, direction="response"):
        bodies = super()._get_response_bodies(direction)
        if direction != "response":
            return bodies
        for code in self._error_codes():
            if code not in bodies:
                bodies[code] = self._get_response_for_code(
                    OpenApiResponse(ApiErrorSerializer, description=ERROR_DESCRIPTIONS[code]),
                    code,
                    direction=direction,
                )
        return bodies
