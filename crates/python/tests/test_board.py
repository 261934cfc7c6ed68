"""Rules and boards: text, moves by name and by cell, play/undo, winner, printing, errors."""

import copy

import pytest

import mnk


def test_rules_defaults_and_parse():
    assert mnk.Rules() == mnk.Rules(3, 3, k=3)
    gomoku = mnk.Rules(15)
    assert (gomoku.width, gomoku.height, gomoku.k, gomoku.cells) == (15, 15, 5, 225)
    assert mnk.Rules.parse("4x4", k=4) == mnk.Rules(4, 4, k=4)
    assert repr(mnk.Rules(7, 6, k=4)) == "Rules(7, 6, k=4)"
    assert str(mnk.Rules(7, 6, k=4)) == "7x6, k=4"
    assert mnk.Rules(3).cell_name(0) == "a3"
    assert mnk.Rules(3).parse_cell("a1") == 6
    assert len({mnk.Rules(3), mnk.Rules(3, 3, k=3)}) == 1


def test_renju_forbids_x_its_fouls():
    renju = mnk.Rules(15, rule="renju")
    assert (renju.rule, repr(renju)) == ("renju", 'Rules(15, 15, k=5, rule="renju")')
    assert mnk.Rules.parse("15x15", rule="exact").rule == "exact"
    board = mnk.Board(rules=renju)
    for move in ["i8", "a1", "j8", "a3", "h7", "a5", "h6", "a7"]:
        board.play(move)
    assert board.forbidden == [("h8", "double three")]
    assert "h8" not in board.legal_moves
    with pytest.raises(mnk.PositionError, match="double three"):
        board.play("h8")
    board.play("g8")
    assert board.forbidden == []  # o is never restricted
    with pytest.raises(mnk.RulesError, match="freestyle, exact or renju"):
        mnk.Rules(15, rule="chess")


def test_board_sizes_and_k():
    assert mnk.Board("..../..../..../....").rules == mnk.Rules(4, 4, k=4)
    assert mnk.Board("..../..../..../....", k=3).rules == mnk.Rules(4, 4, k=3)
    assert mnk.Board(k=2).rules == mnk.Rules(3, 3, k=2)


def test_board_from_text_moves_and_undo():
    board = mnk.Board("x.o/.x./...")
    assert board.to_move == "o"
    assert board.rules == mnk.Rules(3)
    assert board.legal_moves == ["b3", "a2", "c2", "a1", "b1", "c1"]
    assert board.legal_cells == [1, 3, 5, 6, 7, 8]
    board.play("c1")
    board.play(1)  # b3 by cell index
    assert board.text == "xxo/.x./..o"
    assert board.history == ["c1", "b3"]
    assert board.stone("b3") == "x" and board.stone(8) == "o" and board.stone("a1") is None
    assert board.undo() == "b3"
    assert board.text == "x.o/.x./..o"
    assert board.cell("c1") == 8 and board.name(8) == "c1"


def test_winner_and_game_over():
    board = mnk.Board()
    for move in ["a1", "b1", "a2", "b2", "a3"]:
        board.play(move)
    assert board.is_over and board.winner == "x" and board.outcome == "x"
    assert sorted(board.winning_line) == ["a1", "a2", "a3"]
    assert board.legal_moves == []
    with pytest.raises(mnk.GameOverError, match="the game is already over: x has won"):
        board.play("c3")
    draw = mnk.Board("xox/xox/oxo")
    assert draw.is_over and draw.winner is None and draw.outcome == "draw"


def test_printing():
    board = mnk.Board("x.o/.x./...")
    assert str(board) == "   a b c\n3  x . o\n2  . x .\n1  . . .\no to move"
    assert repr(board) == "Board('x.o/.x./...', rules=Rules(3, 3, k=3))"
    html = board._repr_html_()
    assert html.startswith("<table") and html.count("<tr>") == 4 and 'title="c3"' in html
    big = mnk.Board(rules=mnk.Rules(10, 10, k=5))
    assert str(big).splitlines()[1].startswith("10  . .")


def test_copies_move_independently():
    board = mnk.Board()
    other = board.copy()
    deep = copy.deepcopy(board)
    board.play("b2")
    assert other.text == ".../.../..." and other.stone_count == 0
    assert deep.stone_count == 0 and board != other


@pytest.mark.parametrize(
    "make, error, message",
    [
        (lambda: mnk.Rules(27), mnk.RulesError, "board width 27 is out of range: use 1 to 26"),
        (lambda: mnk.Rules(3, k=4), mnk.RulesError, "the winning length k=4 is out of range"),
        (lambda: mnk.Rules.parse("3by3"), mnk.RulesError, "board size '3by3' is not understood"),
        (lambda: mnk.Board("x.o/.y./..."), mnk.NotationError, "row 2, column 2: unexpected character 'y'"),
        (lambda: mnk.Board("xx./.../..."), mnk.PositionError, "impossible stone counts: x has 2 and o has 0"),
        (lambda: mnk.Board().play("z9"), mnk.NotationError, "'z9' is not a move"),
        (lambda: mnk.Board().play(9), mnk.PositionError, "cell 9 is off the board (9 cells)"),
        (lambda: mnk.Board("x../.../...").play("a3"), mnk.PositionError, "cell a3 is already taken"),
        (lambda: mnk.Board().undo(), mnk.PositionError, "there is no move to take back"),
        (lambda: mnk.Board(rules=mnk.Rules(4), k=3), mnk.RulesError, "give k either in the rules"),
        (lambda: mnk.Board("..../..../..../....", rules=mnk.Rules(3)), mnk.NotationError, "the position has 4 rows but the board is 3 high"),
    ],
)
def test_errors_are_value_errors_with_the_engine_sentence(make, error, message):
    with pytest.raises(error) as caught:
        make()
    assert str(caught.value).startswith(message)
    assert isinstance(caught.value, mnk.MnkError) and isinstance(caught.value, ValueError)
    assert type(caught.value).__name__ == error.__name__ and error.__module__ == "mnk"
