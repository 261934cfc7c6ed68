//! Helpers shared by the fuzz targets in `fuzz_targets/`.

use mnk_engine::{Rules, MAX_SIDE};

/// A rule set from three bytes: width and height 1..=26 (so both one-word boards of up to 64
/// cells and wide ones up to 26x26 come up), K in 1..=the longer side.
pub fn rules_from(w: u8, h: u8, k: u8) -> Rules {
    sized(1 + w as usize % MAX_SIDE, 1 + h as usize % MAX_SIDE, k)
        .expect("sides are in range by construction")
}

/// A rule set of a given size with K from a byte (1..=the longer side); `None` when a side is
/// out of range.
pub fn sized(width: usize, height: usize, k: u8) -> Option<Rules> {
    let k = 1 + k as usize % width.max(height).max(1);
    Rules::new(width, height, Some(k)).ok()
}

/// Splits `data` into a fixed-size header and the rest read as text (invalid UTF-8 replaced,
/// so every input exercises the parser).
pub fn header_and_text<const N: usize>(data: &[u8]) -> Option<([u8; N], String)> {
    let header: [u8; N] = data.get(..N)?.try_into().ok()?;
    Some((header, String::from_utf8_lossy(&data[N..]).into_owned()))
}
