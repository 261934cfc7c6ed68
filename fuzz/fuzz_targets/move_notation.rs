//! Move notation (`b2`, `a1` = bottom-left, or a cell number 1..W*H): parsing never panics; a
//! parsed move is a cell of the board whose name parses back to it (in either letter case);
//! and every cell's name and number parse back to that cell.
//!
//! Input: 4 header bytes (width, height, K, a cell to name), then the move text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mnk_fuzz::{header_and_text, rules_from};

fuzz_target!(|data: &[u8]| {
    let Some(([w, h, k, pick], text)) = header_and_text::<4>(data) else {
        return;
    };
    let rules = rules_from(w, h, k);
    if let Ok(cell) = rules.parse_cell(&text) {
        assert!(cell < rules.cells(), "{text:?} -> {cell}");
        let name = rules.cell_name(cell);
        assert_eq!(rules.parse_cell(&name), Ok(cell), "{text:?} -> {name}");
        assert_eq!(rules.parse_cell(&name.to_uppercase()), Ok(cell));
    }
    let cell = pick as usize % rules.cells();
    assert_eq!(rules.parse_cell(&rules.cell_name(cell)), Ok(cell));
    assert_eq!(rules.parse_cell(&(cell + 1).to_string()), Ok(cell));
});
