//! [`ApiError`]: every way a request can fail, each turned into a status and a JSON body
//! `{"error": "one sentence"}`. Bad input is always a 4xx; the game it concerned is unchanged.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use mnk_engine::session::SessionError;
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
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status(), Json(json!({ "error": self.to_string() }))).into_response()
    }
}

impl From<SessionError> for ApiError {
    fn from(err: SessionError) -> Self {
        let text = err.to_string();
        match err {
            SessionError::Search(SearchError::Stopped) => ApiError::SearchTimeout(0),
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
