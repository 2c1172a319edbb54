//! The record text of every game ([`sowing::pgn`]): hand-worked records, every error the
//! reader reports (with its line and ply), and `replay` reading back long random games.

use std::path::PathBuf;
use std::process::Command;

use sowing::kalah::Kalah;
use sowing::pgn::{self, GameResult, PgnGame, PgnProblem};
use sowing::toguz::Toguz;
use sowing::tsoro::Tsoro;
use sowing::{GameRecord, RandomSource, Ruleset, SplitMix64};

fn game<R: Ruleset>(rules: &str, moves: &[&str]) -> GameRecord<R> {
    let mut g = GameRecord::new(rules.parse::<R>().unwrap());
    for mv in moves {
        g.play_text(mv).unwrap();
    }
    g
}

/// Plays up to `plies` random actions from the start.
fn random_game<R: Ruleset>(rules: R, seed: u64, plies: usize) -> GameRecord<R> {
    let mut rng = SplitMix64::new(seed);
    let mut g = GameRecord::new(rules);
    while g.ply() < plies {
        let Some(mv) = g.rules().random_move(g.current(), &mut rng) else {
            break;
        };
        g.play(mv).unwrap();
    }
    g
}

const KALAH_PIE: &str = "[Event \"?\"]
[Site \"?\"]
[Date \"????.??.??\"]
[Round \"?\"]
[South \"?\"]
[North \"?\"]
[Result \"*\"]
[Variant \"kalah:pie\"]

1. 3 6 1... swap 2. 5 2... 2 *
";

#[test]
fn kalah_turns_are_numbered_per_side() {
    // South: pit 3 (4 seeds, the last in his store: an extra action), pit 6; North swaps;
    // South sows pit 5; North pit 2.
    let g = game::<Kalah>("kalah:pie", &["3", "6", "swap", "5", "2"]);
    assert_eq!(g.to_pgn(), KALAH_PIE);
    assert_eq!(GameRecord::<Kalah>::from_pgn(KALAH_PIE).unwrap(), g);
}

#[test]
fn toguz_uses_white_and_black_and_its_notation() {
    let g = game::<Toguz>("toguz", &["6", "9", "5"]);
    let text = g.to_pgn();
    assert!(text.contains("[White \"?\"]\n[Black \"?\"]\n"), "{text}");
    assert!(text.ends_with("\n1. 65 1... 98 2. 55 *\n"), "{text}");
    assert_eq!(GameRecord::<Toguz>::from_pgn(&text).unwrap(), g);
}

#[test]
fn tsoro_turns_hold_relays_and_bonus_takes() {
    // A 4 x 8 board: South's o7 sows into o8 and i8 (empty): one action, North's turn.
    let g = game::<Tsoro>("tsoro:holes=8,heads=none,bonus=0", &["o7"]);
    assert!(g.to_pgn().ends_with("\n1. o7 *\n"));
    // A long random game with bonus takes: its turns hold takes written as `take o4`.
    let g = random_game("tsoro:bonus=3".parse::<Tsoro>().unwrap(), 7, 200);
    let text = g.to_pgn();
    assert!(text.contains(" take "), "{text}");
    assert!(
        text.contains(" relay ") || text.contains(" stop "),
        "{text}"
    );
    assert_eq!(GameRecord::<Tsoro>::from_pgn(&text).unwrap(), g);
}

#[test]
fn a_set_up_start_is_written_as_fen() {
    let rules = Kalah::default();
    let start = rules
        .parse_position("0,0,0,0,0,1/0,0,0,0,0,1 20 26 S")
        .unwrap();
    let mut g = GameRecord::from_position(rules, start).unwrap();
    g.play_text("6").unwrap();
    let text = g.to_pgn();
    assert!(text.contains("[Result \"0-1\"]"));
    assert!(text.contains("[FEN \"0,0,0,0,0,1/0,0,0,0,0,1 20 26 S\"]"));
    assert!(text.ends_with("\n1. 6 0-1\n"), "{text}");
    assert_eq!(GameRecord::<Kalah>::from_pgn(&text).unwrap(), g);
    // A record starting with North to move opens with `1...`, then South's `2.`.
    let start = Kalah::default()
        .parse_position("4,4,4,4,4,4/4,4,4,4,4,4 0 0 N")
        .unwrap();
    let mut g = GameRecord::from_position(Kalah::default(), start).unwrap();
    g.play_text("1").unwrap();
    g.play_text("1").unwrap();
    assert!(g.to_pgn().ends_with("\n1... 1 2. 1 *\n"), "{}", g.to_pgn());
    assert_eq!(GameRecord::<Kalah>::from_pgn(&g.to_pgn()).unwrap(), g);
}

#[test]
fn comments_and_tags_are_kept() {
    let text = "[Event \"Club \\\"open\\\"\"]\n[Site \"Almaty\"]\n[Result \"*\"]\n\
                [Variant \"kalah:pie\"]\n[Annotator \"me\"]\n\n\
                {before} 1. 3 {extra turn} 6 1... {think} swap {swapped}\n2. 5 *\n";
    let g = pgn::read_game::<Kalah>(text).unwrap();
    assert_eq!(g.tag("Event"), Some("Club \"open\""));
    assert_eq!(g.tag("Annotator"), Some("me"));
    assert_eq!(g.record.ply(), 4);
    assert_eq!(
        g.comments,
        [
            (0, "before".to_string()),
            (1, "extra turn".to_string()),
            (2, "think".to_string()),
            (3, "swapped".to_string()),
        ]
    );
    let written = g.to_text();
    assert!(
        written.contains("[Event \"Club \\\"open\\\"\"]\n"),
        "{written}"
    );
    assert!(written.contains("[Annotator \"me\"]\n"), "{written}");
    // A comment before North's number belongs to ply 2 and is written after South's action.
    assert!(
        written.ends_with("{before} 1. 3 {extra turn} 6 {think} 1... swap {swapped} 2. 5 *\n"),
        "{written}"
    );
    let back = pgn::read_game::<Kalah>(&written).unwrap();
    assert!(back.record == g.record && back.comments == g.comments);
    assert_eq!(back.to_text(), written);
}

#[test]
fn files_hold_many_games_each_read_on_its_own() {
    let a = game::<Kalah>("kalah", &["3", "6"]);
    let b = game::<Kalah>("kalah:pits=4,seeds=3", &["2", "4", "1"]);
    let text = format!(
        "{}\n{}\n{}",
        a.to_pgn(),
        a.to_pgn().replace("1. 3 6", "1. 3 1... 6"),
        b.to_pgn()
    );
    let games = pgn::read_games::<Kalah>(&text);
    assert_eq!(games.len(), 3);
    assert_eq!(games[0].as_ref().unwrap().record, a);
    // The second game's turn ends too early: South has an extra turn after pit 3.
    let e = games[1].as_ref().unwrap_err();
    assert_eq!((e.line, e.ply), (21, Some(2)));
    assert!(matches!(e.problem, PgnProblem::TurnGoesOn { .. }), "{e}");
    assert_eq!(games[2].as_ref().unwrap().record, b);
    assert_eq!(pgn::split(&text)[2].first_line, 23);
    assert_eq!(
        pgn::split(&text)[2].tag("Variant").as_deref(),
        Some("kalah:pits=4,seeds=3")
    );
    let games: Vec<PgnGame<Kalah>> = [a, b].into_iter().map(PgnGame::new).collect();
    let all = pgn::write_games(&games);
    let back: Vec<PgnGame<Kalah>> = pgn::read_games::<Kalah>(&all)
        .into_iter()
        .map(Result::unwrap)
        .collect();
    assert_eq!(back.len(), 2);
    assert!(back[0].record == games[0].record && back[1].record == games[1].record);
    assert_eq!(pgn::write_games(&back), all);
}

/// Reads `text` with the movetext `moves` and result `result` and returns the error.
fn error(moves: &str, result: &str) -> pgn::PgnError {
    let text = format!("[Result \"{result}\"]\n[Variant \"kalah\"]\n\n{moves}\n");
    pgn::read_game::<Kalah>(&text).unwrap_err()
}

#[test]
fn reading_names_the_line_and_ply_of_every_problem() {
    let e = error("1. 3 6\n1... 1 2. 9 *", "*");
    assert_eq!(
        e.to_string(),
        "line 5, ply 4: \"9\" is not a move: expected a pit number 1 to 6"
    );
    let e = error("1. 3 1... 6 *", "*");
    assert_eq!(
        e.to_string(),
        "line 4, ply 2: `1...` opens a new turn, but South's turn goes on"
    );
    let e = error("1. 3 6 2 *", "*");
    assert_eq!(
        e.to_string(),
        "line 4, ply 3: \"2\" is written in South's turn, but that turn has ended: `1...` comes first"
    );
    let e = error("1. 3 6 2. 2 *", "*");
    assert_eq!(
        e.to_string(),
        "line 4, ply 3: move number `2.`, but North's turn 1 is next: `1...`"
    );
    let e = error("3 6 *", "*");
    assert_eq!(
        e.to_string(),
        "line 4, ply 1: \"3\" before any move number: the movetext opens with `1.`"
    );
    let e = error("1. 1. 3 *", "*");
    assert!(matches!(e.problem, PgnProblem::EmptyTurn(_)), "{e}");
    let e = error("1. 3 6 1... 1 *", "1-0");
    assert_eq!(
        e.to_string(),
        "line 4: the result * differs from the Result tag \"1-0\""
    );
    let e = error("1. 3 6 2-0", "2-0");
    assert!(matches!(e.problem, PgnProblem::BadResult(_)), "{e}");
    let e = error("1. 3 6", "*");
    assert!(matches!(e.problem, PgnProblem::NoResult), "{e}");
    let e = error("1. 3 6 * 1... 2", "*");
    assert!(matches!(e.problem, PgnProblem::Syntax(_)), "{e}");
    let e = error("1. 3 {unclosed 6 *", "*");
    assert_eq!(e.line, 4);
    // The result must be the rules' outcome of a finished game.
    let text = "[Result \"1-0\"]\n[Variant \"kalah\"]\n[FEN \"0,0,0,0,0,1/0,0,0,0,0,1 20 26 S\"]\n\n1. 6 1-0\n";
    let e = pgn::read_game::<Kalah>(text).unwrap_err();
    assert_eq!(e.line, 5);
    assert!(matches!(e.problem, PgnProblem::ResultOutcome { .. }), "{e}");
    // An unfinished game may carry a decided result (a resignation).
    let text = "[Result \"0-1\"]\n[Variant \"kalah\"]\n\n1. 3 6 0-1\n";
    assert_eq!(
        pgn::read_game::<Kalah>(text).unwrap().result,
        GameResult::NorthWins
    );
}

#[test]
fn a_missing_result_tag_takes_the_movetexts_result() {
    // A record without `[Result]` reads: its movetext ends in a result token, which every
    // movetext must, and that token is the game's result.
    let game = pgn::read_game::<Kalah>("[Variant \"kalah\"]\n\n1. 3 6 1... 2 *\n").unwrap();
    assert_eq!(
        (game.result, game.record.ply()),
        (GameResult::Unfinished, 3)
    );
    assert!(
        game.to_text().contains("[Result \"*\"]"),
        "{}",
        game.to_text()
    );
    // Without the token it is still refused, and a tag that differs from it too.
    let e = pgn::read_game::<Kalah>("[Variant \"kalah\"]\n\n1. 3 6\n").unwrap_err();
    assert_eq!(e.problem, PgnProblem::NoResult);
    let e = pgn::read_game::<Kalah>("[Variant \"kalah\"]\n[Result \"1-0\"]\n\n1. 3 *\n");
    assert!(matches!(
        e.unwrap_err().problem,
        PgnProblem::ResultTag { .. }
    ));
}

#[test]
fn reading_checks_the_tags() {
    let read = |text: &str| pgn::read_game::<Kalah>(text).unwrap_err();
    let e = read("[Result \"*\"]\n\n1. 3 *\n");
    assert_eq!(e.to_string(), "line 1: no Variant tag");
    let e = read("[Variant \"kalah\"]\n[Result \"*\"]\n[Result \"*\"]\n\n1. 3 *\n");
    assert_eq!(
        (e.line, e.problem),
        (3, PgnProblem::RepeatedTag("Result".into()))
    );
    let e = read("[Variant \"toguz\"]\n[Result \"*\"]\n\n1. 3 *\n");
    assert_eq!(e.line, 1);
    assert!(matches!(e.problem, PgnProblem::Variant(_)), "{e}");
    let e = read("[Variant \"kalah\"]\n[Result \"*\"]\n[FEN \"4,4/4,4 0 0 S\"]\n\n1. 3 *\n");
    assert_eq!(e.line, 3);
    assert!(matches!(e.problem, PgnProblem::Fen(_)), "{e}");
    let e = read("[Variant kalah]\n[Result \"*\"]\n\n1. 3 *\n");
    assert!(matches!(e.problem, PgnProblem::BadTag(_)), "{e}");
    // A carriage return inside a value, which a line can hold, would be written as a space
    // (the fuzz target `record_pgn` found it): refused.
    let e = read("[Variant \"kalah\"]\n[Round \"1\r2\"]\n[Result \"*\"]\n\n1. 3 *\n");
    assert_eq!(
        (e.line, e.problem),
        (
            2,
            PgnProblem::BadTag("a tag value cannot hold a line break".into())
        )
    );
}

/// The `replay` example's binary, which `cargo test` builds next to this test's.
fn replay_binary() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let dir = exe.parent().unwrap().parent().unwrap().join("examples");
    let bin = dir.join(format!("replay{}", std::env::consts::EXE_SUFFIX));
    assert!(
        bin.exists(),
        "{} is missing: `cargo test` builds it",
        bin.display()
    );
    bin
}

#[test]
fn replay_reads_back_long_random_games_of_every_game() {
    // Seeds whose random games last longer than 200 plies (Kalah(7,18): 272 plies).
    let kalah = random_game(
        "kalah:pits=7,seeds=18,pie".parse::<Kalah>().unwrap(),
        2659,
        200,
    );
    let toguz = random_game(Toguz::default(), 4, 200);
    let tsoro = random_game("tsoro:bonus=3".parse::<Tsoro>().unwrap(), 1, 200);
    assert_eq!((kalah.ply(), toguz.ply(), tsoro.ply()), (200, 200, 200));
    let kalah_text = kalah.to_pgn();
    assert!(kalah_text.contains("1... swap") || kalah_text.contains(" 2. "));
    assert!(tsoro.to_pgn().contains(" take "));
    let dir = std::env::temp_dir().join(format!("sowing-records-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("three.pgn");
    std::fs::write(
        &file,
        format!(
            "{}\n{}\n{}\n{}",
            kalah.to_pgn(),
            toguz.to_pgn(),
            tsoro.to_pgn(),
            // The same Tsoro game with its first turn cut short: a failure naming line and ply.
            tsoro.to_pgn().replacen("1. o", "1... o", 1)
        ),
    )
    .unwrap();
    let out = Command::new(replay_binary()).arg(&file).output().unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 5, "{stdout}");
    assert!(
        lines[0].ends_with(": ok, kalah:pits=7,seeds=18,pie, 200 plies, unfinished"),
        "{stdout}"
    );
    assert!(
        lines[1].ends_with(": ok, toguz, 200 plies, unfinished"),
        "{stdout}"
    );
    assert!(
        lines[2].ends_with(": ok, tsoro:bonus=3, 200 plies, unfinished"),
        "{stdout}"
    );
    // Game 4's movetext starts after the three games, a blank line after each, and its own
    // nine tag lines and blank line.
    let before: usize = [&kalah_text, &toguz.to_pgn(), &tsoro.to_pgn()]
        .iter()
        .map(|t| t.lines().count() + 1)
        .sum();
    let want = format!(
        "game 4: FAILED: line {}, ply 1: move number `1...`, but South's turn 1 is next: `1.`",
        before + 10
    );
    assert!(lines[3].ends_with(&want), "{stdout}");
    assert_eq!(lines[4], "3 passed, 1 failed");
}

#[test]
fn random_positions_of_any_seed_round_trip() {
    // A few seeds per game, whole games to the end.
    let mut rng = SplitMix64::new(1);
    for _ in 0..20 {
        let seed = rng.next_u64();
        let g = random_game(Kalah::default(), seed, 1000);
        assert_eq!(GameRecord::<Kalah>::from_pgn(&g.to_pgn()).unwrap(), g);
        let g = random_game(Toguz::default(), seed, 1000);
        assert_eq!(GameRecord::<Toguz>::from_pgn(&g.to_pgn()).unwrap(), g);
    }
}

// ---------------------------------------------------------------------------------------------
// One record module: both forms on the same tags, tokens and results.

#[test]
fn read_any_names_the_form_and_refuses_a_variant_that_names_no_ruleset() {
    use sowing::games::read_any;
    use sowing::pgn::Form;
    let game = |tags: &str, moves: &str| format!("{tags}[Result \"*\"]\n\n{moves} *\n");
    let file = [
        game("[Variant \"kalah:pie\"]\n", "1. 3 6 1... swap"),
        game("[Variant \"kalah:pits=9\"]\n", "1. 3 6"),
        game("[Variant \"chess\"]\n", "1. 3 6"),
        game("[Variant \"Kalah\"]\n", "1. 3 6"),
        // No Variant at all: Toguz Kumalak as PlayOK writes it.
        game("[Site \"PlayOK\"]\n", "1. 65(10) 98"),
        // A Toguz Kumalak Variant with PlayOK's pairs, and the same game in the records form.
        game("[Variant \"toguz:play-to-end\"]\n", "1. 65 98 2. 55"),
        game("[Variant \"toguz:play-to-end\"]\n", "1. 65 1... 98 2. 55"),
    ]
    .join("\n");
    let games = read_any(&file);
    assert_eq!(games.len(), 7);
    let ok = |i: usize| games[i].as_ref().unwrap();
    assert_eq!((ok(0).form(), ok(0).ply()), (Form::RECORDS, 3));
    assert!(ok(0).get::<Kalah>().is_some() && ok(0).get::<Toguz>().is_none());
    for (i, line) in [(1, 6), (2, 11), (3, 16)] {
        let e = games[i].as_ref().unwrap_err();
        assert_eq!(e.line, line, "{e}");
        assert!(matches!(e.problem, PgnProblem::Variant(_)), "{e}");
    }
    assert_eq!(
        (ok(4).form(), ok(4).rules().to_string()),
        (sowing::toguz::playok::PLAYOK, "toguz".into())
    );
    assert_eq!(
        (ok(5).form(), ok(5).ply()),
        (sowing::toguz::playok::PLAYOK, 3)
    );
    assert_eq!(ok(5).rules().to_string(), "toguz:play-to-end");
    assert_eq!((ok(6).form(), ok(6).ply()), (Form::RECORDS, 3));
    match (ok(5).get::<Toguz>(), ok(6).get::<Toguz>()) {
        (Some(a), Some(b)) => assert_eq!(a.record, b.record),
        other => panic!("{other:?}"),
    }
    // The toguz::playok functions read the unnamed-Variant game as they always have.
    let chess = game("[Variant \"chess\"]\n", "1. 65 98");
    assert_eq!(
        sowing::toguz::playok::read_game(&chess)
            .unwrap()
            .record
            .ply(),
        2
    );
}

#[test]
fn a_backslash_before_another_character_stands_for_itself_in_both_forms() {
    // PlayOK's reader always kept `\x`; the records form refused it. Both keep it now, and
    // write it back escaped, which reads as the same value.
    let text = "[Event \"C:\\x \\\"q\\\" \\\\\"]\n[Result \"*\"]\n[Variant \"kalah\"]\n\n1. 1 *\n";
    let g = pgn::read_game::<Kalah>(text).unwrap();
    assert_eq!(g.tag("Event"), Some("C:\\x \"q\" \\"));
    let written = g.to_text();
    assert!(
        written.contains("[Event \"C:\\\\x \\\"q\\\" \\\\\"]\n"),
        "{written}"
    );
    assert_eq!(
        pgn::read_game::<Kalah>(&written).unwrap().tag("Event"),
        g.tag("Event")
    );
    let t = sowing::toguz::playok::read_game(text).unwrap();
    assert_eq!(t.tag("Event"), g.tag("Event"));
}

#[test]
fn a_game_record_writes_in_any_form_with_one_call() {
    use sowing::games::{AnyGame, forms};
    use sowing::pgn::{Dialect, Form};
    use sowing::toguz::{Style, playok};
    let record = random_game(Toguz::default(), 4, 60);
    let mut game = PgnGame::new(record.clone());
    game.set_tag("White", "Ann");
    // The records form, and PlayOK's and the federation's PGN exactly as toguz::playok
    // writes, through the game's dialect or through any ruleset type.
    assert_eq!(game.to_text_in(Form::RECORDS).unwrap(), game.to_text());
    for (form, style) in [
        (sowing::toguz::playok::PLAYOK, Style::PlayOk),
        (sowing::toguz::playok::FEDERATION, Style::Federation),
    ] {
        let text = game.to_text_in(form).unwrap();
        assert_eq!(text, playok::write_game(&game, style));
        assert_eq!(Some(&text), Toguz::write_form(&game, form).as_ref());
        let read = playok::read_game(&text).unwrap();
        assert_eq!(
            (read.record, read.form),
            (record.clone(), sowing::toguz::playok::PLAYOK)
        );
    }
    // A Kalah game has no PlayOK form.
    let kalah = PgnGame::new(game_of::<Kalah>("kalah", &["3", "6"]));
    assert_eq!(kalah.to_text_in(sowing::toguz::playok::PLAYOK), None);
    assert_eq!(sowing::kalah::Kalah::FORMS, []);
    assert_eq!(
        forms(&sowing::AnyRuleset::from(Kalah::default())),
        [Form::RECORDS]
    );
    let any: AnyGame = AnyGame::new(kalah.clone());
    assert_eq!(any.get::<Kalah>(), Some(&kalah));
    assert_eq!(any.get::<Toguz>(), None);
    // The typed record in the list's enum, with no downcast.
    assert!(matches!(any.records(), sowing::AnyRuleset::Kalah(g) if *g == kalah));
    assert_eq!((any.game(), any.ply()), ("kalah", 2));
    let shared = any.clone();
    assert_eq!(shared.into_game::<Kalah>().as_ref(), Ok(&kalah)); // a copy: `any` holds it too
    let refused = any.clone().into_game::<Toguz>().unwrap_err();
    assert_eq!(refused, any);
    assert_eq!(forms(&any.rules()), [Form::RECORDS]);
    assert_eq!(
        forms(&sowing::AnyRuleset::from(Toguz::default())),
        [
            Form::RECORDS,
            sowing::toguz::playok::PLAYOK,
            sowing::toguz::playok::FEDERATION
        ]
    );
    // One game type: read in PlayOK's form, written in the records form, and back.
    let read = playok::read_game(&game.to_text_in(sowing::toguz::playok::PLAYOK).unwrap()).unwrap();
    let back = pgn::read_game::<Toguz>(&read.to_text()).unwrap();
    assert!(back.record == game.record && back.result == game.result);
}

/// The names 0.4 had for the forms, in the generic record model, still work, deprecated, for
/// one version: the forms are now the records form's and each dialect's own.
#[test]
#[allow(deprecated)]
fn the_old_names_of_the_forms_still_work() {
    use sowing::pgn::Form;
    use sowing::toguz::playok::{FEDERATION, PLAYOK};
    assert_eq!(Form::Records, Form::RECORDS);
    assert_eq!((Form::PlayOk, Form::Federation), (PLAYOK, FEDERATION));
    assert_eq!(
        [Form::RECORDS, PLAYOK, FEDERATION].map(Form::name),
        ["records", "playok", "federation"]
    );
    assert_eq!(<Toguz as sowing::pgn::Dialect>::FORMS, [PLAYOK, FEDERATION]);
}

/// The names 0.3 had for the PlayOK dialect still work, deprecated, for one version.
#[test]
#[allow(deprecated)]
fn the_old_names_of_the_playok_dialect_still_work() {
    use sowing::toguz::pgn as old;
    let text = "[Site \"PlayOK\"]\n[Result \"*\"]\n\n1. 65(10) 98 *\n";
    let mut game: old::PgnGame = old::read_game(text).unwrap();
    assert_eq!(game.header("Site"), Some("PlayOK"));
    game.set_header("Site", "here");
    assert_eq!(game.tag("Site"), Some("here"));
    assert_eq!(
        old::write_game(&game, old::Style::PlayOk),
        text.replace("PlayOK", "here")
    );
    assert_eq!(old::read_games(text).len(), 1);
    assert_eq!(
        old::write_games([&game], old::Style::Federation)
            .lines()
            .last(),
        Some("1. 65 98 *")
    );
}

fn game_of<R: Ruleset>(rules: &str, moves: &[&str]) -> GameRecord<R> {
    game::<R>(rules, moves)
}
