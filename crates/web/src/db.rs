//! [`Database`]: where the games live between requests and across restarts, an embedded SQLite
//! file (or an in-memory database for `--db :memory:`).
//!
//! One row per game: its id, the client address that created it, the seed of the computer's
//! random choices, the game as `mnk-record` text (rules, players, who moved first, the moves),
//! the last computer move's figures as JSON, and three times in milliseconds since the Unix
//! epoch (created, changed, used). Every change is one transaction, committed before the
//! server answers: the file is in write-ahead-log mode with `synchronous=FULL`, so an
//! acknowledged move survives `kill -9` and a power cut alike.
//!
//! The file is opened with an exclusive lock: a second server on the same file is refused at
//! start rather than let two servers keep different copies of one game.

use rusqlite::{params, Connection, OpenFlags, OptionalExtension};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// The schema version this code writes (`PRAGMA user_version`).
const SCHEMA_VERSION: i64 = 1;

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id TEXT NOT NULL UNIQUE,
    client TEXT NOT NULL,
    seed INTEGER NOT NULL,
    record TEXT NOT NULL,
    last_thought TEXT,
    created INTEGER NOT NULL,
    changed INTEGER NOT NULL,
    used INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS games_by_use ON games (used);
CREATE INDEX IF NOT EXISTS games_by_client ON games (client, used);
";

/// Where the games are kept.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Location {
    /// In memory only: every game is lost when the server stops (`--db :memory:`).
    #[default]
    Memory,
    /// A SQLite file, created with its folder when missing.
    File(PathBuf),
}

impl std::fmt::Display for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Location::Memory => write!(f, ":memory: (games are lost when the server stops)"),
            Location::File(path) => write!(f, "{}", path.display()),
        }
    }
}

/// A database failure, in words a server operator can act on.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    /// The file could not be opened or set up.
    #[error("cannot open the game database {path}: {reason}")]
    Open {
        /// The file.
        path: String,
        /// Why, in SQLite's words or ours.
        reason: String,
    },
    /// A read or a write failed (a full disk, a file removed under the server).
    #[error("the game database failed: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// The server is stopping and has closed the database.
    #[error("the server is shutting down")]
    Closed,
}

/// A stored game, as read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    /// The address (or IPv6 /64 network) that created it.
    pub client: String,
    /// Seed of the computer's random choices.
    pub seed: u64,
    /// The game as `mnk-record` text.
    pub record: String,
    /// The last computer move's figures as JSON, when the last move was the computer's.
    pub last_thought: Option<String>,
    /// When it was last used, in milliseconds since the Unix epoch.
    pub used: u64,
}

/// The games on disk (or in memory), behind one connection.
pub struct Database {
    conn: Mutex<Option<Connection>>,
}

impl Database {
    /// Opens (creating when missing) the database at `location`.
    pub fn open(location: &Location) -> Result<Database, DbError> {
        let (conn, path) = match location {
            Location::Memory => (Connection::open_in_memory(), ":memory:".to_string()),
            Location::File(path) => {
                if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                    std::fs::create_dir_all(dir).map_err(|e| DbError::Open {
                        path: path.display().to_string(),
                        reason: format!("cannot create the folder {} ({e})", dir.display()),
                    })?;
                }
                (open_file(path), path.display().to_string())
            }
        };
        let open_error = |reason: String| DbError::Open {
            path: path.clone(),
            reason,
        };
        let conn = conn.map_err(|e| open_error(e.to_string()))?;
        set_up(&conn).map_err(|e| open_error(locked_reason(e)))?;
        let version: i64 = conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .map_err(|e| open_error(e.to_string()))?;
        if version > SCHEMA_VERSION {
            return Err(open_error(format!(
                "it was written by a newer mnk (schema {version}; this one knows {SCHEMA_VERSION})"
            )));
        }
        Ok(Database {
            conn: Mutex::new(Some(conn)),
        })
    }

    fn conn(&self) -> MutexGuard<'_, Option<Connection>> {
        // Every statement is its own transaction, so a panic cannot leave one half done.
        self.conn.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Runs `f` on the open connection.
    pub(crate) fn with<R>(
        &self,
        f: impl FnOnce(&Connection) -> rusqlite::Result<R>,
    ) -> Result<R, DbError> {
        let guard = self.conn();
        let conn = guard.as_ref().ok_or(DbError::Closed)?;
        Ok(f(conn)?)
    }

    /// Stores a new game.
    pub fn insert(&self, id: &str, game: &StoredGame, now: u64) -> Result<(), DbError> {
        self.with(|c| {
            c.execute(
                "INSERT INTO games (id, client, seed, record, last_thought, created, changed, used)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6, ?6)",
                params![
                    id,
                    game.client,
                    game.seed as i64,
                    game.record,
                    game.last_thought,
                    now as i64
                ],
            )
            .map(drop)
        })
    }

    /// Writes a game's new record and last thought; whether the game is still stored (a
    /// deleted or expired game is not brought back).
    pub fn update(
        &self,
        id: &str,
        record: &str,
        last_thought: Option<&str>,
        now: u64,
    ) -> Result<bool, DbError> {
        self.with(|c| {
            c.execute(
                "UPDATE games SET record = ?2, last_thought = ?3, changed = ?4, used = ?4
                 WHERE id = ?1",
                params![id, record, last_thought, now as i64],
            )
            .map(|n| n > 0)
        })
    }

    /// Marks a game as used at `now`.
    pub fn touch(&self, id: &str, now: u64) -> Result<(), DbError> {
        self.with(|c| {
            c.execute(
                "UPDATE games SET used = ?2 WHERE id = ?1",
                params![id, now as i64],
            )
            .map(drop)
        })
    }

    /// The game with this id, if stored.
    pub fn load(&self, id: &str) -> Result<Option<StoredGame>, DbError> {
        self.with(|c| {
            c.query_row(
                "SELECT client, seed, record, last_thought, used FROM games WHERE id = ?1",
                params![id],
                |r| {
                    Ok(StoredGame {
                        client: r.get(0)?,
                        seed: r.get::<_, i64>(1)? as u64,
                        record: r.get(2)?,
                        last_thought: r.get(3)?,
                        used: r.get::<_, i64>(4)? as u64,
                    })
                },
            )
            .optional()
        })
    }

    /// Deletes a game; whether it was stored.
    pub fn delete(&self, id: &str) -> Result<bool, DbError> {
        self.with(|c| {
            c.execute("DELETE FROM games WHERE id = ?1", params![id])
                .map(|n| n > 0)
        })
    }

    /// Deletes every game last used at or before `before`; how many.
    pub fn expire(&self, before: u64) -> Result<usize, DbError> {
        self.with(|c| c.execute("DELETE FROM games WHERE used <= ?1", params![before as i64]))
    }

    /// Games stored, all of them or those of one client.
    pub fn count(&self, client: Option<&str>) -> Result<usize, DbError> {
        self.with(|c| {
            let n: i64 = match client {
                None => c.query_row("SELECT COUNT(*) FROM games", [], |r| r.get(0))?,
                Some(client) => c.query_row(
                    "SELECT COUNT(*) FROM games WHERE client = ?1",
                    params![client],
                    |r| r.get(0),
                )?,
            };
            Ok(n as usize)
        })
    }

    /// Up to `limit` games last used at or before `before`, least recently used first (of one
    /// client, or of all): the candidates for making room.
    pub fn least_used(
        &self,
        client: Option<&str>,
        before: u64,
        limit: usize,
    ) -> Result<Vec<String>, DbError> {
        self.with(|c| {
            let mut stmt = c.prepare_cached(
                "SELECT id FROM games WHERE used <= ?1 AND (?2 IS NULL OR client = ?2)
                 ORDER BY used, rowid LIMIT ?3",
            )?;
            let ids = stmt
                .query_map(params![before as i64, client, limit as i64], |r| r.get(0))?
                .collect::<rusqlite::Result<Vec<String>>>();
            ids
        })
    }

    /// Closes the database: the write-ahead log is folded into the file and removed. Later
    /// calls answer [`DbError::Closed`].
    pub fn close(&self) -> Result<(), DbError> {
        let conn = self.conn().take();
        match conn {
            Some(conn) => conn.close().map_err(|(_, e)| DbError::Sqlite(e)),
            None => Ok(()),
        }
    }
}

fn open_file(path: &Path) -> rusqlite::Result<Connection> {
    create_private(path);
    Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
}

/// Creates a missing database file readable by its owner only: it holds client addresses.
/// SQLite gives its journal files the database file's permissions. Where this cannot be done
/// (another system, a race with another creator) SQLite creates the file as it would.
fn create_private(path: &Path) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        let _ = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o600)
            .open(path);
    }
    #[cfg(not(unix))]
    let _ = path;
}

/// Pragmas and tables. The exclusive lock is taken by the first write, here.
fn set_up(conn: &Connection) -> rusqlite::Result<()> {
    conn.pragma_update(None, "locking_mode", "EXCLUSIVE")?;
    // An in-memory database answers "memory" and keeps its own journal: nothing to survive.
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "FULL")?;
    conn.execute_batch(SCHEMA)?;
    // The class's practice results: new tables only, which an older mnk ignores, so the
    // schema version stays.
    conn.execute_batch(crate::class::SCHEMA)?;
    conn.pragma_update(None, "user_version", SCHEMA_VERSION)?;
    Ok(())
}

/// SQLite's "database is locked", said as what it means here.
fn locked_reason(e: rusqlite::Error) -> String {
    match e.sqlite_error_code() {
        Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked) => {
            "another mnk serve is using it (stop that one, or give this one its own --db)".into()
        }
        _ => e.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(client: &str, moves: &str) -> StoredGame {
        StoredGame {
            client: client.into(),
            seed: u64::MAX - 1,
            record: format!("mnk-record 1\nrules 3x3 k3\nmoves {moves}\n"),
            last_thought: None,
            used: 0,
        }
    }

    #[test]
    fn a_game_is_written_read_changed_and_deleted() {
        let db = Database::open(&Location::Memory).unwrap();
        db.insert("a", &game("10.0.0.1", "b2"), 1_000).unwrap();
        let stored = db.load("a").unwrap().unwrap();
        assert_eq!(stored.seed, u64::MAX - 1, "a seed over i64::MAX survives");
        assert_eq!(stored.used, 1_000);
        assert!(db.update("a", "r2", Some("{}"), 2_000).unwrap());
        let stored = db.load("a").unwrap().unwrap();
        assert_eq!((stored.record.as_str(), stored.used), ("r2", 2_000));
        assert_eq!(stored.last_thought.as_deref(), Some("{}"));
        assert!(db.delete("a").unwrap());
        assert!(
            !db.update("a", "r3", None, 3_000).unwrap(),
            "not brought back"
        );
        assert_eq!(db.load("a").unwrap(), None);
    }

    #[test]
    fn room_is_made_from_the_least_used_and_old_games_expire() {
        let db = Database::open(&Location::Memory).unwrap();
        db.insert("old", &game("10.0.0.1", ""), 100).unwrap();
        db.insert("mid", &game("10.0.0.2", ""), 200).unwrap();
        db.insert("new", &game("10.0.0.1", ""), 300).unwrap();
        db.touch("old", 400).unwrap();
        assert_eq!(
            db.least_used(None, 1_000, 10).unwrap(),
            ["mid", "new", "old"]
        );
        assert_eq!(db.least_used(Some("10.0.0.1"), 350, 10).unwrap(), ["new"]);
        assert_eq!(db.count(Some("10.0.0.1")).unwrap(), 2);
        assert_eq!(db.expire(300).unwrap(), 2);
        assert_eq!(db.count(None).unwrap(), 1);
    }

    #[test]
    fn a_file_survives_reopening_and_a_second_server_is_refused() {
        let dir = std::env::temp_dir().join(format!("mnk-db-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join("nested").join("games.db");
        let location = Location::File(path.clone());
        let db = Database::open(&location).unwrap();
        db.insert("a", &game("::1", "a1"), 5).unwrap();
        #[cfg(unix)]
        for file in [path.clone(), path.with_file_name("games.db-wal")] {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&file).unwrap().permissions().mode();
            assert_eq!(
                mode & 0o077,
                0,
                "{} is readable by others: {mode:o}",
                file.display()
            );
        }
        let second = Database::open(&location).err().expect("refused");
        assert!(second.to_string().contains("another mnk serve"), "{second}");
        db.close().unwrap();
        assert!(matches!(db.load("a"), Err(DbError::Closed)));
        let again = Database::open(&location).unwrap();
        assert_eq!(
            again.load("a").unwrap().unwrap().record,
            game("", "a1").record
        );
        drop(again);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
