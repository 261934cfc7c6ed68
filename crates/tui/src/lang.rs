//! The languages of the full-screen game: English and Simplified Chinese. Every sentence the
//! app shows is in one table per language ([`EN`], [`ZH`]); the language comes from `--lang`,
//! or from the environment as POSIX reads it (`LC_ALL`, then `LC_MESSAGES`, then `LANG`).
//! Templates name their blanks (`{side}`), filled by [`fill`].

use mnk_engine::Verdict;
use std::fmt::Display;

/// A language of the interface.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Lang {
    /// English (the default).
    #[default]
    En,
    /// Simplified Chinese.
    Zh,
}

impl Lang {
    /// The language a locale name asks for: `zh_CN.UTF-8`, `zh-TW`, `zh` are Chinese;
    /// anything else English.
    pub fn from_locale(locale: &str) -> Lang {
        if locale.trim().to_ascii_lowercase().starts_with("zh") {
            Lang::Zh
        } else {
            Lang::En
        }
    }

    /// The language of the environment: the first of `LC_ALL`, `LC_MESSAGES` and `LANG` that
    /// is set and not empty.
    pub fn from_env() -> Lang {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|name| std::env::var(name).ok())
            .find(|v| !v.is_empty())
            .map_or(Lang::En, |v| Lang::from_locale(&v))
    }

    /// The table of this language.
    pub fn texts(self) -> &'static Texts {
        match self {
            Lang::En => &EN,
            Lang::Zh => &ZH,
        }
    }

    /// What a computer level does, in one sentence (English: the engine's own words).
    pub fn level_description(self, level: mnk_engine::ai::Level) -> String {
        use mnk_engine::ai::Level;
        match self {
            Lang::En => level.description(),
            Lang::Zh => match level {
                Level::Perfect => {
                    "凡在一步的时限内能由求解器证明的局面都下精确的最佳着；否则下 hard 的着法，并标明是估算。".into()
                }
                Level::Hard => "最强的有限搜索：先看威胁，再在一步的时限内尽量深入；不会漏掉胜着或必须的防守。".into(),
                Level::Depth(1) => "向前看一步。".into(),
                Level::Depth(2) => "向前看两步，数活线。".into(),
                Level::Depth(n) => format!("向前看 {n} 步，数活线。"),
                Level::Random => "随便下一个空格。".into(),
            },
        }
    }

    /// A value in words: "win in 3 plies", "draw", "estimate +12"; in Chinese "3 步获胜".
    pub fn verdict(self, v: Verdict) -> String {
        match self {
            Lang::En => v.to_string(),
            Lang::Zh => match v {
                Verdict::Win(p) => format!("{p} 步获胜"),
                Verdict::Loss(p) => format!("{p} 步后落败"),
                Verdict::Draw => "和棋".into(),
                Verdict::Estimate(s) => format!("估值 {s:+}"),
            },
        }
    }
}

/// Fills the `{name}` blanks of `template`.
pub fn fill(template: &str, args: &[(&str, &dyn Display)]) -> String {
    let mut out = template.to_string();
    for (name, value) in args {
        out = out.replace(&format!("{{{name}}}"), &value.to_string());
    }
    out
}

/// Every sentence of the app in one language.
#[derive(Debug)]
pub struct Texts {
    pub start: &'static str,
    pub settings_unchanged: &'static str,
    pub paused: &'static str,
    pub resumed: &'static str,
    pub close_first: &'static str,
    pub click_off_board: &'static str,
    pub not_started: &'static str,
    pub over_won: &'static str,
    pub over_draw: &'static str,
    pub wait_computer: &'static str,
    pub taken: &'static str,
    pub you_played: &'static str,
    pub new_game: &'static str,
    pub bad_rules: &'static str,
    pub refused: &'static str,
    pub nothing_to_undo: &'static str,
    pub took_back: &'static str,
    pub and: &'static str,
    pub cannot_undo: &'static str,
    pub hint_when: &'static str,
    pub hint_running: &'static str,
    pub analysis_on: &'static str,
    pub analysis_off: &'static str,
    pub pace_set: &'static str,
    pub search_stopped: &'static str,
    pub hint_stopped: &'static str,
    pub analysis_stopped: &'static str,
    pub game_over: &'static str,
    pub hint_line: &'static str,
    pub played: &'static str,
    pub computer_failed: &'static str,
    pub wins: &'static str,
    pub draw: &'static str,
    pub too_small: &'static str,
    pub title: &'static str,
    pub board_too_big: &'static str,
    pub settings_help: &'static str,
    pub settings_title: &'static str,
    pub help_title: &'static str,
    /// Every key and what it does: the help screen (`?`); `mnk tui --help` shows the English
    /// one. An entry with no key carries on the line above.
    pub key_help: &'static [(&'static str, &'static str)],
    /// The last line of the help screen.
    pub help_close: &'static str,
    /// The key reminder at the bottom, in the order shown, each with the rank at which it
    /// gives way on a narrow terminal (the highest first); rank 0 always stays.
    pub footer: &'static [(&'static str, u8)],
    /// The footer's help key, and what it becomes when keys were left out.
    pub footer_help: &'static str,
    pub footer_all_keys: &'static str,
    /// The title when the full one does not fit.
    pub title_short: &'static str,
    /// What the titles add after K for each rule, in [`mnk_engine::Rule::ALL`]'s order.
    pub rule_tags: [&'static str; 3],
    /// What a computer level that is not exact on this board is marked with.
    pub estimates_long: &'static str,
    pub estimates_short: &'static str,
    /// `p` when there is nothing to pause.
    pub pause_no_computer: &'static str,
    pub pause_over: &'static str,
    pub human: &'static str,
    pub computer: &'static str,
    pub press_enter: &'static str,
    pub won: &'static str,
    pub drawn: &'static str,
    pub turn: &'static str,
    pub thinking: &'static str,
    pub finding_hint: &'static str,
    pub esc_stops: &'static str,
    pub computer_paused: &'static str,
    pub last_played: &'static str,
    pub random_move: &'static str,
    /// After a computer move's value: proven, or the `hard` search's estimate.
    pub proven: &'static str,
    pub not_proven: &'static str,
    pub value: &'static str,
    pub nodes_time: &'static str,
    pub hint: &'static str,
    pub analysis_running: &'static str,
    pub analysis_for: &'static str,
    pub analysis_estimates: &'static str,
    pub analysis_waiting: &'static str,
    pub analysis_unavailable: &'static str,
    pub scrolled: &'static str,
    pub pace: &'static str,
    pub status: &'static str,
    pub row_board: &'static str,
    pub row_width: &'static str,
    pub row_height: &'static str,
    pub row_k: &'static str,
    pub row_rule: &'static str,
    /// The rules' names, in [`mnk_engine::Rule::ALL`]'s order.
    pub rules: [&'static str; 3],
    /// The line naming x's forbidden points under Renju: `{cells}`.
    pub forbidden: &'static str,
    pub row_x: &'static str,
    pub row_o: &'static str,
    pub row_first: &'static str,
    pub row_swap: &'static str,
    pub row_pace: &'static str,
    pub row_start: &'static str,
    pub custom: &'static str,
    pub swap_help: &'static str,
    pub start_help: &'static str,
    pub presets: [&'static str; 5],
    pub easy: &'static str,
    pub medium: &'static str,
    pub hard: &'static str,
    pub perfect: &'static str,
    pub random: &'static str,
    pub depth: &'static str,
}

/// English.
pub const EN: Texts = Texts {
    start: "Press Enter to start, s for settings, ? for help.",
    settings_unchanged: "Settings unchanged.",
    paused: "Computer paused: press p to let it move again.",
    resumed: "Computer resumed.",
    close_first: "Close this screen first (Esc).",
    click_off_board: "That click is not on a cell of the board.",
    not_started: "The game has not started yet: press Enter (or n) to start.",
    over_won: "The game is over ({side} won): press n for a new game.",
    over_draw: "The game is over (a draw): press n for a new game.",
    wait_computer: "Wait: it is {side}'s turn and the computer plays {side} (Esc stops its search).",
    taken: "{cell} is taken: {side} is there. Choose an empty cell.",
    you_played: "You played {cell}.",
    new_game: "New game. Your move when it is a human's turn.",
    bad_rules: "Those rules are not valid.",
    refused: "{why}",
    nothing_to_undo: "There is nothing to undo yet.",
    took_back: "Took back {moves}.",
    and: " and ",
    cannot_undo: "Cannot undo: {why}.",
    hint_when: "A hint is for a human's turn in a game in progress.",
    hint_running: "Still thinking about the hint…",
    analysis_on: "Analysis on: every empty cell's value for the side to move.",
    analysis_off: "Analysis off.",
    pace_set: "AI-vs-AI pace: {ms} ms between moves.",
    search_stopped: "Search stopped. The computer is paused: p lets it move, u undoes.",
    hint_stopped: "Hint stopped.",
    analysis_stopped: "Analysis stopped.",
    game_over: "the game is over",
    hint_line: "Hint: {cell}{value}.",
    played: "{side} played {cell}.",
    computer_failed: "The computer could not move: {why}.",
    wins: "{side} wins! Press n for a new game.",
    draw: "A draw. Press n for a new game.",
    too_small: "Terminal too small ({w}x{h}): mnk tui needs at least {min_w}x{min_h}. Enlarge the window, or press q to quit.",
    title: " mnk — {w}x{h}, {k} in a row{rule}   X: {x}   O: {o}",
    board_too_big: "The board does not fit in this terminal: enlarge it.",
    settings_help: " ↑/↓ choose a row, ←/→ change it, Enter start, Esc cancel",
    settings_title: "Settings",
    help_title: "Help",
    key_help: &[
        ("Arrows or h j k l", "move the cursor"),
        ("Enter or Space", "play on the cursor (starts the game first)"),
        ("Mouse click", "play on that cell"),
        ("n", "new game"),
        ("u", "undo your move and the computer's reply"),
        ("t", "hint: the best move and its value"),
        ("a", "analysis: every empty cell win/draw/loss"),
        ("", "for the side to move (W3 = win in 3 plies)"),
        ("s", "settings: board, K, players, first move"),
        ("Esc", "stop the computer's search (p resumes)"),
        ("p", "pause or resume the computer"),
        ("+ / -", "AI-vs-AI pace"),
        ("?", "this help"),
        ("q or Ctrl-C", "quit"),
    ],
    help_close: "Any key closes this help.",
    footer: &[
        ("arrows/hjkl", 7),
        ("Enter:play", 1),
        ("n:new", 2),
        ("u:undo", 3),
        ("t:hint", 4),
        ("a:analysis", 6),
        ("s:settings", 5),
        ("?:help", 0),
        ("q:quit", 0),
    ],
    footer_help: "?:help",
    footer_all_keys: "?:all keys",
    title_short: " {w}x{h} k{k}{rule}  X: {x}  O: {o}",
    rule_tags: ["", ", exactly", ", Renju"],
    estimates_long: "{name} (estimates: too big to solve)",
    estimates_short: "{name} (estimates)",
    pause_no_computer: "There is no computer to pause: both sides are played by humans.",
    pause_over: "The game is over, so there is nothing to pause: press n for a new game.",
    human: "human",
    computer: "computer, {level}",
    press_enter: "Press Enter to start",
    won: "{side} wins",
    drawn: "Draw",
    turn: "Turn: {side} ({who})",
    thinking: "thinking…",
    finding_hint: "finding a hint…",
    esc_stops: " Esc stops",
    computer_paused: "Computer paused (p resumes)",
    last_played: "{side} played {cell}",
    random_move: "random move",
    proven: " (proven)",
    not_proven: " (search, not proven)",
    value: "  value: {value}",
    nodes_time: "  nodes: {nodes}  time: {ms} ms",
    hint: "Hint: {cells}{value}",
    analysis_running: "Analysis: working… (Esc stops)",
    analysis_for: "Analysis for {side}: W win, D draw, L loss, n plies",
    analysis_estimates: "Analysis for {side}: ~ is an estimate (not proven); W1 wins at once",
    analysis_waiting: "Analysis: waiting",
    analysis_unavailable: "Analysis unavailable: {why}",
    scrolled: "Board scrolled: columns {c1}-{c2}, rows {r1}-{r2} (follows the cursor)",
    pace: "Pace: {ms} ms (+/-)",
    status: " Status ",
    row_board: "Board",
    row_width: "Width",
    row_height: "Height",
    row_k: "In a row (K)",
    row_rule: "Rule",
    rules: [
        "freestyle (K or more wins)",
        "exactly K wins",
        "Renju (X: no overline, 4-4, 3-3)",
    ],
    forbidden: "Forbidden to X (Renju): {cells}",
    row_x: "X is played by",
    row_o: "O is played by",
    row_first: "First move",
    row_swap: "Swap X and O",
    row_pace: "AI-vs-AI pace",
    row_start: "Start",
    custom: "custom",
    swap_help: "press ←/→ to swap your symbol",
    start_help: "Enter starts a new game, Esc cancels",
    presets: [
        "tic-tac-toe 3x3, 3 in a row",
        "four in a row 4x4",
        "5x5, 4 in a row",
        "Gomoku 15x15, 5 in a row",
        "26x26, 5 in a row",
    ],
    easy: "easy",
    medium: "medium",
    hard: "hard",
    perfect: "perfect",
    random: "random",
    depth: "depth:{n}",
};

/// Simplified Chinese.
pub const ZH: Texts = Texts {
    start: "按回车开始，s 打开设置，? 查看帮助。",
    settings_unchanged: "设置没有改变。",
    paused: "电脑已暂停：按 p 让它继续落子。",
    resumed: "电脑继续。",
    close_first: "请先关闭这个窗口（Esc）。",
    click_off_board: "这次点击不在棋盘的格子上。",
    not_started: "对局还没开始：按回车（或 n）开始。",
    over_won: "对局已结束（{side} 获胜）：按 n 开始新对局。",
    over_draw: "对局已结束（和棋）：按 n 开始新对局。",
    wait_computer: "请稍等：轮到 {side}，由电脑下（Esc 停止它的搜索）。",
    taken: "{cell} 已有 {side} 的棋子。请选一个空格。",
    you_played: "你下在 {cell}。",
    new_game: "新对局。轮到玩家时请落子。",
    bad_rules: "这些规则无效。",
    refused: "引擎拒绝了这个操作。",
    nothing_to_undo: "还没有可以悔的棋。",
    took_back: "悔掉了 {moves}。",
    and: " 和 ",
    cannot_undo: "无法悔棋。",
    hint_when: "提示只在对局进行中、轮到玩家时可用。",
    hint_running: "还在思考提示……",
    analysis_on: "分析已打开：每个空格对轮到的一方的价值。",
    analysis_off: "分析已关闭。",
    pace_set: "电脑对电脑的速度：每步间隔 {ms} 毫秒。",
    search_stopped: "搜索已停止。电脑已暂停：按 p 让它落子，按 u 悔棋。",
    hint_stopped: "提示已停止。",
    analysis_stopped: "分析已停止。",
    game_over: "对局已结束",
    hint_line: "提示：{cell}{value}。",
    played: "{side} 下在 {cell}。",
    computer_failed: "电脑无法落子。",
    wins: "{side} 获胜！按 n 开始新对局。",
    draw: "和棋。按 n 开始新对局。",
    too_small: "终端太小（{w}x{h}）：mnk tui 至少需要 {min_w}x{min_h}。请放大窗口，或按 q 退出。",
    title: " mnk — {w}x{h}，连成 {k} 子获胜{rule}   X：{x}   O：{o}",
    board_too_big: "棋盘放不进这个终端：请放大窗口。",
    settings_help: " ↑/↓ 选择一行，←/→ 修改，回车开始，Esc 取消",
    settings_title: "设置",
    help_title: "帮助",
    key_help: &[
        ("方向键或 h j k l", "移动光标"),
        ("回车或空格", "在光标处落子（先开始对局）"),
        ("鼠标点击", "在那一格落子"),
        ("n", "新对局"),
        ("u", "悔掉你的一手和电脑的应手"),
        ("t", "提示：最好的一手和它的价值"),
        ("a", "分析：每个空格的胜/和/负"),
        ("", "（对轮到的一方；W3 = 3 步获胜）"),
        ("s", "设置：棋盘、K、对手、先手"),
        ("Esc", "停止电脑的搜索（p 继续）"),
        ("p", "暂停或继续电脑"),
        ("+ / -", "电脑对电脑的速度"),
        ("?", "本帮助"),
        ("q 或 Ctrl-C", "退出"),
    ],
    help_close: "按任意键关闭帮助。",
    footer: &[
        ("方向键/hjkl", 7),
        ("回车:落子", 1),
        ("n:新局", 2),
        ("u:悔棋", 3),
        ("t:提示", 4),
        ("a:分析", 6),
        ("s:设置", 5),
        ("?:帮助", 0),
        ("q:退出", 0),
    ],
    footer_help: "?:帮助",
    footer_all_keys: "?:全部按键",
    title_short: " {w}x{h} 连{k}{rule}  X：{x}  O：{o}",
    rule_tags: ["", "（恰好）", "，连珠"],
    estimates_long: "{name}（估算：棋盘太大，无法精确求解）",
    estimates_short: "{name}（估算）",
    pause_no_computer: "没有电脑可以暂停：双方都由玩家下。",
    pause_over: "对局已结束，没有可暂停的：按 n 开始新对局。",
    human: "玩家",
    computer: "电脑，{level}",
    press_enter: "按回车开始",
    won: "{side} 获胜",
    drawn: "和棋",
    turn: "轮到：{side}（{who}）",
    thinking: "思考中……",
    finding_hint: "正在找提示……",
    esc_stops: " Esc 停止",
    computer_paused: "电脑已暂停（p 继续）",
    last_played: "{side} 下在 {cell}",
    random_move: "随机一手",
    proven: "（已证明）",
    not_proven: "（搜索，未证明）",
    value: "  价值：{value}",
    nodes_time: "  节点：{nodes}  用时：{ms} 毫秒",
    hint: "提示：{cells}{value}",
    analysis_running: "分析：计算中……（Esc 停止）",
    analysis_for: "{side} 的分析：W 胜，D 和，L 负，数字是步数",
    analysis_estimates: "{side} 的分析：~ 只是估算（未经证明）；W1 一步即胜",
    analysis_waiting: "分析：等待中",
    analysis_unavailable: "无法分析：{why}",
    scrolled: "棋盘已滚动：第 {c1}-{c2} 列，第 {r1}-{r2} 行（跟随光标）",
    pace: "速度：{ms} 毫秒（+/-）",
    status: " 状态 ",
    row_board: "棋盘",
    row_width: "宽",
    row_height: "高",
    row_k: "连成几子（K）",
    row_rule: "规则",
    rules: [
        "无禁手（K 子或更多即胜）",
        "恰好 K 子才胜",
        "连珠（X 禁长连、四四、三三）",
    ],
    forbidden: "X 的禁手点（连珠规则）：{cells}",
    row_x: "X 由谁下",
    row_o: "O 由谁下",
    row_first: "先手",
    row_swap: "交换 X 和 O",
    row_pace: "电脑对电脑速度",
    row_start: "开始",
    custom: "自定义",
    swap_help: "按 ←/→ 交换你的棋子",
    start_help: "回车开始新对局，Esc 取消",
    presets: [
        "井字棋 3x3，连三",
        "四子棋 4x4",
        "5x5，连四",
        "五子棋 15x15，连五",
        "26x26，连五",
    ],
    easy: "简单",
    medium: "中等",
    hard: "困难",
    perfect: "完美",
    random: "随机",
    depth: "深度 {n}",
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_locale_chooses_the_language() {
        for (locale, lang) in [
            ("zh_CN.UTF-8", Lang::Zh),
            ("zh_TW", Lang::Zh),
            ("zh", Lang::Zh),
            ("en_US.UTF-8", Lang::En),
            ("C", Lang::En),
            ("", Lang::En),
            ("de_DE", Lang::En),
        ] {
            assert_eq!(Lang::from_locale(locale), lang, "{locale}");
        }
    }

    #[test]
    fn blanks_are_filled_and_verdicts_said_in_each_language() {
        assert_eq!(
            fill(EN.played, &[("side", &'X'), ("cell", &"b2")]),
            "X played b2."
        );
        assert_eq!(
            fill(ZH.played, &[("side", &'X'), ("cell", &"b2")]),
            "X 下在 b2。"
        );
        assert_eq!(Lang::En.verdict(Verdict::Win(1)), "win in 1 ply");
        assert_eq!(Lang::Zh.verdict(Verdict::Loss(4)), "4 步后落败");
        assert_eq!(Lang::Zh.verdict(Verdict::Estimate(12)), "估值 +12");
        assert_eq!(EN.key_help.len(), ZH.key_help.len());
        assert_eq!(EN.footer.len(), ZH.footer.len());
    }

    #[test]
    fn the_chinese_table_has_no_english_sentence() {
        // Every Chinese string holds Chinese (or is only keys, names and symbols).
        let t = format!("{ZH:?}");
        for piece in t.split('"').skip(1).step_by(2) {
            // The blanks ({side}) are not words of the sentence.
            let text: String = piece
                .split('{')
                .map(|part| part.split_once('}').map_or(part, |(_, rest)| rest))
                .collect();
            let words: Vec<&str> = text
                .split(|c: char| !c.is_ascii_alphabetic())
                .filter(|w| w.len() > 3)
                .filter(|w| !["mnk", "Ctrl", "hjkl"].contains(w))
                .collect();
            assert!(words.is_empty(), "English in the Chinese table: {piece}");
        }
    }
}
