"""The type stubs match the compiled module, and everything public has a docstring."""

import inspect
import subprocess
import sys

import mnk


def test_stubs_match_the_module():
    # mypy's stubtest compares every name, signature and property of __init__.pyi with the
    # compiled module; .ci/run installs mypy next to pytest.
    run = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "mnk"], capture_output=True, text=True
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_everything_public_has_a_docstring():
    missing = []
    for name in mnk.__all__:
        item = getattr(mnk, name)
        if not (item.__doc__ or "").strip():
            missing.append(name)
        if inspect.isclass(item) and not issubclass(item, Exception):
            for attr, member in vars(item).items():
                if not attr.startswith("_") and not (getattr(member, "__doc__", "") or "").strip():
                    missing.append(f"{name}.{attr}")
    assert missing == []
