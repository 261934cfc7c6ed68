"""Ground truth through the bindings: counts, values, the textbook figures, errors, and the
same values as the command line's JSON on random positions."""

import json
import random
import subprocess

import pytest

import mnk


def test_tic_tac_toe_counts():
    count = mnk.count(mnk.Rules(3))
    assert count.nodes == 549_946
    assert count.games == 255_168
    assert (count.x_wins, count.o_wins, count.draws) == (131_184, 77_904, 46_080)
    assert (count.positions, count.positions_up_to_symmetry) == (5_478, 765)
    assert count.nodes_per_ply[:3] == [1, 9, 72] and sum(count.nodes_per_ply) == count.nodes


def test_textbook_node_counts_on_the_empty_board():
    entries = {e.name: e for e in mnk.compare()}
    assert entries["minimax"].nodes == 549_946
    assert entries["alphabeta"].nodes == 18_297
    assert all(e.value == "draw" for e in entries.values())
    assert mnk.solve(mnk.Board(), algorithm="minimax").value == "draw"


def test_solve_reports_value_plies_and_best_moves():
    result = mnk.solve(mnk.Board("xx./oo./..."))
    assert (result.value, result.plies, result.best_moves, result.best_cells) == ("win", 1, ["c3"], [2])
    assert str(result).startswith("x to move: win in 1 ply (best: c3; ")
    assert repr(result).startswith("<mnk.Result x win in 1 best=['c3'] nodes=")
    drawn = mnk.solve(mnk.Board("x.o/.x./..."))
    assert (drawn.to_move, drawn.value, drawn.plies, drawn.best_moves) == ("o", "draw", None, ["c1"])
    assert drawn.algorithm == "solver" and drawn.stats["table_capacity"] > 0  # auto: three in a row


def test_four_by_four_four_in_a_row_is_a_draw():
    result = mnk.solve(mnk.Board(rules=mnk.Rules(4, 4, k=4)))
    assert result.value == "draw" and len(result.best_moves) == 16


def test_every_algorithm_agrees_on_a_small_position():
    board = mnk.Board("x.o/.x./...")
    values = {a: mnk.solve(board, algorithm=a).value for a in ["minimax", "alphabeta", "solver", "proof", "auto"]}
    assert set(values.values()) == {"draw"}


def test_search_errors():
    with pytest.raises(mnk.SearchError, match="minimax may visit up to"):
        mnk.solve(mnk.Board(rules=mnk.Rules(4, 4, k=4)), algorithm="minimax")
    with pytest.raises(mnk.SearchError, match="the search reached its node limit"):
        mnk.solve(mnk.Board(rules=mnk.Rules(4, 4, k=4)), algorithm="minimax", max_nodes=1000)
    with pytest.raises(mnk.SearchError, match="'fast' is not an algorithm"):
        mnk.solve(mnk.Board(), algorithm="fast")
    with pytest.raises(mnk.SearchError, match="counting supports boards of up to 64 cells"):
        mnk.count(mnk.Rules(9))
    with pytest.raises(mnk.SearchError, match="counting from here would need about"):
        mnk.count(mnk.Rules(5, 5, k=4))
    with pytest.raises(mnk.GameOverError):
        mnk.solve(mnk.Board("xxx/oo./..."))
    with pytest.raises(mnk.SearchError, match="too big"):
        mnk.solve(mnk.Board(), hash_mib=10**9)


def test_analysis_says_whether_it_is_exact():
    small = mnk.analyze(mnk.Board("x../.../..."))
    assert small.exact and small.to_move == "o" and small.best_moves == ["b2"]
    assert [m.value for m in small.moves].count("draw") == 1
    gomoku = mnk.analyze(mnk.Board(rules=mnk.Rules(15)))
    assert not gomoku.exact and len(gomoku.moves) == 225
    assert all(m.value == "estimate" and m.estimate is not None for m in gomoku.moves)


def random_position(rng, rules, stones):
    """A position reached by random moves, unfinished, with up to `stones` stones."""
    board = mnk.Board(rules=rules)
    for _ in range(stones):
        move = rng.choice(board.legal_moves)
        board.play(move)
        if board.is_over:
            board.undo()
            break
    return board


@pytest.mark.parametrize(
    "rules, stones",
    [(mnk.Rules(3), 4), (mnk.Rules(4, 4, k=4), 7), (mnk.Rules(5, 4, k=4), 10)],
)
def test_analysis_agrees_with_the_command_line(mnk_cli, rules, stones):
    rng = random.Random(19)
    for _ in range(6):
        board = random_position(rng, rules, rng.randint(1, stones))
        out = subprocess.run(
            [mnk_cli, "analyze", "--size", rules.size, "--k", str(rules.k), "--position", board.text, "--json"],
            capture_output=True, text=True, check=True,
        ).stdout
        cli = {m["move"]: (m["value"], m["plies"]) for m in json.loads(out)["moves"]}
        ours = mnk.analyze(board, exact=True)
        assert ours.exact
        assert {m.move: (m.value, m.plies) for m in ours.moves} == cli, board.text
        best = mnk.solve(board)
        assert best.value in {m.value for m in ours.moves if m.move in ours.best_moves}
