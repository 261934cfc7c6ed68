//! Regression tests of the page in headless Chromium for issue 31 (what a real browser still
//! showed wrong on the second pass), one test per item where a session of its own is worth it;
//! and the history, share and import test, which page_product.rs had no room left for.

mod support;

use serde_json::Value;
use support::{keys, with_page, Options};

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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    mnk_browser_missing,
    ignore = "chromium or chromedriver is not installed (apt-get install chromium chromium-driver)"
)]
async fn the_history_can_be_reviewed_saved_shared_and_loaded() {
    with_page(Options::default(), |b| async move {
        b.new_game(3, 3, 3, "human", "human").await;
        for cell in [4, 0, 8, 2, 1] {
            b.play(cell).await;
        }
        assert_eq!(b.moves().await, ["b2", "a3", "c1", "c3", "b3"]);
        // The list pairs moves by number and colours them by side.
        assert_eq!(b.js("document.querySelectorAll('#moves li').length").await, 3);
        assert_eq!(b.js("[...document.querySelectorAll('#moves .mv')].map((m) => m.classList[1]).join('')").await, "xoxox");
        b.click("#moves [data-ply='2']").await;
        assert_eq!(b.js("document.getElementById('board').dataset.shown").await, "2");
        assert_eq!(b.js("document.querySelectorAll('.cell.x, .cell.o').length").await, 2);
        assert!(b.text("review-text").await.contains("after move 2 of 5"));
        // The focus stays in the list, on the move shown (issue 31 §5).
        assert_eq!(b.js("document.activeElement.dataset.ply").await, "2");
        b.keys(keys::RIGHT).await;
        assert_eq!(b.js("document.getElementById('board').dataset.shown").await, "3");
        assert_eq!(b.js("document.activeElement.dataset.ply").await, "3");
        b.keys(keys::LEFT).await;
        b.keys(keys::LEFT).await;
        assert_eq!(b.js("document.getElementById('board').dataset.shown").await, "1");
        assert_eq!(b.js("document.activeElement.dataset.ply").await, "1");
        b.js("(document.querySelector(\"#moves [data-ply='4']\").focus(), true)").await;
        b.keys(keys::ENTER).await;
        assert_eq!(b.js("document.getElementById('board').dataset.shown").await, "4");
        assert_eq!(b.js("document.activeElement.dataset.ply").await, "4");
        b.assert_accessible("the review").await;
        b.keys(keys::END).await;
        assert_eq!(b.js("document.getElementById('board').dataset.shown").await, "5");
        assert!(b.js("document.getElementById('review-bar').hidden").await == Value::Bool(true));

        // Save: the link and the record; both set the game up again.
        b.click("#share-open").await;
        b.wait("the record", "document.getElementById('share-record').value.startsWith('mnk-record 1')").await;
        b.assert_accessible("the share dialog").await;
        let record = b.js("document.getElementById('share-record').value").await;
        let link = b.js("document.getElementById('share-link').value").await;
        let link = link.as_str().unwrap();
        assert!(link.contains("moves=b2%2Ca3%2Cc1%2Cc3%2Cb3") || link.contains("moves=b2,a3,c1,c3,b3"), "{link}");
        b.client.goto(link).await.unwrap();
        b.wait("the shared game", "document.getElementById('board').dataset.moves === 'b2 a3 c1 c3 b3'").await;
        assert!(!b.js("location.search").await.as_str().unwrap().contains("moves"), "the address is tidied");
        b.new_game(4, 4, 4, "human", "perfect").await;
        b.click("#share-open").await;
        b.js(&format!("(document.getElementById('import-record').value = {record}, true)")).await;
        b.click("#import-load").await;
        b.wait("the loaded game", "document.getElementById('board').dataset.moves === 'b2 a3 c1 c3 b3'").await;
        assert!(b.js("document.getElementById('share').open").await == Value::Bool(false));
        // A bad record is refused with the line it fails on, and nothing changes.
        b.click("#share-open").await;
        b.js("(document.getElementById('import-record').value = 'mnk-record 1\\nrules 3x3 k3\\nmoves b2 b2', true)").await;
        // Loading over an unfinished game asks first, as New game does; Keep playing keeps it.
        b.click("#import-load").await;
        b.wait("the question", "document.getElementById('discard').open").await;
        b.click("#discard-no").await;
        b.wait("the answer", "!document.getElementById('discard').open").await;
        assert!(b.js("document.getElementById('share').open").await == Value::Bool(true));
        assert_eq!(b.text("import-error").await, "");
        b.click("#import-load").await;
        b.wait("the question", "document.getElementById('discard').open").await;
        b.click("#discard-yes").await;
        b.wait("the refusal", "document.getElementById('import-error').textContent").await;
        assert_eq!(b.moves().await.len(), 5);
        b
    })
    .await;
}
