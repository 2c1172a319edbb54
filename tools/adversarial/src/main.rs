//! The adversarial searcher of Tsoro: hunts for positions whose calls are slow, then times
//! every `Ruleset` method on them and on the corpus (`tests/data/tsoro_adversarial.txt`) and
//! prints the worst call; exits 1 when it is over the 10 ms bound. Run from the repository
//! root: `cargo run --release --manifest-path tools/adversarial/Cargo.toml -- --search 600`.
//! (`cargo run --release --example adversarial` times the corpus alone.)
//!
//! The corpus holds the positions once found slow or wrong (crowded headless loops whose
//! endless-relay check walked 10^9 laps, and the re-entry capture that lost stones) and the
//! worst ones found by the searcher below. Each position gets every method: `legal_moves`,
//! `is_legal`, `illegal_reason` and `parse_move` of every move text of the game, `try_play`
//! and `play_unchecked` of every legal move, `outcome`, `is_over`, `validate`,
//! `random_move`, `hash`, `hash_from_scratch`, `seed_count`, `picture`, position text out
//! and back in.
//!
//! Without re-entered captures each loop holds at most the half of the stones it started
//! with (`validate` refuses more), so crowded loops validate only under `reenter`: the
//! corpus's crowded Tracey loops are kept as parse-only positions (their time is bounded too)
//! and timed again as positions of `tsoro:tracey,reenter`.
//!
//! `--search SECONDS` first hill-climbs over validated positions of headless boards with
//! re-entered captures (Tracey's and `holes=6..=21,heads=none,bonus=0`, or the `--board`s
//! given), moving stones within South's loop and between the loops, to maximise the laps that
//! South's `legal_moves` walks in its endless-relay checks. The laps are counted by a model of
//! the engine's relay in this file (the first 64 laps stone by stone, the residue test, then
//! the walk round the cycle), not timed, so the machine's noise does not steer the search; the
//! model's verdict on every start is checked against `legal_moves`. The worst position of each
//! board joins the corpus. Build with `--release`. Times are wall-clock, the best of three
//! runs of each call (a position's remaining calls are skipped once one is over ten times the
//! bound); run it on a quiet machine.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use sowing::encode::Encoding;
use sowing::testing::{self, Stopwatch};
use sowing::tsoro::{Tsoro, TsoroMove, TsoroState};
use sowing::{Picture, RandomSource, Ruleset, SplitMix64};

/// Why the tool stopped early.
enum Stop {
    /// The reader went away (`| head`): not an error, exit quietly.
    Closed,
    /// A real error, to report with exit status 2.
    Error(String),
}

impl From<String> for Stop {
    fn from(e: String) -> Stop {
        Stop::Error(e)
    }
}

/// Writes one line to standard output; a closed pipe becomes [`Stop::Closed`].
fn line(text: std::fmt::Arguments<'_>) -> Result<(), Stop> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match writeln!(out, "{text}").and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Err(Stop::Closed),
        Err(e) => Err(Stop::Error(format!("writing output: {e}"))),
    }
}

macro_rules! out {
    ($($arg:tt)*) => {
        line(format_args!($($arg)*))
    };
}

const USAGE: &str = "usage: adversarial [--search SECONDS] [--seed N] [--board RULESET]...
                   [--share LO..HI] [--south-only] [--turned]

Times every Ruleset method of Tsoro on the adversarial corpus and prints the worst call;
exits 1 when it is over the 10 ms bound.

  --search SECONDS  first hill-climb for slow positions this long (default: 0), counting
                    the laps legal_moves walks
  --seed N          the searcher's random seed (default: 1)
  --board RULESET   a headless ruleset to search (repeatable; default: tsoro:tracey,reenter
                    and tsoro:holes=6..21,heads=none,bonus=0,reenter)
  --share LO..HI    the fraction of the stones a restart puts in South's loop (default 0.5..1)
  --south-only      move stones within South's loop only (default: between the loops too)
  --turned          count the laps until each relay's state first comes back turned round
                    the loop (an exact endless-relay test, an idea for the engine), in the
                    search and beside each corpus position";

/// The bound: every call within 10 ms.
const BOUND: Duration = Duration::from_millis(10);

/// The corpus, shared with the example and the tests (see the file for its layout).
const CORPUS: &str = include_str!("../../../tests/data/tsoro_adversarial.txt");

/// The corpus's positions: (what, ruleset, position text, whether the position validates).
fn corpus() -> Result<Vec<(String, String, String, bool)>, String> {
    let lines = CORPUS
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'));
    lines
        .map(|line| match line.splitn(4, " | ").collect::<Vec<_>>()[..] {
            [v @ ("validates" | "parse-only"), r, p, w] => Ok((
                w.to_string(),
                r.to_string(),
                p.to_string(),
                v == "validates",
            )),
            _ => Err(format!(
                "corpus line {line:?} is not `validates | ruleset | position | what`"
            )),
        })
        .collect()
}

fn main() -> ExitCode {
    let mut args = Vec::new();
    for a in std::env::args_os().skip(1) {
        match a.into_string() {
            Ok(a) => args.push(a),
            Err(a) => {
                eprintln!("adversarial: argument {a:?} is not UTF-8 (see --help)");
                return ExitCode::from(2);
            }
        }
    }
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    match run(&args) {
        Ok(false) | Err(Stop::Closed) => ExitCode::SUCCESS,
        Ok(true) => ExitCode::from(1),
        Err(Stop::Error(e)) => {
            eprintln!("adversarial: {e} (see --help)");
            ExitCode::from(2)
        }
    }
}

/// Returns whether the worst call is over the bound.
fn run(args: &[String]) -> Result<bool, Stop> {
    let mut search = 0.0f64;
    let mut seed = 1u64;
    let mut boards = Vec::new();
    let mut share = (0.5, 1.0);
    let mut cross = true;
    let mut turned = false;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .ok_or_else(|| format!("{name} needs a value"))
                .cloned()
        };
        match a.as_str() {
            "--search" => {
                let v = value("--search")?;
                search = v
                    .parse()
                    .ok()
                    .filter(|s: &f64| s.is_finite() && (0.0..=86_400.0).contains(s))
                    .ok_or_else(|| format!("--search: {v:?} is not a number of seconds"))?;
            }
            "--seed" => {
                let v = value("--seed")?;
                seed = v
                    .parse()
                    .map_err(|_| format!("--seed: {v:?} is not a whole number"))?;
            }
            "--board" => {
                let v = value("--board")?;
                let rules: Tsoro = v.parse().map_err(|e| format!("--board {v:?}: {e}"))?;
                if rules.settings().heads != sowing::tsoro::Heads::None {
                    return Err(format!("--board {v:?}: the searcher takes headless boards").into());
                }
                boards.push(v);
            }
            "--share" => {
                let v = value("--share")?;
                share = v
                    .split_once("..")
                    .and_then(|(lo, hi)| Some((lo.parse().ok()?, hi.parse().ok()?)))
                    .filter(|&(lo, hi): &(f64, f64)| 0.0 <= lo && lo <= hi && hi <= 1.0)
                    .ok_or_else(|| format!("--share: {v:?} is not LO..HI within 0..1"))?;
            }
            "--south-only" => cross = false,
            "--turned" => turned = true,
            other => return Err(format!("unknown argument {other:?}").into()),
        }
    }
    if boards.is_empty() {
        boards = default_boards();
    }
    let mut corpus = corpus()?;
    if search > 0.0 {
        let found = hill_climb(
            &boards,
            Duration::from_secs_f64(search),
            seed,
            share,
            cross,
            turned,
            &mut |line| out!("{line}"),
        )?;
        corpus.extend(found.into_iter().map(|f| {
            (
                format!("search: {} laps", f.cost.total),
                f.ruleset,
                f.position,
                true,
            )
        }));
    }
    let mut worst = (Duration::ZERO, String::new());
    for (what, ruleset, text, validates) in &corpus {
        let rules: Tsoro = ruleset.parse().map_err(|e| format!("{ruleset}: {e}"))?;
        let state: TsoroState = text.parse().map_err(|e| format!("{text}: {e}"))?;
        if rules.validate(&state).is_ok() != *validates {
            return Err(format!("{what}: validate gives {:?}", rules.validate(&state)).into());
        }
        let (time, call) = time_every_method(&rules, &state);
        let model = model_laps(&rules, &state, false);
        if let Some(c) = model.filter(|c| c.legal != rules.legal_moves(&state).len()) {
            return Err(format!("{what}: the model finds {} legal starts", c.legal).into());
        }
        let laps = model.map_or(String::new(), |c| {
            format!(" [{} laps, longest cycle {}]", c.total, c.cycle)
        });
        let laps = match model_laps(&rules, &state, true) {
            Some(t) if turned => format!(
                "{laps} [turned: {} laps, longest walk {} to a turn of {}]",
                t.total, t.cycle, t.turn
            ),
            _ => laps,
        };
        out!("{:>10.3} ms  {call:<28} {what}{laps}", ms(time))?;
        if time > worst.0 {
            worst = (time, format!("{call} on {what}: {ruleset} \"{text}\""));
        }
    }
    let verdict = if worst.0 <= BOUND { "within" } else { "OVER" };
    out!(
        "worst call: {:.3} ms ({verdict} the {} ms bound): {}",
        ms(worst.0),
        BOUND.as_millis(),
        worst.1
    )?;
    Ok(worst.0 > BOUND)
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// Every method on `s`, timed by the harness (`sowing::testing::time_calls`) with every move
/// text of the game as a candidate, and the picture; returns the slowest call and its name.
/// Once a call is over ten times the bound the position's verdict is clear, and the rest is
/// skipped: on the longest cycles every illegal move pays the cycle too (its reason asks
/// whether the mover can move at all), which would take minutes.
fn time_every_method(rules: &Tsoro, s: &TsoroState) -> (Duration, String) {
    let mut watch = Stopwatch::new(Some(10 * BOUND));
    // Every move of the game: the action space names each once (sowing::encode).
    let moves: Vec<TsoroMove> = (0..rules.num_actions())
        .filter_map(|a| rules.action_to_move(s, a))
        .collect();
    testing::time_calls(rules, s, &moves, &mut watch);
    watch.time(&|| "picture".into(), || rules.picture(s));
    watch
        .slowest()
        .map_or((Duration::ZERO, String::new()), |(d, c)| (d, c.to_string()))
}

/// The position text with South's loop `south` and North's `north` (by loop index).
fn position(south: &[u32], north: &[u32]) -> String {
    let n = south.len() / 2;
    let row = |v: Vec<u32>| {
        v.iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    // North's outer row from South's left is North's loop n-1..0, his inner row 2n-1..n
    // read from South's left is n..2n; South's inner row from his left is 2n-1..n.
    format!(
        "{}/{}/{}/{} 0 0 S",
        row((0..n).map(|c| north[n - 1 - c]).collect()),
        row((0..n).map(|c| north[n + c]).collect()),
        row((0..n).map(|c| south[2 * n - 1 - c]).collect()),
        row(south[..n].to_vec())
    )
}

/// What one relay costs the engine and how it ends, replayed in the example's own terms (a
/// model of `src/tsoro/sow.rs`, so the searcher counts laps instead of timing noisy calls):
/// the first 64 laps are sown stone by stone and not counted (the engine pays nothing for
/// them); then the residue test mod `len + 1` may prove the relay endless at once; else the
/// laps walked until the relay ends or comes back to the state the walk started from are the
/// cost. The loop is headless (the searched boards have no heads).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct RelayCost {
    /// The hole the last stone fell into, or `None` for an endless relay.
    end: Option<usize>,
    /// Laps walked after the first 64 (for an endless relay, the length of its cycle).
    walked: u64,
    /// Laps sown stone by stone (at most 64): the searcher's slope towards long relays.
    sown: u64,
    /// For an endless relay, how far round the loop the walk's first state had turned when
    /// the walk stopped (0: it came back unturned).
    turn: usize,
}

/// The most laps the model walks before it gives up (the engine has no such cap: a relay's
/// lap map is one-to-one, so every walk stops). Far above any cycle found.
const MODEL_CAP: u64 = 2_000_000_000;

/// Sows `hand` stones one per hole from the hole after `pos`, whole rounds at once; returns
/// the hole of the last stone.
fn sow_round(b: &mut [u32], pos: usize, hand: u32) -> usize {
    let len = b.len();
    let (rounds, rest) = (hand / len as u32, hand as usize % len);
    if rounds > 0 {
        b.iter_mut().for_each(|c| *c += rounds);
    }
    if rest == 0 {
        return pos;
    }
    for k in 1..=rest {
        b[(pos + k) % len] += 1;
    }
    (pos + rest) % len
}

/// [`RelayCost`] of sowing `hand` lifted stones from the hole after `pos` round the headless
/// loop `b`, which it leaves as the relay does (unchanged past an endless one's check).
///
/// With `turned`, the walk stops as soon as its first state comes back turned round the loop
/// by any number of holes: a headless loop looks the same from every hole, so the lap map
/// commutes with turning the loop, and a relay whose state comes back turned by `d` holes
/// after `k` laps comes back unturned after `k * len / gcd(d, len)` laps (it is endless;
/// a relay that ends never comes back at all).
fn relay_cost(b: &mut [u32], pos: usize, hand: u32, stones: u32, turned: bool) -> RelayCost {
    let len = b.len();
    let (mut pos, mut hand) = (pos, hand.max(1));
    for sown in 0..64 {
        let last = sow_round(b, pos, hand);
        if b[last] == 1 {
            return RelayCost {
                end: Some(last),
                walked: 0,
                sown,
                turn: 0,
            };
        }
        (pos, hand) = (last, b[last]);
        b[last] = 0;
    }
    // The residue test: each hole's next-pass time plus its count plus one, and the next
    // landing time, mod len + 1; no two consecutive means no lap ever lands in an empty hole.
    let m = len + 1;
    let mut residues = vec![false; m];
    residues[(pos + hand as usize) % m] = true;
    for (y, &c) in b.iter().enumerate() {
        let t = if y > pos { y } else { y + len };
        residues[(t + c as usize + 1) % m] = true;
    }
    if (0..m).all(|r| !(residues[r] && residues[(r + 1) % m]))
        || b.iter().sum::<u32>() + hand > stones
    {
        return RelayCost {
            end: None,
            walked: 0,
            sown: 64,
            turn: 0,
        };
    }
    // The walk, in time counted in stones sown: the stone sown at time `t` falls into hole
    // `t mod len`, and hole `j` holds `(p - lift[j]) / len` stones after its pass at time `p`
    // (`lift[j]` the time of its last lift, or a virtual one giving its count).
    let (len64, start) = (len as u64, ((len as u64) << 30) + pos as u64);
    let passed = |t: u64, j: usize| t - (t + len64 - j as u64) % len64;
    let mut lift: Vec<u64> = (0..len)
        .map(|j| passed(start, j) - u64::from(b[j]) * len64)
        .collect();
    let first: Vec<u64> = lift.iter().map(|&l| start - l).collect();
    let (mut t, mut h) = (start, u64::from(hand));
    let (mut walked, mut turn) = (0, 0);
    let end = loop {
        t += h;
        let q = (t % len64) as usize;
        let c = (t - lift[q]) / len64;
        if c == 1 {
            break Some(q);
        }
        walked += 1;
        lift[q] = t;
        h = c;
        if h == u64::from(hand) && (q == pos || turned) {
            // Hole `j` of the first state is now hole `j + d`.
            let d = (q + len - pos) % len;
            if (0..len).all(|j| t - lift[(j + d) % len] == first[j]) {
                turn = d;
                break None;
            }
        }
        if walked >= MODEL_CAP {
            break None;
        }
    };
    if end.is_some() {
        for (j, c) in b.iter_mut().enumerate() {
            *c = ((passed(t, j) - lift[j]) / len64) as u32;
        }
    }
    RelayCost {
        end,
        walked,
        sown: 64,
        turn,
    }
}

/// A headless board being searched: South's loop and North's, by loop index.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Board {
    south: Vec<u32>,
    north: Vec<u32>,
}

/// What the model says a board costs South's `legal_moves`.
#[derive(Clone, Copy, Debug, Default)]
struct Cost {
    /// Laps walked over every start (what `legal_moves` pays).
    total: u64,
    /// Laps sown stone by stone over every start (the slope where no relay is walked).
    sown: u64,
    /// The longest walk of one relay.
    longest: u64,
    /// The longest endless cycle met.
    cycle: u64,
    /// The starts whose moves end (the legal ones).
    legal: usize,
    /// How far the longest cycle's walk had turned the loop when it stopped.
    turn: usize,
}

/// The laps South's `legal_moves` walks on `board` under `rules` (headless, re-entered
/// captures): each start's whole move, relays after captures included, as far as the model
/// follows it (a capture that opens bonus takes ends it there).
fn model_cost(rules: &Tsoro, board: &Board, turned: bool) -> Cost {
    let n = rules.settings().holes as usize;
    let stones = rules.total_seeds();
    let mut cost = Cost::default();
    let note = |r: RelayCost, cost: &mut Cost| {
        cost.total += r.walked;
        cost.sown += r.sown;
        cost.longest = cost.longest.max(r.walked);
        if r.end.is_none() && r.walked >= cost.cycle {
            (cost.cycle, cost.turn) = (r.walked, r.turn);
        }
    };
    for i in (0..2 * n).filter(|&i| board.south[i] >= 2) {
        let (mut south, mut north) = (board.south.clone(), board.north.clone());
        let hand = std::mem::take(&mut south[i]);
        let mut r = relay_cost(&mut south, i, hand, stones, turned);
        note(r, &mut cost);
        let mut captures = 0;
        while let Some(j) = r.end {
            if j < n || north[3 * n - 1 - j] == 0 || !rules.settings().reenter {
                break;
            }
            let won = std::mem::take(&mut north[3 * n - 1 - j]) + std::mem::take(&mut north[j - n]);
            captures += 1;
            if rules.settings().bonus_for(captures) > 0 && north.iter().any(|&c| c > 0) {
                break;
            }
            r = relay_cost(&mut south, j, won, stones, turned);
            note(r, &mut cost);
        }
        cost.legal += usize::from(r.end.is_some());
    }
    cost
}

/// [`model_cost`] of a state of a headless board, from the mover's side at the start of a
/// turn; `None` where the model does not apply.
fn model_laps(rules: &Tsoro, s: &TsoroState, turned: bool) -> Option<Cost> {
    if rules.settings().heads != sowing::tsoro::Heads::None || !s.to_string().contains(" 0 0 ") {
        return None;
    }
    let me = s.to_move();
    if s.row_loop(me).iter().all(|&c| c < 2) {
        return None; // singleton steps: not modelled
    }
    let board = Board {
        south: s.row_loop(me).iter().map(|&c| c.into()).collect(),
        north: s.row_loop(!me).iter().map(|&c| c.into()).collect(),
    };
    Some(model_cost(rules, &board, turned))
}

/// The time of `legal_moves` (best of three, against the machine's noise).
fn cost(rules: &Tsoro, s: &TsoroState) -> Duration {
    (0..3)
        .map(|_| {
            let t = Instant::now();
            std::hint::black_box(rules.legal_moves(std::hint::black_box(s)));
            t.elapsed()
        })
        .min()
        .unwrap_or_default()
}

/// The boards searched by default: Tracey's and every headless size, with re-entered
/// captures (without, a loop never holds more than its starting half).
fn default_boards() -> Vec<String> {
    let mut boards = vec!["tsoro:tracey,reenter".to_string()];
    boards.extend((6..=21).map(|n| format!("tsoro:holes={n},heads=none,bonus=0,reenter")));
    boards
}

/// A random restart: South's loop holds `mine` stones, North's the rest.
fn restart(rng: &mut SplitMix64, n: usize, total: u32, mine: u32) -> Board {
    let mut south = vec![0u32; 2 * n];
    for _ in 0..mine {
        south[rng.below(2 * n as u32) as usize] += 1;
    }
    let mut north = vec![0u32; 2 * n];
    for _ in mine..total {
        north[rng.below(2 * n as u32) as usize] += 1;
    }
    Board { south, north }
}

/// A neighbour: one to three stones moved within South's loop, and now and then one moved
/// between the loops (North's stones in his inner holes are what South captures).
fn mutate(rng: &mut SplitMix64, board: &Board, cross: bool) -> Board {
    let mut next = board.clone();
    let len = next.south.len() as u32;
    for _ in 0..1 + rng.below(3) {
        let from = rng.below(len) as usize;
        if next.south[from] > 0 {
            next.south[from] -= 1;
            next.south[rng.below(len) as usize] += 1;
        }
    }
    if cross && rng.below(4) == 0 {
        let (a, b) = (rng.below(len) as usize, rng.below(len) as usize);
        if rng.below(2) == 0 && next.south[a] > 0 {
            next.south[a] -= 1;
            next.north[b] += 1;
        } else if next.north[b] > 0 {
            next.north[b] -= 1;
            next.south[a] += 1;
        }
    }
    next
}

/// What the searcher found on one board.
struct Found {
    ruleset: String,
    position: String,
    cost: Cost,
    stones_in_loop: u32,
    evaluations: u64,
}

/// Hill-climbing over validated positions of each board, maximising the laps the model says
/// South's `legal_moves` walks; restarts after `patience` evaluations without a gain. Each
/// restart puts between `share.0` and `share.1` (fractions of the stones) in South's loop,
/// the rest in North's; with `cross`, stones also move between the loops; with `turned`, the
/// laps counted are those of a walk that stops when its state comes back turned.
fn hill_climb(
    boards: &[String],
    budget: Duration,
    seed: u64,
    share: (f64, f64),
    cross: bool,
    turned: bool,
    say: &mut dyn FnMut(String) -> Result<(), Stop>,
) -> Result<Vec<Found>, Stop> {
    let per = budget / boards.len().max(1) as u32;
    let mut rng = SplitMix64::new(seed);
    let mut found = Vec::new();
    let patience = 400;
    for text in boards {
        let rules: Tsoro = text.parse().map_err(|e| format!("{text}: {e}"))?;
        let n = rules.settings().holes as usize;
        if rules.settings().heads != sowing::tsoro::Heads::None {
            return Err(format!("{text}: the searcher takes headless boards only").into());
        }
        let total = rules.total_seeds();
        let until = Instant::now() + per;
        let mut best: Option<Found> = None;
        let mut evaluations = 0u64;
        let mut longest_cycle = 0u64;
        while Instant::now() < until {
            let lo = (share.0 * f64::from(total)).round() as u32;
            let hi = ((share.1 * f64::from(total)).round() as u32).clamp(lo, total);
            let mine = lo + rng.below(hi - lo + 1);
            let mut board = restart(&mut rng, n, total, mine);
            let mut here = 0u64;
            let mut stale = 0;
            while stale < patience && Instant::now() < until {
                let next = mutate(&mut rng, &board, cross);
                stale += 1;
                let p = position(&next.south, &next.north);
                if rules.parse_position(&p).is_err() {
                    continue;
                }
                let c = model_cost(&rules, &next, turned);
                evaluations += 1;
                longest_cycle = longest_cycle.max(c.cycle);
                let score = c.total + c.sown;
                if score >= here {
                    if score > here {
                        stale = 0;
                    }
                    here = score;
                    board = next;
                    if best.as_ref().is_none_or(|b| c.total > b.cost.total) {
                        best = Some(Found {
                            ruleset: text.clone(),
                            position: p,
                            cost: c,
                            stones_in_loop: board.south.iter().sum(),
                            evaluations: 0,
                        });
                    }
                }
            }
        }
        if let Some(mut b) = best {
            b.evaluations = evaluations;
            let state: TsoroState = b.position.parse().map_err(|e| format!("{e}"))?;
            say(format!(
                "search {text}: {evaluations} positions; worst {} laps walked by legal_moves \
                 (longest relay {}, longest cycle {}, this search's longest cycle {longest_cycle}), \
                 {} of {total} stones in South's loop, legal_moves {:.3} ms: \"{}\"",
                b.cost.total,
                b.cost.longest,
                b.cost.cycle,
                b.stones_in_loop,
                ms(cost(&rules, &state)),
                b.position
            ))?;
            found.push(b);
        }
    }
    Ok(found)
}
