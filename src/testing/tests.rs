//! The harness finds what it is meant to find: Kalah with one contract broken at a time.

use std::fmt;
use std::str::FromStr;

use super::{Check, Config, check_random_games, check_random_games_with};
use crate::kalah::{Kalah, KalahMove, KalahState};
use crate::{
    Effect, IllegalReason, MoveList, MoveParseError, Outcome, PositionError, Ruleset,
    RulesetParseError, SeedCount,
};

/// One broken contract.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flaw {
    None,
    Hash,
    Seeds,
    AcceptsIllegal,
    Notation,
    NeverOver,
    Duplicate,
    Effect,
}

const FLAWS: [(&str, Flaw); 8] = [
    ("none", Flaw::None),
    ("hash", Flaw::Hash),
    ("seeds", Flaw::Seeds),
    ("accepts-illegal", Flaw::AcceptsIllegal),
    ("notation", Flaw::Notation),
    ("never-over", Flaw::NeverOver),
    ("duplicate", Flaw::Duplicate),
    ("effect", Flaw::Effect),
];

/// Kalah with a flaw, written `<flaw>/<kalah ruleset>`.
#[derive(Clone, Debug, PartialEq)]
struct Flawed(Flaw, Kalah);

impl fmt::Display for Flawed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = FLAWS.iter().find(|x| x.1 == self.0).map_or("?", |x| x.0);
        write!(f, "{name}/{}", self.1)
    }
}

impl FromStr for Flawed {
    type Err = RulesetParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (name, rules) = s.split_once('/').unwrap_or(("none", s));
        let flaw = FLAWS
            .iter()
            .find(|x| x.0 == name)
            .map_or(Flaw::None, |x| x.1);
        Ok(Flawed(flaw, rules.parse()?))
    }
}

impl Ruleset for Flawed {
    type State = KalahState;
    type Move = KalahMove;
    type Moves = MoveList<KalahMove, 9>;
    const GAME: &'static str = "flawed";

    fn start(&self) -> KalahState {
        self.1.start()
    }
    fn to_move(&self, s: &KalahState) -> crate::Player {
        self.1.to_move(s)
    }
    fn legal_moves(&self, s: &KalahState) -> Self::Moves {
        let mut moves = MoveList::new();
        for mv in self.1.legal_moves(s) {
            moves.push(mv);
        }
        if self.0 == Flaw::Duplicate && !moves.is_empty() {
            moves.push(moves[0]);
        }
        moves
    }
    fn play_unchecked(&self, s: &mut KalahState, mv: KalahMove) {
        self.1.play_unchecked(s, mv);
    }
    fn outcome(&self, s: &KalahState) -> Option<Outcome> {
        self.1.outcome(s).filter(|_| self.0 != Flaw::NeverOver)
    }
    fn seed_count(&self, s: &KalahState) -> SeedCount {
        self.1.seed_count(s)
    }
    fn total_seeds(&self) -> u32 {
        self.1.total_seeds() + u32::from(self.0 == Flaw::Seeds)
    }
    fn validate(&self, s: &KalahState) -> Result<(), PositionError> {
        self.1.validate(s)
    }
    fn hash(&self, s: &KalahState) -> u64 {
        self.1.hash(s) ^ u64::from(self.0 == Flaw::Hash && self.1.to_move(s).index() == 1)
    }
    fn hash_from_scratch(&self, s: &KalahState) -> u64 {
        self.1.hash_from_scratch(s)
    }
    fn parse_move(&self, s: &KalahState, text: &str) -> Result<KalahMove, MoveParseError> {
        self.1.parse_move(s, text)
    }
    fn format_move(&self, s: &KalahState, mv: KalahMove) -> String {
        let text = self.1.format_move(s, mv);
        if self.0 == Flaw::Notation && mv == KalahMove::Pit(4) {
            format!("{text}!")
        } else {
            text
        }
    }
    fn effect(&self, s: &KalahState, mv: KalahMove) -> Result<Effect, IllegalReason> {
        let mut effect = self.1.effect(s, mv)?;
        // The flaw: an extra turn is not said.
        effect.again &= self.0 != Flaw::Effect;
        Ok(effect)
    }
    fn illegal_reason(&self, s: &KalahState, mv: KalahMove) -> Option<IllegalReason> {
        if self.0 == Flaw::AcceptsIllegal {
            None
        } else {
            self.1.illegal_reason(s, mv)
        }
    }
}

#[test]
fn a_sound_ruleset_passes_and_every_flaw_is_found() {
    let report = check_random_games(&Flawed(Flaw::None, Kalah::default()), 3, 4).unwrap();
    assert_eq!(report.games, 4);
    assert!(report.plies > 40 && report.refused > 0 && report.perft > 0);
    for (flaw, check) in [
        (Flaw::Hash, Check::Hash),
        (Flaw::Seeds, Check::Seeds),
        (Flaw::AcceptsIllegal, Check::Refused),
        (Flaw::Notation, Check::MoveText),
        (Flaw::NeverOver, Check::GameOver),
        (Flaw::Duplicate, Check::DuplicateMove),
        (Flaw::Effect, Check::Effect),
    ] {
        let rules = Flawed(flaw, Kalah::default());
        let failure = check_random_games(&rules, 3, 4).unwrap_err();
        assert_eq!(failure.check, check, "{flaw:?}: {failure}");
        assert!(
            failure.to_string().starts_with(&rules.to_string()),
            "{failure}"
        );
    }
}

#[test]
fn a_failure_says_where() {
    let rules = Flawed(Flaw::Hash, Kalah::default());
    let failure = check_random_games(&rules, 5, 1).unwrap_err();
    // South moves first: the flaw shows at North's first turn.
    assert_eq!(failure.check, Check::Hash);
    assert!(
        failure.context.starts_with("game 0, seed 5, ply "),
        "{failure}"
    );
    let position = failure.position.expect("a position");
    assert!(position.ends_with(" N"), "{position}");
}

#[test]
fn a_call_bound_reports_the_slowest_call() {
    let config = Config {
        max_plies: 10,
        call_bound: Some(std::time::Duration::from_secs(3600)),
        ..Config::DEFAULT
    };
    let report = check_random_games_with(&Kalah::default(), 1, 1, &config).unwrap();
    assert!(report.slowest.is_some());
    let untimed = check_random_games(&Kalah::default(), 1, 1).unwrap();
    assert!(untimed.slowest.is_none());
}
