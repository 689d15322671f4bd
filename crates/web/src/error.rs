//! The API's errors and the pieces of request decoding they come from.
//!
//! Every error is a JSON body `{"error": "..."}`: 400 for a value the game
//! crates' checks refuse (in their words: `invalid value '9' for 'size':
//! expected a board size from 2 to 8`), 404 for an unknown game or path, 413
//! for a body over the limit, 415 and 422 for a body that is not JSON of the
//! expected shape (axum's statuses and messages), 422 also for a
//! computation that reached one of the server's caps, 503 with a
//! `Retry-After` header when every solver is busy and the queue is full.

use std::fmt;

use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use boardkit_grid::value::{IntParam, ValueError};
use serde::de::{self, DeserializeOwned, Deserializer, Visitor};
use serde::{Deserialize, Serialize};

/// The seconds a 503 answer ([`ApiError::busy`]) asks the client to wait
/// before trying again, as its `Retry-After` header gives them.
pub const RETRY_AFTER: &str = "1";

/// An error answer: a status and the message of its JSON body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status, always 4xx but for a bug in the server.
    pub status: StatusCode,
    /// What went wrong, in the game crates' words.
    pub message: String,
}

/// The body of every error answer.
#[derive(Serialize)]
struct ErrorBody<'a> {
    error: &'a str,
}

impl ApiError {
    /// 400: a value the checks refuse.
    pub fn bad(message: impl fmt::Display) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.to_string(),
        }
    }

    /// 404: no such game or path.
    pub fn not_found(message: impl fmt::Display) -> ApiError {
        ApiError {
            status: StatusCode::NOT_FOUND,
            message: message.to_string(),
        }
    }

    /// 422: a computation stopped at one of the server's caps.
    pub fn limit(message: impl fmt::Display) -> ApiError {
        ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            message: message.to_string(),
        }
    }

    /// 503: every place for this kind of work is taken; the answer carries
    /// `Retry-After: 1` ([`RETRY_AFTER`]).
    pub fn busy(message: impl fmt::Display) -> ApiError {
        ApiError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: message.to_string(),
        }
    }

    /// 500: a bug in the server (a computation panicked).
    pub fn internal() -> ApiError {
        ApiError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            message: "internal error: this is a bug in boardkit; please report the request".into(),
        }
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.status, self.message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (
            self.status,
            axum::Json(ErrorBody {
                error: &self.message,
            }),
        )
            .into_response();
        if self.status == StatusCode::SERVICE_UNAVAILABLE {
            response.headers_mut().insert(
                axum::http::header::RETRY_AFTER,
                axum::http::HeaderValue::from_static(RETRY_AFTER),
            );
        }
        response
    }
}

impl From<JsonRejection> for ApiError {
    /// axum's status for the rejection (413 for a body over the limit, 415
    /// without a JSON content type, 400 for bad syntax, 422 for the wrong
    /// shape) and its message.
    fn from(rejection: JsonRejection) -> ApiError {
        ApiError {
            status: rejection.status(),
            message: rejection.body_text(),
        }
    }
}

/// The answer of [`tower_http::catch_panic`] to a panic in a handler.
pub(crate) fn panic_response(_: Box<dyn std::any::Any + Send + 'static>) -> Response {
    ApiError::internal().into_response()
}

/// A JSON request body of type `T`, rejected as an [`ApiError`].
#[derive(Debug)]
pub struct Body<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Body<T>, ApiError> {
        let axum::Json(value) = axum::Json::<T>::from_request(req, state).await?;
        Ok(Body(value))
    }
}

/// An integer of a request, of any size: one beyond `i128` becomes
/// `i128::MIN` or `i128::MAX`, outside every parameter's range, so that
/// `-1` and `1e40` get the parameter's message rather than a decoding error.
/// A number with a fraction is refused while decoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Int(pub i128);

impl fmt::Display for Int {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            i128::MIN => f.write_str("a negative number beyond 2^127"),
            i128::MAX => f.write_str("a number beyond 2^127"),
            v => write!(f, "{v}"),
        }
    }
}

impl<'de> Deserialize<'de> for Int {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Int, D::Error> {
        deserializer.deserialize_any(IntVisitor)
    }
}

/// Reads an [`Int`] from any JSON number without a fraction.
struct IntVisitor;

impl Visitor<'_> for IntVisitor {
    type Value = Int;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an integer")
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Int, E> {
        Ok(Int(i128::from(v)))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Int, E> {
        Ok(Int(i128::from(v)))
    }

    fn visit_i128<E: de::Error>(self, v: i128) -> Result<Int, E> {
        Ok(Int(v))
    }

    fn visit_u128<E: de::Error>(self, v: u128) -> Result<Int, E> {
        Ok(Int(i128::try_from(v).unwrap_or(i128::MAX)))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Int, E> {
        if v.fract() != 0.0 || v.is_nan() {
            return Err(E::invalid_value(de::Unexpected::Float(v), &self));
        }
        // Saturating: a whole number past i128 lands on its end.
        #[allow(clippy::cast_possible_truncation)]
        Ok(Int(v as i128))
    }
}

/// The error of a request's field `name` that its check refused, in the
/// command line's words: `invalid value '9' for 'size': expected a board
/// size from 2 to 8`.
pub fn invalid(name: &str, value: impl fmt::Display, e: &ValueError) -> ApiError {
    ApiError::bad(e.for_argument(name, value))
}

/// The field `name` checked by `param`, as the type the caller keeps.
///
/// # Errors
/// [`invalid`] when the check refuses it.
pub fn int_arg<T: TryFrom<i128>>(name: &str, v: Int, param: IntParam) -> Result<T, ApiError> {
    param.check_as(v.0).map_err(|e| invalid(name, v, &e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_of_any_size_decode() {
        let read = |s: &str| serde_json::from_str::<Int>(s).map_err(|e| e.to_string());
        assert_eq!(read("-3"), Ok(Int(-3)));
        assert_eq!(read("18446744073709551615"), Ok(Int(i128::from(u64::MAX))));
        assert_eq!(read("1e60"), Ok(Int(i128::MAX)));
        assert_eq!(read("-1e60"), Ok(Int(i128::MIN)));
        assert_eq!(read("4.0"), Ok(Int(4)));
        assert!(read("2.5").is_err());
        assert!(read("\"4\"").is_err());
        assert_eq!(Int(i128::MAX).to_string(), "a number beyond 2^127");
    }
}
