"""Trees and lessons: the seed tree's value 60 with leaf 58 pruned, traces, pictures."""

import pytest

import mnk

SEED = "((60 63) (15 58))"


def test_seed_tree_minimax_visits_everything():
    tree = mnk.Tree.parse(SEED)
    assert tree.leaves == [60, 63, 15, 58] and tree.depth == 2 and tree.node_count == 7
    lesson = mnk.minimax(tree)
    assert lesson.value == 60 and lesson.best_path == [0, 0]
    assert lesson.nodes_visited == 7 and lesson.pruned == [] and lesson.cutoffs == 0


def test_seed_tree_alphabeta_prunes_leaf_58():
    lesson = mnk.alphabeta(mnk.Tree.parse(SEED))
    assert lesson.value == 60
    assert repr(lesson) == "<mnk.Lesson alphabeta value=60 nodes_visited=6 pruned=['1.1']>"
    assert lesson.pruned == ["1.1"] and lesson.pruned_leaves == [58]
    assert (lesson.nodes_visited, lesson.leaves_visited, lesson.leaves_pruned, lesson.cutoffs) == (6, 3, 1, 1)
    assert lesson.steps[0] == " 1. root (MAX) entered with window (-∞, +∞)"
    assert any("cutoff: alpha 60 >= beta 15 at node 1: children 1.1 pruned" in s for s in lesson.steps)
    assert lesson.steps[-1] == "Value of the root: 60"
    node = {n["path"]: n for n in lesson.nodes}
    assert node["1"]["bound"] == "upper" and node["1"]["value"] == 15 and node["1"]["cut"] == 0
    assert node["1.1"]["visited"] is False and node["1.1"]["value"] == 58


def test_min_at_the_root_and_json_trees():
    tree = mnk.Tree.parse("[[60, 63], [15, 58]]")
    assert tree == mnk.Tree.parse(SEED)
    assert mnk.minimax(tree, min_first=True).value == 58
    assert mnk.alphabeta(tree, min_first=True).value == 58


def test_pictures():
    lesson = mnk.alphabeta(mnk.Tree.parse(SEED))
    dot = lesson.to_dot()
    assert dot.startswith("digraph") and "n_1_1" in dot and "dashed" in dot
    svg = lesson._repr_svg_()
    assert svg.startswith("<?xml") and "<svg " in svg and svg.rstrip().endswith("</svg>")
    assert "58" in svg
    tree = mnk.Tree.parse(SEED)
    assert tree.to_dot().startswith("digraph") and "<svg " in tree._repr_svg_()
    assert "pruned (58)" in lesson.draw()
    assert str(tree) == SEED and repr(tree) == f"Tree.parse('{SEED}')"


def test_tree_errors():
    with pytest.raises(mnk.TreeError, match="col 14"):
        mnk.Tree.parse("((60 63) (15 x))")
    with pytest.raises(mnk.TreeError, match="1 MiB"):
        mnk.Tree.parse("(" + "1 " * (1 << 20) + ")")
    big = "(" + " ".join(["(1 2 3 4 5 6 7 8 9 10)"] * 250) + ")"
    with pytest.raises(mnk.SearchError, match="SVG pictures are drawn for trees of up to 2000 nodes"):
        mnk.minimax(mnk.Tree.parse(big)).to_svg()
