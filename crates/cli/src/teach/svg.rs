//! `--svg FILE`: the tree of a lesson as an SVG picture (drawn by the engine's
//! [`mnk_engine::teach::svg`]), written to a file.

use mnk_engine::teach::svg::svg;
use mnk_engine::teach::Lesson;
use std::path::Path;

/// Writes the SVG picture of a lesson's tree to `path`.
pub fn write(lesson: &Lesson, path: &Path) -> anyhow::Result<()> {
    let svg = svg(lesson)?;
    std::fs::write(path, svg)
        .map_err(|e| anyhow::anyhow!("cannot write the SVG picture to {}: {e}", path.display()))
}
