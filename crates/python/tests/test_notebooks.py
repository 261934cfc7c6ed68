"""The lesson notebooks: the committed files are what docs/make_lessons.py writes, and each
runs top to bottom (its cells assert the figures they show)."""

import pathlib
import sys

import nbclient
import nbformat
import pytest

DOCS = pathlib.Path(__file__).resolve().parents[3] / "docs"
sys.path.insert(0, str(DOCS))
import make_lessons  # noqa: E402


@pytest.mark.parametrize("language, name", sorted(make_lessons.LANGUAGES.items()))
def test_notebook_is_generated_and_runs(language, name):
    path = DOCS / name
    assert path.read_text(encoding="utf-8") == make_lessons.text(language), (
        f"docs/{name} is out of date: run python docs/make_lessons.py"
    )
    nb = nbformat.read(path, as_version=4)
    nbclient.NotebookClient(nb, timeout=300, kernel_name="python3").execute()
    outputs = [o for cell in nb.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    text = "".join(o.get("text", "") for o in outputs)
    assert "549,946" in text and "18,297" in text and "9,722,011 positions" in text
    pictures = [o for o in outputs if "image/svg+xml" in o.get("data", {})]
    assert len(pictures) == 2  # the minimax and the alpha-beta trees
