use sowing::toguz::Toguz;
use sowing::{Ruleset, SplitMix64};
fn main() {
    let rules: Toguz = std::env::args()
        .nth(1)
        .unwrap_or("toguz".into())
        .parse()
        .unwrap();
    let n: u64 = std::env::args()
        .nth(2)
        .map_or(20_000_000, |a| a.parse().unwrap());
    let mut rng = SplitMix64::new(1);
    let start = rules.start();
    let mut s = start;
    let mut games = 0u64;
    let balls = 0u64;
    let t = std::time::Instant::now();
    for _ in 0..n {
        match rules.random_move(&s, &mut rng) {
            Some(mv) => {
                rules.play_unchecked(&mut s, mv);
            }
            None => {
                games += 1;
                s = start;
            }
        }
    }
    let dt = t.elapsed().as_secs_f64();
    println!(
        "{:.1} M plies/s, {games} games, {}",
        n as f64 / dt / 1e6,
        rules.hash(&s) ^ balls
    );
}
