"""mnk.practice: exercises from seeds, marked by the engine, with hints and the solution."""

import pytest

import mnk
from mnk import practice


def test_generate_answer_mark():
    ex = practice.generate("minimax", "easy", seed=3)
    assert (ex.kind, ex.difficulty, ex.seed) == ("minimax", "easy", 3)
    assert str(ex.tree) == "((7 4) (1 4))"
    assert ex.parts == [("0", "Value of 0 (MIN)?"), ("1", "Value of 1 (MIN)?"), ("root", "Value of root (MAX)?")]
    right = practice.mark(ex, "root=4 0=4 1=1")
    assert right.correct and (right.points, right.out_of) == (3, 3) and right.mistake is None
    wrong = ex.mark("root=5 0=4 1=1")
    assert not wrong.correct and (wrong.points, wrong.out_of) == (2, 3)
    assert wrong.mistake.startswith("The root is a MAX node")
    assert wrong.items[-1] == ("root", "5", "4", False)
    assert str(wrong).startswith("2 of 3 points. First mistake:")
    assert ex.solution() == "root=4 0=4 1=1"
    assert "root: backs up 4" in ex.walkthrough()
    assert ex.lesson().value == 4
    assert repr(ex) == "practice.generate('minimax', 'easy', seed=3)"


def test_the_same_seed_gives_the_same_exercise_for_every_kind():
    for kind in practice.KINDS:
        for difficulty in practice.DIFFICULTIES:
            a = practice.generate(kind, difficulty, seed=11)
            b = practice.Exercise.generate(kind, difficulty, 11)
            assert str(a) == str(b)
            assert a.mark(a.solution()).correct


def test_a_position_and_its_board():
    ex = practice.generate("position", "easy", seed=3)
    assert ex.tree is None and ex.outline is None
    assert isinstance(ex.board, mnk.Board)
    assert ex.solution() == "value=win moves=a3,c1"
    marking = ex.mark("value=win moves=c1")
    assert marking.mistake == "a3 also keeps the win: name every move that does."


def test_bad_answers_and_names_raise_one_sentence():
    ex = practice.generate("window", "easy", seed=2)
    with pytest.raises(mnk.MnkError, match="not a bound"):
        ex.mark("alpha=big")
    with pytest.raises(mnk.MnkError, match="unknown kind of exercise 'riddle'"):
        practice.generate("riddle")
    with pytest.raises(mnk.MnkError, match="unknown difficulty"):
        practice.generate("minimax", "impossible")
    assert "α" in ex.hint() and "α" in ex.hint("alpha=1 beta=+inf")


def test_import_forms():
    import mnk.practice as p
    from mnk.practice import generate

    assert p is practice and generate is practice.generate
