"""Turning a report's context into its file: HTML from the template, PDF with WeasyPrint from
that same HTML, or CSV from the same rows."""

import base64
import csv
import io
from dataclasses import dataclass

import qrcode
from django.template.loader import render_to_string

from tournaments.reports.registry import CSV, PDF, CsvTable, Progress, ReportError, ReportKind

# A spreadsheet runs a cell that starts with one of these as a formula; player names are user
# input, so such cells get a leading apostrophe (OWASP "CSV injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


@dataclass(frozen=True)
class BuiltFile:
    content: bytes
    filename: str
    pages: int | None = None


def qr_data_uri(url: str) -> str:
    """A QR code of `url` as an inline 1-bit PNG, one pixel per module: drawn without
    interpolation (CSS image-rendering: pixelated) it prints sharp at any size, and a round's
    worth of them costs WeasyPrint a fraction of what as many SVG paths do."""
    image = qrcode.make(
        url, box_size=1, border=1, error_correction=qrcode.constants.ERROR_CORRECT_M
    )
    png = io.BytesIO()
    image.save(png, format="PNG")
    return "data:image/png;base64," + base64.b64encode(png.getvalue()).decode("ascii")


def render_html(kind: ReportKind, context: dict, *, for_pdf: bool, request=None) -> str:
    """The report's page; shown in a browser (with the request: its CSP nonce lets the
    page's inline style in) or laid out as the PDF."""
    context = {**context, "for_pdf": for_pdf, "kind": kind}
    return render_to_string(kind.template, context, request=request)


def render_pdf(html: str, *, progress: Progress) -> tuple[bytes, int]:
    from weasyprint import HTML
    from weasyprint.urls import URLFetcher

    progress(45, "Laying out the pages")
    # Reports embed everything they show (QR codes as data: URIs): nothing is fetched, so
    # text people typed can never make the worker request a URL or read a file.
    fetcher = URLFetcher(allowed_protocols={"data"})
    document = HTML(string=html, url_fetcher=fetcher).render()
    progress(85, f"Writing {len(document.pages)} pages")
    return document.write_pdf(), len(document.pages)


def _safe_cell(value) -> str:
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def render_csv(table: CsvTable) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(table.header)
    for row in table.rows:
        writer.writerow([_safe_cell(value) for value in row])
    # A byte-order mark makes spreadsheet programs read accented names as UTF-8.
    return out.getvalue().encode("utf-8-sig")


def build_file(
    kind: ReportKind, event, params: dict, file_format: str, *, progress: Progress, site_url: str
) -> BuiltFile:
    if file_format not in kind.formats:
        raise ReportError(
            f"{kind.label} comes as {' or '.join(f.upper() for f in kind.formats)}, "
            f"not {file_format.upper()}.",
            field="format",
        )
    progress(5, "Reading the event")
    context = kind.context(event, params, progress=progress, site_url=site_url)
    stem = kind.filename_stem(event, params)
    if file_format == CSV:
        progress(60, "Writing the table")
        return BuiltFile(render_csv(kind.csv_table(context)), f"{stem}.csv")
    assert file_format == PDF
    progress(35, "Filling in the template")
    content, pages = render_pdf(render_html(kind, context, for_pdf=True), progress=progress)
    return BuiltFile(content, f"{stem}.pdf", pages)
