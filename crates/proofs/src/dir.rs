//! The job directory: a split written out, its answers kept, its status, and the merge.

use crate::files::{malformed, read_text, write_error, write_whole};
use crate::job::{side_word, Answer, JobFile, Proved, ANSWER_FORMAT};
use crate::JobsError;
use mnk_engine::exact;
use mnk_engine::proof::split::{Child, Job, Split, SplitNode};
use mnk_engine::proof::MergeSummary;
use mnk_engine::Wdl;
use mnk_engine::{Board, BoardError, Rules, Side};
use serde::{Deserialize, Serialize};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// The format of `split.json`.
pub const SPLIT_FORMAT: &str = "mnk-split/1";

/// `split.json`: what was split and how (the header is what a restart checks), and the tree
/// above the frontier for a reader.
#[derive(Serialize, Deserialize)]
struct SplitFile {
    format: String,
    width: usize,
    height: usize,
    k: usize,
    rule: String,
    /// The root as board text and its side to move.
    position: String,
    to_move: String,
    frontier: usize,
    /// Jobs in all (files `jobs/000000.json` on).
    jobs: usize,
    /// Where each question starts ("node 0", "job 3").
    questions: Vec<String>,
    /// The positions above the frontier, each with its moves (in the order a driver asks for
    /// their jobs) and where they lead.
    nodes: Vec<NodeFile>,
    /// Each job's stones (canonical orientation), side to move and attacker; the job files
    /// say the same in words.
    job_stones: Vec<StonesFile>,
}

#[derive(Serialize, Deserialize)]
struct NodeFile {
    /// The board text, for a reader.
    position: String,
    #[serde(flatten)]
    stones: StonesFile,
    moves: Vec<(String, String)>,
}

/// A position and its question: x's and o's stones as hexadecimal bit sets (bit c = cell c),
/// the side to move and the attacker.
#[derive(Serialize, Deserialize)]
struct StonesFile {
    x: String,
    o: String,
    to_move: String,
    attacker: String,
}

impl StonesFile {
    fn of(job: &Job) -> StonesFile {
        StonesFile {
            x: format!("{:x}", job.x),
            o: format!("{:x}", job.o),
            to_move: side_word(job.to_move),
            attacker: side_word(job.attacker),
        }
    }

    fn job(&self) -> Option<Job> {
        let side = |w: &str| match w {
            "x" => Some(Side::X),
            "o" => Some(Side::O),
            _ => None,
        };
        Some(Job {
            x: u64::from_str_radix(&self.x, 16).ok()?,
            o: u64::from_str_radix(&self.o, 16).ok()?,
            to_move: side(&self.to_move)?,
            attacker: side(&self.attacker)?,
        })
    }
}

/// Reads a move's destination as `split_file` writes it.
fn place_of(text: &str) -> Option<Child> {
    let (word, rest) = text.rsplit_once(' ')?;
    match word {
        "node" => rest.parse().ok().map(Child::Node),
        "job" => rest.parse().ok().map(Child::Job),
        "line for" => match rest {
            "x" => Some(Child::Line(Side::X)),
            "o" => Some(Child::Line(Side::O)),
            _ => None,
        },
        "full" if rest == "board" => Some(Child::Full),
        _ => None,
    }
}

/// A split proof in a directory, with the answers found there.
pub struct JobDir {
    path: PathBuf,
    board: Board,
    split: Split,
    answers: Vec<Option<bool>>,
}

/// Where a split proof stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    /// Jobs in the split.
    pub jobs: usize,
    /// Jobs answered.
    pub answered: usize,
    /// Unanswered jobs that could still change the root's value, most useful first.
    pub needed: Vec<usize>,
    /// The root's value, once settled.
    pub value: Option<Wdl>,
    /// Proof search nodes of the answered jobs.
    pub nodes: u64,
}

/// A merged certificate.
#[derive(Clone, Debug, PartialEq)]
pub struct Merged {
    /// What the merge wrote.
    pub summary: MergeSummary,
    /// Jobs answered but not used by the proof.
    pub unused: usize,
    /// Jobs never answered, since the proof did not need them.
    pub skipped: usize,
    /// The certificate's size in bytes.
    pub bytes: u64,
}

fn job_name(j: usize) -> String {
    format!("{j:06}")
}

impl JobDir {
    /// Splits the proof of `board` at `frontier` into `path`, or, when `path` already holds
    /// that same split, opens it with the answers it has (a restart).
    pub fn create(path: &Path, board: &Board, frontier: usize) -> Result<JobDir, JobsError> {
        if path.join("split.json").exists() {
            let dir = JobDir::open(path)?;
            if dir.board.rules() != board.rules()
                || dir.board.to_text() != board.to_text()
                || dir.board.to_move() != board.to_move()
                || dir.split.frontier() != frontier
            {
                return Err(JobsError::Mismatch(format!(
                    "{} holds another split ({}x{}/{} at {} plies from '{}'); choose another \
                     directory",
                    path.display(),
                    dir.board.rules().width(),
                    dir.board.rules().height(),
                    dir.board.rules().k(),
                    dir.split.frontier(),
                    dir.board.to_text()
                )));
            }
            return Ok(dir);
        }
        let split = exact::split(board, frontier)?;
        for sub in ["jobs", "answers"] {
            std::fs::create_dir_all(path.join(sub)).map_err(|e| write_error(path, e))?;
        }
        let rules = board.rules();
        for (j, job) in split.jobs.iter().enumerate() {
            let file = JobFile::new(rules, j, job)?;
            write_whole(
                &path.join("jobs").join(format!("{}.json", job_name(j))),
                file.to_text().as_bytes(),
            )?;
        }
        // Written last: its presence says the split is whole.
        let text =
            serde_json::to_string_pretty(&split_file(board, &split)?).expect("a split serialises");
        write_whole(&path.join("split.json"), text.as_bytes())?;
        Ok(JobDir {
            path: path.to_path_buf(),
            board: board.clone(),
            answers: vec![None; split.jobs.len()],
            split,
        })
    }

    /// Opens a split directory and reads the answers in it.
    pub fn open(path: &Path) -> Result<JobDir, JobsError> {
        let file = path.join("split.json");
        let text = read_text(&file)?;
        let head: SplitFile = serde_json::from_str(&text)
            .map_err(|e| malformed(&file, format!("not a split file: {e}")))?;
        if head.format != SPLIT_FORMAT {
            return Err(malformed(
                &file,
                format!("format '{}' is not {SPLIT_FORMAT}", head.format),
            ));
        }
        let rules = Rules::new(head.width, head.height, Some(head.k)).map_err(BoardError::from)?;
        let to_move = match head.to_move.as_str() {
            "o" => Side::O,
            _ => Side::X,
        };
        let board = Board::from_text(rules, &head.position)?
            .with_side_to_move(to_move)
            .map_err(BoardError::from)?;
        // The split is read back as it was made (its move order came from probes that are
        // not worth running again on every open).
        let bad = |why: &str| malformed(&file, why.to_string());
        let mut nodes = Vec::with_capacity(head.nodes.len());
        for n in &head.nodes {
            let at = n
                .stones
                .job()
                .ok_or_else(|| bad("a node's stones do not read"))?;
            let mut children = Vec::with_capacity(n.moves.len());
            for (cell, place) in &n.moves {
                let cell = rules
                    .parse_cell(cell)
                    .map_err(|_| bad("a node's move does not read"))?;
                let child =
                    place_of(place).ok_or_else(|| bad("a move's destination does not read"))?;
                children.push((cell, child));
            }
            nodes.push(SplitNode { at, children });
        }
        let jobs = head
            .job_stones
            .iter()
            .map(StonesFile::job)
            .collect::<Option<Vec<Job>>>()
            .ok_or_else(|| bad("a job's stones do not read"))?;
        let questions = head
            .questions
            .iter()
            .map(|q| place_of(q))
            .collect::<Option<Vec<Child>>>()
            .ok_or_else(|| bad("a question does not read"))?;
        if jobs.len() != head.jobs {
            return Err(bad("its job count and its jobs differ"));
        }
        let split = exact::split_from(&board, head.frontier, nodes, jobs, questions)
            .map_err(|why| malformed(&file, why))?;
        let mut dir = JobDir {
            path: path.to_path_buf(),
            board,
            answers: vec![None; split.jobs.len()],
            split,
        };
        for j in 0..dir.split.jobs.len() {
            let answer = dir.answer_path(j);
            if answer.exists() {
                let a: Answer = serde_json::from_str(&read_text(&answer)?)
                    .map_err(|e| malformed(&answer, format!("not an answer file: {e}")))?;
                dir.check_answer(&a, &answer)?;
                if !dir.part_path(j).exists() {
                    return Err(malformed(&answer, "its certificate part is missing"));
                }
                dir.answers[j] = Some(a.attacker_wins);
            }
        }
        Ok(dir)
    }

    /// The split.
    pub fn split(&self) -> &Split {
        &self.split
    }

    /// The root position.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The directory.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The file of job `j`.
    pub fn job_path(&self, j: usize) -> PathBuf {
        self.path.join("jobs").join(format!("{}.json", job_name(j)))
    }

    /// Job `j`'s file as it is written.
    pub fn job(&self, j: usize) -> Result<JobFile, JobsError> {
        JobFile::new(self.board.rules(), j, &self.split.jobs[j])
    }

    fn answer_path(&self, j: usize) -> PathBuf {
        answer_path_in(&self.path.join("answers"), j)
    }

    fn part_path(&self, j: usize) -> PathBuf {
        part_path_in(&self.path.join("answers"), j)
    }

    fn check_answer(&self, a: &Answer, path: &Path) -> Result<(), JobsError> {
        let expected = self
            .split
            .jobs
            .get(a.job)
            .ok_or_else(|| malformed(path, format!("job {} is not in this split", a.job)))?;
        let job = self.job(a.job)?;
        if a.format != ANSWER_FORMAT
            || a.position != job.position
            || a.to_move != side_word(expected.to_move)
            || a.attacker != side_word(expected.attacker)
        {
            return Err(malformed(path, format!("it does not answer job {}", a.job)));
        }
        Ok(())
    }

    /// Keeps a proved job's answer and part (the part first, so an answer file always has
    /// its part).
    pub fn store(&mut self, proved: &Proved) -> Result<(), JobsError> {
        let j = proved.answer.job;
        self.check_answer(&proved.answer, &self.path.join("answers"))?;
        write_whole(&self.part_path(j), &proved.part)?;
        let text = serde_json::to_string_pretty(&proved.answer).expect("an answer serialises");
        write_whole(&self.answer_path(j), text.as_bytes())?;
        self.answers[j] = Some(proved.answer.attacker_wins);
        Ok(())
    }

    /// Where the proof stands.
    pub fn status(&self) -> Status {
        let nodes = (0..self.answers.len())
            .filter(|&j| self.answers[j].is_some())
            .filter_map(|j| read_text(&self.answer_path(j)).ok())
            .filter_map(|t| serde_json::from_str::<Answer>(&t).ok())
            .map(|a| a.nodes)
            .sum();
        Status {
            jobs: self.split.jobs.len(),
            answered: self.answers.iter().filter(|a| a.is_some()).count(),
            needed: self.split.needed(&self.answers),
            value: self.split.settle(&self.answers).value,
            nodes,
        }
    }

    /// Merges the answers into one certificate at `out` (gzip-compressed), once the root is
    /// settled.
    pub fn merge(&self, out: &Path) -> Result<Merged, JobsError> {
        let tmp = out.with_extension("tmp");
        let file = std::fs::File::create(&tmp).map_err(|e| write_error(&tmp, e))?;
        let mut gz = flate2::write::GzEncoder::new(
            std::io::BufWriter::new(file),
            flate2::Compression::default(),
        );
        let mut open = |j: usize| -> std::io::Result<Box<dyn Read>> {
            let f = std::fs::File::open(self.part_path(j))?;
            Ok(Box::new(flate2::read::GzDecoder::new(
                std::io::BufReader::new(f),
            )))
        };
        let summary = self
            .split
            .write_certificate(&self.answers, &mut open, &mut gz);
        let summary = match summary {
            Ok(s) => s,
            Err(e) => {
                drop(gz);
                let _ = std::fs::remove_file(&tmp);
                return Err(e.into());
            }
        };
        gz.finish()
            .and_then(|mut w| w.flush())
            .and_then(|()| std::fs::rename(&tmp, out))
            .map_err(|e| write_error(out, e))?;
        let answered = self.answers.iter().filter(|a| a.is_some()).count();
        Ok(Merged {
            summary,
            unused: answered - summary.jobs_used,
            skipped: self.answers.len() - answered,
            bytes: std::fs::metadata(out).map(|m| m.len()).unwrap_or(0),
        })
    }
}

/// Keeps a proved job's answer and part in `dir` under the names a split directory's
/// `answers/` uses, for a job proved away from its directory (copy both files there).
pub fn store_beside(dir: &Path, proved: &Proved) -> Result<(), JobsError> {
    let j = proved.answer.job;
    write_whole(&part_path_in(dir, j), &proved.part)?;
    let text = serde_json::to_string_pretty(&proved.answer).expect("an answer serialises");
    write_whole(&answer_path_in(dir, j), text.as_bytes())
}

/// An answer file's path in `dir`.
pub(crate) fn answer_path_in(dir: &Path, j: usize) -> PathBuf {
    dir.join(format!("{}.answer.json", job_name(j)))
}

/// A certificate part's path in `dir`.
pub(crate) fn part_path_in(dir: &Path, j: usize) -> PathBuf {
    dir.join(format!("{}.part.gz", job_name(j)))
}

fn split_file(board: &Board, split: &Split) -> Result<SplitFile, JobsError> {
    let rules = board.rules();
    let place = |c: Child| match c {
        Child::Node(n) => format!("node {n}"),
        Child::Job(j) => format!("job {j}"),
        Child::Line(side) => format!("line for {side}"),
        Child::Full => "full board".to_string(),
    };
    let mut nodes = Vec::new();
    for n in &split.nodes {
        let at = JobFile::new(rules, 0, &n.at)?;
        nodes.push(NodeFile {
            position: at.position,
            stones: StonesFile::of(&n.at),
            moves: n
                .children
                .iter()
                .map(|&(cell, c)| (rules.cell_name(cell), place(c)))
                .collect(),
        });
    }
    Ok(SplitFile {
        format: SPLIT_FORMAT.to_string(),
        width: rules.width(),
        height: rules.height(),
        k: rules.k(),
        rule: "freestyle".to_string(),
        position: board.to_text(),
        to_move: side_word(board.to_move()),
        frontier: split.frontier(),
        jobs: split.jobs.len(),
        questions: split.questions.iter().map(|&q| place(q)).collect(),
        nodes,
        job_stones: split.jobs.iter().map(StonesFile::of).collect(),
    })
}
