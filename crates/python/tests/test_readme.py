"""The README's Python section: the line its one-liner prints, and its example block runs."""

import contextlib
import io
import pathlib
import re

import mnk

README = pathlib.Path(__file__).resolve().parents[3] / "README.md"


def python_section():
    text = README.read_text(encoding="utf-8")
    return text.split("\n## Python\n", 1)[1].split("\n## ", 1)[0]


def test_the_one_liner_prints_what_the_readme_says():
    section = python_section()
    command = "python -c \"import mnk; print(mnk.solve(mnk.Board('x.o/.x./...')))\""
    assert command in section
    printed = re.search(r"The second line prints `([^`]*)`", section).group(1)
    assert str(mnk.solve(mnk.Board("x.o/.x./..."))) == printed


def test_the_example_block_runs():
    block = re.search(r"\n```\n(import mnk\n.*?)```\n", python_section(), re.S).group(1)
    scope = {}
    with contextlib.redirect_stdout(io.StringIO()) as out:
        exec(compile(block, "README.md (Python section)", "exec"), scope)
    assert "c1" not in scope["board"].history  # played, then taken back
    assert (scope["lesson"].value, scope["lesson"].pruned_leaves) == (60, [58])
    assert out.getvalue().startswith("   a b c\n3  x . o")
    assert scope["exercise"].mark("value=2 pruned=1.1").correct
