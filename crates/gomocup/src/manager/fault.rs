//! Why a player lost a game without it being played out, in the protocol's terms
//! (`timeout_turn`, `timeout_match`): what a manager reports of a brain that failed.

/// Why a player lost a game without it being played out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The brain could not be started, or did not get ready for a game (`START` answered with
    /// anything but `OK`): the reason as a clause, like "there is no such file".
    NotStarted(String),
    /// The process exited or could not be written to.
    Crashed(String),
    /// No answer in time (the caller knows which limit was passed).
    Hung,
    /// A move took longer than `timeout_turn` plus the tolerance: the time it took (or waited
    /// for, when no answer came), the limit and the tolerance, in milliseconds.
    TooSlow {
        /// How long the move took, or how long the referee waited for it.
        took_ms: u128,
        /// `timeout_turn`.
        limit_ms: u128,
        /// The tolerance.
        tolerance_ms: u128,
    },
    /// An answer that is not a legal move, or an error reply.
    Illegal(String),
    /// Its thinking over the game took longer than `timeout_match` plus the tolerance: the
    /// time used, the limit and the tolerance, in milliseconds.
    OutOfTime {
        /// Thinking time over the game, this move included.
        used_ms: u128,
        /// `timeout_match`.
        limit_ms: u128,
        /// The tolerance.
        tolerance_ms: u128,
    },
}

impl Fault {
    /// Why the player failed, as a clause for a sentence.
    pub fn reason(&self) -> String {
        match self {
            Fault::NotStarted(why) => why.clone(),
            other => format!("it {other}"),
        }
    }
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Fault::NotStarted(why) => write!(f, "could not start a game ({why})"),
            Fault::Crashed(why) => write!(f, "crashed ({why})"),
            Fault::Hung => write!(f, "did not answer in time"),
            Fault::Illegal(what) => write!(f, "answered illegally ({what})"),
            Fault::TooSlow {
                took_ms,
                limit_ms,
                tolerance_ms,
            } => write!(
                f,
                "exceeded timeout_turn ({took_ms} ms; limit {limit_ms} ms + {tolerance_ms} ms tolerance)"
            ),
            Fault::OutOfTime {
                used_ms,
                limit_ms,
                tolerance_ms,
            } => write!(
                f,
                "exceeded timeout_match ({used_ms} ms used; limit {limit_ms} ms + {tolerance_ms} ms tolerance)"
            ),
        }
    }
}

impl std::error::Error for Fault {}
