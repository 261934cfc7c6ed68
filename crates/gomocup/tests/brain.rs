//! End-to-end protocol transcripts through the real `pbrain-mnk` binary.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs the brain on `input` (stdin closed afterwards); returns its answer lines.
fn transcript(input: &str) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-mnk"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the brain starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

fn is_move(line: &str, w: usize, h: usize) -> bool {
    let Some((x, y)) = line.split_once(',') else {
        return false;
    };
    matches!((x.parse::<usize>(), y.parse::<usize>()), (Ok(x), Ok(y)) if x < w && y < h)
}

#[test]
fn a_game_with_every_command_over_crlf() {
    let out = transcript(
        "ABOUT\r\nSTART 15\r\nINFO timeout_turn 100\r\nINFO timeout_match 100000\r\n\
         INFO time_left 100000\r\nINFO max_memory 83886080\r\nINFO rule 0\r\nINFO game_type 1\r\n\
         BEGIN\r\nTURN 6,6\r\nTAKEBACK 7,7\r\nRESTART\r\nRECTSTART 20,15\r\nTURN 19,14\r\n\
         BOARD\r\n7,7,2\r\n8,8,1\r\n9,9,2\r\nDONE\r\nEND\r\n",
    );
    assert!(out[0].starts_with("name=\"pbrain-mnk\""), "{out:?}");
    assert_eq!(out[1], "OK");
    assert_eq!(out[2], "7,7");
    assert!(
        is_move(&out[3], 15, 15) && out[3] != "6,6" && out[3] != "7,7",
        "{out:?}"
    );
    assert_eq!(&out[4..7], ["OK", "OK", "OK"]);
    assert!(is_move(&out[7], 20, 15) && out[7] != "19,14");
    assert!(is_move(&out[8], 20, 15));
    assert!(!["7,7", "8,8", "9,9"].contains(&out[8].as_str()));
    assert_eq!(out.len(), 9, "{out:?}");
}

#[test]
fn bad_input_gets_error_or_unknown_and_the_game_goes_on() {
    let out = transcript(
        "TURN 3,3\nSTART 2\nSTART fifteen\nSTART 15\nINFO timeout_turn 100\nTURN 7\n\
         TURN 15,0\nTURN 7,7\nTURN 7,7\nBOARD\n1,1,1\n2,2,1\nDONE\nBOARD\n1,1,2\n1,1,1\nDONE\n\
         BOARD\n40,1,2\nDONE\nBOARD\nrubbish\nPLAY 3,3\nSWAP2BOARD\nTAKEBACK 0,0\n",
    );
    let errors = |i: usize| out[i].starts_with("ERROR");
    assert!((0..3).all(errors), "{out:?}");
    assert_eq!(out[3], "OK");
    assert!((4..6).all(errors), "{out:?}");
    assert!(is_move(&out[6], 15, 15), "{out:?}");
    assert!(
        out[7].starts_with("ERROR") && out[7].contains("taken"),
        "{out:?}"
    );
    assert!((8..12).all(errors), "{out:?}");
    assert!(out[12].starts_with("UNKNOWN"), "{out:?}");
    assert!(out[13].starts_with("UNKNOWN"), "{out:?}");
    assert!(out[14].starts_with("ERROR"), "{out:?}");
    assert_eq!(out.len(), 15, "{out:?}");
}

#[test]
fn end_during_thinking_stops_the_search() {
    // With a turn limit of days, only END can end this search; the brain must quit.
    let out = transcript(
        "START 15\nINFO timeout_turn 1000000000\nBOARD\n7,7,2\n8,8,1\n7,8,2\nDONE\nEND\n",
    );
    assert_eq!(out[0], "OK");
    assert!(out.len() <= 2, "{out:?}");
}

/// `--help`, `-h` and `--version` answer and exit at once without reading the input, which
/// stays open until the brain has exited (a brain waiting on it would never finish).
#[test]
fn help_and_version_print_and_exit_without_reading_input() {
    let run = |arg: &str| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-mnk"))
            .arg(arg)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the brain starts");
        let stdin = child.stdin.take();
        let out = child.wait_with_output().unwrap();
        drop(stdin);
        out
    };
    for arg in ["--help", "-h"] {
        let out = run(arg);
        assert!(out.status.success(), "{arg}");
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(
            text.starts_with("pbrain-mnk: the mnk engine as a Gomocup brain"),
            "{text}"
        );
        assert!(text.contains("Piskvork protocol"), "{text}");
        assert!(text.contains("mnk match --x pbrain:"), "{text}");
    }
    for arg in ["--version", "-V"] {
        let out = run(arg);
        assert!(out.status.success());
        assert_eq!(
            String::from_utf8(out.stdout).unwrap(),
            format!("pbrain-mnk {}\n", env!("CARGO_PKG_VERSION"))
        );
    }
    let out = run("--fast");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "pbrain-mnk: Unknown argument '--fast': the brain takes none (it speaks the Piskvork \
         protocol on standard input); --help says more.\n"
    );
}
