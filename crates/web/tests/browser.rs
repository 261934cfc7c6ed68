//! The page in a real headless Chromium, driven over WebDriver (fantoccini + chromedriver):
//! load the page, click cells, see the computer answer, finish a game and read the result, see
//! the winning line, open the analysis overlay, run the tree lesson, and save a screenshot
//! under the target directory. Only loopback traffic: the server and chromedriver listen on
//! 127.0.0.1 and Chromium runs with its network features off.
//!
//! Without a browser the build script marks the test ignored (with the reason) outside CI;
//! under `CI=true` it runs and fails, saying what is missing.

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use std::net::{SocketAddr, TcpListener as StdListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How long any one condition may take to come true before the test fails.
const DEADLINE: Duration = Duration::from_secs(30);

/// Kills chromedriver when the test ends, however it ends.
struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn find_program(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    names.iter().find_map(|name| {
        std::env::split_paths(&path)
            .map(|dir| dir.join(name))
            .find(|p| p.is_file())
    })
}

fn free_port() -> u16 {
    let listener = StdListener::bind("127.0.0.1:0").expect("a free loopback port");
    listener.local_addr().unwrap().port()
}

/// Polls `ready` until it holds or the deadline passes.
async fn wait_for(what: &str, mut ready: impl FnMut() -> bool) {
    let start = Instant::now();
    while !ready() {
        assert!(start.elapsed() < DEADLINE, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

/// Polls a JavaScript expression until it is truthy; returns its value.
async fn wait_js(client: &Client, what: &str, expr: &str) -> Value {
    let start = Instant::now();
    let script = format!("return ({expr});");
    loop {
        let v = client.execute(&script, vec![]).await.expect("script runs");
        let truthy = match &v {
            Value::Null => false,
            Value::Bool(b) => *b,
            Value::Number(n) => n.as_f64() != Some(0.0),
            Value::String(s) => !s.is_empty(),
            _ => true,
        };
        if truthy {
            return v;
        }
        assert!(
            start.elapsed() < DEADLINE,
            "timed out waiting for {what} ({expr})"
        );
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

async fn js(client: &Client, expr: &str) -> Value {
    client
        .execute(&format!("return ({expr});"), vec![])
        .await
        .expect("script runs")
}

/// Clicks an element. The page redraws the board after every answer, so an element found a
/// moment ago can be replaced before the click lands: find it again then, within a deadline.
async fn click(client: &Client, css: &str) {
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    loop {
        let element = client
            .find(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("{css}: {e}"));
        match element.click().await {
            Ok(_) => return,
            Err(e) if e.to_string().contains("stale element") => {
                assert!(std::time::Instant::now() < deadline, "click {css}: {e}");
                tokio::time::sleep(Duration::from_millis(25)).await;
            }
            Err(e) => panic!("click {css}: {e}"),
        }
    }
}

/// Chooses settings and starts a new game; waits for the fresh, empty board.
async fn new_game(client: &Client, x: &str, o: &str) {
    js(
        client,
        &format!(
            "(document.getElementById('player-x').value = '{x}', \
              document.getElementById('player-o').value = '{o}', \
              document.getElementById('pace').value = '0', true)"
        ),
    )
    .await;
    click(client, "#new-game").await;
    wait_js(
        client,
        "a new empty board",
        &format!(
            "document.querySelectorAll('.cell.x, .cell.o').length === 0 && \
             document.getElementById('status').textContent.includes('to move') && \
             game && game.players.x === '{x}' && game.players.o === '{o}'"
        ),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    mnk_browser_missing,
    ignore = "chromium or chromedriver is not installed (apt-get install chromium chromium-driver)"
)]
async fn the_page_plays_a_game_in_headless_chromium() {
    // A test that gets here was not marked ignored (CI=true, or the browser was there when the
    // test was built): it must not pass without running.
    let (Some(chromium), Some(chromedriver)) = (
        find_program(&["chromium", "chromium-browser"]),
        find_program(&["chromedriver"]),
    ) else {
        panic!(
            "chromium and chromedriver are needed for the browser test and are not installed \
             (Debian: apt-get install chromium chromium-driver)"
        );
    };

    // The server, on a free loopback port, stopped at the end of the test.
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/", listener.local_addr().unwrap());
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(mnk_web::serve_on(
        listener,
        mnk_web::Limits::default(),
        async move {
            let _ = stop_rx.await;
        },
    ));

    // chromedriver on another free loopback port.
    let port = free_port();
    let _driver = Driver(
        Command::new(&chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts"),
    );
    let driver_addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    wait_for("chromedriver to listen", || {
        TcpStream::connect_timeout(&driver_addr, Duration::from_millis(200)).is_ok()
    })
    .await;

    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let profile = tmp.join(format!("chromium-profile-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&profile);
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": chromium,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1400,1000",
                format!("--user-data-dir={}", profile.display()),
            ],
        }),
    );
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    let client = ClientBuilder::new(connector)
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{port}"))
        .await
        .expect("a WebDriver session");

    let result = drive(&client, &url, tmp).await;
    let _ = client.close().await;
    let _ = stop_tx.send(());
    let _ = server.await;
    let _ = std::fs::remove_dir_all(&profile);
    result
}

async fn drive(client: &Client, url: &str, tmp: &Path) {
    client.goto(url).await.expect("the page loads");
    wait_js(client, "the board", "document.getElementById('cell-8')").await;
    wait_js(
        client,
        "a human to move",
        "document.getElementById('status').textContent.includes('click a cell')",
    )
    .await;

    // Against the perfect computer: click the centre, the computer answers.
    new_game(client, "human", "perfect").await;
    click(client, "#cell-4").await;
    wait_js(
        client,
        "the computer's answer",
        "document.querySelectorAll('.cell.o').length === 1",
    )
    .await;
    let method = wait_js(client, "the statistics", "document.getElementById('stat-method') && document.getElementById('stat-method').textContent").await;
    assert_eq!(method, "exact");

    // Play on (first free cell each time) to the end and read the result.
    for _ in 0..5 {
        if js(client, "game.result").await != "unfinished" {
            break;
        }
        let stones = js(client, "game.moves.length").await.as_u64().unwrap();
        let cell = js(
            client,
            "[...document.querySelectorAll('.cell')].find(c => !c.disabled).id",
        )
        .await;
        click(client, &format!("#{}", cell.as_str().unwrap())).await;
        wait_js(
            client,
            "the computer's reply or the end",
            &format!("game.moves.length >= {stones} + 2 || game.result !== 'unfinished'"),
        )
        .await;
    }
    let status = wait_js(
        client,
        "the result",
        "document.getElementById('status').textContent.startsWith('Game over') && document.getElementById('status').textContent",
    )
    .await;
    let result = js(client, "game.result").await;
    assert_ne!(result, "x", "the perfect computer lost: {status}");
    assert!(status
        .as_str()
        .unwrap()
        .contains(if result == "draw" { "draw" } else { "o wins" }));

    // Two humans: x takes the left column; the winning line is drawn.
    new_game(client, "human", "human").await;
    for cell in [6, 4, 3, 2, 0] {
        let n = js(client, "game.moves.length").await.as_u64().unwrap();
        click(client, &format!("#cell-{cell}")).await;
        wait_js(
            client,
            "the move",
            &format!("game.moves.length === {n} + 1"),
        )
        .await;
    }
    wait_js(
        client,
        "the winning line",
        "document.getElementById('win-line')",
    )
    .await;
    let status = js(client, "document.getElementById('status').textContent").await;
    assert!(status.as_str().unwrap().contains("x wins"), "{status}");
    assert_eq!(
        js(client, "document.querySelectorAll('.cell.won').length").await,
        3
    );

    // Undo against the computer, then the analysis overlay.
    new_game(client, "human", "perfect").await;
    click(client, "#cell-1").await;
    wait_js(
        client,
        "the reply",
        "document.querySelectorAll('.cell.o').length === 1",
    )
    .await;
    click(client, "#undo").await;
    wait_js(client, "the undo", "game.moves.length === 0").await;
    click(client, "#cell-1").await;
    wait_js(
        client,
        "the reply",
        "document.querySelectorAll('.cell.o').length === 1",
    )
    .await;
    click(client, "#analysis-toggle").await;
    wait_js(
        client,
        "the overlay",
        "document.querySelectorAll('.cell .ana').length === 7",
    )
    .await;
    assert_eq!(
        js(
            client,
            "document.getElementById('analysis-note').dataset.kind"
        )
        .await,
        "exact"
    );
    let words: Value = js(
        client,
        "[...document.querySelectorAll('.cell .ana')].map(a => a.classList[1])",
    )
    .await;
    assert!(words
        .as_array()
        .unwrap()
        .iter()
        .all(|w| ["win", "draw", "loss"].contains(&w.as_str().unwrap())));

    // The teaching panel: the default tree's value, grey pruned nodes, stepping.
    wait_js(
        client,
        "the tree",
        "document.querySelectorAll('#tree-svg g.node').length > 0",
    )
    .await;
    let summary = js(
        client,
        "document.getElementById('tree-summary').textContent",
    )
    .await;
    assert!(
        summary.as_str().unwrap().contains("root value 3"),
        "{summary}"
    );
    assert!(
        js(
            client,
            "document.querySelectorAll('#tree-svg g.node.pruned').length"
        )
        .await
        .as_u64()
        .unwrap()
            > 0
    );
    click(client, "#step-next").await;
    click(client, "#step-next").await;
    wait_js(
        client,
        "a step",
        "document.getElementById('step-count').textContent === 'step 2 of ' + lesson.steps.length",
    )
    .await;
    assert!(
        js(
            client,
            "document.querySelectorAll('#tree-svg g.current').length"
        )
        .await
            == 1
    );

    // The README's picture of the page, docs/web.png, is a copy of this screenshot (pixels
    // vary with the fonts installed, so it is not compared).
    let png = client.screenshot().await.expect("a screenshot");
    let shot = tmp.join("mnk-web-e2e.png");
    std::fs::write(&shot, &png).expect("the screenshot is written");
    eprintln!("screenshot: {}", shot.display());

    // 15x15 Gomoku: the overlay becomes a heat map over every cell; the computer answers.
    js(
        client,
        "(document.getElementById('width').value = '15', \
          document.getElementById('height').value = '15', \
          document.getElementById('k').value = '5', true)",
    )
    .await;
    new_game(client, "human", "hard").await;
    wait_js(
        client,
        "the heat map",
        "document.querySelectorAll('.cell .ana').length === 225",
    )
    .await;
    assert_eq!(
        js(
            client,
            "document.getElementById('analysis-note').dataset.kind"
        )
        .await,
        "heuristic"
    );
    click(client, "#cell-112").await;
    wait_js(
        client,
        "the computer's answer",
        "document.querySelectorAll('.cell.o').length === 1",
    )
    .await;
    wait_js(
        client,
        "the new heat map",
        "document.querySelectorAll('.cell .ana').length === 223",
    )
    .await;
    let png = client.screenshot().await.expect("a screenshot");
    let shot = tmp.join("mnk-web-e2e-15x15.png");
    std::fs::write(&shot, &png).expect("the screenshot is written");
    eprintln!("screenshot: {}", shot.display());
    assert!(png.starts_with(b"\x89PNG"));
}
