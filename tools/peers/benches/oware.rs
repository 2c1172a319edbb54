//! Random Oware playouts, `sowing` beside `board-game` (board-game-rs, from crates.io), in one
//! run: the same loop for both (list the legal moves on the stack, pick one uniformly with
//! the same generator, play it, until the game ends or [`GAME_PLIES`] plies), reported as
//! plies per second (criterion's elements).
//!
//! Rows:
//! - `board-game`: its `OwareBoard<6>` (4 seeds), moves from `available_moves()` collected
//!   into an `ArrayVec` on the stack (its `InternalIterator`), played with `Board::play` (which checks the move: the
//!   crate has no unchecked play).
//! - `sowing, checked`: the same loop with `Ruleset::try_play` (checks the move).
//! - `sowing`: the same loop with `Ruleset::play_unchecked` (the move comes from the legal
//!   moves), as a playout is written with the crate.
//! - `sowing, random_playout`: the crate's own playout loop (`sowing::random_playout`).
//!
//! The rules differ at the edges (board-game-rs ends some two-seed positions as a
//! stalemate and counts a side that cannot move differently); both play 6 houses of 4
//! seeds with captures of 2 and 3, laps that skip the origin, the grand slam capturing
//! nothing and forced feeding. Each row reports its own average game length.

use arrayvec::ArrayVec;
use board_game::board::{Board, BoardMoves};
use board_game::games::oware::OwareBoard;
use criterion::{Criterion, Throughput, criterion_group};
use internal_iterator::InternalIterator;
use sowing::oware::Oware;
use sowing::{RandomSource, Ruleset, WyRand, random_playout};
use std::hint::black_box;
use std::time::Duration;

/// The most plies of one game: neither side's positions hold a repetition rule, so random
/// play that cycles is cut off here.
const GAME_PLIES: u64 = 1000;

/// Games per measured batch.
const GAMES: u32 = 2_000;

fn board_game_games(rng: &mut WyRand, games: u32) -> u64 {
    let mut plies = 0;
    for _ in 0..games {
        let mut board = OwareBoard::<6>::default();
        for _ in 0..GAME_PLIES {
            let Ok(moves) = board.available_moves() else {
                break;
            };
            let mut list = ArrayVec::<usize, 6>::new();
            moves.for_each(|mv| list.push(mv));
            let moves = list;
            let mv = moves[rng.below(moves.len() as u32) as usize];
            board.play(mv).expect("an available move");
            plies += 1;
        }
    }
    plies
}

fn sowing_games<const CHECKED: bool>(rules: &Oware, rng: &mut WyRand, games: u32) -> u64 {
    let start = rules.start();
    let mut plies = 0;
    for _ in 0..games {
        let mut state = start;
        for _ in 0..GAME_PLIES {
            let moves = rules.legal_moves(&state);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len() as u32) as usize];
            if CHECKED {
                rules.try_play(&mut state, mv).expect("a legal move");
            } else {
                rules.play_unchecked(&mut state, mv);
            }
            plies += 1;
        }
    }
    plies
}

fn sowing_playouts(rules: &Oware, rng: &mut WyRand, games: u32) -> u64 {
    let start = rules.start();
    let mut plies = 0;
    for _ in 0..games {
        let mut state = start;
        plies += random_playout(rules, &mut state, rng, GAME_PLIES).plies;
    }
    plies
}

fn bench(c: &mut Criterion) {
    let rules = Oware::default();
    let mut g = c.benchmark_group("oware(6,4) random playouts, 2k games (elements = plies)");
    g.measurement_time(Duration::from_secs(5));
    type Row = Box<dyn Fn(&mut WyRand) -> u64>;
    let rows: [(&str, Row); 4] = [
        ("board-game", Box::new(|rng| board_game_games(rng, GAMES))),
        (
            "sowing, checked",
            Box::new(move |rng| sowing_games::<true>(&Oware::default(), rng, GAMES)),
        ),
        (
            "sowing",
            Box::new(move |rng| sowing_games::<false>(&Oware::default(), rng, GAMES)),
        ),
        (
            "sowing, random_playout",
            Box::new(move |rng| sowing_playouts(&Oware::default(), rng, GAMES)),
        ),
    ];
    let _ = &rules;
    for (name, run) in &rows {
        // Plies per game are random: the throughput is a batch's average.
        let plies = run(&mut WyRand::new(99));
        eprintln!(
            "{name}: {:.1} plies a game",
            plies as f64 / f64::from(GAMES)
        );
        g.throughput(Throughput::Elements(plies));
        let mut rng = WyRand::new(1);
        g.bench_function(*name, |b| b.iter(|| black_box(run(&mut rng))));
    }
    g.finish();
}

criterion_group!(benches, bench);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
}
