//! The described games against the hand-written ones: random playouts of the family's Kalah
//! and Oware beside `sowing::kalah` and `sowing::oware`, and of every catalogue game.
//!
//! Each benchmark plays whole random games (a uniformly random legal move until the game
//! ends, or 1,000 plies: a position does not hold the repetition rule, and random play can
//! cycle) and reports plies a second.

use criterion::{Criterion, Throughput, criterion_group};
use sowing::described::{Description, Mancala, catalogue};
use sowing::kalah::Kalah;
use sowing::oware::Oware;
use sowing::{Ruleset, WyRand, random_playout};
use std::hint::black_box;
use std::time::Duration;

/// The most plies of one random game.
const GAME_PLIES: u64 = 1000;
/// Games a measured batch.
const GAMES: u32 = 2_000;

/// Plays `games` random games and returns the plies played.
fn playouts<R: Ruleset>(rules: &R, rng: &mut WyRand, games: u32) -> u64 {
    let start = rules.start();
    let mut plies = 0;
    for _ in 0..games {
        let mut s = start;
        plies += random_playout(rules, &mut s, rng, GAME_PLIES).plies;
    }
    plies
}

/// Measures one ruleset's random playouts under `name`.
fn measure<R: Ruleset>(c: &mut Criterion, group: &str, name: &str, rules: &R) {
    let plies = playouts(rules, &mut WyRand::new(99), GAMES);
    let mut g = c.benchmark_group(group);
    g.measurement_time(Duration::from_secs(3));
    g.warm_up_time(Duration::from_secs(1));
    g.throughput(Throughput::Elements(plies));
    let mut rng = WyRand::new(99);
    g.bench_function(format!("{name}: random playouts (elements = plies)"), |b| {
        b.iter(|| {
            // The same games every iteration, so the element count holds.
            rng = WyRand::new(99);
            black_box(playouts(rules, &mut rng, GAMES))
        })
    });
    g.finish();
}

fn side_by_side(c: &mut Criterion) {
    measure(c, "kalah(6,4)", "hand-written", &Kalah::default());
    measure(
        c,
        "kalah(6,4)",
        "described",
        &Mancala::new(Description::KALAH).unwrap(),
    );
    measure(c, "oware(6,4)", "hand-written", &Oware::default());
    measure(
        c,
        "oware(6,4)",
        "described",
        &Mancala::new(Description::ABAPA).unwrap(),
    );
}

fn catalogue_games(c: &mut Criterion) {
    for entry in catalogue::CATALOGUE {
        let rules = Mancala::catalogue(entry.name).expect("a catalogue entry builds");
        measure(c, "catalogue", entry.name, &rules);
    }
}

criterion_group!(benches, side_by_side, catalogue_games);

/// `--playouts <kalah|mancala|oware|abapa|NAME>`: plays the batch of random games of one
/// ruleset once and prints the plies, for a count of instructions (`valgrind --tool=callgrind`)
/// that the machine's load does not change.
fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "--playouts") {
        let which = args.get(i + 1).map_or("mancala", String::as_str);
        let mut rng = WyRand::new(99);
        let plies = match which {
            "kalah" => playouts(&Kalah::default(), &mut rng, GAMES),
            "oware" => playouts(&Oware::default(), &mut rng, GAMES),
            "abapa" => playouts(&Mancala::new(Description::ABAPA).unwrap(), &mut rng, GAMES),
            name => playouts(&name.parse::<Mancala>().unwrap(), &mut rng, GAMES),
        };
        println!("{which}: {GAMES} games, {plies} plies");
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
