"""The API's JSON parser: DRF's, after a cheap check of how deeply the body nests.

Python's json module recurses once per nesting level, so a small body of thousands of `[`
ends in a RecursionError (a 500) instead of a parse error. No request of the API nests more
than a few levels (a result's games: 3), so the body is scanned for brackets outside strings
first, and one nested deeper than `API_JSON_MAX_DEPTH` is refused with a 400 in the API's error
body without being parsed.
"""

import io
import re

from django.conf import settings
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

# A JSON string (escapes included), or one bracket. Strings are matched whole so brackets
# inside them do not count; the unrolled loop keeps the regex linear on long strings.
_TOKEN = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]', re.DOTALL)
_OPENING = frozenset(b"[{")
_CLOSING = frozenset(b"]}")


def nesting_beyond(body: bytes, limit: int) -> int | None:
    """The byte offset where `body` first nests deeper than `limit`, or None if it never does.

    Counts brackets outside strings without parsing, so it is cheap and cannot recurse; for a
    body that is not JSON the answer only decides which 400 it gets.
    """
    depth = 0
    for token in _TOKEN.finditer(body):
        first = token.group()[0]
        if first in _OPENING:
            depth += 1
            if depth > limit:
                return token.start()
        elif first in _CLOSING:
            depth -= 1
    return None


def too_deep_message(limit: int, offset: int | None) -> str:
    where = "" if offset is None else f" (at byte {offset})"
    return (
        f"The JSON body nests deeper than {limit} levels{where}; no request of this API nests "
        "more than a few."
    )


class NestingLimitedJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        body = stream.read() if stream is not None else b""
        limit = settings.API_JSON_MAX_DEPTH
        offset = nesting_beyond(body, limit)
        if offset is not None:
            raise ParseError(too_deep_message(limit, offset), code="nested_too_deeply")
        try:
            return super().parse(io.BytesIO(body), media_type, parser_context)
        except RecursionError as error:
            # A charset the scan cannot read bytes of (e.g. UTF-32) can hide brackets from it.
            raise ParseError(too_deep_message(limit, None), code="nested_too_deeply") from error
