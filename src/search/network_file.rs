//! A network read from a weights file rather than the one embedded in the crate: the path
//! agent text names (`alphabeta:net=<path>`), the reading of it, and the checks that it is a
//! network of the game and board being played.

use std::collections::HashSet;
use std::fmt;
use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock};

use thiserror::Error;

use super::heuristic::Heuristic;
use super::network::{Network, NetworkError};
use crate::ruleset::Ruleset;

/// Why a network file cannot serve an agent: it does not read, or it is another game's,
/// board's or layout's network.
#[derive(Error, Debug, Clone, PartialEq, Eq)]
pub enum NetworkFileError {
    /// The path names no file that can be read (the system's words).
    #[error("cannot be read: {0}")]
    Unreadable(String),
    /// The file reads, but is not a whole weights file.
    #[error("is not a network's weights file: {0}")]
    Corrupt(#[from] NetworkError),
    /// The header's `rules=` names another game.
    #[error("is a network of {found}, not of {game}")]
    AnotherGame {
        /// The game the header names.
        found: String,
        /// The game being played ([`Ruleset::GAME`]).
        game: &'static str,
    },
    /// The game has no input layout for a network ([`Heuristic::network_inputs`]) under
    /// these rules.
    #[error("cannot be used: {rules} gives a network no inputs")]
    NoInputs {
        /// The rules, as ruleset text.
        rules: String,
    },
    /// The network reads its inputs elsewhere than the rules lay them out (another board,
    /// another number of seeds): its layout words, and the rules'.
    #[error("reads {found}, but {rules} lays its inputs out as {expected}")]
    Layout {
        /// The rules, as ruleset text.
        rules: String,
        /// The rules' layout ([`InputLayout::words`](super::InputLayout::words)).
        expected: String,
        /// The network's layout.
        found: String,
    },
    /// The network reads observations longer than the rules' (its header's
    /// `observation=`).
    #[error("reads observations of {found} values, longer than those of {rules}")]
    Observation {
        /// The rules, as ruleset text.
        rules: String,
        /// The length of the network's observations.
        found: usize,
    },
}

/// The path of a network's weights file, as agent text names it (`alphabeta:net=<path>`):
/// kept as text, so that an agent's text prints and reads back the same, and two specs of
/// the same path are equal. It is interned (each distinct path is stored once for the life
/// of the process), which keeps [`AgentSpec`](super::AgentSpec) a `Copy` value.
///
/// The file is read when an agent is built ([`load`](NetworkFile::load)), once an agent: its
/// threads share the network.
///
/// ```
/// use sowing::search::NetworkFile;
/// let path = NetworkFile::new("nets/toguz-2.net").unwrap();
/// assert_eq!(path.as_str(), "nets/toguz-2.net");
/// assert_eq!(path, NetworkFile::new("nets/toguz-2.net").unwrap());
/// // Agent text separates its options with commas, and is one word: a path holds neither
/// // a comma nor a space.
/// assert!(NetworkFile::new("a,b.net").is_none());
/// assert!(NetworkFile::new("my nets/a.net").is_none());
/// assert!(NetworkFile::new("").is_none());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct NetworkFile(&'static str);

impl NetworkFile {
    /// What a path must be: what [`new`](NetworkFile::new) takes.
    pub const EXPECTED: &'static str = "a file's path (not empty, no comma, no white space)";

    /// The path `path`, or `None` for one agent text cannot write as one word: empty, or
    /// holding a comma (agent text's separator) or white space (agent text is one word in
    /// the headers of self-play files and weights files).
    pub fn new(path: &str) -> Option<NetworkFile> {
        let fits = !path.is_empty() && !path.contains(|c: char| c == ',' || c.is_whitespace());
        fits.then(|| NetworkFile(intern(path)))
    }

    /// The path as written.
    pub fn as_str(&self) -> &'static str {
        self.0
    }

    /// The path.
    pub fn path(&self) -> &'static Path {
        Path::new(self.0)
    }

    /// Reads the network, for the game of `R`: a network whose header names another game
    /// (`rules=`) is refused.
    ///
    /// # Errors
    /// [`NetworkFileError::Unreadable`], [`NetworkFileError::Corrupt`] and
    /// [`NetworkFileError::AnotherGame`].
    pub fn load<R: Ruleset>(&self) -> Result<Arc<Network>, NetworkFileError> {
        let bytes =
            std::fs::read(self.path()).map_err(|e| NetworkFileError::Unreadable(e.to_string()))?;
        let network = Network::from_bytes(&bytes)?;
        match network.game() {
            Some(found) if found != R::GAME => Err(NetworkFileError::AnotherGame {
                found: found.to_string(),
                game: R::GAME,
            }),
            _ => Ok(Arc::new(network)),
        }
    }

    /// Reads the network and checks that `rules` can evaluate with it: [`load`](Self::load),
    /// then the inputs' layout of its header against the rules'
    /// ([`Heuristic::network_inputs`]), and the length of its observations.
    ///
    /// # Errors
    /// As [`load`](Self::load), and [`NetworkFileError::NoInputs`],
    /// [`NetworkFileError::Layout`] and [`NetworkFileError::Observation`].
    pub fn load_for<R: Heuristic>(&self, rules: &R) -> Result<Arc<Network>, NetworkFileError> {
        let network = self.load::<R>()?;
        fits(&network, rules)?;
        Ok(network)
    }
}

/// Checks that `rules` can evaluate with `network`: the same inputs' layout, and
/// observations at least as long as the network reads.
///
/// # Errors
/// As [`NetworkFile::load_for`], but for the reading.
pub(crate) fn fits<R: Heuristic>(network: &Network, rules: &R) -> Result<(), NetworkFileError> {
    let Some(expected) = rules.network_inputs() else {
        return Err(NetworkFileError::NoInputs {
            rules: rules.to_string(),
        });
    };
    let found = network.layout();
    if found != expected {
        return Err(NetworkFileError::Layout {
            rules: rules.to_string(),
            expected: expected.words(),
            found: found.words(),
        });
    }
    if rules.network_value(network, &rules.start()).is_none() {
        return Err(NetworkFileError::Observation {
            rules: rules.to_string(),
            found: network.observation_len(),
        });
    }
    Ok(())
}

impl fmt::Debug for NetworkFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("NetworkFile").field(&self.0).finish()
    }
}

impl fmt::Display for NetworkFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

/// `path` stored for the life of the process, once for each distinct path.
fn intern(path: &str) -> &'static str {
    static PATHS: OnceLock<Mutex<HashSet<&'static str>>> = OnceLock::new();
    let mut paths = PATHS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(&known) = paths.get(path) {
        return known;
    }
    let leaked: &'static str = Box::leak(path.to_string().into_boxed_str());
    paths.insert(leaked);
    leaked
}
