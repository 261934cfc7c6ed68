//! The practice view in a real browser (issue 30): a whole session on a phone-sized window,
//! by keyboard only, in English and then in Simplified Chinese, with axe finding nothing
//! serious: choose the kind and get an exercise, mark a node on the tree as skipped (a part
//! answered wrong: the first leaf is always searched), type the root's value, ask for a hint
//! with ?, check, read the points and the first mistake explained, and step through the
//! solution; then a tree with chance nodes drawn, marked and checked in Chinese. One browser
//! session, as the suite's time allows.

mod support;

use serde_json::Value;
use support::{keys, with_page, Browser, Options};

/// Shift+Tab (the shift released after it).
const BACK_TAB: &str = "\u{E008}\u{E004}\u{E000}";

/// The id of the focused element.
async fn focused(b: &Browser) -> String {
    let v = b.js("document.activeElement && (document.activeElement.id || document.activeElement.dataset.path || '')").await;
    v.as_str().unwrap_or_default().to_string()
}

/// Presses Tab (or Shift+Tab) until the element `want` (an id, or a tree node's name) has the
/// focus; fails after `most` presses.
async fn tab_to(b: &Browser, want: &str, back: bool, most: usize) {
    for _ in 0..most {
        if focused(b).await == want {
            return;
        }
        b.keys(if back { BACK_TAB } else { keys::TAB }).await;
    }
    assert_eq!(focused(b).await, want, "Tab did not reach {want}");
}

/// Words of Latin letters shown in the practice view, besides the few it keeps in every
/// language (MAX, MIN, the command's name and its --token option).
async fn english_words(b: &Browser) -> Value {
    b.js("(document.getElementById('view-practice').innerText.match(/[A-Za-z]{2,}/g) || []).filter((w) => \
          !['MAX', 'MIN', 'mnk', 'serve', 'token', 'inf'].includes(w))")
        .await
}

/// One session: a new alpha-beta exercise, a node wrongly marked as skipped on the tree, the
/// root's value typed, a hint, the check, the mistake, the solution. `mistake` and `hint` are
/// words the first mistake and the hint say in this language.
async fn session(b: &Browser, lang: &str, mistake: &str, hint: &str) {
    let before = b
        .js("document.getElementById('practice-task').dataset.request || '0'")
        .await;
    // The kind is chosen with the arrow keys (alpha-beta comes after minimax), then New exercise.
    tab_to(b, "practice-kind", true, 40).await;
    if b.js("document.getElementById('practice-kind').value").await != "alphabeta" {
        b.keys(keys::DOWN).await;
    }
    assert_eq!(
        b.js("document.getElementById('practice-kind').value").await,
        "alphabeta"
    );
    tab_to(b, "practice-new", false, 6).await;
    b.keys(keys::ENTER).await;
    b.wait(
        "a new alpha-beta exercise, its heading focused",
        &format!(
            "document.getElementById('practice-task').dataset.kind === 'alphabeta' && \
             document.getElementById('practice-task').dataset.request !== '{}' && \
             document.activeElement.id === 'practice-heading'",
            before.as_str().unwrap_or("0")
        ),
    )
    .await;
    assert!(b.js("document.getElementById('practice-result').hidden && document.getElementById('practice-solution').hidden").await == Value::Bool(true));
    // The tree is one tab stop; the arrows go from node 0 to its first child, the first leaf,
    // and Enter marks it as skipped, which shows in the pruned box too.
    tab_to(b, "0", false, 4).await;
    b.keys(keys::RIGHT).await;
    assert_eq!(focused(b).await, "0.0");
    b.keys(keys::ENTER).await;
    b.wait(
        "the node marked",
        "document.querySelector('#practice-figure [data-path=\"0.0\"]').getAttribute('aria-pressed') === 'true' && \
         document.getElementById('part-0').value === '0.0'",
    )
    .await;
    assert_eq!(focused(b).await, "0.0", "the focus stays on the node");
    // The root's value, then ? for the hint on that part.
    tab_to(b, "part-1", false, 6).await;
    b.keys("7").await;
    b.keys("?").await;
    let text = b
        .wait(
            "the hint",
            "document.getElementById('practice-hint-text').textContent",
        )
        .await;
    assert!(text.as_str().unwrap().contains(hint), "{text}");
    assert_eq!(
        b.js("document.getElementById('part-1').value").await,
        "7",
        "? asks for the hint and is not typed"
    );
    // Enter in the last box checks.
    b.keys(keys::ENTER).await;
    b.wait(
        "the marking",
        "!document.getElementById('practice-result').hidden",
    )
    .await;
    let mistake_text = b.text("practice-mistake").await;
    assert!(mistake_text.contains(mistake), "{mistake_text}");
    let score = b.text("practice-score").await;
    assert!(!score.is_empty() && !score.contains("undefined"), "{score}");
    assert_eq!(b.text("part-mark-0").await, "✗");
    assert!(
        b.js("document.querySelector('#practice-figure [data-path=\"0.0\"]').classList.contains('wrong')").await
            == Value::Bool(true)
    );
    b.screenshot(&format!("practice-phone-{lang}-mistake"))
        .await;
    // The solution, stepped through with the arrow keys.
    tab_to(b, "practice-show", false, 6).await;
    b.keys(keys::ENTER).await;
    b.wait(
        "the solution, its title focused",
        "!document.getElementById('practice-solution').hidden && document.activeElement.id === 'practice-solution-title'",
    )
    .await;
    let start = b.text("psol-count").await;
    b.keys(keys::RIGHT).await;
    b.keys(keys::RIGHT).await;
    let two = b.text("psol-count").await;
    assert_ne!(start, two);
    assert!(two.contains('2'), "{two}");
    assert!(
        b.js("document.querySelectorAll('#psol-tree svg .node').length > 3")
            .await
            == Value::Bool(true)
    );
    assert_ne!(b.text("psol-text").await, "");
    b.assert_accessible(&format!(
        "the practice view in {lang}, marked, solution open"
    ))
    .await;
}

/// One step more in the same session: a tree with chance nodes, drawn with diamonds and each
/// branch's probability, a node marked as skipped from the keyboard, checked, and its first
/// mistake said in Chinese from the marking's data.
async fn chance(b: &Browser) {
    tab_to(b, "practice-kind", true, 40).await;
    for _ in 0..6 {
        if b.js("document.getElementById('practice-kind').value").await == "chance" {
            break;
        }
        b.keys(keys::DOWN).await;
    }
    tab_to(b, "practice-new", false, 6).await;
    b.keys(keys::ENTER).await;
    b.wait(
        "a chance exercise, its heading focused",
        "document.getElementById('practice-task').dataset.kind === 'chance' && \
         document.activeElement.id === 'practice-heading'",
    )
    .await;
    let drawn = b
        .js(
            "[document.querySelectorAll('#practice-figure .node.chance polygon').length, \
              document.querySelectorAll('#practice-figure .node.chance').length, \
              document.querySelectorAll('#practice-figure .tprob').length]",
        )
        .await;
    let n = |i: usize| drawn[i].as_u64().unwrap();
    assert!(n(0) > 0 && n(0) == n(1) && n(2) >= 2 * n(0), "{drawn}");
    let heading = b.text("practice-heading").await;
    assert!(heading.starts_with("机会节点"), "{heading}");
    tab_to(b, "0", false, 4).await;
    b.keys(keys::ENTER).await;
    b.wait(
        "the node marked",
        "document.querySelector('#practice-figure [data-path=\"0\"]').getAttribute('aria-pressed') === 'true'",
    )
    .await;
    tab_to(b, "practice-check", false, 30).await;
    b.keys(keys::ENTER).await;
    b.wait(
        "the marking",
        "!document.getElementById('practice-result').hidden",
    )
    .await;
    // The values come first: the first inner node's, left empty.
    let mistake = b.text("practice-mistake").await;
    assert!(
        mistake.starts_with("第一处错误：") && mistake.contains("你没有填"),
        "{mistake}"
    );
    assert_eq!(english_words(b).await, Value::Array(vec![]));
    // The solution's table in Chinese: a row for every node drawn, each with its value.
    tab_to(b, "practice-show", false, 6).await;
    b.keys(keys::ENTER).await;
    b.wait(
        "the chance solution's table",
        "!document.getElementById('psol-walkthrough').hidden && \
         document.querySelector('#psol-walkthrough table.chance-table') !== null",
    )
    .await;
    let table = b
        .js(
            "[document.querySelectorAll('#psol-walkthrough tbody tr').length, \
              document.querySelectorAll('#practice-figure .node').length, \
              document.querySelector('#psol-walkthrough th').textContent, \
              [...document.querySelectorAll('#psol-walkthrough tbody tr')] \
                .every((r) => r.cells[1].textContent.trim() !== '')]",
        )
        .await;
    assert_eq!(table[0], table[1], "{table}");
    assert_eq!(table[2], "节点", "{table}");
    assert_eq!(table[3], Value::Bool(true), "{table}");
    b.screenshot("practice-phone-zh-chance-solution").await;
    assert_eq!(english_words(b).await, Value::Array(vec![]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    mnk_browser_missing,
    ignore = "chromium or chromedriver is not installed (apt-get install chromium chromium-driver)"
)]
async fn a_whole_practice_session_by_keyboard_on_a_phone_in_english_and_chinese() {
    with_page(Options::phone(), |b| async move {
        // From the page's start: Tab to the tabs, and the arrow keys to Practice.
        b.js("(document.activeElement.blur(), true)").await;
        tab_to(&b, "tab-play", false, 6).await;
        b.keys(keys::RIGHT).await;
        b.keys(keys::RIGHT).await;
        assert_eq!(focused(&b).await, "tab-practice");
        b.wait(
            "the first exercise",
            "!document.getElementById('practice-task').hidden",
        )
        .await;
        assert_eq!(b.js("location.hash").await, "#practice");
        session(
            &b,
            "en",
            "You marked 0.0 as skipped, but when the search reached it",
            "Alpha-beta gives the root",
        )
        .await;

        // To Chinese with the keyboard: back to the language menu, the arrow picks 中文.
        tab_to(&b, "lang", true, 60).await;
        b.keys(keys::DOWN).await;
        b.wait(
            "the page in Chinese",
            "document.documentElement.lang === 'zh-CN'",
        )
        .await;
        // What was on screen is said again in Chinese, from the marking's data.
        let mistake = b.text("practice-mistake").await;
        assert!(
            mistake.starts_with("第一处错误：你把节点 0.0 标成了被剪掉"),
            "{mistake}"
        );
        let question = b.text("practice-question").await;
        assert!(question.contains("运行 α-β 剪枝"), "{question}");
        let hint = b.text("practice-hint-text").await;
        assert!(hint.starts_with("提示：α-β 给根节点的值"), "{hint}");
        assert_eq!(english_words(&b).await, Value::Array(vec![]));
        session(
            &b,
            "zh",
            "你把节点 0.0 标成了被剪掉，但搜索到达它时",
            "α-β 给根节点的值和极小化极大一样",
        )
        .await;
        assert_eq!(english_words(&b).await, Value::Array(vec![]));
        chance(&b).await;
        b
    })
    .await;
}
