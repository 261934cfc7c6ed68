//! The Python module `mnk._mnk`, re-exported by the package `mnk` (python/mnk/__init__.py):
//! the engine's rules, boards, searches, players and lessons for notebooks, courses and
//! scripts. Thin: every rule and search is the engine's; this crate converts values and
//! errors, releases the GIL during long searches and turns Ctrl-C into the engine's stop flag.

mod board;
mod count;
mod errors;
mod interrupt;
mod players;
mod practice;
mod proof;
mod rules;
mod search;
mod tree;

use pyo3::prelude::*;

/// A list of names as Python prints it: `['b2', 'c3']`.
fn py_list(names: &[String]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("'{n}'")).collect();
    format!("[{}]", quoted.join(", "))
}

/// The compiled part of the `mnk` package; import `mnk` instead.
#[pymodule]
fn _mnk(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    m.add_class::<rules::PyRules>()?;
    m.add_class::<board::PyBoard>()?;
    m.add_class::<search::SolveResult>()?;
    m.add_class::<search::MoveValue>()?;
    m.add_class::<search::Analysis>()?;
    m.add_class::<count::CountResult>()?;
    m.add_class::<count::CompareEntry>()?;
    m.add_function(wrap_pyfunction!(search::solve, m)?)?;
    m.add_function(wrap_pyfunction!(search::analyze, m)?)?;
    m.add_function(wrap_pyfunction!(count::count, m)?)?;
    m.add_function(wrap_pyfunction!(count::compare, m)?)?;
    m.add_class::<tree::PyTree>()?;
    m.add_class::<tree::PyLesson>()?;
    m.add_function(wrap_pyfunction!(tree::minimax, m)?)?;
    m.add_function(wrap_pyfunction!(tree::alphabeta, m)?)?;
    m.add_class::<players::PyPlayer>()?;
    m.add_class::<players::Game>()?;
    m.add_function(wrap_pyfunction!(players::perfect, m)?)?;
    m.add_function(wrap_pyfunction!(players::hard, m)?)?;
    m.add_function(wrap_pyfunction!(players::depth, m)?)?;
    m.add_function(wrap_pyfunction!(players::random, m)?)?;
    m.add_submodule(&practice::module(m.py())?)?;
    m.add_submodule(&proof::module(m.py())?)?;
    Ok(())
}
