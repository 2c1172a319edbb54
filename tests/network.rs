//! The evaluation networks embedded for Toguz Kumalak, Oware and Tsoro: they read, they give
//! the training script's values, and `eval=net` plays with them.

use sowing::Ruleset;
use sowing::SplitMix64;
use sowing::encode::Encoding;
use sowing::oware::Oware;
use sowing::search::{AgentSpec, AgentSpecError, Heuristic, Network, NetworkError};
use sowing::toguz::{Toguz, network};

/// The reference values `tools/train/train.py` printed for the weights it wrote.
fn references() -> Vec<(Vec<u8>, i32)> {
    reference_lines(include_str!("data/toguz-net-reference.txt"))
}

/// The training set's hash a reference file pins (its `# data_sha256=` line, which
/// `scripts/adopt-network` writes with the values): the embedded network's header must
/// name it.
fn pinned_data(text: &str) -> String {
    let line = text
        .lines()
        .find_map(|l| l.strip_prefix("# data_sha256="))
        .expect("a data_sha256 line");
    format!("data_sha256={line}")
}

fn reference_lines(text: &str) -> Vec<(Vec<u8>, i32)> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let (obs, value) = l.split_once(' ').expect("observation, then value");
            let obs = obs.split(',').map(|v| v.parse().expect("a byte")).collect();
            (obs, value.parse().expect("a value"))
        })
        .collect()
}

#[test]
fn the_embedded_network_reads_and_gives_the_training_scripts_values() {
    let net = network().expect("the embedded weights read");
    assert_eq!(net.observation_len(), 38);
    assert!(net.header().contains("rules=toguz"), "{}", net.header());
    assert!(net.header().contains("hidden=128"), "{}", net.header());
    let pinned = pinned_data(include_str!("data/toguz-net-reference.txt"));
    assert!(net.header().contains(&pinned), "{pinned}: {}", net.header());
    let refs = references();
    assert_eq!(refs.len(), 12);
    for (obs, value) in refs {
        assert_eq!(net.evaluate(&obs), value, "{obs:?}");
    }
}

#[test]
fn the_search_hook_reads_the_positions_observation() {
    let rules = Toguz::default();
    let net = network().unwrap();
    let mut s = rules.start();
    for action in [2, 5, 0, 8, 3, 3] {
        let obs: Vec<u8> = rules.observation(&s).iter().map(|&v| v as u8).collect();
        assert_eq!(rules.network_evaluate(&s), Some(net.evaluate(&obs)));
        rules.play_action(&mut s, action).unwrap();
    }
    // Another board size: no value, and eval=net refused for those rules.
    let small: Toguz = "toguz:bestemshe".parse().unwrap();
    assert_eq!(small.network_evaluate(&small.start()), None);
    let spec: AgentSpec = "alphabeta:depth=3,eval=net".parse().unwrap();
    assert!(matches!(
        spec.check_for(&small),
        Err(AgentSpecError::NoNetworkForRules { .. })
    ));
    assert!(spec.check_for(&rules).is_ok());
}

#[test]
fn eval_net_plays_and_is_refused_where_there_is_no_network() {
    let spec: AgentSpec = "alphabeta:depth=4,eval=net".parse().unwrap();
    assert_eq!(spec.to_string(), "alphabeta:depth=4,eval=net");
    let rules = Toguz::default();
    let mut agent = spec.build::<Toguz>().unwrap();
    let mv = agent.choose(&rules, &rules.start()).unwrap();
    assert!(rules.is_legal(&rules.start(), mv));
    assert!(matches!(
        spec.build::<sowing::kalah::Kalah>().err(),
        Some(AgentSpecError::NoNetwork { game: "kalah" })
    ));
    assert!("alphabeta:eval=nn".parse::<AgentSpec>().is_err());
}

/// The search of `spec` from the position after `plies` of the game's first legal moves:
/// its move, value and node count.
fn searched<R: Heuristic>(rules: &R, spec: &str, plies: usize) -> (String, i32, u64) {
    let mut state = rules.start();
    for _ in 0..plies {
        let mv = rules.legal_moves(&state).into_iter().next().unwrap();
        state = rules.play(state, mv).unwrap();
    }
    let spec: AgentSpec = spec.parse().unwrap();
    let mut agent = spec.build::<R>().unwrap();
    let mv = agent.choose(rules, &state).unwrap();
    let stats = agent.stats().unwrap();
    (rules.format_move(&state, mv), stats.value, stats.nodes)
}

/// The default agent to `depth` after `plies` of `rules` searches as `eval=<eval>` does
/// (move, value and nodes); where that is the network, not as the tuned evaluation does.
fn searches_as_with<R: Heuristic>(rules: &R, depth: u32, plies: usize, eval: &str) {
    let default = searched(rules, &format!("alphabeta:depth={depth}"), plies);
    let with = |eval: &str| {
        searched(
            rules,
            &format!("alphabeta:depth={depth},eval={eval}"),
            plies,
        )
    };
    assert_eq!(default, with(eval), "eval={eval}");
    if eval == "net" {
        assert_ne!(default, with("tuned"));
    }
}

/// The default agent (`eval=auto`) searches with the network where the game names it its
/// default (Toguz Kumalak, Oware and Tsoro) and with the tuned evaluation elsewhere: the same
/// move, value and node count as the evaluation written out, and not those of the other.
#[test]
fn the_default_evaluation_is_the_network_only_where_the_game_says_so() {
    use sowing::kalah::Kalah;
    use sowing::search::GameEval;
    use sowing::tsoro::Tsoro;
    assert_eq!(GameEval::Auto.resolve::<Toguz>(), GameEval::Net);
    assert_eq!(GameEval::Auto.resolve::<Oware>(), GameEval::Net);
    assert_eq!(GameEval::Auto.resolve::<Tsoro>(), GameEval::Net);
    assert_eq!(GameEval::Auto.resolve::<Kalah>(), GameEval::Tuned);
    assert_eq!(GameEval::default(), GameEval::Auto);

    searches_as_with(&Toguz::default(), 5, 3, "net");
    // On a board the network was not trained for, the tuned evaluation.
    searches_as_with(&"toguz:holes=7".parse::<Toguz>().unwrap(), 5, 3, "tuned");
    searches_as_with(&Oware::default(), 6, 2, "net");
    searches_as_with(&Tsoro::default(), 6, 3, "net");
    // In another variant, the tuned evaluation.
    searches_as_with(&"tsoro:holes=8".parse::<Tsoro>().unwrap(), 6, 3, "tuned");
    searches_as_with(&Kalah::default(), 6, 2, "tuned");
}

#[test]
fn bad_weights_are_typed_errors() {
    let good = include_bytes!("../src/toguz/toguz.net");
    assert_eq!(Network::from_bytes(b"").err(), Some(NetworkError::Magic));
    assert!(matches!(
        Network::from_bytes(&good[..20]),
        Err(NetworkError::Header(_))
    ));
    assert!(matches!(
        Network::from_bytes(&good[..good.len() - 1]),
        Err(NetworkError::Length { .. })
    ));
    let mut long = good.to_vec();
    long.push(0);
    assert!(matches!(
        Network::from_bytes(&long),
        Err(NetworkError::Length { .. })
    ));
    assert!(Network::from_bytes(good).is_ok());
}

#[test]
fn the_embedded_oware_network_gives_the_training_scripts_values() {
    let net = sowing::oware::network().expect("the embedded weights read");
    assert_eq!(net.observation_len(), 15);
    for word in [
        "rules=oware",
        "hidden=128",
        "holes=12",
        "marks=0",
        "store_buckets=25",
    ] {
        assert!(net.header().contains(word), "{word}: {}", net.header());
    }
    let pinned = pinned_data(include_str!("data/oware-net-reference.txt"));
    assert!(net.header().contains(&pinned), "{pinned}: {}", net.header());
    let refs = reference_lines(include_str!("data/oware-net-reference.txt"));
    assert_eq!(refs.len(), 12);
    // Positions with seeds in the stores among them: their inputs are read too.
    assert!(refs.iter().any(|(obs, _)| obs[12] + obs[13] > 0));
    for (obs, value) in refs {
        assert_eq!(net.evaluate(&obs), value, "{obs:?}");
    }
}

#[test]
fn oware_search_hook_reads_the_positions_observation_through_a_game() {
    let net = sowing::oware::network().unwrap();
    for text in ["oware", "oware:grand-slam=capture", "oware:max-plies=300"] {
        let rules: Oware = text.parse().unwrap();
        let mut rng = SplitMix64::new(3);
        let mut s = rules.start();
        let mut captured = false;
        while !rules.is_over(&s) {
            let obs = rules.observation(&s);
            captured |= obs[12] + obs[13] > 0.0;
            // The ply value (last) is not an input: 0 in its place gives the same value.
            let mut bytes: Vec<u8> = obs.iter().map(|&v| v as u8).collect();
            bytes[14] = 0;
            assert_eq!(
                rules.network_evaluate(&s),
                Some(net.evaluate(&bytes)),
                "{text}"
            );
            let mv = rules.random_move(&s, &mut rng).unwrap();
            s = rules.play(s, mv).unwrap();
        }
        assert!(captured, "{text}");
    }
    net_plays_here_and_is_refused_under(Oware::default(), &["oware:houses=5", "oware:seeds=3"]);
    let spec: AgentSpec = "alphabeta:depth=3,eval=net".parse().unwrap();
    assert!(matches!(
        spec.build::<sowing::kalah::Kalah>().err(),
        Some(AgentSpecError::NoNetwork { game: "kalah" })
    ));
}

/// An `eval=net` agent plays a legal move from the start of `rules`, and under each of
/// `others` (switches the network was not trained for) there is no value and `eval=net` is
/// refused.
fn net_plays_here_and_is_refused_under<R>(rules: R, others: &[&str])
where
    R: Heuristic + std::str::FromStr,
    R::Err: std::fmt::Debug,
{
    let spec: AgentSpec = "alphabeta:depth=3,eval=net".parse().unwrap();
    for other in others {
        let rules: R = other.parse().unwrap();
        assert_eq!(rules.network_evaluate(&rules.start()), None, "{other}");
        assert!(
            matches!(
                spec.check_for(&rules),
                Err(AgentSpecError::NoNetworkForRules { .. })
            ),
            "{other}"
        );
    }
    let mv = spec
        .build::<R>()
        .unwrap()
        .choose(&rules, &rules.start())
        .unwrap();
    assert!(rules.is_legal(&rules.start(), mv));
}

#[test]
fn the_embedded_tsoro_network_gives_the_training_scripts_values() {
    let net = sowing::tsoro::network().expect("the embedded weights read");
    assert_eq!(net.observation_len(), 93);
    for word in [
        "rules=tsoro",
        "hidden=128",
        "holes=84",
        "marks=8",
        "stores_at=86",
        "marks_at=84",
        "store_buckets=64",
        &pinned_data(include_str!("data/tsoro-net-reference.txt")),
    ] {
        assert!(net.header().contains(word), "{word}: {}", net.header());
    }
    let refs = reference_lines(include_str!("data/tsoro-net-reference.txt"));
    assert_eq!(refs.len(), 16);
    // Among them, positions inside a turn: a relay or stop to choose, bonus takes to make.
    assert!(refs.iter().any(|(obs, _)| obs[84] != 0));
    assert!(refs.iter().any(|(obs, _)| obs[88] != 0));
    for (obs, value) in refs {
        assert_eq!(net.evaluate(&obs), value, "{obs:?}");
    }
}

/// Tsoro's hook reads the observation's values (the plies aside) in every phase of a turn:
/// starts, relays and stops to choose, bonus takes, stones to sow back in.
#[test]
fn tsoro_search_hook_reads_the_positions_observation_in_every_phase() {
    use sowing::tsoro::{Phase, Tsoro};
    let net = sowing::tsoro::network().unwrap();
    assert_eq!(net.observation_len(), 93);
    let mut phases = std::collections::BTreeSet::new();
    for (text, seed) in [("tsoro", 1), ("tsoro", 2), ("tsoro:max-plies=300", 3)] {
        let rules: Tsoro = text.parse().unwrap();
        let mut rng = SplitMix64::new(seed);
        let mut s = rules.start();
        while !rules.is_over(&s) {
            let obs = rules.observation(&s);
            let mut bytes: Vec<u8> = obs.iter().map(|&v| v as u8).collect();
            // The plies (last) are not an input: 0 in their place gives the same value.
            bytes[92] = 0;
            assert_eq!(
                rules.network_evaluate(&s),
                Some(net.evaluate(&bytes)),
                "{text}"
            );
            phases.insert(match s.phase() {
                Phase::Start => "start",
                Phase::Head(_) => "head",
                Phase::Bonus(_) => "bonus",
            });
            let mv = rules.random_move(&s, &mut rng).unwrap();
            s = rules.play(s, mv).unwrap();
        }
    }
    assert!(
        phases.contains("head") && phases.contains("bonus"),
        "{phases:?}"
    );
    net_plays_here_and_is_refused_under(
        Tsoro::default(),
        &[
            "tsoro:holes=8",
            "tsoro:tracey",
            "tsoro:bonus=0",
            "tsoro:heads=none",
        ],
    );
}

/// Each game's network reads its inputs where the game says they are
/// (`Heuristic::network_inputs`, the words the training script takes): the embedded
/// network's header, written from the training script's tables of the time, agrees, and the
/// self-play words carry the scale of the data's evaluation.
#[test]
fn each_game_states_the_layout_its_network_was_trained_on() {
    use sowing::search::{InputLayout, training_words};
    fn check<R: Heuristic + Default>(net: &Network) -> InputLayout {
        let rules = R::default();
        let layout = rules.network_inputs().expect("the game states its layout");
        let header = net.header();
        let word = |key: &str| -> usize {
            header
                .split(' ')
                .find_map(|w| w.strip_prefix(key)?.strip_prefix('='))
                .map_or_else(|| panic!("{header}: no {key}"), |v| v.parse().unwrap())
        };
        let or = |key: &str, default: usize| {
            if header.split(' ').any(|w| w.starts_with(&format!("{key}="))) {
                word(key)
            } else {
                default
            }
        };
        let stores_at = or("stores_at", word("holes"));
        let in_header = InputLayout {
            holes: word("holes"),
            stores_at,
            marks: word("marks"),
            marks_at: or("marks_at", stores_at + 2),
            store_buckets: word("store_buckets"),
        };
        assert_eq!(layout, in_header, "{}", R::GAME);
        let agent: AgentSpec = "alphabeta:depth=8,eval=tuned".parse().unwrap();
        let words = training_words(&rules, &agent).unwrap();
        assert_eq!(
            words,
            format!("{} scale={}", layout.words(), R::SCALES.tuned.unwrap())
        );
        assert_eq!(InputLayout::from_words(&words), Some(layout));
        layout
    }
    let toguz = check::<Toguz>(network().unwrap());
    assert_eq!(
        (toguz.holes, toguz.marks, toguz.store_buckets),
        (18, 18, 82)
    );
    let tsoro = check::<sowing::tsoro::Tsoro>(sowing::tsoro::network().unwrap());
    assert_eq!((tsoro.stores_at, tsoro.marks_at), (86, 84));
    let oware = check::<Oware>(sowing::oware::network().unwrap());
    assert_eq!((oware.holes, oware.marks, oware.store_buckets), (12, 0, 25));
    // Kalah has no network, but states where one would read its inputs.
    let kalah = sowing::kalah::Kalah::default().network_inputs().unwrap();
    assert_eq!(
        kalah.words(),
        "holes=12 marks=2 stores_at=12 marks_at=14 store_buckets=25"
    );
    let six: sowing::kalah::Kalah = "kalah:seeds=6".parse().unwrap();
    assert_eq!(six.network_inputs().unwrap().store_buckets, 37);
}

/// A path in the system's temporary folder for this test's file `name`, removed first.
fn temp_path(name: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("sowing-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

/// A weights file of `hidden` units, with random weights up to `scale` from `seed`, whose
/// header says `words` (the rules, the observation's length and the layout).
fn weights_file(
    words: &str,
    holes: usize,
    marks: usize,
    store_buckets: usize,
    seed: u64,
) -> Vec<u8> {
    use sowing::RandomSource;
    let (hidden, buckets) = (64, 32);
    let header = format!(
        "{words} buckets={buckets} store_buckets={store_buckets} hidden={hidden} qa=255 \
         qb=1024 out_scale=400 command=test"
    );
    let mut rng = SplitMix64::new(seed);
    let mut value = |scale: u32| i64::from(rng.below(2 * scale + 1)) - i64::from(scale);
    let mut bytes = b"SOWNET1\n".to_vec();
    bytes.extend((header.len() as u32).to_le_bytes());
    bytes.extend(header.as_bytes());
    for _ in 0..(holes * buckets + 2 * store_buckets + marks) * hidden {
        bytes.extend((value(200) as i16).to_le_bytes());
    }
    for _ in 0..hidden {
        bytes.extend((value(200) as i32).to_le_bytes());
    }
    for _ in 0..hidden {
        bytes.extend((value(1000) as i16).to_le_bytes());
    }
    bytes.extend((value(10_000) as i32).to_le_bytes());
    bytes
}

/// `net=PATH` in agent text: it implies `eval=net`, prints and reads back the same, two
/// specs of one path are equal, and a path agent text cannot hold is refused.
#[test]
fn net_path_agent_text_round_trips() {
    let spec: AgentSpec = "alphabeta:depth=4,net=nets/toguz-2.net".parse().unwrap();
    assert_eq!(spec.to_string(), "alphabeta:depth=4,net=nets/toguz-2.net");
    assert_eq!(spec.to_string().parse::<AgentSpec>().unwrap(), spec);
    assert_eq!(spec.network_file().unwrap().as_str(), "nets/toguz-2.net");
    let AgentSpec::AlphaBeta { eval, .. } = spec else {
        panic!("an alphabeta spec")
    };
    assert_eq!(eval, sowing::search::GameEval::Net);
    // `eval=net` beside it is what it implies; the order of options does not matter.
    let same: AgentSpec = "alphabeta:net=nets/toguz-2.net,eval=net,depth=4"
        .parse()
        .unwrap();
    assert_eq!(same, spec);
    assert_ne!(
        "alphabeta:depth=4,net=other.net"
            .parse::<AgentSpec>()
            .unwrap(),
        spec
    );
    // A Windows path keeps its colon: only the first one ends the kind.
    let windows: AgentSpec = "alphabeta:net=C:\\nets\\a.net".parse().unwrap();
    assert_eq!(windows.network_file().unwrap().as_str(), "C:\\nets\\a.net");
    assert_eq!(windows.to_string(), "alphabeta:net=C:\\nets\\a.net");
    for bad in [
        "alphabeta:net=",
        "alphabeta:net",
        "alphabeta:net=a.net,eval=tuned",
    ] {
        assert!(
            matches!(
                bad.parse::<AgentSpec>(),
                Err(AgentSpecError::BadValue { .. } | AgentSpecError::BadOption { .. })
            ),
            "{bad}: {:?}",
            bad.parse::<AgentSpec>()
        );
    }
    assert!(matches!(
        "mcts:net=a.net".parse::<AgentSpec>(),
        Err(AgentSpecError::UnknownOption { .. })
    ));
    // Without it again: the game's own evaluation.
    assert_eq!(
        spec.with_network(None),
        "alphabeta:depth=4".parse().unwrap()
    );
}

/// The embedded network's own weights read from a file search exactly as the embedded
/// network does (move, value and nodes), on one thread and on two.
#[test]
fn a_network_file_searches_as_the_same_network_embedded() {
    let path = temp_path("toguz-same.net");
    std::fs::write(&path, include_bytes!("../src/toguz/toguz.net")).unwrap();
    let rules = Toguz::default();
    let spec = format!("alphabeta:depth=5,net={}", path.display());
    spec.parse::<AgentSpec>()
        .unwrap()
        .check_for(&rules)
        .unwrap();
    assert_eq!(
        searched(&rules, &spec, 3),
        searched(&rules, "alphabeta:depth=5", 3)
    );
    assert_ne!(
        searched(&rules, &spec, 3),
        searched(&rules, "alphabeta:depth=5,eval=tuned", 3)
    );
    // The network the file holds, value for value.
    let file = sowing::search::NetworkFile::new(path.to_str().unwrap()).unwrap();
    let net = file.load_for(&rules).unwrap();
    assert_eq!(*net, *network().unwrap());
    let mut s = rules.start();
    for action in [2, 5, 0, 8, 3, 3] {
        assert_eq!(rules.network_value(&net, &s), rules.network_evaluate(&s));
        rules.play_action(&mut s, action).unwrap();
    }
    std::fs::remove_file(&path).unwrap();
}

/// A file that does not read, is not a whole weights file, or holds a network of another
/// game, board or layout is refused with a typed error that names the path.
#[test]
fn a_network_file_of_another_game_board_or_layout_is_refused() {
    use sowing::kalah::Kalah;
    use sowing::search::NetworkFileError;
    let problem = |spec: &str, rules: &dyn Fn(&AgentSpec) -> Result<(), AgentSpecError>| match rules(
        &spec.parse().unwrap(),
    ) {
        Err(AgentSpecError::NetworkFile { path, problem }) => {
            assert!(spec.ends_with(&format!("net={path}")), "{spec}: {path}");
            problem
        }
        other => panic!("{spec}: {other:?}"),
    };
    let toguz = |s: &AgentSpec| s.check_for(&Toguz::default());
    let missing = temp_path("missing.net");
    assert!(matches!(
        problem(&format!("alphabeta:net={}", missing.display()), &toguz),
        NetworkFileError::Unreadable(_)
    ));
    // Built without a check, the agent is refused too.
    let spec: AgentSpec = format!("alphabeta:net={}", missing.display())
        .parse()
        .unwrap();
    assert!(matches!(
        spec.build::<Toguz>().err(),
        Some(AgentSpecError::NetworkFile { .. })
    ));
    let good = include_bytes!("../src/toguz/toguz.net");
    let cut = temp_path("cut.net");
    std::fs::write(&cut, &good[..good.len() - 2]).unwrap();
    assert!(matches!(
        problem(&format!("alphabeta:net={}", cut.display()), &toguz),
        NetworkFileError::Corrupt(NetworkError::Length { .. })
    ));
    // Oware's network for Toguz Kumalak: another game.
    let oware = temp_path("oware.net");
    std::fs::write(&oware, include_bytes!("../src/oware/oware.net")).unwrap();
    assert_eq!(
        problem(&format!("alphabeta:net={}", oware.display()), &toguz),
        NetworkFileError::AnotherGame {
            found: "oware".into(),
            game: "toguz"
        }
    );
    // Toguz Kumalak's on a board of 7 holes: another layout.
    let toguz_net = temp_path("toguz.net");
    std::fs::write(&toguz_net, good).unwrap();
    let small: Toguz = "toguz:holes=7".parse().unwrap();
    let on_small = |s: &AgentSpec| s.check_for(&small);
    let NetworkFileError::Layout {
        expected, found, ..
    } = problem(&format!("alphabeta:net={}", toguz_net.display()), &on_small)
    else {
        panic!("a layout error")
    };
    assert_eq!(
        found,
        "holes=18 marks=18 stores_at=18 marks_at=20 store_buckets=82"
    );
    assert_eq!(
        expected,
        "holes=14 marks=14 stores_at=14 marks_at=16 store_buckets=64"
    );
    // A Kalah network of 6 pits (4 seeds) on a board of 6 seeds: the stores' inputs differ.
    let kalah = temp_path("kalah-layout.net");
    let words = "rules=kalah observation=16 holes=12 marks=2";
    std::fs::write(&kalah, weights_file(words, 12, 2, 25, 1)).unwrap();
    let six: Kalah = "kalah:seeds=6".parse().unwrap();
    let on_six = |s: &AgentSpec| s.check_for(&six);
    assert!(matches!(
        problem(&format!("alphabeta:net={}", kalah.display()), &on_six),
        NetworkFileError::Layout { .. }
    ));
    // A header reading a longer observation than the game's.
    let long = temp_path("kalah-long.net");
    let words = "rules=kalah observation=40 holes=12 marks=2";
    std::fs::write(&long, weights_file(words, 12, 2, 25, 1)).unwrap();
    let on_kalah = |s: &AgentSpec| s.check_for(&Kalah::default());
    assert!(matches!(
        problem(&format!("alphabeta:net={}", long.display()), &on_kalah),
        NetworkFileError::Observation { found: 40, .. }
    ));
    for path in [cut, oware, toguz_net, kalah, long] {
        std::fs::remove_file(path).unwrap();
    }
}

/// Kalah has no network of its own, but takes one from a file: its value is the network's
/// of the position's observation, and the agent searches with it.
#[test]
fn kalah_takes_a_network_from_a_file() {
    use sowing::kalah::Kalah;
    let path = temp_path("kalah.net");
    let words = "rules=kalah observation=16 holes=12 marks=2 target_scale=0.3208";
    std::fs::write(&path, weights_file(words, 12, 2, 25, 7)).unwrap();
    let rules = Kalah::default();
    let spec: AgentSpec = format!("alphabeta:depth=6,net={}", path.display())
        .parse()
        .unwrap();
    spec.check_for(&rules).unwrap();
    let file = spec.network_file().unwrap();
    let net = file.load_for(&rules).unwrap();
    let mut s = rules.start();
    for action in [2, 5, 0, 4, 3] {
        let obs: Vec<u8> = rules.observation(&s).iter().map(|&v| v as u8).collect();
        assert_eq!(rules.network_value(&net, &s), Some(net.evaluate(&obs)));
        if rules.is_over(&s) {
            break;
        }
        let actions: Vec<usize> = rules.legal_actions(&s).iter().collect();
        rules
            .play_action(&mut s, actions[action % actions.len()])
            .unwrap();
    }
    // Self-play data of this agent tells the training script the network's own scale.
    assert_eq!(
        sowing::search::training_words(&rules, &spec).unwrap(),
        "holes=12 marks=2 stores_at=12 marks_at=14 store_buckets=25 scale=0.3208"
    );
    let with = searched(&rules, &spec.to_string(), 2);
    assert_ne!(with, searched(&rules, "alphabeta:depth=6", 2));
    std::fs::remove_file(&path).unwrap();
}

/// Self-play takes a network from a file (the loop's data step for a Kalah network): its
/// header names the agent with its path and gives the network's own scale, and every
/// searched value is the network agent's.
#[test]
fn selfplay_searches_with_a_network_from_a_file() {
    use sowing::kalah::Kalah;
    use sowing::selfplay::{self, Config};
    let path = temp_path("kalah-selfplay.net");
    let words = "rules=kalah observation=16 holes=12 marks=2 target_scale=0.25";
    std::fs::write(&path, weights_file(words, 12, 2, 25, 3)).unwrap();
    let rules = Kalah::default();
    let agent: AgentSpec = format!("alphabeta:depth=3,net={}", path.display())
        .parse()
        .unwrap();
    let config = Config {
        agent,
        games: 2,
        ..Config::default()
    };
    let mut bytes = Vec::new();
    selfplay::generate(&rules, &config, &mut bytes).unwrap();
    let (header, records) = selfplay::read(&bytes).unwrap();
    assert_eq!(header.agent, agent.to_string());
    assert!(
        header.training.as_deref().unwrap().ends_with(" scale=0.25"),
        "{header:?}"
    );
    // Not the values of the game's own evaluation: the same games played by the tuned
    // agent differ.
    let tuned = Config {
        agent: "alphabeta:depth=3".parse().unwrap(),
        games: 2,
        ..Config::default()
    };
    let mut other = Vec::new();
    selfplay::generate(&rules, &tuned, &mut other).unwrap();
    let (_, tuned_records) = selfplay::read(&other).unwrap();
    assert!(records.len() > 10);
    let values = |r: &[selfplay::Record]| r.iter().map(|r| r.value).collect::<Vec<_>>();
    assert_ne!(values(&records), values(&tuned_records));
    std::fs::remove_file(&path).unwrap();
}
