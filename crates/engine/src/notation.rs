//! Board text (`x.o/.x./..o`, rows top to bottom, optional side-to-move suffix), shared by
//! every front end; move names (`a1` = bottom-left, or a cell number) belong to
//! [`crate::rules::Rules`].

use crate::bits::BitSet;
use crate::error::NotationError;
use crate::geometry::Geometry;
use crate::position::Position;
use crate::rules::Size;
use crate::side::Side;
use std::sync::Arc;

/// Splits board text into its rows and the optional side-to-move suffix.
fn split_text(text: &str) -> Result<(Vec<&str>, Option<Side>), NotationError> {
    let text = text.trim();
    let (board, side) = match text.split_once(char::is_whitespace) {
        Some((board, side)) => (board, Some(side.trim())),
        None => (text, None),
    };
    let side = match side {
        None => None,
        Some("x") | Some("X") => Some(Side::X),
        Some("o") | Some("O") => Some(Side::O),
        Some(other) => return Err(NotationError::BadSide(other.chars().take(20).collect())),
    };
    Ok((board.split('/').collect(), side))
}

/// The board size that board text describes (rows, and the length of the first row).
///
/// ```
/// use mnk_engine::{infer_size, Size};
///
/// assert_eq!(infer_size("x..../...../..... o"), Some(Size { width: 5, height: 3 }));
/// ```
pub fn infer_size(text: &str) -> Option<Size> {
    let (rows, _) = split_text(text).ok()?;
    Some(Size {
        width: rows.first()?.chars().count(),
        height: rows.len(),
    })
}

impl<B: BitSet> Position<B> {
    /// Parses board text for the given geometry and checks the position is legal.
    pub fn from_text(geo: Arc<Geometry<B>>, text: &str) -> Result<Self, crate::error::BoardError> {
        let rules = geo.rules();
        let (rows, side) = split_text(text)?;
        if rows.len() != rules.height() {
            return Err(NotationError::RowCount {
                found: rows.len(),
                height: rules.height(),
            }
            .into());
        }
        let (mut x, mut o) = (B::default(), B::default());
        for (r, row) in rows.iter().enumerate() {
            let mut count = 0;
            for (c, ch) in row.chars().enumerate() {
                count += 1;
                let target = match ch {
                    'x' | 'X' => Some(&mut x),
                    'o' | 'O' => Some(&mut o),
                    '.' => None,
                    _ => {
                        return Err(NotationError::BadCell {
                            row: r + 1,
                            col: c + 1,
                            ch,
                        }
                        .into())
                    }
                };
                if c < rules.width() {
                    if let Some(set) = target {
                        *set = set.with(rules.cell(c, r));
                    }
                }
            }
            if count != rules.width() {
                return Err(NotationError::RowLength {
                    row: r + 1,
                    found: count,
                    width: rules.width(),
                }
                .into());
            }
        }
        Ok(Position::from_stones(geo, x, o, side)?)
    }

    /// Board text, with the side to move named when the stone counts leave it ambiguous
    /// (equal counts and o to move).
    pub fn to_text(&self) -> String {
        let rules = self.rules();
        let mut s = String::with_capacity(rules.cells() + rules.height() + 2);
        for r in 0..rules.height() {
            if r > 0 {
                s.push('/');
            }
            for c in 0..rules.width() {
                let cell = rules.cell(c, r);
                s.push(if self.stones(Side::X).contains(cell) {
                    'x'
                } else if self.stones(Side::O).contains(cell) {
                    'o'
                } else {
                    '.'
                });
            }
        }
        let (nx, no) = (self.stones(Side::X).count(), self.stones(Side::O).count());
        if nx == no && self.to_move() == Side::O {
            s.push_str(" o");
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn geo(w: usize, h: usize, k: usize) -> Arc<Geometry<u64>> {
        Geometry::new(crate::rules::Rules::new(w, h, Some(k)).unwrap())
    }

    #[test]
    fn board_text_round_trips() {
        let g = geo(3, 3, 3);
        for text in [
            "x.o/.x./..o",
            ".../.../...",
            "x../.../... ",
            "xo./.../... o",
        ] {
            let p = Position::from_text(g.clone(), text).unwrap();
            assert_eq!(p.to_text(), text.trim());
        }
        let p = Position::from_text(g.clone(), "x../.../...").unwrap();
        assert_eq!(p.to_move(), Side::O);
        let p = Position::from_text(g, "o../.../...").unwrap();
        assert_eq!(p.to_move(), Side::X);
    }

    #[test]
    fn parse_errors_name_the_place() {
        let g = geo(3, 3, 3);
        let err = |t: &str| Position::from_text(g.clone(), t).unwrap_err().to_string();
        assert!(err("x.o/.q./...").contains("row 2, column 2"));
        assert!(err("x.o/..../...").contains("row 2 has 4 cells"));
        assert!(err("x.o/...").contains("2 rows"));
        assert!(err("x.o/.../... z").contains("side to move"));
        assert!(err("xx./.../...").contains("stone counts"));
        assert!(err("xxx/ooo/x..").contains("both"));
        assert!(err("xxx/oo./o..").contains("already has 3"));
        assert!(err("x../.../... x").contains("x cannot be to move"));
    }

    #[test]
    fn separate_lines_are_impossible() {
        let g = geo(5, 3, 3);
        assert!(Position::from_text(g.clone(), "xxxoo/oo.o./xxx..")
            .unwrap_err()
            .to_string()
            .contains("separate"));
        // Two lines sharing the last stone are fine.
        let g = geo(3, 3, 3);
        let p = Position::from_text(g, "xxx/xoo/xoo").unwrap();
        assert_eq!(p.winner(), Some(Side::X));
    }

    #[test]
    fn size_is_inferred_from_text() {
        assert_eq!(
            infer_size("..../..../.... x"),
            Some(Size {
                width: 4,
                height: 3
            })
        );
    }
}
