//! Practice over the JSON API in-process (issue 30): an exercise named by its kind, difficulty
//! and seed; the engine's own solution marked right and a wrong answer's first mistake; hints;
//! the solution stepped through with the tree panel's own lesson; bad input refused with a
//! sentence. (The class view is in `practice_class.rs`; the helpers in `drill/`.)

mod drill;
mod oneshot;

use axum::http::{Method, StatusCode};
use drill::{app, engine_exercise, named, ok, post, refused};
use mnk_engine::practice::{Answer, Difficulty, Kind, Task, MAX_ANSWER_CHARS};
use mnk_engine::tree::chance::ChanceTree;
use oneshot::request;
use serde_json::json;

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
    // Every kind, chance trees included.
    assert!(Kind::ALL.contains(&Kind::Chance));
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
async fn a_chance_exercise_is_drawn_with_who_decides_and_each_branchs_probability() {
    let app = app();
    for difficulty in Difficulty::ALL {
        let view = ok(
            &app,
            "",
            json!({"kind": "chance", "difficulty": difficulty.name(), "seed": 3}),
        )
        .await;
        let exercise = engine_exercise(&view);
        let tree = exercise.chance_tree().unwrap();
        assert_eq!(view["tree"], tree.to_string());
        let Task::Chance { bounds, .. } = &exercise.task else {
            panic!("a chance task");
        };
        assert_eq!(view["bounds"], json!([bounds.0, bounds.1]));
        let nodes = view["nodes"].as_array().unwrap();
        let engine = tree.post_order(view["max_first"] == true);
        assert_eq!(nodes.len(), engine.len(), "{difficulty}: every node drawn");
        assert!(
            nodes[0]["path"].as_array().unwrap().is_empty(),
            "the root first"
        );
        let mut chance = 0;
        for n in nodes {
            let path: Vec<usize> = serde_json::from_value(n["path"].clone()).unwrap();
            let (_, chooser) = engine.iter().find(|(p, _)| *p == path).unwrap();
            // Who decides, as the engine says; values for the leaves only.
            let word = chooser.map(|c| c.word().to_ascii_lowercase());
            assert_eq!(n["chooser"].as_str(), word.as_deref(), "{n}");
            assert_eq!(n["leaf"], chooser.is_none(), "{n}");
            assert_eq!(n["value"].is_null(), chooser.is_some(), "{n}");
            if let Some(ChanceTree::Leaf(v)) = tree.at(&path) {
                assert_eq!(n["value"], *v);
            }
            // Each branch of a chance node carries its probability, and they add up to 1.
            let children: Vec<&serde_json::Value> = n["children"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| &nodes[c.as_u64().unwrap() as usize])
                .collect();
            if n["chooser"] == "chance" {
                chance += 1;
                let total: f64 = children
                    .iter()
                    .map(|c| c["probability"].as_f64().unwrap())
                    .sum();
                assert!((total - 1.0).abs() < 1e-9, "{n}");
                assert!(children.iter().all(|c| c["probability_text"].is_string()));
            } else {
                assert!(children.iter().all(|c| c["probability"].is_null()));
            }
            // A decision node's `max` says the same as its chooser.
            if n["chooser"] == "max" || n["chooser"] == "min" {
                assert_eq!(n["max"], n["chooser"] == "max", "{n}");
            }
        }
        assert!(chance > 0, "{difficulty}: a chance node");
        // The solution has no lesson to step through: its walkthrough is the engine's table.
        let solution = ok(&app, "/solution", named(&view, json!({}))).await;
        assert!(solution["lesson"].is_null() && solution["analysis"].is_null());
        assert_eq!(solution["walkthrough"], exercise.walkthrough());
        assert!(solution["walkthrough"]
            .as_str()
            .unwrap()
            .contains("expectiminimax"));
        // The same table as data, for the page: a row per node, the root's value the
        // table's.
        let chance_rows = solution["chance"]["rows"].as_array().unwrap();
        assert_eq!(chance_rows.len(), nodes.len(), "{}", solution["chance"]);
        assert_eq!(chance_rows[0]["node"], "root");
        assert_eq!(solution["chance"]["value"], chance_rows[0]["value"]);
        for row in chance_rows {
            let kind = row["with_cuts"].as_str().unwrap();
            assert!(
                ["pruned", "unvisited", "value", "cut", "at_most", "at_least"].contains(&kind),
                "{row}"
            );
            assert_eq!(
                row["searched"].is_string(),
                !["pruned", "unvisited"].contains(&kind)
            );
            assert_eq!(row["window"].is_string(), kind.starts_with("at_"), "{row}");
        }
    }
}

#[tokio::test]
async fn a_wrong_chance_answer_gets_its_first_mistake_as_words_and_as_data() {
    let app = app();
    // MAX at the root over three chance nodes; the leaves lie in [0, 10]; the third chance
    // node is cut after its first child (0.75×4 + 0.25×10 at most = 5.5 ≤ α = 6.6).
    let view = ok(
        &app,
        "",
        json!({"kind": "chance", "difficulty": "medium", "seed": 3}),
    )
    .await;
    let exercise = engine_exercise(&view);
    let right = exercise.solution().to_text(&exercise);
    assert_eq!(right, "root=6.6 0=3 0.1=1 1=6.6 1.0=3 2=5.5 pruned=2.1");
    let mark = |answer: String| {
        let app = app.clone();
        let view = view.clone();
        async move {
            let marked = ok(&app, "/mark", named(&view, json!({"answer": answer}))).await;
            let engine = engine_exercise(&view);
            let mine = engine.mark(&Answer::parse(&engine, &answer).unwrap());
            assert_eq!(marked["points"], mine.points, "{answer}");
            assert_eq!(marked["mistake"], mine.explanation().unwrap(), "{answer}");
            assert_eq!(marked["correct"], false);
            marked
        }
    };
    // A fraction is read as its value; a chance node's value wrong: its sum, term by term.
    let marked = mark(right.replace("2=5.5", "2=7/2").replace("1=6.6", "1=33/5")).await;
    let data = &marked["mistake_data"];
    assert_eq!(data["type"], "chance_value", "{marked}");
    assert_eq!(data["node"], "2");
    assert_eq!(data["chooser"], "chance");
    assert_eq!(data["probability_texts"], json!(["0.75", "0.25"]));
    assert_eq!(data["expected"], 5.5);
    assert_eq!(data["given"], 3.5);
    assert!(
        marked["mistake"]
            .as_str()
            .unwrap()
            .contains("0.75×4 + 0.25×10 = 5.5"),
        "{marked}"
    );
    assert_eq!(marked["points"], marked["out_of"].as_u64().unwrap() - 1);
    // Nothing marked: the cut at the chance node 2, with the arithmetic behind it.
    let marked = mark(right.replace("pruned=2.1", "pruned=none")).await;
    let data = &marked["mistake_data"];
    assert_eq!(data["type"], "chance_skipped", "{marked}");
    assert_eq!(
        (
            &data["node"],
            &data["parent"],
            &data["chooser"],
            &data["after"]
        ),
        (&json!("2.1"), &json!("2"), &json!("chance"), &json!("2.0"))
    );
    assert_eq!(
        (&data["sum"], &data["rest_text"]),
        (&json!(3.0), &json!("0.25"))
    );
    assert_eq!(
        (&data["limit"], &data["at_most"]),
        (&json!(5.5), &json!(true))
    );
    assert_eq!(data["alpha"], "6.6");
    assert_eq!(data["bounds"], json!([0.0, 10.0]));
    // A searched node marked as skipped.
    let marked = mark(right.replace("pruned=2.1", "pruned=0.0,2.1")).await;
    let data = &marked["mistake_data"];
    assert_eq!(data["type"], "chance_marked_but_searched", "{marked}");
    assert_eq!(data["node"], "0.0");
    // The hint on a chance node's part says who decides there; on the skipped nodes, where to
    // start.
    let parts = exercise.parts();
    let at = parts
        .iter()
        .position(|p| p.key.as_deref() == Some("2"))
        .unwrap();
    let hint = ok(&app, "/hint", named(&view, json!({"part": at}))).await;
    assert_eq!(hint["hint"], exercise.part_hint(&parts[at]));
    assert_eq!(
        hint["hint_data"],
        json!({"type": "part", "kind": "chance", "key": "2", "node": "2", "maximizing": null,
               "chooser": "chance"})
    );
    let at = parts
        .iter()
        .position(|p| p.key.as_deref() == Some("0.1"))
        .unwrap();
    let hint = ok(&app, "/hint", named(&view, json!({"part": at}))).await;
    assert_eq!(
        (
            &hint["hint_data"]["chooser"],
            &hint["hint_data"]["maximizing"]
        ),
        (&json!("min"), &json!(false))
    );
    let last = parts.len() - 1;
    let hint = ok(&app, "/hint", named(&view, json!({"part": last}))).await;
    assert_eq!(hint["hint_data"]["node"], serde_json::Value::Null);
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
    assert_eq!(solution["analysis"]["values"], "exact");
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
    for (method, path) in [
        (Method::GET, "/api/v1/practice/mark"),
        (Method::POST, "/api/v1/practice/class"),
    ] {
        let a = request(&app, None, method, path, &[], None).await;
        assert_eq!(a.status, StatusCode::METHOD_NOT_ALLOWED, "{path}");
        assert_eq!(a.body["code"], "method_not_allowed", "{path}");
    }
}
