//! Probes for tmux, which the end-to-end tests of `mnk tui` drive (tests/tui.rs): without it,
//! and outside CI, they are reported as ignored with the reason.

#[path = "../../build-support/tool_probe.rs"]
mod tool_probe;

fn main() {
    tool_probe::declare("mnk_tmux_missing", &[&["tmux"]]);
}
