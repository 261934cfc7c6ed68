//! What the load tests (the soak, the hostile client) share: the server as `mnk serve` runs it,
//! games in a database file, on a loopback port; HTTP clients from chosen loopback addresses;
//! percentiles.

#![allow(dead_code)] // each test file uses its own part

use axum::body::Bytes;
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::{connect::HttpConnector, Client};
use hyper_util::rt::TokioExecutor;
use mnk_web::{AppState, Config, Location, ServeError, ServerLimits};
use serde_json::Value;
use std::net::IpAddr;
use std::path::PathBuf;
use std::sync::Arc;

/// An HTTP client.
pub type HttpClient = Client<HttpConnector, Full<Bytes>>;

/// A client whose connections come from `ip` (any 127.x.y.z is the loopback): a client of its
/// own, as the server's per-client limits count.
pub fn client_from(ip: [u8; 4]) -> HttpClient {
    let mut connector = HttpConnector::new();
    connector.set_local_address(Some(IpAddr::from(ip)));
    Client::builder(TokioExecutor::new()).build(connector)
}

/// A running server; the test keeps its state to watch the store.
pub struct LoadServer {
    pub state: Arc<AppState>,
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    /// What it was started with (its database a file of its own).
    pub config: Config,
    dir: PathBuf,
    stop: tokio::sync::oneshot::Sender<()>,
    task: tokio::task::JoinHandle<Result<(), ServeError>>,
}

impl LoadServer {
    /// Serves with `limits`, the games in a fresh database file of the test `name`.
    pub async fn start(name: &str, limits: ServerLimits) -> LoadServer {
        let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let config = Config {
            limits,
            db: Location::File(dir.join("games.db")),
            ..Config::default()
        };
        let state = Arc::new(AppState::open(&config).unwrap());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let task = tokio::spawn(mnk_web::serve_state(listener, state.clone(), async move {
            let _ = stopped.await;
        }));
        LoadServer {
            state,
            base,
            config,
            dir,
            stop,
            task,
        }
    }

    /// Stops the server as Ctrl-C does and removes its database.
    pub async fn stop(self) {
        let dir = self.dir.clone();
        self.stop_keeping_db().await;
        let _ = std::fs::remove_dir_all(dir);
    }

    /// Stops the server as Ctrl-C does (once the requests in flight are answered); its
    /// database stays.
    pub async fn stop_keeping_db(self) {
        let _ = self.stop.send(());
        self.task.await.unwrap().unwrap();
    }
}

/// Sends `method path` with a JSON `body` from `client`: the status and the JSON answer
/// (null when it is not JSON).
pub async fn send(
    client: &HttpClient,
    base: &str,
    method: &str,
    path: &str,
    body: Option<Value>,
) -> (u16, Value) {
    let mut req = axum::http::Request::builder()
        .method(method)
        .uri(format!("{base}{path}"));
    if body.is_some() {
        req = req.header("content-type", "application/json");
    }
    let bytes = body.map(|b| b.to_string()).unwrap_or_default();
    let req = req.body(Full::new(Bytes::from(bytes))).unwrap();
    let res = client.request(req).await.expect("the server answers");
    let status = res.status().as_u16();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

/// The value at quantile `q` (0 to 1) of sorted `values`; 0 when there are none.
pub fn percentile<T: Copy + Default>(sorted: &[T], q: f64) -> T {
    if sorted.is_empty() {
        return T::default();
    }
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}
