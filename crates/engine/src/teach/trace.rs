//! The step-by-step trace of one lesson: its [steps](super::steps()) in the engine's English,
//! numbered and indented by depth, then the root's value.

use super::lesson::Lesson;
use super::steps::{sentence, steps};

/// The step-by-step account of one lesson, one numbered line per step, then the root's value.
pub fn trace(lesson: &Lesson) -> String {
    let steps = steps(lesson);
    let width = steps.len().to_string().len();
    let mut out = String::new();
    for (n, step) in steps.iter().enumerate() {
        out.push_str(&format!(
            "{:>width$}. {}{}\n",
            n + 1,
            "  ".repeat(step.path.len()),
            sentence(lesson, step)
        ));
    }
    out.push_str(&format!(
        "Value of the root: {}\n",
        lesson.value_text(lesson.value)
    ));
    out
}
