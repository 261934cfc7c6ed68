"""mnk: m,n,k-games (tic-tac-toe, four in a row on 4x4, Gomoku) from Python.

The mnk Rust engine itself, compiled: boards and rules, the exact solver, the game-tree count,
the computer players and games between them, and minimax / alpha-beta lessons on trees you
type. Long searches release the GIL and stop on Ctrl-C (KeyboardInterrupt).

>>> import mnk
>>> print(mnk.solve(mnk.Board("x.o/.x./...")))
o to move: draw (best: c1; 13 nodes)
"""

from ._mnk import (
    Analysis,
    Board,
    CompareEntry,
    Count,
    Game,
    GameOverError,
    Lesson,
    MnkError,
    MoveValue,
    NotationError,
    Player,
    PlayerError,
    PositionError,
    Result,
    Rules,
    RulesError,
    SearchError,
    Tree,
    TreeError,
    alphabeta,
    analyze,
    compare,
    count,
    depth,
    hard,
    minimax,
    perfect,
    random,
    solve,
)

__all__ = [
    "Analysis",
    "Board",
    "CompareEntry",
    "Count",
    "Game",
    "GameOverError",
    "Lesson",
    "MnkError",
    "MoveValue",
    "NotationError",
    "Player",
    "PlayerError",
    "PositionError",
    "Result",
    "Rules",
    "RulesError",
    "SearchError",
    "Tree",
    "TreeError",
    "alphabeta",
    "analyze",
    "compare",
    "count",
    "depth",
    "hard",
    "minimax",
    "perfect",
    "random",
    "solve",
]
