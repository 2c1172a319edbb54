//! The checks of one run, position by position.

use std::collections::HashSet;

use super::{Check, Config, Failure, Report, Stopwatch};
use crate::{GameRecord, Outcome, Ruleset, SplitMix64, perft, perft_divide, perft_parallel};

/// The state of one run: the ruleset, the configuration, the report, where we are.
pub(super) struct Checker<'a, R: Ruleset> {
    pub(super) rules: &'a R,
    pub(super) config: &'a Config,
    pub(super) report: Report,
    watch: Option<Stopwatch>,
    pub(super) context: String,
}

impl<'a, R: Ruleset> Checker<'a, R> {
    pub(super) fn new(rules: &'a R, config: &'a Config, context: String) -> Self {
        Checker {
            rules,
            config,
            report: Report::default(),
            watch: config.call_bound.map(|_| Stopwatch::new(None)),
            context,
        }
    }

    pub(super) fn fail(&self, check: Check, state: Option<&R::State>, detail: String) -> Failure {
        Failure {
            check,
            ruleset: self.rules.to_string(),
            position: state.map(ToString::to_string),
            context: self.context.clone(),
            detail,
        }
    }

    /// `Ok` if `ok`, else the failure `detail` describes.
    pub(super) fn ensure(
        &self,
        ok: bool,
        check: Check,
        state: &R::State,
        detail: impl FnOnce() -> String,
    ) -> Result<(), Failure> {
        if ok {
            Ok(())
        } else {
            Err(self.fail(check, Some(state), detail()))
        }
    }

    /// Runs a call of the ruleset, timing it under [`Config::call_bound`].
    pub(super) fn call<T>(
        &mut self,
        state: &R::State,
        name: &dyn Fn() -> String,
        mut f: impl FnMut() -> T,
    ) -> Result<T, Failure> {
        let (Some(bound), Some(watch)) = (self.config.call_bound, self.watch.as_mut()) else {
            return Ok(f());
        };
        let (out, best) = watch.measure(name, Some(bound), f);
        if best > bound {
            return Err(self.fail(
                Check::Timing,
                Some(state),
                format!("{} took {best:?}, over the bound of {bound:?}", name()),
            ));
        }
        Ok(out)
    }

    pub(super) fn finish(mut self) -> Report {
        self.report.slowest = self.watch.and_then(Stopwatch::into_slowest);
        self.report
    }

    /// Seeds, validation, hash and text: what holds for every position of the game. The
    /// validation is timed (it guards the rest); the cheap checks are not.
    pub(super) fn invariants(&mut self, s: &R::State) -> Result<(), Failure> {
        let rules = self.rules;
        let count = rules.seed_count(s);
        self.ensure(
            count.total() == rules.total_seeds(),
            Check::Seeds,
            s,
            || {
                format!(
                    "{count:?} holds {} of {} seeds",
                    count.total(),
                    rules.total_seeds()
                )
            },
        )?;
        if let Err(e) = self.call(s, &|| "validate".into(), || rules.validate(s))? {
            return Err(self.fail(Check::Validate, Some(s), format!("does not validate: {e}")));
        }
        let (hash, scratch) = (rules.hash(s), rules.hash_from_scratch(s));
        self.ensure(hash == scratch, Check::Hash, s, || {
            format!("hash {hash:#x}, from scratch {scratch:#x}")
        })?;
        let text = s.to_string();
        let parsed: R::State = text.parse().map_err(|e| {
            self.fail(
                Check::PositionText,
                Some(s),
                format!("its text does not parse: {e}"),
            )
        })?;
        self.ensure(&parsed == s, Check::PositionText, s, || {
            format!("its text parses as {parsed:?}, not {s:?}")
        })?;
        self.ensure(parsed.to_string() == text, Check::PositionText, s, || {
            format!("printed again as {parsed}")
        })?;
        self.ensure(rules.hash(&parsed) == hash, Check::Hash, s, || {
            "the parsed copy hashes differently".into()
        })?;
        Ok(())
    }

    /// Every check on one position; `others` are moves to check refused where not legal.
    /// Returns the legal moves.
    pub(super) fn position(
        &mut self,
        s: &R::State,
        others: &[R::Move],
    ) -> Result<Vec<R::Move>, Failure> {
        let rules = self.rules;
        self.invariants(s)?;
        let text = s.to_string();
        let back = self.call(s, &|| "parse_position".into(), || {
            rules.parse_position(&text)
        })?;
        self.ensure(back.as_ref() == Ok(s), Check::PositionText, s, || {
            format!("parse_position gives {back:?}")
        })?;
        let moves: Vec<R::Move> = self
            .call(s, &|| "legal_moves".into(), || rules.legal_moves(s))?
            .iter()
            .copied()
            .collect();
        let outcome = self.call(s, &|| "outcome".into(), || rules.outcome(s))?;
        self.ensure(
            moves.is_empty() == outcome.is_some(),
            Check::GameOver,
            s,
            || format!("{} legal moves, outcome {outcome:?}", moves.len()),
        )?;
        let over = self.call(s, &|| "is_over".into(), || rules.is_over(s))?;
        self.ensure(over == outcome.is_some(), Check::GameOver, s, || {
            format!("is_over says {over}, outcome {outcome:?}")
        })?;
        let distinct: HashSet<&R::Move> = moves.iter().collect();
        self.ensure(
            distinct.len() == moves.len(),
            Check::DuplicateMove,
            s,
            || format!("legal moves {moves:?}"),
        )?;
        if let Some(o) = outcome {
            self.outcome(s, o)?;
        }
        let seed = rules.hash(s);
        let random = self.call(s, &|| "random_move".into(), || {
            rules.random_move(s, &mut SplitMix64::new(seed))
        })?;
        self.ensure(
            random.map_or(moves.is_empty(), |m| moves.contains(&m)),
            Check::RandomMove,
            s,
            || format!("random_move gives {random:?} of {moves:?}"),
        )?;
        for &mv in &moves {
            self.legal(s, mv)?;
        }
        for &mv in others.iter().filter(|m| !moves.contains(m)) {
            self.refused(s, mv)?;
        }
        self.report.positions += 1;
        Ok(moves)
    }

    /// A final score agrees with the winner and counts no more seeds than the game has.
    fn outcome(&self, s: &R::State, o: Outcome) -> Result<(), Failure> {
        let score = match o {
            Outcome::Win { score, .. } | Outcome::Draw { score } => score,
        };
        let Some(score) = score else {
            return Ok(());
        };
        self.ensure(Outcome::by_score(score) == o, Check::Outcome, s, || {
            format!("{o:?}: the score gives {:?}", Outcome::by_score(score))
        })?;
        let total = u64::from(score.south) + u64::from(score.north);
        self.ensure(
            total <= u64::from(self.rules.total_seeds()),
            Check::Outcome,
            s,
            || format!("{o:?} counts {total} seeds of {}", self.rules.total_seeds()),
        )
    }

    /// A legal move: legal to every method, its notation reads back, the three ways to play
    /// it agree, and the state after keeps the invariants. Returns that state.
    pub(super) fn legal(&mut self, s: &R::State, mv: R::Move) -> Result<R::State, Failure> {
        let rules = self.rules;
        let written = rules.format_move(s, mv);
        let name = |call: &str| format!("{call}({written})");
        let legal = self.call(s, &|| name("is_legal"), || rules.is_legal(s, mv))?;
        self.ensure(legal, Check::Legal, s, || {
            format!("{written} ({mv:?}) listed, not is_legal")
        })?;
        let reason = self.call(s, &|| name("illegal_reason"), || {
            rules.illegal_reason(s, mv)
        })?;
        self.ensure(reason.is_none(), Check::Legal, s, || {
            format!("{written} ({mv:?}) listed, yet illegal: {reason:?}")
        })?;
        let read = self.call(s, &|| name("parse_move"), || rules.parse_move(s, &written))?;
        self.ensure(read == Ok(mv), Check::MoveText, s, || {
            format!("{mv:?} is written {written:?}, which reads as {read:?}")
        })?;
        let after = self
            .call(s, &|| name("play"), || rules.play(*s, mv))?
            .map_err(|e| {
                self.fail(
                    Check::Play,
                    Some(s),
                    format!("{written} refused: {}", e.error),
                )
            })?;
        let mut tried = *s;
        let result = self.call(s, &|| name("try_play"), || {
            let mut copy = *s;
            let r = rules.try_play(&mut copy, mv);
            tried = copy;
            r
        })?;
        self.ensure(result.is_ok() && tried == after, Check::Play, s, || {
            format!("{written}: play gives {after}, try_play {result:?} and {tried}")
        })?;
        let mut unchecked = *s;
        self.call(s, &|| name("play_unchecked"), || {
            unchecked = *s;
            rules.play_unchecked(&mut unchecked, mv);
        })?;
        self.ensure(unchecked == after, Check::Play, s, || {
            format!("{written}: play gives {after}, play_unchecked {unchecked}")
        })?;
        let effect = self.call(s, &|| name("effect"), || rules.effect(s, mv))?;
        let mover = rules.to_move(s);
        let again = !rules.is_over(&after) && rules.to_move(&after) == mover;
        self.ensure(
            effect
                .as_ref()
                .is_ok_and(|e| e.mover == mover && e.again == again),
            Check::Effect,
            s,
            || format!("{written}: effect {effect:?}, but {mover:?} moved, again: {again}"),
        )?;
        self.invariants(&after).map_err(|mut f| {
            f.detail = format!("after {written}: {}", f.detail);
            f
        })?;
        self.report.moves += 1;
        Ok(after)
    }

    /// A move that is not legal: refused by every method, leaving the state (and a record)
    /// as it was; its notation does not read.
    pub(super) fn refused(&mut self, s: &R::State, mv: R::Move) -> Result<(), Failure> {
        let rules = self.rules;
        let written = rules.format_move(s, mv);
        let name = |call: &str| format!("{call}({written})");
        let legal = self.call(s, &|| name("is_legal"), || rules.is_legal(s, mv))?;
        self.ensure(!legal, Check::Refused, s, || {
            format!("is_legal({mv:?}) while not listed")
        })?;
        let reason = self.call(s, &|| name("illegal_reason"), || {
            rules.illegal_reason(s, mv)
        })?;
        self.ensure(reason.is_some(), Check::Refused, s, || {
            format!("{mv:?} is not listed but has no illegal reason")
        })?;
        let mut copy = *s;
        let result = self.call(s, &|| name("try_play"), || {
            copy = *s;
            rules.try_play(&mut copy, mv)
        })?;
        self.ensure(result.is_err(), Check::Refused, s, || {
            format!("try_play accepts {mv:?}, giving {copy}")
        })?;
        self.ensure(&copy == s, Check::Refused, s, || {
            format!("refusing {mv:?} changed the state to {copy}")
        })?;
        match rules.play(*s, mv) {
            Ok(next) => {
                return Err(self.fail(
                    Check::Refused,
                    Some(s),
                    format!("play accepts {mv:?}: {next}"),
                ));
            }
            Err(e) => self.ensure(&e.state == s, Check::Refused, s, || {
                format!("play refuses {mv:?} but hands back {}", e.state)
            })?,
        }
        let effect = self.call(s, &|| name("effect"), || rules.effect(s, mv))?;
        self.ensure(effect.is_err(), Check::Effect, s, || {
            format!("{mv:?} is not legal, yet has the effect {effect:?}")
        })?;
        let read = self.call(s, &|| name("parse_move"), || rules.parse_move(s, &written))?;
        self.ensure(read.is_err(), Check::MoveText, s, || {
            format!("{mv:?} is not legal, yet its text {written:?} reads as {read:?}")
        })?;
        if self.config.records {
            let mut record = GameRecord::from_position(rules.clone(), *s).map_err(|e| {
                self.fail(
                    Check::Record,
                    Some(s),
                    format!("the record refuses the state: {e}"),
                )
            })?;
            let played = record.play(mv);
            self.ensure(
                played.is_err() && record.current() == s && record.is_empty(),
                Check::Refused,
                s,
                || format!("a record plays {mv:?} ({played:?}) or changes"),
            )?;
        }
        self.report.refused += 1;
        Ok(())
    }

    /// perft against a count through the checked `play`, `perft_divide` and `perft_parallel`.
    pub(super) fn perft(&mut self, s: &R::State, depth: u32) -> Result<(), Failure> {
        let rules = self.rules;
        let n = perft(rules, s, depth);
        let brute = brute_force(rules, s, depth).map_err(|e| {
            self.fail(
                Check::Perft,
                Some(s),
                format!("a listed move is refused: {e}"),
            )
        })?;
        self.ensure(n == brute, Check::Perft, s, || {
            format!("perft({depth}) = {n}, but play counts {brute}")
        })?;
        let divide = perft_divide(rules, s, depth);
        let sum: u64 = divide.iter().map(|d| d.1).sum();
        let listed: Vec<R::Move> = rules.legal_moves(s).iter().copied().collect();
        let divided: Vec<R::Move> = divide.iter().map(|d| d.0).collect();
        self.ensure(sum == n && divided == listed, Check::Perft, s, || {
            format!("perft_divide({depth}) sums to {sum} of {n} over {divided:?}")
        })?;
        let parallel = perft_parallel(rules, s, depth, self.config.perft_threads);
        self.ensure(parallel == n, Check::Perft, s, || {
            format!("perft_parallel({depth}) = {parallel}, perft {n}")
        })?;
        self.report.perft += 1;
        Ok(())
    }
}

/// The count of move sequences of `depth` plies through the checked `play`.
fn brute_force<R: Ruleset>(rules: &R, s: &R::State, depth: u32) -> Result<u64, String> {
    if depth == 0 {
        return Ok(1);
    }
    let mut n = 0;
    for &mv in rules.legal_moves(s).iter() {
        let next = rules.play(*s, mv).map_err(|e| e.error.to_string())?;
        n += brute_force(rules, &next, depth - 1)?;
    }
    Ok(n)
}
