//! The page in a classroom (issue 20), in a real browser: the token asked for once, the game
//! going on by itself after the server restarts on its database, a page that breaks no rule
//! of its content security policy, and a rebinding host name and another site's page refused.

mod support;

use mnk_web::Location;
use serde_json::Value;
use support::{with_page, Options, Server, REBINDING_NAME};

fn db_file(name: &str) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("page-classroom-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir.join("games.db")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    mnk_browser_missing,
    ignore = "chromium or chromedriver is not installed (apt-get install chromium chromium-driver)"
)]
async fn the_token_is_asked_for_once_and_a_wrong_one_is_said_so() {
    let opts = Options {
        token: Some("maths-7b!".into()),
        first_visit: true,
        ..Options::default()
    };
    with_page(opts, |b| async move {
        b.wait(
            "the token dialog",
            "document.getElementById('token-dialog').open",
        )
        .await;
        // The first-visit help does not open on top of the token prompt (issue 31 §11).
        assert!(b.js("document.getElementById('help').open").await == Value::Bool(false));
        assert_eq!(
            b.js("document.getElementById('board').dataset.id || ''")
                .await,
            ""
        );
        // Esc: the page says what is missing, in plain words, and asks again on request
        // (issue 31 §10).
        b.keys(support::keys::ESCAPE).await;
        b.wait("the failure", "!document.getElementById('failure').hidden")
            .await;
        let text = b.text("failure-text").await;
        assert!(
            text.contains("asks for a token") && !text.contains("Bearer"),
            "{text}"
        );
        assert_ne!(b.text("status").await, "Starting…");
        assert!(
            b.js("document.getElementById('failure-other').hidden")
                .await
                == Value::Bool(true)
        );
        b.click("#failure-retry").await;
        b.wait(
            "the token dialog again",
            "document.getElementById('token-dialog').open",
        )
        .await;
        b.js("(document.getElementById('token-input').value = 'wrong-token', true)")
            .await;
        b.click("#token-submit").await;
        b.wait(
            "the refusal",
            "document.getElementById('token-dialog').open && \
             document.getElementById('token-error').textContent.includes('not accepted')",
        )
        .await;
        b.js("(document.getElementById('token-input').value = 'maths-7b!', true)")
            .await;
        b.click("#token-submit").await;
        b.wait(
            "the first game",
            "document.getElementById('board').dataset.id",
        )
        .await;
        assert!(b.js("!document.getElementById('token-dialog').open").await == Value::Bool(true));
        b.play(4).await;
        b.wait_moves(2).await;
        assert!(b.js("document.getElementById('help').open").await == Value::Bool(false));
        // Asked once: a new visit goes straight to its game, and shows the help not seen yet.
        b.load("").await;
        assert!(b.js("!document.getElementById('token-dialog').open").await == Value::Bool(true));
        b.wait("the help", "document.getElementById('help').open")
            .await;
        assert_eq!(b.js("localStorage.getItem('mnk.token')").await, "maths-7b!");
        b
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    mnk_browser_missing,
    ignore = "chromium or chromedriver is not installed (apt-get install chromium chromium-driver)"
)]
async fn after_a_server_restart_the_page_reconnects_and_the_same_game_goes_on() {
    let opts = Options {
        db: Location::File(db_file("restart")),
        ..Options::default()
    };
    let config = opts.config();
    with_page(opts, |mut b| async move {
        b.play(4).await;
        b.wait_moves(2).await;
        let id = b.js("document.getElementById('board').dataset.id").await;
        let before = b.moves().await;
        let free = (0..9)
            .find(|c| !before.iter().any(|m| cell_name(*c) == *m))
            .unwrap();

        let server = b.server.take().unwrap();
        let addr = server.addr;
        server.kill().await;
        // A move while the server is down: the page says it is trying again...
        b.wait(
            "the board to take a move",
            "document.getElementById('board').classList.contains('live')",
        )
        .await;
        b.click(&format!("#cell-{free}")).await;
        b.wait(
            "the retry",
            "document.getElementById('error').textContent.includes('trying again')",
        )
        .await;
        // ...and when the server is back, on the same database, the move lands in the same game
        // and the computer answers.
        b.server = Some(Server::start_with(&addr.to_string(), config).await);
        b.wait_moves(4).await;
        assert_eq!(
            b.js("document.getElementById('board').dataset.id").await,
            id
        );
        assert_eq!(b.moves().await[..2], before[..]);
        assert_eq!(b.moves().await[2], cell_name(free));
        assert!(b.js("document.getElementById('failure').hidden").await == Value::Bool(true));
        assert_eq!(b.text("error").await, "");
        let after = b.moves().await;
        // Reloaded (as a student does when the server seems gone), the tab goes on with its
        // game; with nothing remembered (as in a new tab), a new game starts.
        b.load("").await;
        b.wait_moves(4).await;
        assert_eq!(
            b.js("document.getElementById('board').dataset.id").await,
            id
        );
        assert_eq!(b.moves().await, after);
        b.js("(sessionStorage.clear(), true)").await;
        b.load("").await;
        assert_ne!(
            b.js("document.getElementById('board').dataset.id").await,
            id
        );
        b
    })
    .await;
}

/// The name of a 3x3 cell (0 is a3, top-left).
fn cell_name(cell: usize) -> String {
    format!("{}{}", (b'a' + (cell % 3) as u8) as char, 3 - cell / 3)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    mnk_browser_missing,
    ignore = "chromium or chromedriver is not installed (apt-get install chromium chromium-driver)"
)]
async fn the_page_keeps_to_its_content_security_policy() {
    with_page(Options::default(), |b| async move {
        b.js(
            "(window.__csp = [], document.addEventListener('securitypolicyviolation', \
             (e) => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI)), true)",
        )
        .await;
        let csp = b
            .client
            .execute_async(
                "const done = arguments[arguments.length - 1]; fetch('/').then((r) => \
                 done([r.headers.get('content-security-policy'), r.headers.get('x-content-type-options')]));",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(csp[0], mnk_web::access::CONTENT_SECURITY_POLICY);
        assert_eq!(csp[1], "nosniff");
        // Every part of the page that draws or styles at run time.
        b.new_game(15, 15, 5, "human", "hard").await;
        b.js("(document.getElementById('analysis-toggle').click(), true)").await;
        b.play(112).await;
        b.wait_moves(2).await;
        b.js("(document.getElementById('help').showModal(), document.getElementById('help').close(), true)").await;
        b.click("#tab-learn").await;
        b.wait("the lesson", "document.querySelector('#view-learn svg, #view-learn .tree')").await;
        b.click("#tab-play").await;
        assert_eq!(b.js("window.__csp").await, Value::Array(vec![]));
        b
    })
    .await;
}

/// A page of another site (another port of the loopback is another origin): a form that
/// posts a game to `target`, as a page on the web would try to.
async fn another_site(target: &str) -> std::net::SocketAddr {
    let page = format!(
        "<!doctype html><html lang=en><title>another site</title>\
         <form id=f method=post enctype=text/plain action='{target}api/v1/games'>\
         <input name='{{\"width\":3,\"x\":\"' value='human\"}}'></form>"
    );
    let app = axum::Router::new().route(
        "/",
        axum::routing::get(move || async move { axum::response::Html(page) }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    addr
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    mnk_browser_missing,
    ignore = "chromium or chromedriver is not installed (apt-get install chromium chromium-driver)"
)]
async fn a_rebinding_host_name_and_another_sites_page_are_refused() {
    with_page(Options::default(), |b| async move {
        let port = b.server.as_ref().unwrap().addr.port();
        // DNS rebinding: a name of the attacker's, now resolving to this server. The browser
        // thinks the page is the attacker's own, and the server will not serve it.
        b.client
            .goto(&format!("http://{REBINDING_NAME}:{port}/"))
            .await
            .unwrap();
        let body = b.js("document.body.textContent").await;
        let body = body.as_str().unwrap();
        assert!(body.contains("host_not_allowed"), "{body}");
        assert_eq!(
            b.js("document.getElementById('board') === null").await,
            true
        );

        // Another site's page: its script cannot read the API (the preflight of a JSON request
        // is refused), and its form, which needs no preflight, is refused for its origin.
        let other = another_site(&b.url).await;
        b.client.goto(&format!("http://{other}/")).await.unwrap();
        let fetched = b
            .client
            .execute_async(
                "const done = arguments[arguments.length - 1]; \
                 fetch(arguments[0] + 'api/v1/games', {method: 'POST', body: '{}', \
                   headers: {'content-type': 'application/json'}}) \
                 .then((r) => done('read ' + r.status), () => done('refused'));",
                vec![Value::String(b.url.clone())],
            )
            .await
            .unwrap();
        assert_eq!(fetched, "refused");
        b.js("(document.getElementById('f').submit(), true)").await;
        b.wait(
            "the server's answer to the form",
            &format!(
                "location.port === '{port}' && document.body && \
                 document.body.textContent.includes('origin_not_allowed')"
            ),
        )
        .await;
        b
    })
    .await;
}
