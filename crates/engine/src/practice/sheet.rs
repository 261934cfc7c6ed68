//! Worksheets: exercises drawn on A4 pages as SVG, ready to print, and the answer key on
//! pages of its own. Trees are drawn as the page's Practice and Learn tabs draw them (MAX
//! squares, MIN circles, leaves grey boxes with their values; chance nodes diamonds with their
//! probabilities on the branches), with a legend on every page,
//! inner nodes left empty for the student; the key fills them in from the engine's own answer
//! and crosses out what alpha-beta skips.

use super::{Answer, Exercise, Kind, Task};
use crate::board::Board;
use crate::side::Side;
use crate::teach::path_name;
use crate::tree::chance::ChanceTree;
use crate::tree::chance::{probability_text, value_text, Chooser};
use std::collections::HashMap;
use std::fmt::Write as _;

/// Most exercises one worksheet holds.
pub const MAX_SHEET_EXERCISES: usize = 40;

/// A4 at 96 dots per inch.
const PAGE_W: f64 = 794.0;
const PAGE_H: f64 = 1123.0;
const MARGIN: f64 = 48.0;
/// Vertical distance between tree levels.
const LEVEL: f64 = 56.0;
/// Horizontal distance between neighbouring leaves.
const LEAF_GAP: f64 = 46.0;
/// Characters per line of question text.
const WRAP: usize = 100;
const LINE: f64 = 15.0;

/// The pages of a worksheet (`key` false) or of its answer key (`key` true), each one SVG
/// document; `title` heads every page.
pub fn worksheet(exercises: &[Exercise], key: bool, title: &str) -> Vec<String> {
    let mut pages: Vec<String> = Vec::new();
    let mut body = String::new();
    let mut y = header_height();
    for (i, exercise) in exercises.iter().enumerate() {
        let block = Block::of(exercise, i + 1, key);
        if y + block.height > PAGE_H - MARGIN && !body.is_empty() {
            pages.push(std::mem::take(&mut body));
            y = header_height();
        }
        body.push_str(&block.draw(y));
        y += block.height;
    }
    pages.push(body);
    let count = pages.len();
    pages
        .into_iter()
        .enumerate()
        .map(|(i, body)| page(title, key, i + 1, count, &body))
        .collect()
}

fn header_height() -> f64 {
    MARGIN + 64.0
}

/// Text made safe for XML.
fn esc(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn page(title: &str, key: bool, number: usize, count: usize, body: &str) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"210mm\" height=\"297mm\" \
         viewBox=\"0 0 {PAGE_W} {PAGE_H}\" font-family=\"DejaVu Sans, Noto Sans, Arial, \
         sans-serif\" font-size=\"12\">\n<rect width=\"{PAGE_W}\" height=\"{PAGE_H}\" \
         fill=\"white\"/>\n"
    );
    let heading = if key {
        format!("{title}: answer key")
    } else {
        title.to_string()
    };
    let _ = writeln!(
        out,
        "<text x=\"{MARGIN}\" y=\"{}\" font-size=\"20\" font-weight=\"bold\">{}</text>",
        MARGIN + 6.0,
        esc(&heading)
    );
    let right = PAGE_W - MARGIN;
    let line = if key {
        "Marked by mnk: each part is a point.".to_string()
    } else {
        "Name: ______________________    Date: ____________".to_string()
    };
    let _ = writeln!(
        out,
        "<text x=\"{MARGIN}\" y=\"{}\" font-size=\"12\">{}</text>\n<text x=\"{right}\" y=\"{}\" \
         text-anchor=\"end\" font-size=\"11\" fill=\"#555\">page {number} of {count}</text>",
        MARGIN + 30.0,
        esc(&line),
        MARGIN + 6.0
    );
    let _ = writeln!(
        out,
        "<text x=\"{right}\" y=\"{}\" text-anchor=\"end\" font-size=\"10\" fill=\"#555\">\
         Squares are MAX, circles MIN, diamonds chance nodes; grey boxes are leaves.</text>",
        MARGIN + 30.0
    );
    let _ = writeln!(
        out,
        "<line x1=\"{MARGIN}\" y1=\"{y}\" x2=\"{right}\" y2=\"{y}\" stroke=\"#999\"/>",
        y = MARGIN + 44.0
    );
    out.push_str(body);
    out.push_str("</svg>\n");
    out
}

/// Splits text into lines of at most [`WRAP`] characters at spaces.
fn wrap(text: &str) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in text.split_whitespace() {
        let last = lines.last_mut().expect("lines start with one");
        if !last.is_empty() && last.chars().count() + 1 + word.chars().count() > WRAP {
            lines.push(word.to_string());
        } else {
            if !last.is_empty() {
                last.push(' ');
            }
            last.push_str(word);
        }
    }
    lines
}

/// One exercise's part of a page.
struct Block<'a> {
    exercise: &'a Exercise,
    number: usize,
    key: bool,
    lines: Vec<String>,
    picture: f64,
    height: f64,
}

impl<'a> Block<'a> {
    fn of(exercise: &'a Exercise, number: usize, key: bool) -> Self {
        let lines = wrap(&exercise.question());
        let picture = match &exercise.task {
            Task::Tree { tree, .. } => tree.depth() as f64 * LEVEL + 52.0,
            Task::Chance { tree, .. } => tree.depth() as f64 * LEVEL + 52.0,
            Task::Position(board) => board.rules().height() as f64 * 34.0 + 30.0,
        };
        let height = 26.0 + lines.len() as f64 * LINE + picture + 44.0;
        Block {
            exercise,
            number,
            key,
            lines,
            picture,
            height,
        }
    }

    fn draw(&self, top: f64) -> String {
        let e = self.exercise;
        let mut out = String::new();
        let _ = writeln!(
            out,
            "<text x=\"{MARGIN}\" y=\"{}\" font-size=\"14\" font-weight=\"bold\">{}. {} \
             ({}, seed {})</text>",
            top + 14.0,
            self.number,
            title(e.kind),
            e.difficulty,
            e.seed
        );
        for (i, line) in self.lines.iter().enumerate() {
            let _ = writeln!(
                out,
                "<text x=\"{MARGIN}\" y=\"{}\">{}</text>",
                top + 32.0 + i as f64 * LINE,
                esc(line)
            );
        }
        let picture_top = top + 26.0 + self.lines.len() as f64 * LINE + 14.0;
        let solution = e.solution();
        match &e.task {
            Task::Tree {
                tree,
                max_first,
                node,
            } => out.push_str(&draw_tree(
                &ChanceTree::from(tree),
                *max_first,
                node.as_deref(),
                picture_top,
                self.key.then_some(&solution),
            )),
            Task::Chance {
                tree, max_first, ..
            } => out.push_str(&draw_tree(
                tree,
                *max_first,
                None,
                picture_top,
                self.key.then_some(&solution),
            )),
            Task::Position(board) => out.push_str(&draw_board(
                board,
                picture_top,
                self.key.then_some(&solution),
            )),
        }
        let answer_y = picture_top + self.picture + 6.0;
        let answer = if self.key {
            format!("Answer: {}", solution.to_text(e))
        } else {
            blank_answer(e)
        };
        let _ = writeln!(
            out,
            "<text x=\"{MARGIN}\" y=\"{answer_y}\" font-size=\"13\"{}>{}</text>",
            if self.key {
                " fill=\"#0a5\" font-weight=\"bold\" class=\"answer\""
            } else {
                ""
            },
            esc(&answer)
        );
        out
    }
}

fn title(kind: Kind) -> &'static str {
    match kind {
        Kind::Minimax => "Minimax values",
        Kind::AlphaBeta => "Alpha-beta pruning",
        Kind::Window => "The alpha-beta window",
        Kind::Ordering => "Move ordering",
        Kind::Position => "A position",
        Kind::Chance => "Chance nodes",
    }
}

/// The line the student fills in.
fn blank_answer(exercise: &Exercise) -> String {
    match exercise.kind {
        Kind::Minimax => "Write each inner node's value in its square or circle.".to_string(),
        Kind::AlphaBeta => "Cross out every skipped node.    Root's value: ________".to_string(),
        Kind::Window => "α = ________    β = ________".to_string(),
        Kind::Ordering => {
            "New order of the root's children (by their names): ____________________".to_string()
        }
        Kind::Position => "Value: ______________    Best moves: ______________________".to_string(),
        Kind::Chance => {
            "Write each inner node's value in its shape, and cross out every skipped node."
                .to_string()
        }
    }
}

/// Where each node of a tree is drawn: leaves side by side in order, each parent above the
/// middle of its children.
fn layout(tree: &ChanceTree) -> (HashMap<Vec<usize>, (f64, usize)>, usize) {
    let mut at = HashMap::new();
    let mut leaves = 0usize;
    fn place(
        t: &ChanceTree,
        path: &mut Vec<usize>,
        leaves: &mut usize,
        at: &mut HashMap<Vec<usize>, (f64, usize)>,
    ) -> f64 {
        let x = match t {
            ChanceTree::Leaf(_) => {
                *leaves += 1;
                (*leaves - 1) as f64
            }
            _ => {
                let children = t.children();
                let mut xs = Vec::with_capacity(children.len());
                for (i, (_, c)) in children.iter().enumerate() {
                    path.push(i);
                    xs.push(place(c, path, leaves, at));
                    path.pop();
                }
                (xs[0] + xs[xs.len() - 1]) / 2.0
            }
        };
        at.insert(path.clone(), (x, path.len()));
        x
    }
    // Exercise trees are at most a few levels deep, so the recursion is shallow.
    place(tree, &mut Vec::new(), &mut leaves, &mut at);
    (at, leaves)
}

fn draw_tree(
    tree: &ChanceTree,
    max_first: bool,
    asked: Option<&[usize]>,
    top: f64,
    key: Option<&Answer>,
) -> String {
    let (at, leaves) = layout(tree);
    let width = PAGE_W - 2.0 * MARGIN;
    let gap = LEAF_GAP.min(width / leaves.max(1) as f64);
    // Narrow spacing: smaller leaf boxes, and no names under the leaves (they would collide).
    let box_w = 26.0_f64.min(gap - 6.0);
    let leaf_names = gap >= 40.0;
    let used = gap * (leaves.max(1) - 1) as f64;
    let left = MARGIN + (width - used) / 2.0;
    let pos = |path: &[usize]| {
        let (x, depth) = at[path];
        (left + x * gap, top + 16.0 + depth as f64 * LEVEL)
    };
    let pruned: Vec<Vec<usize>> = match key {
        Some(Answer::Pruned { pruned, .. } | Answer::Chance { pruned, .. }) => pruned.clone(),
        _ => Vec::new(),
    };
    let choosers: HashMap<Vec<usize>, Option<Chooser>> =
        tree.post_order(max_first).into_iter().collect();
    let skipped = |p: &[usize]| pruned.iter().any(|r| p.starts_with(r));
    let mut paths: Vec<&Vec<usize>> = at.keys().collect();
    paths.sort();
    let mut out = String::from("<g class=\"tree\">\n");
    // Edges first, under the nodes.
    for path in &paths {
        if path.is_empty() {
            continue;
        }
        let (x1, y1) = pos(&path[..path.len() - 1]);
        let (x2, y2) = pos(path);
        let style = if skipped(path) {
            " stroke=\"#bbb\" stroke-dasharray=\"4 3\""
        } else {
            " stroke=\"#333\""
        };
        let _ = writeln!(
            out,
            "<line x1=\"{x1:.1}\" y1=\"{:.1}\" x2=\"{x2:.1}\" y2=\"{:.1}\"{style}/>",
            y1 + 13.0,
            y2 - 13.0
        );
        let parent = tree.at(&path[..path.len() - 1]);
        if let Some(ChanceTree::Chance(children)) = parent {
            let p = children[path[path.len() - 1]].0;
            let _ = writeln!(
                out,
                "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"10\" fill=\"#06c\" \
                 text-anchor=\"middle\" class=\"probability\">{}</text>",
                x1 + (x2 - x1) * 0.62 + if x2 >= x1 { 8.0 } else { -8.0 },
                y1 + (y2 - y1) * 0.62,
                probability_text(p)
            );
        }
        if pruned.contains(path) {
            let (mx, my) = ((x1 + x2) / 2.0, (y1 + y2) / 2.0);
            let _ = writeln!(
                out,
                "<text x=\"{mx:.1}\" y=\"{:.1}\" text-anchor=\"middle\" font-size=\"16\" \
                 fill=\"#c00\" class=\"cross\">✕</text>",
                my + 5.0
            );
        }
    }
    let values: HashMap<Vec<usize>, String> = match key {
        Some(Answer::Values(v)) => v.iter().map(|(p, v)| (p.clone(), v.to_string())).collect(),
        Some(Answer::Chance { values, .. }) => values
            .iter()
            .map(|(p, v)| (p.clone(), value_text(*v)))
            .collect(),
        Some(Answer::Pruned { value: Some(v), .. }) => {
            [(Vec::new(), v.to_string())].into_iter().collect()
        }
        _ => HashMap::new(),
    };
    for path in &paths {
        let (x, y) = pos(path);
        let grey = skipped(path);
        let stroke = if grey { "#bbb" } else { "#222" };
        match tree.at(path) {
            Some(ChanceTree::Leaf(v)) => {
                let _ = writeln!(
                    out,
                    "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{box_w:.1}\" height=\"20\" \
                     rx=\"5\" fill=\"#e6e6e6\" stroke=\"{stroke}\"/><text x=\"{x:.1}\" y=\"{:.1}\" \
                     text-anchor=\"middle\" fill=\"{}\">{v}</text>",
                    x - box_w / 2.0,
                    y - 10.0,
                    y + 4.0,
                    if grey { "#999" } else { "#000" }
                );
            }
            _ => {
                let chooser = choosers.get(*path).copied().flatten();
                if chooser == Some(Chooser::Chance) {
                    let _ = writeln!(
                        out,
                        "<polygon points=\"{x:.1},{:.1} {:.1},{y:.1} {x:.1},{:.1} {:.1},{y:.1}\" \
                         fill=\"white\" stroke=\"{stroke}\"/>",
                        y - 17.0,
                        x + 19.0,
                        y + 17.0,
                        x - 19.0
                    );
                } else if chooser == Some(Chooser::Max) {
                    let _ = writeln!(
                        out,
                        "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"26\" height=\"26\" \
                         fill=\"white\" stroke=\"{stroke}\"/>",
                        x - 13.0,
                        y - 13.0
                    );
                } else {
                    let _ = writeln!(
                        out,
                        "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"14\" fill=\"white\" \
                         stroke=\"{stroke}\"/>"
                    );
                }
                if let Some(v) = values.get(*path) {
                    // Long values (6.25) in a smaller size, to stay inside the shape.
                    let size = if v.chars().count() > 3 { 10 } else { 12 };
                    let _ = writeln!(
                        out,
                        "<text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"#0a5\" \
                         font-weight=\"bold\" font-size=\"{size}\">{v}</text>",
                        y + 4.0
                    );
                }
            }
        }
        // The node's name, small (under a leaf, to the left of an inner node), for writing
        // answers as text.
        let leaf = matches!(tree.at(path), Some(ChanceTree::Leaf(_)));
        if !leaf || leaf_names {
            let (nx, ny, anchor) = if leaf {
                (x, y + 22.0, "middle")
            } else {
                (x - 16.0, y - 8.0, "end")
            };
            let _ = writeln!(
                out,
                "<text x=\"{nx:.1}\" y=\"{ny:.1}\" font-size=\"9\" fill=\"#777\" \
                 text-anchor=\"{anchor}\">{}</text>",
                path_name(path)
            );
        }
    }
    // The asked node's label last, on top of everything it crosses.
    if let Some(path) = asked.filter(|p| at.contains_key(*p)) {
        let (x, y) = pos(path);
        let label = match key {
            Some(Answer::Window {
                alpha: Some(a),
                beta: Some(b),
            }) => format!("α = {}, β = {}", bound(*a), bound(*b)),
            _ => "α ?  β ?".to_string(),
        };
        let width = label.chars().count() as f64 * 7.5 + 8.0;
        let _ = writeln!(
            out,
            "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"19\" fill=\"none\" stroke=\"#06c\" \
             stroke-width=\"2\"/><rect x=\"{:.1}\" y=\"{:.1}\" width=\"{width:.1}\" \
             height=\"18\" fill=\"white\" stroke=\"#06c\"/><text x=\"{:.1}\" y=\"{:.1}\" \
             fill=\"#06c\" font-weight=\"bold\" class=\"asked\">{}</text>",
            x + 14.0,
            y - 40.0,
            x + 18.0,
            y - 27.0,
            esc(&label)
        );
    }
    out.push_str("</g>\n");
    out
}

fn bound(v: i32) -> String {
    crate::teach::bound_text(v)
}

fn draw_board(board: &Board, top: f64, key: Option<&Answer>) -> String {
    let rules = board.rules();
    let (w, h) = (rules.width(), rules.height());
    let cell = 34.0;
    let left = MARGIN + 24.0;
    let best: Vec<usize> = match key {
        Some(Answer::Position { moves, .. }) => moves.clone(),
        _ => Vec::new(),
    };
    let mut out = String::from("<g class=\"board\">\n");
    for row in 0..h {
        for col in 0..w {
            let index = row * w + col;
            let (x, y) = (left + col as f64 * cell, top + row as f64 * cell);
            let fill = if best.contains(&index) {
                "#c8f0d8"
            } else {
                "white"
            };
            let _ = writeln!(
                out,
                "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{cell}\" height=\"{cell}\" \
                 fill=\"{fill}\" stroke=\"#333\"/>"
            );
            let stone = match board.stone(index) {
                Some(Side::X) => "x",
                Some(Side::O) => "o",
                None => "",
            };
            if !stone.is_empty() {
                let _ = writeln!(
                    out,
                    "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" font-size=\"22\" \
                     font-weight=\"bold\">{stone}</text>",
                    x + cell / 2.0,
                    y + cell / 2.0 + 8.0
                );
            }
        }
        let _ = writeln!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\" fill=\"#555\">{}</text>",
            left - 6.0,
            top + row as f64 * cell + cell / 2.0 + 4.0,
            h - row
        );
    }
    for col in 0..w {
        let _ = writeln!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"#555\">{}</text>",
            left + col as f64 * cell + cell / 2.0,
            top + h as f64 * cell + 14.0,
            (b'a' + col as u8) as char
        );
    }
    let _ = writeln!(
        out,
        "<text x=\"{:.1}\" y=\"{:.1}\">{} to move ({}x{}, {} in a row wins)</text>",
        left + w as f64 * cell + 20.0,
        top + 16.0,
        board.to_move().letter(),
        w,
        h,
        rules.k()
    );
    out.push_str("</g>\n");
    out
}
