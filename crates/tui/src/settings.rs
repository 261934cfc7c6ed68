//! The settings screen: a small form (board, K, rule, players, who moves first, pace) edited with the
//! arrow keys. It only edits values; the app turns them into a new session on Enter.

use crate::lang::{fill, Texts};
use mnk_engine::ai::{Level, Player};
use mnk_engine::session::SessionConfig;
use mnk_engine::MAX_SIDE;
use mnk_engine::{Rule, Rules, Side};

/// Named boards the preset row cycles through: (name, width, height, k); the names the
/// screen shows are the language's ([`crate::lang::Texts::presets`], in this order).
pub const PRESETS: [(&str, usize, usize, usize); 5] = [
    ("tic-tac-toe 3x3, 3 in a row", 3, 3, 3),
    ("four in a row 4x4", 4, 4, 4),
    ("5x5, 4 in a row", 5, 5, 4),
    ("Gomoku 15x15, 5 in a row", 15, 15, 5),
    ("26x26, 5 in a row", 26, 26, 5),
];

/// The player choices, in the order Left/Right cycles them.
pub const PLAYERS: [Player; 13] = [
    Player::Human,
    Player::Computer(Level::Depth(1)),
    Player::Computer(Level::Depth(2)),
    Player::Computer(Level::Hard),
    Player::Computer(Level::Perfect),
    Player::Computer(Level::Random),
    Player::Computer(Level::Depth(3)),
    Player::Computer(Level::Depth(4)),
    Player::Computer(Level::Depth(5)),
    Player::Computer(Level::Depth(6)),
    Player::Computer(Level::Depth(7)),
    Player::Computer(Level::Depth(8)),
    Player::Computer(Level::Depth(9)),
];

/// AI-vs-AI pauses between moves, in milliseconds, as `+`/`-` step through them.
pub const PACES_MS: [u64; 7] = [0, 100, 250, 500, 1000, 2000, 4000];

/// A player's name as the app shows it in the language of `t` (`easy`/`medium` rather than
/// `depth:1`/`depth:2`).
pub fn player_label(player: Player, t: &Texts) -> String {
    match player {
        Player::Human => t.human.into(),
        Player::Computer(Level::Depth(1)) => t.easy.into(),
        Player::Computer(Level::Depth(2)) => t.medium.into(),
        Player::Computer(Level::Depth(n)) => fill(t.depth, &[("n", &n)]),
        Player::Computer(Level::Hard) => t.hard.into(),
        Player::Computer(Level::Perfect) => t.perfect.into(),
        Player::Computer(Level::Random) => t.random.into(),
    }
}

/// The rows of the form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// A named board (sets width, height and K).
    Preset,
    /// Board width.
    Width,
    /// Board height.
    Height,
    /// Stones in a row that win.
    K,
    /// Freestyle, exactly K, or Renju.
    Rule,
    /// Who plays X.
    X,
    /// Who plays O.
    O,
    /// Which symbol moves first.
    First,
    /// Swap the players of X and O (choose your symbol).
    Swap,
    /// AI-vs-AI pause.
    Pace,
    /// Start a game with these settings.
    Start,
}

/// Every row, top to bottom.
pub const FIELDS: [Field; 11] = [
    Field::Preset,
    Field::Width,
    Field::Height,
    Field::K,
    Field::Rule,
    Field::X,
    Field::O,
    Field::First,
    Field::Swap,
    Field::Pace,
    Field::Start,
];

/// The values being edited.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Board width, 1..=26.
    pub width: usize,
    /// Board height, 1..=26.
    pub height: usize,
    /// Stones in a row, 1..=max(width, height).
    pub k: usize,
    /// Who wins with which lines, and what is forbidden.
    pub rule: Rule,
    /// Who plays X.
    pub x: Player,
    /// Who plays O.
    pub o: Player,
    /// Which symbol moves first.
    pub first: Side,
    /// Index into [`PACES_MS`].
    pub pace: usize,
    /// The selected row (index into [`FIELDS`]).
    pub selected: usize,
}

impl Settings {
    /// The form filled from a session's settings.
    pub fn from_config(config: &SessionConfig, pace: usize) -> Settings {
        Settings {
            width: config.rules.width(),
            height: config.rules.height(),
            k: config.rules.k(),
            rule: config.rules.rule(),
            x: config.x,
            o: config.o,
            first: config.first,
            pace,
            selected: 0,
        }
    }

    /// The rules these values make (always valid: the form keeps K in range).
    pub fn rules(&self) -> Option<Rules> {
        Rules::new(self.width, self.height, Some(self.k))
            .ok()
            .map(|r| r.with_rule(self.rule))
    }

    /// The selected row.
    pub fn field(&self) -> Field {
        FIELDS[self.selected]
    }

    /// Moves the selection up (`-1`) or down (`+1`), wrapping.
    pub fn select(&mut self, step: isize) {
        let n = FIELDS.len() as isize;
        self.selected = (self.selected as isize + step).rem_euclid(n) as usize;
    }

    /// Changes the selected value one step left (`-1`) or right (`+1`).
    pub fn change(&mut self, step: isize) {
        let bump = |v: usize, lo: usize, hi: usize| {
            (v as isize + step).clamp(lo as isize, hi as isize) as usize
        };
        match self.field() {
            Field::Preset => {
                let now = self.preset();
                let next = match now {
                    Some(i) => (i as isize + step).rem_euclid(PRESETS.len() as isize) as usize,
                    None => 0,
                };
                let (_, w, h, k) = PRESETS[next];
                (self.width, self.height, self.k) = (w, h, k);
            }
            Field::Width => self.width = bump(self.width, 1, MAX_SIDE),
            Field::Height => self.height = bump(self.height, 1, MAX_SIDE),
            Field::K => self.k = bump(self.k, 1, self.width.max(self.height)),
            Field::Rule => {
                let i = rule_index(self.rule) as isize;
                self.rule = Rule::ALL[(i + step).rem_euclid(Rule::ALL.len() as isize) as usize];
                if self.rule == Rule::Renju {
                    self.first = Side::X; // Renju's first player is x
                }
            }
            Field::X => self.x = cycle(self.x, step),
            Field::O => self.o = cycle(self.o, step),
            Field::First => self.first = self.first.other(),
            Field::Swap => std::mem::swap(&mut self.x, &mut self.o),
            Field::Pace => self.pace = bump(self.pace, 0, PACES_MS.len() - 1),
            Field::Start => {}
        }
        self.k = self.k.clamp(1, self.width.max(self.height));
    }

    /// The preset matching the current board, if any.
    pub fn preset(&self) -> Option<usize> {
        PRESETS
            .iter()
            .position(|&(_, w, h, k)| (w, h, k) == (self.width, self.height, self.k))
    }

    /// The rows as (label, value) text, top to bottom, in the language of `t`.
    /// The computer level of the player row under the cursor, if it is one.
    pub fn selected_level(&self) -> Option<Level> {
        match FIELDS.get(self.selected)? {
            Field::X => self.x.level(),
            Field::O => self.o.level(),
            _ => None,
        }
    }

    pub fn rows(&self, t: &Texts) -> Vec<(&'static str, String)> {
        FIELDS
            .iter()
            .map(|field| match field {
                Field::Preset => (
                    t.row_board,
                    self.preset()
                        .map_or(t.custom.to_string(), |i| t.presets[i].to_string()),
                ),
                Field::Width => (t.row_width, self.width.to_string()),
                Field::Height => (t.row_height, self.height.to_string()),
                Field::K => (t.row_k, self.k.to_string()),
                Field::Rule => (t.row_rule, t.rules[rule_index(self.rule)].to_string()),
                Field::X => (t.row_x, player_label(self.x, t)),
                Field::O => (t.row_o, player_label(self.o, t)),
                Field::First => (
                    t.row_first,
                    format!("{}", self.first.letter().to_ascii_uppercase()),
                ),
                Field::Swap => (t.row_swap, t.swap_help.to_string()),
                Field::Pace => (t.row_pace, format!("{} ms", PACES_MS[self.pace])),
                Field::Start => (t.row_start, t.start_help.to_string()),
            })
            .collect()
    }
}

/// Where `rule` sits in [`Rule::ALL`] (and in [`Texts::rules`]).
pub fn rule_index(rule: Rule) -> usize {
    Rule::ALL.iter().position(|&r| r == rule).unwrap_or(0)
}

fn cycle(player: Player, step: isize) -> Player {
    let i = PLAYERS.iter().position(|&p| p == player).unwrap_or(0) as isize;
    PLAYERS[(i + step).rem_euclid(PLAYERS.len() as isize) as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn k_stays_within_the_board() {
        let mut s = Settings::from_config(&SessionConfig::default(), 0);
        s.selected = 3;
        for _ in 0..10 {
            s.change(1);
        }
        assert_eq!(s.k, 3);
        s.selected = 1;
        for _ in 0..40 {
            s.change(-1);
        }
        assert_eq!((s.width, s.k), (1, 3));
        assert!(s.rules().is_some());
    }

    #[test]
    fn players_cycle_through_every_level_and_swap() {
        let mut s = Settings::from_config(&SessionConfig::default(), 0);
        s.selected = 5;
        let mut seen = vec![s.x];
        for _ in 0..PLAYERS.len() - 1 {
            s.change(1);
            seen.push(s.x);
        }
        assert_eq!(seen, PLAYERS.to_vec());
        s.selected = 8;
        let (x, o) = (s.x, s.o);
        s.change(1);
        assert_eq!((s.x, s.o), (o, x));
    }
}

#[cfg(test)]
mod rule_tests {
    use super::*;

    #[test]
    fn the_rule_row_cycles_and_renju_puts_x_first() {
        let mut s = Settings::from_config(&SessionConfig::default(), 0);
        s.first = Side::O;
        s.selected = FIELDS.iter().position(|&f| f == Field::Rule).unwrap();
        s.change(1);
        assert_eq!(s.rule, Rule::Exact);
        s.change(1);
        assert_eq!((s.rule, s.first), (Rule::Renju, Side::X));
        assert_eq!(s.rules().unwrap().rule(), Rule::Renju);
        s.change(1);
        assert_eq!(s.rule, Rule::Freestyle);
    }
}
