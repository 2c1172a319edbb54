//! Oware's rule switches.

use std::fmt;
use std::str::FromStr;

use crate::error::{RulesetParseError, SettingsError};
use crate::switches;

pub use crate::grand_slam::GrandSlam;

/// Oware's rule settings: board size and every rule switch the crate knows.
///
/// Build one from a preset or field by field, then make a ruleset with
/// [`Oware::new`](super::Oware::new), which validates it. It prints and parses as ruleset
/// text; defaults (Abapa on 6 houses of 4 seeds) are left out of the text.
///
/// | switch | field | meaning |
/// |---|---|---|
/// | `houses=N` | [`houses`](Self::houses) | houses a row, 1..=8 (default 6; OpenSpiel's `num_houses_per_player`) |
/// | `seeds=N` | [`seeds`](Self::seeds) | seeds a house at the start (default 4; OpenSpiel's `num_seeds_per_house`) |
/// | `grand-slam=no-capture\|illegal\|capture\|leave-last\|leave-first` | [`grand_slam`](Self::grand_slam) | what a grand slam does ([`GrandSlam`]) |
/// | `divide-on-win` | [`divide_on_win`](Self::divide_on_win) | when a player passes half the seeds, each side's seeds go to its owner (OpenSpiel's `oware`) |
/// | `max-plies=P` | [`max_plies`](Self::max_plies) | the game ends after `P` plies with the division of rule 8 |
///
/// ```
/// use sowing::oware::{GrandSlam, OwareSettings};
/// let s: OwareSettings = "oware:houses=4,seeds=3,grand-slam=capture".parse().unwrap();
/// assert_eq!((s.houses, s.seeds, s.grand_slam), (4, 3, GrandSlam::Capture));
/// assert_eq!(s.to_string(), "oware:houses=4,seeds=3,grand-slam=capture");
/// assert_eq!("oware".parse::<OwareSettings>().unwrap(), OwareSettings::ABAPA);
/// assert!("oware:houses=9".parse::<OwareSettings>().is_err());
/// assert!("oware:grand-slam=sometimes".parse::<OwareSettings>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct OwareSettings {
    /// Houses a row (`houses=`), 1 to [`MAX_HOUSES`](OwareSettings::MAX_HOUSES).
    pub houses: u8,
    /// Seeds in each house at the start (`seeds=`), at least 1.
    pub seeds: u8,
    /// What a grand slam does (`grand-slam=`).
    pub grand_slam: GrandSlam,
    /// Whether a game won by passing half the seeds ends with each side's seeds going to
    /// its owner (`divide-on-win`, as OpenSpiel's `oware` does) rather than left on the
    /// board. The winner is the same either way; only the final score differs.
    pub divide_on_win: bool,
    /// A ply limit (`max-plies=P`, `P >= 1`): after `P` plies the game ends and each player
    /// takes the seeds on his own side (the division of rule 8); `None`: no limit.
    pub max_plies: Option<u32>,
}

impl Default for OwareSettings {
    fn default() -> Self {
        Self::ABAPA
    }
}

impl OwareSettings {
    /// The most houses a row: each row is one 64-bit word of 8-bit counters.
    pub const MAX_HOUSES: u8 = 8;
    /// The most seeds in all: every counter, a store included, must fit in 8 bits.
    pub const MAX_TOTAL: u32 = 255;

    /// Oware Abapa as the Oware Society plays it: 6 houses of 4 seeds, grand slams capture
    /// nothing, no ply limit.
    pub const ABAPA: OwareSettings = OwareSettings {
        houses: 6,
        seeds: 4,
        grand_slam: GrandSlam::NoCapture,
        divide_on_win: false,
        max_plies: None,
    };

    /// The rules of OpenSpiel's `oware` as far as a position without history can hold them:
    /// Abapa with [`divide_on_win`](Self::divide_on_win). (OpenSpiel also ends a game when a
    /// position repeats, and after 1,000 plies: see the module docs.)
    pub const OPENSPIEL: OwareSettings = OwareSettings {
        divide_on_win: true,
        ..Self::ABAPA
    };

    /// Oware(`houses`, `seeds`) under the Abapa rules (not yet validated).
    pub const fn sized(houses: u8, seeds: u8) -> OwareSettings {
        OwareSettings {
            houses,
            seeds,
            ..Self::ABAPA
        }
    }

    /// Seeds on the board at the start.
    pub const fn total_seeds(&self) -> u32 {
        2 * self.houses as u32 * self.seeds as u32
    }

    /// Checks the settings against the engine's limits.
    ///
    /// # Errors
    /// [`SettingsError`] for houses or seeds out of range, more seeds than fit, or a ply
    /// limit of 0.
    pub fn validate(&self) -> Result<(), SettingsError> {
        switches::check_board(
            ("houses", self.houses, Self::MAX_HOUSES),
            ("seeds", self.seeds),
            Self::MAX_TOTAL,
        )?;
        if self.max_plies == Some(0) {
            return Err(SettingsError::OutOfRange {
                setting: "max-plies",
                value: 0,
                min: 1,
                max: u32::MAX.into(),
            });
        }
        Ok(())
    }
}

const GAME: &str = "oware";

impl FromStr for OwareSettings {
    type Err = RulesetParseError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut s = OwareSettings::ABAPA;
        let mut seen = Vec::new();
        for sw in switches::split_for(text, GAME)? {
            let number = |setting: &'static str, max: i64| -> Result<i64, RulesetParseError> {
                let n = sw.number(GAME)?;
                if !(0..=max).contains(&n) {
                    return Err(SettingsError::OutOfRange {
                        setting,
                        value: n,
                        min: 1,
                        max,
                    }
                    .into());
                }
                Ok(n)
            };
            match sw.name {
                "houses" => {
                    switches::once(&mut seen, GAME, "houses")?;
                    s.houses = number("houses", Self::MAX_HOUSES.into())? as u8;
                }
                "seeds" => {
                    switches::once(&mut seen, GAME, "seeds")?;
                    s.seeds = number("seeds", Self::MAX_TOTAL.into())? as u8;
                }
                "grand-slam" => {
                    switches::once(&mut seen, GAME, "grand-slam")?;
                    let value = sw.text(GAME)?;
                    s.grand_slam = GrandSlam::ALL
                        .into_iter()
                        .find(|g| g.name() == value)
                        .ok_or_else(|| RulesetParseError::BadValue {
                            game: GAME,
                            switch: "grand-slam".into(),
                            value: value.to_string(),
                            expected: "no-capture, illegal, capture, leave-last or leave-first",
                        })?;
                }
                "divide-on-win" => {
                    sw.flag(GAME)?;
                    switches::once(&mut seen, GAME, "divide-on-win")?;
                    s.divide_on_win = true;
                }
                "max-plies" => {
                    switches::once(&mut seen, GAME, "max-plies")?;
                    s.max_plies = Some(number("max-plies", u32::MAX.into())? as u32);
                }
                _ => return Err(sw.unknown(GAME)),
            }
        }
        s.validate()?;
        Ok(s)
    }
}

impl fmt::Display for OwareSettings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = OwareSettings::ABAPA;
        let mut parts: Vec<String> = Vec::new();
        if self.houses != d.houses {
            parts.push(format!("houses={}", self.houses));
        }
        if self.seeds != d.seeds {
            parts.push(format!("seeds={}", self.seeds));
        }
        if self.grand_slam != d.grand_slam {
            parts.push(format!("grand-slam={}", self.grand_slam.name()));
        }
        if self.divide_on_win {
            parts.push("divide-on-win".into());
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

crate::serde_as_text!(OwareSettings);
