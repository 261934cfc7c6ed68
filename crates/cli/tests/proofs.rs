//! End-to-end tests of the proof search on the real binary: `mnk solve --algo proof`,
//! certificates and `mnk verify`, checkpoints and the time limit.

use assert_cmd::Command;
use serde_json::Value;
use std::path::PathBuf;

fn mnk() -> Command {
    Command::cargo_bin("mnk").unwrap()
}

/// A fresh path in a directory of its own for this test.
fn scratch(test: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mnk-proofs-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

fn json(args: &[&str]) -> Value {
    let out = mnk().args(args).arg("--json").output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn five_in_a_row_boards_are_proven_draws_by_default() {
    for size in ["5x5", "6x5", "6x6"] {
        let v = json(&["solve", "--size", size, "--k", "5"]);
        assert_eq!(v["value"], "draw", "{size}");
        assert_eq!(v["plies"], Value::Null);
        assert_eq!(v["stats"]["algo"], "proof");
    }
}

#[test]
fn a_proven_win_keeps_the_solvers_distance_and_fastest_moves() {
    let proof = json(&["solve", "--size", "4x4", "--k", "3", "--algo", "proof"]);
    let solver = json(&["solve", "--size", "4x4", "--k", "3", "--algo", "solver"]);
    assert_eq!(proof["value"], "win");
    assert_eq!(proof["plies"], solver["plies"]);
    assert_eq!(proof["best_moves"], solver["best_moves"]);
}

#[test]
fn the_readme_certificate_example_verifies() {
    let file = scratch("readme", "6x6-5.cert");
    let out = mnk()
        .current_dir(file.parent().unwrap())
        .args([
            "solve",
            "--size",
            "6x6",
            "--k",
            "5",
            "--certificate",
            "6x6-5.cert",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains("Value: draw for x"), "{stdout}");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("mnk: certificate: 6x6-5.cert ("),
        "{stderr}"
    );
    let out = mnk()
        .current_dir(file.parent().unwrap())
        .args(["verify", "6x6-5.cert"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.starts_with("valid: 6x6/5 is a draw ("), "{stdout}");
    let v = json(&["verify", file.to_str().unwrap()]);
    assert_eq!(v["valid"], true);
    assert_eq!(v["value"], "draw");
}

#[test]
fn verify_names_who_moves_first_when_o_starts_on_an_empty_board() {
    let file = scratch("o-first", "cert");
    mnk()
        .args([
            "solve",
            "--size",
            "4x4",
            "--k",
            "3",
            "--position",
            "..../..../..../.... o",
        ])
        .args(["--algo", "proof", "--certificate"])
        .arg(&file)
        .assert()
        .success();
    let out = mnk().arg("verify").arg(&file).output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.starts_with("valid: 4x4/3 with o moving first is a win for o ("),
        "{stdout}"
    );
}

#[test]
fn a_long_proof_reports_into_a_log_file() {
    // stderr is a pipe here, as it is when redirected to a log: no live line, report lines.
    // The one watcher thread writes the report at 1 s before it stops the search at 3 s.
    let out = mnk()
        .args([
            "solve",
            "--size",
            "8x8",
            "--k",
            "5",
            "--max-time",
            "3",
            "--report-every",
            "1",
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    let report = stderr
        .lines()
        .find(|l| l.starts_with("mnk: After "))
        .unwrap_or_else(|| panic!("no report line: {stderr}"));
    assert!(report.contains("root moves settled"), "{report}");
    assert!(!stderr.contains('\r'), "{stderr:?}");
}

#[test]
fn a_wide_board_is_proven_and_its_certificate_verifies() {
    // 66 cells: the certificate is an MNKCERT2 (gzip-compressed, so checked through verify).
    let file = scratch("wide", "11x6-6.cert");
    mnk()
        .args(["solve", "--size", "11x6", "--k", "6", "--algo", "proof"])
        .arg("--certificate")
        .arg(&file)
        .assert()
        .success();
    let out = mnk().arg("verify").arg(&file).output().unwrap();
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.starts_with("valid: 11x6/6 is a draw ("), "{stdout}");
}

#[test]
fn a_damaged_or_foreign_file_is_refused_with_status_2() {
    let file = scratch("damaged", "cert");
    mnk()
        .args(["solve", "--size", "4x4", "--k", "4", "--certificate"])
        .arg(&file)
        .assert()
        .success();
    let bytes = std::fs::read(&file).unwrap();
    std::fs::write(&file, &bytes[..bytes.len() / 2]).unwrap();
    let out = mnk().arg("verify").arg(&file).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.starts_with("mnk: "), "{stderr}");
    std::fs::write(&file, b"not a certificate").unwrap();
    let out = mnk()
        .arg("verify")
        .arg(&file)
        .arg("--json")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v["error"].as_str().unwrap().contains("malformed"), "{v}");
}

#[test]
fn certificates_need_the_proof_search() {
    let file = scratch("solver", "cert");
    let out = mnk()
        .args(["solve", "--algo", "solver", "--certificate"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("go with the proof search"));
}

#[test]
fn a_checkpoint_is_written_and_read_back() {
    let file = scratch("checkpoint", "ckpt");
    let first = mnk()
        .args(["solve", "--size", "5x5", "--k", "4", "--checkpoint"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(first.status.success());
    assert!(String::from_utf8(first.stderr)
        .unwrap()
        .contains("mnk: checkpoint: "));
    let second = mnk()
        .args(["solve", "--size", "5x5", "--k", "4", "--checkpoint"])
        .arg(&file)
        .arg("--json")
        .output()
        .unwrap();
    assert!(second.status.success());
    let v: Value = serde_json::from_slice(&second.stdout).unwrap();
    assert_eq!(v["value"], "draw");
    let notes = String::from_utf8(second.stderr).unwrap();
    assert!(notes.contains("Resumed from"), "{notes}");
    // A checkpoint of other rules is refused.
    let out = mnk()
        .args(["solve", "--size", "6x6", "--k", "5", "--checkpoint"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("checkpoint is for 5x5/4, not 6x6/5"));
}

#[test]
fn the_time_limit_stops_a_long_proof_and_saves_what_is_settled() {
    let file = scratch("max-time", "ckpt");
    let out = mnk()
        .args([
            "solve",
            "--size",
            "8x8",
            "--k",
            "5",
            "--max-time",
            "1",
            "--checkpoint",
        ])
        .arg(&file)
        .output()
        .unwrap();
    // An answer without a value, as every solve stopped by --max-time gives.
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains("Value: unknown"), "{stdout}");
    assert!(stdout.contains("first moves shown not to win"), "{stdout}");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("settled positions saved in"), "{stderr}");
    assert!(std::fs::metadata(&file).unwrap().len() > 11);
}

/// `mnk solve --frontier --jobs`, `mnk solve --job` on each job `mnk merge --next` names, and
/// `mnk merge --certificate`: the merged certificate verifies like a one-machine one, a
/// restarted split keeps its answers, and a part edited on purpose is refused.
#[test]
fn a_split_proof_is_answered_job_by_job_and_merged() {
    let dir = scratch("split", "jobs");
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    let split_args = [
        "solve",
        "--size",
        "5x5",
        "--k",
        "4",
        "--frontier",
        "2",
        "--jobs",
        d,
    ];
    let split = json(&split_args);
    assert_eq!(split["resumed"], false);
    let jobs = split["jobs"].as_u64().unwrap();
    assert!(jobs > 16, "{split}");
    let cert = scratch("split", "merged.cert");
    let c = cert.to_str().unwrap();
    // Not settled yet: no certificate, and the sentence names the next job.
    let early = mnk()
        .args(["merge", d, "--certificate", c])
        .output()
        .unwrap();
    assert_eq!(early.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&early.stderr).contains("mnk solve --job"));
    let mut ran = 0;
    loop {
        let next = mnk().args(["merge", d, "--next", "1"]).output().unwrap();
        let next = String::from_utf8(next.stdout).unwrap();
        let Some(job) = next.lines().next() else {
            break;
        };
        let answer = json(&["solve", "--job", job]);
        assert_eq!(answer["written_to"], dir.join("answers").to_str().unwrap());
        ran += 1;
        assert!(ran < jobs, "the needed jobs never run out");
    }
    // Splitting again into the same directory keeps the answers.
    let again = json(&split_args);
    assert_eq!(
        (again["resumed"].clone(), again["answered"].as_u64()),
        (Value::Bool(true), Some(ran))
    );
    let merged = json(&["merge", d, "--certificate", c]);
    assert_eq!(merged["value"], "draw");
    assert_eq!(
        merged["certificate"]["skipped"].as_u64().unwrap() + ran,
        jobs
    );
    let verified = json(&["verify", c]);
    assert_eq!(verified["summary"], "5x5/4 is a draw");

    // A different split into the same directory is refused.
    let mut deeper = split_args;
    deeper[6] = "3";
    let other = mnk().args(deeper).output().unwrap();
    assert_eq!(other.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&other.stderr).contains("another split"));

    // Half of the largest part the proof uses: the merge goes through, the checker refuses.
    let answers = dir.join("answers");
    let mut parts: Vec<PathBuf> = std::fs::read_dir(&answers)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".part.gz"))
        .collect();
    parts.sort_by_key(|p| std::fs::metadata(p).unwrap().len());
    let largest = parts.last().unwrap();
    let mut records = Vec::new();
    use std::io::{Read, Write};
    flate2::read::GzDecoder::new(std::fs::File::open(largest).unwrap())
        .read_to_end(&mut records)
        .unwrap();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(&records[..records.len() / 2]).unwrap();
    std::fs::write(largest, gz.finish().unwrap()).unwrap();
    let tampered = mnk()
        .args(["merge", d, "--certificate", c])
        .output()
        .unwrap();
    if tampered.status.success() {
        let check = mnk().args(["verify", c]).output().unwrap();
        assert_eq!(
            check.status.code(),
            Some(2),
            "an edited part must not verify"
        );
    } else {
        assert!(String::from_utf8_lossy(&tampered.stderr).contains("part"));
    }
}
