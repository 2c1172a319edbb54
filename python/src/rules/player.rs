//! `Player`: one of the two players.

use pyo3::prelude::*;

use super::Reduced;

/// `getattr`'s arguments: an object and an attribute's name.
type Attribute<'py> = (Bound<'py, PyAny>, &'static str);

/// One of the two players. South moves first in every game; in Toguz Kumalak's records
/// South is White and North is Black. A Player equals its index (`Player.North == 1`) and
/// hashes as it (`1 in {Player.North}`), as an IntEnum does.
#[pyclass(module = "sowing", frozen, eq, eq_int)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Player {
    /// The first player, at the bottom of every picture and position text.
    South = 0,
    /// The second player.
    North = 1,
}

impl From<sowing::Player> for Player {
    fn from(p: sowing::Player) -> Player {
        match p {
            sowing::Player::South => Player::South,
            sowing::Player::North => Player::North,
        }
    }
}

impl From<Player> for sowing::Player {
    fn from(p: Player) -> sowing::Player {
        match p {
            Player::South => sowing::Player::South,
            Player::North => sowing::Player::North,
        }
    }
}

immutable_pymethods! {
    impl Player {
        /// The other player.
        #[getter]
        fn opponent(&self) -> Player {
            sowing::Player::from(*self).opponent().into()
        }

        /// 0 for South, 1 for North.
        #[getter]
        fn index(&self) -> usize {
            sowing::Player::from(*self).index()
        }

        fn __str__(&self) -> String {
            sowing::Player::from(*self).to_string()
        }

        /// The hash of the index, as an int's: a Player equals its index, so the two must
        /// hash alike for sets and dicts.
        fn __hash__(&self) -> isize {
            *self as isize
        }

        /// Pickled by name: `Player.South` or `Player.North`.
        fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py, Attribute<'py>>> {
            let name = match self {
                Player::South => "South",
                Player::North => "North",
            };
            let getattr = py.import("builtins")?.getattr("getattr")?;
            Ok((getattr, (py.get_type::<Player>().into_any(), name)))
        }
    }
}
