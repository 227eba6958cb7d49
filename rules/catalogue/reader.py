"""One entry point for any card file: the format is told by the content, not the file name."""

import os

from rules.catalogue.errors import ErrorCollector
from rules.catalogue.records import CatalogueFile
from rules.catalogue.source_text import read_source_text
from rules.catalogue.tdc_json import parse_tdc_json
from rules.catalogue.xdm_tables import parse_xdm_table


def read_catalogue(path: str | os.PathLike[str]) -> CatalogueFile:
    name = os.fspath(path)
    return parse_catalogue(read_source_text(name), name)


def parse_catalogue(text: str, path: str = "<text>") -> CatalogueFile:
    """A JSON object is read as Team Builder JSON, a `|`-separated header as an XDM table."""
    content = text.lstrip()
    if not content:
        raise ErrorCollector(path).fatal("the file is empty")
    if content.startswith(("{", "[")):
        return parse_tdc_json(text, path)
    first_line = content.split("\n", 1)[0]
    if "|" in first_line:
        return parse_xdm_table(text, path)
    raise ErrorCollector(path).fatal(
        "unknown card file format: expected a Team Builder JSON object with a 'cards' list "
        "or a pipe-separated (|) table whose first line is a header such as "
        "Number|Rarity|Title|SubTitle"
    )
