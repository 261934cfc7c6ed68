//! The page in a real headless Chromium, driven over WebDriver (fantoccini + chromedriver):
//! load the page, click cells, see the computer answer, finish a game and read the result, see
//! the winning line, undo, open the analysis overlay, run the tree lesson, and save a
//! screenshot under the target directory. Only loopback traffic: the server and chromedriver
//! listen on 127.0.0.1 and Chromium runs with its network features off. (The harness is in
//! `support/`; `page_bugs.rs` and `page_product.rs` test the page in depth.)
//!
//! Without a browser the build script marks the test ignored (with the reason) outside CI;
//! under `CI=true` it runs and fails, saying what is missing.

mod support;

use support::{with_page, Options};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    mnk_browser_missing,
    ignore = "chromium or chromedriver is not installed (apt-get install chromium chromium-driver)"
)]
async fn the_page_plays_a_game_in_headless_chromium() {
    with_page(Options::default(), |b| async move {
        assert!(b.text("status").await.contains("click a cell"));

        // Against the perfect computer: play the first empty cell until the end.
        b.new_game(3, 3, 3, "human", "perfect").await;
        b.play(4).await;
        b.wait(
            "the computer's answer",
            "document.querySelectorAll('.cell.o').length === 1",
        )
        .await;
        assert_eq!(
            b.js("document.getElementById('stat-method').dataset.raw")
                .await,
            "exact"
        );
        for _ in 0..4 {
            if b.js("document.getElementById('board').dataset.result")
                .await
                != "unfinished"
            {
                break;
            }
            let n = b.moves().await.len();
            let cell = b
                .js("+document.querySelector('#board .cell:not(.x):not(.o)').dataset.cell")
                .await;
            b.play(cell.as_u64().unwrap() as usize).await;
            b.wait(
                "the computer's reply or the end",
                &format!(
                    "document.getElementById('board').dataset.moves.split(' ').length >= {n} + 2 \
                     || document.getElementById('board').dataset.result !== 'unfinished'"
                ),
            )
            .await;
        }
        let status = b.text("status").await;
        assert!(status.starts_with("Game over"), "{status}");
        let result = b
            .js("document.getElementById('board').dataset.result")
            .await;
        assert_ne!(result, "x", "the perfect computer lost: {status}");

        // Two humans: X takes the left column; the winning line is drawn.
        b.new_game(3, 3, 3, "human", "human").await;
        for cell in [6, 4, 3, 2, 0] {
            b.play(cell).await;
        }
        b.wait("the winning line", "document.getElementById('win-line')")
            .await;
        assert!(b.text("status").await.contains("X wins"));
        assert_eq!(
            b.js("document.querySelectorAll('.cell.won').length").await,
            3
        );

        // Undo against the computer takes back the reply too; then the analysis overlay.
        b.new_game(3, 3, 3, "human", "perfect").await;
        b.play(1).await;
        b.wait(
            "the reply",
            "document.querySelectorAll('.cell.o').length === 1",
        )
        .await;
        b.click("#undo").await;
        b.wait(
            "the undo",
            "document.getElementById('board').dataset.moves === ''",
        )
        .await;
        b.play(1).await;
        b.wait(
            "the reply",
            "document.querySelectorAll('.cell.o').length === 1",
        )
        .await;
        b.click("#analysis-toggle").await;
        b.wait(
            "the overlay",
            "document.querySelectorAll('.cell .ana:not(:empty)').length === 7",
        )
        .await;
        assert_eq!(
            b.js("document.getElementById('analysis-note').dataset.values")
                .await,
            "exact"
        );
        b.screenshot("e2e").await;

        // The teaching panel: the textbook tree's value, pruned nodes, stepping.
        b.click("#tab-learn").await;
        b.wait(
            "the tree",
            "document.querySelectorAll('#lessons g.node').length > 0",
        )
        .await;
        b.click("#step-next").await;
        b.click("#step-next").await;
        assert!(b.text("step-count").await.starts_with("step 2 of"));
        assert_eq!(
            b.js("document.querySelectorAll('#lessons g.current').length")
                .await,
            1
        );
        b.click("#step-last").await;
        assert!(b.text("lessons").await.contains("root value 3"));
        assert!(
            b.js("document.querySelectorAll('#lessons g.node.pruned').length")
                .await
                .as_u64()
                > Some(0)
        );

        // 15x15 Gomoku: the overlay becomes a heat map over every cell; the computer answers.
        b.click("#tab-play").await;
        b.new_game(15, 15, 5, "human", "hard").await;
        b.wait(
            "the heat map",
            "document.querySelectorAll('.ana.est').length === 225",
        )
        .await;
        assert_eq!(
            b.js("document.getElementById('analysis-note').dataset.values")
                .await,
            "estimate"
        );
        b.play(112).await;
        b.wait(
            "the computer's answer",
            "document.querySelectorAll('.cell.o').length === 1",
        )
        .await;
        b.wait(
            "the new heat map",
            "document.querySelectorAll('.ana.est').length === 223",
        )
        .await;
        // The estimates are shown against the search's best move (issue 31 §1): the best
        // reads 0, the others how far below it they are, and none claims to be above it.
        let texts = b
            .js("[...document.querySelectorAll('.ana.est')].map((e) => e.textContent.trim())")
            .await;
        let texts: Vec<&str> = texts
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.as_str().unwrap())
            .collect();
        assert!(texts.contains(&"0"), "{texts:?}");
        assert!(
            texts.iter().all(|t| *t == "0" || t.starts_with('−')),
            "{texts:?}"
        );
        b.screenshot("e2e-15x15").await;
        b
    })
    .await;
}
