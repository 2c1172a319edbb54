//! The time manager: how long a move may take on a game clock.

use std::time::Duration;

/// The mover's clock as `go wtime <ms> btime <ms> [winc <ms>] [binc <ms>] [movestogo <n>]`
/// gives it, and the time manager that turns it into a budget for one move
/// ([`budget`](Clock::budget)).
///
/// The budget is the time left less a safety margin ([`Clock::SAFETY`], for the answer to
/// reach the GUI and the search to unwind), shared among the moves to the next time control
/// (`movestogo`, else [`Clock::HORIZON`] moves), plus three quarters of the increment; never
/// more than half of the time left after the margin, so a move can never run the clock out,
/// and the clock left after it always pays for the next.
///
/// ```
/// use std::time::Duration;
/// use sowing::engine::Clock;
///
/// // 60 s + 1 s a move: (60 s - 50 ms) / 25 + 750 ms.
/// let clock = Clock::new(Duration::from_secs(60), Duration::from_secs(1), None);
/// assert_eq!(clock.budget(), Duration::from_millis(3148));
/// // The last move before the time control: at most half of what is left.
/// let last = Clock::new(Duration::from_millis(2050), Duration::ZERO, Some(1));
/// assert_eq!(last.budget(), Duration::from_millis(1000));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// The time left on the mover's clock.
    pub remaining: Duration,
    /// The time added to it after each of his moves.
    pub increment: Duration,
    /// The mover's moves to the next time control (`movestogo`, at least 1), or `None`: the
    /// time left is for the rest of the game.
    pub moves_to_go: Option<u32>,
}

impl Clock {
    /// The moves the time left is shared among when the clock does not say (`movestogo`):
    /// a game of sudden death is taken to last this many more moves, whatever its length so
    /// far, so each move takes a fixed share of what is left.
    pub const HORIZON: u32 = 25;

    /// Kept back from the time left before it is shared: the time for the answer to reach
    /// the GUI and for the search to stop and unwind (half the time left when that is less).
    pub const SAFETY: Duration = Duration::from_millis(50);

    /// A clock of `remaining` time, `increment` a move, and `moves_to_go` moves to the next
    /// time control (`None`: the rest of the game; 0 is read as 1).
    pub fn new(remaining: Duration, increment: Duration, moves_to_go: Option<u32>) -> Clock {
        Clock {
            remaining,
            increment,
            moves_to_go: moves_to_go.map(|n| n.max(1)),
        }
    }

    /// The time this move may take: `(remaining - safety) / moves + 3/4 increment`, at most
    /// `(remaining - safety) / 2`, where `safety` is [`Clock::SAFETY`] or half the time left
    /// if less, and `moves` is `movestogo` or [`Clock::HORIZON`]. Always below the time
    /// left (0 when none is left).
    pub fn budget(&self) -> Duration {
        let safety = Self::SAFETY.min(self.remaining / 2);
        let usable = self.remaining.saturating_sub(safety);
        let moves = self.moves_to_go.unwrap_or(Self::HORIZON).max(1);
        let share = usable / moves + self.increment * 3 / 4;
        share.min(usable / 2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn the_budget_of_sixty_seconds_and_one_a_move() {
        let clock = Clock::new(ms(60_000), ms(1_000), None);
        assert_eq!(clock.budget(), ms(3_148));
        // Later in the game, 10 s left: 9.95 s / 25 + 0.75 s.
        assert_eq!(Clock::new(ms(10_000), ms(1_000), None).budget(), ms(1_148));
        // 1.2 s left: the cap, half of 1.15 s, is below the share.
        assert_eq!(Clock::new(ms(1_200), ms(1_000), None).budget(), ms(575));
        // 40 moves to go, no increment: 59.95 s / 40.
        assert_eq!(
            Clock::new(ms(60_000), ms(0), Some(40)).budget(),
            Duration::from_micros(1_498_750)
        );
    }

    #[test]
    fn the_budget_is_always_below_the_time_left() {
        assert_eq!(Clock::new(ms(0), ms(1_000), None).budget(), ms(0));
        assert_eq!(
            Clock::new(ms(10), ms(0), Some(1)).budget(),
            Duration::from_micros(2_500)
        );
        for left in [1, 2, 10, 49, 50, 51, 100, 1_000, 60_000, 3_600_000] {
            for inc in [0, 1, 100, 1_000, 30_000] {
                for moves in [None, Some(0), Some(1), Some(2), Some(40)] {
                    let clock = Clock::new(ms(left), ms(inc), moves);
                    let budget = clock.budget();
                    assert!(budget <= ms(left) / 2, "{clock:?}: {budget:?}");
                    assert!(budget < ms(left), "{clock:?}: {budget:?}");
                }
            }
        }
    }
}
