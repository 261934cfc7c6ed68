//! The engine's layers, checked from its source: every module named by another module's
//! code (`crate::a::b`, `super::c`) must sit in the same layer or a lower one (see
//! ARCHITECTURE.md), and no group of sibling modules may import each other in a circle.
//! Comments and `#[cfg(test)]` code are not read: tests may reach anywhere.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The top-level modules from the bottom layer up. A module may use modules of its own layer
/// (without cycles) and of the layers below it.
const LAYERS: &[&[&str]] = &[
    // Rules, bitboards, geometry, scores, sides, errors, the search budget and its progress,
    // what a caller hands a search (`go`) and the time manager that turns it into a budget.
    &[
        "rules", "bits", "geometry", "score", "side", "progress", "budget", "go", "time", "error",
        "foul", "renju",
    ],
    // Positions and their notation.
    &["position", "notation"],
    // The pure searches and what they use.
    &[
        "eval",
        "threats",
        "search",
        "board_game",
        "tree",
        "solver",
        "count",
        "hard_search",
        "proof",
        "certificate",
    ],
    // The size-independent position the front ends use.
    &["board"],
    // The exact searches' entry points on a board.
    &["exact"],
    // The computer players.
    &["ai"],
    // Teaching tools and game flow.
    &["teach", "session", "practice"],
    // The umbrella error, which names every module's error.
    &["any_error"],
    // For the engine's own benchmarks and tests only (the `internals` feature).
    &["internals"],
];

/// A module's path from the crate root (`["ai", "hard"]`); the root is empty.
type ModPath = Vec<String>;

fn source_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("the engine's src directory reads") {
        let path = entry.unwrap().path();
        if path.is_dir() {
            source_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn module_path(src: &Path, file: &Path) -> ModPath {
    let rel = file.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

/// The code of a file without comments and without its test module.
fn code(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("#[cfg(test)]") {
            break;
        }
        if trimmed.starts_with("//") {
            continue;
        }
        out.push_str(line.split(" //").next().unwrap_or(""));
        out.push('\n');
    }
    out
}

/// Every path the code names through `crate::` or `super::`, made absolute.
fn named_paths(module: &ModPath, code: &str) -> Vec<ModPath> {
    let mut found = Vec::new();
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    // `super` in `a/b.rs` and in `a/b/mod.rs` (both module a::b) is `a`.
    let parent = module[..module.len().saturating_sub(1)].to_vec();
    for (prefix, base) in [("crate::", Vec::new()), ("super::", parent)] {
        let mut rest = code;
        while let Some(at) = rest.find(prefix) {
            let before = rest[..at].chars().last();
            rest = &rest[at + prefix.len()..];
            if before.is_some_and(word) {
                continue;
            }
            let mut path = base.clone();
            let mut tail = rest;
            loop {
                let name: String = tail.chars().take_while(|&c| word(c)).collect();
                if name.is_empty() || name == "super" {
                    break;
                }
                path.push(name.clone());
                tail = &tail[name.len()..];
                match tail.strip_prefix("::") {
                    Some(t) => tail = t,
                    None => break,
                }
            }
            found.push(path);
        }
    }
    found
}

/// The longest prefix of `path` that is a module of the crate.
fn resolve(path: &ModPath, modules: &BTreeSet<ModPath>) -> Option<ModPath> {
    (1..=path.len())
        .rev()
        .map(|n| path[..n].to_vec())
        .find(|p| modules.contains(p))
}

struct Graph {
    /// module -> modules it names
    edges: BTreeMap<ModPath, BTreeSet<ModPath>>,
}

fn graph() -> Graph {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    source_files(&src, &mut files);
    files.retain(|f| !f.components().any(|c| c.as_os_str() == "tests") && !f.ends_with("tests.rs"));
    let modules: BTreeSet<ModPath> = files.iter().map(|f| module_path(&src, f)).collect();
    let mut edges: BTreeMap<ModPath, BTreeSet<ModPath>> = BTreeMap::new();
    for file in &files {
        let module = module_path(&src, file);
        let text = std::fs::read_to_string(file).unwrap();
        for path in named_paths(&module, &code(&text)) {
            if let Some(target) = resolve(&path, &modules) {
                if target != module {
                    edges.entry(module.clone()).or_default().insert(target);
                }
            }
        }
    }
    Graph { edges }
}

/// The edge between the two children of the modules' common ancestor that lead to them; none
/// when one module contains the other (a parent and its children may name each other).
fn sibling_edge(from: &ModPath, to: &ModPath) -> Option<(ModPath, ModPath)> {
    let common = from.iter().zip(to).take_while(|(a, b)| a == b).count();
    if common == from.len() || common == to.len() {
        return None;
    }
    Some((from[..=common].to_vec(), to[..=common].to_vec()))
}

fn find_cycle(edges: &BTreeMap<ModPath, BTreeSet<ModPath>>) -> Option<Vec<ModPath>> {
    fn visit(
        node: &ModPath,
        edges: &BTreeMap<ModPath, BTreeSet<ModPath>>,
        state: &mut BTreeMap<ModPath, u8>,
        stack: &mut Vec<ModPath>,
    ) -> Option<Vec<ModPath>> {
        state.insert(node.clone(), 1);
        stack.push(node.clone());
        for next in edges.get(node).into_iter().flatten() {
            match state.get(next).copied().unwrap_or(0) {
                1 => {
                    let at = stack.iter().position(|n| n == next).unwrap();
                    let mut cycle = stack[at..].to_vec();
                    cycle.push(next.clone());
                    return Some(cycle);
                }
                0 => {
                    if let Some(c) = visit(next, edges, state, stack) {
                        return Some(c);
                    }
                }
                _ => {}
            }
        }
        stack.pop();
        state.insert(node.clone(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for node in edges.keys() {
        if state.get(node).copied().unwrap_or(0) == 0 {
            if let Some(c) = visit(node, edges, &mut state, &mut Vec::new()) {
                return Some(c);
            }
        }
    }
    None
}

fn name(p: &ModPath) -> String {
    p.join("::")
}

#[test]
fn no_group_of_sibling_modules_imports_each_other_in_a_circle() {
    let g = graph();
    let mut siblings: BTreeMap<ModPath, BTreeSet<ModPath>> = BTreeMap::new();
    for (from, tos) in &g.edges {
        for to in tos {
            if let Some((a, b)) = sibling_edge(from, to) {
                siblings.entry(a).or_default().insert(b);
            }
        }
    }
    if let Some(cycle) = find_cycle(&siblings) {
        let names: Vec<String> = cycle.iter().map(name).collect();
        panic!("module cycle: {}", names.join(" -> "));
    }
}

#[test]
fn every_module_uses_only_its_own_layer_and_those_below() {
    let layer_of = |top: &str| LAYERS.iter().position(|l| l.contains(&top));
    let g = graph();
    let mut tops: BTreeSet<String> = BTreeSet::new();
    for (from, tos) in &g.edges {
        tops.insert(from[0].clone());
        for to in tos {
            tops.insert(to[0].clone());
        }
    }
    for top in &tops {
        assert!(
            layer_of(top).is_some(),
            "module {top} is in no layer of tests/layers.rs (add it where it belongs)"
        );
    }
    let mut upward = Vec::new();
    for (from, tos) in &g.edges {
        for to in tos {
            let (lf, lt) = (layer_of(&from[0]), layer_of(&to[0]));
            if lt > lf {
                upward.push(format!("{} -> {}", name(from), name(to)));
            }
        }
    }
    assert!(
        upward.is_empty(),
        "imports from a higher layer: {upward:#?}"
    );
}

/// The certificate checker must stand apart from the searches it checks: it may use only the
/// rules, the board geometry (symmetry maps), the sides, the values (`score`: the `Wdl` a
/// certificate claims; no search code lives there), the notation and the errors.
#[test]
fn the_certificate_checker_shares_only_the_rules_and_the_symmetries_with_the_search() {
    const ALLOWED: &[&str] = &[
        "certificate",
        "rules",
        "geometry",
        "bits",
        "side",
        "score",
        "notation",
        "error",
    ];
    let g = graph();
    let mut used = Vec::new();
    for (from, tos) in &g.edges {
        if from[0] != "certificate" {
            continue;
        }
        for to in tos {
            if !ALLOWED.contains(&to[0].as_str()) {
                used.push(format!("{} -> {}", name(from), name(to)));
            }
        }
    }
    assert!(
        used.is_empty(),
        "the checker imports more than the rules: {used:#?}"
    );
}

#[test]
fn the_checker_sees_a_cycle_and_an_upward_import() {
    let mut edges: BTreeMap<ModPath, BTreeSet<ModPath>> = BTreeMap::new();
    let p = |s: &str| s.split("::").map(String::from).collect::<ModPath>();
    edges.entry(p("a")).or_default().insert(p("b"));
    assert!(find_cycle(&edges).is_none());
    edges.entry(p("b")).or_default().insert(p("a"));
    assert!(find_cycle(&edges).is_some());
    assert_eq!(
        sibling_edge(&p("session::game"), &p("session::record")),
        Some((p("session::game"), p("session::record")))
    );
    assert_eq!(sibling_edge(&p("session::game"), &p("session")), None);
    assert_eq!(
        sibling_edge(&p("hard_search::search"), &p("ai::hard")),
        Some((p("hard_search"), p("ai")))
    );
    let text = "use super::state::State;\n/// [`crate::board`]\nlet x = crate::ai::Level::Hard; // crate::session\n#[cfg(test)]\nmod tests { use crate::tree; }\n";
    let found = named_paths(&p("hard_search::search"), &code(text));
    assert_eq!(
        found,
        vec![p("ai::Level::Hard"), p("hard_search::state::State")]
    );
}
