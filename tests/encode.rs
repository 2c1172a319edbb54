//! The encodings of `sowing::encode` and its `Batch`, on every game and a spread of switches.
//!
//! Along random games the conformance-style check tests, at every position: the mask is the
//! legal moves, actions and moves map to each other both ways, the observation is what the
//! state's own accessors say (an independent decoding through the public API), equal states
//! (read back from their text) give equal observations, and equal observations give equal
//! masks and outcomes. The batch tests play the same games through `Batch` and through the
//! single-state API and compare everything after every step.

use std::collections::HashMap;
use std::fmt::Debug;

use proptest::prelude::*;
use sowing::encode::{
    ActionSet, Batch, BatchOptions, Buffers, EncodeError, Encoding, MAX_ACTIONS, Reward,
};
use sowing::kalah::{Kalah, KalahMove};
use sowing::oware::Oware;
use sowing::toguz::{Toguz, ToguzMove};
use sowing::tsoro::{Hole, Phase, Tsoro, TsoroMove};
use sowing::{Outcome, Player, RandomSource, Ruleset, SplitMix64};

const KALAH: [&str; 7] = [
    "kalah",
    "kalah:pits=4,seeds=3",
    "kalah:empty-capture",
    "kalah:end-at-turn,leftovers-to-nobody",
    "kalah:pie",
    "kalah:pits=7,seeds=2,pie,end-at-turn",
    "kalah:pits=2,seeds=2,pie",
];
const TOGUZ: [&str; 6] = [
    "toguz",
    "toguz:bestemshe",
    "toguz:kozdatu",
    "toguz:no-origin-sowing",
    "toguz:play-to-end",
    "toguz:holes=3,balls=2,no-tuzdik,no-origin-sowing",
];
const TSORO: [&str; 8] = [
    "tsoro",
    "tsoro:holes=8,heads=none,bonus=0",
    "tsoro:tracey,max-plies=1000",
    "tsoro:reenter,holes=8,max-plies=300",
    "tsoro:heads=single-left,holes=12",
    "tsoro:heads=both-ends,holes=6,bonus=3,forced-bonus,heads-immune",
    "tsoro:holes=8,heads=none,bonus=0,reenter,max-plies=60",
    "tsoro:tracey,reenter,max-plies=30",
];

/// The observation as the state's public accessors give it: the layouts of the modules'
/// docs, written out again independently of the encoders.
trait Expected: Encoding {
    fn expected(&self, s: &Self::State) -> Vec<f32>;
}

impl Expected for Kalah {
    fn expected(&self, s: &Self::State) -> Vec<f32> {
        let (me, op) = (s.to_move(), !s.to_move());
        let m = s.pits();
        let mut v: Vec<f32> = (1..=m).map(|p| s.pit(me, p).into()).collect();
        v.extend((1..=m).map(|p| f32::from(s.pit(op, p))));
        v.push(s.store(me).into());
        v.push(s.store(op).into());
        let pie = s.to_string().ends_with(" pie");
        v.push(f32::from(u8::from(s.swap_available())));
        v.push(f32::from(u8::from(pie && me == Player::South)));
        v
    }
}

impl Expected for Toguz {
    fn expected(&self, s: &Self::State) -> Vec<f32> {
        let (me, op) = (s.to_move(), !s.to_move());
        let n = s.holes();
        let mut v: Vec<f32> = (1..=n).map(|h| s.hole(me, h).into()).collect();
        v.extend((1..=n).map(|h| f32::from(s.hole(op, h))));
        v.push(s.kazan(me).into());
        v.push(s.kazan(op).into());
        let mut marks = vec![0.0; 2 * n];
        if let Some(h) = s.tuzdik(me) {
            marks[usize::from(h) - 1] = 1.0;
        }
        if let Some(h) = s.tuzdik(op) {
            marks[n + usize::from(h) - 1] = 1.0;
        }
        v.extend(marks);
        v
    }
}

impl Expected for Oware {
    fn expected(&self, s: &Self::State) -> Vec<f32> {
        let (me, op) = (s.to_move(), !s.to_move());
        let n = s.houses();
        let mut v: Vec<f32> = (1..=n).map(|h| s.house(me, h).into()).collect();
        v.extend((1..=n).map(|h| f32::from(s.house(op, h))));
        v.push(s.store(me).into());
        v.push(s.store(op).into());
        let left = self.settings().max_plies.map_or(0, |max| max - s.ply());
        v.push(left as f32);
        v
    }
}

impl Expected for Tsoro {
    fn expected(&self, s: &Self::State) -> Vec<f32> {
        let (me, op) = (s.to_move(), !s.to_move());
        let n = s.holes();
        let own = |h: Hole| f32::from(s.hole(me, h.own_index(n).unwrap()));
        let theirs = |h: Hole| f32::from(s.hole(op, h.opponent_index(n).unwrap()));
        let ks = 1..=n as u8;
        let mut v: Vec<f32> = ks.clone().map(|k| own(Hole::outer(k))).collect();
        v.extend(ks.clone().map(|k| own(Hole::inner(k))));
        v.extend(ks.clone().map(|k| theirs(Hole::inner(k))));
        v.extend(ks.map(|k| theirs(Hole::outer(k))));
        // The two pending decisions as hole numbers (0: none).
        let (mut head, mut takes) = (0, 0);
        match s.phase() {
            Phase::Head(i) => {
                let h = Hole::from_own_index(i.into(), n);
                assert_eq!(h.row, sowing::tsoro::Row::Outer, "heads are outer holes");
                head = h.number;
            }
            Phase::Bonus(k) => takes = k,
            Phase::Start => {}
        }
        let (hand, at) = s.hand();
        let mut reenter = 0;
        if hand > 0 {
            let h = Hole::from_own_index(at, n);
            assert_eq!(
                h.row,
                sowing::tsoro::Row::Inner,
                "the hand waits at an inner hole"
            );
            reenter = h.number;
        }
        v.extend([f32::from(head), f32::from(reenter)]);
        v.extend([
            f32::from(s.captured(me)),
            f32::from(s.captured(op)),
            f32::from(takes),
            f32::from(hand),
            f32::from(s.captures_made(me)),
            f32::from(s.captures_made(op)),
            s.ply() as f32,
        ]);
        v
    }
}

/// The outcome seen from the player to move: his value and his score margin.
fn mover_view<R: Ruleset>(rules: &R, s: &R::State) -> Option<(i32, Option<i64>)> {
    let me = rules.to_move(s);
    rules.outcome(s).map(|o: Outcome| {
        let margin = o.score().map(|sc| {
            let (a, b) = (i64::from(sc.south), i64::from(sc.north));
            if me == Player::South { a - b } else { b - a }
        });
        (o.value_for(me), margin)
    })
}

type Seen = HashMap<Vec<u32>, (Vec<bool>, Option<(i32, Option<i64>)>)>;

/// Everything the encoding promises, at one position.
fn check_position<R: Expected>(rules: &R, s: &R::State, seen: &mut Seen)
where
    R::Move: Debug,
{
    let n = rules.num_actions();
    assert!(n <= MAX_ACTIONS);
    let legal = rules.legal_moves(s);
    let set = rules.legal_actions(s);
    // The mask is the legal moves, one action each.
    let mut from_moves = ActionSet::EMPTY;
    for &mv in legal.iter() {
        let a = rules
            .move_to_action(s, mv)
            .expect("every legal move has an action");
        assert!(a < n);
        assert_eq!(rules.action_to_move(s, a), Some(mv), "round trip of {mv:?}");
        from_moves.insert(a);
    }
    assert_eq!(set, from_moves, "{s}");
    assert_eq!(set.len(), legal.len(), "{s}");
    assert_eq!(set.is_empty(), rules.is_over(s));
    let mask = rules.action_mask(s);
    assert_eq!(mask.len(), n);
    for (a, &m) in mask.iter().enumerate() {
        assert_eq!(m, set.contains(a));
        // Every action is a move of the game, and maps back.
        let mv = rules
            .action_to_move(s, a)
            .expect("an action in range is a move");
        assert_eq!(rules.move_to_action(s, mv), Some(a));
        assert_eq!(rules.is_legal(s, mv), m, "{s}: action {a} = {mv:?}");
    }
    assert_eq!(rules.action_to_move(s, n), None);
    // The observation, against the accessors, and the same for the same state read back.
    let obs = rules.observation(s);
    assert_eq!(obs.len(), rules.observation_len());
    assert_eq!(rules.observation_shape(), [rules.observation_len()]);
    assert_eq!(obs, rules.expected(s), "{s}");
    let again = rules.parse_position(&s.to_string()).unwrap();
    assert_eq!(rules.observation(&again), obs);
    // Equal observations, equal masks and outcomes (from the mover's side).
    let key: Vec<u32> = obs.iter().map(|x| x.to_bits()).collect();
    let view = (mask.clone(), mover_view(rules, s));
    let old = seen.entry(key).or_insert_with(|| view.clone());
    assert_eq!(*old, view, "two positions with one observation differ: {s}");
}

/// Random games of `rules`, checked at every position; also the checked `play_action` for
/// every action at each position.
fn check_games<R: Expected>(rules: &R, seed: u64, games: usize)
where
    R::Move: Debug,
{
    let mut rng = SplitMix64::new(seed);
    let mut seen = Seen::new();
    for _ in 0..games {
        let mut s = rules.start();
        let mut plies = 0;
        loop {
            check_position(rules, &s, &mut seen);
            let set = rules.legal_actions(&s);
            for a in 0..rules.num_actions() + 2 {
                let mut t = s;
                let r = rules.play_action(&mut t, a);
                if set.contains(a) {
                    r.unwrap();
                    let mut u = s;
                    rules.play_unchecked(&mut u, rules.action_to_move(&s, a).unwrap());
                    assert_eq!(t, u);
                } else {
                    assert!(r.is_err());
                    assert_eq!(t, s, "a refused action changed the state");
                }
            }
            if set.is_empty() || plies > 3000 {
                break;
            }
            let a = set.nth(rng.below(set.len() as u32) as usize).unwrap();
            rules.play_action(&mut s, a).unwrap();
            plies += 1;
        }
    }
    assert!(seen.len() > 10, "{rules}: only {} observations", seen.len());
}

#[test]
fn kalah_encodings_hold_along_random_games() {
    for (i, text) in KALAH.iter().enumerate() {
        check_games(&text.parse::<Kalah>().unwrap(), i as u64, 40);
    }
}

#[test]
fn toguz_encodings_hold_along_random_games() {
    for (i, text) in TOGUZ.iter().enumerate() {
        check_games(&text.parse::<Toguz>().unwrap(), i as u64, 12);
    }
}

#[test]
fn oware_encodings_hold_along_random_games() {
    for (i, text) in [
        "oware",
        "oware:grand-slam=illegal",
        "oware:houses=3,seeds=2,max-plies=200",
        "oware:houses=8,seeds=3,divide-on-win",
    ]
    .iter()
    .enumerate()
    {
        check_games(&text.parse::<Oware>().unwrap(), i as u64, 20);
    }
}

#[test]
fn tsoro_encodings_hold_along_random_games() {
    for (i, text) in TSORO.iter().enumerate() {
        check_games(&text.parse::<Tsoro>().unwrap(), i as u64, 6);
    }
}

#[test]
fn tsoro_observations_show_pending_decisions() {
    // Random games of 4 x 6 until a head decision and bonus takes come up.
    let rules: Tsoro = "tsoro:holes=6,heads=both-ends,bonus=3".parse().unwrap();
    assert_eq!((rules.num_actions(), rules.observation_len()), (27, 33));
    let (mut heads, mut bonuses) = (0, 0);
    let mut rng = SplitMix64::new(11);
    for _ in 0..30 {
        let mut s = rules.start();
        while let Some(mv) = rules.random_move(&s, &mut rng) {
            let obs = rules.observation(&s);
            let legal: Vec<usize> = rules.legal_actions(&s).iter().collect();
            match s.phase() {
                Phase::Head(i) => {
                    heads += 1;
                    // An outer hole, o1 or o6, by its number.
                    assert!(i == 0 || i == 5);
                    assert_eq!(obs[24], f32::from(i + 1));
                    assert!(legal == [12, 13] || legal == [13], "{s}: {legal:?}");
                    assert_eq!(rules.action_to_move(&s, 12), Some(TsoroMove::Relay));
                    assert_eq!(rules.action_to_move(&s, 13), Some(TsoroMove::Stop));
                }
                Phase::Bonus(k) => {
                    bonuses += 1;
                    assert_eq!(obs[28], f32::from(k));
                    assert!(obs[26] > 0.0, "a capture came first");
                    assert!(legal.iter().all(|&a| (14..27).contains(&a)), "{legal:?}");
                    assert_eq!(legal.last(), Some(&26)); // `done`
                    assert_eq!(rules.action_to_move(&s, 26), Some(TsoroMove::Done));
                    assert_eq!(
                        rules.action_to_move(&s, 14),
                        Some(TsoroMove::Take(Hole::outer(1)))
                    );
                    assert_eq!(
                        rules.action_to_move(&s, 20),
                        Some(TsoroMove::Take(Hole::inner(1)))
                    );
                }
                Phase::Start => {
                    assert_eq!(obs[24], 0.0);
                    assert_eq!(obs[28], 0.0);
                    assert!(legal.iter().all(|&a| a < 12));
                }
            }
            rules.play_unchecked(&mut s, mv);
        }
    }
    assert!(
        heads > 20 && bonuses > 20,
        "{heads} head decisions, {bonuses} bonus phases"
    );
}

#[test]
fn kalah_and_toguz_actions_are_the_holes() {
    let kalah: Kalah = "kalah:pits=4,seeds=3".parse().unwrap();
    let s = kalah.start();
    assert_eq!(kalah.num_actions(), 5);
    assert_eq!(kalah.action_to_move(&s, 3), Some(KalahMove::Pit(4)));
    assert_eq!(kalah.action_to_move(&s, 4), Some(KalahMove::Swap));
    assert_eq!(kalah.move_to_action(&s, KalahMove::Pit(5)), None);
    assert!(!kalah.legal_actions(&s).contains(4)); // no pie rule
    let toguz = Toguz::default();
    let s = toguz.start();
    assert_eq!(toguz.move_to_action(&s, ToguzMove(10)), None);
    assert_eq!(toguz.move_to_action(&s, ToguzMove(0)), None);
    // A tuzdik on each side: South owns North's 6, North owns South's 4.
    let s = toguz
        .parse_position("6S,1,1S,t,5S,3S,4S,3S,1S/1S,2S,2S,t,3S,2S,2S,1S,1S 82 43 N 38")
        .unwrap();
    let obs = toguz.observation(&s);
    let marks: Vec<usize> = (20..38).filter(|&i| obs[i] == 1.0).collect();
    assert_eq!(marks, [20 + 3, 29 + 5]); // North's on South's 4; South's on North's 6
    assert_eq!(obs[18..20], [43., 82.]);
    assert!(toguz.legal_actions(&s).is_empty()); // 82 decides
}

#[test]
fn checked_forms_refuse_wrong_lengths() {
    let rules = Kalah::default();
    let s = rules.start();
    let mut short = [0.0f32; 13];
    assert_eq!(
        rules.write_observation(&s, &mut short),
        Err(EncodeError::Length {
            what: "the observation",
            expected: 16,
            found: 13
        })
    );
    assert_eq!(short, [0.0; 13]);
    let mut mask = [true; 7];
    rules.write_action_mask(&s, &mut mask).unwrap();
    assert_eq!(mask, [true, true, true, true, true, true, false]);
    assert!(rules.write_action_mask(&s, &mut [false; 8]).is_err());
    let mut t = s;
    assert_eq!(
        rules.play_action(&mut t, 7),
        Err(EncodeError::OutOfRange {
            env: 0,
            action: 7,
            num_actions: 7
        })
    );
    assert_eq!(
        rules.play_action(&mut t, 6),
        Err(EncodeError::Illegal { env: 0, action: 6 })
    );
    assert_eq!(t, s);
}

/// Owned buffers for a batch.
#[derive(Clone, PartialEq, Debug)]
struct Owned {
    obs: Vec<f32>,
    fin: Vec<f32>,
    rewards: Vec<f32>,
    term: Vec<bool>,
    trunc: Vec<bool>,
    to_move: Vec<u8>,
    masks: Vec<bool>,
}

impl Owned {
    fn new<R: Encoding>(b: &Batch<R>) -> Owned {
        let n = b.len();
        Owned {
            obs: vec![-1.0; n * b.observation_len()],
            fin: vec![-1.0; n * b.observation_len()],
            rewards: vec![-1.0; 2 * n],
            term: vec![true; n],
            trunc: vec![true; n],
            to_move: vec![9; n],
            masks: vec![true; n * b.num_actions()],
        }
    }
    fn buffers(&mut self) -> Buffers<'_> {
        Buffers {
            observations: &mut self.obs,
            final_observations: &mut self.fin,
            rewards: &mut self.rewards,
            terminated: &mut self.term,
            truncated: &mut self.trunc,
            to_move: &mut self.to_move,
            masks: &mut self.masks,
        }
    }
}

/// Plays `steps` steps of a batch of `n` games with random legal actions, beside the same
/// games played one by one through `play_action`, and compares everything after each step.
/// Returns the number of games that ended (terminated, truncated).
fn batch_equals_single<R: Encoding>(
    rules: R,
    n: usize,
    steps: usize,
    seed: u64,
    options: BatchOptions,
) -> (usize, usize) {
    let mut batch = Batch::new(rules.clone(), n, options);
    let (k, m) = (batch.observation_len(), batch.num_actions());
    let mut out = Owned::new(&batch);
    batch.reset(seed, &mut out.buffers()).unwrap();
    let mut single = vec![rules.start(); n];
    let mut plies = vec![0u32; n];
    let mut actions = vec![0usize; n];
    let (mut ended, mut cut) = (0, 0);
    for step in 0..=steps {
        for (i, s) in single.iter().enumerate() {
            assert_eq!(batch.states()[i], *s, "step {step}, game {i}");
            assert_eq!(out.obs[i * k..(i + 1) * k], rules.observation(s)[..]);
            assert_eq!(out.masks[i * m..(i + 1) * m], rules.action_mask(s)[..]);
            assert_eq!(out.to_move[i], rules.to_move(s).index() as u8);
        }
        if step == steps {
            break;
        }
        batch.random_actions(&mut actions).unwrap();
        batch.step(&actions, &mut out.buffers()).unwrap();
        for (i, s) in single.iter_mut().enumerate() {
            rules.play_action(s, actions[i]).unwrap();
            plies[i] += 1;
            let over = rules.is_over(s);
            let limit = options.max_plies.is_some_and(|p| plies[i] >= p);
            assert_eq!(out.term[i], over, "game {i}");
            assert_eq!(out.trunc[i], !over && limit, "game {i}");
            let rewards = match rules.outcome(s) {
                Some(o) if over => options.reward.of(o),
                _ => [0.0; 2],
            };
            assert_eq!(out.rewards[2 * i..2 * i + 2], rewards);
            if over || limit {
                assert_eq!(out.fin[i * k..(i + 1) * k], rules.observation(s)[..]);
                *s = rules.start();
                plies[i] = 0;
                if over {
                    ended += 1;
                } else {
                    cut += 1;
                }
            }
        }
        assert_eq!(batch.plies(), plies);
    }
    (ended, cut)
}

#[test]
fn batches_equal_single_games() {
    for text in KALAH {
        let (ended, _) = batch_equals_single(
            text.parse::<Kalah>().unwrap(),
            16,
            150,
            3,
            BatchOptions::default(),
        );
        assert!(ended > 16, "{text}: {ended} games ended");
    }
    for text in TOGUZ {
        let (ended, _) = batch_equals_single(
            text.parse::<Toguz>().unwrap(),
            8,
            400,
            4,
            BatchOptions {
                reward: Reward::Margin,
                max_plies: None,
            },
        );
        assert!(ended >= 4, "{text}: {ended} games ended");
    }
    for text in TSORO {
        let (ended, cut) = batch_equals_single(
            text.parse::<Tsoro>().unwrap(),
            4,
            300,
            5,
            BatchOptions {
                reward: Reward::WinLoss,
                max_plies: Some(120),
            },
        );
        assert!(ended + cut >= 4, "{text}: {ended} + {cut} games ended");
    }
}

#[test]
fn batches_truncate_at_their_ply_limit() {
    let (ended, cut) = batch_equals_single(
        Toguz::default(),
        4,
        100,
        9,
        BatchOptions {
            reward: Reward::WinLoss,
            max_plies: Some(30),
        },
    );
    assert_eq!((ended, cut), (0, 12)); // no Toguz game ends within 30 plies
}

#[test]
fn rewards_are_per_seat() {
    let s = sowing::Score {
        south: 30,
        north: 18,
    };
    let o = Outcome::by_score(s);
    assert_eq!(Reward::WinLoss.of(o), [1.0, -1.0]);
    assert_eq!(Reward::Margin.of(o), [12.0, -12.0]);
    let tsoro = Outcome::Win {
        winner: Player::North,
        score: None,
    };
    assert_eq!(Reward::Margin.of(tsoro), [-1.0, 1.0]);
    assert_eq!(
        Reward::WinLoss.of(Outcome::Draw { score: None }),
        [0.0, 0.0]
    );
}

#[test]
fn bad_actions_change_no_game() {
    let rules: Tsoro = "tsoro:holes=8".parse().unwrap();
    let mut batch = Batch::new(rules.clone(), 5, BatchOptions::default());
    let mut out = Owned::new(&batch);
    batch.reset(1, &mut out.buffers()).unwrap();
    let mut actions = vec![0usize; 5];
    for _ in 0..7 {
        batch.random_actions(&mut actions).unwrap();
        batch.step(&actions, &mut out.buffers()).unwrap();
    }
    let states = batch.states().to_vec();
    let plies = batch.plies().to_vec();
    let snap = out.clone();
    batch.random_actions(&mut actions).unwrap();
    // An illegal action in the last game: every game stays as it was, and the buffers too.
    let illegal = (0..batch.num_actions())
        .find(|&a| !batch.legal_actions()[4].contains(a))
        .unwrap();
    let mut bad = actions.clone();
    bad[4] = illegal;
    assert_eq!(
        batch.step(&bad, &mut out.buffers()),
        Err(EncodeError::Illegal {
            env: 4,
            action: illegal
        })
    );
    let wide: Vec<i64> = actions
        .iter()
        .enumerate()
        .map(|(i, &a)| if i == 2 { -1 } else { a as i64 })
        .collect();
    assert_eq!(
        batch.step(&wide, &mut out.buffers()),
        Err(EncodeError::OutOfRange {
            env: 2,
            action: -1,
            num_actions: 35
        })
    );
    let mut far = actions.clone();
    far[0] = 35;
    assert!(matches!(
        batch.step(&far, &mut out.buffers()),
        Err(EncodeError::OutOfRange { env: 0, .. })
    ));
    assert!(matches!(
        batch.step(&actions[..4], &mut out.buffers()),
        Err(EncodeError::Length {
            what: "actions",
            ..
        })
    ));
    let mut short = Owned::new(&batch);
    short.masks.pop();
    assert!(matches!(
        batch.step(&actions, &mut short.buffers()),
        Err(EncodeError::Length { what: "masks", .. })
    ));
    assert_eq!(batch.states(), states);
    assert_eq!(batch.plies(), plies);
    assert!(out == snap, "a refused step wrote into the buffers");
    // The good actions still play.
    batch.step(&actions, &mut out.buffers()).unwrap();
    assert_ne!(batch.states(), states);
}

#[test]
fn reset_starts_every_game_again() {
    let mut batch = Batch::new(Kalah::default(), 3, BatchOptions::default());
    let mut out = Owned::new(&batch);
    batch.reset(0, &mut out.buffers()).unwrap();
    batch.step(&[0u32, 1, 2], &mut out.buffers()).unwrap();
    assert_eq!(out.to_move, [1, 1, 0]);
    batch.reset(0, &mut out.buffers()).unwrap();
    assert_eq!(batch.states(), [Kalah::default().start(); 3]);
    assert_eq!(batch.plies(), [0, 0, 0]);
    assert_eq!(out.to_move, [0, 0, 0]);
    assert_eq!(out.rewards, [0.0; 6]);
    assert_eq!(out.term, [false; 3]);
    assert_eq!(
        out.obs[..16],
        [
            4., 4., 4., 4., 4., 4., 4., 4., 4., 4., 4., 4., 0., 0., 0., 0.
        ]
    );
    // An empty batch steps too.
    let mut empty = Batch::new(Kalah::default(), 0, BatchOptions::default());
    let mut out = Owned::new(&empty);
    empty.reset(0, &mut out.buffers()).unwrap();
    empty.step::<usize>(&[], &mut out.buffers()).unwrap();
    assert!(empty.is_empty());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// Batches of any size and seed equal the single games, under every reward and limit.
    #[test]
    fn any_batch_equals_single_games(
        n in 1usize..9,
        seed in any::<u64>(),
        which in 0usize..3,
        limit in proptest::option::of(5u32..60),
        margin in any::<bool>(),
    ) {
        let options = BatchOptions {
            reward: if margin { Reward::Margin } else { Reward::WinLoss },
            max_plies: limit,
        };
        match which {
            0 => { batch_equals_single(Kalah::default(), n, 80, seed, options); }
            1 => { batch_equals_single(Toguz::default(), n, 80, seed, options); }
            _ => { batch_equals_single(Tsoro::default(), n, 40, seed, options); }
        }
    }

    /// `ActionSet::write_mask` writes every bit, for any set and length.
    #[test]
    fn masks_are_the_bits(bits in any::<u128>(), len in 0usize..=128) {
        let set = ActionSet::from_bits(bits);
        let mut out = vec![true; len];
        set.write_mask(&mut out);
        for (a, &m) in out.iter().enumerate() {
            prop_assert_eq!(m, bits >> a & 1 == 1);
        }
        prop_assert_eq!(set.iter().count(), set.len());
        for (k, a) in set.iter().enumerate() {
            prop_assert_eq!(set.nth(k), Some(a));
        }
        prop_assert_eq!(set.nth(set.len()), None);
    }
}
