"""Reading back PDFs in tests with poppler (installed by `make test`'s system-deps)."""

import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest


def _tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        pytest.fail(f"{name} is missing: `make test` installs poppler-utils.")
    return path


def pdf_text(content: bytes) -> str:
    """The PDF's text in reading order, one page after another (form feeds between pages)."""
    assert content.startswith(b"%PDF-"), content[:20]
    with tempfile.NamedTemporaryFile(suffix=".pdf") as handle:
        handle.write(content)
        handle.flush()
        result = subprocess.run(
            [_tool("pdftotext"), "-layout", "-enc", "UTF-8", handle.name, "-"],
            capture_output=True,
            check=True,
        )
    return result.stdout.decode("utf-8")


def pdf_to_pngs(content: bytes, folder: Path, stem: str, *, dpi: int = 60) -> list[Path]:
    """Every page as a PNG (pdftoppm), kept in `folder` as test artifacts."""
    folder.mkdir(parents=True, exist_ok=True)
    pdf = folder / f"{stem}.pdf"
    pdf.write_bytes(content)
    for old in folder.glob(f"{stem}-*.png"):
        old.unlink()
    subprocess.run(
        [_tool("pdftoppm"), "-r", str(dpi), "-png", str(pdf), str(folder / stem)], check=True
    )
    return sorted(folder.glob(f"{stem}-*.png"))


def ink_ratio(png: Path) -> float:
    """Share of the page's pixels above the footer that are not white: 0 for a page with
    nothing on it but its page number."""
    from PIL import Image

    with Image.open(png) as image:
        grey = image.convert("L")
        # The bottom 16 mm of 297 hold the footer (event name, page number) on every page.
        body = grey.crop((0, 0, grey.width, int(grey.height * (1 - 16 / 297))))
        histogram = body.histogram()
    return sum(histogram[:200]) / (body.width * body.height)


def qr_codes(png: Path) -> list[str]:
    """What the QR codes on a page image read as, scanned by zbar (`make test` installs it)."""
    result = subprocess.run(
        [_tool("zbarimg"), "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", str(png)],
        capture_output=True,
    )
    # zbarimg exits 4 when it finds no code at all: that is an answer here, not an error.
    assert result.returncode in (0, 4), result.stderr.decode(errors="replace")[-500:]
    return result.stdout.decode().split()
