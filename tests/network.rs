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
    assert!(
        net.header().contains("data_sha256=0e94c6bccdfabb1f"),
        "{}",
        net.header()
    );
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
    assert!(
        net.header().contains("data_sha256=47b33a0663a0120e"),
        "{}",
        net.header()
    );
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
        "data_sha256=3e83a8477d248fcf",
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
