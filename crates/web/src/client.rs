//! [`Client`]: who sent a request, for the per-client limits, and [`RateLimiter`], the
//! per-client request rate.
//!
//! A client is the peer's IP address; an IPv6 client is its /64 network, since one machine
//! can take any number of addresses inside its own /64. Requests that did not come over a
//! socket (tests feeding the router directly) are all one client, `unknown`.

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use axum::http::Extensions;
use std::collections::HashMap;
use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// The party behind a request, as the limits count it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Client(String);

impl Client {
    /// The client of a peer address.
    pub fn of(ip: IpAddr) -> Client {
        match ip {
            IpAddr::V4(v4) => Client(v4.to_string()),
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => Client(v4.to_string()),
                None => {
                    let s = v6.segments();
                    Client(format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3]))
                }
            },
        }
    }

    /// Requests that did not come over a socket.
    pub fn unknown() -> Client {
        Client("unknown".into())
    }

    /// The client of a request, from the peer address the server put in its extensions.
    pub fn of_request(extensions: &Extensions) -> Client {
        extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map_or_else(Client::unknown, |c| Client::of(c.0.ip()))
    }

    /// The client as text (an address, or an IPv6 network).
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Client {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(Client::of_request(&parts.extensions))
    }
}

/// Most clients whose request rate is tracked at once; beyond it the clients with full
/// buckets (idle for a while) are forgotten, and if none are, the new client waits.
const MAX_TRACKED: usize = 4096;

/// A token bucket per client: `burst` requests at once, refilled at `per_second`.
pub struct RateLimiter {
    per_second: f64,
    burst: f64,
    buckets: Mutex<HashMap<Client, Bucket>>,
}

struct Bucket {
    tokens: f64,
    at: Instant,
}

impl RateLimiter {
    /// A limiter of `per_second` requests a second with bursts of `burst` (0: no limit).
    pub fn new(per_second: u32, burst: u32) -> RateLimiter {
        RateLimiter {
            per_second: per_second as f64,
            burst: burst.max(1) as f64,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes `cost` requests' worth from `client`'s bucket at `now`: `Ok`, or how long until
    /// there is enough.
    pub fn take(&self, client: &Client, cost: f64, now: Instant) -> Result<(), Duration> {
        if self.per_second <= 0.0 {
            return Ok(());
        }
        let mut buckets = self.buckets.lock().unwrap_or_else(PoisonError::into_inner);
        if buckets.len() >= MAX_TRACKED && !buckets.contains_key(client) {
            let (rate, burst) = (self.per_second, self.burst);
            buckets.retain(|_, b| b.refilled(now, rate, burst) < burst);
            if buckets.len() >= MAX_TRACKED {
                return Err(Duration::from_secs(1));
            }
        }
        let bucket = buckets.entry(client.clone()).or_insert(Bucket {
            tokens: self.burst,
            at: now,
        });
        bucket.tokens = bucket.refilled(now, self.per_second, self.burst);
        bucket.at = now;
        if bucket.tokens >= cost {
            bucket.tokens -= cost;
            Ok(())
        } else {
            let wait = (cost - bucket.tokens) / self.per_second;
            Err(Duration::from_secs_f64(wait.min(3600.0)))
        }
    }
}

impl Bucket {
    fn refilled(&self, now: Instant, rate: f64, burst: f64) -> f64 {
        let secs = now.saturating_duration_since(self.at).as_secs_f64();
        (self.tokens + secs * rate).min(burst)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ipv6_client_is_its_network_and_a_mapped_v4_its_address() {
        let a = Client::of("2001:db8:1:2::5".parse().unwrap());
        let b = Client::of("2001:db8:1:2:ffff::9".parse().unwrap());
        assert_eq!(a, b);
        assert_eq!(a.as_str(), "2001:db8:1:2::/64");
        let mapped = Client::of("::ffff:10.1.2.3".parse().unwrap());
        assert_eq!(mapped.as_str(), "10.1.2.3");
    }

    #[test]
    fn a_burst_is_allowed_then_the_rate_and_each_client_has_its_own_bucket() {
        let limiter = RateLimiter::new(10, 5);
        let (a, b) = (
            Client::of([10, 0, 0, 1].into()),
            Client::of([10, 0, 0, 2].into()),
        );
        let t0 = Instant::now();
        for _ in 0..5 {
            assert!(limiter.take(&a, 1.0, t0).is_ok());
        }
        let wait = limiter.take(&a, 1.0, t0).unwrap_err();
        assert_eq!(wait.as_millis(), 100);
        assert!(
            limiter.take(&b, 1.0, t0).is_ok(),
            "another client is not slowed"
        );
        assert!(limiter
            .take(&a, 1.0, t0 + Duration::from_millis(100))
            .is_ok());
        assert!(
            RateLimiter::new(0, 0).take(&a, 1e9, t0).is_ok(),
            "0: no limit"
        );
    }
}
