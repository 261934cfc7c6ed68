//! The class view: the practice results of students who typed a nickname, kept in the
//! server's database, and their summary for the teacher.
//!
//! A nickname is all a student gives (1 to [`MAX_NICKNAME_CHARS`] visible characters, nothing
//! else personal; not even the client's address is kept with it). Each marked answer of a
//! nicknamed student is one row: the exercise (kind, difficulty, seed), the points, the first
//! mistake's type and the time. Everything is bounded: at most [`crate::ServerLimits::max_students`]
//! students (a new one drops the results of the student seen least recently) and
//! [`crate::ServerLimits::results_per_student`] results each (the oldest are dropped first); the
//! view says how many were dropped.
//!
//! The view is only offered by a server with a token: without one, anybody who can reach the
//! server could read the class's nicknames.

use crate::db::{Database, DbError};
use crate::error::ApiError;
use rusqlite::{params, OptionalExtension};
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};

/// Most characters of a nickname.
pub const MAX_NICKNAME_CHARS: usize = 24;

/// Mistake types listed per student (the most common first).
const MISTAKES_LISTED: usize = 3;

/// The tables of the class's results (created with the games' tables).
pub(crate) const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS practice_students (
    id INTEGER PRIMARY KEY,
    nickname TEXT NOT NULL UNIQUE COLLATE NOCASE,
    seen INTEGER NOT NULL,
    dropped INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS practice_students_by_seen ON practice_students (seen);
CREATE TABLE IF NOT EXISTS practice_results (
    student INTEGER NOT NULL,
    kind TEXT NOT NULL,
    difficulty TEXT NOT NULL,
    seed INTEGER NOT NULL,
    points INTEGER NOT NULL,
    out_of INTEGER NOT NULL,
    mistake TEXT,
    at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS practice_results_by_student ON practice_results (student, at);
CREATE TABLE IF NOT EXISTS practice_meta (
    key TEXT PRIMARY KEY,
    value INTEGER NOT NULL
);
";

/// Characters that change how text around them is shown without showing themselves (zero
/// widths, direction overrides): a nickname made of them would look like another.
fn invisible(c: char) -> bool {
    matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2069}' | '\u{FEFF}' | '\u{00AD}')
}

/// A nickname as kept: spaces at the ends trimmed and runs of spaces made one; or why it is
/// refused. Names differing only in ASCII case are one student.
pub fn nickname(text: &str) -> Result<String, ApiError> {
    if text.chars().any(|c| c.is_control() || invisible(c)) {
        return Err(ApiError::BadNickname(
            "a nickname may not hold control or invisible characters".into(),
        ));
    }
    let name = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let n = name.chars().count();
    if n == 0 {
        return Err(ApiError::BadNickname(format!(
            "the nickname is empty: type 1 to {MAX_NICKNAME_CHARS} characters, or leave it out"
        )));
    }
    if n > MAX_NICKNAME_CHARS {
        return Err(ApiError::BadNickname(format!(
            "the nickname has {n} characters; at most {MAX_NICKNAME_CHARS} are kept (a first \
             name or a made-up name, nothing else personal)"
        )));
    }
    Ok(name)
}

/// One marked answer of a student.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// `minimax`, `alphabeta`, ...
    pub kind: String,
    /// `easy`, `medium` or `hard`.
    pub difficulty: String,
    /// The exercise's seed.
    pub seed: u64,
    /// Points earned.
    pub points: u32,
    /// Points available.
    pub out_of: u32,
    /// The first mistake's type (`node_value`, ...), none when all was right.
    pub mistake: Option<String>,
}

/// The bounds of the class's results.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    /// Most students kept.
    pub students: usize,
    /// Most results kept per student.
    pub per_student: usize,
}

/// Keeps `result` for the student `name` (a checked [`nickname`]) at `now` (milliseconds
/// since the epoch), dropping what falls beyond `bounds`. One transaction.
pub fn record(
    db: &Database,
    name: &str,
    result: &Outcome,
    now: u64,
    bounds: Bounds,
) -> Result<(), DbError> {
    db.with(|c| {
        let tx = c.unchecked_transaction()?;
        let known: Option<i64> = tx
            .query_row(
                "SELECT id FROM practice_students WHERE nickname = ?1",
                params![name],
                |r| r.get(0),
            )
            .optional()?;
        let student = match known {
            Some(id) => {
                tx.execute(
                    "UPDATE practice_students SET seen = ?2, nickname = ?3 WHERE id = ?1",
                    params![id, now as i64, name],
                )?;
                id
            }
            None => {
                // A new student beyond the bound: the one seen least recently makes room.
                let students: i64 =
                    tx.query_row("SELECT COUNT(*) FROM practice_students", [], |r| r.get(0))?;
                let excess = (students + 1).saturating_sub(bounds.students.max(1) as i64);
                if excess > 0 {
                    let gone: Vec<i64> = tx
                        .prepare("SELECT id FROM practice_students ORDER BY seen, id LIMIT ?1")?
                        .query_map(params![excess], |r| r.get(0))?
                        .collect::<rusqlite::Result<_>>()?;
                    for id in &gone {
                        tx.execute(
                            "DELETE FROM practice_results WHERE student = ?1",
                            params![id],
                        )?;
                        tx.execute("DELETE FROM practice_students WHERE id = ?1", params![id])?;
                    }
                    tx.execute(
                        "INSERT INTO practice_meta (key, value) VALUES ('students_dropped', ?1)
                         ON CONFLICT (key) DO UPDATE SET value = value + ?1",
                        params![gone.len() as i64],
                    )?;
                }
                tx.execute(
                    "INSERT INTO practice_students (nickname, seen) VALUES (?1, ?2)",
                    params![name, now as i64],
                )?;
                tx.last_insert_rowid()
            }
        };
        tx.execute(
            "INSERT INTO practice_results
             (student, kind, difficulty, seed, points, out_of, mistake, at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            params![
                student,
                result.kind,
                result.difficulty,
                result.seed as i64,
                result.points,
                result.out_of,
                result.mistake,
                now as i64
            ],
        )?;
        let kept: i64 = tx.query_row(
            "SELECT COUNT(*) FROM practice_results WHERE student = ?1",
            params![student],
            |r| r.get(0),
        )?;
        let excess = kept.saturating_sub(bounds.per_student.max(1) as i64);
        if excess > 0 {
            tx.execute(
                "DELETE FROM practice_results WHERE rowid IN (SELECT rowid FROM practice_results
                 WHERE student = ?1 ORDER BY at, rowid LIMIT ?2)",
                params![student, excess],
            )?;
            tx.execute(
                "UPDATE practice_students SET dropped = dropped + ?2 WHERE id = ?1",
                params![student, excess],
            )?;
        }
        tx.commit()
    })
}

/// The class as the teacher's page shows it.
#[derive(Debug, Serialize)]
pub struct ClassView {
    /// Every student, by nickname.
    pub students: Vec<StudentView>,
    /// The most common mistakes of the whole class, most common first.
    pub mistakes: Vec<MistakeCount>,
    /// Students whose results were dropped to make room for new ones.
    pub students_dropped: u64,
    /// What the server keeps.
    pub limits: ClassLimits,
}

/// The bounds, for the page to say.
#[derive(Debug, Serialize)]
pub struct ClassLimits {
    /// Most students kept.
    pub students: usize,
    /// Most results kept per student.
    pub results_per_student: usize,
    /// Most characters of a nickname.
    pub nickname_chars: usize,
}

/// One student's practice.
#[derive(Debug, Serialize)]
pub struct StudentView {
    /// The nickname.
    pub nickname: String,
    /// Exercises marked at least once.
    pub tried: usize,
    /// Exercises that earned every point at some check.
    pub right: usize,
    /// Exercises that earned every point at their first check.
    pub right_first_time: usize,
    /// Answers checked, all exercises together.
    pub checks: usize,
    /// Points: each exercise's best check, added up.
    pub points: u64,
    /// Points available over those exercises.
    pub out_of: u64,
    /// The most common first mistakes (at most three), most common first.
    pub mistakes: Vec<MistakeCount>,
    /// Each exercise tried, in the order first tried.
    pub exercises: Vec<ExerciseResult>,
    /// The latest result, in milliseconds since the Unix epoch.
    pub last: u64,
    /// Older results dropped past the bound.
    pub dropped: u64,
}

/// How often a type of first mistake was made.
#[derive(Debug, Serialize, PartialEq, Eq)]
pub struct MistakeCount {
    /// The mistake's type, as `mistake_data.type` of a marking names it.
    pub r#type: String,
    /// How many checked answers had it as their first mistake.
    pub count: usize,
}

/// One exercise of a student.
#[derive(Debug, Serialize)]
pub struct ExerciseResult {
    /// Its kind.
    pub kind: String,
    /// Its difficulty.
    pub difficulty: String,
    /// Its seed.
    pub seed: u64,
    /// Answers checked.
    pub checks: usize,
    /// The best points of a check.
    pub points: u32,
    /// Points available.
    pub out_of: u32,
    /// Every point earned at some check.
    pub right: bool,
}

/// Counts by type, most common first (ties by name, so the order is stable).
fn ranked(counts: HashMap<String, usize>, keep: usize) -> Vec<MistakeCount> {
    let mut list: Vec<MistakeCount> = counts
        .into_iter()
        .map(|(r#type, count)| MistakeCount { r#type, count })
        .collect();
    list.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.r#type.cmp(&b.r#type)));
    list.truncate(keep);
    list
}

/// Reads the class; `bounds` are reported with it.
pub fn summary(db: &Database, bounds: Bounds) -> Result<ClassView, DbError> {
    struct Row {
        student: i64,
        result: Outcome,
        at: u64,
    }
    let (students, rows, dropped) = db.with(|c| {
        let students: Vec<(i64, String, u64)> = c
            .prepare("SELECT id, nickname, dropped FROM practice_students")?
            .query_map([], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get::<_, i64>(2)? as u64))
            })?
            .collect::<rusqlite::Result<_>>()?;
        let rows: Vec<Row> = c
            .prepare(
                "SELECT student, kind, difficulty, seed, points, out_of, mistake, at
                 FROM practice_results ORDER BY at, rowid",
            )?
            .query_map([], |r| {
                Ok(Row {
                    student: r.get(0)?,
                    result: Outcome {
                        kind: r.get(1)?,
                        difficulty: r.get(2)?,
                        seed: r.get::<_, i64>(3)? as u64,
                        points: r.get(4)?,
                        out_of: r.get(5)?,
                        mistake: r.get(6)?,
                    },
                    at: r.get::<_, i64>(7)? as u64,
                })
            })?
            .collect::<rusqlite::Result<_>>()?;
        let dropped: Option<i64> = c
            .query_row(
                "SELECT value FROM practice_meta WHERE key = 'students_dropped'",
                [],
                |r| r.get(0),
            )
            .optional()?;
        Ok((students, rows, dropped.unwrap_or(0) as u64))
    })?;
    let mut by_student: HashMap<i64, Vec<Row>> = HashMap::new();
    for row in rows {
        by_student.entry(row.student).or_default().push(row);
    }
    let mut all_mistakes: HashMap<String, usize> = HashMap::new();
    let mut views: Vec<StudentView> = students
        .into_iter()
        .map(|(id, nickname, dropped)| {
            let rows = by_student.remove(&id).unwrap_or_default();
            let mut mistakes: HashMap<String, usize> = HashMap::new();
            // The exercises in the order first tried: (kind, difficulty, seed) → position.
            let mut index: BTreeMap<(String, String, u64), usize> = BTreeMap::new();
            let mut exercises: Vec<(ExerciseResult, bool)> = Vec::new();
            for row in &rows {
                let r = &row.result;
                if let Some(m) = &r.mistake {
                    *mistakes.entry(m.clone()).or_default() += 1;
                    *all_mistakes.entry(m.clone()).or_default() += 1;
                }
                let full = r.mistake.is_none() && r.points == r.out_of;
                let key = (r.kind.clone(), r.difficulty.clone(), r.seed);
                match index.get(&key) {
                    Some(&i) => {
                        let (e, _) = &mut exercises[i];
                        e.checks += 1;
                        e.points = e.points.max(r.points);
                        e.out_of = r.out_of;
                        e.right |= full;
                    }
                    None => {
                        index.insert(key, exercises.len());
                        exercises.push((
                            ExerciseResult {
                                kind: r.kind.clone(),
                                difficulty: r.difficulty.clone(),
                                seed: r.seed,
                                checks: 1,
                                points: r.points,
                                out_of: r.out_of,
                                right: full,
                            },
                            full,
                        ));
                    }
                }
            }
            StudentView {
                nickname,
                tried: exercises.len(),
                right: exercises.iter().filter(|(e, _)| e.right).count(),
                right_first_time: exercises.iter().filter(|(_, first)| *first).count(),
                checks: rows.len(),
                points: exercises.iter().map(|(e, _)| u64::from(e.points)).sum(),
                out_of: exercises.iter().map(|(e, _)| u64::from(e.out_of)).sum(),
                mistakes: ranked(mistakes, MISTAKES_LISTED),
                exercises: exercises.into_iter().map(|(e, _)| e).collect(),
                last: rows.last().map_or(0, |r| r.at),
                dropped,
            }
        })
        .collect();
    views.sort_by(|a, b| {
        a.nickname
            .to_lowercase()
            .cmp(&b.nickname.to_lowercase())
            .then_with(|| a.nickname.cmp(&b.nickname))
    });
    Ok(ClassView {
        students: views,
        mistakes: ranked(all_mistakes, usize::MAX),
        students_dropped: dropped,
        limits: ClassLimits {
            students: bounds.students,
            results_per_student: bounds.per_student,
            nickname_chars: MAX_NICKNAME_CHARS,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::Location;

    fn result(seed: u64, points: u32, mistake: Option<&str>) -> Outcome {
        Outcome {
            kind: "minimax".into(),
            difficulty: "easy".into(),
            seed,
            points,
            out_of: 3,
            mistake: mistake.map(str::to_string),
        }
    }

    const BOUNDS: Bounds = Bounds {
        students: 2,
        per_student: 3,
    };

    #[test]
    fn nicknames_are_trimmed_bounded_and_plain() {
        assert_eq!(nickname("  Li   Wei ").unwrap(), "Li Wei");
        assert_eq!(nickname("小明").unwrap(), "小明");
        assert_eq!(nickname(&"é".repeat(24)).unwrap().chars().count(), 24);
        for bad in [
            "",
            "   ",
            "a\u{0}b",
            "tab\there",
            "x\u{202E}y",
            &"a".repeat(25),
        ] {
            let err = nickname(bad).unwrap_err();
            assert!(matches!(err, ApiError::BadNickname(_)), "{bad:?}: {err}");
        }
    }

    #[test]
    fn a_students_results_are_summed_per_exercise_and_old_ones_dropped() {
        let db = Database::open(&Location::Memory).unwrap();
        // Exercise 1: wrong, then right; exercise 2: right at once; then one more wrong.
        record(&db, "Ana", &result(1, 1, Some("node_value")), 10, BOUNDS).unwrap();
        record(&db, "ana", &result(1, 3, None), 20, BOUNDS).unwrap();
        record(&db, "Ana", &result(2, 3, None), 30, BOUNDS).unwrap();
        let class = summary(&db, BOUNDS).unwrap();
        let ana = &class.students[0];
        assert_eq!(
            class.students.len(),
            1,
            "names differing in case are one student"
        );
        assert_eq!(
            (ana.tried, ana.right, ana.right_first_time, ana.checks),
            (2, 2, 1, 3)
        );
        assert_eq!((ana.points, ana.out_of, ana.dropped), (6, 6, 0));
        assert_eq!(ana.mistakes[0].r#type, "node_value");
        // A fourth result drops the oldest (the wrong first check of exercise 1).
        record(&db, "Ana", &result(3, 0, Some("root_value")), 40, BOUNDS).unwrap();
        let class = summary(&db, BOUNDS).unwrap();
        let ana = &class.students[0];
        assert_eq!((ana.checks, ana.dropped), (3, 1));
        assert_eq!(
            ana.mistakes,
            vec![MistakeCount {
                r#type: "root_value".into(),
                count: 1
            }]
        );
        assert_eq!(
            ana.right_first_time, 2,
            "exercise 1's first kept check was right"
        );
    }

    #[test]
    fn a_new_student_beyond_the_bound_drops_the_one_seen_least_recently() {
        let db = Database::open(&Location::Memory).unwrap();
        record(&db, "Ana", &result(1, 3, None), 10, BOUNDS).unwrap();
        record(&db, "Bo", &result(1, 3, None), 20, BOUNDS).unwrap();
        record(&db, "Ana", &result(2, 3, None), 30, BOUNDS).unwrap();
        record(&db, "Cy", &result(1, 3, None), 40, BOUNDS).unwrap();
        let class = summary(&db, BOUNDS).unwrap();
        let names: Vec<&str> = class.students.iter().map(|s| s.nickname.as_str()).collect();
        assert_eq!(names, ["Ana", "Cy"]);
        assert_eq!(class.students_dropped, 1);
    }
}
