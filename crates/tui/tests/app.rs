//! App state tests: synthetic keys, clicks (mapped through the drawing layout) and ticks.

mod common;

use common::{app, ch, click, click_at, key, send};
use mnk_engine::session::GameResult;
use mnk_engine::{Side, Verdict};
use mnk_tui::app::{Analysis, Event, Overlay};
use mnk_tui::settings::PACES_MS;
use ratatui::crossterm::event::KeyCode;
use std::time::Duration;

#[test]
fn clicks_before_the_start_play_nothing_and_say_why() {
    let mut a = app(3, 3, 3, "human", "perfect");
    click(&mut a, 0);
    assert!(a.session.moves().is_empty());
    assert!(a.message.contains("not started"), "{}", a.message);
    key(&mut a, KeyCode::Enter);
    assert!(a.started);
    assert!(a.session.moves().is_empty());
}

#[test]
fn keyboard_move_gets_a_computer_reply() {
    let mut a = app(3, 3, 3, "human", "perfect");
    key(&mut a, KeyCode::Enter);
    ch(&mut a, 'k');
    ch(&mut a, 'h');
    key(&mut a, KeyCode::Char(' '));
    // a3 (top-left), then the computer's reply.
    assert_eq!(a.session.moves()[0], 0);
    assert_eq!(a.session.moves().len(), 2);
    let last = a.last.clone().unwrap();
    assert_eq!(last.side, Side::O);
    assert_eq!(last.verdict, Some(Verdict::Draw));
    assert!(!a.thinking());
}

#[test]
fn taken_cells_outside_clicks_and_finished_games_are_refused() {
    let mut a = app(3, 3, 3, "human", "human");
    key(&mut a, KeyCode::Enter);
    click(&mut a, 4);
    click(&mut a, 4);
    assert!(a.message.contains("b2 is taken"), "{}", a.message);
    assert_eq!(a.session.moves(), vec![4]);
    click_at(&mut a, 0, 0);
    assert!(a.message.contains("not on a cell"), "{}", a.message);
    for cell in [0, 2, 1] {
        click(&mut a, cell);
    }
    click(&mut a, 6);
    assert_eq!(a.session.result(), GameResult::Win(Side::X));
    assert!(a.message.contains("X wins"), "{}", a.message);
    click(&mut a, 8);
    assert!(a.message.contains("over"), "{}", a.message);
    assert_eq!(a.session.moves().len(), 5);
}

#[test]
fn undo_takes_back_the_move_and_the_reply() {
    let mut a = app(3, 3, 3, "human", "perfect");
    key(&mut a, KeyCode::Enter);
    click(&mut a, 4);
    assert_eq!(a.session.moves().len(), 2);
    ch(&mut a, 'u');
    assert!(a.session.moves().is_empty());
    assert!(a.message.starts_with("Took back"), "{}", a.message);
    ch(&mut a, 'u');
    assert!(a.message.contains("Cannot undo"), "{}", a.message);
}

#[test]
fn hint_highlights_the_best_moves_with_their_value() {
    let mut a = app(3, 3, 3, "human", "human");
    key(&mut a, KeyCode::Enter);
    for cell in [0, 4, 8] {
        click(&mut a, cell);
    }
    // O to move must not take a corner: the hint says a draw on an edge.
    ch(&mut a, 't');
    let (cells, verdict) = a.hint.clone().unwrap();
    assert_eq!(verdict, Some(Verdict::Draw));
    assert!(cells.iter().all(|c| [1, 3, 5, 7].contains(c)), "{cells:?}");
    assert!(a.message.starts_with("Hint:"));
    click(&mut a, cells[0]);
    assert!(a.hint.is_none());
}

#[test]
fn analysis_values_every_empty_cell_and_follows_the_game() {
    let mut a = app(3, 3, 3, "human", "human");
    key(&mut a, KeyCode::Enter);
    click(&mut a, 1);
    ch(&mut a, 'a');
    let Analysis::Ready { values, .. } = &a.analysis else {
        panic!("{:?}", a.analysis);
    };
    assert_eq!(values.len(), 8);
    // After x on an edge, o draws with the centre and loses with a far corner... at least one
    // draw and every value exact.
    assert!(values.iter().any(|(c, v)| *c == 4 && *v == Verdict::Draw));
    assert!(values
        .iter()
        .all(|(_, v)| !matches!(v, Verdict::Estimate(_))));
    click(&mut a, 4);
    let Analysis::Ready { values, .. } = &a.analysis else {
        panic!();
    };
    assert_eq!(values.len(), 7);
    ch(&mut a, 'a');
    assert_eq!(a.analysis, Analysis::Off);
}

#[test]
fn analysis_beyond_the_solver_shows_estimates_and_says_so() {
    // 15x15: every empty cell gets an estimate, marked as not proven.
    let mut a = app(15, 15, 5, "human", "human");
    key(&mut a, KeyCode::Enter);
    ch(&mut a, 'a');
    let Analysis::Ready { values, exact, .. } = &a.analysis else {
        panic!("{:?}", a.analysis);
    };
    assert!(!exact);
    assert_eq!(values.len(), 225);
    assert!(values
        .iter()
        .all(|(_, v)| matches!(v, Verdict::Estimate(_))));
    // A board the solver takes, too empty for a proof within the analysis budget.
    let mut a = app(8, 8, 5, "human", "human");
    key(&mut a, KeyCode::Enter);
    click(&mut a, 27);
    ch(&mut a, 'a');
    let Analysis::Ready { values, exact, .. } = &a.analysis else {
        panic!("{:?}", a.analysis);
    };
    assert!(!exact);
    assert_eq!(values.len(), 63);
    // 5x5/4 after c3: proven within the budget (b4, d4, b2 and d2 hold the draw).
    let mut a = app(5, 5, 4, "human", "human");
    key(&mut a, KeyCode::Enter);
    click(&mut a, 12);
    ch(&mut a, 'a');
    let Analysis::Ready { values, exact, .. } = &a.analysis else {
        panic!("{:?}", a.analysis);
    };
    assert!(exact);
    let mut draws: Vec<String> = values
        .iter()
        .filter(|(_, v)| *v == Verdict::Draw)
        .map(|&(c, _)| a.session.board().cell_name(c))
        .collect();
    draws.sort();
    assert_eq!(draws, ["b2", "b4", "d2", "d4"]);
}

#[test]
fn p_pauses_only_a_computer_that_has_a_move_to_make() {
    let mut a = app(3, 3, 3, "human", "human");
    key(&mut a, KeyCode::Enter);
    ch(&mut a, 'p');
    assert!(!a.paused);
    assert_eq!(
        a.message,
        "There is no computer to pause: both sides are played by humans."
    );
    let mut a = app(3, 3, 3, "human", "perfect");
    ch(&mut a, 'p');
    assert!(!a.paused);
    assert_eq!(
        a.message,
        "The game has not started yet: press Enter (or n) to start."
    );
    key(&mut a, KeyCode::Enter);
    ch(&mut a, 'p');
    assert!(a.paused);
    assert_eq!(a.message, "Computer paused: press p to let it move again.");
    ch(&mut a, 'p');
    assert!(!a.paused);
}

#[test]
fn ai_versus_ai_waits_for_the_pace_between_moves() {
    let mut a = app(3, 3, 3, "perfect", "random");
    ch(&mut a, '+');
    ch(&mut a, '+');
    let pace = Duration::from_millis(PACES_MS[a.pace]);
    key(&mut a, KeyCode::Enter);
    // The first move comes at once, the next only once the pace has passed.
    assert_eq!(a.session.moves().len(), 1);
    let t0 = a.now;
    send(&mut a, Event::Tick(t0 + pace / 2));
    assert_eq!(a.session.moves().len(), 1);
    let mut t = t0;
    while !a.session.is_over() {
        t += pace;
        send(&mut a, Event::Tick(t));
    }
    assert_ne!(a.session.result(), GameResult::Win(Side::O));
}

#[test]
fn esc_stops_the_search_and_its_late_answer_is_dropped() {
    let mut a = app(3, 3, 3, "human", "perfect");
    key(&mut a, KeyCode::Enter);
    click(&mut a, 4);
    // Redo the move without running the reply: take the effects by hand.
    ch(&mut a, 'u');
    let effects = a.handle_event(Event::Key(ratatui::crossterm::event::KeyEvent::from(
        KeyCode::Enter,
    )));
    assert!(a.thinking());
    key(&mut a, KeyCode::Esc);
    assert!(!a.thinking());
    assert!(a.paused);
    assert!(a.message.contains("stopped"), "{}", a.message);
    // The answer of the stopped search arrives late and changes nothing.
    mnk_tui::terminal::run_inline(&mut a, effects);
    assert_eq!(a.session.moves(), vec![4]);
    ch(&mut a, 'p');
    assert_eq!(a.session.moves().len(), 2);
}

#[test]
fn settings_change_the_board_and_the_players() {
    let mut a = app(3, 3, 3, "human", "perfect");
    ch(&mut a, 's');
    assert!(matches!(a.overlay, Overlay::Settings(_)));
    key(&mut a, KeyCode::Right); // preset: 4x4 four in a row
    for _ in 0..8 {
        key(&mut a, KeyCode::Down);
    }
    key(&mut a, KeyCode::Right); // swap: the computer is x now
    key(&mut a, KeyCode::Enter);
    assert_eq!(a.overlay, Overlay::None);
    let config = *a.session.config();
    assert_eq!((config.rules.width(), config.rules.k()), (4, 4));
    assert!(!config.x.is_human() && config.o.is_human());
    // The computer (x) opened at once.
    assert_eq!(a.session.moves().len(), 1);
}

#[test]
fn resizing_moves_the_board_and_clicks_follow() {
    let mut a = app(4, 4, 4, "human", "human");
    key(&mut a, KeyCode::Enter);
    let before = a.board_layout().unwrap();
    send(&mut a, Event::Resize(40, 14));
    let after = a.board_layout().unwrap();
    assert_ne!(before, after);
    click(&mut a, 5);
    assert_eq!(a.session.moves(), vec![5]);
    send(&mut a, Event::Resize(10, 5));
    assert!(a.screen().is_none());
    click_at(&mut a, 1, 1);
    assert_eq!(a.session.moves(), vec![5]);
}

#[test]
fn quit_keys_end_the_app() {
    let mut a = app(3, 3, 3, "human", "perfect");
    assert!(ch(&mut a, 'q'));
    let mut b = app(3, 3, 3, "human", "perfect");
    assert!(send(
        &mut b,
        Event::Key(ratatui::crossterm::event::KeyEvent::new(
            KeyCode::Char('c'),
            ratatui::crossterm::event::KeyModifiers::CONTROL
        ))
    ));
}

#[test]
fn pondering_on_the_humans_time_changes_no_move_and_saves_the_computer_work() {
    // 6x5/4 past the opening book, the same human moves with and without pondering: a
    // first-player win, so the solver measures each reply's distance, and the ponder fills its
    // table (4x4/4's draw the proof search settles in a few nodes, ponder or not).
    let play = |ponder: bool| {
        let mut a = app(6, 5, 4, "human", "perfect");
        a.set_ponder(ponder);
        key(&mut a, KeyCode::Enter);
        let mut nodes = Vec::new();
        for cell in [14, 15, 8] {
            let cell = if a.session.board().stone(cell).is_none() {
                cell
            } else {
                *a.session.board().legal_moves().first().unwrap()
            };
            click(&mut a, cell);
            if a.session.is_over() {
                break;
            }
            let last = a.last.clone().unwrap();
            assert!(last.proven);
            nodes.push(last.nodes);
            assert!(!a.thinking());
        }
        (a.session.moves(), nodes)
    };
    let (cold_moves, cold_nodes) = play(false);
    let (warm_moves, warm_nodes) = play(true);
    assert_eq!(warm_moves, cold_moves);
    // The first reply comes from the book either way; after that the ponder's tables help.
    let cold: u64 = cold_nodes.iter().sum();
    let warm: u64 = warm_nodes.iter().sum();
    assert!(
        warm < cold,
        "{warm_nodes:?} nodes with pondering, {cold_nodes:?} without"
    );
}
