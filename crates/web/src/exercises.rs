//! Practice over HTTP: the routes under `/api/v1/practice` that hand out an exercise, mark an
//! answer, give a hint and show the solution, all from the engine's
//! [`mnk_engine::practice`]. An exercise is named by its kind, difficulty and seed, so the
//! server keeps nothing per exercise: each request makes it again from those three (about a
//! millisecond at most, on the blocking pool; only the solution of a position, which analyses
//! every move, waits for its turn in the search queue). A nicknamed student's marks are kept
//! for the [`crate::class`] view.
//!
//! - `POST /practice` `{kind?, difficulty?, seed?, nickname?}` → the exercise
//!   ([`ExerciseView`] with the nodes to draw or the board's cells);
//! - `POST /practice/mark` `{kind, difficulty, seed, answer, nickname?}` → [`MarkingView`]
//!   and whether the result was kept;
//! - `POST /practice/hint` `{kind, difficulty, seed, part?, answer?}` → a hint for one part,
//!   for an answer, or where to start, in English and as data ([`HintData`]);
//! - `POST /practice/solution` `{kind, difficulty, seed}` → the answer, each part's reply,
//!   the walkthrough, and the search to step through (trees) or every move's value
//!   (positions);
//! - `GET /practice/class` → the class ([`crate::class::ClassView`]), on a server with a token.

use crate::analysis::{self, Analysis};
use crate::api::{blocking, with_search, Shared};
use crate::body::ApiJson;
use crate::chance_view::chooser_name;
use crate::class::{self, Bounds, ClassView, Outcome};
use crate::client::Client;
use crate::error::ApiError;
use crate::practice::{ExerciseView, ItemView, MarkingView, MistakeView};
use crate::teach::{self, LessonView};
use crate::AppState;
use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use mnk_engine::practice::{
    Answer, Difficulty, Exercise, ExerciseError, Kind, Task, UnknownName, MAX_ANSWER_CHARS,
};
use mnk_engine::search::TextbookSearch;
use mnk_engine::teach::{path_name, Lesson};
use mnk_engine::tree::chance::ChanceTree;
use mnk_engine::tree::chance::{probability_text, Chooser};
use mnk_engine::tree::Tree;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::Arc;

/// Most characters of a kind's or a difficulty's name (the longest is `alpha-beta`).
const MAX_NAME_CHARS: usize = 16;

/// Seeds the server picks are below this, so that a page's JavaScript numbers (exact up to
/// 2^53) and a person copying one to `mnk practice --seed` carry them unchanged.
const PICKED_SEEDS: u64 = 1 << 32;

/// Seeds tried when the server picks one and the generator finds nothing for it.
const PICKS: usize = 8;

/// The routes of practice, under `/api/v1`.
pub fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route("/practice", post(new_exercise))
        .route("/practice/mark", post(mark))
        .route("/practice/hint", post(hint))
        .route("/practice/solution", post(solution))
        .route("/practice/class", get(class_view))
}

/// `POST /api/v1/practice`: every field optional. Without a seed the server picks one, and
/// without a kind the seed picks it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewExercise {
    /// `minimax`, `alphabeta`, `window`, `ordering`, `position` or `chance`.
    pub kind: Option<String>,
    /// `easy` (the default), `medium` or `hard`.
    pub difficulty: Option<String>,
    /// The seed.
    pub seed: Option<u64>,
    /// The student's nickname, checked here so that a bad one is said at once.
    pub nickname: Option<String>,
}

/// `POST /api/v1/practice/mark`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MarkRequest {
    /// The exercise's kind.
    pub kind: String,
    /// Its difficulty.
    pub difficulty: String,
    /// Its seed.
    pub seed: u64,
    /// The answer's text, as `mnk practice --answer` takes it (at most
    /// [`MAX_ANSWER_CHARS`] characters).
    pub answer: String,
    /// The student's nickname: the result is kept for the class view.
    pub nickname: Option<String>,
}

/// `POST /api/v1/practice/hint`: at most one of `part` and `answer`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HintRequest {
    /// The exercise's kind.
    pub kind: String,
    /// Its difficulty.
    pub difficulty: String,
    /// Its seed.
    pub seed: u64,
    /// A hint for this part (its index in `parts`).
    pub part: Option<usize>,
    /// A hint for this answer: where to look again.
    pub answer: Option<String>,
}

/// `POST /api/v1/practice/solution`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolutionRequest {
    /// The exercise's kind.
    pub kind: String,
    /// Its difficulty.
    pub difficulty: String,
    /// Its seed.
    pub seed: u64,
}

/// An exercise with what the page needs to draw it.
#[derive(Debug, Serialize)]
pub struct PracticeView {
    /// The exercise, as `mnk practice --json` prints it.
    #[serde(flatten)]
    pub exercise: ExerciseView,
    /// Tree exercises (chance trees too): every node, the root first, with the leaves' values
    /// only (and the probabilities of a chance node's branches).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nodes: Option<Vec<DrawnNode>>,
    /// The position exercise: each cell row by row from the top-left, `x`, `o` or empty.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cells: Option<Vec<&'static str>>,
}

/// A node of an exercise's tree, as the page draws it (the same fields as a lesson's nodes,
/// without anything the student is to find).
#[derive(Debug, Serialize)]
pub struct DrawnNode {
    /// Child indices from the root.
    pub path: Vec<usize>,
    /// Whether MAX chooses here (at a chance node or a leaf of a chance tree: whether MAX is
    /// the next to choose).
    pub max: bool,
    /// Who decides at an inner node: `max`, `min` or `chance` (null for a leaf).
    pub chooser: Option<&'static str>,
    /// Whether it is a leaf.
    pub leaf: bool,
    /// A leaf's value (null for inner nodes: the student works them out).
    pub value: Option<i32>,
    /// The probability of the branch from a chance node to this node (null elsewhere).
    pub probability: Option<f64>,
    /// The same probability as the engine writes it (`0.25`, `1/3`).
    pub probability_text: Option<String>,
    /// Indices into `nodes` of its children, in order.
    pub children: Vec<usize>,
}

/// A marked answer, and whether it was kept for the class view.
#[derive(Debug, Serialize)]
pub struct MarkAnswer {
    /// The marking.
    #[serde(flatten)]
    pub marking: MarkingView,
    /// The result was kept under the student's nickname.
    pub recorded: bool,
}

/// A hint: the engine's sentence and what it is about.
#[derive(Debug, Serialize)]
pub struct HintView {
    /// The hint, in English.
    pub hint: String,
    /// The same as data, for wording it in another language.
    pub hint_data: HintData,
}

/// What a hint is about.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum HintData {
    /// Where to start: how this kind of exercise is worked out.
    Start {
        /// The exercise's kind.
        kind: &'static str,
    },
    /// What decides one part.
    Part {
        /// The exercise's kind.
        kind: &'static str,
        /// The part's key (null for the ordering).
        key: Option<String>,
        /// The node the part is about (a minimax value, the window's node).
        node: Option<String>,
        /// Whether MAX chooses at that node.
        maximizing: Option<bool>,
        /// Who decides at that node: `max`, `min` or `chance` (null when the part is about
        /// no node).
        chooser: Option<&'static str>,
    },
    /// Where to look again: about the answer's first mistake.
    Mistake {
        /// The mistake.
        mistake: MistakeView,
    },
}

/// The solution of an exercise.
#[derive(Debug, Serialize)]
pub struct SolutionView {
    /// The engine's answer, as an answer's text.
    pub answer: String,
    /// The reply to each part, in the order of `parts`.
    pub replies: Vec<String>,
    /// Each marked part's right answer.
    pub items: Vec<ItemView>,
    /// The step-by-step account, in English.
    pub walkthrough: String,
    /// Tree exercises: the search to step through, as `POST /api/v1/tree` sends it (the
    /// ordering exercise: alpha-beta on the best order, its children numbered anew).
    pub lesson: Option<LessonView>,
    /// The ordering exercise: the best order, by the children's old numbers.
    pub order: Option<Vec<usize>>,
    /// The position exercise: every move's exact value, as the play view's analysis.
    pub analysis: Option<Analysis>,
    /// The chance exercise: `walkthrough`'s table as data, for the page to word in its
    /// language.
    pub chance: Option<crate::chance_view::ChanceTableView>,
}

/// A kind's or a difficulty's name, read by the engine (which says what is accepted).
fn named<T: std::str::FromStr<Err = UnknownName>>(field: &str, text: &str) -> Result<T, ApiError> {
    if text.chars().count() > MAX_NAME_CHARS {
        return Err(ApiError::NoExercise(format!(
            "{field}: that is not a {field} (names are at most {MAX_NAME_CHARS} characters)"
        )));
    }
    text.parse::<T>()
        .map_err(|e| ApiError::NoExercise(format!("{field}: {e}")))
}

fn not_found(e: ExerciseError) -> ApiError {
    ApiError::NoExercise(e.to_string())
}

/// The exercise a request names.
fn exercise(kind: &str, difficulty: &str, seed: u64) -> Result<Exercise, ApiError> {
    let kind: Kind = named("kind", kind)?;
    let difficulty: Difficulty = named("difficulty", difficulty)?;
    Exercise::generate(kind, difficulty, seed).map_err(not_found)
}

/// A checked nickname, if one was sent.
fn nickname(name: Option<&str>) -> Result<Option<String>, ApiError> {
    name.map(class::nickname).transpose()
}

/// An answer's text, bounded before the engine reads it.
fn answer_text(exercise: &Exercise, text: &str) -> Result<Answer, ApiError> {
    if text.chars().count() > MAX_ANSWER_CHARS {
        return Err(ApiError::UnreadableAnswer(format!(
            "the answer is longer than {MAX_ANSWER_CHARS} characters"
        )));
    }
    Answer::parse(exercise, text).map_err(|e| ApiError::UnreadableAnswer(e.to_string()))
}

async fn new_exercise(ApiJson(req): ApiJson<NewExercise>) -> Result<Json<PracticeView>, ApiError> {
    nickname(req.nickname.as_deref())?;
    let kind: Option<Kind> = req.kind.as_deref().map(|k| named("kind", k)).transpose()?;
    let difficulty: Difficulty = match req.difficulty.as_deref() {
        Some(d) => named("difficulty", d)?,
        None => Difficulty::Easy,
    };
    let view = blocking(move || {
        let make = |seed: u64| {
            let kind = kind.unwrap_or(Kind::ALL[(seed % Kind::ALL.len() as u64) as usize]);
            Exercise::generate(kind, difficulty, seed)
        };
        let made = match req.seed {
            Some(seed) => make(seed),
            None => {
                let mut made = make(rand::random::<u64>() % PICKED_SEEDS);
                for _ in 1..PICKS {
                    if made.is_ok() {
                        break;
                    }
                    made = make(rand::random::<u64>() % PICKED_SEEDS);
                }
                made
            }
        };
        Ok(practice_view(&made.map_err(not_found)?))
    })
    .await?;
    Ok(Json(view))
}

/// The exercise and its drawing.
pub fn practice_view(exercise: &Exercise) -> PracticeView {
    let plain = exercise
        .lesson()
        .zip(exercise.tree())
        .map(|(lesson, tree)| {
            lesson
                .nodes
                .iter()
                .map(|n| DrawnNode {
                    path: n.path.clone(),
                    max: n.maximizing,
                    chooser: (!n.leaf).then_some(if n.maximizing { "max" } else { "min" }),
                    leaf: n.leaf,
                    value: match tree.at(&n.path) {
                        Some(Tree::Leaf(v)) => Some(*v),
                        _ => None,
                    },
                    probability: None,
                    probability_text: None,
                    children: n.children.clone(),
                })
                .collect()
        });
    let nodes = plain.or_else(|| match &exercise.task {
        Task::Chance {
            tree, max_first, ..
        } => Some(chance_nodes(tree, *max_first)),
        _ => None,
    });
    let cells = exercise.board().map(|board| {
        (0..board.rules().cells())
            .map(|c| match board.stone(c).map(|s| s.letter()) {
                Some('x') => "x",
                Some('o') => "o",
                _ => "",
            })
            .collect()
    });
    PracticeView {
        exercise: ExerciseView::of(exercise),
        nodes,
        cells,
    }
}

/// The nodes of a chance tree, the root first and each node before its children, with who
/// decides at each (from the engine's own walk of the tree) and the probability of each
/// branch below a chance node.
fn chance_nodes(tree: &ChanceTree, max_first: bool) -> Vec<DrawnNode> {
    let choosers: HashMap<Vec<usize>, Option<Chooser>> =
        tree.post_order(max_first).into_iter().collect();
    let mut nodes: Vec<DrawnNode> = Vec::new();
    // (path, probability of the branch into it, whether MAX is next to choose, parent index)
    let mut stack = vec![(Vec::<usize>::new(), None::<f64>, max_first, None::<usize>)];
    while let Some((path, probability, max_next, parent)) = stack.pop() {
        let node = tree.at(&path).expect("paths come from the tree");
        let chooser = choosers.get(&path).copied().flatten();
        let index = nodes.len();
        if let Some(p) = parent {
            nodes[p].children.push(index);
        }
        nodes.push(DrawnNode {
            path: path.clone(),
            max: match chooser {
                Some(Chooser::Max) => true,
                Some(Chooser::Min) => false,
                _ => max_next,
            },
            chooser: chooser.map(chooser_name),
            leaf: matches!(node, ChanceTree::Leaf(_)),
            value: match node {
                ChanceTree::Leaf(v) => Some(*v),
                _ => None,
            },
            probability,
            probability_text: probability.map(probability_text),
            children: Vec::new(),
        });
        // A decision node hands the turn over; a chance node takes none.
        let next = match chooser {
            Some(Chooser::Max) => false,
            Some(Chooser::Min) => true,
            _ => max_next,
        };
        for (i, (p, _)) in node.children().iter().enumerate().rev() {
            let mut child = path.clone();
            child.push(i);
            stack.push((child, *p, next, Some(index)));
        }
    }
    nodes
}

async fn mark(
    State(state): Shared,
    ApiJson(req): ApiJson<MarkRequest>,
) -> Result<Json<MarkAnswer>, ApiError> {
    let name = nickname(req.nickname.as_deref())?;
    let (outcome, marking) = blocking(move || {
        let exercise = exercise(&req.kind, &req.difficulty, req.seed)?;
        let marking = exercise.mark(&answer_text(&exercise, &req.answer)?);
        let view = MarkingView::of(&marking);
        let outcome = Outcome {
            kind: exercise.kind.name().to_string(),
            difficulty: exercise.difficulty.name().to_string(),
            seed: exercise.seed,
            points: view.points,
            out_of: view.out_of,
            mistake: view.mistake_data.as_ref().map(MistakeView::type_name),
        };
        Ok((outcome, view))
    })
    .await?;
    // The marking is the student's whatever happens to the record of it: a database that
    // fails (or a server stopping) only leaves the result out of the class view, and the
    // answer says so with `recorded: false`.
    let recorded = match name {
        Some(name) => {
            let state = state.clone();
            blocking(move || {
                let limits = state.store.limits();
                let bounds = Bounds {
                    students: limits.max_students,
                    per_student: limits.results_per_student,
                };
                let now = crate::store::now_ms();
                Ok(class::record(state.store.db(), &name, &outcome, now, bounds).is_ok())
            })
            .await
            .unwrap_or(false)
        }
        None => false,
    };
    Ok(Json(MarkAnswer { marking, recorded }))
}

async fn hint(ApiJson(req): ApiJson<HintRequest>) -> Result<Json<HintView>, ApiError> {
    if req.part.is_some() && req.answer.is_some() {
        return Err(ApiError::Unprocessable(
            "ask for a hint on one \"part\" or on an \"answer\", not both".into(),
        ));
    }
    let view = blocking(move || {
        let exercise = exercise(&req.kind, &req.difficulty, req.seed)?;
        let kind = exercise.kind.name();
        if let Some(i) = req.part {
            let parts = exercise.parts();
            let part = parts.get(i).ok_or_else(|| {
                ApiError::Unprocessable(format!(
                    "part: this exercise has parts 0 to {}",
                    parts.len().saturating_sub(1)
                ))
            })?;
            let node = match (exercise.kind, &exercise.task) {
                (Kind::Minimax, _) => part.key.clone(),
                (Kind::Window, Task::Tree { node, .. }) => node.as_deref().map(path_name),
                (Kind::Chance, _) => part.key.clone().filter(|k| k != "pruned"),
                _ => None,
            };
            // Who chooses at the node, from the engine's own record of the tree.
            let chooser = node.as_deref().and_then(|name| match &exercise.task {
                Task::Chance {
                    tree, max_first, ..
                } => tree
                    .post_order(*max_first)
                    .into_iter()
                    .find(|(p, _)| path_name(p) == name)
                    .and_then(|(_, c)| c)
                    .map(chooser_name),
                _ => {
                    let lesson = exercise.lesson()?;
                    lesson
                        .nodes
                        .iter()
                        .find(|n| path_name(&n.path) == name)
                        .map(|n| if n.maximizing { "max" } else { "min" })
                }
            });
            let maximizing = match chooser {
                Some("max") => Some(true),
                Some("min") => Some(false),
                _ => None,
            };
            return Ok(HintView {
                hint: exercise.part_hint(part),
                hint_data: HintData::Part {
                    kind,
                    key: part.key.clone(),
                    node,
                    maximizing,
                    chooser,
                },
            });
        }
        let answer = req
            .answer
            .as_deref()
            .map(|text| answer_text(&exercise, text))
            .transpose()?;
        let mistake = answer.as_ref().and_then(|a| exercise.mark(a).first_mistake);
        Ok(HintView {
            hint: exercise.hint(answer.as_ref()),
            hint_data: match mistake {
                Some(m) => HintData::Mistake {
                    mistake: MistakeView::of(&m),
                },
                None => HintData::Start { kind },
            },
        })
    })
    .await?;
    Ok(Json(view))
}

async fn solution(
    State(state): Shared,
    client: Client,
    ApiJson(req): ApiJson<SolutionRequest>,
) -> Result<Json<SolutionView>, ApiError> {
    let view = with_search(&state, &client, "", move |stop| {
        let exercise = exercise(&req.kind, &req.difficulty, req.seed)?;
        let answer = exercise.solution();
        let text = answer.to_text(&exercise);
        let replies = exercise
            .parts()
            .iter()
            .map(|part| match &part.key {
                Some(key) => text
                    .split(' ')
                    .find_map(|token| token.strip_prefix(&format!("{key}=")))
                    .unwrap_or_default()
                    .replace(',', ", "),
                None => text.clone(),
            })
            .collect();
        let order = match &answer {
            Answer::Order(order) => Some(order.clone()),
            _ => None,
        };
        let lesson = match (&order, &exercise.task) {
            // The search on the best order, recorded as the tree panel records any tree.
            (
                Some(order),
                Task::Tree {
                    tree: Tree::Node(children),
                    max_first,
                    ..
                },
            ) => {
                let reordered = Tree::Node(order.iter().map(|&i| children[i].clone()).collect());
                Some(teach::view(&Lesson::for_tree(
                    &reordered,
                    *max_first,
                    TextbookSearch::AlphaBeta,
                )))
            }
            _ => exercise.lesson().map(teach::view),
        };
        let analysis = match exercise.board() {
            Some(board) => Some(analysis::analyze(board, stop)?),
            None => None,
        };
        Ok(SolutionView {
            replies,
            items: MarkingView::of(&exercise.mark(&answer)).items,
            walkthrough: exercise.walkthrough(),
            chance: crate::chance_view::ChanceTableView::of(&exercise),
            answer: text,
            lesson,
            order,
            analysis,
        })
    })
    .await?;
    Ok(Json(view))
}

async fn class_view(State(state): Shared) -> Result<Json<ClassView>, ApiError> {
    // The guard has already refused a client without the token; without one, anybody could
    // read the class, so there is no class view.
    if !state.access.has_token() {
        return Err(ApiError::ClassNeedsToken);
    }
    let state = state.clone();
    let view = blocking(move || {
        let limits = state.store.limits();
        let bounds = Bounds {
            students: limits.max_students,
            per_student: limits.results_per_student,
        };
        Ok(class::summary(state.store.db(), bounds)?)
    })
    .await?;
    Ok(Json(view))
}
