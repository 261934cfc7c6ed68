//! The class view over the JSON API in-process (issue 30): each nicknamed student's results,
//! the most common mistake, the bounds on students and results, a client without the token
//! refused, a server without a token offering no class view, and a check marked even when its
//! result cannot be kept.

mod drill;
mod oneshot;

use axum::http::StatusCode;
use drill::{class, engine_exercise, minimax_answers, named, ok, post_as, refused, tokened, TOKEN};
use mnk_engine::practice::Answer;
use mnk_web::{router, AppState, ServerLimits};
use serde_json::{json, Value};
use std::sync::Arc;

#[tokio::test]
async fn the_class_view_shows_each_students_results_and_needs_the_token() {
    let app = tokened(ServerLimits::default());
    let mark = |view: &Value, answer: &str, who: Option<&str>| {
        let mut body = named(view, json!({"answer": answer}));
        if let Some(who) = who {
            body["nickname"] = json!(who);
        }
        body
    };
    // Ana: two exercises wrong at the root, then the first put right.
    let (one, wrong_one, right_one) = minimax_answers(&app, 1).await;
    let (two, wrong_two, _) = minimax_answers(&app, 2).await;
    for (view, answer) in [(&one, &wrong_one), (&two, &wrong_two), (&one, &right_one)] {
        let (s, b) = post_as(&app, true, "/mark", mark(view, answer, Some(" Ana "))).await;
        assert_eq!((s, &b["recorded"]), (StatusCode::OK, &json!(true)), "{b}");
    }
    // Bo: an alpha-beta exercise with nothing marked, right the first time on another.
    let ab = |seed| json!({"kind": "alphabeta", "difficulty": "easy", "seed": seed});
    let (_, first) = post_as(&app, true, "", ab(3)).await;
    let (_, second) = post_as(&app, true, "", ab(4)).await;
    let value = |view: &Value| match engine_exercise(view).solution() {
        Answer::Pruned { value, .. } => value.unwrap(),
        _ => unreachable!(),
    };
    let none = format!("value={} pruned=none", value(&first));
    post_as(&app, true, "/mark", mark(&first, &none, Some("Bo"))).await;
    let right = engine_exercise(&second)
        .solution()
        .to_text(&engine_exercise(&second));
    post_as(&app, true, "/mark", mark(&second, &right, Some("Bo"))).await;
    // Without a nickname nothing is kept.
    let (_, anon) = post_as(&app, true, "/mark", mark(&one, &wrong_one, None)).await;
    assert_eq!(anon["recorded"], false);

    let without = class(&app, None).await;
    assert_eq!(without.status, StatusCode::UNAUTHORIZED);
    assert_eq!(without.body["code"], "token_required");
    assert!(without.body.get("students").is_none());
    assert_eq!(
        class(&app, Some("class-4c")).await.status,
        StatusCode::UNAUTHORIZED
    );
    let view = class(&app, Some(TOKEN)).await;
    assert_eq!(view.status, StatusCode::OK, "{}", view.body);
    let students = view.body["students"].as_array().unwrap();
    let names: Vec<&str> = students
        .iter()
        .map(|s| s["nickname"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Ana", "Bo"]);
    let (ana, bo) = (&students[0], &students[1]);
    assert_eq!(
        (&ana["tried"], &ana["right"], &ana["checks"]),
        (&json!(2), &json!(1), &json!(3))
    );
    assert_eq!(ana["right_first_time"], 0);
    assert_eq!(ana["mistakes"], json!([{"type": "node_value", "count": 2}]));
    assert_eq!(
        (&bo["tried"], &bo["right"], &bo["right_first_time"]),
        (&json!(2), &json!(1), &json!(1))
    );
    assert_eq!(bo["mistakes"][0]["type"], "skipped_not_marked");
    assert_eq!(bo["exercises"][0]["seed"], 3);
    assert_eq!(bo["exercises"][0]["kind"], "alphabeta");
    // The whole class's most common mistake.
    assert_eq!(
        view.body["mistakes"][0],
        json!({"type": "node_value", "count": 2})
    );
    assert_eq!(view.body["limits"]["nickname_chars"], 24);

    // A server without a token has no class view, and says how to get one.
    let a = class(&drill::app(), None).await;
    refused(
        a.status,
        &a.body,
        StatusCode::FORBIDDEN,
        "class_needs_token",
        "start mnk serve with --token to see the class",
    );
}

#[tokio::test]
async fn the_class_keeps_at_most_its_students_and_their_latest_results() {
    let app = tokened(ServerLimits {
        max_students: 2,
        results_per_student: 2,
        ..ServerLimits::default()
    });
    let (view, wrong, right) = minimax_answers(&app, 1).await;
    let mark = |who: &str, answer: &str| named(&view, json!({"answer": answer, "nickname": who}));
    for (who, answer) in [
        ("Ana", &wrong),
        ("Ana", &wrong),
        ("Ana", &right),
        ("Bo", &right),
    ] {
        let (s, b) = post_as(&app, true, "/mark", mark(who, answer)).await;
        assert_eq!(s, StatusCode::OK, "{b}");
    }
    // Cy is a third student: Ana, seen less recently than Bo, makes room.
    post_as(&app, true, "/mark", mark("Cy", &right)).await;
    let body = class(&app, Some(TOKEN)).await.body;
    let names: Vec<&str> = body["students"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["nickname"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Bo", "Cy"]);
    assert_eq!(body["students_dropped"], 1);
    // Before Cy came, Ana's oldest result had been dropped: seen in a class of one student.
    let app = tokened(ServerLimits {
        results_per_student: 2,
        ..ServerLimits::default()
    });
    for answer in [&wrong, &wrong, &right] {
        post_as(&app, true, "/mark", mark("Ana", answer)).await;
    }
    let body = class(&app, Some(TOKEN)).await.body;
    let ana = &body["students"][0];
    assert_eq!((&ana["checks"], &ana["dropped"]), (&json!(2), &json!(1)));
    assert_eq!(ana["mistakes"][0]["count"], 1);
}

#[tokio::test]
async fn an_answer_is_marked_even_when_its_result_cannot_be_kept() {
    let state = Arc::new(AppState::new(ServerLimits::default()));
    let app = router(state.clone());
    let (view, wrong, _) = minimax_answers(&app, 1).await;
    // The database is gone (as when the server stops): the student still gets the marking.
    state.store.close().unwrap();
    let marked = ok(
        &app,
        "/mark",
        named(&view, json!({"answer": wrong, "nickname": "Ana"})),
    )
    .await;
    assert_eq!(marked["recorded"], false);
    assert_eq!(marked["mistake_data"]["type"], "node_value");
}
