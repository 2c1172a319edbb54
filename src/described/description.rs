//! A description: every parameter of a two-row game, in four parts (board, sowing, captures,
//! end), each checked against the others once, when a [`Mancala`](super::Mancala) is built.

use crate::error::SettingsError;
pub use crate::grand_slam::GrandSlam;

/// The most holes a row.
pub const MAX_HOLES: u8 = 15;
/// The fewest holes a row.
pub const MIN_HOLES: u8 = 2;
/// The most seeds in all: every hole and store is an 8-bit counter.
pub const MAX_TOTAL: u32 = 255;

/// The board: holes a row and the seeds they start with.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, deny_unknown_fields, rename_all = "kebab-case")
)]
pub struct Board {
    /// Holes a row (`holes=`), [`MIN_HOLES`] to [`MAX_HOLES`].
    pub holes: u8,
    /// Seeds in every hole at the start (`seeds=`), unless [`start`](Self::start) says
    /// otherwise.
    pub seeds: u8,
    /// A start pattern (`start=4.0.4`): the seeds of each hole of a row from its owner's
    /// left, the same for both rows unless [`north_start`](Self::north_start) gives North's;
    /// `None`: [`seeds`](Self::seeds) in every hole. Only the first
    /// [`holes`](Self::holes) entries count.
    pub start: Option<[u8; MAX_HOLES as usize]>,
    /// North's row at the start where it differs from South's (`north-start=4.0.4`, from
    /// North's left; MancalaGames' GAMACHA start): [`start`](Self::start) is then South's
    /// row alone. Only with [`start`](Self::start).
    pub north_start: Option<[u8; MAX_HOLES as usize]>,
}

/// Which way seeds go round the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum Direction {
    /// Counter-clockwise (`sow=ccw`): along the mover's row from his left to his right, then
    /// along the opponent's row from the opponent's left.
    #[default]
    Ccw,
    /// Clockwise (`sow=cw`).
    Cw,
    /// The mover chooses, move by move (`sow=choice`): each hole is two moves.
    Choice,
    /// By the count lifted (`sow=even-odd`): a hole of an even count sows clockwise, of an
    /// odd count counter-clockwise (MancalaGames' EVEN_ODD_DIR, as in their Cross-Kalah).
    EvenOdd,
    /// Split at the middle of the row (`sow=split`): a hole of the mover's left half sows
    /// clockwise (to his left, away from the middle), a hole of his right half
    /// counter-clockwise (to his right). The middle hole of an odd row has no way of its own:
    /// it must be one of [`Sowing::choice_holes`] (MancalaGames' SPLIT, as in their
    /// Alemungula).
    Split,
    /// The first move of the game chooses the way for the game (`sow=first-chooses`): until
    /// then each hole is two moves (`3R`, `3L`); after it the player who made it sows that
    /// way and his opponent the other, each hole one move (MancalaGames' PLAYALTDIR with
    /// every hole in `udir_holes`, as in their SowOpDirs). The position carries the way
    /// chosen ([`MancalaState`](super::MancalaState)'s `south=` field).
    FirstChooses,
}

/// Whether a sowing goes on from the hole its last seed fell in.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum Laps {
    /// One lap (`laps=one`): the move ends where the last seed falls.
    #[default]
    One,
    /// Relay sowing (`laps=relay`): when the last seed falls in a hole that held seeds (and
    /// no count capture takes it), the mover lifts that hole's seeds and sows on; the move
    /// ends in an empty hole or a store.
    Relay,
    /// Relay sowing from the next place (`laps=next`; MancalaGames' LAPPER_NEXT, the
    /// "Indian" lap): after each lap the mover lifts the seeds of the place after the one
    /// the last seed fell in (a hole, or a store his sowing passes) and sows on, unless it
    /// is empty, or the last seed fell in a store, a count capture takes the last hole, or
    /// the opposite capture would take the hole across it.
    Next,
}

/// A condition a relay must meet, besides its own, to lift again after a lap
/// (MancalaGames' `mlap_cont`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum RelayIf {
    /// No other condition (`relay-if=any`).
    #[default]
    Any,
    /// The last hole sown holds exactly `N` seeds (`relay-if=exactly.N`, `N` at least 1;
    /// their ON_PARAM).
    Exactly(u8),
    /// The last hole sown holds at least `N` seeds (`relay-if=at-least.N`, `N` at least 1;
    /// their GREQ_PARAM).
    AtLeast(u8),
    /// The last hole sown is the mover's own (`relay-if=own-row`; their OWN_SIDE).
    OwnRow,
    /// The last hole sown is the opponent's (`relay-if=opponent-row`; their OPP_SIDE).
    OpponentRow,
    /// After the first lap, only if it ended in the opponent's row or sowed into it
    /// (`relay-if=visited-opponent`; their VISIT_OPP); later laps as usual.
    VisitedOpponent,
    /// Under [`Laps::Next`], the place after the last seed's is not a store
    /// (`relay-if=not-from-store`; their NOT_FROM_STORE): a relay never lifts a store.
    NotFromStore,
}

/// Which stores a sowing drops seeds in.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum StoreSowing {
    /// Neither (`stores=none`): the stores only keep captures, as in Oware.
    None,
    /// The mover's own, never the opponent's (`stores=own`), as in Kalah.
    #[default]
    Own,
    /// Both (`stores=both`): a seed in the opponent's store is his.
    Both,
}

/// Which of the mover's holes (among those holding [`Sowing::min_seeds`]) he may play:
/// MancalaGames' `allow_rule`, whose number each rule names. A rule that leaves him no hole
/// leaves him no move (the game then ends, or under [`End::pass`] he passes); feeding
/// ([`End::must_feed`]) and an illegal grand slam then choose among the holes it allows.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum Allow {
    /// Any hole (`allow=any`).
    #[default]
    Any,
    /// A hole whose first lap (sown as the move sows it, without relaying) ends in the
    /// opponent's row, in a store, or in a hole of the mover's that was empty before the
    /// move (`allow=opponent-or-empty`; their OPP_OR_EMPTY, 1). Only a hole of at most
    /// [`Board::holes`] seeds is tested, any larger one may be played; for North their
    /// engine reads that count in the hole across the board from the one played (South's),
    /// and so does this rule. Only with a fixed direction.
    OpponentOrEmpty,
    /// A hole of a single seed only when the next hole sown is empty
    /// (`allow=single-to-empty`; their SINGLE_TO_ZERO, 2). Only with a fixed direction and
    /// no store sown.
    SingleToEmpty,
    /// A hole of a single seed only when every hole he may play holds one
    /// (`allow=singles-last`; their SINGLE_ONLY_ALL, 3).
    SinglesLast,
    /// Both [`SinglesLast`](Self::SinglesLast) and then
    /// [`SingleToEmpty`](Self::SingleToEmpty) (`allow=singles-last-to-empty`; their
    /// SINGLE_ALL_TO_ZERO, 4).
    SinglesLastToEmpty,
    /// A hole of two seeds only when every hole he may play holds two
    /// (`allow=twos-last`; their TWO_ONLY_ALL, 5).
    TwosLast,
    /// A hole of two seeds only when every hole he may play holds two, and then only the
    /// rightmost of them, from his seat (`allow=twos-last-rightmost`; their
    /// TWO_ONLY_ALL_RIGHT, 6).
    TwosLastRightmost,
    /// No hole across the board from an opponent's hole of exactly one seed
    /// (`allow=not-opposite-single`; their NOT_XFROM_1S, 10).
    NotOppositeSingle,
    /// A hole whose first lap (sown as the move sows it, without relaying) ends in a hole
    /// that held seeds before its last seed, or in a store (`allow=occupied`; their
    /// OCCUPIED, 11). Their engine never forbids a lap ending in South's first hole (his
    /// leftmost), and neither does this rule. Only with a fixed direction.
    Occupied,
}

impl Allow {
    /// Every rule, in the order of their text.
    pub const ALL: [Allow; 9] = [
        Allow::Any,
        Allow::OpponentOrEmpty,
        Allow::SingleToEmpty,
        Allow::SinglesLast,
        Allow::SinglesLastToEmpty,
        Allow::TwosLast,
        Allow::TwosLastRightmost,
        Allow::NotOppositeSingle,
        Allow::Occupied,
    ];

    /// The rule's name in ruleset text (`allow=<name>`).
    pub const fn name(self) -> &'static str {
        match self {
            Allow::Any => "any",
            Allow::OpponentOrEmpty => "opponent-or-empty",
            Allow::SingleToEmpty => "single-to-empty",
            Allow::SinglesLast => "singles-last",
            Allow::SinglesLastToEmpty => "singles-last-to-empty",
            Allow::TwosLast => "twos-last",
            Allow::TwosLastRightmost => "twos-last-rightmost",
            Allow::NotOppositeSingle => "not-opposite-single",
            Allow::Occupied => "occupied",
        }
    }

    /// Whether the rule asks where a move's sowing goes (so needs a fixed direction).
    pub const fn follows_the_sowing(self) -> bool {
        matches!(
            self,
            Allow::OpponentOrEmpty
                | Allow::SingleToEmpty
                | Allow::SinglesLastToEmpty
                | Allow::Occupied
        )
    }
}

/// The sowing: direction, laps, the origin hole and the stores.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, deny_unknown_fields, rename_all = "kebab-case")
)]
pub struct Sowing {
    /// Which way (`sow=`).
    pub direction: Direction,
    /// One lap or relay (`laps=`).
    pub laps: Laps,
    /// Whether a sowing of a full lap or more skips the hole it was lifted from
    /// (`skip-origin`), which is then empty after the lift, as in Oware.
    pub skip_origin: bool,
    /// Which stores it sows into (`stores=`).
    pub stores: StoreSowing,
    /// The fewest seeds a hole must hold to be played (`min-seeds=`), at least 1.
    pub min_seeds: u8,
    /// A relay's most laps (`max-laps=N`; MancalaGames stops at 50): a relay that has sown
    /// `N` laps and would lift again ends the game instead, where it stands, with no
    /// capture, the seeds left going by [`End::endless`]. `None`: a relay goes on (up to
    /// 1000 lifts, then the move ends where it stands).
    /// Only with `laps=relay` or `laps=next`; 1 to 255.
    pub max_laps: Option<u8>,
    /// What else a relay asks before it lifts again (`relay-if=`; MancalaGames'
    /// `mlap_cont` with `mlap_param`); only with `laps=relay` or `laps=next`.
    pub relay_if: RelayIf,
    /// Whether a relay stops where a count capture's count and side alone would take the
    /// last hole, whatever the grand-slam rule then makes of the capture
    /// (`relay-stops-on-count`; MancalaGames' relays stop so); without it a relay stops
    /// only where the capture takes seeds, and goes on past a grand slam that takes
    /// nothing. Only with a relay and a count capture.
    pub relay_stops_on_count: bool,
    /// Which holes the mover may play (`allow=`; MancalaGames' `allow_rule`).
    pub allow: Allow,
    /// Captures by the holes' owners while sowing (`owner-captures`; MancalaGames'
    /// `sow_rule` 3, OWN_SOW_CAPT_ALL): each seed that brings a hole to a capturing count
    /// ([`Captures::counts`]) makes the player whose row it is take that hole into his store
    /// at once, whoever sows. Under `laps=relay` the last seed of each lap is left to the
    /// relay and the count capture; in one lap the last seed's hole is taken too. Only with
    /// a count capture, on either side, and no store sown.
    pub owner_captures: bool,
    /// Whether the first seed of a move goes back into the hole it was lifted from
    /// (`sow-start`; MancalaGames' `sow_start`): the hole keeps one seed and the rest are
    /// sown from the next hole on. Only the move's first lift, not a relay's later ones.
    /// With [`min_seeds`](Self::min_seeds) 1 only with [`move_one`](Self::move_one), else a
    /// hole of one seed would sow nothing.
    pub sow_start: bool,
    /// Under [`sow_start`](Self::sow_start), a hole of a single seed is lifted and its seed
    /// sown into the next hole (`move-one`; MancalaGames' `move_one`); only with
    /// `sow-start`.
    pub move_one: bool,
    /// Whether, before each lap of sowing (the move's lift and each lift of a relay), one
    /// seed of the hand goes into the mover's store (`take-one`; MancalaGames' `presowcapt`
    /// 1, CAPT_ONE); a hand of one seed then sows nothing and the move ends in the emptied
    /// hole. This is not a capture: [`Captures::no_capture_moves`] does not stop it.
    pub take_one: bool,
    /// The holes whose way the mover chooses, move by move, whatever [`direction`](Self::direction)
    /// says for the others (`choice-holes=3`, holes numbered from 1 joined by dots:
    /// `choice-holes=1.4`): bit `i` for the mover's hole `i` from his left, each such hole
    /// two moves (`3R`, `3L`), the other holes one (`2`). MancalaGames' `udir_holes` when
    /// shorter than a row. 0: none; not with `sow=choice`, where every hole is chosen.
    pub choice_holes: u16,
    /// Whether a move that lifts a single seed first takes the seeds of the opponent's hole
    /// across from the hole lifted from into the mover's store, then sows its seed
    /// (`single-takes-across`; MancalaGames' `presowcapt` 3, DRAW_1_XCAPT, as in their
    /// Achochodi). Whatever the capture rules say of that hole; it gives no other turn and
    /// `no-capture-moves` does not stop it. Only with one lap and without `sow-start`.
    pub single_takes_across: bool,
    /// Captures at the end of each lap of a relay, the opponent taking his own seeds at
    /// the end of the game (`lap-captures-opp-gets=N`; MancalaGames' `sow_rule` 10,
    /// LAP_CAPT_OPP_GETS, with `sow_param` N). A lap whose last hole the count capture
    /// takes makes the capture at once, and the relay goes on by lifting the next hole (an
    /// empty one ends the move); else a last hole of two seeds or more is lifted, and one
    /// of a single seed ends the move. A lap lifted when at most `N` seeds are left in the
    /// holes (the hand not counted) gives each seed it sows in the opponent's holes to the
    /// opponent's store, but for a last seed that makes its hole a capturing count; the
    /// lap's end is then judged on the hole as it is left. `None`: off. Only with
    /// `laps=relay`, a count capture alone, no store sown and `grand-slam=capture`; 1 to
    /// 255.
    pub lap_captures_opp_gets: Option<u8>,
}

/// The counts a hole must reach, with the last seed, to be captured: a set of counts from 1
/// to 63, and, with [`evens`](Counts::evens), every even count.
///
/// Its text (ruleset text's `capture=`, and its serde form) is `none`, or the counts and
/// `evens` joined by dots: `2.3`, `4`, `evens`, `1.evens`.
///
/// ```
/// use sowing::described::Counts;
/// let c: Counts = "2.3".parse().unwrap();
/// assert!(c.contains(2) && c.contains(3) && !c.contains(4));
/// assert_eq!(c.to_string(), "2.3");
/// assert_eq!("evens".parse::<Counts>().unwrap(), Counts::EVENS);
/// assert!("0".parse::<Counts>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Counts {
    /// Bit `n` set: a hole of `n` seeds is captured (`capture=2.3`). Bit 0 is never set.
    pub mask: u64,
    /// Every even count (`capture=evens`).
    pub evens: bool,
}

impl Counts {
    /// No count captures.
    pub const NONE: Counts = Counts {
        mask: 0,
        evens: false,
    };

    /// The counts in `counts` (each 1 to 63; others are left out).
    pub const fn of(counts: &[u8]) -> Counts {
        let mut mask = 0u64;
        let mut i = 0;
        while i < counts.len() {
            if counts[i] >= 1 && counts[i] < 64 {
                mask |= 1 << counts[i];
            }
            i += 1;
        }
        Counts { mask, evens: false }
    }

    /// Every even count.
    pub const EVENS: Counts = Counts {
        mask: 0,
        evens: true,
    };

    /// Whether a hole of `n` seeds is captured.
    #[inline]
    pub const fn contains(self, n: u8) -> bool {
        (n < 64 && self.mask >> n & 1 != 0) || (self.evens && n > 0 && n % 2 == 0)
    }

    /// Whether no count captures.
    pub const fn is_empty(self) -> bool {
        self.mask & !1 == 0 && !self.evens
    }
}

impl std::str::FromStr for Counts {
    type Err = crate::error::SettingsError;

    fn from_str(text: &str) -> Result<Counts, Self::Err> {
        let text = text.trim();
        if text == "none" {
            return Ok(Counts::NONE);
        }
        let mut c = Counts::NONE;
        for item in text.split('.') {
            match item.trim() {
                "evens" => c.evens = true,
                n => match n.parse::<u8>() {
                    Ok(n @ 1..=63) => c.mask |= 1 << n,
                    _ => {
                        return Err(SettingsError::Conflict(
                            "a capture count is `none`, or counts from 1 to 63 and `evens` joined by dots",
                        ));
                    }
                },
            }
        }
        Ok(c)
    }
}

impl std::fmt::Display for Counts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.is_empty() {
            return f.write_str("none");
        }
        let mut first = true;
        for n in (1..64).filter(|n| self.mask >> n & 1 != 0) {
            if !first {
                f.write_str(".")?;
            }
            write!(f, "{n}")?;
            first = false;
        }
        if self.evens {
            if !first {
                f.write_str(".")?;
            }
            f.write_str("evens")?;
        }
        Ok(())
    }
}

crate::serde_as_text!(Counts);

/// Whose holes a count capture takes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum Side {
    /// The opponent's (`capture-side=opponent`).
    #[default]
    Opponent,
    /// The mover's own (`capture-side=own`).
    Own,
    /// Either row (`capture-side=either`).
    Either,
}

/// Which way a chain of captures goes from the last hole.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum ChainWay {
    /// Back against the move's sowing (`chain-way=back`), as in Oware.
    #[default]
    Back,
    /// Clockwise whatever the sowing (`chain-way=cw`): MancalaGames' chain where the mover
    /// chooses the way, which goes against the direction the file configures
    /// (counter-clockwise unless it says otherwise).
    Cw,
    /// Counter-clockwise whatever the sowing (`chain-way=ccw`).
    Ccw,
}

/// The capture of the hole opposite, when the last seed falls in an empty hole of the
/// mover's own (it then holds one seed).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum Opposite {
    /// No such capture (`opposite=off`).
    Off,
    /// The mover takes the hole opposite and the last seed too (`opposite=with-seed`), as
    /// in Kalah.
    #[default]
    WithSeed,
    /// The mover takes the hole opposite; the last seed stays (`opposite=without-seed`).
    WithoutSeed,
}

/// The captures.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, deny_unknown_fields, rename_all = "kebab-case")
)]
pub struct Captures {
    /// The counts a last hole must reach to be captured (`capture=2.3`, `capture=4`,
    /// `capture=evens`).
    pub counts: Counts,
    /// Whose holes a count capture takes (`capture-side=`).
    pub side: Side,
    /// Whether a count capture goes on back along the row (against the sowing), hole by
    /// hole, while each holds a capturing count (`chain`), as in Oware; it stops at the end
    /// of the row unless [`chain_rows`](Self::chain_rows).
    pub chain: bool,
    /// Whether the chain goes on round the board into the other row (`chain-rows`): from
    /// the mover's first hole into the opponent's last and so on, the stores not counted,
    /// until a hole whose count does not capture (MancalaGames' chain with `capt_side` 0);
    /// only with `chain`. [`side`](Self::side) then decides the last hole only: with
    /// `capture-side=opponent` (`own`) a chain from the opponent's (mover's) row may go on
    /// into the other (MancalaGames' `capt_side` 3 OPP_CONT, 4 OWN_CONT).
    pub chain_rows: bool,
    /// Which way the chain goes (`chain-way=`); only with `chain`.
    pub chain_way: ChainWay,
    /// What a count capture that would take every seed of the opponent does (`grand-slam=`);
    /// only with a count capture.
    pub grand_slam: GrandSlam,
    /// The capture of the hole opposite (`opposite=`).
    pub opposite: Opposite,
    /// Whether the opposite capture happens even when the hole opposite is empty
    /// (`opposite-empty`): the last seed alone is taken (Kalah's `empty-capture`).
    pub opposite_empty: bool,
    /// Whether, under [`GrandSlam::Illegal`], a grand slam stays illegal even when every
    /// move is one (`grand-slam-always-illegal`; MancalaGames' NOT_LEGAL): the mover then
    /// has no move.
    pub grand_slam_always_illegal: bool,
    /// Whether a capture is a grand slam only when the opponent had seeds before the move
    /// (`grand-slam-if-seeded`), as MancalaGames tests it; without it, any capture that
    /// leaves his row empty is one, a capture of seeds the move just fed him too.
    pub grand_slam_if_seeded: bool,
    /// Whether a last seed in the mover's store gives him another turn (`again=store`).
    pub again_on_store: bool,
    /// Whether a capture gives him another turn (`again=capture`).
    pub again_on_capture: bool,
    /// Whether a grand slam, captured under [`GrandSlam::Capture`], gives the mover another
    /// turn (`grand-slam-again`; MancalaGames' LEGAL_SHARE, their grand slam rule 6): he
    /// moves again with the opponent's row empty, so must feed him under
    /// [`End::must_feed`] or end the game. Only with `grand-slam=capture`.
    pub grand_slam_again: bool,
    /// The pull across (`pull-across`; MancalaGames' `capt_type` 7, PULL_ACROSS): when the
    /// last seed falls in an empty hole of the mover's row, the seeds of the hole opposite
    /// (if any) are moved into it; they stay on the board, his now. It counts as a capture
    /// for `again=capture`. Only without the count and opposite captures.
    pub pull_across: bool,
    /// No capture after a move that lifted a single seed (`no-single-capture`;
    /// MancalaGames' `nosinglecapt`): neither the count nor the opposite capture nor the
    /// pull across, nor [`take_last`](Self::take_last). Only with one lap.
    pub no_single_capture: bool,
    /// The last seeds taken (`take-last=N`; MancalaGames' `pickextra` 3, PICKLASTSEEDS,
    /// with `N` their `nbr_start`): after each move whose last seed fell in a hole, its
    /// captures made, when 1 to `N` seeds are left on the board the mover takes them all
    /// into his store. `N` is 1 to 255.
    pub take_last: Option<u8>,
    /// The most holes a chain takes, the last hole sown counted (`chain-most=N`;
    /// MancalaGames' `multicapt` N): the chain stops after `N` holes even where the next
    /// would capture. `None`: no limit. Only with [`chain`](Self::chain); 2 to 255.
    pub chain_most: Option<u8>,
    /// The moves at the start of the game that capture nothing (`no-capture-moves=N`; both
    /// players' moves counted): neither the count capture nor the opposite capture is made
    /// in the game's first `N` moves, and a relay does not stop where one would be made.
    /// MancalaGames' `nocaptmoves` n is `N` = n + 1: their engine lifts the bar at the end
    /// of the move made after n moves. The moves are counted in the position's ply (up to
    /// `N` without a ply limit). 0: off. Not with another turn (`again=`) or `pass`, under
    /// which a move and a turn differ.
    pub no_capture_moves: u8,
    /// The capture two out (`two-out`; MancalaGames' `capt_type` 2, TWO_OUT), in place of
    /// the count capture at the last hole: when the hole after the last one sown (the way
    /// the move sowed, stores not counted) is empty, the mover takes the hole after that,
    /// whatever it holds, if it holds seeds and is on a side [`side`](Self::side) allows.
    /// With one lap, only when the last hole held seeds before the last seed fell. A
    /// relay does not stop for it. With [`chain`](Self::chain) (MancalaGames' `multicapt`
    /// with `capt_dir` 1, SOW) the hole taken starts the next two out, onward the move's
    /// way, until one fails or [`chain_most`](Self::chain_most) holes are taken (not with
    /// `chain-rows` or `chain-way`). A grand slam: the captures leave the opponent, who had
    /// seeds before the move, none. Not with capture [`counts`](Self::counts) or the
    /// opposite capture, and of the grand-slam rules only `capture`, `no-capture` and
    /// `illegal`.
    pub two_out: bool,
    /// Captures two out as a relay goes (`lap-capture`; MancalaGames' `sow_rule` 8,
    /// LAP_CAPT, with their TWO_OUT): at the end of each lap whose last seed fell in a
    /// hole that held seeds, before that hole is lifted and sown on, the capture two out is
    /// made from it as after the move (with its [`chain`](Self::chain)). Only with
    /// [`two_out`](Self::two_out), `laps=relay` without `relay-if`, `grand-slam=capture`,
    /// and without `again=capture`, `no-capture-moves` or `no-single-capture`.
    pub lap_capture: bool,
    /// The store forfeited (`forfeit-store`; MancalaGames' `capt_type` 6,
    /// PASS_STORE_CAPT): when the last seed falls in an empty hole (it now holds it alone)
    /// of a row [`side`](Self::side) names, every seed of the mover's store goes to the
    /// opponent's store. It counts as a capture for `again=capture`. Only without the
    /// count and opposite captures, the pull across and `no-capture-moves`.
    pub forfeit_store: bool,
    /// The opponent's row swept (`sweep-counts=2.4.6`; MancalaGames' `capt_type` 5,
    /// CAPT_OPP_1CCW, with `pickextra` 2, PICKOPPBASIC, these counts their capture counts):
    /// when the last seed falls in the opponent's row or in the mover's last hole (his
    /// rightmost), the mover takes every hole of the opponent's row whose count is one of
    /// these. It counts as a capture for `again=capture` when it takes seeds. None
    /// ([`Counts::NONE`]): off. Only without the count and opposite captures, the pull
    /// across, the store forfeited and `no-capture-moves`.
    pub sweep_counts: Counts,
    /// The single seeds taken (`take-singles`; MancalaGames' `capt_type` 4, SINGLETONS):
    /// after a move whose last seed falls in a hole, the mover takes every hole holding a
    /// single seed in the rows [`side`](Self::side) names (the last hole too, when it was
    /// empty). It counts as a capture for `again=capture` when it takes seeds. Only without
    /// the count and opposite captures, the pull across, the store forfeited, the sweep and
    /// `no-capture-moves`.
    pub take_singles: bool,
    /// Whether a last seed in the opponent's store, too, gives the mover another turn
    /// (`again-either-store`; MancalaGames' `sow_stores` 2, BOTH, as in their GoEmpty_Two).
    /// Only with both stores sown ([`StoreSowing::Both`]) and `again=store`.
    pub again_either_store: bool,
}

/// When a mover with no move for the opponent (whose row is empty) may not feed him.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum CannotFeed {
    /// The game ends (`cannot-feed=end`), and the seeds left go by
    /// [`End::leftovers`], as in Oware.
    #[default]
    End,
    /// He plays any move he has (`cannot-feed=any`).
    Any,
    /// The game ends and every seed left goes to the unfed player, whose row is empty
    /// (`cannot-feed=to-unfed`; MancalaGames' UNFED_PLAYER); the game's other ends share
    /// the seeds left by [`End::leftovers`]. Not with [`End::pass`].
    ToUnfed,
}

/// How a move is tested for feeding an opponent who has no move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum FeedTest {
    /// The opponent's row is empty, and a move feeds him when its sowing puts a seed there
    /// (`feed-test=sowing`), as in Oware.
    #[default]
    Sowing,
    /// The opponent has no hole of at least [`Sowing::min_seeds`], and a move feeds him
    /// when, played in full (sowing and captures), it leaves him one (`feed-test=move`), as
    /// MancalaGames tests it.
    Move,
    /// The opponent's row is empty, and a move feeds him when, played in full (sowing and
    /// captures), it leaves him a seed (`feed-test=move-seed`), as the newest MancalaGames
    /// tests it: the same as [`Move`](Self::Move) but where a move takes more than one
    /// seed, when an opponent with seeds but no playable hole need not be fed.
    MoveSeed,
}

/// What makes the game end.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum EndRule {
    /// After any move, either row has no playable hole (`end=side-empty`), as in Kalah.
    #[default]
    SideEmpty,
    /// The player to move has no move (`end=stuck`), as in Oware.
    Stuck,
    /// As [`Stuck`](Self::Stuck), and besides the game ends after any move that leaves the
    /// mover's own row empty (`end=cleared-own`; MancalaGames' `end_cond` CLEARED_OWN), the
    /// seeds left going by [`End::leftovers`] at once.
    ClearedOwn,
    /// As [`Stuck`](Self::Stuck), and besides the game ends after any move that leaves the
    /// opponent's row empty (`end=cleared-opponent`; their CLEARED_OPP).
    ClearedOpponent,
}

/// What a player plays for.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum Goal {
    /// The most seeds in his store at the end (`goal=most-seeds`).
    #[default]
    MostSeeds,
    /// To empty his own row (`goal=clear`; MancalaGames' CLEAR): after any move that leaves
    /// a row empty the game is over and the player whose row it is wins, whatever the
    /// stores hold (both empty: the player who moved last). Only with `end=stuck` and no
    /// capture, and stores sown `own`, where the player to move then shows who moved last,
    /// or `both` with [`Captures::again_either_store`]: without a capture a move never
    /// empties the opponent's row, so from a position with seeds in both rows only the
    /// mover's row can be left empty, and the winner is read from the rows alone.
    Clear,
    /// To leave the opponent without a move (`goal=immobilize`; MancalaGames' IMMOBILIZE):
    /// the player to move without a legal move has lost, whatever the stores hold, and the
    /// seeds left stay on the board. A relay cut short by [`Sowing::max_laps`] is a draw
    /// (it sweeps the board, which no move empties). Only with `end=stuck`, no store sown,
    /// no other turn, no feeding or passing, and no capture but `opposite=without-seed`,
    /// which leaves the last seed sown on the board.
    Immobilize,
    /// To take the opponent's seeds or leave him without a move (`goal=deprive`;
    /// MancalaGames' DEPRIVE): after any move that empties a row, its owner has lost; a
    /// player to move without a legal move has lost; the seeds left stay on the board. A
    /// relay cut short by [`Sowing::max_laps`] is a draw (it sweeps the board, which no move
    /// empties). Under the same rules as [`Immobilize`](Self::Immobilize), but that another
    /// turn for a capture is allowed.
    Deprive,
}

impl Goal {
    /// Whether the game is won by the state of the rows, not by seeds: a player without
    /// a move or without seeds loses ([`Immobilize`](Self::Immobilize),
    /// [`Deprive`](Self::Deprive)).
    pub const fn eliminates(self) -> bool {
        matches!(self, Goal::Immobilize | Goal::Deprive)
    }
}

/// Where the seeds left on the board go when the game ends.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum Leftovers {
    /// Each row's to its owner (`leftovers=owner`).
    #[default]
    Owner,
    /// All to the player to move at the end (`leftovers=to-move`).
    ToMove,
    /// All to the player who made the last move (`leftovers=last-mover`).
    LastMover,
    /// To nobody: they stay on the board and count for no one (`leftovers=nobody`).
    Nobody,
    /// Shared (`leftovers=shared`; MancalaGames' DIVVIED): each player gets half; an odd
    /// seed goes to South if North's store, the halves given, is the larger, else to North.
    Shared,
}

/// The end of the game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, deny_unknown_fields, rename_all = "kebab-case")
)]
pub struct End {
    /// Whether a mover must give seeds to an opponent whose row is empty, when a move of
    /// his does (`must-feed`).
    pub must_feed: bool,
    /// What happens when he cannot (`cannot-feed=`); only with `must-feed`.
    pub cannot_feed: CannotFeed,
    /// How a move is tested for feeding (`feed-test=`); only with `must-feed`.
    pub feed_test: FeedTest,
    /// What a player plays for (`goal=`).
    pub goal: Goal,
    /// When the game ends (`end=`).
    pub rule: EndRule,
    /// Where the seeds left go (`leftovers=`).
    pub leftovers: Leftovers,
    /// Where the seeds left go when a relay reaches [`Sowing::max_laps`]
    /// (`endless-leftovers=`; MancalaGames' `quitter`); not `nobody`, whose end would not
    /// show on the board.
    pub endless: Leftovers,
    /// Whether a store of more than half the seeds ends the game at once (`half-wins`).
    pub half_wins: bool,
    /// Whether, when a store passes half the seeds, the seeds left go by
    /// [`leftovers`](Self::leftovers) (`divide-on-win`) rather than stay on the board;
    /// only with `half-wins`.
    pub divide_on_win: bool,
    /// Whether a position that repeats one earlier in the game (same board, same player to
    /// move) ends it, the seeds left going by [`leftovers`](Self::leftovers)
    /// (`repetition`), where the history is kept (records, search, matches, environments).
    pub repetition: bool,
    /// A ply limit (`max-plies=P`): after `P` plies the game ends, the seeds left going by
    /// [`leftovers`](Self::leftovers).
    pub max_plies: Option<u32>,
    /// An early end when too few seeds are left to change anything (`too-few=N`; MancalaGames'
    /// "no outcome change"): after a move that did not end the game otherwise, if the seeds
    /// left on the board are more than none and fewer than `N`, the game ends, the seeds
    /// left going by [`leftovers`](Self::leftovers). `N` is 2 to 255.
    pub too_few: Option<u8>,
    /// Passing (`pass`; MancalaGames' `mustpass`): a player to move who has no move passes,
    /// the turn going to the other; the game ends only when neither has a move. The pass is
    /// made at the end of the move that leaves him stuck, so a position given with the
    /// player to move stuck is over. Only with an end by the player to move
    /// ([`EndRule::Stuck`] and the `cleared` rules).
    pub pass: bool,
    /// An end by the seeds left (`seeds-limit=N`; MancalaGames' `end_cond` SEEDS_LIMIT with
    /// `end_param`): once the holes hold `N` seeds or fewer in all, the game is over, the
    /// seeds left going by [`leftovers`](Self::leftovers). Asked before a store past half.
    pub seeds_limit: Option<u8>,
    /// An end by the seeds of each hole (`hole-limit=N`; their HOLE_SEED_LIMIT): once no
    /// hole holds more than `N` seeds, the game is over, the seeds left going by
    /// [`leftovers`](Self::leftovers). Asked before a store past half.
    pub hole_limit: Option<u8>,
}

/// A two-row game's every parameter: the board, the sowing, the captures and the end.
///
/// The default is Kalah(6,4) (`mancala`); each part's fields are its ruleset text's switches
/// (see the [module docs](super)). Build a ruleset with
/// [`Mancala::new`](super::Mancala::new), which checks the parts against each other.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "kebab-case")
)]
pub struct Description {
    /// Holes and seeds.
    pub board: Board,
    /// How seeds are sown.
    pub sowing: Sowing,
    /// What is captured.
    pub captures: Captures,
    /// How the game ends.
    pub end: End,
}

impl Default for Board {
    fn default() -> Self {
        Description::KALAH.board
    }
}
impl Default for Sowing {
    fn default() -> Self {
        Description::KALAH.sowing
    }
}
impl Default for Captures {
    fn default() -> Self {
        Description::KALAH.captures
    }
}
impl Default for End {
    fn default() -> Self {
        Description::KALAH.end
    }
}

impl Description {
    /// Kalah(6,4) as the family describes it: sowing counter-clockwise into one's own store,
    /// another turn for a last seed there, the opposite capture with the last seed, and the
    /// game over when either row is empty, each row's seeds to its owner. The default, and
    /// the base the switches of `mancala:...` change.
    pub const KALAH: Description = Description {
        board: Board {
            holes: 6,
            seeds: 4,
            start: None,
            north_start: None,
        },
        sowing: Sowing {
            direction: Direction::Ccw,
            laps: Laps::One,
            skip_origin: false,
            stores: StoreSowing::Own,
            min_seeds: 1,
            max_laps: None,
            relay_if: RelayIf::Any,
            relay_stops_on_count: false,
            allow: Allow::Any,
            owner_captures: false,
            sow_start: false,
            move_one: false,
            take_one: false,
            choice_holes: 0,
            single_takes_across: false,
            lap_captures_opp_gets: None,
        },
        captures: Captures {
            counts: Counts::NONE,
            side: Side::Opponent,
            chain: false,
            grand_slam: GrandSlam::NoCapture,
            chain_rows: false,
            chain_way: ChainWay::Back,
            opposite: Opposite::WithSeed,
            opposite_empty: false,
            grand_slam_always_illegal: false,
            grand_slam_if_seeded: false,
            again_on_store: true,
            again_on_capture: false,
            grand_slam_again: false,
            pull_across: false,
            no_single_capture: false,
            take_last: None,
            chain_most: None,
            no_capture_moves: 0,
            two_out: false,
            lap_capture: false,
            forfeit_store: false,
            sweep_counts: Counts::NONE,
            take_singles: false,
            again_either_store: false,
        },
        end: End {
            must_feed: false,
            cannot_feed: CannotFeed::End,
            feed_test: FeedTest::Sowing,
            goal: Goal::MostSeeds,
            rule: EndRule::SideEmpty,
            leftovers: Leftovers::Owner,
            endless: Leftovers::Owner,
            half_wins: false,
            divide_on_win: false,
            repetition: false,
            max_plies: None,
            too_few: None,
            pass: false,
            seeds_limit: None,
            hole_limit: None,
        },
    };

    /// Oware Abapa as the family describes it: stores never sown, 12 or more seeds skip the
    /// origin, captures of 2 or 3 on the opponent's side going back along his row, grand
    /// slams capturing nothing, feeding, the game over when the mover cannot move or a store
    /// passes half, and a repeated position ends it, each row's seeds to its owner.
    pub const ABAPA: Description = Description {
        board: Board {
            holes: 6,
            seeds: 4,
            start: None,
            north_start: None,
        },
        sowing: Sowing {
            direction: Direction::Ccw,
            laps: Laps::One,
            skip_origin: true,
            stores: StoreSowing::None,
            min_seeds: 1,
            max_laps: None,
            relay_if: RelayIf::Any,
            relay_stops_on_count: false,
            allow: Allow::Any,
            owner_captures: false,
            sow_start: false,
            move_one: false,
            take_one: false,
            choice_holes: 0,
            single_takes_across: false,
            lap_captures_opp_gets: None,
        },
        captures: Captures {
            counts: Counts::of(&[2, 3]),
            side: Side::Opponent,
            chain: true,
            chain_rows: false,
            chain_way: ChainWay::Back,
            grand_slam: GrandSlam::NoCapture,
            opposite: Opposite::Off,
            opposite_empty: false,
            grand_slam_always_illegal: false,
            grand_slam_if_seeded: false,
            again_on_store: false,
            again_on_capture: false,
            grand_slam_again: false,
            pull_across: false,
            no_single_capture: false,
            take_last: None,
            chain_most: None,
            no_capture_moves: 0,
            two_out: false,
            lap_capture: false,
            forfeit_store: false,
            sweep_counts: Counts::NONE,
            take_singles: false,
            again_either_store: false,
        },
        end: End {
            must_feed: true,
            cannot_feed: CannotFeed::End,
            feed_test: FeedTest::Sowing,
            goal: Goal::MostSeeds,
            rule: EndRule::Stuck,
            leftovers: Leftovers::Owner,
            endless: Leftovers::Owner,
            half_wins: true,
            divide_on_win: false,
            repetition: true,
            max_plies: None,
            too_few: None,
            pass: false,
            seeds_limit: None,
            hole_limit: None,
        },
    };

    /// The seeds of `player`'s hole `i` (0 from his left) at the start: South's, and North's
    /// too unless [`Board::north_start`] gives his.
    pub const fn start_seeds(&self, i: usize) -> u8 {
        match &self.board.start {
            Some(pattern) => pattern[i],
            None => self.board.seeds,
        }
    }

    /// The seeds of North's hole `i` (0 from his left) at the start: those of
    /// [`start_seeds`](Self::start_seeds) unless [`Board::north_start`] says otherwise.
    pub const fn north_start_seeds(&self, i: usize) -> u8 {
        match &self.board.north_start {
            Some(row) => row[i],
            None => self.start_seeds(i),
        }
    }

    /// Seeds in all at the start.
    pub const fn total_seeds(&self) -> u32 {
        let mut total = 0u32;
        let mut i = 0;
        while i < self.board.holes as usize && i < MAX_HOLES as usize {
            total += self.start_seeds(i) as u32 + self.north_start_seeds(i) as u32;
            i += 1;
        }
        total
    }

    /// Checks the parts against each other: the board's size and seeds, and no switch that
    /// another makes meaningless.
    ///
    /// # Errors
    /// [`SettingsError::OutOfRange`] for a size out of range, [`SettingsError::TooManySeeds`]
    /// past [`MAX_TOTAL`], [`SettingsError::Conflict`] naming two switches that contradict
    /// each other, or a game in which no seed ever leaves the board.
    pub fn validate(&self) -> Result<(), SettingsError> {
        let b = &self.board;
        if !(MIN_HOLES..=MAX_HOLES).contains(&b.holes) {
            return Err(SettingsError::OutOfRange {
                setting: "holes",
                value: b.holes.into(),
                min: MIN_HOLES.into(),
                max: MAX_HOLES.into(),
            });
        }
        let total = self.total_seeds();
        if total == 0 {
            return Err(SettingsError::OutOfRange {
                setting: "seeds",
                value: 0,
                min: 1,
                max: MAX_TOTAL.into(),
            });
        }
        if total > MAX_TOTAL {
            return Err(SettingsError::TooManySeeds {
                total: total.into(),
                max: MAX_TOTAL.into(),
            });
        }
        if let Some(pattern) = &b.start {
            if pattern[b.holes as usize..].iter().any(|&n| n != 0) {
                return Err(SettingsError::Conflict(
                    "start gives seeds to more holes than the row has",
                ));
            }
        }
        if let Some(row) = &b.north_start {
            if b.start.is_none() {
                return Err(SettingsError::Conflict("north-start without start"));
            }
            if row[b.holes as usize..].iter().any(|&n| n != 0) {
                return Err(SettingsError::Conflict(
                    "north-start gives seeds to more holes than the row has",
                ));
            }
        }
        let s = &self.sowing;
        if s.min_seeds == 0 {
            return Err(SettingsError::OutOfRange {
                setting: "min-seeds",
                value: 0,
                min: 1,
                max: MAX_TOTAL.into(),
            });
        }
        if !(0..usize::from(b.holes)).any(|i| self.start_seeds(i) >= s.min_seeds) {
            return Err(SettingsError::Conflict(
                "the game is over at the start: no hole holds enough seeds to move",
            ));
        }
        if let Some(max) = s.max_laps {
            if s.laps == Laps::One {
                return Err(SettingsError::Conflict("max-laps without a relay"));
            }
            if max == 0 {
                return Err(SettingsError::OutOfRange {
                    setting: "max-laps",
                    value: 0,
                    min: 1,
                    max: 255,
                });
            }
        }
        self.validate_choice_holes()?;
        if s.max_laps.is_none() && self.end.endless != Leftovers::Owner {
            return Err(SettingsError::Conflict(
                "endless-leftovers without max-laps",
            ));
        }
        if self.end.endless == Leftovers::Nobody {
            return Err(SettingsError::Conflict(
                "endless-leftovers=nobody: the end would not show on the board",
            ));
        }
        if s.allow.follows_the_sowing()
            && (matches!(
                s.direction,
                Direction::Choice | Direction::EvenOdd | Direction::Split | Direction::FirstChooses
            ) || s.choice_holes != 0)
        {
            return Err(SettingsError::Conflict(
                "allow=opponent-or-empty, single-to-empty or occupied with sow=choice, even-odd or split, or choice-holes: the rule follows one fixed way",
            ));
        }
        if matches!(s.allow, Allow::SingleToEmpty | Allow::SinglesLastToEmpty)
            && s.stores != StoreSowing::None
        {
            return Err(SettingsError::Conflict(
                "allow=single-to-empty with a store sown: the next place may be a store",
            ));
        }
        let c = &self.captures;
        if c.counts.mask & 1 != 0 {
            return Err(SettingsError::Conflict("capture=0: a hole of no seeds"));
        }
        if c.counts.is_empty() && !c.two_out {
            if c.chain {
                return Err(SettingsError::Conflict("chain without a count capture"));
            }
            if c.grand_slam != GrandSlam::NoCapture {
                return Err(SettingsError::Conflict(
                    "grand-slam without a count capture",
                ));
            }
            if c.grand_slam_if_seeded {
                return Err(SettingsError::Conflict(
                    "grand-slam-if-seeded without a count capture",
                ));
            }
            if c.side != Side::Opponent && !c.forfeit_store && !c.take_singles {
                return Err(SettingsError::Conflict(
                    "capture-side without a count capture",
                ));
            }
        }
        if c.grand_slam_always_illegal && c.grand_slam != GrandSlam::Illegal {
            return Err(SettingsError::Conflict(
                "grand-slam-always-illegal without grand-slam=illegal",
            ));
        }
        if c.grand_slam_again && c.grand_slam != GrandSlam::Capture {
            return Err(SettingsError::Conflict(
                "grand-slam-again without grand-slam=capture",
            ));
        }
        if c.chain_way != ChainWay::Back && !c.chain {
            return Err(SettingsError::Conflict("chain-way without chain"));
        }
        if c.chain_rows && !c.chain {
            return Err(SettingsError::Conflict("chain-rows without chain"));
        }
        if c.opposite == Opposite::Off && c.opposite_empty {
            return Err(SettingsError::Conflict("opposite-empty with opposite=off"));
        }
        if c.opposite == Opposite::WithoutSeed && c.opposite_empty {
            return Err(SettingsError::Conflict(
                "opposite-empty with opposite=without-seed: it would take nothing",
            ));
        }
        if c.again_on_store && s.stores == StoreSowing::None {
            return Err(SettingsError::Conflict(
                "again=store with stores=none: no seed falls in a store",
            ));
        }
        let e = &self.end;
        if !e.must_feed && e.cannot_feed != CannotFeed::End {
            return Err(SettingsError::Conflict("cannot-feed without must-feed"));
        }
        if !e.must_feed && e.feed_test != FeedTest::Sowing {
            return Err(SettingsError::Conflict("feed-test without must-feed"));
        }
        if let Some(n @ 0..=1) = e.too_few {
            return Err(SettingsError::OutOfRange {
                setting: "too-few",
                value: n.into(),
                min: 2,
                max: MAX_TOTAL.into(),
            });
        }
        if e.pass && e.rule == EndRule::SideEmpty {
            return Err(SettingsError::Conflict(
                "pass with end=side-empty: a row without a move already ends the game",
            ));
        }
        if e.pass && e.cannot_feed != CannotFeed::End {
            return Err(SettingsError::Conflict(
                "pass with cannot-feed=any or to-unfed: a mover who cannot feed passes",
            ));
        }
        if matches!(e.rule, EndRule::ClearedOwn | EndRule::ClearedOpponent)
            && e.leftovers == Leftovers::Nobody
        {
            return Err(SettingsError::Conflict(
                "end=cleared-own or cleared-opponent with leftovers=nobody: the end would not show on the board",
            ));
        }
        if e.goal == Goal::Clear {
            let conflict = if e.rule != EndRule::Stuck {
                Some("goal=clear without end=stuck")
            } else if e.half_wins || e.too_few.is_some() || e.pass {
                Some("goal=clear with half-wins, too-few or pass: a cleared row alone ends it")
            } else if !(s.stores == StoreSowing::Own
                || s.stores == StoreSowing::Both && c.again_either_store)
            {
                Some("goal=clear without stores=own or stores=both with again-either-store")
            } else if !c.counts.is_empty() || c.opposite != Opposite::Off {
                Some("goal=clear with a capture")
            } else {
                None
            };
            if let Some(conflict) = conflict {
                return Err(SettingsError::Conflict(conflict));
            }
        }
        self.validate_goal()?;
        if !e.half_wins && e.divide_on_win {
            return Err(SettingsError::Conflict("divide-on-win without half-wins"));
        }
        if e.max_plies == Some(0) {
            return Err(SettingsError::OutOfRange {
                setting: "max-plies",
                value: 0,
                min: 1,
                max: u32::MAX.into(),
            });
        }
        self.validate_rarer_captures()?;
        self.validate_lap_captures()?;
        self.validate_early()?;
        self.validate_altdirs()?;
        if s.stores == StoreSowing::None
            && c.counts.is_empty()
            && c.opposite == Opposite::Off
            && c.take_last.is_none()
            && !s.take_one
            && !s.single_takes_across
            && !c.two_out
            && c.sweep_counts.is_empty()
            && !c.take_singles
        {
            return Err(SettingsError::Conflict(
                "no seed ever leaves the board: no store is sown and nothing is captured",
            ));
        }
        self.validate_relay()?;
        self.validate_limits()?;
        Ok(())
    }
}

impl Description {
    /// The rules of [`Sowing::choice_holes`] and [`Direction::Split`]: the holes named are
    /// holes of the row, not under `sow=choice`, and an odd row split at its middle chooses
    /// there.
    fn validate_choice_holes(&self) -> Result<(), SettingsError> {
        let (h, s) = (self.board.holes, &self.sowing);
        if s.choice_holes >> h != 0 {
            return Err(SettingsError::Conflict(
                "choice-holes names a hole past the end of the row",
            ));
        }
        if s.choice_holes != 0 && matches!(s.direction, Direction::Choice | Direction::FirstChooses)
        {
            return Err(SettingsError::Conflict(
                "choice-holes with sow=choice or first-chooses: every hole is already chosen",
            ));
        }
        if s.direction == Direction::Split && h % 2 == 1 && s.choice_holes >> (h / 2) & 1 == 0 {
            return Err(SettingsError::Conflict(
                "sow=split on an odd row without the middle hole in choice-holes: it has no way",
            ));
        }
        Ok(())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Description {
    /// Reads the four parts (each field defaulting to Kalah's) and checks them
    /// ([`Description::validate`]): a description that would not build is an error here.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(serde::Deserialize)]
        #[serde(default, deny_unknown_fields)]
        struct Parts {
            board: Board,
            sowing: Sowing,
            captures: Captures,
            end: End,
        }
        impl Default for Parts {
            fn default() -> Self {
                let d = Description::KALAH;
                Parts {
                    board: d.board,
                    sowing: d.sowing,
                    captures: d.captures,
                    end: d.end,
                }
            }
        }
        let p = Parts::deserialize(d)?;
        let description = Description {
            board: p.board,
            sowing: p.sowing,
            captures: p.captures,
            end: p.end,
        };
        description.validate().map_err(serde::de::Error::custom)?;
        Ok(description)
    }
}
