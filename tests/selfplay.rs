//! Self-play data (`sowing::selfplay`): the bytes read back as written, the same for a seed
//! however the games are split, every record the position, value and result of a game that
//! was really played, and bad bytes refused with a typed error.

use std::ops::RangeInclusive;

use sowing::encode::Encoding;
use sowing::kalah::Kalah;
use sowing::oware::Oware;
use sowing::search::{AgentSpec, Heuristic};
use sowing::selfplay::{
    self, Config, FIXED_BYTES, Header, MAGIC, PlayedGame, ReadError, Record, SelfPlayer,
    SelfplayError, VERSION, Writer, stored_value,
};
use sowing::toguz::Toguz;
use sowing::tsoro::Tsoro;
use sowing::{GameRecord, Ruleset};

const FEDERATION: &str = include_str!("data/toguz/federation-2016-2018.pgn");

fn small_kalah() -> Kalah {
    "kalah:pits=4,seeds=3".parse().unwrap()
}

fn config<R: Ruleset>(agent: &str, games: u32, seed: u64) -> Config<R> {
    Config {
        agent: agent.parse().unwrap(),
        games,
        seed,
        ..Config::default()
    }
}

fn bytes_of<R: Heuristic + Encoding>(rules: &R, config: &Config<R>) -> Vec<u8> {
    let mut out = Vec::new();
    selfplay::generate(rules, config, &mut out).unwrap();
    out
}

fn observation_bytes<R: Encoding>(rules: &R, state: &R::State) -> Vec<u8> {
    rules
        .observation(state)
        .into_iter()
        .map(|v| {
            assert!(v.fract() == 0.0 && (0.0..=255.0).contains(&v), "{v}");
            v as u8
        })
        .collect()
}

/// Checks one played game against the rules, from scratch: its record replays, each record
/// is the observation of the position of its ply, the move played there is a fresh search's
/// best and the value that search's, and the result and margin are the game's for the
/// mover.
fn check_game<R: Heuristic + Encoding>(
    rules: &R,
    agent: &AgentSpec,
    game: &PlayedGame<R>,
    number: u32,
) {
    // The record replays from its start as written, move by move.
    let texts = game.record.move_texts();
    let replayed = GameRecord::replay(
        rules.clone(),
        Some(*game.record.start()),
        texts.iter().map(String::as_str),
    )
    .unwrap();
    assert_eq!(replayed.positions(), game.record.positions());
    let outcome = game.outcome.expect("finished");
    assert!(replayed.is_over());
    assert_eq!(replayed.outcome(), Some(outcome));
    // Every position from the first searched to the last before the end has its record.
    assert_eq!(
        game.records.len(),
        game.record.ply() - game.searched_from,
        "game {number}"
    );
    let mut search = agent.alphabeta::<R>().unwrap().unwrap();
    let last = game.record.current();
    for (i, record) in game.records.iter().enumerate() {
        let ply = game.searched_from + i;
        let state = game.record.position_at(ply).unwrap();
        let mover = rules.to_move(state);
        assert_eq!(record.game, number);
        assert_eq!(record.ply as usize, ply.min(255));
        assert_eq!(record.observation, observation_bytes(rules, state));
        assert_eq!(i32::from(record.result), outcome.value_for(mover));
        let margin = match outcome.score() {
            Some(score) => score.margin(mover),
            None => {
                let c = rules.seed_count(last);
                c.store(mover) as i32 - c.store(!mover) as i32
            }
        };
        assert_eq!(i32::from(record.margin), margin);
        // A fresh search of the position, after the game's earlier positions.
        search.clear();
        let fresh = search.search_in(rules, &game.record.positions()[..=ply]);
        assert_eq!(
            record.value,
            stored_value(fresh.value),
            "game {number} ply {ply}"
        );
        assert_eq!(u32::from(record.depth), fresh.depth);
        assert_eq!(Some(game.record.all_moves()[ply]), fresh.best);
    }
}

#[test]
fn records_read_back_as_written() {
    let rules = small_kalah();
    let config = config("alphabeta:depth=4", 6, 1);
    let mut player = SelfPlayer::new(&rules, &config).unwrap();
    let games: Vec<_> = (0..6).map(|g| player.play(g).unwrap()).collect();
    let bytes = bytes_of(&rules, &config);
    let (header, records) = selfplay::read(&bytes).unwrap();
    assert_eq!(
        header,
        Header {
            rules: "kalah:pits=4,seeds=3".into(),
            agent: "alphabeta:depth=4".into(),
            observation_len: 12,
            // The 8 pits' counts, the two stores' (each a one-hot of 24 / 2 + 1 buckets: a
            // store past half the seeds has won), the two marks after them; the tuned
            // evaluation's scale (Kalah has no network).
            training: Some(
                "holes=8 marks=2 stores_at=8 marks_at=10 store_buckets=13 scale=0.3208".into()
            ),
        }
    );
    let expected: Vec<Record> = games.iter().flat_map(|g| g.records.clone()).collect();
    assert!(expected.len() > 30, "{}", expected.len());
    assert_eq!(records, expected);
    // The records in the order of the games, the file exactly the header and the records.
    assert!(records.windows(2).all(|w| w[0].game <= w[1].game));
    assert_eq!(
        bytes.len(),
        header.to_bytes().unwrap().len() + records.len() * (FIXED_BYTES + 12)
    );
    // Written again through a Writer: the same bytes.
    let mut writer = Writer::new(Vec::new(), &header).unwrap();
    for r in &records {
        writer.write(r).unwrap();
    }
    assert_eq!(writer.records(), records.len() as u64);
    assert_eq!(writer.finish().unwrap(), bytes);
}

#[test]
fn the_header_is_as_documented() {
    let bytes = bytes_of(&small_kalah(), &config("alphabeta:depth=2", 1, 0));
    assert_eq!(&bytes[..8], b"SOWPLAY\n");
    assert_eq!(MAGIC, *b"SOWPLAY\n");
    assert_eq!(
        u32::from_le_bytes(bytes[8..12].try_into().unwrap()),
        VERSION
    );
    let length = u32::from_le_bytes(bytes[12..16].try_into().unwrap()) as usize;
    assert_eq!(
        std::str::from_utf8(&bytes[16..16 + length]).unwrap(),
        "rules=kalah:pits=4,seeds=3 agent=alphabeta:depth=2 observation=12 record=23 \
         holes=8 marks=2 stores_at=8 marks_at=10 store_buckets=13 scale=0.3208\n"
    );
    // The first record at 16 + L: game 0, then value, margin, result, ply, depth.
    let (_, records) = selfplay::read(&bytes).unwrap();
    let first = &bytes[16 + length..16 + length + 23];
    assert_eq!(first[..4], 0u32.to_le_bytes());
    assert_eq!(first[4..6], records[0].value.to_le_bytes());
    assert_eq!(first[6..8], records[0].margin.to_le_bytes());
    assert_eq!(first[8] as i8, records[0].result);
    assert_eq!((first[9], first[10]), (records[0].ply, records[0].depth));
    assert_eq!(first[11..], records[0].observation[..]);
}

#[test]
fn the_same_seed_gives_the_same_bytes_however_the_games_are_split() {
    let rules = small_kalah();
    let whole = bytes_of(&rules, &config("alphabeta:depth=4", 8, 5));
    assert_eq!(whole, bytes_of(&rules, &config("alphabeta:depth=4", 8, 5)));
    assert_ne!(whole, bytes_of(&rules, &config("alphabeta:depth=4", 8, 6)));
    // Games 0..3 and 3..8 in two runs: the second's header left out, the same bytes.
    let first = bytes_of(&rules, &config("alphabeta:depth=4", 3, 5));
    let second = bytes_of(
        &rules,
        &Config {
            first_game: 3,
            ..config("alphabeta:depth=4", 5, 5)
        },
    );
    let (header, offset) = Header::parse(&second).unwrap();
    assert_eq!(header, Header::parse(&first).unwrap().0);
    let mut joined = first.clone();
    joined.extend_from_slice(&second[offset..]);
    assert_eq!(joined, whole);
    // One player playing the games out of order gives each the same game.
    let config = config("alphabeta:depth=4", 8, 5);
    let mut player = SelfPlayer::new(&rules, &config).unwrap();
    let backwards: Vec<_> = (0..8).rev().map(|g| player.play(g).unwrap()).collect();
    let mut bytes = Writer::new(Vec::new(), &player.header()).unwrap();
    for game in backwards.iter().rev() {
        for r in &game.records {
            bytes.write(r).unwrap();
        }
    }
    assert_eq!(bytes.finish().unwrap(), whole);
}

#[test]
fn every_record_is_a_position_of_a_game_really_played() {
    let rules = small_kalah();
    let config = Config {
        random_plies: 0..=3,
        ..config("alphabeta:depth=5", 12, 2)
    };
    let mut player = SelfPlayer::new(&rules, &config).unwrap();
    let mut results = [0; 3];
    for g in 0..12 {
        let game = player.play(g).unwrap();
        assert!(game.searched_from <= 3, "{}", game.searched_from);
        check_game(&rules, &config.agent, &game, g);
        // Kalah's result follows its margin.
        for r in &game.records {
            assert_eq!(r.result, r.margin.signum() as i8);
            results[(r.result + 1) as usize] += 1;
        }
    }
    // Both sides win some positions' games.
    assert!(results[0] > 0 && results[2] > 0, "{results:?}");
}

#[test]
fn oware_values_are_searched_with_the_games_history() {
    // Three houses a side: short games, where positions repeat.
    let rules: Oware = "oware:houses=3,seeds=2".parse().unwrap();
    let config = config("alphabeta:depth=6", 10, 3);
    let mut player = SelfPlayer::new(&rules, &config).unwrap();
    let mut search = config.agent.alphabeta::<Oware>().unwrap().unwrap();
    let (mut repeated, mut differ) = (0, 0);
    for g in 0..10 {
        let game = player.play(g).unwrap();
        check_game(&rules, &config.agent, &game, g);
        repeated += usize::from(game.record.repeats().is_some());
        // The position alone, without the game before it, is sometimes valued otherwise.
        for (i, r) in game.records.iter().enumerate() {
            search.clear();
            let alone = search.search(
                &rules,
                game.record.position_at(game.searched_from + i).unwrap(),
            );
            differ += usize::from(stored_value(alone.value) != r.value);
        }
    }
    assert!(repeated > 0 && differ > 0, "{repeated} {differ}");
}

#[test]
fn tsoro_margins_are_the_captured_stones() {
    // Tsoro keeps no score: the margin is the stones captured, the result the rules'.
    let rules: Tsoro = "tsoro:holes=6".parse().unwrap();
    let config = config("alphabeta:depth=2", 2, 4);
    let mut player = SelfPlayer::new(&rules, &config).unwrap();
    for g in 0..2 {
        let game = player.play(g).unwrap();
        assert_eq!(game.outcome.unwrap().score(), None);
        check_game(&rules, &config.agent, &game, g);
    }
}

#[test]
fn toguz_games_from_federation_openings() {
    let rules = Toguz::default();
    let (openings, total) = selfplay::read_openings(FEDERATION, &rules, 12).unwrap();
    assert_eq!(total, 742);
    assert!(openings.len() > 700, "{}", openings.len());
    assert!(openings.iter().all(|o| o.ply() == 12 && o.len() == 12));
    let config = Config {
        openings: openings.clone(),
        random_plies: 0..=0,
        ..config("alphabeta:depth=3", 3, 0)
    };
    let mut player = SelfPlayer::new(&rules, &config).unwrap();
    for g in 0..3 {
        let game = player.play(g).unwrap();
        // Game g starts at opening g, its first record the opening's position.
        assert_eq!(game.searched_from, 12);
        assert_eq!(
            game.record.positions()[..=12],
            openings[g as usize].positions()[..]
        );
        assert_eq!(game.records[0].ply, 12);
        check_game(&rules, &config.agent, &game, g);
    }
    // An opening of other rules, or of a finished game, is refused.
    let other: Toguz = "toguz:bestemshe".parse().unwrap();
    assert!(matches!(
        SelfPlayer::new(&other, &config),
        Err(SelfplayError::Opening { index: 0, .. })
    ));
    let mut over = GameRecord::new(rules.clone());
    let mut rng = sowing::SplitMix64::new(1);
    while let Some(mv) = over.random_move(&mut rng) {
        over.play(mv).unwrap();
    }
    let finished = Config {
        openings: vec![openings[0].clone(), over],
        ..config
    };
    assert!(matches!(
        SelfPlayer::new(&rules, &finished),
        Err(SelfplayError::Opening { index: 1, .. })
    ));
    // A text that does not read names the game.
    let bad = format!("{}\n\n[Result \"*\"]\n\n1. 99 *\n", &FEDERATION[..2000]);
    assert!(matches!(
        selfplay::read_openings(&bad, &rules, 2),
        Err(SelfplayError::OpeningRecord { .. })
    ));
    // Games of other rules, or that end before the ply, give no opening: an error that says
    // how many games there were.
    match selfplay::read_openings(FEDERATION, &other, 12) {
        Err(SelfplayError::NoOpenings { games, rules, ply }) => {
            assert_eq!((games, ply), (742, 12));
            assert_eq!(rules, other.to_string());
        }
        result => panic!("{result:?}"),
    }
    assert!(matches!(
        selfplay::read_openings(FEDERATION, &rules, 100_000),
        Err(SelfplayError::NoOpenings { games: 742, .. })
    ));
}

#[test]
fn bad_configurations_are_refused() {
    let rules = small_kalah();
    let refused = |config: Config<Kalah>| SelfPlayer::new(&rules, &config).err().unwrap();
    assert!(matches!(
        refused(config("mcts:playouts=10", 1, 0)),
        SelfplayError::NotAlphaBeta(_)
    ));
    assert!(matches!(
        refused(Config {
            random_plies: RangeInclusive::new(3, 2),
            ..Config::default()
        }),
        SelfplayError::RandomPlies { start: 3, end: 2 }
    ));
    assert!(matches!(
        refused(Config {
            first_game: u32::MAX,
            games: 2,
            ..Config::default()
        }),
        SelfplayError::GameNumbers { .. }
    ));
    // Toguz Kumalak has no exact endgame values.
    assert!(matches!(
        SelfPlayer::new(&Toguz::default(), &config("alphabeta:endgame=12", 1, 0)),
        Err(SelfplayError::Agent(_))
    ));
    // The last game number is u32::MAX itself.
    let last = Config {
        first_game: u32::MAX,
        games: 1,
        ..config("alphabeta:depth=2", 1, 0)
    };
    assert!(SelfPlayer::new(&rules, &last).is_ok());
    assert_eq!(
        selfplay::default_agent(),
        "alphabeta:depth=8".parse::<AgentSpec>().unwrap()
    );
}

#[test]
fn an_observation_past_a_byte_is_a_typed_error() {
    // Oware's ply limit is in its observation: 1000 plies left does not fit a byte.
    let rules: Oware = "oware:max-plies=1000".parse().unwrap();
    let err = selfplay::generate(&rules, &config("alphabeta:depth=2", 1, 0), Vec::new())
        .err()
        .unwrap();
    assert!(
        matches!(err, SelfplayError::Observation { game: 0, index: 14, value, .. } if value > 255.0),
        "{err}"
    );
    // Under 256 it fits.
    let rules: Oware = "oware:houses=3,seeds=2,max-plies=200".parse().unwrap();
    assert!(selfplay::generate(&rules, &config("alphabeta:depth=2", 1, 0), Vec::new()).is_ok());
}

#[test]
fn a_long_game_is_abandoned_without_records() {
    let rules = small_kalah();
    let config = Config {
        max_plies: 3,
        ..config("alphabeta:depth=2", 2, 0)
    };
    let mut player = SelfPlayer::new(&rules, &config).unwrap();
    let game = player.play(0).unwrap();
    assert_eq!((game.outcome, game.plies, game.records.len()), (None, 3, 0));
    let mut out = Vec::new();
    let summary = selfplay::generate(&rules, &config, &mut out).unwrap();
    assert_eq!(
        (summary.games, summary.abandoned, summary.positions),
        (2, 2, 0)
    );
    assert_eq!(selfplay::read(&out).unwrap().1, []);
}

#[test]
fn a_raised_stop_flag_stops() {
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let mut player = SelfPlayer::new(&small_kalah(), &config("alphabeta:depth=4", 1, 0))
        .unwrap()
        .stop_flag(flag);
    assert!(matches!(player.play(0), Err(SelfplayError::Stopped)));
}

#[test]
fn bad_bytes_are_typed_errors() {
    let bytes = bytes_of(&small_kalah(), &config("alphabeta:depth=3", 2, 0));
    let (header, offset) = Header::parse(&bytes).unwrap();
    let size = header.record_size();
    // Every cut: inside the header, inside a record, or between records (fewer records);
    // never a panic.
    for cut in 0..bytes.len() {
        match selfplay::read(&bytes[..cut]) {
            Ok((_, records)) => {
                assert!(cut >= offset && (cut - offset) % size == 0, "cut {cut}");
                assert_eq!(records.len(), (cut - offset) / size);
            }
            Err(ReadError::TruncatedHeader { found, .. }) => {
                assert!(cut < offset && found == cut, "cut {cut}")
            }
            Err(ReadError::TruncatedRecords { extra, .. }) => {
                assert!(cut > offset && extra == (cut - offset) % size && extra > 0)
            }
            Err(other) => panic!("cut {cut}: {other}"),
        }
    }
    let with = |at: usize, value: &[u8]| {
        let mut b = bytes.clone();
        b[at..at + value.len()].copy_from_slice(value);
        selfplay::read(&b)
    };
    assert_eq!(with(0, b"GIF8").unwrap_err(), ReadError::Magic);
    assert_eq!(selfplay::read(b"PK\x03\x04").unwrap_err(), ReadError::Magic);
    assert_eq!(
        with(8, &2u32.to_le_bytes()).unwrap_err(),
        ReadError::Version(2)
    );
    // A header length past the end.
    assert!(matches!(
        with(12, &100_000u32.to_le_bytes()).unwrap_err(),
        ReadError::TruncatedHeader {
            needed: 100_016,
            ..
        }
    ));
    assert!(matches!(
        with(12, &u32::MAX.to_le_bytes()).unwrap_err(),
        ReadError::TruncatedHeader { .. }
    ));
    // Bad header lines.
    let text = |line: &str| {
        let mut b = MAGIC.to_vec();
        b.extend_from_slice(&VERSION.to_le_bytes());
        b.extend_from_slice(&(line.len() as u32).to_le_bytes());
        b.extend_from_slice(line.as_bytes());
        selfplay::read(&b)
    };
    assert!(text("rules=kalah agent=alphabeta observation=12 record=23\n").is_ok());
    // Training words after the four fields, kept as written.
    let (header, _) =
        text("rules=kalah agent=alphabeta observation=12 record=23 holes=8 scale=0.3\n").unwrap();
    assert_eq!(header.training.as_deref(), Some("holes=8 scale=0.3"));
    for line in [
        "rules=kalah agent=alphabeta observation=12 record=24\n",
        "rules=kalah agent=alphabeta observation=12 record=23",
        "rules=kalah agent=alphabeta observation=12\n",
        "rules=kalah agent=alphabeta observation=12 record=23 extra\n",
        "rules=kalah agent=alphabeta observation=12 record=23 =1\n",
        "rules=kalah agent=alphabeta observation=12 record=23 holes=8  scale=1\n",
        "agent=alphabeta rules=kalah observation=12 record=23\n",
        "rules= agent=alphabeta observation=12 record=23\n",
        "rules=kalah agent=alphabeta observation=0 record=11\n",
        "rules=kalah agent=alphabeta observation=-1 record=10\n",
        "rules=kalah agent=alphabeta observation=99999999999999999999999 record=23\n",
        "rules=kalah  agent=alphabeta observation=12 record=23\n",
        "",
    ] {
        assert!(
            matches!(text(line), Err(ReadError::Header(_))),
            "{line:?}: {:?}",
            text(line)
        );
    }
    let mut b = MAGIC.to_vec();
    b.extend_from_slice(&VERSION.to_le_bytes());
    b.extend_from_slice(&3u32.to_le_bytes());
    b.extend_from_slice(b"\xff\xfe\n");
    assert!(matches!(selfplay::read(&b), Err(ReadError::Header(_))));
}

#[test]
fn the_writer_refuses_what_the_format_cannot_hold() {
    let header = Header {
        rules: "kalah".into(),
        agent: "alphabeta".into(),
        observation_len: 4,
        training: None,
    };
    let mut writer = Writer::new(Vec::new(), &header).unwrap();
    let record = Record {
        game: 1,
        value: -5,
        margin: 3,
        result: 1,
        ply: 9,
        depth: 4,
        observation: vec![1, 2, 3],
    };
    assert!(matches!(
        writer.write(&record),
        Err(SelfplayError::ObservationLength {
            expected: 4,
            found: 3
        })
    ));
    assert_eq!(writer.records(), 0);
    // The training words are key=value words, one line.
    for words in [
        "holes=8 scale",
        "holes=8\nscale=1",
        "=8",
        "holes=8  scale=1",
    ] {
        let header = Header {
            training: Some(words.into()),
            ..header.clone()
        };
        assert!(
            matches!(
                Writer::new(Vec::new(), &header),
                Err(SelfplayError::HeaderText(_))
            ),
            "{words:?}"
        );
    }
    let spaced = Header {
        agent: "alpha beta".into(),
        ..header.clone()
    };
    assert!(matches!(
        Writer::new(Vec::new(), &spaced),
        Err(SelfplayError::HeaderText(_))
    ));
    assert!(matches!(
        Header {
            rules: String::new(),
            ..header
        }
        .to_bytes(),
        Err(SelfplayError::HeaderText(_))
    ));
}
