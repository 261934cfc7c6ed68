"""mnk: m,n,k-games (tic-tac-toe, four in a row on 4x4, Gomoku) from Python.

The mnk Rust engine itself, compiled: boards and rules, the exact solver, the game-tree count,
the computer players and games between them, and minimax / alpha-beta lessons on trees you
type. Long searches release the GIL and stop on Ctrl-C (KeyboardInterrupt).

>>> import mnk
>>> print(mnk.solve(mnk.Board("x.o/.x./...")))
o to move: draw (best: c1; 13 nodes)
"""

# Everything public is defined by the compiled module, whose __all__ lists it; the type stubs
# (__init__.pyi) spell it out for type checkers, and a test compares the two.
from ._mnk import *  # noqa: F401,F403
from ._mnk import __all__  # noqa: F401

# The compiled submodule is an attribute of mnk._mnk; registering it under its package name
# lets `import mnk.practice` and `from mnk.practice import generate` work too (and the
# same for mnk.proof).
import sys as _sys

_sys.modules[__name__ + ".practice"] = practice  # noqa: F405
_sys.modules[__name__ + ".proof"] = proof  # noqa: F405
del _sys
