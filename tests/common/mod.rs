//! Ruleset lists more than one test file plays: the conformance suite's named Toguz Kumalak,
//! Tsoro and Oware rulesets, which the Python package's games (tests/python_games.rs) replay
//! too.

/// Toguz Kumalak's presets and sizes, every switch among them.
pub const TOGUZ_RULESETS: [&str; 8] = [
    "toguz",
    "toguz:bestemshe",
    "toguz:kozdatu",
    "toguz:no-origin-sowing",
    "toguz:play-to-end",
    "toguz:holes=6,balls=6",
    "toguz:holes=9,balls=14,play-to-end",
    "toguz:holes=3,balls=2,no-tuzdik,no-origin-sowing",
];

/// Tsoro's heads, sizes, bonuses, Tracey, re-entry and move limits.
pub const TSORO_RULESETS: [&str; 12] = [
    "tsoro",
    "tsoro:holes=8,heads=none,bonus=0",
    "tsoro:tracey,max-plies=1000",
    "tsoro:reenter,holes=8,max-plies=300",
    "tsoro:heads=single-left,holes=12",
    "tsoro:heads=single-right,holes=15",
    "tsoro:heads=both-ends,holes=18",
    "tsoro:holes=6",
    "tsoro:holes=6,heads=none,bonus=0",
    "tsoro:holes=8,bonus=3,forced-bonus,heads-immune",
    "tsoro:holes=8,heads=none,bonus=0,reenter,max-plies=60",
    "tsoro:tracey,reenter,max-plies=30",
];

/// Oware's rules of the grand slam, sizes down to boards that cycle, and a ply limit.
pub const OWARE_RULESETS: [&str; 6] = [
    "oware",
    "oware:grand-slam=illegal",
    "oware:houses=3,seeds=2",
    "oware:houses=2,seeds=1,divide-on-win",
    "oware:houses=4,seeds=3,grand-slam=leave-last",
    "oware:houses=8,seeds=2,max-plies=150",
];
