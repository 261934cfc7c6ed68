"""Computer players and games, a Python function as a player."""

import pytest

import mnk


def test_player_names():
    assert [p.name for p in [mnk.perfect(), mnk.hard(), mnk.depth(3), mnk.random()]] == [
        "perfect", "hard", "depth:3", "random",
    ]
    assert mnk.Player("medium") == mnk.depth(2)
    with pytest.raises(mnk.PlayerError, match="'grandmaster' is not a player"):
        mnk.Player("grandmaster")
    with pytest.raises(mnk.PlayerError, match="'depth:10' is not a player"):
        mnk.depth(10)


def test_perfect_play_is_a_draw_and_takes_a_win():
    assert mnk.Game(mnk.perfect(), mnk.perfect()).play() == "draw"
    assert mnk.perfect().choose(mnk.Board("xx./oo./...")) == "c3"


def test_a_python_function_plays():
    seen = []

    def first_legal(board):
        seen.append(board.to_move)
        return board.legal_moves[0]

    game = mnk.Game(first_legal, mnk.perfect())
    result = game.play()
    assert result == "o"  # the first free cell every time loses to perfect play
    assert seen and set(seen) == {"x"} and game.is_over
    assert game.moves[0] == "a3" and len(game.moves) == game.board.stone_count
    assert repr(game).startswith("<mnk.Game first_legal vs perfect, moves ['a3', ")

    by_index = mnk.Game(mnk.perfect(), lambda board: board.legal_cells[-1], seed=3)
    assert by_index.step() in mnk.Board().legal_moves
    assert by_index.step() == by_index.moves[-1]


def test_a_function_player_that_breaks_the_rules():
    with pytest.raises(mnk.PlayerError, match="returned None, which is not a move"):
        mnk.Game(lambda board: None, mnk.perfect()).play()
    with pytest.raises(mnk.PositionError, match="cell b2 is already taken"):
        mnk.Game(lambda board: "b2", lambda board: "b2").play()
    with pytest.raises(TypeError, match="a player is a computer player"):
        mnk.Game(42, mnk.perfect())
    game = mnk.Game("random", "random", seed=1)
    game.play()
    with pytest.raises(mnk.GameOverError):
        game.step()


def test_games_on_bigger_boards_end():
    game = mnk.Game(mnk.hard(), mnk.depth(2), rules=mnk.Rules(7, 7, k=4), seed=1)
    assert game.play() in {"x", "o", "draw"}
    assert "to move" not in str(game)
