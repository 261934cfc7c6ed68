//! The tree of a lesson as an SVG picture, laid out and drawn by the `layout-rs` crate (a
//! Rust Graphviz-style layout engine) with the same looks as the DOT output ([`super::dot`]):
//! MAX ellipses (drawn as circles here), MIN boxes, best line bold, pruned nodes grey-filled
//! with dashed edges. Behind the feature `svg`, so only the front ends that draw pictures
//! (the command line's `--svg`, the Python package) build the layout engine.

use super::dot::{looks, Shape};
use super::lesson::Lesson;
use crate::error::SearchError;
use layout::backends::svg::SVGWriter;
use layout::core::base::Orientation;
use layout::core::color::Color;
use layout::core::style::{LineStyleKind, StyleAttr};
use layout::std_shapes::render::get_shape_size;
use layout::std_shapes::shapes::{Arrow, Element, LineEndKind, ShapeKind};
use layout::topo::layout::VisualGraph;
use std::collections::HashMap;

/// Largest tree drawn as SVG: beyond that the picture is unreadable and the layout slow.
pub const MAX_SVG_NODES: usize = 2_000;

const FONT: usize = 12;

/// The SVG text of a lesson's tree; refused for trees of more than [`MAX_SVG_NODES`] nodes.
pub fn svg(lesson: &Lesson) -> Result<String, SearchError> {
    let (nodes, edges) = looks(lesson);
    if nodes.len() > MAX_SVG_NODES {
        return Err(SearchError::TooLarge(format!(
            "the tree has {} nodes; SVG pictures are drawn for trees of up to {MAX_SVG_NODES} \
             nodes (use DOT and Graphviz for larger ones)",
            nodes.len()
        )));
    }
    let dir = Orientation::TopToBottom;
    let mut graph = VisualGraph::new(dir);
    let mut handles = HashMap::new();
    for n in &nodes {
        let text = n.lines.join("\n");
        let shape = match n.shape {
            Shape::Max => ShapeKind::Circle(text),
            Shape::Min | Shape::Leaf => ShapeKind::Box(text),
        };
        let fill = if n.pruned { "lightgray" } else { "white" };
        let line = if n.pruned { "gray" } else { "black" };
        let width = if n.best { 3 } else { 1 };
        let rounded = if n.shape == Shape::Leaf { 8 } else { 0 };
        let look = StyleAttr::new(
            Color::fast(line),
            width,
            Some(Color::fast(fill)),
            rounded,
            FONT,
        );
        // Like the crate's own DOT reader: shapes are sized in the flipped orientation.
        let size = get_shape_size(dir.flip(), &shape, FONT, false);
        let handle = graph.add_node(Element::create(shape, look, dir.flip(), size));
        handles.insert(n.id.clone(), handle);
    }
    for e in &edges {
        let color = if e.pruned { "gray" } else { "black" };
        let width = if e.best { 3 } else { 1 };
        let style = if e.pruned {
            LineStyleKind::Dashed
        } else {
            LineStyleKind::Normal
        };
        let look = StyleAttr::new(Color::fast(color), width, None, 0, FONT);
        let arrow = Arrow::new(
            LineEndKind::None,
            LineEndKind::None,
            style,
            "",
            &look,
            &None,
            &None,
        );
        graph.add_edge(arrow, handles[&e.from], handles[&e.to]);
    }
    let mut writer = SVGWriter::new();
    // Layout optimisations off: they may reorder siblings, and a tree's children must stay
    // left to right in the order the search visits them.
    graph.do_it(false, true, false, &mut writer);
    Ok(writer.finalize())
}
