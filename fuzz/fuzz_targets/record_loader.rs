//! Game records (`mnk-record 1` ...): loading never panics; a record that loads is replayed
//! into a session the way `mnk play --load` does, the session agrees with it (moves, result,
//! the record it would save), and the record's text loads back to the same record.
//!
//! Input: the record text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mnk_engine::session::{GameResult, Record, Session};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(record) = Record::parse(&text) else {
        return;
    };
    let saved = record.to_text();
    assert_eq!(Record::parse(&saved).as_ref(), Ok(&record), "{saved}");
    let mut session = Session::from_record(&record, 0, false).expect("a parsed record replays");
    assert_eq!(session.moves(), record.moves);
    assert_eq!(session.result(), record.result);
    assert_eq!(session.is_over(), record.result != GameResult::Unfinished);
    assert_eq!(session.to_record(), record);
    // Taking back a human move leaves a prefix of the game.
    if let Ok(taken) = session.undo() {
        let left = session.moves();
        assert_eq!(left.len() + taken.len(), record.moves.len());
        assert_eq!(left[..], record.moves[..left.len()]);
    }
});
