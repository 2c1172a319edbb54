//! Kalah's rule switches.

use std::fmt;
use std::str::FromStr;

use crate::error::{RulesetParseError, SettingsError};
use crate::switches;

/// Which landings capture.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Capture {
    /// A last seed in an empty pit of one's own captures only when the pit opposite holds
    /// seeds (rule 3).
    #[default]
    Standard,
    /// The last seed in an empty own pit is captured even when the pit opposite is empty
    /// (switch `empty-capture`; the rule under which Irving, Donkers and Uiterwijk solved Kalah).
    Empty,
}

/// When the game ends.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum EndRule {
    /// The moment either player's pits are all empty, after any move (rule 5).
    #[default]
    EitherSideEmpty,
    /// Only when the player to move has no move (switch `end-at-turn`).
    AtTurn,
}

/// Where the seeds left on the board at the end go.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Leftovers {
    /// Each side's seeds go to that side's owner's store (rule 5).
    #[default]
    Owner,
    /// To nobody: they stay on the board and count for no one (switch `leftovers-to-nobody`).
    Nobody,
}

/// Kalah's rule settings: board size and every rule switch the crate knows.
///
/// Build one from a preset or field by field, then make a ruleset with
/// [`Kalah::new`](super::Kalah::new), which validates it. It prints and parses as ruleset
/// text (`kalah:pits=4,seeds=3,end-at-turn,pie`); defaults are left out of the text.
///
/// ```
/// use sowing::kalah::{Capture, KalahSettings};
/// let s: KalahSettings = "kalah:seeds=3,empty-capture".parse().unwrap();
/// assert_eq!(s.seeds, 3);
/// assert_eq!(s.capture, Capture::Empty);
/// assert_eq!(s.to_string(), "kalah:seeds=3,empty-capture");
/// assert!("kalah:pits=0".parse::<KalahSettings>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct KalahSettings {
    /// Pits a side (`pits=`), 1 to [`MAX_PITS`](KalahSettings::MAX_PITS).
    pub pits: u8,
    /// Seeds in each pit at the start (`seeds=`), at least 1.
    pub seeds: u8,
    /// The capture rule.
    pub capture: Capture,
    /// The end rule.
    pub end: EndRule,
    /// Where leftover seeds go.
    pub leftovers: Leftovers,
    /// The pie rule (switch `pie`): North may swap sides after South's opening turn.
    pub pie: bool,
}

impl Default for KalahSettings {
    fn default() -> Self {
        Self::STANDARD
    }
}

impl KalahSettings {
    /// The most pits a side: each side (pits and store) is one 64-bit word of 8-bit
    /// counters.
    pub const MAX_PITS: u8 = 7;
    /// The most seeds in all: every counter, a store included, must fit in 8 bits.
    pub const MAX_TOTAL: u32 = 255;

    /// Kalah(6,4) with the rules of the commercial game (Mancala World).
    pub const STANDARD: KalahSettings = KalahSettings {
        pits: 6,
        seeds: 4,
        capture: Capture::Standard,
        end: EndRule::EitherSideEmpty,
        leftovers: Leftovers::Owner,
        pie: false,
    };

    /// Kalah(6,4) under the empty-capture rule of Irving, Donkers and Uiterwijk's solution.
    pub const EMPTY_CAPTURE: KalahSettings = KalahSettings {
        capture: Capture::Empty,
        ..Self::STANDARD
    };

    /// The beginners' game Mancala World describes: three seeds a pit.
    pub const NOVICE: KalahSettings = KalahSettings {
        seeds: 3,
        ..Self::STANDARD
    };

    /// Competitive online play: Kalah(6,4) with the pie rule.
    pub const COMPETITIVE: KalahSettings = KalahSettings {
        pie: true,
        ..Self::STANDARD
    };

    /// Kalah(`pits`, `seeds`) with the standard rules (not yet validated).
    pub const fn sized(pits: u8, seeds: u8) -> KalahSettings {
        KalahSettings {
            pits,
            seeds,
            ..Self::STANDARD
        }
    }

    /// Seeds on the board at the start.
    pub const fn total_seeds(&self) -> u32 {
        2 * self.pits as u32 * self.seeds as u32
    }

    /// Checks the settings against the engine's limits.
    ///
    /// # Errors
    /// [`SettingsError`] for pits or seeds out of range, or more seeds than fit.
    pub fn validate(&self) -> Result<(), SettingsError> {
        switches::check_board(
            ("pits", self.pits, Self::MAX_PITS),
            ("seeds", self.seeds),
            Self::MAX_TOTAL,
        )
    }
}

const GAME: &str = "kalah";

impl FromStr for KalahSettings {
    type Err = RulesetParseError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut s = KalahSettings::STANDARD;
        let mut seen = Vec::new();
        for sw in switches::split_for(text, GAME)? {
            let number = |max: i64| -> Result<u8, RulesetParseError> {
                let n = sw.number(GAME)?;
                if !(0..=max).contains(&n) {
                    return Err(SettingsError::OutOfRange {
                        setting: if sw.name == "pits" { "pits" } else { "seeds" },
                        value: n,
                        min: 1,
                        max,
                    }
                    .into());
                }
                Ok(n as u8)
            };
            match sw.name {
                "pits" => {
                    switches::once(&mut seen, GAME, "pits")?;
                    s.pits = number(Self::MAX_PITS.into())?;
                }
                "seeds" => {
                    switches::once(&mut seen, GAME, "seeds")?;
                    s.seeds = number(Self::MAX_TOTAL.into())?;
                }
                "empty-capture" => {
                    sw.flag(GAME)?;
                    switches::once(&mut seen, GAME, "empty-capture")?;
                    s.capture = Capture::Empty;
                }
                "end-at-turn" => {
                    sw.flag(GAME)?;
                    switches::once(&mut seen, GAME, "end-at-turn")?;
                    s.end = EndRule::AtTurn;
                }
                "leftovers-to-nobody" => {
                    sw.flag(GAME)?;
                    switches::once(&mut seen, GAME, "leftovers-to-nobody")?;
                    s.leftovers = Leftovers::Nobody;
                }
                "pie" => {
                    sw.flag(GAME)?;
                    switches::once(&mut seen, GAME, "pie")?;
                    s.pie = true;
                }
                _ => return Err(sw.unknown(GAME)),
            }
        }
        s.validate()?;
        Ok(s)
    }
}

impl fmt::Display for KalahSettings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = KalahSettings::STANDARD;
        let mut parts: Vec<String> = Vec::new();
        if self.pits != d.pits {
            parts.push(format!("pits={}", self.pits));
        }
        if self.seeds != d.seeds {
            parts.push(format!("seeds={}", self.seeds));
        }
        if self.capture == Capture::Empty {
            parts.push("empty-capture".into());
        }
        if self.end == EndRule::AtTurn {
            parts.push("end-at-turn".into());
        }
        if self.leftovers == Leftovers::Nobody {
            parts.push("leftovers-to-nobody".into());
        }
        if self.pie {
            parts.push("pie".into());
        }
        f.write_str(GAME)?;
        if !parts.is_empty() {
            write!(f, ":{}", parts.join(","))?;
        }
        Ok(())
    }
}

crate::serde_as_text!(KalahSettings);
