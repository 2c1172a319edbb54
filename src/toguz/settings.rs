//! Toguz Kumalak's rule switches and presets.

use std::fmt;
use std::str::FromStr;

use crate::error::{RulesetParseError, SettingsError};
use crate::switches;

/// Toguz Kumalak's rule settings: board size, balls, and every rule switch the crate knows.
///
/// Build one from a preset or field by field, then make a ruleset with
/// [`Toguz::new`](super::Toguz::new), which validates it. It prints and parses as ruleset
/// text; the presets have names of their own and defaults are left out of the text:
///
/// | ruleset text              | board           | tuzdik | first ball      | game ends              |
/// |---------------------------|-----------------|--------|-----------------|------------------------|
/// | `toguz`                   | 2 x 9, 9 balls  | yes    | back in origin  | at 82, or no move      |
/// | `toguz:bestemshe`         | 2 x 5, 5 balls  | no     | back in origin  | at 26, or no move      |
/// | `toguz:kozdatu`           | 2 x 7, 7 balls  | yes    | back in origin  | at 50, or no move      |
/// | `toguz:no-origin-sowing`  | 2 x 9, 9 balls  | yes    | to the next hole| at 82, or no move      |
/// | `toguz:play-to-end`       | 2 x 9, 9 balls  | yes    | back in origin  | only when no move      |
///
/// The switches are `holes=N` (1 to [`MAX_HOLES`](ToguzSettings::MAX_HOLES)), `balls=N` (at
/// least 1, and at most [`MAX_TOTAL`](ToguzSettings::MAX_TOTAL) balls on the whole board),
/// `no-tuzdik`, `no-origin-sowing` and `play-to-end`; `bestemshe` stands for
/// `holes=5,balls=5,no-tuzdik` and `kozdatu` for `holes=7,balls=7`, so a preset cannot be
/// combined with `holes=`, `balls=` or `no-tuzdik` (a [`SettingsError::Conflict`]). The game
/// is decided when a kazan holds more than half of all balls: 82 of 162, 26 of 50, 50 of 98.
///
/// ```
/// use sowing::toguz::ToguzSettings;
/// let s: ToguzSettings = "toguz:kozdatu,play-to-end".parse().unwrap();
/// assert_eq!((s.holes, s.balls), (7, 7));
/// assert!(!s.decide_at_majority);
/// assert_eq!(s.to_string(), "toguz:kozdatu,play-to-end");
/// assert_eq!("toguz:holes=5,balls=5,no-tuzdik".parse::<ToguzSettings>().unwrap().to_string(),
///            "toguz:bestemshe");
/// assert!("toguz:holes=10".parse::<ToguzSettings>().is_err());
/// assert!("toguz:bestemshe,holes=9".parse::<ToguzSettings>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ToguzSettings {
    /// Holes (otau) a side (`holes=`), 1 to [`MAX_HOLES`](ToguzSettings::MAX_HOLES).
    pub holes: u8,
    /// Balls in each hole at the start (`balls=`), at least 1.
    pub balls: u8,
    /// Whether a last ball making 3 in an opponent's hole claims it as a tuzdik (rule 6;
    /// switch `no-tuzdik` turns it off, as in Bestemshe).
    pub tuzdik: bool,
    /// Whether a move of two or more balls puts its first ball back into the origin hole
    /// (rule 2). Off (switch `no-origin-sowing`): the first ball goes to the next hole, a
    /// pre-1949 variant.
    pub origin_sowing: bool,
    /// Whether the game ends at once when a kazan holds more than half of all balls (rule 8,
    /// as on PlayOK, PlayStrategy and in federation records). Off (switch `play-to-end`):
    /// play continues until the player to move has no move (rule 7).
    pub decide_at_majority: bool,
}

impl Default for ToguzSettings {
    fn default() -> Self {
        Self::STANDARD
    }
}

impl ToguzSettings {
    /// The most holes a side: the move notation numbers holes with one digit.
    pub const MAX_HOLES: u8 = 9;
    /// The most balls in all: every hole and kazan counter is 8 bits wide.
    pub const MAX_TOTAL: u32 = 255;

    /// The tournament game: 2 x 9 holes, 9 balls each, under the federation rules.
    pub const STANDARD: ToguzSettings = ToguzSettings {
        holes: 9,
        balls: 9,
        tuzdik: true,
        origin_sowing: true,
        decide_at_majority: true,
    };

    /// Bestemshe: 2 x 5 holes, 5 balls each, no tuzdik, decided at 26.
    pub const BESTEMSHE: ToguzSettings = ToguzSettings {
        holes: 5,
        balls: 5,
        tuzdik: false,
        ..Self::STANDARD
    };

    /// Kozdatu: 2 x 7 holes, 7 balls each, decided at 50. Accounts give only the board;
    /// every other rule is assumed to be as in the 9-hole game, with hole 7 as the hole that
    /// cannot become a tuzdik (see the [module docs](super)).
    pub const KOZDATU: ToguzSettings = ToguzSettings {
        holes: 7,
        balls: 7,
        ..Self::STANDARD
    };

    /// The pre-1949 variant without re-sowing into the origin hole.
    pub const NO_ORIGIN_SOWING: ToguzSettings = ToguzSettings {
        origin_sowing: false,
        ..Self::STANDARD
    };

    /// The game played on until the player to move has no move, as in Ludii.
    pub const PLAY_TO_END: ToguzSettings = ToguzSettings {
        decide_at_majority: false,
        ..Self::STANDARD
    };

    /// `holes` x `balls` with the standard rules (not yet validated).
    pub const fn sized(holes: u8, balls: u8) -> ToguzSettings {
        ToguzSettings {
            holes,
            balls,
            ..Self::STANDARD
        }
    }

    /// Balls on the board at the start.
    pub const fn total_balls(&self) -> u32 {
        2 * self.holes as u32 * self.balls as u32
    }

    /// The kazan total that decides the game: more than half of all balls (82 of 162).
    pub const fn deciding_total(&self) -> u32 {
        self.total_balls() / 2 + 1
    }

    /// Checks the settings against the rules' and the engine's limits.
    ///
    /// # Errors
    /// [`SettingsError`] for holes or balls out of range, or more balls than fit.
    pub fn validate(&self) -> Result<(), SettingsError> {
        switches::check_board(
            ("holes", self.holes, Self::MAX_HOLES),
            ("balls", self.balls),
            Self::MAX_TOTAL,
        )
    }
}

const GAME: &str = "toguz";

impl FromStr for ToguzSettings {
    type Err = RulesetParseError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut s = ToguzSettings::STANDARD;
        let mut seen = Vec::new();
        let mut preset = false;
        let mut sized = false;
        for sw in switches::split_for(text, GAME)? {
            let number = |setting: &'static str, max: i64| -> Result<u8, RulesetParseError> {
                let n = sw.number(GAME)?;
                if !(1..=max).contains(&n) {
                    return Err(SettingsError::OutOfRange {
                        setting,
                        value: n,
                        min: 1,
                        max,
                    }
                    .into());
                }
                Ok(n as u8)
            };
            match sw.name {
                "holes" => {
                    switches::once(&mut seen, GAME, "holes")?;
                    s.holes = number("holes", Self::MAX_HOLES.into())?;
                    sized = true;
                }
                "balls" => {
                    switches::once(&mut seen, GAME, "balls")?;
                    s.balls = number("balls", Self::MAX_TOTAL.into())?;
                    sized = true;
                }
                "no-tuzdik" => {
                    sw.flag(GAME)?;
                    switches::once(&mut seen, GAME, "no-tuzdik")?;
                    s.tuzdik = false;
                    sized = true;
                }
                "bestemshe" | "kozdatu" => {
                    sw.flag(GAME)?;
                    switches::once(&mut seen, GAME, "preset (bestemshe, kozdatu)")?;
                    preset = true;
                    let p = if sw.name == "bestemshe" {
                        Self::BESTEMSHE
                    } else {
                        Self::KOZDATU
                    };
                    s.holes = p.holes;
                    s.balls = p.balls;
                    s.tuzdik = p.tuzdik;
                }
                "no-origin-sowing" => {
                    sw.flag(GAME)?;
                    switches::once(&mut seen, GAME, "no-origin-sowing")?;
                    s.origin_sowing = false;
                }
                "play-to-end" => {
                    sw.flag(GAME)?;
                    switches::once(&mut seen, GAME, "play-to-end")?;
                    s.decide_at_majority = false;
                }
                _ => return Err(sw.unknown(GAME)),
            }
            if preset && sized {
                return Err(SettingsError::Conflict(
                    "a preset (bestemshe, kozdatu) fixes holes, balls and the tuzdik rule",
                )
                .into());
            }
        }
        s.validate()?;
        Ok(s)
    }
}

impl fmt::Display for ToguzSettings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = Vec::new();
        let board = (self.holes, self.balls, self.tuzdik);
        let b = Self::BESTEMSHE;
        let k = Self::KOZDATU;
        if board == (b.holes, b.balls, b.tuzdik) {
            parts.push("bestemshe".into());
        } else if board == (k.holes, k.balls, k.tuzdik) {
            parts.push("kozdatu".into());
        } else {
            let d = Self::STANDARD;
            if self.holes != d.holes {
                parts.push(format!("holes={}", self.holes));
            }
            if self.balls != d.balls {
                parts.push(format!("balls={}", self.balls));
            }
            if !self.tuzdik {
                parts.push("no-tuzdik".into());
            }
        }
        if !self.origin_sowing {
            parts.push("no-origin-sowing".into());
        }
        if !self.decide_at_majority {
            parts.push("play-to-end".into());
        }
        f.write_str(GAME)?;
        if !parts.is_empty() {
            write!(f, ":{}", parts.join(","))?;
        }
        Ok(())
    }
}

crate::serde_as_text!(ToguzSettings);
