"""Writes the lesson notebooks, docs/lesson.ipynb (English) and docs/lesson.zh-CN.ipynb
(Simplified Chinese), from one source: the code cells are shared, the text is given in both
languages. Run it after editing (`python docs/make_lessons.py`); a test checks that the
committed notebooks are what it writes, and CI executes both top to bottom.
"""

import pathlib
import sys

import nbformat

HERE = pathlib.Path(__file__).resolve().parent

# Each cell: ("md", {"en": ..., "zh": ...}) or ("code", source).
CELLS = [
    ("md", {
        "en": """# Minimax and alpha-beta, with mnk

This lesson works through the two classic game-search algorithms on a tiny tree, then on
tic-tac-toe and on the 4x4 board, with the `mnk` package (the mnk engine, compiled). Install it
from the repository root with `pip install ./crates/python`.

MAX and MIN take turns: MAX picks the child with the highest value, MIN the lowest. The
leaves carry values from MAX's point of view.""",
        "zh": """# 用 mnk 学习极小极大（minimax）与 alpha-beta 剪枝

本课先在一棵很小的博弈树上讲解两种经典的博弈搜索算法，再把它们用到井字棋和 4x4 棋盘上。
所用的 `mnk` 包就是编译好的 mnk 引擎；在仓库根目录运行 `pip install ./crates/python` 即可安装。

MAX 与 MIN 轮流行动：MAX 选择值最大的子节点，MIN 选择值最小的子节点。
叶子上的数值都是从 MAX 的角度给出的。""",
    }),
    ("code", """import mnk

tree = mnk.Tree.parse("((60 63) (15 58))")
print(tree, "- leaves:", tree.leaves, "- depth:", tree.depth)"""),
    ("md", {
        "en": """## Minimax by hand

MAX moves at the root, MIN at the two nodes below it. The left MIN node gets min(60, 63) = 60,
the right one min(15, 58) = 15, and MAX takes max(60, 15) = 60. The same in a few lines of
Python, on the tree written as nested lists:""",
        "zh": """## 手算极小极大

根节点由 MAX 行动，下面两个节点由 MIN 行动。左边的 MIN 节点得到 min(60, 63) = 60，
右边的得到 min(15, 58) = 15，于是 MAX 取 max(60, 15) = 60。
把树写成嵌套列表，用几行 Python 也能算出同样的结果：""",
    }),
    ("code", """def minimax_by_hand(node, maximizing=True):
    \"\"\"The value of a tree of nested lists, a leaf being a number.\"\"\"
    if isinstance(node, int):
        return node
    values = [minimax_by_hand(child, not maximizing) for child in node]
    return max(values) if maximizing else min(values)


by_hand = minimax_by_hand([[60, 63], [15, 58]])
by_hand"""),
    ("md", {
        "en": """## Minimax by mnk

`mnk.minimax` runs the engine's own minimax and records everything it did. It visits all 7
nodes; the picture shows each node's value and the best line in bold (MAX nodes are circles,
MIN nodes boxes).""",
        "zh": """## 用 mnk 计算极小极大

`mnk.minimax` 运行引擎自己的极小极大搜索，并记录下它做的每一步。它访问了全部 7 个节点；
下图标出了每个节点的值，粗线是最佳路线（圆形是 MAX 节点，方框是 MIN 节点）。""",
    }),
    ("code", """lesson = mnk.minimax(tree)
assert lesson.value == by_hand == 60
print("value", lesson.value, "- best path", lesson.best_path, "- nodes visited", lesson.nodes_visited)
lesson"""),
    ("md", {
        "en": """## Alpha-beta: the leaf 58 is never looked at

Alpha-beta searches the same tree left to right with a window (alpha, beta): alpha is what MAX
is already sure of, beta what MIN is already sure of. After the left subtree, MAX is sure of
60. In the right subtree MIN's first leaf is 15, so MIN can hold MAX to 15 or less there: MAX
will never go right, whatever the last leaf is. Alpha (60) >= beta (15): the leaf 58 is
pruned. The trace shows each step:""",
        "zh": """## Alpha-beta：叶子 58 根本不会被看到

Alpha-beta 从左到右搜索同一棵树，并维护一个窗口 (alpha, beta)：alpha 是 MAX 已经有把握得到的值，
beta 是 MIN 已经有把握守住的值。搜索完左子树后，MAX 已经确定能得到 60。
在右子树里，MIN 的第一个叶子是 15，所以 MIN 在那里至多只让 MAX 得到 15：
无论最后一个叶子是多少，MAX 都不会走向右边。alpha (60) >= beta (15)，于是叶子 58 被剪掉。
下面的跟踪记录列出了每一步（跟踪文字由引擎生成，为英文）：""",
    }),
    ("code", """ab = mnk.alphabeta(tree)
assert ab.value == 60 and ab.pruned == ["1.1"] and ab.pruned_leaves == [58]
print("\\n".join(ab.steps))"""),
    ("md", {
        "en": "In the picture the pruned leaf is grey with a dashed edge:",
        "zh": "图中被剪掉的叶子是灰色的，连线是虚线：",
    }),
    ("code", """print(f"alpha-beta visited {ab.nodes_visited} of {tree.node_count} nodes")
ab"""),
    ("md", {
        "en": """## Tic-tac-toe: 549,946 nodes against 18,297

On a real game the saving grows with the tree. `mnk.compare` solves the empty 3x3 board four
ways: plain minimax, alpha-beta with the cells in order, alpha-beta with a better move order,
and the solver (table, symmetry, threats). All agree: tic-tac-toe is a draw.""",
        "zh": """## 井字棋：549,946 个节点对 18,297 个

在真实的棋局上，树越大，节省越多。`mnk.compare` 用四种方法求解空的 3x3 棋盘：
纯极小极大、按格子顺序的 alpha-beta、更好着法顺序的 alpha-beta，以及求解器（置换表、对称、威胁）。
四者结论一致：井字棋是和棋。""",
    }),
    ("code", """rows = mnk.compare()
for row in rows:
    print(f"{row.title:36} {row.nodes:>9,}  {row.value}")
nodes = {row.name: row.nodes for row in rows}
assert nodes["minimax"] == 549_946 and nodes["alphabeta"] == 18_297
print(f"alpha-beta visits {nodes['alphabeta'] / nodes['minimax']:.1%} of the nodes minimax visits")"""),
    ("md", {
        "en": """Minimax visits every node of the game tree; `mnk.count` counts that tree without
searching it: 549,946 nodes, 255,168 complete games, but only 5,478 different positions, and
765 once rotations and reflections are set aside.""",
        "zh": """极小极大会访问博弈树的每一个节点；`mnk.count` 不做搜索，直接数出这棵树：
共 549,946 个节点、255,168 盘完整的对局，但不同的局面只有 5,478 个，
去掉旋转和翻转后只剩 765 个。""",
    }),
    ("code", """small = mnk.count(mnk.Rules(3))
assert (small.nodes, small.games, small.positions) == (549_946, 255_168, 5_478)
print(f"{small.nodes:,} nodes, {small.games:,} games, {small.positions:,} positions, "
      f"{small.positions_up_to_symmetry:,} up to symmetry")"""),
    ("md", {
        "en": """## The 4x4 board: why the solver needs a table and symmetry

With four in a row on 4x4 the game tree has about 36 trillion nodes: plain minimax would run
for weeks, and even alpha-beta with a perfect move order must visit billions. Yet the tree is
made of fewer than ten million different positions, reached again and again by different move
orders (transpositions). A transposition table stores the value of each position once, and
symmetry divides the positions by up to eight more. The count takes a few seconds:""",
        "zh": """## 4x4 棋盘：为什么求解器需要置换表和对称

在 4x4 棋盘上连成四子才算赢时，博弈树大约有 36 万亿个节点：纯极小极大要算上好几周，
即使是着法顺序完美的 alpha-beta 也要访问数十亿个节点。可是这棵树里不同的局面还不到一千万个，
它们通过不同的着法顺序被一次又一次地到达（换位）。置换表把每个局面的值只存一次，
对称性又能把局面数再除以至多八。下面的计数只需几秒钟：""",
    }),
    ("code", """four = mnk.Rules(4, 4, k=4)
big = mnk.count(four)
print(f"{big.nodes:,} nodes in the game tree, {big.games:,} games")
print(f"{big.positions:,} positions, {big.positions_up_to_symmetry:,} up to symmetry")
print(f"each position is reached {big.nodes / big.positions:,.0f} times on average")"""),
    ("md", {
        "en": """Plain minimax is refused on the empty 4x4 board; the solver, with its table, symmetry
and threat logic, settles it in a fraction of a second: a draw.""",
        "zh": """在空的 4x4 棋盘上，纯极小极大会被直接拒绝；而带置换表、对称和威胁判断的求解器
不到一秒就能得出结论：和棋。""",
    }),
    ("code", """empty = mnk.Board(rules=four)
try:
    mnk.solve(empty, algorithm="minimax")
except mnk.SearchError as refused:
    print("minimax:", refused)
result = mnk.solve(empty)
assert result.value == "draw"
print("solver:", result)"""),
    ("md", {
        "en": """## Your turn

A Python function can be a player: it gets the board and returns a move. Here a player who
takes the centre if it can, and otherwise the first free cell, against the perfect player.
Try to write one that never loses.""",
        "zh": """## 轮到你了

Python 函数也可以当棋手：它拿到棋盘，返回一步棋。下面这个棋手能占中心就占中心，
否则下第一个空格，它的对手是完美棋手。试着写一个永远不输的棋手吧。""",
    }),
    ("code", """def centre_first(board):
    return "b2" if "b2" in board.legal_moves else board.legal_moves[0]


game = mnk.Game(centre_first, mnk.perfect())
print("result:", game.play(), "- moves:", " ".join(game.moves))
game"""),
    ("md", {
        "en": """## Exercise 1: alpha-beta by hand

`mnk.practice` makes exercises from a seed and marks your answers against the engine's own
search. Here: which nodes does alpha-beta skip, and what is the root worth? Write the skipped
nodes after `pruned=` (`none` if none) and the root's value after `value=`. The answer below is a
first try with a mistake: read the marking, then change the answer until every point is yours.
`exercise.hint(answer)` says where to look without giving the answer away.""",
        "zh": """## 练习 1：手算 alpha-beta

`mnk.practice` 用一个种子生成练习，并用引擎自己的搜索来批改你的答案。
题目：alpha-beta 会跳过哪些节点？根节点的值是多少？在 `pruned=` 后面写被跳过的节点
（一个都没有就写 `none`），在 `value=` 后面写根节点的值。下面的答案是第一次尝试，里面有错：
先读批改结果，再修改答案，直到拿满分。`exercise.hint(answer)` 会提示你该看哪里，但不会直接给出答案。""",
    }),
    ("code", """from mnk import practice

exercise = practice.generate("alphabeta", "easy", seed=5)
print(exercise)"""),
    ("code", """answer = "value=2 pruned=none"   # your answer
marking = exercise.mark(answer)
print(marking)
print("Hint:", exercise.hint(answer))
assert marking.points == marking.out_of - 1"""),
    ("md", {
        "en": """## Exercise 2: a position

The exact value of a tic-tac-toe position for the side to move, and every move that keeps it.
Moves are named by column letter and row number, `a1` at the bottom left.""",
        "zh": """## 练习 2：一个局面

给出这个井字棋局面对轮到走棋一方的精确值，并写出所有能保持这个结果的着法。
着法用列字母加行号表示，左下角是 `a1`。""",
    }),
    ("code", """exercise = practice.generate("position", "easy", seed=3)
print(exercise)"""),
    ("code", """answer = "value=win moves=c1"   # your answer
marking = exercise.mark(answer)
print(marking)
assert not marking.correct and marking.points == marking.out_of - 1"""),
]

LANGUAGES = {"en": "lesson.ipynb", "zh": "lesson.zh-CN.ipynb"}


def notebook(language):
    """The notebook in one language, without outputs."""
    nb = nbformat.v4.new_notebook()
    nb.metadata = {
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
    }
    for i, (kind, content) in enumerate(CELLS):
        if kind == "md":
            cell = nbformat.v4.new_markdown_cell(content[language])
        else:
            cell = nbformat.v4.new_code_cell(content)
        cell.id = f"cell-{i}"
        nb.cells.append(cell)
    return nb


def text(language):
    """The notebook file's text."""
    return nbformat.writes(notebook(language)) + "\n"


if __name__ == "__main__":
    for language, name in LANGUAGES.items():
        (HERE / name).write_text(text(language), encoding="utf-8")
        print(f"wrote docs/{name}", file=sys.stderr)
