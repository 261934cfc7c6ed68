//! `mnk.practice`: exercises generated from seeds, answered as text and marked by the engine
//! ([`mnk_engine::practice`]), for notebooks that ask as well as show.

use crate::board::PyBoard;
use crate::errors::MnkError;
use crate::tree::{PyLesson, PyTree};
use mnk_engine::practice::{Answer, Difficulty, Exercise, Kind, Marking};
use pyo3::prelude::*;

fn bad(e: impl std::fmt::Display) -> PyErr {
    MnkError::new_err(e.to_string())
}

/// An exercise: a tree or a small board, a question, and the engine's own account to mark
/// answers against. The same kind, difficulty and seed always give the same exercise.
///
/// >>> ex = mnk.practice.generate("minimax", "easy", seed=3)
/// >>> ex.mark("root=4 0=4 1=1").correct
/// True
#[pyclass(module = "mnk.practice", name = "Exercise", frozen)]
pub struct PyExercise(Exercise);

#[pymethods]
impl PyExercise {
    /// Makes the exercise of this kind (`minimax`, `alphabeta`, `window`, `ordering`,
    /// `position`), difficulty (`easy`, `medium`, `hard`) and seed (random when None).
    #[staticmethod]
    #[pyo3(signature = (kind = "minimax", difficulty = "easy", seed = None))]
    fn generate(kind: &str, difficulty: &str, seed: Option<u64>) -> PyResult<Self> {
        let kind: Kind = kind.parse().map_err(bad)?;
        let difficulty: Difficulty = difficulty.parse().map_err(bad)?;
        let seed = seed.unwrap_or_else(|| u64::from(rand::random::<u32>()));
        Exercise::generate(kind, difficulty, seed)
            .map(PyExercise)
            .map_err(bad)
    }

    /// The kind: `minimax`, `alphabeta`, `window`, `ordering` or `position`.
    #[getter]
    fn kind(&self) -> &'static str {
        self.0.kind.name()
    }

    /// `easy`, `medium` or `hard`.
    #[getter]
    fn difficulty(&self) -> &'static str {
        self.0.difficulty.name()
    }

    /// The seed it was made from.
    #[getter]
    fn seed(&self) -> u64 {
        self.0.seed
    }

    /// What the student is asked.
    #[getter]
    fn question(&self) -> String {
        self.0.question()
    }

    /// The tree of a tree exercise (None for a position).
    #[getter]
    fn tree(&self) -> Option<PyTree> {
        self.0.tree().cloned().map(PyTree)
    }

    /// The board of a position exercise (None for a tree).
    #[getter]
    fn board(&self) -> Option<PyBoard> {
        self.0.board().cloned().map(PyBoard)
    }

    /// The tree drawn as an outline, node names and leaf values (None for a position).
    #[getter]
    fn outline(&self) -> Option<String> {
        self.0.outline()
    }

    /// The parts of the answer as `(key, prompt)` pairs; an answer is `key=reply` for each
    /// part, joined by spaces (the ordering's key is None: the reply is the whole answer).
    #[getter]
    fn parts(&self) -> Vec<(Option<String>, String)> {
        self.0
            .parts()
            .into_iter()
            .map(|p| (p.key, p.prompt.trim_end().to_string()))
            .collect()
    }

    /// Marks an answer written as text (`root=4 0=4 1=1`, `value=60 pruned=1.1`,
    /// `alpha=3 beta=+inf`, `2 0 1`, `value=draw moves=b2`). Raises MnkError when the text
    /// does not read.
    fn mark(&self, answer: &str) -> PyResult<PyMarking> {
        let answer = Answer::parse(&self.0, answer).map_err(bad)?;
        Ok(PyMarking(self.0.mark(&answer)))
    }

    /// A hint: where to start, or (given an answer) where to look again.
    #[pyo3(signature = (answer = None))]
    fn hint(&self, answer: Option<&str>) -> PyResult<String> {
        let answer = answer
            .map(|a| Answer::parse(&self.0, a))
            .transpose()
            .map_err(bad)?;
        Ok(self.0.hint(answer.as_ref()))
    }

    /// The engine's own answer, as text.
    fn solution(&self) -> String {
        self.0.solution().to_text(&self.0)
    }

    /// The solution step by step: the search's trace, or every move's exact value.
    fn walkthrough(&self) -> String {
        self.0.walkthrough()
    }

    /// The recorded search of a tree exercise (alpha-beta, or minimax for the minimax kind),
    /// to draw or step through; None for a position.
    fn lesson(&self) -> Option<PyLesson> {
        self.0.lesson().cloned().map(PyLesson)
    }

    fn __str__(&self) -> String {
        let picture = match (self.0.outline(), self.0.board()) {
            (Some(outline), _) => outline,
            (None, Some(board)) => crate::board::draw(board),
            (None, None) => String::new(),
        };
        format!("{}\n\n{picture}", self.0.question())
    }

    fn __repr__(&self) -> String {
        format!(
            "practice.generate('{}', '{}', seed={})",
            self.0.kind.name(),
            self.0.difficulty.name(),
            self.0.seed
        )
    }
}

/// A marked answer: points (partial credit), each part right or wrong, and the first mistake
/// explained from the engine's search.
#[pyclass(module = "mnk.practice", name = "Marking", frozen)]
pub struct PyMarking(Marking);

#[pymethods]
impl PyMarking {
    /// Points earned.
    #[getter]
    fn points(&self) -> u32 {
        self.0.points
    }

    /// Points available.
    #[getter]
    fn out_of(&self) -> u32 {
        self.0.out_of
    }

    /// Whether every point was earned.
    #[getter]
    fn correct(&self) -> bool {
        self.0.correct()
    }

    /// Every part as `(part, given, expected, right)`, in the order the search meets them.
    #[getter]
    fn items(&self) -> Vec<(String, String, String, bool)> {
        self.0
            .items
            .iter()
            .map(|i| (i.part.clone(), i.given.clone(), i.expected.clone(), i.right))
            .collect()
    }

    /// The first mistake explained (None when all is right).
    #[getter]
    fn mistake(&self) -> Option<String> {
        self.0.explanation()
    }

    /// Where to look again (None when all is right).
    #[getter]
    fn hint(&self) -> Option<String> {
        self.0.first_mistake.as_ref().map(|m| m.hint())
    }

    fn __str__(&self) -> String {
        match self.0.explanation() {
            Some(why) => format!(
                "{} of {} points. First mistake: {why}",
                self.0.points, self.0.out_of
            ),
            None => format!(
                "{} of {} points. All correct.",
                self.0.points, self.0.out_of
            ),
        }
    }

    fn __repr__(&self) -> String {
        format!("<Marking {} of {} points>", self.0.points, self.0.out_of)
    }
}

/// Makes the exercise of this kind (`minimax`, `alphabeta`, `window`, `ordering`,
/// `position`), difficulty (`easy`, `medium`, `hard`) and seed (random when None).
#[pyfunction]
#[pyo3(signature = (kind = "minimax", difficulty = "easy", seed = None))]
fn generate(kind: &str, difficulty: &str, seed: Option<u64>) -> PyResult<PyExercise> {
    PyExercise::generate(kind, difficulty, seed)
}

/// Marks an answer to an exercise (the same as `exercise.mark(answer)`).
#[pyfunction]
fn mark(exercise: &PyExercise, answer: &str) -> PyResult<PyMarking> {
    exercise.mark(answer)
}

/// The submodule `mnk.practice`.
pub fn module(py: Python<'_>) -> PyResult<Bound<'_, PyModule>> {
    let m = PyModule::new(py, "practice")?;
    m.setattr(
        "__doc__",
        "Exercises on minimax and alpha-beta that the engine marks: generate one from a \
         seed, answer it as text, and get points and the first mistake explained.",
    )?;
    m.add_class::<PyExercise>()?;
    m.add_class::<PyMarking>()?;
    m.add_function(wrap_pyfunction!(generate, &m)?)?;
    m.add_function(wrap_pyfunction!(mark, &m)?)?;
    m.add("KINDS", Kind::ALL.map(Kind::name).to_vec())?;
    m.add(
        "DIFFICULTIES",
        Difficulty::ALL.map(Difficulty::name).to_vec(),
    )?;
    Ok(m)
}
