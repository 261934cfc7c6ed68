//! Where the test build's Gomocup brain is, for the test crates that run it.

use std::path::Path;

/// The Gomocup brain `pbrain-mnk`, built by its own package (`mnk-gomocup`) next to this
/// test's `mnk`. `cargo test --workspace` builds it before any test runs; a run of this
/// package's tests alone may need `cargo build -p mnk-gomocup` first, which the panic says.
pub fn pbrain_mnk() -> String {
    let mnk = Path::new(env!("CARGO_BIN_EXE_mnk"));
    let brain = mnk.with_file_name(format!("pbrain-mnk{}", std::env::consts::EXE_SUFFIX));
    assert!(
        brain.is_file(),
        "{} is not built: run `cargo build -p mnk-gomocup` (`cargo test --workspace` builds it)",
        brain.display()
    );
    brain.display().to_string()
}
