//! Probes for Chromium and chromedriver, which the browser test drives (tests/browser.rs):
//! without them, and outside CI, it is reported as ignored with the reason.

#[path = "../../build-support/tool_probe.rs"]
mod tool_probe;

fn main() {
    tool_probe::declare(
        "mnk_browser_missing",
        &[&["chromium", "chromium-browser"], &["chromedriver"]],
    );
}
