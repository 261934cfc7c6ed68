//! Match statistics: wins, draws and losses, the score, and the Elo difference with its
//! error margin.

use std::time::Duration;

/// What one player did over a match.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
    /// Moves played (opening moves excluded).
    pub moves: u32,
    /// Thinking time over those moves.
    pub time: Duration,
    /// The longest single move.
    pub longest: Duration,
    /// Games lost by crashing, hanging or answering illegally.
    pub faults: u32,
}

impl Tally {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points: one per win, half per draw.
    pub fn score(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }

    /// Mean thinking time per move, in milliseconds.
    pub fn average_ms(&self) -> f64 {
        if self.moves == 0 {
            0.0
        } else {
            self.time.as_secs_f64() * 1000.0 / self.moves as f64
        }
    }

    /// Records one move's thinking time.
    pub fn record_move(&mut self, took: Duration) {
        self.moves += 1;
        self.time += took;
        self.longest = self.longest.max(took);
    }
}

/// The Elo difference that expects score fraction `p`.
fn elo_of(p: f64) -> f64 {
    -400.0 * (1.0 / p - 1.0).log10()
}

/// The Elo difference of a player with this tally over its opponent, and the half-width of
/// its 95% confidence interval (from the per-game score variance); `None` when the score is
/// 0% or 100% (the estimate is unbounded) or no game was played.
pub fn elo(t: &Tally) -> Option<(f64, f64)> {
    let n = t.games() as f64;
    if n == 0.0 {
        return None;
    }
    let p = t.score() / n;
    if p <= 0.0 || p >= 1.0 {
        return None;
    }
    let var = (t.wins as f64 * (1.0 - p).powi(2)
        + t.draws as f64 * (0.5 - p).powi(2)
        + t.losses as f64 * p.powi(2))
        / n;
    let se = (var / n).sqrt();
    let lo = (p - 1.96 * se).clamp(1e-4, 1.0 - 1e-4);
    let hi = (p + 1.96 * se).clamp(1e-4, 1.0 - 1e-4);
    Some((elo_of(p), (elo_of(hi) - elo_of(lo)) / 2.0))
}

/// The Elo difference as text: `+35 ± 40`, or `+inf`/`-inf` for a clean sweep.
pub fn elo_text(t: &Tally) -> String {
    match elo(t) {
        // Rounding may leave "-0"; an even score reads as +0.
        Some((d, m)) => format!("{:+.0} ± {m:.0}", if d.abs() < 0.5 { 0.0 } else { d }),
        None if t.games() == 0 => "n/a".into(),
        None if t.score() > 0.0 => "+inf (no game lost)".into(),
        None => "-inf (no game won)".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_is_zero_for_an_even_score_and_symmetric() {
        let even = Tally {
            wins: 5,
            draws: 2,
            losses: 5,
            ..Tally::default()
        };
        let (d, m) = elo(&even).unwrap();
        assert!(d.abs() < 1e-9 && m > 0.0);
        let ahead = Tally {
            wins: 15,
            losses: 5,
            ..Tally::default()
        };
        let behind = Tally {
            wins: 5,
            losses: 15,
            ..Tally::default()
        };
        let (a, _) = elo(&ahead).unwrap();
        let (b, _) = elo(&behind).unwrap();
        assert!((a + b).abs() < 1e-9);
        assert!((a - 190.8).abs() < 0.5, "{a}");
        let sweep = Tally {
            wins: 20,
            ..Tally::default()
        };
        assert_eq!(elo(&sweep), None);
        assert!(elo_text(&sweep).starts_with("+inf"));
    }
}
