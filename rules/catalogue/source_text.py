"""Reading a card file's bytes as text, with file-level problems reported as CardFileErrors."""

import os
from pathlib import Path

from rules.catalogue.errors import ErrorCollector

MAX_FILE_BYTES = 64 * 1024 * 1024


def read_source_text(path: str | os.PathLike[str]) -> str:
    """The file's text (UTF-8, an optional byte-order mark removed)."""
    name = os.fspath(path)
    problems = ErrorCollector(name)
    try:
        with Path(name).open("rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise problems.fatal(f"cannot read the file: {error.strerror or error}") from error
    if len(data) > MAX_FILE_BYTES:
        raise problems.fatal(f"the file is larger than {MAX_FILE_BYTES // (1024 * 1024)} MB")
    return decode_source_bytes(data, name)


def decode_source_bytes(data: bytes, path: str) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        raise ErrorCollector(path).fatal(
            f"not UTF-8 text (byte {data[error.start]:#04x})", line=line, column=column
        ) from error
