//! Who may use the server, and what every answer carries. Each request passes, in order:
//!
//! 1. the per-client request rate ([`RateLimiter`]): over it, 429 with `Retry-After`;
//! 2. the `Host` allow-list: a page of another site that a DNS name it controls points at this
//!    server (DNS rebinding) names its own host, which is refused with 403. Accepted: IP
//!    addresses (a rebinding attack needs a name), `localhost` and names under `.localhost`
//!    (always the loopback), and the names given ([`Access::new`]: the `--addr` host and each
//!    `--allow-host`);
//! 3. the `Origin`, when a browser sends one: it must be this server's own page (the same
//!    host and port as the `Host`), so that no other site's page can send requests here;
//! 4. the token, for the API only, when the server has one: `Authorization: Bearer TOKEN`,
//!    else 401. The page and its files are served without it (they hold nothing private).
//!
//! Every answer, refusals included, carries the [`SECURITY_HEADERS`].

use crate::client::{Client, RateLimiter};
use crate::error::ApiError;
use crate::AppState;
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderName, HeaderValue};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Instant;

/// The content security policy of every answer: the page's own scripts, styles, pictures
/// and API only (no inline script or style, no plugin, no other site), and no framing.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; \
     style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; \
     form-action 'self'; frame-ancestors 'none'";

/// Headers on every answer.
pub const SECURITY_HEADERS: &[(&str, &str)] = &[
    ("content-security-policy", CONTENT_SECURITY_POLICY),
    ("x-content-type-options", "nosniff"),
    ("x-frame-options", "DENY"),
    ("referrer-policy", "no-referrer"),
    ("cross-origin-opener-policy", "same-origin"),
    ("cross-origin-resource-policy", "same-origin"),
];

/// A request sent with a wrong token costs this many requests of the client's rate, so that
/// guessing a token goes slowly.
const WRONG_TOKEN_COST: f64 = 10.0;

/// The host names the server answers to, and its token.
#[derive(Clone, Debug, Default)]
pub struct Access {
    hosts: Vec<String>,
    token: Option<String>,
}

impl Access {
    /// Answers to IP addresses, `localhost` and `names`; asks for `token` on the API when
    /// there is one.
    pub fn new(names: impl IntoIterator<Item = String>, token: Option<String>) -> Access {
        Access {
            hosts: names.into_iter().map(|n| normal_name(&n)).collect(),
            token: token.filter(|t| !t.is_empty()),
        }
    }

    /// Whether the server asks for a token.
    pub fn has_token(&self) -> bool {
        self.token.is_some()
    }

    /// Whether a `Host` value (`name`, `name:port`, `1.2.3.4:80`, `[::1]:80`) is accepted.
    pub fn host_allowed(&self, host: &str) -> bool {
        let name = host_name(host);
        if name.parse::<IpAddr>().is_ok() {
            return true;
        }
        let name = normal_name(name);
        name == "localhost" || name.ends_with(".localhost") || self.hosts.contains(&name)
    }

    /// Checks `Host` and `Origin`.
    fn check_site(&self, headers: &HeaderMap) -> Result<(), ApiError> {
        let host = headers.get(header::HOST).map(|h| h.to_str().unwrap_or("?"));
        if let Some(host) = host {
            if !self.host_allowed(host) {
                return Err(ApiError::HostNotAllowed(clip(host_name(host))));
            }
        }
        let Some(origin) = headers.get(header::ORIGIN) else {
            return Ok(());
        };
        let origin = origin.to_str().unwrap_or("?");
        let authority = origin
            .strip_prefix("http://")
            .or_else(|| origin.strip_prefix("https://"));
        let same = match (authority, host) {
            (Some(a), Some(h)) => a.eq_ignore_ascii_case(h),
            (Some(a), None) => self.host_allowed(a),
            (None, _) => false,
        };
        if same {
            Ok(())
        } else {
            Err(ApiError::OriginNotAllowed(clip(origin)))
        }
    }

    /// Checks the token of an API request: `Ok`, or the refusal and whether a wrong one was
    /// sent.
    fn check_token(&self, headers: &HeaderMap) -> Result<(), ApiError> {
        let Some(token) = &self.token else {
            return Ok(());
        };
        let sent = headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "));
        match sent {
            None => Err(ApiError::TokenRequired),
            Some(sent) if same_secret(sent.trim().as_bytes(), token.as_bytes()) => Ok(()),
            Some(_) => Err(ApiError::TokenWrong),
        }
    }
}

/// The middleware: rate, host, origin and token, then the security headers on the answer.
pub async fn guard(State(state): State<Arc<AppState>>, request: Request, next: Next) -> Response {
    let mut response = match admit(&state, &request) {
        Ok(()) => next.run(request).await,
        Err(refusal) => refusal.into_response(),
    };
    let headers = response.headers_mut();
    for &(name, value) in SECURITY_HEADERS {
        headers.insert(
            HeaderName::from_static(name),
            HeaderValue::from_static(value),
        );
    }
    response
}

fn admit(state: &AppState, request: &Request) -> Result<(), ApiError> {
    let client = Client::of_request(request.extensions());
    let limiter: &RateLimiter = &state.limiter;
    let now = Instant::now();
    limiter
        .take(&client, 1.0, now)
        .map_err(|wait| ApiError::RateLimited(wait.as_secs().max(1)))?;
    state.access.check_site(request.headers())?;
    if request.uri().path().starts_with("/api/") {
        let checked = state.access.check_token(request.headers());
        if let Err(ApiError::TokenWrong) = checked {
            // Spent whether or not the bucket has it: the next guess waits.
            let _ = limiter.take(&client, WRONG_TOKEN_COST, now);
        }
        checked?;
    }
    Ok(())
}

/// The host part of a `Host` value: without the port, an IPv6 address without brackets.
fn host_name(host: &str) -> &str {
    let host = host.trim();
    if let Some(rest) = host.strip_prefix('[') {
        return rest.split(']').next().unwrap_or(rest);
    }
    match host.rsplit_once(':') {
        Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => host,
    }
}

/// A host name as compared: lower case, without a final dot.
fn normal_name(name: &str) -> String {
    name.trim().trim_end_matches('.').to_ascii_lowercase()
}

/// At most 80 characters of a header, for a message.
fn clip(text: &str) -> String {
    text.chars().take(80).collect()
}

/// Compares two secrets in a time that depends only on their lengths.
fn same_secret(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_localhost_and_given_names_are_accepted_and_other_names_refused() {
        let access = Access::new(["Teacher.Local.".to_string()], None);
        for host in [
            "127.0.0.1:8080",
            "192.168.1.20",
            "[::1]:80",
            "localhost:8080",
            "LOCALHOST",
            "app.localhost:1",
            "teacher.local:8080",
        ] {
            assert!(access.host_allowed(host), "{host}");
        }
        for host in [
            "evil.example",
            "evil.example:8080",
            "localhost.evil.example",
            "",
        ] {
            assert!(!access.host_allowed(host), "{host}");
        }
    }

    #[test]
    fn the_origin_must_be_the_host_itself() {
        let access = Access::default();
        let headers = |pairs: &[(&'static str, &'static str)]| {
            let mut h = HeaderMap::new();
            for &(k, v) in pairs {
                h.insert(k, HeaderValue::from_static(v));
            }
            h
        };
        let ok = [
            headers(&[("host", "127.0.0.1:8080")]),
            headers(&[
                ("host", "127.0.0.1:8080"),
                ("origin", "http://127.0.0.1:8080"),
            ]),
            headers(&[]),
        ];
        for h in ok {
            assert!(access.check_site(&h).is_ok(), "{h:?}");
        }
        let refused = [
            headers(&[
                ("host", "127.0.0.1:8080"),
                ("origin", "http://evil.example"),
            ]),
            headers(&[
                ("host", "127.0.0.1:8080"),
                ("origin", "http://127.0.0.1:9999"),
            ]),
            headers(&[("host", "127.0.0.1:8080"), ("origin", "null")]),
            headers(&[("host", "evil.example:8080")]),
        ];
        for h in refused {
            assert!(access.check_site(&h).is_err(), "{h:?}");
        }
    }

    #[test]
    fn a_token_is_asked_for_only_when_set_and_compared_whole() {
        let mut h = HeaderMap::new();
        assert!(Access::default().check_token(&h).is_ok());
        let access = Access::new([], Some("s3cret".into()));
        assert!(matches!(
            access.check_token(&h),
            Err(ApiError::TokenRequired)
        ));
        h.insert(
            header::AUTHORIZATION,
            HeaderValue::from_static("Bearer s3cre"),
        );
        assert!(matches!(access.check_token(&h), Err(ApiError::TokenWrong)));
        h.insert(
            header::AUTHORIZATION,
            HeaderValue::from_static("Bearer s3cret"),
        );
        assert!(access.check_token(&h).is_ok());
        assert!(!Access::new([], Some(String::new())).has_token());
    }
}
