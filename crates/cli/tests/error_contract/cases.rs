//! The bad inputs of every subcommand, each with the fragment its error must contain, and the
//! fixture files they read.

use std::ffi::OsString;
use std::io::Write;
use std::os::unix::ffi::OsStringExt;
use std::path::{Path, PathBuf};

/// How a case is run.
#[derive(Clone, Copy, PartialEq)]
pub enum Mode {
    /// As written, and again with `--json` appended (the subcommand takes `--json`).
    Both,
    /// As written only (no `--json` for this subcommand, or it would change the error).
    Plain,
    /// The arguments already ask for JSON.
    Json,
}

/// One bad input and what the error must say.
pub struct Case {
    pub args: Vec<OsString>,
    pub fragment: &'static str,
    pub stdin: Vec<u8>,
    pub mode: Mode,
}

pub fn os(args: &[&str]) -> Vec<OsString> {
    args.iter().map(OsString::from).collect()
}

/// Builds the cases of one subcommand; `json` says whether it takes `--json`.
pub struct Table {
    pub cases: Vec<Case>,
    pub json: bool,
}

impl Table {
    fn new(json: bool) -> Self {
        Table {
            cases: Vec::new(),
            json,
        }
    }

    fn mode(&self, args: &[OsString]) -> Mode {
        if args
            .iter()
            .any(|a| a.to_string_lossy().starts_with("--json"))
        {
            Mode::Json
        } else if self.json {
            Mode::Both
        } else {
            Mode::Plain
        }
    }

    /// A case with text arguments.
    fn case(mut self, args: &[&str], fragment: &'static str) -> Self {
        let args = os(args);
        let mode = self.mode(&args);
        self.cases.push(Case {
            args,
            fragment,
            stdin: Vec::new(),
            mode,
        });
        self
    }

    /// A case whose arguments may not be UTF-8 or are paths.
    fn case_os(mut self, args: Vec<OsString>, fragment: &'static str) -> Self {
        let mode = self.mode(&args);
        self.cases.push(Case {
            args,
            fragment,
            stdin: Vec::new(),
            mode,
        });
        self
    }

    /// A case that reads `stdin`.
    fn case_stdin(mut self, args: &[&str], stdin: &[u8], fragment: &'static str) -> Self {
        let args = os(args);
        let mode = self.mode(&args);
        self.cases.push(Case {
            args,
            fragment,
            stdin: stdin.to_vec(),
            mode,
        });
        self
    }

    /// A case that must not be run with `--json` appended (it would change the error).
    fn plain(mut self, args: &[&str], fragment: &'static str) -> Self {
        self.cases.push(Case {
            args: os(args),
            fragment,
            stdin: Vec::new(),
            mode: Mode::Plain,
        });
        self
    }
}

fn non_utf8(prefix: &str) -> OsString {
    let mut bytes = prefix.as_bytes().to_vec();
    bytes.extend_from_slice(&[0xff, 0xfe, b'x']);
    OsString::from_vec(bytes)
}

/// A valid certificate, gzip-compressed: on 3x3, x (a3 b3) completes the top row at c3 against
/// o (a2 b2).
pub fn valid_certificate_gz() -> Vec<u8> {
    let mut bytes = b"MNKCERT1".to_vec();
    bytes.extend([3, 3, 3]);
    bytes.extend(3u64.to_le_bytes());
    bytes.extend(24u64.to_le_bytes());
    // x to move, claiming a win, no strategy stealing; then one record: x attacking wins at cell 2 (c3).
    bytes.extend([0, 0, 0]);
    bytes.push(0);
    bytes.extend(3u64.to_le_bytes());
    bytes.extend(24u64.to_le_bytes());
    bytes.push(2);
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    e.write_all(&bytes).unwrap();
    e.finish().unwrap()
}

/// The fixture files: bad records, openings and trees.
pub struct Files {
    pub dir: PathBuf,
}

impl Files {
    pub fn new() -> Self {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("error_contract");
        std::fs::create_dir_all(&dir).unwrap();
        let write = |name: &str, bytes: &[u8]| std::fs::write(dir.join(name), bytes).unwrap();
        write("not-a-record.txt", b"hello\n");
        // Certificates: a 3x3/3 header claiming a draw with x to move, then no records or two.
        let mut header = b"MNKCERT1".to_vec();
        header.extend([3, 3, 3]);
        header.extend([0; 16]);
        header.extend([0, 1, 0]);
        write("header-only.cert", &header);
        let mut two = header.clone();
        for x in [0u64, 1] {
            // "x attacking, the defender to move loses" on an empty board and with a1 taken.
            two.push(1);
            two.extend(x.to_le_bytes());
            two.extend(0u64.to_le_bytes());
        }
        write("two-records.cert", &two);
        // A root no game reaches: two o stones, none of x's.
        let mut impossible = b"MNKCERT1".to_vec();
        impossible.extend([3, 3, 3]);
        impossible.extend(0u64.to_le_bytes());
        impossible.extend(3u64.to_le_bytes());
        impossible.extend([1, 1, 0]);
        write("impossible-root.cert", &impossible);
        // A version this checker does not know.
        let mut future = header.clone();
        future[7] = b'9';
        write("future-version.cert", &future);
        // A valid certificate, then a second gzip member that the checker would not read.
        let valid = valid_certificate_gz();
        write("two-members.cert.gz", &[valid.clone(), valid].concat());
        write("not-utf8.bin", &[0xff, 0xfe, b'\n']);
        write(
            "wrong-result.rec",
            b"mnk-record 1\nrules 3x3 k3\nmoves b2 a1\nresult x\n",
        );
        write(
            "taken.rec",
            b"mnk-record 1\nrules 3x3 k3\nmoves b2 b2\nresult unfinished\n",
        );
        write("ok.rec", b"mnk-record 1\nrules 3x3 k3\nmoves b2\n");
        write("bad-openings.txt", b"h8 zz9\n");
        write("off-board-openings.txt", b"p16\n");
        write(
            "deep.tree",
            format!("{}1{}", "(".repeat(70), ")".repeat(70)).as_bytes(),
        );
        write(
            "wide.tree",
            format!("({})", vec!["1"; 100_001].join(" ")).as_bytes(),
        );
        write(
            "huge.tree",
            format!("({})", "1 ".repeat(600_000)).as_bytes(),
        );
        write(
            "svg.tree",
            format!("({})", vec!["(1 2 3 4 5 6 7 8 9 10)"; 300].join(" ")).as_bytes(),
        );
        Files { dir }
    }

    pub fn path(&self, name: &str) -> String {
        self.dir.join(name).display().to_string()
    }
}

/// Every subcommand with its bad inputs.
pub fn tables(files: &Files, busy: &str) -> Vec<(&'static str, Table)> {
    let f = |name: &str| files.path(name);
    let dir = files.dir.display().to_string();
    let missing = files.dir.join("no/such/dir/file").display().to_string();
    vec![
        (
            "solve",
            Table::new(true)
                .case(&["solve", "--size", "0x3"], "Board width 0 is out of range")
                .case(&["solve", "--job", &missing], "Cannot read")
                .case(
                    &["solve", "--job", &f("not-a-record.txt")],
                    "not a job file",
                )
                .case(
                    &["solve", "--frontier", "2"],
                    "required arguments were not provided: --jobs <DIR>",
                )
                .case(
                    &[
                        "solve",
                        "--size",
                        "9x9",
                        "--k",
                        "5",
                        "--frontier",
                        "2",
                        "--jobs",
                        &missing,
                    ],
                    "A proof split into jobs supports boards of up to 64 cells",
                )
                .case(
                    &[
                        "solve",
                        "--size",
                        "8x8",
                        "--k",
                        "5",
                        "--frontier",
                        "8",
                        "--jobs",
                        &missing,
                    ],
                    "choose a shallower one",
                )
                .case(
                    &["solve", "--report-every", "0"],
                    "0 seconds is out of range: use more than 0 and at most 86400",
                )
                .case(
                    &["solve", "--size", "27x3"],
                    "Board width 27 is out of range",
                )
                .case(
                    &["solve", "--size", "abc"],
                    "board size 'abc' is not understood",
                )
                .case(
                    &["solve", "--size", "3x99999999999999999999"],
                    "is not understood",
                )
                .case(&["solve", "--size"], "A value is required for '--size")
                .case(&["solve", "--k", "0"], "k=0 is out of range")
                .case(&["solve", "--k", "4"], "k=4 is out of range")
                .case(&["solve", "--k", "-1"], "Unexpected argument '-1'")
                .case(&["solve", "--position", "q.."], "unexpected character 'q'")
                .case(
                    &["solve", "--position", "xx./.../..."],
                    "Impossible stone counts",
                )
                .case(
                    &["solve", "--position", "xxx/ooo/..."],
                    "Both x and o have 3",
                )
                .case(
                    &["solve", "--position", "xxxx/.../..."],
                    "Row 2 has 3 cells",
                )
                .case(&["solve", "--position", "xxx/oo./..."], "already over")
                .case(
                    &["solve", "--position", "x../.../... q"],
                    "Side to move 'q'",
                )
                .case(&["solve", "--position", "x../.../... x"], "more stones")
                .case(&["solve", "--position", ""], "out of range")
                .case_os(
                    vec!["solve".into(), "--position".into(), non_utf8("x")],
                    "Invalid UTF-8",
                )
                .case(&["solve", "--algo", "foo"], "possible values: minimax")
                .case(
                    &["solve", "--algo", "minimax", "--size", "5x5"],
                    "far beyond reach",
                )
                .case(&["solve", "--hash", "99999999"], "not in 0..=16384")
                .case(&["solve", "--threads", "1000"], "not in 0..=256")
                .case(&["solve", "--bogus"], "Unexpected argument '--bogus'")
                .case(
                    &["solve", "--sise", "3x3"],
                    "a similar argument exists: '--size'",
                )
                .case(&["solve", "foo"], "Unexpected argument 'foo'")
                .case(
                    &["solve", "--json=yes"],
                    "Unexpected value 'yes' for '--json'",
                ),
        ),
        (
            "analyze",
            Table::new(true)
                .case(&["analyze", "--position", "xxx/oo./..."], "already over")
                .case(&["analyze", "--position", "xox/oxx/xoo"], "already over")
                .case(&["analyze", "--position", "x.o/.."], "Row 2 has 2 cells")
                .case(&["analyze", "--k", "99"], "k=99 is out of range")
                .case(&["analyze", "--hash", "x"], "Invalid value 'x' for '--hash")
                .case(
                    &["analyze", "--algo", "solver"],
                    "Unexpected argument '--algo'",
                ),
        ),
        (
            "count",
            Table::new(true)
                .case(&["count", "--size", "9x9"], "up to 64 cells")
                .case(&["count", "--size", "26x26"], "up to 64 cells")
                .case(
                    &["count", "--size", "27x27"],
                    "Board width 27 is out of range",
                )
                .case(&["count", "--position", "xx/.."], "Impossible stone counts")
                .case(&["count", "--k", "0"], "k=0 is out of range")
                .case(
                    &["count", "--threads", "2"],
                    "Unexpected argument '--threads'",
                ),
        ),
        (
            "table",
            Table::new(true)
                .case(&["table", "--max-cells", "2"], "not in 3..=30")
                .case(&["table", "--max-cells", "31"], "not in 3..=30")
                .case(
                    &["table", "--max-cells", "99999999999999999999"],
                    "Invalid value '99999999999999999999'",
                )
                .case(&["table", "--max-cells", "x"], "invalid digit")
                .case(&["table", "--hash", "99999"], "not in 0..=16384")
                .case(&["table", "--size", "3x3"], "Unexpected argument '--size'"),
        ),
        (
            "bench",
            Table::new(true)
                .case(&["bench", "--threads", "0"], "not in 1..=256")
                .case(&["bench", "--threads", "257"], "not in 1..=256")
                .case(&["bench", "--threads", "abc"], "invalid digit")
                .case(
                    &["bench", "--position", "x"],
                    "Unexpected argument '--position'",
                ),
        ),
        (
            "play",
            Table::new(false)
                .case(
                    &["play", "--size", "2x"],
                    "board size '2x' is not understood",
                )
                .case(
                    &["play", "--size", "27x27"],
                    "Board width 27 is out of range",
                )
                .case(&["play", "--k", "9"], "k=9 is out of range")
                .case(&["play", "--x", "robot"], "'robot' is not a player")
                .case(&["play", "--o", "depth:99"], "'depth:99' is not a player")
                .case(&["play", "--first", "z"], "possible values: x, o")
                .case(&["play", "--seed", "-1"], "Unexpected argument '-1'")
                .case(&["play", "--time-per-move", "1e3"], "invalid digit")
                .case(
                    &["play", "--load", "/nonexistent"],
                    "Cannot read the game record",
                )
                .case(&["play", "--load", &dir], "Is a directory")
                .case(
                    &["play", "--load", &f("not-a-record.txt")],
                    "the first line must be 'mnk-record 1'",
                )
                .case(&["play", "--load", &f("not-utf8.bin")], "valid UTF-8")
                .case(
                    &["play", "--load", &f("wrong-result.rec")],
                    "the record says the result is 'x'",
                )
                .case(&["play", "--load", &f("taken.rec")], "Cannot load")
                .case(
                    &["play", "--load", &f("ok.rec"), "--size", "4x4"],
                    "cannot be used with '--size",
                )
                .case(
                    &["play", "--record", &missing],
                    "Cannot write the game record",
                )
                // play has no --json; asking for it still gets the error as JSON.
                .case(&["play", "--json"], "Unexpected argument '--json'"),
        ),
        (
            "match",
            Table::new(true)
                .case(
                    &["match", "--x", "hard"],
                    "required arguments were not provided",
                )
                .case(&["match"], "--x <PLAYER>, --o <PLAYER>")
                .case(
                    &["match", "--x", "foo", "--o", "hard"],
                    "'foo' is not a player",
                )
                .case(
                    &["match", "--x", "human", "--o", "hard"],
                    "computer players",
                )
                .case(
                    &["match", "--x", "pbrain:", "--o", "hard"],
                    "needs the path of its executable",
                )
                .case(
                    &["match", "--x", "hard", "--o", "hard", "--games", "0"],
                    "--games must be at least 1",
                )
                .case(
                    &[
                        "match",
                        "--x",
                        "hard",
                        "--o",
                        "hard",
                        "--games",
                        "99999999999",
                    ],
                    "not in 0..=4294967295",
                )
                .case(
                    &["match", "--x", "hard", "--o", "hard", "--size", "30x30"],
                    "Board width 30 is out of range",
                )
                .case(
                    &[
                        "match", "--x", "hard", "--o", "hard", "--size", "3x3", "--k", "4",
                    ],
                    "k=4 is out of range",
                )
                .case(
                    &[
                        "match",
                        "--x",
                        "hard",
                        "--o",
                        "hard",
                        "--openings",
                        "/nonexistent",
                    ],
                    "Cannot read the openings file /nonexistent: No such file",
                )
                .case(
                    &[
                        "match",
                        "--x",
                        "hard",
                        "--o",
                        "hard",
                        "--openings",
                        &f("not-utf8.bin"),
                    ],
                    "valid UTF-8",
                )
                .case(
                    &[
                        "match",
                        "--x",
                        "hard",
                        "--o",
                        "hard",
                        "--openings",
                        &f("bad-openings.txt"),
                    ],
                    "Openings line 1",
                )
                .case(
                    &[
                        "match",
                        "--x",
                        "hard",
                        "--o",
                        "hard",
                        "--openings",
                        &f("off-board-openings.txt"),
                        "--size",
                        "9x9",
                    ],
                    "Openings line 1",
                )
                .case(
                    &[
                        "match",
                        "--x",
                        "hard",
                        "--o",
                        "hard",
                        "--time-per-move",
                        "abc",
                    ],
                    "invalid digit",
                ),
        ),
        (
            "tui",
            Table::new(false)
                // The test runs it with pipes, never a terminal.
                .case(&["tui"], "needs a terminal")
                .case(&["tui", "--size", "4x4", "--k", "4"], "needs a terminal")
                .case(&["tui", "--x", "foo"], "'foo' is not a player")
                .case(&["tui", "--size", "0"], "board size '0' is not understood")
                .case(&["tui", "--pace", "abc"], "Invalid value 'abc' for '--pace")
                .case(&["tui", "--first", "both"], "possible values: x, o"),
        ),
        (
            "practice",
            Table::new(true)
                .case(
                    &["practice", "--kind", "riddle"],
                    "unknown kind of exercise 'riddle'",
                )
                .case(&["practice", "--difficulty", "7"], "unknown difficulty '7'")
                .case(&["practice", "--answer", "1"], "--kind <KIND>")
                .case(
                    &[
                        "practice", "--kind", "minimax", "--seed", "1", "--answer", "root=x",
                    ],
                    "'x' is not a value",
                )
                .case(
                    &[
                        "practice", "--kind", "minimax", "--seed", "1", "--answer", "9.9=1",
                    ],
                    "tree has no node 9.9",
                )
                .case(
                    &[
                        "practice", "--kind", "ordering", "--seed", "1", "--answer", "0 0 0",
                    ],
                    "each of the root's 3 children once",
                )
                .case(
                    &[
                        "practice", "--kind", "position", "--seed", "1", "--answer", "moves=z9",
                    ],
                    "z9",
                )
                .case(&["practice", "--count", "0"], "0 is not in 1..=1000")
                // --sheet writes files and prints no JSON: --json is refused with it.
                .plain(&["practice", "--sheet", "3"], "--out <FILE>")
                .case(
                    &["practice", "--sheet", "3", "--out", "s.svg", "--json"],
                    "cannot be used with",
                )
                .case(
                    &["practice", "--sheet", "41", "--out", "s.svg"],
                    "41 is not in 1..=40",
                )
                .plain(
                    &[
                        "practice",
                        "--sheet",
                        "1",
                        "--out",
                        "/nonexistent/dir/s.svg",
                    ],
                    "Cannot write /nonexistent/dir/s.svg",
                )
                .case(&["practice", "--seed", "abc"], "invalid digit")
                .case(
                    &[
                        "practice",
                        "--kind",
                        "window",
                        "--seed",
                        "1",
                        "--answer",
                        "alpha=big",
                    ],
                    "-inf or +inf",
                ),
        ),
        (
            "tree",
            Table::new(true)
                .case(&["tree"], "Give a tree such as")
                .case(&["tree", "((1 2)"], "Bad tree at col 7")
                .case(&["tree", "()"], "empty list")
                .case(&["tree", "(1 99999)"], "the leaf 99999 is out of range")
                .case(&["tree", "(1 two)"], "expected a number but found 'two'")
                .case(&["tree", "(? 0.5 1 0.4 2)"], "add up to 0.9, not 1")
                .case(
                    &["tree", "(? 0.5 1 0.5 2)", "--bounds", "3..9"],
                    "outside --bounds 3..9",
                )
                .case(
                    &["tree", "(? 0.5 1 0.5 2)", "--bounds", "9..3"],
                    "the range 9..3 is empty",
                )
                .case(
                    &["tree", "(1 2)", "--bounds", "0..9"],
                    "--bounds is for trees with chance nodes",
                )
                .case(&["tree", "(? 1 2)", "--trace"], "shown as a table or JSON")
                .case(&["tree", "[[1,2],[3"], "never closed")
                .case(&["tree", "(1 2)", "(3 4)"], "Unexpected argument '(3 4)'")
                .case(
                    &["tree", "(1 2)", "--algo", "foo"],
                    "possible values: minimax",
                )
                .case_os(vec!["tree".into(), non_utf8("(1 ")], "Invalid UTF-8")
                .case(
                    &["tree", "--file", &f("deep.tree")],
                    "nested more than 64 levels",
                )
                .case(
                    &["tree", "--file", &f("wide.tree")],
                    "more than 100000 nodes",
                )
                .case(
                    &["tree", "--file", &f("huge.tree")],
                    "huge.tree holds more than 1048576 bytes; the limit is 1 MiB",
                )
                .case(
                    &["tree", "--file", "/nonexistent"],
                    "Cannot read the tree file",
                )
                .case(&["tree", "--file", &dir], "Is a directory")
                .case(&["tree", "--file", &f("not-utf8.bin")], "is not UTF-8 text")
                .case(&["tree", "--file", "x", "(1 2)"], "cannot be used with")
                .case_stdin(&["tree", "-"], b"(1 (2", "never closed")
                .case_stdin(&["tree", "-"], &[b'(', 0xff, b')'], "not UTF-8")
                .case_stdin(&["tree", "--file", "-"], b"", "the tree is empty")
                .case(&["tree", "--depth", "2"], "--position <TEXT>")
                .case(&["tree", "--position", "xx"], "Impossible stone counts")
                .case(
                    &["tree", "--position", "x../.../...", "--depth", "0"],
                    "not in 1..=64",
                )
                .case(
                    &["tree", "--position", "..../..../..../....", "--depth", "64"],
                    "more than 200000 nodes",
                )
                .case(
                    &["tree", "(1 2)", "--position", "x.."],
                    "cannot be used with '--position",
                )
                .case(
                    &["tree", "(1 2)", "--svg", &missing],
                    "Cannot write the SVG picture",
                )
                .case(
                    &["tree", "--file", &f("svg.tree"), "--svg", &f("big.svg")],
                    "up to 2000 nodes",
                )
                .plain(&["tree", "(1 2", "--dot"], "never closed")
                .case(&["tree", "(1 2)", "--dot", "--json"], "cannot be used with"),
        ),
        (
            "compare",
            Table::new(true)
                .case(&["compare", "--position", "zz"], "unexpected character 'z'")
                .case(&["compare", "--position", "xxx/oo./..."], "already over")
                .case(&["compare", "--budget", "0"], "not in 1..")
                .case(&["compare", "--budget", "abc"], "invalid digit")
                .case(
                    &["compare", "--budget", "99999999999999999999999"],
                    "number too large",
                )
                .case(
                    &["compare", "--size", "3x3", "--k", "5"],
                    "k=5 is out of range",
                ),
        ),
        (
            "serve",
            Table::new(false)
                .case(
                    &["serve", "--addr", "nonsense"],
                    "expected HOST:PORT, like 127.0.0.1:8080 or localhost:0",
                )
                .case(&["serve", "--addr", busy], "Address already in use")
                // TEST-NET-1: an address no machine has, so binding it fails.
                .case(
                    &["serve", "--addr", "192.0.2.1:80"],
                    "Cannot serve on 192.0.2.1:80",
                )
                .case(
                    &["serve", "--time-per-move", "-1"],
                    "Unexpected argument '-1'",
                )
                .case(
                    &["serve", "--time-per-move", "99999999999999999999999"],
                    "number too large",
                )
                .case(&["serve", "--open=x"], "Unexpected value 'x' for '--open'"),
        ),
        (
            "verify",
            Table::new(true)
                .case(&["verify"], "required arguments were not provided: <FILE>")
                .case(&["verify", &missing], "Cannot read")
                .case(
                    &["verify", &f("not-a-record.txt")],
                    "does not start with an mnk certificate header",
                )
                .case(
                    &["verify", &f("header-only.cert")],
                    "no record settles the root as a draw",
                )
                .case(
                    &["verify", &f("future-version.cert")],
                    "a version this checker does not know (MNKCERT9); it reads MNKCERT1 and MNKCERT2",
                )
                .case(
                    &["verify", &f("impossible-root.cert")],
                    "its root cannot arise in a game: x has 0 stones and o has 2, with o to move",
                )
                .case(
                    &["verify", &f("two-members.cert.gz")],
                    "data follows the compressed certificate",
                )
                .case(
                    &["verify", "--max-records", "1", &f("two-records.cert")],
                    "holds more records than the checker may keep (1)",
                )
                .case(
                    &["verify", "--max-records", "0", &f("two-records.cert")],
                    "0 is not in 1..=1000000000",
                ),
        ),
        (
            "merge",
            Table::new(true)
                .case(&["merge"], "required arguments were not provided: <DIR>")
                .case(&["merge", &missing], "Cannot read")
                .case(
                    &["merge", &missing, "--next", "0"],
                    "0 is not in 1..=1000000",
                ),
        ),
        (
            "book",
            Table::new(false)
                .case(&["book"], "required arguments were not provided: --out")
                .case(
                    &["book", "--out", &f("none.book"), "--only", "9x9/9"],
                    "The board 9x9/9 is not one of the book's boards",
                )
                .case(
                    &["book", "--out", &f("none.book"), "--plies", "100000"],
                    "100000 is not in 0..=255",
                ),
        ),
        (
            "mnk",
            Table::new(false)
                .case(&["bogus"], "Unrecognized subcommand 'bogus'")
                .case(&["--bogus"], "Unexpected argument '--bogus'")
                .case(&["--bogus", "--json"], "Unexpected argument '--bogus'"),
        ),
    ]
}
