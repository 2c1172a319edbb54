//! Tsoro's rule switches.

use std::fmt;
use std::str::FromStr;

use crate::error::{RulesetParseError, SettingsError};
use crate::switches;

/// Where each player's heads (misoro) are, and what they hold at the start.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Heads {
    /// No heads (Matthews' basic game; `heads=none`).
    None,
    /// The two rightmost holes of the outer row, loop indices `N-2` and `N-1`, with 2 stones
    /// each like every outer hole (the default game, Matthews' V1; `heads=two-right`, the
    /// default).
    #[default]
    TwoRight,
    /// One head, the player's own leftmost outer hole (loop index 0), starting with 3 stones
    /// (Matthews' V2; `heads=single-left`).
    SingleLeft,
    /// One head, the rightmost outer hole (loop index `N-1`), starting with 3 stones (Mancala
    /// World's reading of V2; `heads=single-right`).
    SingleRight,
    /// Heads at both ends of the outer row (loop indices 0 and `N-1`); the leftmost starts
    /// with 3 stones, the rightmost with 2 (Matthews' V3; `heads=both-ends`).
    BothEnds,
}

impl Heads {
    /// The name in ruleset text.
    pub const fn name(self) -> &'static str {
        match self {
            Heads::None => "none",
            Heads::TwoRight => "two-right",
            Heads::SingleLeft => "single-left",
            Heads::SingleRight => "single-right",
            Heads::BothEnds => "both-ends",
        }
    }

    /// Every layout.
    pub const ALL: [Heads; 5] = [
        Heads::None,
        Heads::TwoRight,
        Heads::SingleLeft,
        Heads::SingleRight,
        Heads::BothEnds,
    ];

    /// The loop indices of the heads on a board of `holes` holes a row, as a bit mask (empty
    /// for boards outside 2..=32 holes a row).
    pub const fn mask(self, holes: usize) -> u64 {
        if holes < 2 || holes > 32 {
            return 0;
        }
        match self {
            Heads::None => 0,
            Heads::TwoRight => 0b11 << (holes - 2),
            Heads::SingleLeft => 1,
            Heads::SingleRight => 1 << (holes - 1),
            Heads::BothEnds => 1 | 1 << (holes - 1),
        }
    }
}

impl FromStr for Heads {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        Heads::ALL.into_iter().find(|h| h.name() == s).ok_or(())
    }
}

/// Tsoro's rule settings: board size and every rule switch the crate knows.
///
/// Build one from a preset or field by field, then make a ruleset with
/// [`Tsoro::new`](super::Tsoro::new), which validates it. It prints and parses as ruleset
/// text; defaults (the default game) are left out of the text.
///
/// | switch | field | meaning |
/// |---|---|---|
/// | `holes=N` | [`holes`](Self::holes) | holes a row, 6..=21 (default 21) |
/// | `heads=none\|two-right\|single-left\|single-right\|both-ends` | [`heads`](Self::heads) | the head layout ([`Heads`]; default `two-right`) |
/// | `bonus=K` | [`bonus`](Self::bonus) | bonus takes after a capture, 0..=5 (default 2) |
/// | `forced-bonus` | [`forced_bonus`](Self::forced_bonus) | the bonus takes are compulsory |
/// | `heads-immune` | [`heads_immune`](Self::heads_immune) | heads cannot be bonus-taken (V6) |
/// | `reenter` | [`reenter`](Self::reenter) | captured stones are sown back in (V4) |
/// | `max-plies=P` | [`max_plies`](Self::max_plies) | a draw after `P` plies (engines, tests) |
/// | `tracey` | [`tracey`](Self::tracey) | Tracey's variation (V7): 4 x 8, its setup, bonus 5, 3, then 2 |
///
/// ```
/// use sowing::tsoro::{Heads, TsoroSettings};
/// let s: TsoroSettings = "tsoro:holes=8,heads=none,bonus=0".parse().unwrap();
/// assert_eq!(s, TsoroSettings::BASIC);
/// assert_eq!(s.to_string(), "tsoro:holes=8,heads=none,bonus=0");
/// assert_eq!("tsoro".parse::<TsoroSettings>().unwrap(), TsoroSettings::STANDARD);
/// assert_eq!("tsoro:tracey".parse::<TsoroSettings>().unwrap(), TsoroSettings::TRACEY);
/// assert!("tsoro:heads=none,heads-immune".parse::<TsoroSettings>().is_err());
/// assert!("tsoro:bonus=0,forced-bonus".parse::<TsoroSettings>().is_err());
/// assert!("tsoro:tracey,holes=12".parse::<TsoroSettings>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct TsoroSettings {
    /// Holes a row (`holes=`), [`MIN_HOLES`](Self::MIN_HOLES)..=[`MAX_HOLES`](Self::MAX_HOLES).
    pub holes: u8,
    /// The head layout (`heads=`).
    pub heads: Heads,
    /// Bonus takes after each capture (`bonus=`), 0..=[`MAX_BONUS`](Self::MAX_BONUS). Under
    /// [`tracey`](Self::tracey) this is the number after a player's third and later captures
    /// and must be 2.
    pub bonus: u8,
    /// Whether the bonus takes are compulsory (`forced-bonus`): no `done` while an opponent
    /// hole may still be taken.
    pub forced_bonus: bool,
    /// Whether the opponent's heads are immune to bonus takes (`heads-immune`, V6).
    pub heads_immune: bool,
    /// Re-entered captures (`reenter`, V4): captured stones stay in play; the capturer sows
    /// them on from the capturing hole and his move goes on.
    pub reenter: bool,
    /// A ply limit after which the game is a draw (`max-plies=P`, `P >= 1`); `None`: none.
    pub max_plies: Option<u32>,
    /// Tracey's variation (`tracey`, V7): 4 x 8, no heads, its own setup, and bonus takes of
    /// 5 after a player's first capture, 3 after his second, 2 after each later one.
    pub tracey: bool,
}

impl Default for TsoroSettings {
    fn default() -> Self {
        Self::STANDARD
    }
}

impl TsoroSettings {
    /// The fewest holes a row.
    pub const MIN_HOLES: u8 = 6;
    /// The most holes a row.
    pub const MAX_HOLES: u8 = 21;
    /// The most bonus takes after one capture.
    pub const MAX_BONUS: u8 = 5;

    /// The default game (ruleset text `tsoro`), as Mancala World describes it: 4 x 21, two heads at the right end of each
    /// outer row, two optional bonus takes after each capture.
    pub const STANDARD: TsoroSettings = TsoroSettings {
        holes: 21,
        heads: Heads::TwoRight,
        bonus: 2,
        forced_bonus: false,
        heads_immune: false,
        reenter: false,
        max_plies: None,
        tracey: false,
    };

    /// Matthews' basic game (`tsoro:holes=8,heads=none,bonus=0`): 4 x 8, no heads, no bonus
    /// takes.
    pub const BASIC: TsoroSettings = TsoroSettings {
        holes: 8,
        heads: Heads::None,
        bonus: 0,
        ..Self::STANDARD
    };

    /// Tracey's variation, Matthews' V7 (`tsoro:tracey`).
    pub const TRACEY: TsoroSettings = TsoroSettings {
        holes: 8,
        heads: Heads::None,
        bonus: 2,
        tracey: true,
        ..Self::STANDARD
    };

    /// The bonus takes a player is given for his capture number `nth` (1 = his first).
    pub const fn bonus_for(&self, nth: u32) -> u8 {
        if !self.tracey {
            self.bonus
        } else {
            match nth {
                0 | 1 => 5,
                2 => 3,
                _ => 2,
            }
        }
    }

    /// Stones one player's loop holds at the start, by loop index (`2 * holes` entries).
    pub fn setup(&self) -> Vec<u8> {
        let n = usize::from(self.holes);
        let mut row = vec![0u8; 2 * n];
        let mut set = |i: Option<usize>, stones: u8| {
            if let Some(hole) = i.and_then(|i| row.get_mut(i)) {
                *hole = stones;
            }
        };
        for i in 0..n {
            set(Some(i), 2);
        }
        if self.tracey {
            for i in n..2 * n {
                set(Some(i), 2);
            }
            set(Some(0), 0);
            set((2 * n).checked_sub(1), 0);
            set((2 * n).checked_sub(2), 1);
        }
        match self.heads {
            Heads::None | Heads::TwoRight => {}
            Heads::SingleLeft | Heads::BothEnds => set(Some(0), 3),
            Heads::SingleRight => set(n.checked_sub(1), 3),
        }
        row
    }

    /// Stones on the board at the start.
    pub fn total_stones(&self) -> u32 {
        2 * self.setup().iter().map(|&s| u32::from(s)).sum::<u32>()
    }

    /// Checks the ranges and that the switches go together.
    ///
    /// # Errors
    /// [`SettingsError`] naming the first setting out of range or in conflict.
    pub fn validate(&self) -> Result<(), SettingsError> {
        if !(Self::MIN_HOLES..=Self::MAX_HOLES).contains(&self.holes) {
            return Err(SettingsError::OutOfRange {
                setting: "holes",
                value: self.holes.into(),
                min: Self::MIN_HOLES.into(),
                max: Self::MAX_HOLES.into(),
            });
        }
        if self.bonus > Self::MAX_BONUS {
            return Err(SettingsError::OutOfRange {
                setting: "bonus",
                value: self.bonus.into(),
                min: 0,
                max: Self::MAX_BONUS.into(),
            });
        }
        if self.max_plies == Some(0) {
            return Err(SettingsError::OutOfRange {
                setting: "max-plies",
                value: 0,
                min: 1,
                max: u32::MAX.into(),
            });
        }
        if self.heads_immune && self.heads == Heads::None {
            return Err(SettingsError::Conflict(
                "heads-immune needs heads (not heads=none)",
            ));
        }
        if self.forced_bonus && self.bonus == 0 && !self.tracey {
            return Err(SettingsError::Conflict(
                "forced-bonus needs bonus takes (bonus=1 or more)",
            ));
        }
        if self.tracey && (self.holes != 8 || self.heads != Heads::None || self.bonus != 2) {
            return Err(SettingsError::Conflict(
                "tracey is played on 4 x 8 with no heads and its own bonus schedule (5, 3, 2): \
                 it cannot be combined with holes, heads or bonus",
            ));
        }
        Ok(())
    }
}

const GAME: &str = "tsoro";

impl FromStr for TsoroSettings {
    type Err = RulesetParseError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut s = TsoroSettings::STANDARD;
        let mut seen = Vec::new();
        let mut tracey = false;
        for sw in switches::split_for(text, GAME)? {
            let range = |setting: &'static str, min: i64, max: i64| {
                let n = sw.number(GAME)?;
                if (min..=max).contains(&n) {
                    Ok(n)
                } else {
                    Err(RulesetParseError::from(SettingsError::OutOfRange {
                        setting,
                        value: n,
                        min,
                        max,
                    }))
                }
            };
            let flag = |seen: &mut Vec<&'static str>, name: &'static str| {
                sw.flag(GAME)?;
                switches::once(seen, GAME, name)
            };
            match sw.name {
                "holes" => {
                    switches::once(&mut seen, GAME, "holes")?;
                    s.holes = range("holes", Self::MIN_HOLES.into(), Self::MAX_HOLES.into())? as u8;
                }
                "heads" => {
                    switches::once(&mut seen, GAME, "heads")?;
                    let v = sw.text(GAME)?;
                    s.heads = v.parse().map_err(|()| RulesetParseError::BadValue {
                        game: GAME,
                        switch: "heads".into(),
                        value: v.to_string(),
                        expected: "none, two-right, single-left, single-right or both-ends",
                    })?;
                }
                "bonus" => {
                    switches::once(&mut seen, GAME, "bonus")?;
                    s.bonus = range("bonus", 0, Self::MAX_BONUS.into())? as u8;
                }
                "max-plies" => {
                    switches::once(&mut seen, GAME, "max-plies")?;
                    s.max_plies = Some(range("max-plies", 1, u32::MAX.into())? as u32);
                }
                "forced-bonus" => {
                    flag(&mut seen, "forced-bonus")?;
                    s.forced_bonus = true;
                }
                "heads-immune" => {
                    flag(&mut seen, "heads-immune")?;
                    s.heads_immune = true;
                }
                "reenter" => {
                    flag(&mut seen, "reenter")?;
                    s.reenter = true;
                }
                "tracey" => {
                    flag(&mut seen, "tracey")?;
                    tracey = true;
                }
                _ => return Err(sw.unknown(GAME)),
            }
        }
        if tracey {
            if seen.iter().any(|n| ["holes", "heads", "bonus"].contains(n)) {
                return Err(SettingsError::Conflict(
                    "tracey is played on 4 x 8 with no heads and its own bonus schedule \
                     (5, 3, 2): it cannot be combined with holes, heads or bonus",
                )
                .into());
            }
            s = TsoroSettings {
                forced_bonus: s.forced_bonus,
                heads_immune: s.heads_immune,
                reenter: s.reenter,
                max_plies: s.max_plies,
                ..Self::TRACEY
            };
        }
        s.validate()?;
        Ok(s)
    }
}

impl fmt::Display for TsoroSettings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = TsoroSettings::STANDARD;
        let mut parts: Vec<String> = Vec::new();
        if self.tracey {
            parts.push("tracey".into());
        } else {
            if self.holes != d.holes {
                parts.push(format!("holes={}", self.holes));
            }
            if self.heads != d.heads {
                parts.push(format!("heads={}", self.heads.name()));
            }
            if self.bonus != d.bonus {
                parts.push(format!("bonus={}", self.bonus));
            }
        }
        if self.forced_bonus {
            parts.push("forced-bonus".into());
        }
        if self.heads_immune {
            parts.push("heads-immune".into());
        }
        if self.reenter {
            parts.push("reenter".into());
        }
        if let Some(p) = self.max_plies {
            parts.push(format!("max-plies={p}"));
        }
        f.write_str(GAME)?;
        if !parts.is_empty() {
            write!(f, ":{}", parts.join(","))?;
        }
        Ok(())
    }
}

crate::serde_as_text!(TsoroSettings);
