//! The web app's pages: HTML, CSS and plain JavaScript built into the
//! binary (`include_str!` of `crates/web/assets/`), served at `/` (the
//! index), `/2048`, `/sokoban`, `/cover`, `/yut` and `/assets/…`.
//!
//! The pages call the JSON API under `/api/v1` from the same origin. Every
//! answer carries a Content-Security-Policy that allows only `'self'` (so
//! no inline script or style, no other host), `X-Content-Type-Options:
//! nosniff` and `Cache-Control: no-cache` (a browser revalidates, so a new
//! binary's pages are seen at once). Paths outside the pages and the API
//! keep the API's JSON 404.

use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use crate::Shared;

/// The Content-Security-Policy of every page and asset: this origin only.
pub const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
     img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; \
     form-action 'self'; frame-ancestors 'none'";

/// The Cache-Control of every page and asset.
pub const CACHE_CONTROL: &str = "no-cache";

/// One file served: its path, content type and text.
#[derive(Clone, Copy, Debug)]
pub struct Asset {
    /// The path it is served at.
    pub path: &'static str,
    /// Its `Content-Type`.
    pub content_type: &'static str,
    /// Its bytes.
    pub text: &'static str,
}

/// The content type of HTML pages.
const HTML: &str = "text/html; charset=utf-8";
/// The content type of style sheets.
const CSS: &str = "text/css; charset=utf-8";
/// The content type of scripts.
const JS: &str = "text/javascript; charset=utf-8";
/// The content type of the icon.
const SVG: &str = "image/svg+xml";

/// Every page and asset.
pub const ASSETS: &[Asset] = &[
    Asset {
        path: "/",
        content_type: HTML,
        text: include_str!("../assets/index.html"),
    },
    Asset {
        path: "/2048",
        content_type: HTML,
        text: include_str!("../assets/2048.html"),
    },
    Asset {
        path: "/sokoban",
        content_type: HTML,
        text: include_str!("../assets/sokoban.html"),
    },
    Asset {
        path: "/cover",
        content_type: HTML,
        text: include_str!("../assets/cover.html"),
    },
    Asset {
        path: "/yut",
        content_type: HTML,
        text: include_str!("../assets/yut.html"),
    },
    Asset {
        path: "/assets/style.css",
        content_type: CSS,
        text: include_str!("../assets/style.css"),
    },
    Asset {
        path: "/assets/common.js",
        content_type: JS,
        text: include_str!("../assets/common.js"),
    },
    Asset {
        path: "/assets/2048.js",
        content_type: JS,
        text: include_str!("../assets/2048.js"),
    },
    Asset {
        path: "/assets/sokoban.js",
        content_type: JS,
        text: include_str!("../assets/sokoban.js"),
    },
    Asset {
        path: "/assets/cover.js",
        content_type: JS,
        text: include_str!("../assets/cover.js"),
    },
    Asset {
        path: "/assets/yut.js",
        content_type: JS,
        text: include_str!("../assets/yut.js"),
    },
    Asset {
        path: "/assets/icon.svg",
        content_type: SVG,
        text: include_str!("../assets/icon.svg"),
    },
];

/// `asset` as an answer, with its content type and the headers every page
/// carries.
fn answer(asset: &Asset) -> Response {
    let mut response = asset.text.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(asset.content_type),
    );
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(CACHE_CONTROL),
    );
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    response
}

/// The routes of every page and asset (GET and HEAD).
pub fn routes() -> Router<Shared> {
    ASSETS.iter().fold(Router::new(), |router, asset| {
        router.route(asset.path, get(move || async move { answer(asset) }))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every page's scripts and styles are files of [`ASSETS`] (the CSP
    /// refuses inline ones), and its links lead to pages served.
    #[test]
    fn pages_link_only_to_assets_served() {
        let served: Vec<&str> = ASSETS.iter().map(|a| a.path).collect();
        for page in ASSETS.iter().filter(|a| a.content_type == HTML) {
            assert!(!page.text.contains("<script>"), "{}", page.path);
            assert!(!page.text.contains("style="), "{}", page.path);
            assert!(!page.text.contains("<style"), "{}", page.path);
            for attr in ["src=\"", "href=\""] {
                for link in page.text.split(attr).skip(1) {
                    let link = link.split('"').next().unwrap_or_default();
                    assert!(served.contains(&link), "{}: {link}", page.path);
                }
            }
        }
    }
}
