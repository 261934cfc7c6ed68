//! Regression tests of the page in headless Chromium for issue 31 (what a real browser still
//! showed wrong on the second pass), one test per item where a session of its own is worth it.

mod support;

use serde_json::Value;
use support::{with_page, Options};

/// The index of the first empty cell of the board.
async fn free_cell(b: &support::Browser) -> usize {
    let id = b
        .js("document.querySelector('.cell:not(.x):not(.o)').id")
        .await;
    id.as_str()
        .unwrap()
        .trim_start_matches("cell-")
        .parse()
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    mnk_browser_missing,
    ignore = "chromium or chromedriver is not installed (apt-get install chromium chromium-driver)"
)]
async fn item6_the_last_computer_move_stays_through_human_moves_undo_and_reload() {
    with_page(Options::default(), |b| async move {
        b.new_game(3, 3, 3, "human", "perfect").await;
        b.play(4).await;
        b.wait_moves(2).await;
        let reply = format!("O {}", b.moves().await[1]);
        b.wait("the figures", "document.getElementById('stat-move')")
            .await;
        assert_eq!(b.text("stat-move").await, reply);
        // While the computer thinks about the next move, its last one is still shown; the
        // status does not say it was just played.
        b.hold_answers("/computer").await;
        b.play(free_cell(&b).await).await;
        b.wait("the computer's answer (held)", "window.__held.length === 1")
            .await;
        assert!(b.js("document.getElementById('stats').hidden").await == Value::Bool(false));
        assert_eq!(b.text("stat-move").await, reply);
        let status = b.text("status").await;
        assert!(!status.contains("played"), "{status}");
        b.release().await;
        b.wait_moves(4).await;
        assert_ne!(b.text("stat-move").await, reply);
        // Taking the last pair back shows the computer's move before it, and so does a reload.
        b.click("#undo").await;
        b.wait(
            "the undo",
            "document.getElementById('board').dataset.moves.split(' ').length === 2",
        )
        .await;
        assert_eq!(b.text("stat-move").await, reply);
        b.load("").await;
        b.wait("the figures", "document.getElementById('stat-move')")
            .await;
        assert_eq!(b.text("stat-move").await, reply);
        assert_eq!(b.moves().await.len(), 2);
        b
    })
    .await;
}
