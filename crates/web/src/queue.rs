//! [`SearchQueue`]: who may search now. At most `max_running` searches run at once and at most
//! `per_client` of them for one client; the others wait in one bounded queue, first come first
//! served among the clients that are under their share, so one client firing searches in a
//! loop takes its share of the cores and no more, and a newcomer waits behind at most one
//! search per other client. A full queue, or a wait past its limit, is refused at once with
//! how long to wait: a request never waits forever.

use crate::client::Client;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;
use tokio::sync::oneshot;

/// Why a search was not let in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The queue is full, or the search waited as long as it may: try again later.
    Busy,
    /// This client already has as many searches waiting as it may.
    TooManyWaiting,
    /// The server is stopping.
    Closed,
}

/// How many searches run and wait.
#[derive(Clone, Copy, Debug)]
pub struct QueueLimits {
    /// Searches running at once.
    pub max_running: usize,
    /// Searches running at once for one client.
    pub per_client: usize,
    /// Searches waiting, all clients together.
    pub max_waiting: usize,
    /// Searches waiting for one client.
    pub per_client_waiting: usize,
    /// The longest a search waits for its turn.
    pub max_wait: Duration,
}

/// The queue; cheap to share.
#[derive(Clone)]
pub struct SearchQueue {
    inner: Arc<Inner>,
}

struct Inner {
    limits: QueueLimits,
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    running: usize,
    running_by_client: HashMap<Client, usize>,
    waiting: VecDeque<Waiter>,
    next_ticket: u64,
    closed: bool,
}

struct Waiter {
    ticket: u64,
    client: Client,
    wake: oneshot::Sender<Permit>,
}

/// The right to run one search; the place is given up when it is dropped.
pub struct Permit {
    inner: Arc<Inner>,
    client: Client,
    armed: bool,
}

impl SearchQueue {
    /// An empty queue with these limits (each at least 1).
    pub fn new(limits: QueueLimits) -> SearchQueue {
        let limits = QueueLimits {
            max_running: limits.max_running.max(1),
            per_client: limits.per_client.max(1),
            max_waiting: limits.max_waiting,
            per_client_waiting: limits.per_client_waiting,
            max_wait: limits.max_wait,
        };
        SearchQueue {
            inner: Arc::new(Inner {
                limits,
                state: Mutex::new(State::default()),
            }),
        }
    }

    /// Waits for `client`'s turn to search.
    pub async fn acquire(&self, client: &Client) -> Result<Permit, Refusal> {
        let (ticket, turn) = {
            let mut state = self.inner.state();
            if state.closed {
                return Err(Refusal::Closed);
            }
            if state.running < self.inner.limits.max_running
                && state.running_of(client) < self.inner.limits.per_client
            {
                return Ok(self.inner.start(&mut state, client.clone()));
            }
            if state.waiting.len() >= self.inner.limits.max_waiting {
                return Err(Refusal::Busy);
            }
            let mine = state.waiting.iter().filter(|w| &w.client == client).count();
            if mine >= self.inner.limits.per_client_waiting {
                return Err(Refusal::TooManyWaiting);
            }
            let (wake, turn) = oneshot::channel();
            let ticket = state.next_ticket;
            state.next_ticket += 1;
            state.waiting.push_back(Waiter {
                ticket,
                client: client.clone(),
                wake,
            });
            (ticket, turn)
        };
        // Leaves the queue however the wait ends (given up, timed out, or the request dropped).
        let _leave = Leave {
            inner: &self.inner,
            ticket,
        };
        match tokio::time::timeout(self.inner.limits.max_wait, turn).await {
            Ok(Ok(permit)) => Ok(permit),
            Ok(Err(_)) => Err(Refusal::Closed),
            Err(_) => Err(Refusal::Busy),
        }
    }

    /// Searches running and waiting now.
    pub fn load(&self) -> (usize, usize) {
        let state = self.inner.state();
        (state.running, state.waiting.len())
    }

    /// Refuses every waiting and later search (the server is stopping).
    pub fn close(&self) {
        let mut state = self.inner.state();
        state.closed = true;
        state.waiting.clear();
    }
}

impl Inner {
    fn state(&self) -> MutexGuard<'_, State> {
        // Counts are changed together under the lock, so a poisoned state is still whole.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn start(self: &Arc<Self>, state: &mut State, client: Client) -> Permit {
        state.running += 1;
        *state.running_by_client.entry(client.clone()).or_default() += 1;
        Permit {
            inner: self.clone(),
            client,
            armed: true,
        }
    }

    /// Gives free places to the first waiters whose clients are under their share.
    fn dispatch(self: &Arc<Self>, state: &mut State) {
        while state.running < self.limits.max_running {
            let per_client = self.limits.per_client;
            let Some(at) = state
                .waiting
                .iter()
                .position(|w| state.running_of(&w.client) < per_client)
            else {
                return;
            };
            let waiter = state
                .waiting
                .remove(at)
                .expect("the position was just found");
            let permit = self.start(state, waiter.client);
            if let Err(mut permit) = waiter.wake.send(permit) {
                // The request went away meanwhile: take its place back here, under the lock.
                permit.armed = false;
                state.finish(&permit.client);
            }
        }
    }
}

impl State {
    fn running_of(&self, client: &Client) -> usize {
        self.running_by_client.get(client).copied().unwrap_or(0)
    }

    fn finish(&mut self, client: &Client) {
        self.running -= 1;
        if let Some(n) = self.running_by_client.get_mut(client) {
            *n -= 1;
            if *n == 0 {
                self.running_by_client.remove(client);
            }
        }
    }
}

impl Drop for Permit {
    fn drop(&mut self) {
        if self.armed {
            let inner = self.inner.clone();
            let mut state = inner.state();
            state.finish(&self.client);
            inner.dispatch(&mut state);
        }
    }
}

struct Leave<'a> {
    inner: &'a Arc<Inner>,
    ticket: u64,
}

impl Drop for Leave<'_> {
    fn drop(&mut self) {
        let mut state = self.inner.state();
        state.waiting.retain(|w| w.ticket != self.ticket);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn queue(max_running: usize, max_waiting: usize) -> SearchQueue {
        SearchQueue::new(QueueLimits {
            max_running,
            per_client: 1,
            max_waiting,
            per_client_waiting: 2,
            max_wait: Duration::from_secs(3600),
        })
    }

    fn client(n: u8) -> Client {
        Client::of([10, 0, 0, n].into())
    }

    #[tokio::test]
    async fn a_busy_client_does_not_take_another_clients_turn() {
        let q = queue(2, 8);
        let hog = client(1);
        let first = q.acquire(&hog).await.unwrap();
        // The hog's second search waits although a place is free: its share is one.
        let hog2 = tokio::spawn({
            let (q, hog) = (q.clone(), hog.clone());
            async move { q.acquire(&hog).await.map(drop) }
        });
        while q.load().1 == 0 {
            tokio::task::yield_now().await;
        }
        assert_eq!(q.load(), (1, 1));
        // Another client gets the free place at once.
        let other = q.acquire(&client(2)).await.unwrap();
        assert_eq!(q.load(), (2, 1));
        drop(other);
        assert_eq!(
            q.load(),
            (1, 1),
            "the hog still waits for its own first search"
        );
        drop(first);
        hog2.await.unwrap().unwrap();
        assert_eq!(q.load(), (0, 0));
    }

    #[tokio::test]
    async fn a_full_queue_refuses_at_once_and_a_closed_one_too() {
        let q = queue(1, 1);
        let running = q.acquire(&client(1)).await.unwrap();
        let waiting = tokio::spawn({
            let q = q.clone();
            async move { q.acquire(&client(2)).await.map(drop) }
        });
        while q.load().1 == 0 {
            tokio::task::yield_now().await;
        }
        assert_eq!(q.acquire(&client(3)).await.err(), Some(Refusal::Busy));
        q.close();
        assert_eq!(waiting.await.unwrap(), Err(Refusal::Closed));
        assert_eq!(q.acquire(&client(3)).await.err(), Some(Refusal::Closed));
        drop(running);
        assert_eq!(q.load(), (0, 0));
    }

    #[tokio::test]
    async fn a_client_may_queue_only_a_few_and_a_wait_has_an_end() {
        let q = SearchQueue::new(QueueLimits {
            max_running: 1,
            per_client: 1,
            max_waiting: 8,
            per_client_waiting: 1,
            max_wait: Duration::ZERO,
        });
        let _running = q.acquire(&client(1)).await.unwrap();
        // A zero wait limit: the waiter is turned away, and leaves no trace in the queue.
        assert_eq!(q.acquire(&client(2)).await.err(), Some(Refusal::Busy));
        assert_eq!(q.load(), (1, 0));
        let q2 = SearchQueue::new(QueueLimits {
            max_wait: Duration::from_secs(3600),
            ..q.inner.limits
        });
        let _r = q2.acquire(&client(1)).await.unwrap();
        let w = tokio::spawn({
            let q2 = q2.clone();
            async move { q2.acquire(&client(2)).await.map(drop) }
        });
        while q2.load().1 == 0 {
            tokio::task::yield_now().await;
        }
        assert_eq!(
            q2.acquire(&client(2)).await.err(),
            Some(Refusal::TooManyWaiting)
        );
        w.abort();
        let _ = w.await;
        assert_eq!(q2.load(), (1, 0), "a dropped request leaves the queue");
    }
}
