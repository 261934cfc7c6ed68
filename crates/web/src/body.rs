//! JSON request bodies: [`ApiJson`] reads one (declared as JSON, within the size limit) and
//! turns every way it can be wrong into an [`ApiError`] whose sentence speaks of the request,
//! not of the framework: `unknown field 'mov'; expected one of 'move', 'cell'`,
//! `width: expected a whole number, got the string "big"`, `missing field 'tree'`.

use crate::error::ApiError;
use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::{header, HeaderMap, StatusCode};
use serde::de::DeserializeOwned;

/// A JSON body; its rejections (content type, size, syntax, shape) are [`ApiError`]s with a
/// plain sentence.
pub struct ApiJson<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        if !declared_json(req.headers()) {
            return Err(ApiError::UnsupportedMediaType(
                "send the body as JSON with the header Content-Type: application/json".into(),
            ));
        }
        let bytes = Bytes::from_request(req, state).await.map_err(|rejection| {
            match rejection.status() {
                StatusCode::PAYLOAD_TOO_LARGE => ApiError::TooLarge(format!(
                    "the request body is larger than the server accepts ({} bytes)",
                    crate::BODY_LIMIT
                )),
                _ => ApiError::BadRequest(format!(
                    "the request body could not be read ({})",
                    rejection.body_text()
                )),
            }
        })?;
        parse(&bytes).map(ApiJson)
    }
}

/// Whether the headers declare a JSON body: `application/json`, or a `+json` type.
fn declared_json(headers: &HeaderMap) -> bool {
    let Some(value) = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
    else {
        return false;
    };
    let mime = value
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    mime == "application/json" || (mime.starts_with("application/") && mime.ends_with("+json"))
}

/// Reads a body: malformed JSON is a 400, JSON of the wrong shape a 422, each with a
/// sentence naming the field.
pub fn parse<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    // Every body is an object (serde would also take a struct as an array of its fields).
    let first = bytes.iter().find(|b| !b.is_ascii_whitespace());
    if first != Some(&b'{') {
        serde_json::from_slice::<serde::de::IgnoredAny>(bytes).map_err(|e| body_error(".", e))?;
        let kind = match first {
            Some(b'[') => "an array",
            Some(b'"') => "a string",
            Some(b't' | b'f') => "a boolean",
            Some(b'n') => "null",
            _ => "a number",
        };
        return Err(ApiError::Unprocessable(format!(
            "the body must be a JSON object ({{...}}), not {kind}"
        )));
    }
    let mut json = serde_json::Deserializer::from_slice(bytes);
    let value: T = serde_path_to_error::deserialize(&mut json)
        .map_err(|err| body_error(&err.path().to_string(), err.into_inner()))?;
    // Anything after the value (`{} {}`) is malformed too.
    json.end().map_err(|err| body_error(".", err))?;
    Ok(value)
}

/// The error of a body that failed at `path` (`.` for the whole body).
fn body_error(path: &str, err: serde_json::Error) -> ApiError {
    let what = without_position(&err.to_string());
    let at = format!("line {}, column {}", err.line(), err.column());
    match err.classify() {
        serde_json::error::Category::Data => ApiError::Unprocessable(shape_error(path, &what)),
        serde_json::error::Category::Eof => ApiError::BadRequest(format!(
            "the body is not valid JSON: it ends too soon ({at})"
        )),
        _ => ApiError::BadRequest(format!("the body is not valid JSON: {what} ({at})")),
    }
}

/// serde_json's message without its ` at line L column C` (a body is one line, so the field
/// says more).
fn without_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(at) => message[..at].to_string(),
        None => message.to_string(),
    }
}

/// A data error of serde (unknown field, wrong type, bad value, missing field) reworded,
/// prefixed with the field it concerns when there is one.
fn shape_error(path: &str, what: &str) -> String {
    let field = (path != ".").then_some(path);
    if let Some(rest) = what.strip_prefix("unknown field ") {
        // The path already ends with the unknown field: the sentence names it anyway.
        let (name, expected) = split_expected(rest);
        let expected = match expected {
            Some(list) => format!("expected one of {list}"),
            None => "this request takes no fields".into(),
        };
        return format!("unknown field {name}; {expected}");
    }
    let sentence = if let Some(rest) = what.strip_prefix("unknown variant ") {
        let (name, expected) = split_expected(rest);
        let list = expected.unwrap_or_default();
        format!("{name} is not allowed; expected one of {list}")
    } else if let Some(rest) = what.strip_prefix("invalid type: ") {
        let (got, expected) = rest
            .split_once(", expected ")
            .unwrap_or((rest, "another type"));
        format!("expected {}, got {}", kind(expected), got_text(got))
    } else if let Some(rest) = what.strip_prefix("invalid value: ") {
        let (got, expected) = rest
            .split_once(", expected ")
            .unwrap_or((rest, "another value"));
        format!("expected {}, got {}", kind(expected), got_text(got))
    } else if let Some(rest) = what.strip_prefix("missing field ") {
        return format!("missing field {}", quoted(rest));
    } else {
        quoted(what)
    };
    match field {
        Some(field) => format!("{field}: {sentence}"),
        None => format!("the body: {sentence}"),
    }
}

/// `` `x`, expected `a` or `b` `` into (`'x'`, `Some("'a', 'b'")`); "there are no fields"
/// gives no list.
fn split_expected(text: &str) -> (String, Option<String>) {
    let (name, rest) = text.split_once(", ").unwrap_or((text, ""));
    let list = rest
        .strip_prefix("expected one of ")
        .or_else(|| rest.strip_prefix("expected "))
        .map(|l| quoted(&l.replace(" or ", ", ")));
    (quoted(name), list)
}

/// serde's backquotes as plain quotes.
fn quoted(text: &str) -> String {
    text.replace('`', "'")
}

/// What serde expected, for people: `usize` is a whole number, `struct NewGame` an object.
fn kind(expected: &str) -> String {
    match expected {
        "usize" | "u8" | "u16" | "u32" | "u64" => "a whole number (0 or more)".into(),
        "isize" | "i8" | "i16" | "i32" | "i64" => "a whole number".into(),
        "f32" | "f64" => "a number".into(),
        "a boolean" | "a string" => expected.into(),
        other if other.starts_with("struct ") => "a JSON object".into(),
        other => quoted(other),
    }
}

/// What serde found, for people: `string "big"` is the string "big", a `sequence` an array.
fn got_text(got: &str) -> String {
    match got {
        "sequence" => "an array".into(),
        "map" => "an object".into(),
        "null" => "null".into(),
        other => match other.split_once(' ') {
            Some(("integer" | "floating" | "boolean", value)) => {
                value.trim_start_matches("point ").replace('`', "")
            }
            Some(("string", text)) => format!("the string {text}"),
            _ => quoted(other),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::teach::TreeRequest;
    use crate::view::{MoveRequest, NewGame};

    fn error_of<T: DeserializeOwned + std::fmt::Debug>(body: &str) -> (StatusCode, String) {
        let err = parse::<T>(body.as_bytes()).unwrap_err();
        (err.status(), err.to_string())
    }

    #[test]
    fn shape_errors_are_plain_sentences_naming_the_field() {
        let cases = [
            (
                error_of::<MoveRequest>(r#"{"mov": "b2"}"#),
                "unknown field 'mov'; expected one of 'move', 'cell'",
            ),
            (
                error_of::<NewGame>(r#"{"width": "big"}"#),
                "width: expected a whole number (0 or more), got the string \"big\"",
            ),
            (
                error_of::<NewGame>(r#"{"width": -3}"#),
                "width: expected a whole number (0 or more), got -3",
            ),
            (
                error_of::<MoveRequest>(r#"{"cell": true}"#),
                "cell: expected a whole number (0 or more), got true",
            ),
            (
                error_of::<NewGame>(r#"{"first": "z"}"#),
                "first: 'z' is not allowed; expected one of 'x', 'o'",
            ),
            (
                error_of::<TreeRequest>(r#"{"algo": "both"}"#),
                "missing field 'tree'",
            ),
            (
                error_of::<NewGame>("[3, 3, 3]"),
                "the body must be a JSON object ({...}), not an array",
            ),
            (
                error_of::<NewGame>(" 7"),
                "the body must be a JSON object ({...}), not a number",
            ),
        ];
        for ((status, text), want) in cases {
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{text}");
            assert_eq!(text, want);
            assert!(
                !text.contains("deserialize") && !text.contains('`'),
                "{text}"
            );
        }
    }

    #[test]
    fn malformed_json_is_a_bad_request_with_its_position() {
        let (status, text) = error_of::<NewGame>(r#"{"width": 3,"#);
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(
            text,
            "the body is not valid JSON: it ends too soon (line 1, column 12)"
        );
        let (status, text) = error_of::<NewGame>("");
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(
            text,
            "the body is not valid JSON: it ends too soon (line 1, column 0)"
        );
        let (status, text) = error_of::<NewGame>(r#"{} {}"#);
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(
            text,
            "the body is not valid JSON: trailing characters (line 1, column 4)"
        );
    }

    #[test]
    fn only_json_content_types_are_accepted() {
        let mut headers = HeaderMap::new();
        assert!(!declared_json(&headers));
        for (value, json) in [
            ("application/json", true),
            ("application/json; charset=utf-8", true),
            ("Application/JSON", true),
            ("application/problem+json", true),
            ("text/plain", false),
            ("application/jsonx", false),
        ] {
            headers.insert(header::CONTENT_TYPE, value.parse().unwrap());
            assert_eq!(declared_json(&headers), json, "{value}");
        }
    }
}
