//! Practice over the JSON API in-process (issue 30): an exercise named by its kind, difficulty
//! and seed; the engine's own solution marked right and a wrong answer's first mistake; hints;
//! the solution stepped through with the tree panel's own lesson; bad input refused with a
//! sentence; and the class view: each student's results, the most common mistake, the bounds,
//! and a client without the token refused.

mod oneshot;

use axum::http::{Method, StatusCode};
use mnk_engine::practice::{Answer, Difficulty, Exercise, Kind, MAX_ANSWER_CHARS};
use mnk_web::{router, Access, AppState, Config, Limits};
use oneshot::{peer, request};
use serde_json::{json, Value};
use std::sync::Arc;

const TOKEN: &str = "class-4b";

/// An app without a token, and one with [`TOKEN`] and these limits.
fn app() -> axum::Router {
    router(Arc::new(AppState::new(Limits::default())))
}

fn tokened(limits: Limits) -> axum::Router {
    let config = Config {
        limits,
        access: Access::new([], Some(TOKEN.into())),
        ..Config::default()
    };
    router(Arc::new(AppState::open(&config).unwrap()))
}

/// `POST /api/v1/practice{path}` with `body`, sending the token when `token`.
async fn post_as(app: &axum::Router, token: bool, path: &str, body: Value) -> (StatusCode, Value) {
    let auth = format!("Bearer {TOKEN}");
    let headers: &[(&str, &str)] = if token {
        &[("authorization", &auth)]
    } else {
        &[]
    };
    let a = request(
        app,
        peer(1),
        Method::POST,
        &format!("/api/v1/practice{path}"),
        headers,
        Some(&body.to_string()),
    )
    .await;
    (a.status, a.body)
}

/// A server without a token takes the token's header as if it had not been sent.
async fn post(app: &axum::Router, path: &str, body: Value) -> (StatusCode, Value) {
    post_as(app, true, path, body).await
}

async fn ok(app: &axum::Router, path: &str, body: Value) -> Value {
    let (status, answer) = post(app, path, body).await;
    assert_eq!(status, StatusCode::OK, "{path}: {answer}");
    answer
}

fn refused(status: StatusCode, body: &Value, want: StatusCode, code: &str, words: &str) {
    assert_eq!(status, want, "{body}");
    assert_eq!(body["code"], code, "{body}");
    let text = body["error"].as_str().unwrap_or_default();
    assert!(text.contains(words), "'{text}' should say '{words}'");
}

/// The exercise named by a view's kind, difficulty and seed, made by the engine here.
fn engine_exercise(view: &Value) -> Exercise {
    let kind: Kind = view["kind"].as_str().unwrap().parse().unwrap();
    let difficulty: Difficulty = view["difficulty"].as_str().unwrap().parse().unwrap();
    Exercise::generate(kind, difficulty, view["seed"].as_u64().unwrap()).unwrap()
}

/// The request body naming the same exercise as `view`, with `extra` fields.
fn named(view: &Value, extra: Value) -> Value {
    let mut body =
        json!({"kind": view["kind"], "difficulty": view["difficulty"], "seed": view["seed"]});
    for (k, v) in extra.as_object().unwrap() {
        body[k] = v.clone();
    }
    body
}

#[tokio::test]
async fn an_exercise_is_named_by_its_kind_difficulty_and_seed_and_shows_no_answer() {
    let app = app();
    let body = json!({"kind": "minimax", "difficulty": "medium", "seed": 7});
    let first = ok(&app, "", body.clone()).await;
    assert_eq!(
        ok(&app, "", body).await,
        first,
        "the same three, the same exercise"
    );
    let exercise = engine_exercise(&first);
    assert_eq!(first["tree"], exercise.tree().unwrap().to_string());
    assert_eq!(
        first["parts"].as_array().unwrap().len(),
        exercise.parts().len()
    );
    // The drawing gives the leaves' values and no inner node's.
    let nodes = first["nodes"].as_array().unwrap();
    assert!(nodes.iter().any(|n| n["leaf"] == true));
    for n in nodes {
        assert_eq!(n["value"].is_null(), n["leaf"] == false, "{n}");
    }
    assert!(first.get("cells").is_none());
    // Without a seed the server picks one a page can carry exactly, and it names the same
    // exercise again; without a kind, the seed picks it.
    let picked = ok(&app, "", json!({"kind": "position"})).await;
    let seed = picked["seed"].as_u64().unwrap();
    assert!(seed < 1 << 32, "{seed}");
    assert_eq!(ok(&app, "", named(&picked, json!({}))).await, picked);
    let cells = picked["cells"].as_array().unwrap();
    let rules = &picked["rules"];
    assert_eq!(
        cells.len() as u64,
        rules["width"].as_u64().unwrap() * rules["height"].as_u64().unwrap()
    );
    let any = ok(&app, "", json!({})).await;
    assert!(Kind::ALL.iter().any(|k| any["kind"] == k.name()), "{any}");
    assert_eq!(any["difficulty"], "easy");
}

#[tokio::test]
async fn the_engines_own_solution_earns_every_point_on_every_kind_and_level() {
    let app = app();
    for kind in Kind::ALL {
        for difficulty in Difficulty::ALL {
            let view = ok(
                &app,
                "",
                json!({"kind": kind.name(), "difficulty": difficulty.name(), "seed": 11}),
            )
            .await;
            let solution = ok(&app, "/solution", named(&view, json!({}))).await;
            let exercise = engine_exercise(&view);
            assert_eq!(solution["answer"], exercise.solution().to_text(&exercise));
            let marked = ok(
                &app,
                "/mark",
                named(&view, json!({"answer": solution["answer"]})),
            )
            .await;
            assert_eq!(marked["correct"], true, "{kind} {difficulty}: {marked}");
            assert_eq!(marked["points"], marked["out_of"]);
            assert!(marked["mistake"].is_null() && marked["mistake_data"].is_null());
            assert_eq!(marked["recorded"], false, "no nickname, nothing kept");
            // The replies, one per part as the page sends them, make the same answer.
            let parts = exercise.parts();
            let text: Vec<String> = parts
                .iter()
                .zip(solution["replies"].as_array().unwrap())
                .map(|(part, reply)| part.text(reply.as_str().unwrap()))
                .collect();
            let again = Answer::parse(&exercise, &text.join(" ")).unwrap();
            assert!(
                exercise.mark(&again).correct(),
                "{kind} {difficulty}: {text:?}"
            );
        }
    }
}

#[tokio::test]
async fn a_wrong_answer_earns_partial_credit_and_its_first_mistake_explained() {
    let app = app();
    let view = ok(
        &app,
        "",
        json!({"kind": "alphabeta", "difficulty": "medium", "seed": 3}),
    )
    .await;
    let exercise = engine_exercise(&view);
    let Answer::Pruned { value, .. } = exercise.solution() else {
        panic!("an alpha-beta answer");
    };
    // The right value, but nothing marked as skipped.
    let text = format!("value={} pruned=none", value.unwrap());
    let marked = ok(&app, "/mark", named(&view, json!({"answer": text}))).await;
    let engine = exercise.mark(&Answer::parse(&exercise, &text).unwrap());
    assert_eq!(marked["correct"], false);
    assert_eq!(marked["points"], engine.points);
    assert!(
        engine.points > 0 && engine.points < engine.out_of,
        "partial credit"
    );
    assert_eq!(marked["mistake"], engine.explanation().unwrap());
    assert_eq!(marked["mistake_data"]["type"], "skipped_not_marked");
    assert!(marked["items"]
        .as_array()
        .unwrap()
        .iter()
        .any(|i| i["right"] == false));
    // A minimax answer with one value wrong: that node is the first mistake.
    let view = ok(
        &app,
        "",
        json!({"kind": "minimax", "difficulty": "easy", "seed": 5}),
    )
    .await;
    let exercise = engine_exercise(&view);
    let Answer::Values(mut values) = exercise.solution() else {
        panic!("a minimax answer");
    };
    let root = values.get_mut(&Vec::new()).unwrap();
    *root += 1;
    let wrong = Answer::Values(values).to_text(&exercise);
    let marked = ok(&app, "/mark", named(&view, json!({"answer": wrong}))).await;
    assert_eq!(marked["mistake_data"]["type"], "node_value", "{marked}");
    assert_eq!(marked["mistake_data"]["node"], "root");
    assert_eq!(marked["points"], marked["out_of"].as_u64().unwrap() - 1);
    assert!(marked["hint"].as_str().unwrap().contains("the root"));
}

#[tokio::test]
async fn a_hint_is_for_a_part_for_an_answer_or_where_to_start() {
    let app = app();
    let view = ok(
        &app,
        "",
        json!({"kind": "minimax", "difficulty": "medium", "seed": 2}),
    )
    .await;
    let exercise = engine_exercise(&view);
    let parts = exercise.parts();
    let last = parts.len() - 1;
    let hint = ok(&app, "/hint", named(&view, json!({"part": last}))).await;
    assert_eq!(hint["hint"], exercise.part_hint(&parts[last]));
    assert_eq!(hint["hint_data"]["type"], "part");
    assert_eq!(hint["hint_data"]["node"], "root", "the root is asked last");
    assert_eq!(hint["hint_data"]["maximizing"], view["max_first"]);
    let start = ok(&app, "/hint", named(&view, json!({}))).await;
    assert_eq!(start["hint"], exercise.hint(None));
    assert_eq!(
        start["hint_data"],
        json!({"type": "start", "kind": "minimax"})
    );
    let wrong = ok(&app, "/hint", named(&view, json!({"answer": "root=99"}))).await;
    assert_eq!(wrong["hint_data"]["type"], "mistake");
    assert_eq!(wrong["hint_data"]["mistake"]["type"], "node_value");
    let (s, b) = post(
        &app,
        "/hint",
        named(&view, json!({"part": 0, "answer": "root=1"})),
    )
    .await;
    refused(
        s,
        &b,
        StatusCode::UNPROCESSABLE_ENTITY,
        "unprocessable",
        "not both",
    );
    let (s, b) = post(&app, "/hint", named(&view, json!({"part": 99}))).await;
    refused(
        s,
        &b,
        StatusCode::UNPROCESSABLE_ENTITY,
        "unprocessable",
        "parts 0 to",
    );
}

#[tokio::test]
async fn the_solution_steps_through_the_tree_panels_own_lesson() {
    let app = app();
    for (kind, algo) in [
        ("alphabeta", "alphabeta"),
        ("minimax", "minimax"),
        ("window", "alphabeta"),
    ] {
        let view = ok(
            &app,
            "",
            json!({"kind": kind, "difficulty": "hard", "seed": 4}),
        )
        .await;
        let solution = ok(&app, "/solution", named(&view, json!({}))).await;
        let tree = request(
            &app,
            None,
            Method::POST,
            "/api/v1/tree",
            &[],
            Some(
                &json!({"tree": view["tree"], "algo": algo, "min_first": view["max_first"] == false})
                    .to_string(),
            ),
        )
        .await;
        assert_eq!(tree.status, StatusCode::OK);
        assert_eq!(solution["lesson"], tree.body["lessons"][0], "{kind}");
        assert!(!solution["walkthrough"].as_str().unwrap().is_empty());
        assert!(solution["analysis"].is_null());
    }
    // The ordering: alpha-beta on the best order.
    let view = ok(&app, "", json!({"kind": "ordering", "seed": 9})).await;
    let solution = ok(&app, "/solution", named(&view, json!({}))).await;
    let order = solution["order"].as_array().unwrap();
    assert_eq!(
        solution["lesson"]["leaves_visited"],
        json!(solution["items"][0]["expected"]
            .as_str()
            .unwrap()
            .parse::<u64>()
            .unwrap())
    );
    assert_eq!(
        order.len(),
        view["nodes"][0]["children"].as_array().unwrap().len()
    );
    // A position: every move's exact value, and no tree.
    let view = ok(&app, "", json!({"kind": "position", "seed": 9})).await;
    let solution = ok(&app, "/solution", named(&view, json!({}))).await;
    assert!(solution["lesson"].is_null());
    assert_eq!(solution["analysis"]["kind"], "exact");
    let empty = view["cells"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| *c == "")
        .count();
    assert_eq!(
        solution["analysis"]["moves"].as_array().unwrap().len(),
        empty
    );
}

#[tokio::test]
async fn bad_input_is_refused_with_one_sentence_and_a_code() {
    let app = app();
    let view = ok(
        &app,
        "",
        json!({"kind": "window", "difficulty": "easy", "seed": 1}),
    )
    .await;
    let exercise = engine_exercise(&view);
    // The engine's own sentence for an answer it cannot read.
    let text = "alpha=lots";
    let (s, b) = post(&app, "/mark", named(&view, json!({"answer": text}))).await;
    let sentence = Answer::parse(&exercise, text).unwrap_err().to_string();
    refused(
        s,
        &b,
        StatusCode::UNPROCESSABLE_ENTITY,
        "unreadable_answer",
        &sentence,
    );
    let long = "1".repeat(MAX_ANSWER_CHARS + 1);
    let (s, b) = post(&app, "/mark", named(&view, json!({"answer": long}))).await;
    refused(
        s,
        &b,
        StatusCode::UNPROCESSABLE_ENTITY,
        "unreadable_answer",
        "longer than",
    );
    // Unknown fields, missing fields, wrong types.
    let (s, b) = post(&app, "", json!({"kind": "minimax", "colour": "red"})).await;
    refused(
        s,
        &b,
        StatusCode::UNPROCESSABLE_ENTITY,
        "unprocessable",
        "unknown field 'colour'",
    );
    let (s, b) = post(&app, "/mark", named(&view, json!({}))).await;
    refused(
        s,
        &b,
        StatusCode::UNPROCESSABLE_ENTITY,
        "unprocessable",
        "missing field 'answer'",
    );
    let (s, b) = post(&app, "", json!({"seed": "seven"})).await;
    refused(
        s,
        &b,
        StatusCode::UNPROCESSABLE_ENTITY,
        "unprocessable",
        "seed:",
    );
    // Names the engine does not know, said with what it accepts; a long one is not echoed.
    let (s, b) = post(&app, "", json!({"kind": "chess"})).await;
    refused(
        s,
        &b,
        StatusCode::UNPROCESSABLE_ENTITY,
        "no_exercise",
        "minimax, alphabeta",
    );
    let (s, b) = post(&app, "", json!({"difficulty": "x".repeat(5000)})).await;
    refused(
        s,
        &b,
        StatusCode::UNPROCESSABLE_ENTITY,
        "no_exercise",
        "difficulty",
    );
    assert!(b["error"].as_str().unwrap().len() < 200, "{b}");
    // Nicknames: 1 to 24 visible characters, nothing strange.
    for bad in ["", "   ", &"n".repeat(25), "a\u{202E}b", "new\nline"] {
        let (s, b) = post(&app, "", json!({"nickname": bad})).await;
        refused(
            s,
            &b,
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad_nickname",
            "nickname",
        );
        let (s, b) = post(
            &app,
            "/mark",
            named(&view, json!({"answer": "alpha=1", "nickname": bad})),
        )
        .await;
        assert_eq!(
            (s, b["code"].as_str()),
            (StatusCode::UNPROCESSABLE_ENTITY, Some("bad_nickname"))
        );
    }
    // A route of practice with the wrong method.
    let a = request(&app, None, Method::GET, "/api/v1/practice/mark", &[], None).await;
    assert_eq!(a.status, StatusCode::METHOD_NOT_ALLOWED);
}

/// A wrong minimax answer (the root's value off by one) and a right one, for `seed`.
async fn minimax_answers(app: &axum::Router, seed: u64) -> (Value, String, String) {
    let view = ok(
        app,
        "",
        json!({"kind": "minimax", "difficulty": "easy", "seed": seed}),
    )
    .await;
    let exercise = engine_exercise(&view);
    let right = exercise.solution();
    let Answer::Values(mut values) = right.clone() else {
        panic!("a minimax answer");
    };
    *values.get_mut(&Vec::new()).unwrap() += 1;
    let wrong = Answer::Values(values).to_text(&exercise);
    (view, wrong, right.to_text(&exercise))
}

#[tokio::test]
async fn the_class_view_shows_each_students_results_and_needs_the_token() {
    let app = tokened(Limits::default());
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

    let get = |token: Option<&str>| {
        let app = app.clone();
        let auth = token.map(|t| format!("Bearer {t}"));
        async move {
            let headers: Vec<(&str, &str)> =
                auth.iter().map(|a| ("authorization", a.as_str())).collect();
            request(
                &app,
                peer(2),
                Method::GET,
                "/api/v1/practice/class",
                &headers,
                None,
            )
            .await
        }
    };
    let without = get(None).await;
    assert_eq!(without.status, StatusCode::UNAUTHORIZED);
    assert_eq!(without.body["code"], "token_required");
    assert!(without.body.get("students").is_none());
    assert_eq!(get(Some("class-4c")).await.status, StatusCode::UNAUTHORIZED);
    let class = get(Some(TOKEN)).await;
    assert_eq!(class.status, StatusCode::OK, "{}", class.body);
    let students = class.body["students"].as_array().unwrap();
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
        class.body["mistakes"][0],
        json!({"type": "node_value", "count": 2})
    );
    assert_eq!(class.body["limits"]["nickname_chars"], 24);

    // A server without a token has no class view, and says how to get one.
    let a = request(
        &self::app(),
        None,
        Method::GET,
        "/api/v1/practice/class",
        &[],
        None,
    )
    .await;
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
    let app = tokened(Limits {
        max_students: 2,
        results_per_student: 2,
        ..Limits::default()
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
    let auth = format!("Bearer {TOKEN}");
    let class = request(
        &app,
        peer(2),
        Method::GET,
        "/api/v1/practice/class",
        &[("authorization", &auth)],
        None,
    )
    .await
    .body;
    let names: Vec<&str> = class["students"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["nickname"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Bo", "Cy"]);
    assert_eq!(class["students_dropped"], 1);
    // Before Cy came, Ana's oldest result had been dropped: seen in a class of one student.
    let app = tokened(Limits {
        results_per_student: 2,
        ..Limits::default()
    });
    for answer in [&wrong, &wrong, &right] {
        post_as(&app, true, "/mark", mark("Ana", answer)).await;
    }
    let class = request(
        &app,
        peer(2),
        Method::GET,
        "/api/v1/practice/class",
        &[("authorization", &auth)],
        None,
    )
    .await
    .body;
    let ana = &class["students"][0];
    assert_eq!((&ana["checks"], &ana["dropped"]), (&json!(2), &json!(1)));
    assert_eq!(ana["mistakes"][0]["count"], 1);
}

#[tokio::test]
async fn an_answer_is_marked_even_when_its_result_cannot_be_kept() {
    let state = Arc::new(AppState::new(Limits::default()));
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
