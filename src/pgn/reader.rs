//! Reading the records form: a game's tags ([`check_tags`]), its movetext cut into tokens
//! ([`tokens`](super::tokens)), then the replay of those tokens ([`replay`]), as three steps.

use super::dialect::Dialect;
use super::error::{PgnError, PgnProblem, err, syntax};
use super::lexer::{Token, looks_like_result, tokens, turn_number};
use super::model::{Form, PgnGame};
use super::split::{GameText, one_game, split};
use super::tags::{TagBlock, read_tags};
use crate::error::MoveParseError;
use crate::player::{GameResult, Outcome, Player};
use crate::record::GameRecord;
use crate::ruleset::Ruleset;

/// Reads one game's text in the records form: its tags, then its tokens, then the replay.
pub(super) fn read_text<R: Ruleset>(text: &str, first_line: usize) -> Result<PgnGame<R>, PgnError> {
    let block = read_tags(text, first_line, |_, _, _| Ok(()))?;
    check_tags(&block)?;
    let (variant, variant_line) = block
        .find("Variant")
        .ok_or_else(|| err(first_line, None, PgnProblem::MissingTag("Variant")))?;
    let rules: R = variant
        .parse()
        .map_err(|e| err(variant_line, None, PgnProblem::Variant(e)))?;
    read_body(text, first_line, rules, block)
}

/// Reads a game in the records form under `rules`, from its tag block already read (for
/// syntax: [`GameText::parts`]) and its `Variant` already parsed: the run-time reading of a
/// list of games reads each record's tags and ruleset text once.
pub(crate) fn read_records_with<R: Ruleset>(
    game: &GameText<'_>,
    rules: R,
    block: TagBlock,
) -> Result<PgnGame<R>, PgnError> {
    check_tags(&block)?;
    read_body(game.text, game.first_line, rules, block)
}

/// The records form's rules for tags, past their syntax: no tag twice, no line break in a
/// value (a carriage return, which a line can hold, would be written as a space).
fn check_tags(block: &TagBlock) -> Result<(), PgnError> {
    for (i, ((name, value), &line)) in block.tags.iter().zip(&block.lines).enumerate() {
        if block.tags[..i].iter().any(|(n, _)| n == name) {
            return Err(err(line, None, PgnProblem::RepeatedTag(name.clone())));
        }
        if value.contains('\r') {
            return Err(err(
                line,
                None,
                PgnProblem::BadTag("a tag value cannot hold a line break".into()),
            ));
        }
    }
    Ok(())
}

/// The game after its tags: the start from `FEN`, the movetext replayed, the result checked
/// against the `Result` tag and the rules' outcome.
fn read_body<R: Ruleset>(
    text: &str,
    first_line: usize,
    rules: R,
    block: TagBlock,
) -> Result<PgnGame<R>, PgnError> {
    let fen_line = block.find("FEN").map_or(first_line, |(_, l)| l);
    let start = match block.find("FEN") {
        None => rules.start(),
        Some((fen, _)) => rules
            .parse_position(fen)
            .map_err(|e| err(fen_line, None, PgnProblem::Fen(e)))?,
    };
    let result_tag = block.find("Result").map(|(r, _)| r.to_string());
    let record = GameRecord::from_position(rules, start)
        .map_err(|e| err(fen_line, None, PgnProblem::Fen(e)))?;
    let toks = tokens(&text[block.offset..], block.line)?;
    let moves = replay(record, &toks, block.line)?;
    let (result, line) = moves.result;
    // No `Result` tag: the movetext's result token, which every movetext ends with, is the
    // result.
    if let Some(tag) = result_tag {
        if result.token() != tag {
            return Err(err(
                line,
                None,
                PgnProblem::ResultTag {
                    token: result.token(),
                    tag,
                },
            ));
        }
    }
    check_outcome(moves.record.outcome(), result, line)?;
    Ok(PgnGame {
        tags: block.tags,
        record: moves.record,
        result,
        comments: moves.comments,
        nags: moves.nags,
        form: Form::RECORDS,
        zero: false,
    })
}

/// The movetext replayed: the record at its end, the result with its line, the comments.
struct Moves<R: Ruleset> {
    record: GameRecord<R>,
    result: (GameResult, usize),
    comments: Vec<(usize, String)>,
    nags: Vec<(usize, u8)>,
}

/// Replays the movetext's tokens from `record`'s position, checking every move number, every
/// action and every turn's end; `first_line` is the movetext's first line.
fn replay<R: Ruleset>(
    mut record: GameRecord<R>,
    toks: &[(usize, Token<'_>)],
    first_line: usize,
) -> Result<Moves<R>, PgnError> {
    let rules = record.rules().clone();
    let mut comments = Vec::new();
    let mut nags = Vec::new();
    let mut result = None;
    let mut number: u64 = 1;
    // The turn being read: its player, how many actions it has had, its number as written.
    let mut turn: Option<(Player, usize, String)> = None;
    let mut last_line = first_line;
    let mut i = 0;
    while i < toks.len() {
        let (line, token) = &toks[i];
        let line = *line;
        last_line = line;
        i += 1;
        let ply = record.ply() + 1;
        let word = match token {
            Token::Comment(c) => {
                comments.push((record.ply(), c.trim().to_string()));
                continue;
            }
            _ if result.is_some() => {
                let word = match token {
                    Token::Number(n, p) => turn_number(*n, *p),
                    Token::Result(r) => r.token().to_string(),
                    Token::Word(w) => w.to_string(),
                    Token::Comment(_) => String::new(),
                    Token::Nag(n) => format!("${n}"),
                };
                return Err(syntax(line, format!("{word:?} after the result")));
            }
            Token::Result(r) => {
                if let Some((_, 0, n)) = &turn {
                    return Err(err(line, Some(ply), PgnProblem::EmptyTurn(n.clone())));
                }
                result = Some((*r, line));
                continue;
            }
            Token::Number(n, player) => {
                let (n, player) = (*n, *player);
                let found = turn_number(n, player);
                let mover = rules.to_move(record.current());
                let over = rules.is_over(record.current());
                match &turn {
                    Some((_, 0, n)) => {
                        return Err(err(line, Some(ply), PgnProblem::EmptyTurn(n.clone())));
                    }
                    Some((p, _, _)) if *p == mover && !over => {
                        return Err(err(
                            line,
                            Some(ply),
                            PgnProblem::TurnGoesOn {
                                found,
                                player: mover,
                            },
                        ));
                    }
                    Some((Player::North, _, _)) if mover == Player::South => number += 1,
                    _ => {}
                }
                if over {
                    return Err(err(line, Some(ply), PgnProblem::AfterEnd(found)));
                }
                if n != number || player != mover {
                    return Err(err(
                        line,
                        Some(ply),
                        PgnProblem::MoveNumber {
                            found,
                            expected: format!(
                                "{mover}'s turn {number} is next: `{}`",
                                turn_number(number, mover)
                            ),
                        },
                    ));
                }
                turn = Some((mover, 0, found));
                continue;
            }
            Token::Nag(n) => {
                nags.push((record.ply(), *n));
                continue;
            }
            Token::Word(w) => *w,
        };
        if looks_like_result(word) {
            return Err(err(line, None, PgnProblem::BadResult(word.to_string())));
        }
        let mover = rules.to_move(record.current());
        let over = rules.is_over(record.current());
        // An action.
        let Some((player, actions, _)) = turn.as_mut() else {
            return Err(err(
                line,
                Some(ply),
                PgnProblem::Syntax(format!(
                    "{word:?} before any move number: the movetext opens with `{}`",
                    turn_number(1, rules.to_move(record.start()))
                )),
            ));
        };
        if over {
            return Err(err(line, Some(ply), PgnProblem::AfterEnd(word.to_string())));
        }
        if *player != mover {
            let next = if mover == Player::South {
                number + 1
            } else {
                number
            };
            return Err(err(
                line,
                Some(ply),
                PgnProblem::TurnEnded {
                    action: word.to_string(),
                    player: *player,
                    number: turn_number(next, mover),
                },
            ));
        }
        // An action is one word, or two when the first alone is not one (Tsoro's `take o4`).
        let mv = match rules.parse_move(record.current(), word) {
            Ok(mv) => mv,
            Err(first @ MoveParseError::Syntax { .. }) => {
                let joined = match toks.get(i) {
                    Some((_, Token::Word(next))) => {
                        let text = format!("{word} {next}");
                        rules.parse_move(record.current(), &text).ok()
                    }
                    _ => None,
                };
                match joined {
                    Some(mv) => {
                        i += 1;
                        mv
                    }
                    None => return Err(err(line, Some(ply), PgnProblem::Move(first))),
                }
            }
            Err(e) => return Err(err(line, Some(ply), PgnProblem::Move(e))),
        };
        record.play(mv).map_err(|e| {
            err(
                line,
                Some(ply),
                PgnProblem::Move(MoveParseError::Illegal {
                    text: word.to_string(),
                    reason: e.reason,
                }),
            )
        })?;
        *actions += 1;
    }
    let Some(result) = result else {
        return Err(err(last_line, None, PgnProblem::NoResult));
    };
    Ok(Moves {
        record,
        result,
        comments,
        nags,
    })
}

/// Checks that `result`, written at `line`, is the rules' `outcome` of a finished game: a
/// [`PgnProblem::ResultOutcome`] if not. An unfinished game (`outcome` `None`) may carry any
/// result: a resignation, an adjudication. (A finished game may be written `*`, unknown, in
/// the PlayOK form only, which its dialect checks before.)
pub fn check_outcome(
    outcome: Option<Outcome>,
    result: GameResult,
    line: usize,
) -> Result<(), PgnError> {
    if let Some(outcome) = outcome {
        let expected = GameResult::of(Some(outcome));
        if expected != result {
            return Err(err(
                line,
                None,
                PgnProblem::ResultOutcome {
                    written: result.token(),
                    outcome,
                    expected: expected.token(),
                },
            ));
        }
    }
    Ok(())
}

/// Reads every game of a file in the records form under ruleset type `R`; each game is read,
/// and fails, on its own. Line numbers in errors count from the start of `text`.
pub fn read_games<R: Ruleset>(text: &str) -> Vec<Result<PgnGame<R>, PgnError>> {
    split(text).iter().map(GameText::read).collect()
}

/// Reads a text holding exactly one game in the records form.
pub fn read_game<R: Ruleset>(text: &str) -> Result<PgnGame<R>, PgnError> {
    one_game(text)?.read()
}

impl<R: Ruleset> GameRecord<R> {
    /// Reads a record holding one game (see [`pgn`](crate::pgn)); tags and comments are
    /// checked and dropped (use [`pgn::read_game`](crate::pgn::read_game) to keep them).
    pub fn from_pgn(text: &str) -> Result<Self, PgnError> {
        read_game(text).map(|g| g.record)
    }
}

impl GameText<'_> {
    /// Reads the game in the records form under ruleset `R` (from its `Variant` tag). Line
    /// numbers in errors count from the start of the whole file.
    pub fn read<R: Ruleset>(&self) -> Result<PgnGame<R>, PgnError> {
        read_text(self.text, self.first_line)
    }

    /// Reads the game in `form` under ruleset `R`: the records form, or another form of the
    /// game's [`Dialect`] (Toguz Kumalak's [`PLAYOK`](crate::toguz::playok::PLAYOK)). A form the game does not write
    /// is a [`PgnProblem::Syntax`](super::PgnProblem::Syntax) at the game's first line.
    ///
    /// ```
    /// use sowing::pgn::{self, Form};
    /// use sowing::toguz::Toguz;
    ///
    /// let file = "[Site \"PlayOK\"]\n[Result \"*\"]\n\n1. 65(10) 98 *\n";
    /// let game = pgn::split(file)[0].read_in::<Toguz>(sowing::toguz::playok::PLAYOK)?;
    /// assert_eq!((game.form, game.record.ply()), (sowing::toguz::playok::PLAYOK, 2));
    /// # Ok::<(), pgn::PgnError>(())
    /// ```
    pub fn read_in<R: Dialect>(&self, form: Form) -> Result<PgnGame<R>, PgnError> {
        match form {
            Form::RECORDS => self.read(),
            form if R::FORMS.contains(&form) => R::read_form(self, form),
            form => Err(syntax(
                self.first_line,
                format!("the {form} form writes no {} game", R::GAME),
            )),
        }
    }
}
