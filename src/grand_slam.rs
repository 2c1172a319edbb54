//! What a grand slam does: a move whose capture would take every seed on the opponent's
//! side, in Oware and the described games that capture as it does.

/// What a grand slam does: a move whose capture would take every seed on the opponent's side.
///
/// The sources differ (the variations section of Wikipedia's *Oware* article lists these
/// readings); the default is the Abapa rule of the Oware Society, which international
/// competitions and OpenSpiel's `oware` follow.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum GrandSlam {
    /// The move is legal and captures nothing (`grand-slam=no-capture`): the Abapa rule of
    /// the Oware Society, and OpenSpiel's `oware`.
    #[default]
    NoCapture,
    /// The move is illegal unless every legal move is a grand slam (`grand-slam=illegal`);
    /// then it is played and, as under [`NoCapture`](GrandSlam::NoCapture), captures nothing.
    Illegal,
    /// The capture happens (`grand-slam=capture`): the opponent is left with no seed and
    /// no move, and the game ends (the mover takes the seeds on his side).
    Capture,
    /// Every house of the chain is captured but the last one sown (the house the last seed
    /// fell in), which keeps its seeds (`grand-slam=leave-last`).
    LeaveLast,
    /// Every house of the chain is captured but the first of the opponent's houses the move
    /// sowed (his house `a`/`A`), which keeps its seeds (`grand-slam=leave-first`).
    LeaveFirst,
}

impl GrandSlam {
    /// Every rule, in the order of their text.
    pub const ALL: [GrandSlam; 5] = [
        GrandSlam::NoCapture,
        GrandSlam::Illegal,
        GrandSlam::Capture,
        GrandSlam::LeaveLast,
        GrandSlam::LeaveFirst,
    ];

    /// The rule's name in ruleset text (`grand-slam=<name>`).
    pub const fn name(self) -> &'static str {
        match self {
            GrandSlam::NoCapture => "no-capture",
            GrandSlam::Illegal => "illegal",
            GrandSlam::Capture => "capture",
            GrandSlam::LeaveLast => "leave-last",
            GrandSlam::LeaveFirst => "leave-first",
        }
    }
}
