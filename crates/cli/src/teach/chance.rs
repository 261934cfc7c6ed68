//! `mnk tree` on a tree with chance nodes: expectiminimax values, and what alpha-beta with
//! chance-node bounds skips when the leaves' range is known (`--bounds`).

use super::tree::emit;
use anyhow::bail;
use mnk_engine::teach::chance_table;
use mnk_engine::teach::path_name;
use mnk_engine::tree::chance::{self, ChanceTree, Chooser};
use serde_json::json;

/// A `--bounds` value: `LO..HI` or `LO,HI`, integers with LO < HI.
pub fn parse_bounds(text: &str) -> Result<(i32, i32), String> {
    let (lo, hi) = text
        .split_once("..")
        .or_else(|| text.split_once(','))
        .ok_or_else(|| format!("'{text}' is not a range: write it as LO..HI, such as 0..10"))?;
    let number = |t: &str| {
        t.trim()
            .parse::<i32>()
            .map_err(|_| format!("'{t}' in '{text}' is not an integer"))
    };
    let (lo, hi) = (number(lo)?, number(hi)?);
    if lo >= hi {
        return Err(format!(
            "the range {lo}..{hi} is empty: LO must be below HI"
        ));
    }
    Ok((lo, hi))
}

/// Searches and shows a tree with chance nodes.
pub fn run(
    tree: &ChanceTree,
    max_first: bool,
    bounds: Option<(i32, i32)>,
    json: bool,
) -> anyhow::Result<()> {
    let (lo, hi) = match bounds {
        Some((lo, hi)) => (f64::from(lo), f64::from(hi)),
        None => (f64::NEG_INFINITY, f64::INFINITY),
    };
    let nodes = tree.post_order(max_first);
    for (path, chooser) in &nodes {
        if let (None, Some(ChanceTree::Leaf(v))) = (chooser, tree.at(path)) {
            if let Some((l, h)) = bounds {
                if *v < l || *v > h {
                    bail!(
                        "the leaf {} is {v}, outside --bounds {l}..{h}: the bounds must hold \
                         every leaf",
                        path_name(path)
                    );
                }
            }
        }
    }
    let values = chance::expectiminimax(tree, max_first);
    let search = chance::search(tree, max_first, lo, hi);
    let skipped = |p: &[usize]| search.pruned.iter().any(|r| p.starts_with(r));
    if json {
        let mut ordered = nodes.clone();
        ordered.sort_by(|a, b| a.0.cmp(&b.0));
        let out = json!({
            "algo": "expectiminimax",
            "root": if max_first { "max" } else { "min" },
            "value": values[&Vec::new()],
            "bounds": bounds.map(|(l, h)| json!([l, h])),
            "pruned": search.pruned,
            "nodes": ordered.iter().map(|(path, chooser)| json!({
                "path": path,
                "chooser": chooser.map(Chooser::word),
                "value": values[path],
                "visited": !skipped(path),
            })).collect::<Vec<_>>(),
        });
        return emit(&format!("{out}\n"));
    }
    let out = chance_table(tree, max_first, &values, &search);
    emit(&out)
}
