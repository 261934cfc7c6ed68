//! End-to-end tests of `mnk tui`: the real binary in a real terminal (tmux), driven by keys,
//! read back with capture-pane: a game played by keys, and a panic injected into the running
//! UI (the terminal must come back in cooked mode on the main screen, with the message
//! shown). Every wait polls the screen against a deadline. Without tmux the build script marks
//! them ignored (with the reason) outside CI; under CI=true they run and fail, saying so.

use std::process::{Command, Output};
use std::time::{Duration, Instant};

const DEADLINE: Duration = Duration::from_secs(20);

/// Runs tmux on a private server named `socket` (one per test, so tests running at once do
/// not stop each other's servers), away from the user's sessions.
fn tmux(socket: &str, args: &[&str]) -> Output {
    Command::new("tmux")
        // -u: the panes are UTF-8 whatever the locale (the Chinese screen needs it).
        .args(["-u", "-L", socket])
        .args(args)
        .output()
        .expect("tmux runs")
}

struct Session(String);

impl Drop for Session {
    fn drop(&mut self) {
        let _ = tmux(&self.0, &["kill-server"]);
    }
}

impl Session {
    fn screen(&self) -> String {
        String::from_utf8_lossy(&tmux(&self.0, &["capture-pane", "-p", "-t", &self.0]).stdout)
            .into_owned()
    }

    /// Polls the screen until `what` appears, or fails with the last screen at the deadline.
    fn wait_for(&self, what: &str) -> String {
        let end = Instant::now() + DEADLINE;
        loop {
            let screen = self.screen();
            if screen.contains(what) {
                return screen;
            }
            assert!(
                Instant::now() < end,
                "'{what}' never appeared; screen:\n{screen}"
            );
            std::thread::yield_now();
        }
    }

    fn keys(&self, keys: &[&str]) {
        for k in keys {
            let out = tmux(&self.0, &["send-keys", "-t", &self.0, k]);
            assert!(out.status.success(), "send-keys {k}");
        }
    }
}

/// Fails with the reason when tmux cannot run: a test that gets here was not marked ignored
/// (CI=true, or tmux was there when the test was built), so it must not pass without running.
fn require_tmux() {
    let found = Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        found,
        "tmux is needed for the mnk tui end-to-end tests and is not installed (apt-get install tmux)"
    );
}

/// `mnk tui --help` lists the keys, from the same table as the help screen.
#[test]
fn help_lists_the_keys() {
    let out = Command::new(env!("CARGO_BIN_EXE_mnk"))
        .args(["tui", "--help"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let keys = text
        .split_once("Keys:\n")
        .map(|(_, k)| k)
        .unwrap_or_default();
    for (key, what) in mnk_tui::render::KEY_HELP {
        assert!(
            keys.contains(&format!("  {key:<19} {what}\n")),
            "{key}: {text}"
        );
    }
    assert!(keys.contains("  p                   pause or resume the computer\n"));
}

#[test]
#[cfg_attr(
    mnk_tmux_missing,
    ignore = "tmux is not installed (apt-get install tmux)"
)]
fn tui_plays_a_game_by_keys_and_restores_the_terminal() {
    require_tmux();
    let name = format!("mnk-tui-test-{}", std::process::id());
    let bin = env!("CARGO_BIN_EXE_mnk");
    // The shell reports the exit status on the screen and keeps the pane open to read it.
    let command = format!(
        "sh -c '{bin} tui --lang en --x human --o human --seed 1; echo mnk exited with status $?; read _'"
    );
    let session = start(&name, &command);
    session.wait_for("Press Enter to start");
    session.keys(&["Enter"]);
    session.wait_for("Turn: X");
    // The cursor starts on b2. X b2, O a2, X c3, O a3, X a1: the diagonal wins.
    session.keys(&["Enter"]);
    session.wait_for("Turn: O");
    session.keys(&["h", "Enter"]);
    session.wait_for("You played a2");
    session.keys(&["l", "l", "k", "Enter"]);
    session.wait_for("You played c3");
    session.keys(&["h", "h", "Enter"]);
    session.wait_for("You played a3");
    // The taken cell is refused and the status says why.
    session.keys(&["Enter"]);
    session.wait_for("a3 is taken");
    session.keys(&["j", "j", "Enter"]);
    let screen = session.wait_for("X wins");
    assert!(screen.contains("Press n for a new game"), "{screen}");
    session.keys(&["q"]);
    session.wait_for("mnk exited with status 0");
    // The alternate screen is gone: the board is no longer on the screen.
    let after = session.screen();
    assert!(
        !after.contains("X wins"),
        "the game screen stayed:\n{after}"
    );
}

/// Runs `command` in a fresh detached tmux session of 100 x 30 cells.
fn start(name: &str, command: &str) -> Session {
    let out = tmux(
        name,
        &[
            "new-session",
            "-d",
            "-s",
            name,
            "-x",
            "100",
            "-y",
            "30",
            command,
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    Session(name.to_string())
}

#[test]
#[cfg_attr(
    mnk_tmux_missing,
    ignore = "tmux is not installed (apt-get install tmux)"
)]
fn a_panic_inside_the_tui_restores_the_terminal() {
    require_tmux();
    let name = format!("mnk-tui-panic-{}", std::process::id());
    let bin = env!("CARGO_BIN_EXE_mnk");
    // After the panic the script prints the status and the terminal modes that matter:
    // canonical input and echo must be back on (raw mode turns both off).
    let script = std::env::temp_dir().join(format!("{name}.sh"));
    std::fs::write(
        &script,
        format!(
            "{}=1 \"$1\" tui --seed 1\n\
             echo \"mnk exited with status $?\"\n\
             echo \"modes: $(stty -a | tr ' ;' '\\n\\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\\n' ' ') modes-end\"\n\
             read _\n",
            mnk_tui::terminal::INJECT_PANIC_ENV
        ),
    )
    .unwrap();
    let command = format!("sh {} {bin}", script.display());
    let session = start(&name, &command);
    let screen = session.wait_for("modes-end");
    assert!(screen.contains("mnk exited with status 101"), "{screen}");
    assert!(screen.contains("panic injected"), "{screen}");
    let modes: Vec<&str> = screen
        .lines()
        .find(|l| l.contains("modes-end"))
        .unwrap()
        .split_whitespace()
        .collect();
    assert!(
        modes.contains(&"icanon") && modes.contains(&"echo"),
        "{screen}"
    );
    // The alternate screen is gone: the game's screen is not shown any more.
    assert!(!screen.contains("Press Enter to start"), "{screen}");
}

#[test]
#[cfg_attr(
    mnk_tmux_missing,
    ignore = "tmux is not installed (apt-get install tmux)"
)]
fn tui_speaks_chinese_from_the_locale_and_from_the_flag() {
    let bin = env!("CARGO_BIN_EXE_mnk");
    for (i, command) in [
        format!(
            "sh -c 'LC_ALL= LC_MESSAGES= LANG=zh_CN.UTF-8 {bin} tui --x human --o human; read _'"
        ),
        format!(
            "sh -c 'LC_ALL= LC_MESSAGES= LANG=C {bin} tui --lang zh --x human --o human; read _'"
        ),
    ]
    .iter()
    .enumerate()
    {
        let name = format!("mnk-tui-zh-{}-{i}", std::process::id());
        let session = start(&name, command);
        session.wait_for("按回车开始");
        session.keys(&["Enter"]);
        session.wait_for("轮到：X（玩家）");
        session.keys(&["Enter"]);
        session.wait_for("你下在 b2");
        session.keys(&["?"]);
        let help = session.wait_for("按任意键关闭帮助");
        assert!(help.contains("新对局"), "{help}");
        session.keys(&["q", "q"]);
    }
    // Without either, English.
    let name = format!("mnk-tui-en-{}", std::process::id());
    let session = start(
        &name,
        &format!("sh -c 'LC_ALL= LC_MESSAGES= LANG=en_US.UTF-8 {bin} tui; read _'"),
    );
    session.wait_for("Press Enter to start");
}
