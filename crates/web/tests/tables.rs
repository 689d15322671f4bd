//! The AI's moves and hints with the 2048 lookup tables: a server given
//! tables answers as the library does with them and names the table, one
//! without answers by search alone, and tables handed over while it runs
//! are used from the next request on.

// Test code that clippy cannot tell from the rest.
#![allow(clippy::unwrap_used, clippy::panic)]

use std::sync::Arc;

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use axum::Router;
use boardkit_2048::ai::{self, Settings};
use boardkit_2048::tables::{Subproblem, Table, Tables};
use boardkit_2048::Board;
use boardkit_web::{app_with_tables, Config, TablesSlot};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

async fn hint(app: &Router, rows: &Value) -> Value {
    let req = Request::builder()
        .method("POST")
        .uri("/api/v1/2048/hint")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(json!({ "board": rows }).to_string()))
        .unwrap();
    let res = app.clone().oneshot(req).await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    serde_json::from_slice(&res.into_body().collect().await.unwrap().to_bytes()).unwrap()
}

/// The smallest standard table: 2x4 building 32 (390,625 states).
fn table_32() -> Arc<Tables> {
    let sub = Subproblem::standard()
        .into_iter()
        .find(|s| s.goal == 5)
        .unwrap();
    Arc::new(Tables::new(vec![Table::build(sub, |_, _| {}).unwrap()]))
}

#[tokio::test]
async fn a_hint_takes_the_table_s_move_once_the_tables_are_handed_over() {
    // The upper two rows fixed, 32 at the left end of the second: the
    // 2x4-32 table's position (its twin is wanted right below the 32).
    let rows = json!([
        [512, 256, 128, 64],
        [32, 64, 256, 1024],
        [2, 4, 0, 0],
        [16, 0, 0, 2]
    ]);
    let values: Vec<u128> = serde_json::from_value::<Vec<Vec<u128>>>(rows.clone())
        .unwrap()
        .concat();
    let board = Board::from_values(4, &values).unwrap();
    let slot = TablesSlot::default();
    let app = app_with_tables(Config::default(), slot.clone());
    let plain = hint(&app, &rows).await;
    assert_eq!(plain["table"], Value::Null);
    let searched = ai::advise(&board, &Settings::fast()).unwrap();
    assert_eq!(
        plain["best"],
        json!(searched.best.map(|d| d.name().to_ascii_lowercase()))
    );

    let tables = table_32();
    slot.set(Arc::clone(&tables));
    let with = hint(&app, &rows).await;
    let advice = ai::advise(&board, &Settings::fast().with_tables(tables)).unwrap();
    let table = advice.table.unwrap();
    assert_eq!(with["best"], json!(table.dir.name().to_ascii_lowercase()));
    assert_eq!(with["table"]["name"], json!("2x4-32.table"));
    assert_eq!(with["table"]["goal"], json!(32));
    let p = with["table"]["probability"].as_f64().unwrap();
    assert!(
        (p - f64::from(table.probability)).abs() < 1e-6 && p > 0.0,
        "{p}"
    );
}
