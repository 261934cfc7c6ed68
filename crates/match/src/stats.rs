//! Match statistics: wins, draws and losses, the score, and the Elo difference with its
//! error margin.

use mnk_engine::{Outcome, Side};
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

/// The results by colour, so that a reader sees how balanced the openings were: equal
/// players score about the same with either colour on balanced openings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ColourSplit {
    /// Games x won.
    pub x_wins: u32,
    /// Games o won.
    pub o_wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Player A's wins, draws and losses playing x (`[0]`) and playing o (`[1]`).
    pub a_as: [[u32; 3]; 2],
}

impl ColourSplit {
    /// Counts one game.
    pub fn add(&mut self, a_is_x: bool, outcome: Outcome) {
        let a_side = if a_is_x { Side::X } else { Side::O };
        let column = match outcome {
            Outcome::Win(Side::X) => {
                self.x_wins += 1;
                usize::from(a_side != Side::X) * 2
            }
            Outcome::Win(Side::O) => {
                self.o_wins += 1;
                usize::from(a_side != Side::O) * 2
            }
            Outcome::Draw => {
                self.draws += 1;
                1
            }
        };
        self.a_as[usize::from(!a_is_x)][column] += 1;
    }

    /// Player `i`'s (0: A, 1: B) wins, draws and losses with x (`colour` 0) or o (1).
    pub fn player(&self, i: usize, colour: usize) -> [u32; 3] {
        match i {
            0 => self.a_as[colour],
            // B has x exactly when A has o, and wins what A loses.
            _ => {
                let [w, d, l] = self.a_as[1 - colour];
                [l, d, w]
            }
        }
    }

    /// The share of the points x took (a draw counts half); none before any game.
    pub fn x_score(&self) -> Option<f64> {
        let games = self.x_wins + self.o_wins + self.draws;
        (games > 0).then(|| (self.x_wins as f64 + self.draws as f64 / 2.0) / games as f64)
    }
}

/// The normal quantile of a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

/// The Elo difference that expects score fraction `p` (infinite at 0 and 1); an even score
/// gives +0, not -0.
fn elo_of(p: f64) -> f64 {
    400.0 * (p / (1.0 - p)).log10()
}

/// The Wilson score interval of a proportion: `successes` out of `n` trials, normal quantile
/// `z`. Unlike the normal approximation it stays inside [0, 1] and is honest for a handful of
/// games; a clean sweep gives a bound of exactly 0 or 1. Requires `n > 0`.
pub fn wilson(successes: f64, n: f64, z: f64) -> (f64, f64) {
    let p = successes / n;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// `x` rounded to `decimals` places, with no negative zero (`-0.0` reads as a loss).
pub fn round_to(x: f64, decimals: i32) -> f64 {
    let scale = 10f64.powi(decimals);
    // Dividing by the power of ten (not multiplying by its inverse) gives the shortest decimal.
    let r = (x * scale).round() / scale;
    if r == 0.0 {
        0.0
    } else {
        r
    }
}

/// The Elo difference of a player over its opponent with its 95% interval. A bound or the
/// estimate is `None` where it is unbounded: after a clean sweep the data cannot put a ceiling
/// on the difference (or a floor, after losing every game).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Elo {
    /// The difference that expects the player's score fraction.
    pub estimate: Option<f64>,
    /// The lower end of the interval.
    pub low: Option<f64>,
    /// The upper end of the interval.
    pub high: Option<f64>,
}

/// The Elo difference of a player with this tally over its opponent: the Wilson interval of
/// the score fraction (a draw counts half; treating the fraction as a binomial proportion is
/// on the safe side when games are drawn) mapped to Elo. `None` before any game.
pub fn elo(t: &Tally) -> Option<Elo> {
    let n = t.games() as f64;
    if n == 0.0 {
        return None;
    }
    let finite = |p: f64| (p > 0.0 && p < 1.0).then(|| elo_of(p));
    let (low, high) = wilson(t.score(), n, Z95);
    Some(Elo {
        estimate: finite(t.score() / n),
        low: finite(low),
        high: finite(high),
    })
}

/// The Elo difference as text: `+35 (95%: -40 to +110)`, `at least +287 (95%; no game lost)`
/// after a clean sweep, `n/a` before any game.
pub fn elo_text(t: &Tally) -> String {
    let whole = |x: f64| format!("{:+.0}", round_to(x, 0));
    match elo(t) {
        None => "n/a".into(),
        Some(Elo {
            estimate: Some(d),
            low: Some(lo),
            high: Some(hi),
        }) => format!("{} (95%: {} to {})", whole(d), whole(lo), whole(hi)),
        Some(Elo { low: Some(lo), .. }) => format!("at least {} (95%; no game lost)", whole(lo)),
        Some(Elo { high: Some(hi), .. }) => format!("at most {} (95%; no game won)", whole(hi)),
        Some(_) => "unbounded".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(wins: u32, draws: u32, losses: u32) -> Tally {
        Tally {
            wins,
            draws,
            losses,
            ..Tally::default()
        }
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 0.05
    }

    /// Hand-computed with z = 1.96: centre (p + z²/2n) / (1 + z²/n), half-width
    /// z / (1 + z²/n) * sqrt(p(1-p)/n + z²/4n²), Elo = -400 log10(1/p - 1).
    #[test]
    fn the_wilson_interval_matches_hand_computed_values() {
        let (lo, hi) = wilson(1.0, 2.0, Z95);
        assert!(
            (lo - 0.094_53).abs() < 1e-4 && (hi - 0.905_47).abs() < 1e-4,
            "{lo} {hi}"
        );
        let (lo, hi) = wilson(15.0, 20.0, Z95);
        assert!(
            (lo - 0.531_30).abs() < 1e-4 && (hi - 0.888_14).abs() < 1e-4,
            "{lo} {hi}"
        );
        let (lo, hi) = wilson(20.0, 20.0, Z95);
        assert!((lo - 0.838_87).abs() < 1e-4 && hi == 1.0, "{lo} {hi}");
        let (lo, hi) = wilson(0.0, 3.0, Z95);
        assert!(lo == 0.0 && (hi - 0.561_50).abs() < 1e-4, "{lo} {hi}");
    }

    #[test]
    fn two_draws_are_an_even_score_with_a_wide_interval() {
        let e = elo(&tally(0, 2, 0)).unwrap();
        assert_eq!(e.estimate, Some(0.0));
        assert!(e.estimate.unwrap().is_sign_positive());
        assert!(
            close(e.low.unwrap(), -392.5) && close(e.high.unwrap(), 392.5),
            "{e:?}"
        );
        assert_eq!(elo_text(&tally(0, 2, 0)), "+0 (95%: -393 to +393)");
    }

    #[test]
    fn an_uneven_score_has_an_asymmetric_interval() {
        let e = elo(&tally(15, 0, 5)).unwrap();
        assert!(close(e.estimate.unwrap(), 190.8), "{e:?}");
        assert!(
            close(e.low.unwrap(), 21.8) && close(e.high.unwrap(), 359.9),
            "{e:?}"
        );
        assert_eq!(elo_text(&tally(15, 0, 5)), "+191 (95%: +22 to +360)");
        let behind = elo(&tally(5, 0, 15)).unwrap();
        assert!(close(behind.estimate.unwrap(), -190.8) && close(behind.low.unwrap(), -359.9));
    }

    #[test]
    fn a_clean_sweep_has_only_a_lower_bound() {
        let sweep = tally(20, 0, 0);
        let e = elo(&sweep).unwrap();
        assert_eq!((e.estimate, e.high), (None, None));
        assert!(close(e.low.unwrap(), 286.6), "{e:?}");
        assert_eq!(elo_text(&sweep), "at least +287 (95%; no game lost)");
        assert_eq!(elo_text(&tally(0, 0, 3)), "at most +43 (95%; no game won)");
        assert_eq!(elo_text(&Tally::default()), "n/a");
    }

    #[test]
    fn rounding_never_gives_a_negative_zero() {
        assert!(round_to(-0.04, 1).is_sign_positive());
        assert_eq!(round_to(0.035_352_999_999_999_996, 3).to_string(), "0.035");
        assert_eq!(round_to(-190.849, 1), -190.8);
    }

    #[test]
    fn the_colour_split_counts_each_side_and_each_player() {
        let mut split = ColourSplit::default();
        split.add(true, Outcome::Win(Side::X)); // A with x wins
        split.add(false, Outcome::Win(Side::X)); // B with x wins
        split.add(false, Outcome::Draw); // A with o draws
        split.add(true, Outcome::Win(Side::O)); // A with x loses
        assert_eq!((split.x_wins, split.o_wins, split.draws), (2, 1, 1));
        assert_eq!(split.player(0, 0), [1, 0, 1]);
        assert_eq!(split.player(0, 1), [0, 1, 1]);
        assert_eq!(split.player(1, 0), [1, 1, 0]);
        assert_eq!(split.player(1, 1), [1, 0, 1]);
        assert_eq!(split.x_score(), Some(0.625));
        assert_eq!(ColourSplit::default().x_score(), None);
    }
}
