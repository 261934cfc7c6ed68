//! `mnk tree` and `mnk compare`: the teaching tools. The engine runs and records the searches
//! (`mnk_engine::teach`); this front end reads the input, picks the outputs and prints them.

mod chance;
mod compare;
mod svg;
mod tree;

pub use compare::{run_compare, CompareArgs};
pub use tree::{run_tree, TreeArgs};
