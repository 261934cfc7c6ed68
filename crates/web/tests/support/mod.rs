//! The browser harness of the page tests: a real `mnk-web` server on a loopback port, a
//! chromedriver, and a headless Chromium session with a chosen viewport, language and colour
//! scheme (all network features off, a fresh profile). Conditions are polled until they hold
//! or a deadline passes: never a sleep as synchronisation, never a timing assertion.
//!
//! Without a browser the build script marks these tests ignored (with the reason) outside CI;
//! under `CI=true` they run and fail, saying what is missing.

#![allow(dead_code)] // each test file uses its own part of the harness

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use std::net::{SocketAddr, TcpListener as StdListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How long any one condition may take to come true before the test fails.
pub const DEADLINE: Duration = Duration::from_secs(40);

/// A host name the browser resolves to the loopback, as a name of an attacker's would resolve
/// to the server after a DNS rebinding: the server must refuse it.
pub const REBINDING_NAME: &str = "rebinding.example";

/// axe-core, vendored (see `support/axe/README.md`).
const AXE: &str = include_str!("axe/axe.min.js");

/// WebDriver key codes.
pub mod keys {
    pub const TAB: &str = "\u{E004}";
    pub const ENTER: &str = "\u{E007}";
    pub const ESCAPE: &str = "\u{E00C}";
    pub const SPACE: &str = " ";
    pub const LEFT: &str = "\u{E012}";
    pub const UP: &str = "\u{E013}";
    pub const RIGHT: &str = "\u{E014}";
    pub const DOWN: &str = "\u{E015}";
    pub const HOME: &str = "\u{E011}";
    pub const END: &str = "\u{E010}";
}

/// One browser session's set-up.
#[derive(Clone)]
pub struct Options {
    /// Viewport in CSS pixels.
    pub width: u32,
    /// Viewport height.
    pub height: u32,
    /// A phone: touch, mobile viewport.
    pub mobile: bool,
    /// The browser's language (`en-US`, `zh-CN`).
    pub lang: &'static str,
    /// The system asks for dark colours.
    pub dark: bool,
    /// The server's limits.
    pub limits: mnk_web::ServerLimits,
    /// Where the server keeps its games.
    pub db: mnk_web::Location,
    /// The token the server asks for, if any.
    pub token: Option<String>,
    /// Keep the first-visit help open (otherwise it is closed before the test starts).
    pub first_visit: bool,
}

/// Server limits under which each big-board computer move thinks for 20 s (a search at most
/// 30 s): long enough to stop it, pause it or kill the server while it thinks.
pub fn slow_moves() -> mnk_web::ServerLimits {
    mnk_web::ServerLimits {
        move_time: Some(Duration::from_secs(20)),
        search_time: Duration::from_secs(30),
        ..mnk_web::ServerLimits::default()
    }
}

impl Default for Options {
    fn default() -> Self {
        Options {
            width: 1280,
            height: 800,
            mobile: false,
            lang: "en-US",
            dark: false,
            limits: mnk_web::ServerLimits::default(),
            db: mnk_web::Location::Memory,
            token: None,
            first_visit: false,
        }
    }
}

impl Options {
    /// The server's set-up.
    pub fn config(&self) -> mnk_web::Config {
        mnk_web::Config {
            limits: self.limits,
            db: self.db.clone(),
            access: mnk_web::Access::new([], self.token.clone()),
        }
    }

    /// A 390x844 phone.
    pub fn phone() -> Self {
        Options {
            width: 390,
            height: 844,
            mobile: true,
            ..Options::default()
        }
    }
}

/// Kills chromedriver when the test ends, however it ends.
struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A running server on a runtime of its own, so that stopping it drops every connection at
/// once, as a killed process would (a request in flight gets no answer).
pub struct Server {
    pub addr: SocketAddr,
    runtime: tokio::runtime::Runtime,
}

impl Server {
    /// Serves on `addr` (port 0: a free one) with these limits, games in memory.
    pub async fn start(addr: &str, limits: mnk_web::ServerLimits) -> Server {
        let config = mnk_web::Config {
            limits,
            ..mnk_web::Config::default()
        };
        Server::start_with(addr, config).await
    }

    /// Serves on `addr` (port 0: a free one) as `config` says.
    pub async fn start_with(addr: &str, config: mnk_web::Config) -> Server {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .expect("a runtime for the server");
        // SO_REUSEADDR: a server started again on the port of a killed one must not wait for
        // the old connections to leave TIME_WAIT.
        let listener = {
            let _inside = runtime.enter();
            let socket = tokio::net::TcpSocket::new_v4().unwrap();
            socket.set_reuseaddr(true).unwrap();
            socket
                .bind(addr.parse().expect("an address"))
                .expect("a loopback port");
            socket.listen(1024).unwrap()
        };
        let addr = listener.local_addr().unwrap();
        // A killed server's last tasks may still hold its database for a moment: polled.
        let start = Instant::now();
        let state = loop {
            match mnk_web::AppState::open(&config) {
                Ok(state) => break std::sync::Arc::new(state),
                Err(e) => assert!(start.elapsed() < DEADLINE, "the database: {e}"),
            }
            std::thread::sleep(Duration::from_millis(25));
        };
        runtime.spawn(mnk_web::serve_state(
            listener,
            state,
            std::future::pending::<()>(),
        ));
        Server { addr, runtime }
    }

    /// Stops at once: the listener and every open connection are dropped.
    pub async fn kill(self) {
        self.runtime.shutdown_background();
    }
}

/// A page in a browser, with its server.
pub struct Browser {
    pub client: Client,
    pub url: String,
    pub server: Option<Server>,
    pub tmp: PathBuf,
    profile: PathBuf,
    _driver: Driver,
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

/// Browser sessions of one test binary run one at a time: two cores do not carry more.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// Runs `test` on a fresh page. Without a browser the build script has marked the browser
/// tests ignored (outside CI), so a test that gets here must not pass without running.
pub async fn with_page<F, Fut>(opts: Options, test: F)
where
    F: FnOnce(Browser) -> Fut,
    Fut: std::future::Future<Output = Browser>,
{
    let _turn = ONE_AT_A_TIME.lock().await;
    let browser = Browser::open(opts).await;
    let browser = test(browser).await;
    browser.close().await;
}

impl Browser {
    async fn open(opts: Options) -> Browser {
        let (Some(chromium), Some(chromedriver)) = (
            find_program(&["chromium", "chromium-browser"]),
            find_program(&["chromedriver"]),
        ) else {
            panic!(
                "chromium and chromedriver are needed for the browser tests \
                 (Debian: apt-get install chromium chromium-driver); without them the tests are \
                 ignored outside CI and fail under CI=true"
            );
        };
        let server = Server::start_with("127.0.0.1:0", opts.config()).await;
        let url = format!("http://{}/", server.addr);

        let port = free_port();
        let driver = Driver(
            Command::new(&chromedriver)
                .arg(format!("--port={port}"))
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("chromedriver starts"),
        );
        let driver_addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
        let start = Instant::now();
        while TcpStream::connect_timeout(&driver_addr, Duration::from_millis(200)).is_err() {
            assert!(start.elapsed() < DEADLINE, "chromedriver did not listen");
            tokio::time::sleep(Duration::from_millis(25)).await;
        }

        let tmp = Path::new(env!("CARGO_TARGET_TMPDIR")).to_path_buf();
        let profile = tmp.join(format!("chromium-profile-{}-{port}", std::process::id()));
        let _ = std::fs::remove_dir_all(&profile);
        let mut args = vec![
            "--headless".to_string(),
            "--no-sandbox".into(),
            "--disable-gpu".into(),
            "--disable-quic".into(),
            "--no-first-run".into(),
            "--disable-background-networking".into(),
            "--disable-component-update".into(),
            "--disable-sync".into(),
            "--disable-dev-shm-usage".into(),
            format!("--host-resolver-rules=MAP {REBINDING_NAME} 127.0.0.1"),
            format!("--lang={}", opts.lang),
            format!("--user-data-dir={}", profile.display()),
        ];
        if opts.dark {
            args.push("--force-dark-mode".into());
        }
        let mut caps = serde_json::Map::new();
        caps.insert(
            "goog:chromeOptions".into(),
            json!({
                "binary": chromium,
                "args": args,
                "prefs": {"intl.accept_languages": opts.lang},
                "mobileEmulation": {"deviceMetrics": {
                    "width": opts.width, "height": opts.height, "pixelRatio": 1.0,
                    "touch": opts.mobile, "mobile": opts.mobile,
                }},
            }),
        );
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        let client = ClientBuilder::new(connector)
            .capabilities(caps)
            .connect(&format!("http://127.0.0.1:{port}"))
            .await
            .expect("a WebDriver session");
        let browser = Browser {
            client,
            url,
            server: Some(server),
            tmp,
            profile,
            _driver: driver,
        };
        if opts.token.is_some() {
            // The first game waits for the token, which the test gives.
            browser
                .client
                .goto(&browser.url)
                .await
                .expect("the page loads");
        } else {
            browser.load("").await;
        }
        if !opts.first_visit {
            // Seen: the first-visit help opens once the first game settles, which may be later.
            browser
                .js("localStorage.setItem('mnk.seen-help', 'yes'), document.getElementById('help').close(), true")
                .await;
        }
        browser
    }

    /// Loads the page (with `query`, e.g. `?w=3&h=3&moves=b2`) and waits for its first game.
    pub async fn load(&self, query: &str) {
        self.client
            .goto(&format!("{}{query}", self.url))
            .await
            .expect("the page loads");
        self.wait(
            "the first game",
            "document.getElementById('board').dataset.id",
        )
        .await;
    }

    async fn close(mut self) {
        let _ = self.client.clone().close().await;
        if let Some(server) = self.server.take() {
            server.kill().await;
        }
        let _ = std::fs::remove_dir_all(&self.profile);
    }

    /// The value of a JavaScript expression.
    pub async fn js(&self, expr: &str) -> Value {
        self.client
            .execute(&format!("return ({expr});"), vec![])
            .await
            .unwrap_or_else(|e| panic!("script {expr}: {e}"))
    }

    /// Polls a JavaScript expression until it is truthy; returns its value.
    pub async fn wait(&self, what: &str, expr: &str) -> Value {
        let start = Instant::now();
        loop {
            let v = self.js(expr).await;
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

    /// A text of the page (`textContent` of the element with this id).
    pub async fn text(&self, id: &str) -> String {
        let v = self
            .js(&format!("document.getElementById('{id}').textContent"))
            .await;
        v.as_str().unwrap_or_default().to_string()
    }

    /// Clicks an element, found again if the page replaced it meanwhile.
    pub async fn click(&self, css: &str) {
        let start = Instant::now();
        loop {
            let element = self
                .client
                .find(Locator::Css(css))
                .await
                .unwrap_or_else(|e| panic!("{css}: {e}"));
            match element.click().await {
                Ok(_) => return,
                Err(e) if e.to_string().contains("stale element") => {
                    assert!(start.elapsed() < DEADLINE, "click {css}: {e}");
                    tokio::time::sleep(Duration::from_millis(25)).await;
                }
                Err(e) => panic!("click {css}: {e}"),
            }
        }
    }

    /// Types keys into whatever has the focus.
    pub async fn keys(&self, keys: &str) {
        let el = self
            .client
            .active_element()
            .await
            .expect("a focused element");
        el.send_keys(keys).await.expect("keys are sent");
    }

    /// The moves of the game on the board.
    pub async fn moves(&self) -> Vec<String> {
        let v = self
            .js("document.getElementById('board').dataset.moves")
            .await;
        v.as_str()
            .unwrap_or_default()
            .split_whitespace()
            .map(str::to_string)
            .collect()
    }

    /// Waits until a human may play, then plays `cell` (on small cells: a tap, then the
    /// confirm button); waits until the move is on the board.
    pub async fn play(&self, cell: usize) {
        let n = self.moves().await.len();
        self.wait(
            "the board to take a move",
            "document.getElementById('board').classList.contains('live')",
        )
        .await;
        self.click(&format!("#cell-{cell}")).await;
        if self
            .js("!document.getElementById('confirm-bar').hidden")
            .await
            == Value::Bool(true)
        {
            self.click("#confirm-move").await;
        }
        self.wait(
            "the move to be played",
            &format!(
                "document.getElementById('board').dataset.moves.split(' ').filter(Boolean).length > {n}"
            ),
        )
        .await;
    }

    /// Waits until the game has at least `n` moves (a computer's reply, say).
    pub async fn wait_moves(&self, n: usize) {
        self.wait(
            &format!("{n} moves"),
            &format!(
                "document.getElementById('board').dataset.moves.split(' ').filter(Boolean).length >= {n}"
            ),
        )
        .await;
    }

    /// Asks for a hint; returns its line once it is shown.
    pub async fn hint(&self) -> String {
        self.js("(document.getElementById('hint-text').textContent = '', true)")
            .await;
        self.click("#hint").await;
        let text = self
            .wait(
                "the hint",
                "document.getElementById('hint-text').textContent",
            )
            .await;
        text.as_str().unwrap_or_default().to_string()
    }

    /// Chooses settings in the form and presses New game (and says yes to throwing a game in
    /// progress away); waits for the new, empty board.
    pub async fn new_game(&self, width: u32, height: u32, k: u32, x: &str, o: &str) {
        let old = self.js("document.getElementById('board').dataset.id").await;
        self.js(&format!(
            "(() => {{ const set = (id, v) => {{ const e = document.getElementById(id); \
             e.value = v; e.dispatchEvent(new Event('change')); }}; \
             set('width', '{width}'); set('height', '{height}'); set('k', '{k}'); \
             set('player-x', '{x}'); set('player-o', '{o}'); set('pace', '0'); \
             document.getElementById('pace').dispatchEvent(new Event('input')); return true; }})()"
        ))
        .await;
        self.click("#new-game").await;
        // A game in progress is thrown away only after a yes.
        if self.js("document.getElementById('discard').open").await == Value::Bool(true) {
            self.click("#discard-yes").await;
        }
        self.wait(
            "the new game",
            &format!(
                "document.getElementById('board').dataset.id && \
                 document.getElementById('board').dataset.id !== {old} && \
                 document.querySelectorAll('.cell').length === {}",
                width * height
            ),
        )
        .await;
    }

    /// Saves a screenshot under the target directory; returns its path.
    pub async fn screenshot(&self, name: &str) -> PathBuf {
        let png = self.client.screenshot().await.expect("a screenshot");
        assert!(png.starts_with(b"\x89PNG"));
        let path = self.tmp.join(format!("mnk-web-{name}.png"));
        std::fs::write(&path, &png).expect("the screenshot is written");
        eprintln!("screenshot: {}", path.display());
        path
    }

    /// Runs axe-core on the page; returns the serious and critical violations (rule id,
    /// impact, and the first few offending elements), an empty list when there are none.
    pub async fn axe(&self) -> Vec<String> {
        let loaded = self.js("typeof window.axe !== 'undefined'").await;
        if loaded != Value::Bool(true) {
            self.client
                .execute(AXE, vec![])
                .await
                .expect("axe-core loads");
        }
        let result = self
            .client
            .execute_async(
                "const done = arguments[arguments.length - 1]; \
                 axe.run(document, { resultTypes: ['violations'] }).then( \
                   (r) => done(r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical') \
                     .map((v) => v.id + ' (' + v.impact + '): ' + v.help + ' — ' + \
                       v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('; '))), \
                   (e) => done(['axe failed: ' + e]));",
                vec![],
            )
            .await
            .expect("axe runs");
        result
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap_or_default().to_string())
            .collect()
    }

    /// Fails the test with the list when axe finds serious or critical violations.
    pub async fn assert_accessible(&self, screen: &str) {
        let violations = self.axe().await;
        assert!(
            violations.is_empty(),
            "axe on {screen}: {} serious or critical violations:\n{}",
            violations.len(),
            violations.join("\n")
        );
    }

    /// Makes the page's requests to paths ending in `suffix` wait, after the server has
    /// answered, until [`Browser::release`]: an answer that arrives late, on demand.
    pub async fn hold_answers(&self, suffix: &str) {
        self.js(&format!(
            "(() => {{ window.__held = window.__held || []; window.__released = 0; \
             window.__calls = window.__calls || {{}}; const f = window.__fetch || window.fetch; \
             window.__fetch = f; window.fetch = async (...a) => {{ \
               const path = String(a[0]); \
               window.__calls[path.split('/').pop()] = (window.__calls[path.split('/').pop()] || 0) + 1; \
               const r = await f(...a); \
               if (path.endsWith('{suffix}') && window.__hold) {{ \
                 await new Promise((go) => window.__held.push(go)); window.__released++; }} \
               return r; }}; window.__hold = true; return true; }})()"
        ))
        .await;
    }

    /// Lets every held answer through.
    pub async fn release(&self) {
        self.js("(window.__hold = false, window.__held.splice(0).forEach((go) => go()), true)")
            .await;
    }

    /// Counts the page's requests by their last path segment (`computer`, `hint`, ...).
    pub async fn count_requests(&self) {
        self.js(
            "(() => { window.__calls = {}; const f = window.__fetch || window.fetch; \
             window.__fetch = f; window.fetch = (...a) => { const k = String(a[0]).split('/').pop(); \
             window.__calls[k] = (window.__calls[k] || 0) + 1; return f(...a); }; return true; })()",
        )
        .await;
    }

    /// How many requests to paths ending in `segment` the page has made since counting began.
    pub async fn requests(&self, segment: &str) -> u64 {
        self.js(&format!("(window.__calls || {{}})['{segment}'] || 0"))
            .await
            .as_u64()
            .unwrap_or(0)
    }
}
