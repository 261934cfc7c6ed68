//! [`ApiError`]: every way a request can fail, each turned into a status and a JSON body
//! `{"error": "one sentence"}`. Bad input is always a 4xx; the game it concerned is unchanged.

use crate::db::DbError;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use mnk_engine::session::SessionError;
use mnk_engine::tree::TreeParseError;
use mnk_engine::SearchError;
use serde_json::json;

/// A failed request.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// The request itself is wrong: bad JSON, bad settings, a move that does not parse.
    #[error("{0}")]
    BadRequest(String),
    /// The body is well-formed JSON of the wrong shape (unknown field, wrong type).
    #[error("{0}")]
    Unprocessable(String),
    /// The body is larger than the server accepts.
    #[error("{0}")]
    TooLarge(String),
    /// The body is not declared as JSON.
    #[error("{0}")]
    UnsupportedMediaType(String),
    /// No game with this id (never created, deleted, or expired after being idle).
    #[error("there is no game with id '{0}' (games expire when left idle; start a new one)")]
    NoSuchGame(String),
    /// No such API route.
    #[error("there is no API route {0}; see the README section on `mnk serve`")]
    NoSuchRoute(String),
    /// The route exists, but not with this method (`GET /api/v1/tree`).
    #[error("the API route {path} does not take {method}; see the README section on `mnk serve`")]
    MethodNotAllowed {
        /// The method of the request.
        method: String,
        /// The path of the request.
        path: String,
    },
    /// The request does not fit the game's state: a taken cell, a finished game, the
    /// computer's turn, nothing to undo.
    #[error("{0}")]
    Conflict(String),
    /// A search ran into its time limit and was stopped; nothing was played.
    #[error("the search took longer than {0} s and was stopped; the game is unchanged (choose a lower level or a smaller board)")]
    SearchTimeout(u64),
    /// A search was stopped on request (`POST /games/{id}/stop`); nothing was played.
    #[error("the search was stopped on request; the game is unchanged")]
    Stopped,
    /// A tree text that does not parse, with the place of the problem.
    #[error("bad tree at {}: {problem}", place(*line, *col))]
    BadTree {
        /// Line, from 1.
        line: usize,
        /// Column in characters, from 1.
        col: usize,
        /// What was wrong and what is accepted.
        problem: String,
    },
    /// A tree larger than the page draws.
    #[error("the tree has {nodes} nodes; the page draws at most {limit} (use `mnk tree` for larger trees)")]
    TreeTooBig {
        /// Nodes of the tree.
        nodes: usize,
        /// The most the page draws.
        limit: usize,
    },
    /// A practice answer whose text does not read (the engine's sentence says what is
    /// accepted).
    #[error("{0}")]
    UnreadableAnswer(String),
    /// A practice exercise that cannot be made (an unknown kind or difficulty, a seed the
    /// generator finds nothing for).
    #[error("{0}")]
    NoExercise(String),
    /// A nickname that is empty, too long or holds characters a name does not.
    #[error("{0}")]
    BadNickname(String),
    /// The class view on a server without a token, where anybody could read it.
    #[error("the class view needs a token, so that only the class can read it: start mnk serve with --token to see the class")]
    ClassNeedsToken,
    /// A game record that does not parse or replay.
    #[error("{message}")]
    BadRecord {
        /// The line of the problem, from 1 (0: the whole record).
        line: usize,
        /// The sentence.
        message: String,
    },
    /// This client has as many games as it may keep, all of them used recently.
    #[error("you have {games} games on this server, each used in the last {minutes} minutes; delete one (or start a new game in the same tab) or try again later")]
    TooManyGames {
        /// The client's games.
        games: usize,
        /// The grace time in minutes.
        minutes: u64,
    },
    /// The server keeps as many games as it may, all of them used recently.
    #[error("the server holds as many games as it keeps, each used in the last {0} minutes; try again later")]
    Full(u64),
    /// This client sent more requests than its rate allows.
    #[error("too many requests from your address; wait {0} s and try again")]
    RateLimited(u64),
    /// Every search place is taken and the queue is full, or the wait was too long.
    #[error("the server is busy with other searches; try again in {0} s")]
    Busy(u64),
    /// This client already has as many searches waiting as it may.
    #[error("you already have searches waiting; wait for them (or stop them) first")]
    TooManySearches,
    /// The request names a host this server does not answer to (DNS rebinding).
    #[error("this server does not answer to the host name '{0}'; open it by its address, or start it with --allow-host NAME")]
    HostNotAllowed(String),
    /// The request came from a page of another site.
    #[error("requests from pages of other sites ({0}) are refused")]
    OriginNotAllowed(String),
    /// The server asks for a token and none was sent.
    #[error("this server asks for a token: send it as 'Authorization: Bearer TOKEN' (the page asks for it)")]
    TokenRequired,
    /// The token sent is not this server's.
    #[error("the token is not this server's; ask whoever started the server for it")]
    TokenWrong,
    /// The game database failed; the change was not made.
    #[error("the game could not be saved, so nothing was changed ({0})")]
    Storage(String),
    /// The server is stopping.
    #[error("the server is shutting down; try again when it is back")]
    ShuttingDown,
    /// Something that should not happen (a search thread that died).
    #[error("internal error: {0}")]
    Internal(String),
}

impl ApiError {
    /// The HTTP status of this error.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::Unprocessable(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::NoSuchGame(_) | ApiError::NoSuchRoute(_) => StatusCode::NOT_FOUND,
            ApiError::MethodNotAllowed { .. } => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::SearchTimeout(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Stopped => StatusCode::CONFLICT,
            ApiError::BadTree { .. } | ApiError::TreeTooBig { .. } => {
                StatusCode::UNPROCESSABLE_ENTITY
            }
            ApiError::BadRecord { .. } => StatusCode::BAD_REQUEST,
            ApiError::UnreadableAnswer(_) | ApiError::NoExercise(_) | ApiError::BadNickname(_) => {
                StatusCode::UNPROCESSABLE_ENTITY
            }
            ApiError::ClassNeedsToken => StatusCode::FORBIDDEN,
            ApiError::TooManyGames { .. }
            | ApiError::RateLimited(_)
            | ApiError::TooManySearches => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Full(_)
            | ApiError::Busy(_)
            | ApiError::Storage(_)
            | ApiError::ShuttingDown => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::HostNotAllowed(_) | ApiError::OriginNotAllowed(_) => StatusCode::FORBIDDEN,
            ApiError::TokenRequired | ApiError::TokenWrong => StatusCode::UNAUTHORIZED,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// A stable word for the kind of error, so that a page can say it in its own language.
    pub fn code(&self) -> &'static str {
        match self {
            ApiError::BadRequest(_) => "bad_request",
            ApiError::Unprocessable(_) => "unprocessable",
            ApiError::TooLarge(_) => "too_large",
            ApiError::UnsupportedMediaType(_) => "unsupported_media_type",
            ApiError::NoSuchGame(_) => "no_such_game",
            ApiError::NoSuchRoute(_) => "no_such_route",
            ApiError::MethodNotAllowed { .. } => "method_not_allowed",
            ApiError::Conflict(_) => "conflict",
            ApiError::SearchTimeout(_) => "search_timeout",
            ApiError::Stopped => "stopped",
            ApiError::BadTree { .. } => "bad_tree",
            ApiError::TreeTooBig { .. } => "tree_too_big",
            ApiError::BadRecord { .. } => "bad_record",
            ApiError::UnreadableAnswer(_) => "unreadable_answer",
            ApiError::NoExercise(_) => "no_exercise",
            ApiError::BadNickname(_) => "bad_nickname",
            ApiError::ClassNeedsToken => "class_needs_token",
            ApiError::TooManyGames { .. } => "too_many_games",
            ApiError::Full(_) => "full",
            ApiError::RateLimited(_) => "rate_limited",
            ApiError::Busy(_) => "busy",
            ApiError::TooManySearches => "too_many_searches",
            ApiError::HostNotAllowed(_) => "host_not_allowed",
            ApiError::OriginNotAllowed(_) => "origin_not_allowed",
            ApiError::TokenRequired => "token_required",
            ApiError::TokenWrong => "token_wrong",
            ApiError::Storage(_) => "storage",
            ApiError::ShuttingDown => "shutting_down",
            ApiError::Internal(_) => "internal",
        }
    }

    /// Seconds after which the same request may succeed, sent as `Retry-After`.
    pub fn retry_after(&self) -> Option<u64> {
        match self {
            ApiError::RateLimited(s) | ApiError::Busy(s) => Some(*s),
            ApiError::TooManyGames { .. } | ApiError::Full(_) => Some(60),
            ApiError::TooManySearches | ApiError::Storage(_) => Some(1),
            ApiError::ShuttingDown => Some(5),
            _ => None,
        }
    }
}

impl IntoResponse for ApiError {
    /// `{"error": sentence, "code": word}`, plus the place of a tree or record problem
    /// (`line`, `col`) and the sizes of a tree too big (`nodes`, `limit`).
    fn into_response(self) -> Response {
        let mut body = json!({ "error": self.to_string(), "code": self.code() });
        match &self {
            ApiError::BadTree { line, col, .. } => {
                body["line"] = json!(line);
                body["col"] = json!(col);
            }
            ApiError::TreeTooBig { nodes, limit } => {
                body["nodes"] = json!(nodes);
                body["limit"] = json!(limit);
            }
            ApiError::BadRecord { line, .. } => body["line"] = json!(line),
            _ => {}
        }
        let mut response = (self.status(), Json(body)).into_response();
        if let Some(secs) = self.retry_after() {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(secs));
        }
        if matches!(self, ApiError::TokenRequired | ApiError::TokenWrong) {
            response
                .headers_mut()
                .insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
        }
        response
    }
}

fn place(line: usize, col: usize) -> String {
    if line == 1 {
        format!("col {col}")
    } else {
        format!("line {line}, col {col}")
    }
}

impl From<TreeParseError> for ApiError {
    fn from(err: TreeParseError) -> Self {
        match err {
            TreeParseError::At { line, col, problem } => ApiError::BadTree { line, col, problem },
            other => ApiError::Unprocessable(other.to_string()),
        }
    }
}

impl From<SessionError> for ApiError {
    fn from(err: SessionError) -> Self {
        let text = err.to_string();
        match err {
            SessionError::Record { line, .. } => ApiError::BadRecord {
                line,
                message: text,
            },
            SessionError::Search(SearchError::Stopped(_)) => ApiError::SearchTimeout(0),
            SessionError::Position(_)
            | SessionError::Search(SearchError::GameOver(_))
            | SessionError::ComputerToMove(_)
            | SessionError::HumanToMove(_)
            | SessionError::NothingToUndo => ApiError::Conflict(text),
            _ => ApiError::BadRequest(text),
        }
    }
}

impl From<SearchError> for ApiError {
    fn from(err: SearchError) -> Self {
        SessionError::Search(err).into()
    }
}

impl From<DbError> for ApiError {
    fn from(err: DbError) -> Self {
        match err {
            DbError::Closed => ApiError::ShuttingDown,
            other => ApiError::Storage(other.to_string()),
        }
    }
}
