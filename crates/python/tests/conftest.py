"""Shared fixtures: the mnk command-line program, for tests that compare with its JSON."""

import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]


@pytest.fixture(scope="session")
def mnk_cli():
    """The path of the `mnk` program: $MNK_BIN, or the workspace's debug build (built here
    when `cargo test --workspace` has not built it yet)."""
    given = os.environ.get("MNK_BIN")
    if given:
        return given
    binary = ROOT / "target" / "debug" / "mnk"
    if not binary.exists():
        subprocess.run(["cargo", "build", "-p", "mnk", "--bin", "mnk"], cwd=ROOT, check=True)
    return str(binary)
