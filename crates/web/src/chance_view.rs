//! A chance exercise's solution table as data: every node's expectiminimax value and what
//! the pruning search did there, which the page words in its own language (the engine's
//! English table stays in the solution's `walkthrough`).

use mnk_engine::practice::Exercise;
use mnk_engine::teach::{path_name, WithCuts};
use mnk_engine::tree::chance::{probability_text, value_text, Chooser};
use serde::Serialize;

/// Who decides at a node of a chance tree, as the page names it.
pub(crate) fn chooser_name(chooser: Chooser) -> &'static str {
    match chooser {
        Chooser::Max => "max",
        Chooser::Min => "min",
        Chooser::Chance => "chance",
    }
}

/// A chance exercise's solution table: every node's expectiminimax value and what the
/// pruning search did there.
#[derive(Debug, Serialize)]
pub struct ChanceTableView {
    /// The root's value.
    pub value: String,
    /// The leaves' range the chance nodes relied on (`null`: none known, so only MAX and MIN
    /// nodes cut).
    pub bounds: Option<[String; 2]>,
    /// The roots of the subtrees never entered, by name (`"1.0"`).
    pub pruned: Vec<String>,
    /// Every node, the root first and each node before its children.
    pub rows: Vec<ChanceRowView>,
}

/// One node of a [`ChanceTableView`].
#[derive(Debug, Serialize)]
pub struct ChanceRowView {
    /// Its name (`"root"`, `"1.0"`).
    pub node: String,
    /// The branch glyphs that draw the outline before its name.
    pub lead: String,
    /// Who decides there: `max`, `min`, `chance`, `null` for a leaf.
    pub chooser: Option<&'static str>,
    /// The probability on the branch from the chance node above it.
    pub probability: Option<String>,
    /// Its expectiminimax value.
    pub value: String,
    /// What the pruning search did there: `pruned` (a skipped subtree), `unvisited`,
    /// `value` (it found `value`), `cut` (it stopped with the bound `value`), `at_most` and
    /// `at_least` (a chance node stopped with the bound `value`, beyond `window`: alpha or
    /// beta).
    pub with_cuts: &'static str,
    /// The value or bound the pruning search found there.
    pub searched: Option<String>,
    /// `at_most`: alpha; `at_least`: beta.
    pub window: Option<String>,
}

impl ChanceTableView {
    /// The table of `exercise`, if it is a chance exercise.
    pub(crate) fn of(exercise: &Exercise) -> Option<ChanceTableView> {
        let (rows, search) = exercise.chance_rows()?;
        let (lo, hi) = search.bounds;
        let rows = rows
            .into_iter()
            .map(|row| {
                let (with_cuts, searched, window) = match row.with_cuts {
                    WithCuts::Pruned => ("pruned", None, None),
                    WithCuts::NotVisited => ("unvisited", None, None),
                    WithCuts::Value(v) => ("value", Some(v), None),
                    WithCuts::Cut(v) => ("cut", Some(v), None),
                    WithCuts::CutAtMost { value, alpha } => ("at_most", Some(value), Some(alpha)),
                    WithCuts::CutAtLeast { value, beta } => ("at_least", Some(value), Some(beta)),
                };
                ChanceRowView {
                    node: path_name(&row.outline.path),
                    lead: row.outline.lead,
                    chooser: row.outline.chooser.map(chooser_name),
                    probability: row.outline.probability.map(probability_text),
                    value: value_text(row.value),
                    with_cuts,
                    searched: searched.map(value_text),
                    window: window.map(value_text),
                }
            })
            .collect();
        Some(ChanceTableView {
            value: value_text(search.value),
            bounds: (lo.is_finite() && hi.is_finite()).then(|| [value_text(lo), value_text(hi)]),
            pruned: search.pruned.iter().map(|p| path_name(p)).collect(),
            rows,
        })
    }
}
