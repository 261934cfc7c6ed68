//! The page as a player and a teacher use it, in headless Chromium: a whole game with the
//! keyboard only, a phone (no sideways scrolling on 15x15 and 20x20, fingertip-sized
//! controls), dark colours, the Chinese interface, looking back through the moves, saving and
//! loading a game, stopping the computer, the lesson panel, and axe-core on every screen
//! (zero serious or critical violations). Screenshots go under the target directory.

mod support;

use serde_json::{json, Value};
use support::{keys, slow_moves, with_page, Browser, Options};

/// The English words on the screen, names, moves and the language menu aside.
async fn english_words(b: &Browser) -> Value {
    b.js("(document.body.innerText.match(/[A-Za-z]{2,}/g) || []).filter((w) => \
          !['mnk', 'English', 'MAX', 'MIN', 'serve', 'record'].includes(w) && !/^[a-t]\\d+$/.test(w))")
        .await
}

/// The focused cell, if the focus is on the board.
/// The words for four estimates of O's move (the engine's clamps ±20000, 0, +35), after
/// checking that neither they nor the overlay's badge for a clamp show the raw number.
async fn estimate_words(b: &Browser) -> Vec<String> {
    let v = b.client.execute_async(
        "const done = arguments[0]; Promise.all([import('/words.js'), import('/overlay.js')]).then(([w, o]) => \
         done([...[20000, -20000, 0, 35].map((s) => w.valueText({ value: 'estimate', score: s }, 'o')), \
           o.overlay({ to_move: 'o', moves: [{ cell: 0, value: 'estimate', score: 20000 }] }).get(0).text]));",
        vec![]).await.unwrap();
    let mut words: Vec<String> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect();
    let badge = words.pop().unwrap();
    assert!(!badge.contains("20000"), "{badge}");
    for w in &words {
        assert!(
            !w.contains("20000") && !w.contains("35"),
            "raw engine numbers: {words:?}"
        );
    }
    words
}

async fn focused_cell(b: &Browser) -> Option<usize> {
    b.js("document.activeElement && document.activeElement.closest('#board') ? +document.activeElement.dataset.cell : null")
        .await
        .as_u64()
        .map(|c| c as usize)
}

/// Moves the board's focus to `cell` with the arrow keys.
async fn arrow_to(b: &Browser, cell: usize, width: usize) {
    let from = focused_cell(b).await.expect("the focus is on the board");
    let (fr, fc) = (from / width, from % width);
    let (tr, tc) = (cell / width, cell % width);
    let mut keys = String::new();
    for _ in fc..tc {
        keys.push_str(keys::RIGHT);
    }
    for _ in tc..fc {
        keys.push_str(keys::LEFT);
    }
    for _ in fr..tr {
        keys.push_str(keys::DOWN);
    }
    for _ in tr..fr {
        keys.push_str(keys::UP);
    }
    if !keys.is_empty() {
        b.keys(&keys).await;
    }
    assert_eq!(focused_cell(b).await, Some(cell));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    mnk_browser_missing,
    ignore = "chromium or chromedriver is not installed (apt-get install chromium chromium-driver)"
)]
async fn a_whole_game_with_the_keyboard_only() {
    with_page(Options::default(), |b| async move {
        // From the top of the page, Tab reaches the board (after the skip link and the header).
        b.js("(document.activeElement.blur(), true)").await;
        for _ in 0..12 {
            if focused_cell(&b).await.is_some() {
                break;
            }
            b.keys(keys::TAB).await;
        }
        assert_eq!(focused_cell(&b).await, Some(4), "Tab reaches the board's centre");
        assert!(b.js("getComputedStyle(document.activeElement).boxShadow").await.as_str().unwrap() != "none",
            "the focus is visible");
        // X against the perfect computer: play the first empty cell each turn until the end.
        for _ in 0..5 {
            if b.js("document.getElementById('board').dataset.result").await != "unfinished" {
                break;
            }
            let n = b.moves().await.len();
            let cell = b.js("+document.querySelector('#board .cell:not(.x):not(.o)').dataset.cell").await;
            arrow_to(&b, cell.as_u64().unwrap() as usize, 3).await;
            b.keys(keys::ENTER).await;
            b.wait("the move and the reply (or the end)", &format!(
                "document.getElementById('board').dataset.moves.split(' ').filter(Boolean).length >= {n} + 2 || \
                 document.getElementById('board').dataset.result !== 'unfinished'")).await;
            assert!(focused_cell(&b).await.is_some(), "the focus stays on the board after a move");
        }
        assert_ne!(b.js("document.getElementById('board').dataset.result").await, "x");
        assert!(b.js("!document.getElementById('result').hidden").await == Value::Bool(true), "the result banner");
        // The status named the computer's moves.
        b.keys("u").await;
        b.wait("undo by key", "document.getElementById('board').dataset.result === 'unfinished'").await;
        assert!(b.text("status").await.contains("X to move"));
        b.keys("h").await;
        b.wait("a hint by key", "document.getElementById('hint-text').textContent.startsWith('Hint:')").await;
        b.keys("?").await;
        b.wait("the help by key", "document.getElementById('help').open").await;
        b.assert_accessible("the help").await;
        b.keys(keys::ESCAPE).await;
        b.wait("the help to close", "!document.getElementById('help').open").await;
        // `n` asks before a game in progress is thrown away; Esc keeps it (issue 31 §2).
        let focus_board = "(document.querySelector('#board [tabindex=\"0\"]').focus(), true)";
        b.js(focus_board).await;
        let (id, moves) = (b.js("document.getElementById('board').dataset.id").await, b.moves().await);
        assert!(!moves.is_empty());
        b.keys("n").await;
        b.wait("the question", "document.getElementById('discard').open").await;
        assert!(b.text("discard-text").await.contains(&format!("({} moves)", moves.len())));
        assert_eq!(b.js("document.activeElement.id").await, "discard-no", "keeping is the default");
        b.keys(keys::ESCAPE).await;
        b.wait("the question to go", "!document.getElementById('discard').open").await;
        assert_eq!(b.js("document.getElementById('board').dataset.id").await, id);
        assert_eq!(b.moves().await, moves);
        // Single keys act only on the board, and not at all once switched off in the help.
        b.js("(document.getElementById('undo').focus(), true)").await;
        b.keys("n?u").await;
        assert!(b.js("!document.getElementById('discard').open && !document.getElementById('help').open").await == Value::Bool(true));
        assert_eq!(b.moves().await, moves);
        b.click("#help-open").await;
        b.click("#single-keys").await;
        b.keys(keys::ESCAPE).await;
        b.wait("the help to close", "!document.getElementById('help').open").await;
        b.js(focus_board).await;
        b.keys("n?u").await;
        assert!(b.js("!document.getElementById('discard').open && !document.getElementById('help').open").await == Value::Bool(true));
        assert_eq!(b.moves().await, moves);
        b.click("#help-open").await;
        b.click("#single-keys").await;
        b.keys(keys::ESCAPE).await;
        b.wait("the help to close", "!document.getElementById('help').open").await;
        b.js(focus_board).await;
        b.keys("n").await;
        b.wait("the question", "document.getElementById('discard').open").await;
        b.click("#discard-yes").await;
        b.wait("a new game by key", "document.getElementById('board').dataset.moves === ''").await;
        assert_ne!(b.js("document.getElementById('board').dataset.id").await, id);
        b
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    mnk_browser_missing,
    ignore = "chromium or chromedriver is not installed (apt-get install chromium chromium-driver)"
)]
async fn a_phone_never_scrolls_sideways_and_has_fingertip_targets() {
    with_page(Options::phone(), |b| async move {
        for (w, h, k) in [(15, 15, 5), (20, 20, 5), (3, 3, 3)] {
            b.new_game(w, h, k, "human", "hard").await;
            let widths = b.js("[document.documentElement.scrollWidth, window.innerWidth]").await;
            assert!(widths[0].as_u64() <= widths[1].as_u64(), "{w}x{h}: {widths}");
            let frame = b.js("document.getElementById('board-frame').getBoundingClientRect().right").await;
            assert!(frame.as_f64().unwrap() <= 390.0, "{w}x{h}: the board ends at {frame}");
        }
        // Every visible button and form control is at least 44 px high, a button as wide.
        let small = b.js("[...document.querySelectorAll('button, select, input:not([type=checkbox]):not([type=radio]):not([type=range]), label.check')] \
            .filter((e) => e.offsetParent && (e.getBoundingClientRect().height < 44 \
                || (e.tagName === 'BUTTON' && e.getBoundingClientRect().width < 44))).map((e) => e.id || e.className || e.tagName)").await;
        assert_eq!(small, json!([]));
        let card = b.js("document.querySelector('#players .player').textContent").await;
        assert_eq!(card, "X: Humanmoves first");
        // A phone is not told about arrow keys (issue 31 §15).
        let status = b.text("status").await;
        assert!(status.contains("tap a cell") && !status.contains("arrow"), "{status}");
        // Icon buttons draw their icon (not a font's glyph) and are named for screen readers.
        let glyphs = b.js("[...document.querySelectorAll('.icon-btn, .step-row button')] \
            .filter((e) => !e.querySelector('svg.icon') || e.textContent.trim() || !e.getAttribute('aria-label')) \
            .map((e) => e.id)").await;
        assert_eq!(glyphs, json!([]));
        // The help's close button is in view at either end of its text (issue 31 §11).
        b.click("#help-open").await;
        let in_view = "(() => { const r = document.getElementById('help-close').getBoundingClientRect(); \
            return r.top >= 0 && r.bottom <= innerHeight \
                && document.getElementById('help').getBoundingClientRect().bottom <= innerHeight; })()";
        assert!(b.js(in_view).await == Value::Bool(true));
        b.js("(document.getElementById('help').scrollTop = 1e6, true)").await;
        assert!(b.js(in_view).await == Value::Bool(true));
        b.screenshot("phone-help").await;
        b.click("#help-close").await;
        b.wait("the help to close", "!document.getElementById('help').open").await;
        // On 15x15 the cells are small: a tap chooses, a second tap (or the button) plays.
        b.new_game(15, 15, 5, "human", "hard").await;
        b.click("#cell-112").await;
        b.wait("the confirm button", "!document.getElementById('confirm-bar').hidden").await;
        assert_eq!(b.text("confirm-move").await, "Play h8");
        assert_eq!(b.moves().await.len(), 0);
        b.click("#confirm-move").await;
        b.wait_moves(2).await;
        // The Go look says which side is black, on the cards and in the move list, and draws
        // the stones there too (issue 31 §14); the classic look keeps X and O.
        let go = b.js("[[...document.querySelectorAll('#players .player')].map((p) => p.textContent), \
            document.querySelector('.moves .mv').getAttribute('aria-label'), \
            [...document.querySelectorAll('.mark, .moves .mv')] \
                .every((e) => getComputedStyle(e, '::before').backgroundImage.includes('radial-gradient'))]").await;
        assert_eq!(go, json!([["Black (X): Humanmoves first", "White (O): Hard"], "move 1, Black (X) h8", true]));
        // So do the status and the last computer move.
        let (status, last) = (b.text("status").await, b.text("stat-move").await);
        assert!(status.starts_with("White (O) played ") && status.contains("Black (X) to move"), "{status}");
        assert!(last.starts_with("White (O) "), "{last}");
        b.screenshot("phone-15x15").await;
        b.assert_accessible("the phone, 15x15").await;
        b
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    mnk_browser_missing,
    ignore = "chromium or chromedriver is not installed (apt-get install chromium chromium-driver)"
)]
async fn dark_colours_follow_the_system_and_the_switch() {
    let opts = Options {
        dark: true,
        ..Options::default()
    };
    with_page(opts, |b| async move {
        assert_eq!(b.js("document.documentElement.dataset.theme").await, "dark");
        let bg = b
            .js("getComputedStyle(document.body).backgroundColor")
            .await;
        assert_eq!(bg, "rgb(19, 21, 24)");
        b.play(4).await;
        b.wait_moves(2).await;
        b.click("#analysis-toggle").await;
        b.wait(
            "the overlay",
            "document.querySelectorAll('.ana.draw, .ana.loss, .ana.win').length === 7",
        )
        .await;
        b.screenshot("desktop-dark").await;
        b.assert_accessible("the dark desktop page").await;
        // The switch: auto (dark here) -> light -> dark -> auto, remembered.
        b.click("#theme").await;
        assert_eq!(
            b.js("document.documentElement.dataset.theme").await,
            "light"
        );
        b.assert_accessible("the light desktop page").await;
        b.load("").await;
        assert_eq!(
            b.js("document.documentElement.dataset.theme").await,
            "light"
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
async fn the_interface_speaks_chinese_from_the_browser_and_on_request() {
    let opts = Options {
        lang: "zh-CN",
        dark: true,
        ..Options::phone()
    };
    with_page(opts, |b| async move {
        assert_eq!(b.js("document.documentElement.lang").await, "zh-CN");
        // Both tables have the same strings.
        let keys = b.client.execute_async(
            "const done = arguments[0]; Promise.all([import('/strings-en.js'), import('/strings-zh.js')]) \
             .then(([en, zh]) => done([Object.keys(en.default).sort(), Object.keys(zh.default).sort()]));",
            vec![]).await.unwrap();
        assert_eq!(keys[0], keys[1]);
        b.play(4).await;
        b.wait_moves(2).await;
        b.click("#analysis-toggle").await;
        b.wait("the overlay", "document.getElementById('analysis-note').dataset.values === 'exact'").await;
        let status = b.text("status").await;
        // Chinese sentences follow one another without a space ("。轮到", not "。 轮到").
        assert!(status.contains("。轮到 X") && !status.contains("。 "), "{status}");
        assert_eq!(english_words(&b).await, json!([]));
        // The Go look names the sides 黑方 and 白方 in the status and the last computer move too.
        b.new_game(15, 15, 5, "human", "hard").await;
        b.play(112).await;
        b.wait_moves(2).await;
        let (status, last) = (b.text("status").await, b.text("stat-move").await);
        assert!(status.starts_with("白方（O）下在") && status.contains("。轮到黑方（X）"), "{status}");
        assert!(last.starts_with("白方（O）") && !last.contains("） "), "{last}");
        b.wait("the analysis for Black", "document.getElementById('analysis-note').textContent.startsWith('黑方（X）的估值')").await;
        // Each header tab is one line, not a label squeezed into a column (issue 31 §4), on
        // any phone from 320 to 440 px wide; and none sticks out of the header.
        for width in (320..=440).step_by(8).map(|w| format!("{w}px")) {
            let lines = b.js(&format!("(document.querySelector('header.top').style.width = '{width}', \
                [...document.querySelectorAll('.tabs button')].map((tab) => {{ \
                const r = document.createRange(); r.selectNodeContents(tab); \
                const tops = new Set([...r.getClientRects()].map((l) => Math.round(l.top))); \
                return tops.size === 1 && tab.getBoundingClientRect().right <= \
                    document.querySelector('header.top').getBoundingClientRect().right; }}))")).await;
            assert_eq!(lines, json!([true, true, true]), "a header {width} wide");
        }
        b.js("(document.querySelector('header.top').style.width = '', true)").await;
        b.screenshot("phone-zh-dark").await;
        let values = estimate_words(&b).await;
        assert!(values[0].contains("O 大幅占优") && values[0].contains("没有找到必胜着法"), "{values:?}");
        assert!(values[2].contains("均势") && values[3].contains("O 占优"), "{values:?}");
        b.assert_accessible("the Chinese phone page").await;
        b.click("#tab-learn").await;
        b.wait("the lesson", "document.querySelectorAll('#lessons g.node').length === 13").await;
        b.click("#step-next").await;
        assert!(b.text("step-text").await.contains("进入根节点"));
        // A Chinese sentence ends in its own full stop, never in "。." (issue 31 §3).
        b.click("#step-last").await;
        b.click("#step-prev").await;
        // A space parts Chinese from Latin letters and digits ("节点 0.0 的值", §12).
        let unspaced = "/\\p{Script=Han}[A-Za-z0-9]|[A-Za-z0-9]\\p{Script=Han}/u";
        for _ in 0..3 {
            let text = b.text("step-text").await;
            assert!(text.ends_with('。') && !text.contains("。."), "{text}");
            let bad = b.js(&format!("{unspaced}.test(document.getElementById('step-text').textContent)")).await;
            assert_eq!(bad, false, "{text}");
            b.click("#step-prev").await;
        }
        // Side by side, the two sentences follow one another without a space, each after its
        // algorithm's name and a full-width colon.
        b.click("input[name=algo][value=both]").await;
        b.wait("two lessons", "document.querySelectorAll('#lessons .lesson').length === 2").await;
        b.click("#step-next").await;
        let text = b.text("step-text").await;
        assert!(text.starts_with("极小化极大：") && text.contains("。α-β 剪枝：") && !text.contains(": "), "{text}");
        b.click("input[name=algo][value=alphabeta]").await;
        b.wait("one lesson", "document.querySelectorAll('#lessons .lesson').length === 1").await;
        // The tree's zoom buttons are named in Chinese (issue 31 §9).
        let zoom = b.js("['zoom-out', 'zoom-in', 'zoom-fit'].map((id) => document.getElementById(id).getAttribute('aria-label'))").await;
        assert_eq!(zoom, json!(["缩小搜索树", "放大搜索树", "让搜索树适应面板大小"]));
        b.screenshot("phone-zh-lesson").await;
        // The help names the level in Chinese; the two example trees say how they differ.
        let help = b.text("help-body").await;
        assert!(help.contains("“困难”") && !help.contains("hard"), "{help}");
        let examples = [b.text("example-seed").await, b.text("example-textbook").await];
        assert!(examples[0].starts_with("2×2") && examples[1].contains("3×3"), "{examples:?}");
        b.click("#step-first").await;
        b.click("#step-next").await;
        assert_eq!(english_words(&b).await, json!([]));
        b.assert_accessible("the Chinese lesson").await;
        // Switched on the page, remembered.
        b.js("(document.getElementById('lang').value = 'en', document.getElementById('lang').dispatchEvent(new Event('change')), true)").await;
        assert!(b.text("step-text").await.starts_with("Enter the root"));
        let values = estimate_words(&b).await;
        assert_eq!(values[0], "estimate: O well ahead, but no forced win was found");
        assert_eq!(values[1], "estimate: O well behind, but no forced win for the other side was found");
        assert_eq!(values[3], "estimate: O ahead");
        b.load("").await;
        assert_eq!(b.js("document.documentElement.lang").await, "en");
        b
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    mnk_browser_missing,
    ignore = "chromium or chromedriver is not installed (apt-get install chromium chromium-driver)"
)]
async fn the_computer_can_be_stopped_and_resumed() {
    let limits = slow_moves();
    with_page(Options { limits, ..Options::default() }, |b| async move {
        b.new_game(15, 15, 5, "human", "hard").await;
        // The reply to the first stone is chosen at once (a seeded opening); the next one is
        // thought about. j8 is two cells from h8, so the reply cannot have taken it.
        b.play(112).await;
        b.play(114).await;
        b.wait("the spinner and the clock", "!document.getElementById('thinking').hidden && document.getElementById('elapsed').textContent.endsWith(' s')").await;
        b.screenshot("desktop-thinking").await;
        b.click("#stop").await;
        b.wait("the stop", "document.getElementById('status').textContent.includes('paused')").await;
        b.wait("the spinner to go", "document.getElementById('thinking').hidden").await;
        let moves = b.moves().await;
        assert_eq!((moves.len(), moves[0].as_str(), moves[2].as_str()), (3, "h8", "j8"));
        assert_eq!(b.text("pause").await, "Resume");
        b
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    mnk_browser_missing,
    ignore = "chromium or chromedriver is not installed (apt-get install chromium chromium-driver)"
)]
async fn the_lesson_is_edited_by_clicking_and_compared_side_by_side() {
    with_page(Options::default(), |b| async move {
        b.click("#tab-learn").await;
        b.click("#example-seed").await;
        b.wait("the seed lesson", "document.querySelectorAll('#lessons g.node').length === 7").await;
        b.click("#step-last").await;
        assert!(b.text("lessons").await.contains("root value 60"));
        assert_eq!(b.js("document.querySelectorAll('#lessons g.node.pruned').length").await, 1);
        b.assert_accessible("the lesson").await;
        // Click leaf 1.1 (58, pruned) and make it 10; then give node 0 a third child.
        b.click("#lessons g.node[data-path='1.1']").await;
        b.js("(document.getElementById('leaf-value').value = '10', document.getElementById('leaf-value').dispatchEvent(new Event('change')), true)").await;
        b.wait("the edited tree", "document.getElementById('tree-text').value === '((60 63) (15 10))'").await;
        // The edit keeps the step being studied: the last one, here (issue 31 §16).
        b.wait("the new lesson", "document.querySelector(\"#lessons g.node[data-path='1.1']\").textContent === '10'").await;
        let count = b.text("step-count").await;
        let count = count.as_str();
        let (n, of) = count.strip_prefix("step ").unwrap().split_once(" of ").unwrap();
        assert!(n != "0" && n == of, "{count}");
        b.click("#lessons g.node[data-path='0']").await;
        b.click("#node-add").await;
        b.wait("the added child", "document.getElementById('tree-text').value === '((60 63 0) (15 10))'").await;
        b.wait("the new lesson", "document.querySelectorAll('#lessons g.node').length === 8").await;
        // Not past the end of a shorter search: stepped back to step 3, an edit stays there.
        b.click("#step-first").await;
        for _ in 0..3 {
            b.click("#step-next").await;
        }
        b.click("#lessons g.node[data-path='0.2']").await;
        b.js("(document.getElementById('leaf-value').value = '5', document.getElementById('leaf-value').dispatchEvent(new Event('change')), true)").await;
        b.wait("the edited leaf", "document.getElementById('tree-text').value === '((60 63 5) (15 10))'").await;
        b.wait("the new lesson", "document.querySelector(\"#lessons g.node[data-path='0.2']\").textContent === '5'").await;
        assert!(b.text("step-count").await.starts_with("step 3 of"), "{}", b.text("step-count").await);
        b.click("#lessons g.node[data-path='0']").await;
        b.click("#node-remove").await;
        b.wait("the removed node", "document.getElementById('tree-text').value === '((15 10))'").await;
        // Side by side: both searches, stepping together.
        b.click("#example-textbook").await;
        b.click("input[name=algo][value=both]").await;
        b.wait("two lessons", "document.querySelectorAll('#lessons .lesson').length === 2").await;
        b.click("#step-last").await;
        let text = b.text("lessons").await;
        assert!(text.contains("Minimax: root value 3") && text.contains("Alpha-beta: root value 3"), "{text}");
        // Counts of one are singular.
        assert!(text.contains("7 leaves, 1 cutoff, 2 subtrees pruned"), "{text}");
        // The root's last step says what its value is, not that it passes it up (issue 31 §13);
        // neither an opening move nor an answer known without a search claims one.
        let step = b.text("step-text").await;
        assert!(step.contains("the value of the whole tree") && !step.contains("passes it up"), "{step}");
        let methods = b.client.execute_async(
            "const done = arguments[0]; import('/words.js').then((w) => done([w.methodText({ method: 'search', depth: 0, nodes: 1 }), \
             w.methodText({ method: 'exact', nodes: 0 }), w.methodText({ method: 'exact', nodes: 5 })]));",
            vec![]).await.unwrap();
        assert_eq!(methods, json!(["opening move, chosen without a search: not proven",
            "exact, known already (no search needed): proven", "exact (solver): proven"]));
        b.screenshot("desktop-lesson").await;
        b.assert_accessible("the lessons side by side").await;
        b
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    mnk_browser_missing,
    ignore = "chromium or chromedriver is not installed (apt-get install chromium chromium-driver)"
)]
async fn the_first_visit_explains_and_every_desktop_screen_is_accessible() {
    let opts = Options {
        first_visit: true,
        ..Options::default()
    };
    with_page(opts, |b| async move {
        b.wait(
            "the first-visit help",
            "document.getElementById('help').open",
        )
        .await;
        let help = b.text("help-body").await;
        for words in [
            "K in a row",
            "Perfect",
            "Hard",
            "Random",
            "+3 wins in 3 plies",
        ] {
            assert!(help.contains(words), "the help should say '{words}'");
        }
        b.assert_accessible("the first-visit help").await;
        // Every single key is listed, t (a hint) too.
        let listed = b.js("[...document.querySelectorAll('#help-body kbd')].flatMap((k) => k.textContent.split(/\\s+/))").await;
        for key in ["n", "u", "h", "t", "a", "p", "?"] {
            assert!(listed.as_array().unwrap().contains(&json!(key)), "{key}: {listed}");
        }
        // The close button stays in view with the help scrolled to either end (issue 31 §11).
        let in_view = "(() => { const r = document.getElementById('help-close').getBoundingClientRect(); \
            return r.top >= 0 && r.bottom <= innerHeight \
                && document.getElementById('help').getBoundingClientRect().bottom <= innerHeight; })()";
        assert!(b.js(in_view).await == Value::Bool(true));
        b.js("(document.getElementById('help').scrollTop = 1e6, true)").await;
        assert!(b.js(in_view).await == Value::Bool(true));
        b.screenshot("desktop-help").await;
        b.click("#help-close").await;
        b.load("").await;
        assert!(
            b.js("document.getElementById('help').open").await == Value::Bool(false),
            "only once"
        );
        b.play(4).await;
        b.wait_moves(2).await;
        b.click("#analysis-toggle").await;
        b.wait(
            "the overlay",
            "document.getElementById('analysis-note').dataset.values === 'exact'",
        )
        .await;
        b.screenshot("desktop-3x3").await;
        b.assert_accessible("the desktop page").await;
        b.new_game(3, 3, 3, "human", "human").await;
        for cell in [0, 3, 1, 4, 2] {
            b.play(cell).await;
        }
        b.wait(
            "the result banner",
            "!document.getElementById('result').hidden",
        )
        .await;
        assert_eq!(b.text("result-text").await, "X wins with 3 in a row!");
        assert_eq!(
            b.js("document.querySelectorAll('.cell.won').length").await,
            3
        );
        assert!(b.js("document.getElementById('win-line')").await != Value::Null);
        b.assert_accessible("the result").await;
        b.click("#swap-sides").await;
        b.wait(
            "the swapped game",
            "document.getElementById('board').dataset.moves === ''",
        )
        .await;
        b.new_game(15, 15, 5, "human", "hard").await;
        let on = b
            .js("document.getElementById('analysis-toggle').checked")
            .await;
        assert_eq!(on, true, "the overlay stays on from game to game");
        b.wait(
            "the heat map",
            "document.querySelectorAll('.ana.est').length === 225",
        )
        .await;
        b.play(112).await;
        b.wait_moves(2).await;
        b.wait(
            "the new heat map",
            "document.querySelectorAll('.ana.est').length === 223",
        )
        .await;
        // The cells are named for screen readers: coordinate, content, value.
        let label = b
            .js("document.getElementById('cell-112').getAttribute('aria-label')")
            .await;
        assert!(label.as_str().unwrap().starts_with("h8, X"), "{label}");
        let label = b
            .js("document.getElementById('cell-0').getAttribute('aria-label')")
            .await;
        assert!(
            label.as_str().unwrap().starts_with("a15, empty, estimate"),
            "{label}"
        );
        b.screenshot("desktop-15x15").await;
        b.assert_accessible("the 15x15 heat map").await;
        b
    })
    .await;
}
