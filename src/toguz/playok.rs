//! Toguz Kumalak game records in PGN, as PlayOK and the federation books write them: a
//! dialect of the [records](crate::pgn) module ([`Dialect`] for [`Toguz`], whose forms
//! [`PLAYOK`] and [`FEDERATION`] are), on its tags, tokens, comments, results
//! and splitter, with its own move text and numbering. A game read or written here is the
//! records module's one [`PgnGame`], `PgnGame<Toguz>`, read in [`PLAYOK`].
//!
//! A record is a block of headers (`[Site "PlayOK"]`, `[White "..."]`, `[Result "1-0"]`, ...)
//! and movetext: moves numbered in pairs (`1. 76 98 2. 66 87`, also written `1.76 98`, and
//! `10... 23` for a North move opening a line), each move in the players' notation (`36x`,
//! `36X`, `36х`, `65(10)`: see [`MoveText`](crate::toguz::MoveText)), `{comments}`, and a
//! result (`1-0`, `0-1`, `1/2-1/2`, `*`). PlayOK marks a game ended because the player to
//! move had no move (rule 7, *atsyz kalu*) with a `{zero}` comment after the result. A file
//! may hold many games. Also read: `;` comments to the end of the line, `$n` annotation
//! glyphs and `( ... )` variations (skipped), a `[FEN "..."]` header giving the start
//! position, and a `[Variant "toguz:..."]` header giving the ruleset (these functions take
//! other `Variant` values as the standard game, as they always have;
//! [`games::read_any`](crate::games::read_any) refuses them).
//!
//! Reading replays every move: a move that does not parse, is illegal, or whose written
//! landing hole, tuzdik mark or kazan total differs from what it does is a
//! [`RecordError::Move`] naming the ply. A move number that does not fit the position, a
//! `{zero}` on a game that did not end by rule 7, or a result contradicting the rules' outcome
//! of a finished game is a [`RecordError::Syntax`] naming the line. Most federation games end
//! by resignation, so the result of an unfinished game is not checked.
//!
//! Results are the four the notation defines, `1-0`, `0-1`, `1/2-1/2` and `*` (unknown or
//! unfinished), in the movetext and in every `Result` header; anything else (`banana`,
//! `1-0 {zero}`) is a [`RecordError::Syntax`]. Every game's movetext must end with its result,
//! as PGN requires: a file cut off part way (a move `36` cut to `3`, which is a move too) has
//! lost its result, so a movetext without one is a [`RecordError::Syntax`] rather than a
//! shorter game. A game whose result is not known is written with `*`.
//!
//! What [`read_game`] accepts, [`write_game`] writes (in either [`Style`]) as text that reads
//! back as the same game: the same ruleset, start, moves, result, `{zero}`, comments and
//! headers (`Result`, `Variant`, `SetUp` and `FEN` are kept in step with the game).
//!
//! ```
//! use sowing::toguz::{Style, playok};
//!
//! let text = "[Site \"PlayOK\"]\n[Result \"*\"]\n\n1. 65(10) 98 2. 55 56 3. 11(22) 45X *\n";
//! let game = playok::read_game(text).unwrap();
//! assert_eq!(game.record.ply(), 6);
//! assert_eq!(game.tag("Site"), Some("PlayOK"));
//! assert_eq!(playok::write_game(&game, Style::PlayOk), text);
//!
//! // Pairs, a number joined to its move, and a Black move opening a line after a comment.
//! for moves in ["1. 76 98 2. 66 87 *", "1.76 98 2.66 87 *", "1. 76 98 2. 66 {a comment}\n2... 87 *"] {
//!     let game = playok::read_game(&format!("[Result \"*\"]\n\n{moves}\n")).unwrap();
//!     assert_eq!(game.record.move_texts(), ["76", "98", "66", "87"]);
//! }
//! ```

use super::Toguz;
use crate::error::RecordError;
use crate::pgn::{
    Dialect, Form, GameResult, GameText, PgnError, PgnGame, PgnProblem, TagBlock, Token,
    check_outcome, one_game, read_tags, set_tag, split, tokens, turn_number, wrap, write_tag,
};
use crate::player::Player;
use crate::record::GameRecord;
use crate::ruleset::Ruleset;

/// Toguz Kumalak's PGN as PlayOK writes it: `1. 65(10) 98`, `45X` (this module). Read, it
/// stands for the federation's files too, which differ only in how moves are written.
pub const PLAYOK: Form = Form::new("playok");

/// Toguz Kumalak's PGN as the federation books write it: `1. 65 98`, `45x` (written only; read
/// as [`PLAYOK`]).
pub const FEDERATION: Form = Form::new("federation");

/// Toguz Kumalak's forms besides the records form: PlayOK's and the federation's PGN.
impl Dialect for Toguz {
    const FORMS: &'static [Form] = &[PLAYOK, FEDERATION];

    /// PlayOK's files name no game: a record with no `Variant` tag is one, under the
    /// standard rules.
    fn unnamed() -> Option<(Toguz, Form)> {
        Some((Toguz::default(), PLAYOK))
    }

    /// PlayOK's form when the movetext writes two moves with no number between them (its
    /// pairs, `1. 76 98`, which the records form never writes); the records form otherwise.
    fn detect(_: &Toguz, _: &TagBlock, movetext: &str) -> Form {
        if pairs(movetext) {
            PLAYOK
        } else {
            Form::RECORDS
        }
    }

    /// The records form, or PlayOK's for either of the dialect's forms (the federation's
    /// files differ only in how moves are written, and read as PlayOK's).
    fn read_form(game: &GameText<'_>, form: Form) -> Result<PgnGame<Toguz>, PgnError> {
        match form {
            Form::RECORDS => game.read(),
            _ => read_text(game.text, game.first_line),
        }
    }

    fn write_form(game: &PgnGame<Toguz>, form: Form) -> Option<String> {
        match form {
            Form::RECORDS => Some(game.to_text()),
            PLAYOK => Some(write_game(game, Style::PlayOk)),
            FEDERATION => Some(write_game(game, Style::Federation)),
            _ => None,
        }
    }
}

/// Whether a movetext writes two moves side by side, with no move number between them
/// (comments aside): PlayOK's numbering of pairs, which the records form never writes.
fn pairs(movetext: &str) -> bool {
    let Ok(tokens) = tokens(movetext, 1) else {
        return false;
    };
    let mut words = tokens
        .iter()
        .filter(|(_, t)| !matches!(t, Token::Comment(_) | Token::Nag(_)))
        .map(|(_, t)| matches!(t, Token::Word(_)));
    let mut last = false;
    words.any(|word| {
        let both = last && word;
        last = word;
        both
    })
}

pub use super::Style;

/// Reads a text holding exactly one game.
pub fn read_game(text: &str) -> Result<PgnGame<Toguz>, RecordError> {
    let game = one_game(text)?;
    Ok(read_text(game.text, game.first_line)?)
}

/// Reads every game of a PGN file; each game is read (and fails) on its own. Line numbers in
/// errors count from the start of `text`.
pub fn read_games(text: &str) -> Vec<Result<PgnGame<Toguz>, RecordError>> {
    split(text)
        .iter()
        .map(|g| read_text(g.text, g.first_line).map_err(RecordError::from))
        .collect()
}

/// Reads one game's text, whose first line is numbered `first` in the file
/// ([`Dialect::read_form`]).
fn read_text(text: &str, first: usize) -> Result<PgnGame<Toguz>, PgnError> {
    let block = read_tags(text, first, |name, value, _| {
        if name == "Result" && GameResult::from_token(value).is_none() {
            return Err(PgnProblem::BadResultTag(value.to_string()));
        }
        Ok(())
    })?;
    let rules: Toguz = match block.find("Variant") {
        Some((v, line)) if v.starts_with(Toguz::GAME) => v
            .parse()
            .map_err(|e| PgnError::new(line, None, PgnProblem::Variant(e)))?,
        _ => Toguz::default(),
    };
    let mut record = match block.find("FEN") {
        Some((fen, line)) => rules
            .parse_position(fen)
            .and_then(|start| GameRecord::from_position(rules.clone(), start))
            .map_err(|e| PgnError::new(line, None, PgnProblem::Fen(e)))?,
        None => GameRecord::new(rules.clone()),
    };
    let movetext = &text[block.offset..];
    let mut result: Option<(usize, GameResult)> = None;
    let mut zero = false;
    let mut comments = Vec::new();
    let mut nags = Vec::new();
    for (at, token) in tokens(movetext, block.line)? {
        if let Some((rline, r)) = result {
            match token {
                Token::Comment(c) if comment(c) == "zero" && !zero => zero = true,
                Token::Comment(c) => comments.push((record.ply(), comment(c))),
                _ => {
                    return Err(PgnError::syntax(
                        at,
                        format!("text after the result {r} (line {rline})"),
                    ));
                }
            }
            continue;
        }
        match token {
            Token::Number(n, player) => {
                let s = record.current();
                let full = s.fullmove();
                if n != u64::from(full) || (player == Player::North && s.to_move() == Player::South)
                {
                    let expected = match s.to_move() {
                        Player::South => format!("`{full}.` is next"),
                        Player::North => format!("`{full}...` (or `{full}.`) is next"),
                    };
                    return Err(PgnError::new(
                        at,
                        Some(record.ply() + 1),
                        PgnProblem::MoveNumber {
                            found: turn_number(n, player),
                            expected,
                        },
                    ));
                }
            }
            Token::Word(text) => {
                let ply = record.ply() + 1;
                record
                    .play_text(text)
                    .map_err(|e| PgnError::new(at, Some(ply), PgnProblem::Move(e)))?;
            }
            Token::Comment(c) => comments.push((record.ply(), comment(c))),
            Token::Nag(n) => nags.push((record.ply(), n)),
            Token::Result(r) => result = Some((at, r)),
        }
    }
    let header_result = block.find("Result").map(|(v, _)| v);
    if let (Some((at, r)), Some(h)) = (result, header_result) {
        if r.token() != h && h != "*" && r != GameResult::Unfinished {
            return Err(PgnError::new(
                at,
                None,
                PgnProblem::ResultTag {
                    token: r.token(),
                    tag: h.to_string(),
                },
            ));
        }
    }
    let Some((end_line, result)) = result else {
        let last = movetext
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
            .last()
            .map_or(first + text.lines().count().saturating_sub(1), |(i, _)| {
                block.line + i
            });
        return Err(PgnError::new(last, None, PgnProblem::NoResult));
    };
    if zero && !record.rules().is_atsyz_kalu(record.current()) {
        return Err(PgnError::new(end_line, None, PgnProblem::Zero));
    }
    if result != GameResult::Unfinished {
        check_outcome(record.outcome(), result, end_line)?;
    }
    Ok(PgnGame {
        tags: block.tags,
        record,
        result,
        comments,
        nags,
        form: PLAYOK,
        zero,
    })
}

/// A comment's text as the dialect keeps it: each line break (and the carriage return before
/// it) a space, trimmed.
fn comment(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut lines = raw.split('\n').peekable();
    while let Some(line) = lines.next() {
        if lines.peek().is_some() {
            out.push_str(line.strip_suffix('\r').unwrap_or(line));
            out.push(' ');
        } else {
            out.push_str(line);
        }
    }
    out.trim().to_string()
}

/// Writes a game as PGN: headers (the `Result` header kept in step with the result, `*` when
/// it is not known, plus `Variant`, `SetUp` and `FEN` when the ruleset or start position are
/// not the standard ones), then the movetext in the chosen move style, wrapped at 80 columns,
/// the result and `{zero}`. Moves after the record's cursor (its redo tail) are not written.
///
/// `{zero}` is written when [`PgnGame::zero`] says so, or, for a game in the records form
/// (which has no `{zero}`), when the game ended by rule 7 and the result says so.
pub fn write_game(game: &PgnGame<Toguz>, style: Style) -> String {
    let record = &game.record;
    let rules = record.rules();
    let mut headers = game.tags.clone();
    let result = game.result.token();
    set_tag(&mut headers, "Result", result);
    if *rules != Toguz::default() {
        set_tag(&mut headers, "Variant", &rules.to_string());
    }
    if *record.start() != rules.start() {
        set_tag(&mut headers, "SetUp", "1");
        set_tag(&mut headers, "FEN", &record.start().to_string());
    }
    let zero = game.zero
        || (game.form == Form::RECORDS
            && game.result != GameResult::Unfinished
            && rules.is_atsyz_kalu(record.current())
            && GameResult::of(record.outcome()) == game.result);
    let mut out = String::new();
    for (tag, value) in &headers {
        write_tag(&mut out, tag, value, true);
    }
    if !headers.is_empty() {
        out.push('\n');
    }

    let mut words: Vec<String> = Vec::new();
    let comments_at = |ply: usize, words: &mut Vec<String>| {
        for (_, c) in game.comments.iter().filter(|(p, _)| *p == ply) {
            words.push(format!("{{{c}}}"));
        }
    };
    comments_at(0, &mut words);
    for (i, &mv) in record.moves().iter().enumerate() {
        let Some(state) = record.position_at(i) else {
            break;
        };
        let after_comment = i > 0 && game.comments.iter().any(|(p, _)| *p == i);
        match state.to_move() {
            Player::South => words.push(format!("{}.", state.fullmove())),
            Player::North if i == 0 || after_comment => {
                words.push(format!("{}...", state.fullmove()))
            }
            Player::North => {}
        }
        let mut word = rules.format_move_as(state, mv, style);
        let mut glyphs = game
            .nags
            .iter()
            .filter(|(p, _)| *p == i + 1)
            .map(|(_, n)| *n);
        let first = glyphs.next();
        match first.and_then(crate::pgn::nag_suffix) {
            Some(suffix) => word.push_str(suffix),
            None => glyphs_before(&mut word, first),
        }
        words.push(word);
        words.extend(glyphs.map(|n| format!("${n}")));
        comments_at(i + 1, &mut words);
    }
    words.push(result.to_string());
    if zero {
        words.push("{zero}".into());
    }
    wrap(&mut out, &words, 80);
    out
}

/// Appends glyph `nag` (one with no suffix) to a move's word as its own `$n`.
fn glyphs_before(word: &mut String, nag: Option<u8>) {
    if let Some(n) = nag {
        word.push_str(&format!(" ${n}"));
    }
}

/// Writes several games, separated by blank lines.
pub fn write_games<'a, I: IntoIterator<Item = &'a PgnGame<Toguz>>>(
    games: I,
    style: Style,
) -> String {
    games
        .into_iter()
        .map(|g| write_game(g, style))
        .collect::<Vec<_>>()
        .join("\n")
}
