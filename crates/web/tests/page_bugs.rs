//! Regression tests of the page in headless Chromium for the bugs of issue 17, one test each:
//! stale answers, endless retries, wrong big-board values, the hint and the overlay, the
//! settings form, autoplay's pause, the teaching panel, the favicon and the status wording.

mod support;

use serde_json::{json, Value};
use std::time::Duration;
use support::{slow_moves, with_page, Options, Server};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    mnk_browser_missing,
    ignore = "chromium or chromedriver is not installed (apt-get install chromium chromium-driver)"
)]
async fn bug1_an_answer_for_an_older_game_is_dropped() {
    with_page(Options::default(), |b| async move {
        b.new_game(15, 15, 5, "human", "perfect").await;
        let old = b.js("document.getElementById('board').dataset.id").await;
        // The computer's answer to the first move is held back until the new game is on.
        b.hold_answers("/computer").await;
        b.play(112).await;
        b.wait("the server's answer (held)", "window.__held.length === 1")
            .await;
        b.new_game(3, 3, 3, "human", "perfect").await;
        let new = b.js("document.getElementById('board').dataset.id").await;
        assert_ne!(old, new);
        b.release().await;
        b.wait(
            "the old answer to reach the page",
            "window.__released === 1",
        )
        .await;
        // The 3x3 game goes on: a move, the computer's reply, no error.
        b.play(4).await;
        b.wait_moves(2).await;
        assert_eq!(b.js("document.querySelectorAll('.cell').length").await, 9);
        assert_eq!(
            b.js("document.getElementById('board').dataset.id").await,
            new
        );
        assert_eq!(b.text("error").await, "");
        assert!(b.js("document.getElementById('failure').hidden").await == Value::Bool(true));
        b
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    mnk_browser_missing,
    ignore = "chromium or chromedriver is not installed (apt-get install chromium chromium-driver)"
)]
async fn bug2_a_lost_server_is_retried_a_few_times_then_named_with_a_way_out() {
    // Each big-board move thinks for 20 s: long enough to stop the server mid-thought.
    let limits = slow_moves();
    let opts = Options {
        limits,
        ..Options::default()
    };
    with_page(opts, |mut b| async move {
        b.new_game(15, 15, 5, "human", "hard").await;
        // The reply to the first stone is chosen at once (a seeded opening); the next one is
        // thought about. j8 is two cells from h8, so the reply cannot have taken it.
        b.play(112).await;
        b.count_requests().await;
        b.play(114).await;
        b.wait(
            "the computer to think",
            "!document.getElementById('thinking').hidden",
        )
        .await;
        let server = b.server.take().unwrap();
        let addr = server.addr;
        server.kill().await;
        // Three retries with back-off, then one plain sentence and two buttons.
        b.wait("the failure", "!document.getElementById('failure').hidden")
            .await;
        assert_eq!(b.requests("computer").await, 4, "one try and three retries");
        let text = b.text("failure-text").await;
        assert!(text.contains("cannot be reached"), "{text}");
        assert_eq!(b.text("failure-retry").await, "Try again");
        assert_eq!(b.text("failure-other").await, "New game");
        // New game here asks first, as the form's button does; Keep playing keeps the game.
        b.click("#failure-other").await;
        b.wait("the question", "document.getElementById('discard').open")
            .await;
        b.click("#discard-no").await;
        b.wait("the answer", "!document.getElementById('discard').open")
            .await;
        assert!(b.js("document.getElementById('failure').hidden").await == Value::Bool(false));
        assert!(b.js("document.getElementById('thinking').hidden").await == Value::Bool(true));
        assert!(!b.text("status").await.contains("thinking"));
        // The server comes back without the game: one more try says so and offers to set
        // the game up again from its moves, which then goes on.
        b.server = Some(Server::start(&addr.to_string(), mnk_web::ServerLimits::default()).await);
        b.click("#failure-retry").await;
        b.wait(
            "the game-gone message",
            "document.getElementById('failure-text').textContent.includes('no longer')",
        )
        .await;
        assert_eq!(
            b.requests("computer").await,
            5,
            "a missing game is not retried"
        );
        assert_eq!(b.text("failure-retry").await, "Set the game up again");
        let text = b.text("failure-text").await;
        assert_eq!(
            text.matches("restart").count(),
            1,
            "said once (issue 31 §13): {text}"
        );
        b.click("#failure-retry").await;
        b.wait_moves(4).await;
        assert_eq!(b.moves().await[0], "h8");
        b
    })
    .await;

    // A search stopped by the server's time limit (503) is not retried either.
    let limits = mnk_web::ServerLimits {
        search_time: Duration::ZERO,
        ..mnk_web::ServerLimits::default()
    };
    let opts = Options {
        limits,
        ..Options::default()
    };
    with_page(opts, |b| async move {
        b.count_requests().await;
        b.new_game(7, 7, 4, "depth:6", "human").await;
        b.wait("the failure", "!document.getElementById('failure').hidden")
            .await;
        assert_eq!(b.requests("computer").await, 1);
        assert!(b.text("failure-text").await.contains("longer than"));
        b
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    mnk_browser_missing,
    ignore = "chromium or chromedriver is not installed (apt-get install chromium chromium-driver)"
)]
async fn bug3_an_open_four_is_not_shown_as_a_win_in_one() {
    let moves = "h8,h6,i8,k8,h9,h11,h7,g6,i9,i6,g7";
    with_page(Options::default(), |b| async move {
        b.load(&format!(
            "?w=15&h=15&k=5&x=human&o=human&first=x&moves={moves}"
        ))
        .await;
        assert_eq!(b.moves().await.len(), 11);
        let hint = b.hint().await;
        assert!(
            hint.contains("f6") && hint.contains("win in 3 plies"),
            "{hint}"
        );
        // The overlay agrees (issue 31 §1): the forced win the threat search proves is shown
        // as a win, not ranked among the estimates.
        b.click("#analysis-toggle").await;
        b.wait(
            "a proven win in the overlay",
            "document.querySelectorAll('.ana.win').length === 1",
        )
        .await;
        let badge = b.js("document.querySelector('.ana.win').textContent").await;
        assert!(badge.as_str().unwrap_or("").starts_with('+'), "{badge}");
        b.play(9 * 15 + 5).await; // f6: column f, row 6 from the bottom
        let hint = b.hint().await;
        assert!(hint.contains("loss in 2 plies"), "{hint}");
        b
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    mnk_browser_missing,
    ignore = "chromium or chromedriver is not installed (apt-get install chromium chromium-driver)"
)]
async fn bug4_and_5_a_hint_keeps_the_overlay_and_a_late_hint_is_dropped() {
    with_page(Options::default(), |b| async move {
        b.new_game(3, 3, 3, "human", "human").await;
        b.click("#analysis-toggle").await;
        b.wait(
            "the overlay",
            "document.querySelectorAll('.ana.draw').length === 9",
        )
        .await;
        b.click("#hint").await;
        b.wait(
            "the hint",
            "document.querySelectorAll('.cell.hint').length > 0",
        )
        .await;
        assert_eq!(
            b.js("document.querySelectorAll('.ana.draw').length").await,
            9
        );
        assert_eq!(
            b.js("document.getElementById('analysis-toggle').checked")
                .await,
            true
        );

        // A hint whose answer comes after the position changed is not shown.
        b.hold_answers("/hint").await;
        b.click("#hint").await;
        b.wait("the hint's answer (held)", "window.__held.length === 1")
            .await;
        assert_eq!(b.js("document.getElementById('hint').disabled").await, true);
        let status = b.text("status").await;
        b.play(4).await;
        b.release().await;
        b.wait("the late hint to reach the page", "window.__released === 1")
            .await;
        b.wait(
            "the new overlay",
            "document.querySelectorAll('.cell .ana:not(:empty)').length === 8",
        )
        .await;
        assert_eq!(
            b.js("document.querySelectorAll('.cell.hint').length").await,
            0
        );
        assert_eq!(b.text("hint-text").await, "");
        assert_ne!(b.text("status").await, status);
        assert!(b.text("status").await.starts_with("O to move"));
        assert_eq!(
            b.js("document.getElementById('hint').disabled").await,
            false
        );
        b
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    mnk_browser_missing,
    ignore = "chromium or chromedriver is not installed (apt-get install chromium chromium-driver)"
)]
async fn bug6_the_settings_never_contradict_the_game() {
    with_page(Options::default(), |b| async move {
        b.new_game(3, 3, 3, "human", "perfect").await;
        // K is limited to the board: 1 to the longer side.
        let ks = b.js("[...document.getElementById('k').options].map((o) => +o.value)").await;
        assert_eq!(ks, json!([1, 2, 3]));
        b.js("(document.getElementById('width').value = '7', document.getElementById('width').dispatchEvent(new Event('change')), true)").await;
        assert_eq!(b.js("document.getElementById('k').options.length").await, 7);
        b.js("(document.getElementById('k').value = '7', document.getElementById('k').dispatchEvent(new Event('change')), true)").await;
        assert!(b.text("settings-note").await.contains("differ"));
        // A refused new game leaves the old game on, and the form shows it again.
        b.js("(window.__fetch0 = window.fetch, window.fetch = (u, i) => String(u).endsWith('/games') && i.method === 'POST' \
              ? Promise.resolve(new Response(JSON.stringify({error: 'refused for the test', code: 'bad_request'}), {status: 400})) \
              : window.__fetch0(u, i), true)").await;
        b.click("#new-game").await;
        b.wait("the refusal", "document.getElementById('error').textContent.includes('Refused for the test')").await;
        b.wait("the form to show the game", "document.getElementById('k').value === '3'").await;
        assert_eq!(b.js("document.getElementById('width').value").await, "3");
        assert_eq!(b.text("settings-note").await, "");
        b.js("(window.fetch = window.__fetch0, true)").await;
        b.play(4).await;
        assert_eq!(b.js("document.querySelectorAll('.cell').length").await, 9);
        b
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    mnk_browser_missing,
    ignore = "chromium or chromedriver is not installed (apt-get install chromium chromium-driver)"
)]
async fn bug7_pause_belongs_to_computer_games_and_ends_with_them() {
    with_page(Options::default(), |b| async move {
        b.new_game(3, 3, 3, "human", "perfect").await;
        assert_eq!(b.js("document.getElementById('pause').hidden").await, true);
        b.new_game(4, 4, 4, "random", "random").await;
        // A second between moves, so that the game is still on when Pause is pressed.
        b.js("(document.getElementById('pace').value = '1000', true)")
            .await;
        b.wait(
            "autoplay",
            "document.getElementById('board').dataset.moves.length > 0",
        )
        .await;
        b.click("#pause").await;
        b.wait(
            "the pause",
            "document.getElementById('status').textContent.includes('paused')",
        )
        .await;
        b.wait(
            "no thinking while paused",
            "document.getElementById('thinking').hidden",
        )
        .await;
        let moves = b.moves().await;
        assert_eq!(b.text("pause").await, "Resume");
        assert!(!b.text("status").await.contains("thinking"));
        // A whole round trip to the server later, nothing has moved.
        b.click("#analysis-toggle").await;
        b.wait(
            "the analysis",
            "document.getElementById('analysis-note').dataset.values === 'exact'",
        )
        .await;
        assert_eq!(b.moves().await, moves);
        // A new game of two computers starts playing at once.
        b.new_game(3, 3, 3, "random", "random").await;
        b.wait(
            "the new game to play",
            "document.getElementById('board').dataset.result !== 'unfinished'",
        )
        .await;
        assert_eq!(b.text("pause").await, "Pause");
        b
    })
    .await;

    // Pause while a computer thinks stops that search (issue 31 §8): the spinner goes, and the
    // move in progress does not land later. Each big-board move may think for 20 s; the first
    // two are instant (the centre, the seeded reply), the third is thought about.
    let limits = slow_moves();
    let opts = Options {
        limits,
        ..Options::default()
    };
    with_page(opts, |b| async move {
        b.new_game(15, 15, 5, "hard", "hard").await;
        b.js("(document.getElementById('pace').value = '0', true)")
            .await;
        b.wait_moves(2).await;
        b.wait(
            "the third move's thinking",
            "!document.getElementById('thinking').hidden",
        )
        .await;
        b.click("#pause").await;
        b.wait(
            "the pause to stop the thinking",
            "document.getElementById('thinking').hidden \
             && document.getElementById('status').textContent.includes('paused')",
        )
        .await;
        assert_eq!(b.moves().await.len(), 2);
        assert_eq!(b.text("pause").await, "Resume");
        // A round trip to the server later, the stopped move has not landed.
        b.click("#analysis-toggle").await;
        b.wait(
            "the analysis",
            "document.getElementById('analysis-note').dataset.values !== undefined",
        )
        .await;
        assert_eq!(b.moves().await.len(), 2);
        b
    })
    .await;
}

/// The on-screen width of the (first) lesson tree, in CSS pixels.
const TREE_WIDTH: &str =
    "document.querySelector('#lessons svg.tree').getBoundingClientRect().width";

/// The alpha-beta labels of the lesson trees that an edge crosses (issue 31 §9).
const CROSSED_LABELS: &str =
    "[...document.querySelectorAll('#lessons text.window')].filter((t) => { \
    const r = t.getBBox(); \
    return [...t.ownerSVGElement.querySelectorAll('line')].some((l) => { \
      const [x1, y1, x2, y2] = ['x1', 'y1', 'x2', 'y2'].map((a) => l[a].baseVal.value); \
      for (let i = 0; i <= 200; i++) { \
        const x = x1 + (x2 - x1) * i / 200, y = y1 + (y2 - y1) * i / 200; \
        if (x >= r.x && x <= r.x + r.width && y >= r.y && y <= r.y + r.height) return true; \
      } \
      return false; }); }).map((t) => t.textContent)";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    mnk_browser_missing,
    ignore = "chromium or chromedriver is not installed (apt-get install chromium chromium-driver)"
)]
async fn bug8_the_lesson_follows_the_tree_the_algorithm_and_the_step() {
    with_page(Options::default(), |b| async move {
        b.click("#tab-learn").await;
        b.wait("the lesson", "document.querySelectorAll('#lessons g.node').length === 13").await;
        // Step 0: no backed-up value is shown yet, only the leaves' own values.
        let inner = "[...document.querySelectorAll('#lessons g.node.inner text.tval')].map((t) => t.textContent).join('')";
        assert_eq!(b.js(inner).await, "");
        assert_eq!(b.js("document.querySelectorAll('#lessons g.node.pruned').length").await, 0);
        // The tree fills most of its panel at 1280x900 (it was drawn 176 px wide in 1170).
        assert_eq!(b.js(&format!("{TREE_WIDTH} > 0.75 * document.getElementById('lessons').clientWidth")).await, true, "{}", b.js(TREE_WIDTH).await);
        // Step by step to the first cut: the pruned leaves turn grey only then. No edge
        // crosses an alpha-beta label at any step.
        let mut steps = 0;
        while b.js("document.querySelectorAll('#lessons g.node.pruned').length").await == 0 {
            b.click("#step-next").await;
            assert_eq!(b.js(CROSSED_LABELS).await, json!([]), "step {steps}");
            steps += 1;
            assert!(steps < 40, "no cut");
        }
        // The labels are readable on a projector: at least 14 px on screen, in the text colour.
        let label_px = b.js("(() => { const t = document.querySelector('#lessons text.window'), svg = t.ownerSVGElement; \
             return parseFloat(getComputedStyle(t).fontSize) * svg.getBoundingClientRect().width / svg.viewBox.baseVal.width; })()").await;
        assert!(label_px.as_f64().unwrap() >= 14.0, "{label_px}");
        assert_eq!(b.js("getComputedStyle(document.querySelector('#lessons text.window')).fill === getComputedStyle(document.body).color").await, true);
        // Zoom: + makes the tree bigger, - smaller, Fit brings it back.
        let fit = b.js(TREE_WIDTH).await.as_f64().unwrap();
        b.click("#zoom-in").await;
        assert!(b.js(TREE_WIDTH).await.as_f64().unwrap() > fit * 1.2);
        b.click("#zoom-fit").await;
        // The zoomed tree may have brought the page a scrollbar, which the fitted one takes
        // away again: the panel's width settles (its resize observer fits the tree once more)
        // before the tree is back at its width.
        b.wait("the tree back at its fitted width", &format!("{TREE_WIDTH} === {fit}")).await;
        b.click("#zoom-out").await;
        assert!(b.js(TREE_WIDTH).await.as_f64().unwrap() < fit / 1.2);
        assert_eq!(b.js("document.getElementById('zoom-in').getAttribute('aria-label')").await, "Zoom in on the tree");
        b.click("#zoom-fit").await;
        assert!(b.text("step-text").await.starts_with("Cut at node 1"), "{}", b.text("step-text").await);
        assert!(b.js("document.querySelector('#lessons text.window')").await != Value::Null, "alpha and beta are shown");
        // Another algorithm searches again at once.
        b.click("input[name=algo][value=minimax]").await;
        b.wait("the minimax lesson", "document.querySelector('#lessons .lesson').dataset.algo === 'minimax'").await;
        // A tree that does not parse leaves nothing of the last one on screen.
        b.js("(document.getElementById('tree-text').value = '((1 2) (3', document.getElementById('tree-run').click(), true)").await;
        b.wait("the parse error", "document.getElementById('tree-error').textContent").await;
        assert_eq!(b.js("document.querySelectorAll('#lessons svg').length").await, 0);
        assert_eq!(b.text("step-count").await, "");
        b
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    mnk_browser_missing,
    ignore = "chromium or chromedriver is not installed (apt-get install chromium chromium-driver)"
)]
async fn bug9_the_favicon_is_served_and_the_sides_are_capitals() {
    with_page(Options::default(), |b| async move {
        let status = b
            .client
            .execute_async(
                "const done = arguments[0]; Promise.all(['/favicon.ico', '/favicon.svg'] \
                 .map((u) => fetch(u).then((r) => r.status))).then(done);",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(status, json!([200, 200]));
        assert_eq!(
            b.js("document.querySelector('link[rel=icon]').getAttribute('href')")
                .await,
            "/favicon.svg"
        );
        assert!(b.text("status").await.starts_with("X to move"));
        b
    })
    .await;
}
