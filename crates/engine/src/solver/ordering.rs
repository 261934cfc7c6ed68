//! Move ordering shared by the solver and the "informed" textbook order.

use crate::bits::BitSet;
use crate::position::Position;
use crate::threats::scan;

/// Immediate wins first, then forced blocks, then the rest in the static centre order.
pub fn informed_order<B: BitSet>(pos: &Position<B>, legal: B, out: &mut Vec<usize>) {
    let threats = scan(pos, pos.to_move());
    let wins = threats.wins.and(legal);
    let blocks = threats.blocks.and(legal).and_not(wins);
    out.extend(wins.cells());
    out.extend(blocks.cells());
    let rest = legal.and_not(wins).and_not(blocks);
    out.extend(
        pos.geometry()
            .centre_order()
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| rest.contains(c)),
    );
}
