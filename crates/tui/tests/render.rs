//! Rendering tests on ratatui's TestBackend: whole-screen text snapshots (in
//! `tests/snapshots/`, rewritten with `UPDATE_SNAPSHOTS=1`) plus checks of the highlights, and
//! the README's picture of the game (`docs/tui.svg`).

mod common;

use common::{app, ch, click, key, send};
use mnk_tui::app::{App, Event};
use mnk_tui::layout::MIN_WIDTH;
use mnk_tui::render::{draw, key_footer};
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyCode;
use ratatui::style::Color;
use ratatui::Terminal;
use std::path::{Path, PathBuf};
use std::time::Duration;

fn render(app: &App) -> Buffer {
    let (w, h) = app.size;
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| draw(f, app)).unwrap();
    terminal.backend().buffer().clone()
}

fn text(buf: &Buffer) -> String {
    let area = buf.area;
    let mut out = String::new();
    for y in 0..area.height {
        let line: String = (0..area.width).map(|x| buf[(x, y)].symbol()).collect();
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

fn snapshot(name: &str, app: &App) -> Buffer {
    let buf = render(app);
    let got = text(&buf);
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("tests/snapshots/{name}.txt"));
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, &got).unwrap();
    }
    let want = std::fs::read_to_string(&path).unwrap_or_default();
    assert_eq!(
        got, want,
        "snapshot {name} differs (UPDATE_SNAPSHOTS=1 rewrites it):\n{got}"
    );
    buf
}

fn small(mut a: App) -> App {
    send(&mut a, Event::Resize(80, 20));
    a
}

#[test]
fn start_screen() {
    let a = small(app(3, 3, 3, "human", "perfect"));
    let buf = snapshot("start", &a);
    assert!(text(&buf).contains("Press Enter to start"));
}

#[test]
fn mid_game_board() {
    let mut a = small(app(3, 3, 3, "human", "perfect"));
    key(&mut a, KeyCode::Enter);
    click(&mut a, 0);
    // Wall time is the one thing that varies from run to run.
    if let Some(last) = a.last.as_mut() {
        last.elapsed = Duration::from_millis(3);
    }
    let buf = snapshot("mid_game", &a);
    let t = text(&buf);
    assert!(t.contains("O played"), "{t}");
    assert!(t.contains("value: draw"), "{t}");
}

/// The README's picture: tic-tac-toe against the perfect computer, two moves each, with the
/// analysis overlay on (one cell draws, the others lose). It is written to the target directory on every run, and the committed
/// `docs/tui.svg` must be the same picture (`UPDATE_SNAPSHOTS=1` rewrites it).
#[test]
fn readme_picture() {
    let mut a = small(app(3, 3, 3, "human", "perfect"));
    key(&mut a, KeyCode::Enter);
    click(&mut a, 0);
    click(&mut a, 8);
    if let Some(last) = a.last.as_mut() {
        last.elapsed = Duration::from_millis(3);
    }
    ch(&mut a, 'a');
    let picture = common::svg::svg(&render(&a));
    let fresh = Path::new(env!("CARGO_TARGET_TMPDIR")).join("mnk-tui.svg");
    std::fs::write(&fresh, &picture).unwrap();
    let committed = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/tui.svg");
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&committed, &picture).unwrap();
    }
    let want = std::fs::read_to_string(&committed).unwrap_or_default();
    assert!(
        picture == want,
        "docs/tui.svg is not the screen drawn now ({}); UPDATE_SNAPSHOTS=1 rewrites it",
        fresh.display()
    );
    let shown = text(&render(&a));
    assert!(
        shown.contains("value: draw") && shown.contains(" D ") && shown.contains("L"),
        "{shown}"
    );
}

#[test]
fn analysis_overlay() {
    let mut a = small(app(3, 3, 3, "human", "human"));
    key(&mut a, KeyCode::Enter);
    for cell in [0, 4, 8] {
        click(&mut a, cell);
    }
    ch(&mut a, 'a');
    let buf = snapshot("analysis", &a);
    let layout = a.board_layout().unwrap();
    // a corner loses for O, an edge draws: letters and colours say so.
    let corner = layout.cell_rect(2).unwrap();
    let edge = layout.cell_rect(1).unwrap();
    let cell_text = |r: ratatui::layout::Rect| -> String {
        (r.x..r.right())
            .map(|x| buf[(x, r.y)].symbol())
            .collect::<String>()
            .trim()
            .to_string()
    };
    assert_eq!(cell_text(corner), "L4");
    assert_eq!(buf[(corner.x, corner.y)].fg, Color::Red);
    assert_eq!(cell_text(edge), "D");
}

#[test]
fn end_screen_highlights_the_winning_line() {
    let mut a = small(app(3, 3, 3, "human", "human"));
    key(&mut a, KeyCode::Enter);
    for cell in [4, 0, 2, 1, 6] {
        click(&mut a, cell);
    }
    let buf = snapshot("end", &a);
    let layout = a.board_layout().unwrap();
    for cell in 0..9 {
        let r = layout.cell_rect(cell).unwrap();
        let on_line = [2, 4, 6].contains(&cell);
        assert_eq!(
            buf[(r.x + 1, r.y)].bg == Color::Green,
            on_line,
            "cell {cell}"
        );
    }
    assert!(text(&buf).contains("X wins"));
}

#[test]
fn large_board_scrolls_and_says_so() {
    let mut a = small(app(26, 26, 5, "human", "human"));
    key(&mut a, KeyCode::Enter);
    let buf = snapshot("scrolled", &a);
    assert!(text(&buf).contains("Board scrolled"));
}

#[test]
fn too_small_terminal() {
    let mut a = app(3, 3, 3, "human", "perfect");
    send(&mut a, Event::Resize(24, 6));
    let buf = snapshot("too_small", &a);
    assert!(text(&buf).contains("too small"));
}

#[test]
fn a_narrow_terminal_keeps_whole_keys_and_the_panel_border() {
    let mut a = app(3, 3, 3, "human", "perfect");
    send(&mut a, Event::Resize(60, 20));
    key(&mut a, KeyCode::Enter);
    click(&mut a, 0);
    if let Some(last) = a.last.as_mut() {
        last.elapsed = Duration::from_millis(3);
    }
    let t = text(&snapshot("narrow", &a));
    let footer = t.lines().nth(19).unwrap();
    assert_eq!(
        footer,
        "Enter:play n:new u:undo t:hint s:settings ?:all keys q:quit"
    );
    // The status panel is closed on every side.
    assert!(t.contains("┌ Status "), "{t}");
    assert!(
        t.lines()
            .any(|l| l.trim_start().starts_with('└') && l.ends_with('┘')),
        "{t}"
    );
}

#[test]
fn the_key_footer_fits_every_width_without_cutting_a_word() {
    let words = [
        "arrows/hjkl",
        "Enter:play",
        "n:new",
        "u:undo",
        "t:hint",
        "a:analysis",
        "s:settings",
        "?:help",
        "?:all",
        "keys",
        "q:quit",
    ];
    for width in MIN_WIDTH..=120 {
        let line = key_footer(width, &mnk_tui::lang::EN);
        assert!(line.chars().count() <= width as usize, "{width}: {line}");
        assert!(
            line.ends_with("q:quit") && line.contains("?:"),
            "{width}: {line}"
        );
        assert!(
            line.split(' ').all(|w| words.contains(&w)),
            "{width}: {line}"
        );
    }
    assert_eq!(
        key_footer(80, &mnk_tui::lang::EN),
        "arrows/hjkl Enter:play n:new u:undo t:hint a:analysis s:settings ?:help q:quit"
    );
}

#[test]
fn a_big_board_says_perfect_estimates_and_its_analysis_is_an_estimate() {
    let mut a = app(15, 15, 5, "human", "perfect");
    send(&mut a, Event::Resize(80, 24));
    key(&mut a, KeyCode::Enter);
    ch(&mut a, 'a');
    let t = text(&snapshot("big_board", &a));
    assert!(
        t.starts_with(
            " mnk — 15x15, 5 in a row   X: human   O: perfect (estimates: too big to solve)\n"
        ),
        "{t}"
    );
    assert!(t.contains("│Analysis for X: ~ is an estimate  │"), "{t}");
    // Narrower, the marks get shorter rather than cut.
    send(&mut a, Event::Resize(60, 24));
    let t = text(&render(&a));
    assert_eq!(
        t.lines().next().unwrap(),
        " mnk — 15x15, 5 in a row   X: human   O: perfect (estimates)"
    );
    // On 5x5 perfect proves what it can from the first move: no mark in the title (each
    // move's value line says whether it was proven).
    let mut a = app(5, 5, 4, "perfect", "human");
    send(&mut a, Event::Resize(100, 24));
    let t = text(&render(&a));
    assert!(
        t.starts_with(" mnk — 5x5, 4 in a row   X: perfect   O: human\n"),
        "{t}"
    );
}

#[test]
fn p_after_the_end_says_there_is_nothing_to_pause() {
    let mut a = small(app(3, 3, 3, "perfect", "human"));
    key(&mut a, KeyCode::Enter);
    // The human always takes the first empty cell; the perfect x wins.
    while !a.session.is_over() {
        let cell = (0..9)
            .find(|&c| a.session.board().stone(c).is_none())
            .unwrap();
        click(&mut a, cell);
    }
    ch(&mut a, 'p');
    assert!(!a.paused);
    if let Some(last) = a.last.as_mut() {
        last.elapsed = Duration::from_millis(3);
    }
    let t = text(&snapshot("over_p", &a));
    assert!(
        t.contains("The game is over, so there is nothing to pause: press n for a new game."),
        "{t}"
    );
    assert!(!t.contains("paused"), "{t}");
}

#[test]
fn every_board_size_draws_in_a_usual_terminal() {
    for (w, h) in [(1, 1), (3, 3), (4, 4), (7, 3), (15, 15), (26, 26), (26, 1)] {
        let mut a = app(w, h, 1, "human", "human");
        send(&mut a, Event::Resize(80, 24));
        key(&mut a, KeyCode::Enter);
        let t = text(&render(&a));
        assert!(t.contains(" a"), "{w}x{h}:\n{t}");
        assert!(a.board_layout().is_some());
    }
}

#[test]
fn the_chinese_screen_has_no_english_sentence() {
    let mut a = app(4, 4, 4, "human", "perfect");
    a.set_lang(mnk_tui::lang::Lang::Zh);
    let english = |a: &App| -> Vec<String> {
        text(&render(a))
            .split(|c: char| !c.is_ascii_alphabetic())
            .filter(|w| w.len() > 3 && !["Ctrl", "hjkl"].contains(w))
            .map(str::to_string)
            .collect()
    };
    // A Chinese character takes two cells, the second one blank: compare without blanks.
    let flat = |a: &App| text(&render(a)).replace(' ', "");
    let start = flat(&a);
    assert!(start.contains("按回车开始"), "{start}");
    assert_eq!(english(&a), Vec::<String>::new(), "{start}");
    key(&mut a, KeyCode::Enter);
    key(&mut a, KeyCode::Enter);
    ch(&mut a, 'a');
    ch(&mut a, 't');
    let screen = flat(&a);
    assert!(
        screen.contains("O下在") && screen.contains("提示："),
        "{screen}"
    );
    assert_eq!(english(&a), Vec::<String>::new(), "{screen}");
    for overlay in ['?', 's'] {
        ch(&mut a, overlay);
        let screen = text(&render(&a));
        assert_eq!(english(&a), Vec::<String>::new(), "{screen}");
        key(&mut a, KeyCode::Esc);
    }
}

/// Renju: with x (a human) to move, its forbidden point is drawn as a red × on the board and
/// named in the panel; the referee refuses it there too.
#[test]
fn renju_marks_x_forbidden_points() {
    use mnk_engine::session::{Session, SessionConfig};
    use mnk_engine::{Rule, Rules};
    let config = SessionConfig {
        rules: Rules::new(15, 15, Some(5)).unwrap().with_rule(Rule::Renju),
        x: "human".parse().unwrap(),
        o: "human".parse().unwrap(),
        seed: 3,
        ..SessionConfig::default()
    };
    let mut a = App::new(config, 0, (100, 30), std::time::Instant::now()).unwrap();
    key(&mut a, KeyCode::Enter);
    let mut session = Session::new(config).unwrap();
    for name in ["i8", "a1", "j8", "a3", "h7", "a5", "h6", "a7"] {
        session.play_text(name).unwrap();
    }
    a.session = session;
    let buf = render(&a);
    let t = text(&buf);
    assert!(t.contains("Forbidden to X (Renju): h8 (double"), "{t}");
    assert!(t.contains("5 in a row, Renju"), "{t}");
    let marks: Vec<(u16, u16)> = (0..buf.area.height)
        .flat_map(|y| (0..buf.area.width).map(move |x| (x, y)))
        .filter(|&(x, y)| buf[(x, y)].symbol() == "×")
        .collect();
    assert_eq!(marks.len(), 1, "{t}");
    assert_eq!(buf[marks[0]].fg, Color::Red);
    assert!(a.session.play_text("h8").is_err());
}
