//! One request fed straight to the router (tower's `oneshot`, no socket), as a given client
//! with given headers; the answer's status, headers and JSON body.

#![allow(dead_code)] // each test file uses its own part

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{HeaderMap, Method, Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::Value;
use std::net::SocketAddr;
use tower::ServiceExt;

/// An answer: status, headers, and the body as JSON (null when empty, the text as a JSON
/// string when it is not JSON).
pub struct Answer {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Value,
}

/// Sends `method path` with `body` (declared as JSON when given) and `headers`, from the
/// client at `peer` as a socket would say, or from no socket at all.
pub async fn request(
    app: &axum::Router,
    peer: Option<SocketAddr>,
    method: Method,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&str>,
) -> Answer {
    let mut req = Request::builder().method(method).uri(path);
    if body.is_some() {
        req = req.header("content-type", "application/json");
    }
    for &(name, value) in headers {
        req = req.header(name, value);
    }
    let mut req = req
        .body(Body::from(body.unwrap_or("").to_string()))
        .unwrap();
    if let Some(peer) = peer {
        req.extensions_mut().insert(ConnectInfo(peer));
    }
    let res = app.clone().oneshot(req).await.unwrap();
    let status = res.status();
    let headers = res.headers().clone();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    let body = if bytes.is_empty() {
        Value::Null
    } else {
        serde_json::from_slice(&bytes)
            .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()))
    };
    Answer {
        status,
        headers,
        body,
    }
}

/// The client at 10.0.0.`n`.
pub fn peer(n: u8) -> Option<SocketAddr> {
    Some(SocketAddr::from(([10, 0, 0, n], 40_000)))
}
