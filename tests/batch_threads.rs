//! `Batch`'s sizes, runs on threads, an opponent inside the step, games started from given
//! positions and its random source's position.

use sowing::Player;
use sowing::Ruleset;
use sowing::encode::{
    Batch, BatchError, BatchOptions, Buffers, Encoding, MAX_GAMES, Versus, run_on_threads,
};
use sowing::kalah::Kalah;
use sowing::search::{Agent, AgentSpec};
use sowing::toguz::Toguz;

/// Every buffer of a batch, copied.
type Written = (
    Vec<f32>,
    Vec<f32>,
    Vec<f32>,
    Vec<bool>,
    Vec<bool>,
    Vec<u8>,
    Vec<bool>,
);

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
            obs: vec![0.0; n * b.observation_len()],
            fin: vec![0.0; n * b.observation_len()],
            rewards: vec![0.0; 2 * n],
            term: vec![false; n],
            trunc: vec![false; n],
            to_move: vec![0; n],
            masks: vec![false; n * b.num_actions()],
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
    /// Everything written, for comparing two batches.
    fn all(&self) -> Written {
        (
            self.obs.clone(),
            self.fin.clone(),
            self.rewards.clone(),
            self.term.clone(),
            self.trunc.clone(),
            self.to_move.clone(),
            self.masks.clone(),
        )
    }
}

#[test]
fn too_many_games_are_an_error_not_an_abort() {
    let options = BatchOptions::default();
    for n in [MAX_GAMES + 1, 1 << 31, usize::MAX] {
        assert_eq!(
            Batch::try_new(Kalah::default(), n, options).err(),
            Some(BatchError::TooMany {
                games: n as u128,
                max: MAX_GAMES
            })
        );
    }
    assert_eq!(Batch::footprint(&Kalah::default(), usize::MAX), None);
    let b = Batch::try_new(Kalah::default(), 3, options).unwrap();
    assert_eq!((b.len(), b.episode_lengths()), (3, &[0, 0, 0][..]));
}

#[test]
fn runs_on_threads_step_as_one_run_does() {
    let options = BatchOptions {
        max_plies: Some(60),
        ..BatchOptions::default()
    };
    let n = 3000;
    let mut one = Batch::new(Toguz::default(), n, options);
    let mut many = Batch::new(Toguz::default(), n, options);
    let (mut a, mut b) = (Owned::new(&one), Owned::new(&many));
    one.reset(3, &mut a.buffers()).unwrap();
    many.reset(3, &mut b.buffers()).unwrap();
    let mut actions = vec![0usize; n];
    let mut ended = 0;
    for _ in 0..120 {
        one.random_actions(&mut actions).unwrap();
        one.step(&actions, &mut a.buffers()).unwrap();
        many.step_on(&actions, &mut b.buffers(), 5, None, run_on_threads)
            .unwrap();
        assert_eq!(a.all(), b.all());
        assert_eq!(one.states(), many.states());
        assert_eq!(one.episode_lengths(), many.episode_lengths());
        ended += a.term.iter().chain(&a.trunc).filter(|&&e| e).count();
    }
    assert!(ended > n, "{ended}");
    // A bad action changes nothing in any run.
    let before = (many.states().to_vec(), b.all());
    actions[n - 1] = 99;
    assert!(
        many.step_on(&actions, &mut b.buffers(), 5, None, run_on_threads)
            .is_err()
    );
    assert_eq!((many.states().to_vec(), b.all()), before);
}

#[test]
fn the_opponent_replies_inside_the_step() {
    let rules: Kalah = "kalah:pits=4,seeds=3".parse().unwrap();
    let spec: AgentSpec = "alphabeta:depth=2".parse().unwrap();
    let n = 10;
    let mut batch = Batch::new(rules.clone(), n, BatchOptions::default());
    let mut out = Owned::new(&batch);
    batch.reset(1, &mut out.buffers()).unwrap();
    // One opponent, replayed below by one agent seeing the same positions in the same order
    // (an alpha-beta agent keeps its table between moves, which can change its choice among
    // equal moves).
    let mut agents: Vec<Box<dyn Agent<Kalah>>> = vec![spec.build::<Kalah>().unwrap()];
    let mut mine = spec.build::<Kalah>().unwrap();
    let seat = Player::North;
    // The learner is North: the opponent opens every game.
    for env in 0..n {
        let mut refs: Vec<&mut dyn Agent<Kalah>> = agents
            .iter_mut()
            .map(|a| &mut **a as &mut dyn Agent<Kalah>)
            .collect();
        let mut versus = Versus {
            seat,
            opponents: &mut refs,
        };
        batch
            .start_game(env, rules.start(), 0, &mut out.buffers(), Some(&mut versus))
            .unwrap();
    }
    assert!(out.to_move.iter().all(|&p| p == 1));
    let mut single = vec![rules.start(); n];
    let replies = |s: &mut <Kalah as Ruleset>::State, mine: &mut Box<dyn Agent<Kalah>>| {
        while !rules.is_over(s) && rules.to_move(s) != seat {
            let mv = mine.choose(&rules, s).unwrap();
            *s = rules.play(*s, mv).unwrap();
        }
    };
    for s in &mut single {
        replies(s, &mut mine);
    }
    assert_eq!(batch.states(), &single[..]);
    let mut actions = vec![0usize; n];
    let mut ended = 0;
    for _ in 0..40 {
        batch.random_actions(&mut actions).unwrap();
        let mut refs: Vec<&mut dyn Agent<Kalah>> = agents
            .iter_mut()
            .map(|a| &mut **a as &mut dyn Agent<Kalah>)
            .collect();
        let mut versus = Versus {
            seat,
            opponents: &mut refs,
        };
        batch
            .step_on(
                &actions,
                &mut out.buffers(),
                1,
                Some(&mut versus),
                run_on_threads,
            )
            .unwrap();
        for (env, s) in single.iter_mut().enumerate() {
            rules.play_action(s, actions[env]).unwrap();
            replies(s, &mut mine);
            assert_eq!(out.term[env], rules.is_over(s));
            if rules.is_over(s) {
                *s = rules.start();
                replies(s, &mut mine);
                ended += 1;
            }
        }
        assert_eq!(batch.states(), &single[..]);
        assert!(out.to_move.iter().all(|&p| p == 1));
    }
    assert!(ended > 0);
}

#[test]
fn games_start_from_positions_and_the_random_source_goes_on() {
    let rules = Kalah::default();
    let mut batch = Batch::new(rules.clone(), 4, BatchOptions::default());
    let mut out = Owned::new(&batch);
    batch.reset(5, &mut out.buffers()).unwrap();
    let mut s = rules.start();
    rules.play_action(&mut s, 2).unwrap();
    batch.start_game(1, s, 7, &mut out.buffers(), None).unwrap();
    assert_eq!(batch.states()[1], s);
    assert_eq!(batch.plies(), &[0, 7, 0, 0]);
    assert_eq!(&out.obs[16..32], &rules.observation(&s)[..]);
    assert_eq!(
        batch.start_game(4, s, 0, &mut out.buffers(), None),
        Err(BatchError::NoGame { env: 4, len: 4 })
    );
    let rng = batch.rng_state();
    let (mut x, mut y) = (vec![0; 4], vec![0; 4]);
    batch.random_actions(&mut x).unwrap();
    batch.set_rng_state(rng);
    batch.random_actions(&mut y).unwrap();
    assert_eq!(x, y);
}
