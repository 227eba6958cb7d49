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
    """Share of the page's pixels that are not white: 0 for a blank page."""
    from PIL import Image

    with Image.open(png) as image:
        grey = image.convert("L")
        histogram = grey.histogram()
    inked = sum(histogram[:200])
    return inked / (grey.width * grey.height)
