//! The panic hook restores the terminal before the panic message is printed. Its own test
//! binary, because a panic hook is global to the process.

use mnk_tui::terminal::install_panic_hook;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

#[test]
fn an_injected_panic_runs_the_restore_first() {
    let restored = Arc::new(AtomicUsize::new(0));
    let seen = restored.clone();
    install_panic_hook(move || {
        seen.fetch_add(1, Ordering::SeqCst);
    });
    let result = std::panic::catch_unwind(|| panic!("injected"));
    assert!(result.is_err());
    assert_eq!(restored.load(Ordering::SeqCst), 1);
}
