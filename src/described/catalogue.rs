//! The catalogue: named two-row games from the published sources, each a [`Description`].
//!
//! Each entry follows a published description of the game (a book, an article, or the
//! Ludii database entry and the references it cites), not another program's reading of it.
//! Where the sources leave a rule open, the entry's [`notes`](Entry::notes) say which
//! choice is made. A name is a ruleset text of its own (`ayoayo`), and takes switches like
//! `mancala` (`ayoayo:seeds=3`).
//!
//! Perft from the start (move sequences of exactly `d` plies; an extra turn is a ply):
//!
//! | name | region | source | d=1 | 2 | 3 | 4 | 5 | 6 |
//! |---|---|---|---:|---:|---:|---:|---:|---:|
//! | `abapa` | Ghana (Akan, Asante) | Russ 2000 | 6 | 36 | 190 | 1014 | 5219 | 27332 |
//! | `ayoayo` | Nigeria (Yoruba) | Russ 2000 | 6 | 28 | 132 | 624 | 2870 | 13060 |
//! | `bohnenspiel` | Germany, Estonia (Baltic Germans) | Jahn 1917, 1923: 13-15 | 6 | 36 | 206 | 1166 | 6599 | 36654 |
//! | `chongka` | Mariana Islands (Chamorro) | Fritz 1904: 57-58 | 7 | 37 | 227 | 1369 | 8231 | 48613 |
//! | `chonka` | Sri Lanka (Colombo) | Parker 1909: 599-600 | 7 | 37 | 227 | 1360 | 8207 | 48473 |
//! | `foji` | Benin (Dahomey) | Béart 1955: 510 | 6 | 28 | 130 | 604 | 2779 | 12723 |
//! | `fondji` | Benin (Dahomey) | Béart 1955: 510 | 6 | 36 | 190 | 1014 | 5308 | 28144 |
//! | `halusa` | Mesopotamia (Arabs, Turks) | Hyde 1694: 226-230 | 6 | 36 | 206 | 1166 | 6615 | 36601 |
//! | `kpo` | Liberia (Vai) | Culin 1896: 603-604 | 6 | 36 | 190 | 1014 | 5219 | 27332 |
//! | `mangala-turkey` | Turkey (Anatolia) | And 1979: 52 | 7 | 49 | 304 | 1903 | 11501 | 70040 |
//! | `mankala` | Egypt (Cairo) | Niebuhr 1774: 173 | 6 | 36 | 206 | 1166 | 6599 | 36654 |
//! | `ntyenge` | Gabon (Mbenge) | Trilles 1932: 399-400 | 8 | 64 | 458 | 3295 | 22522 | 155197 |
//! | `ot-tjin` | Borneo (Penihing) | Lumholtz 1920: 435-437 | 9 | 81 | 648 | 5184 | 36429 | 256514 |
//! | `songo-douala` | Cameroon | Powell-Cotton 1931: 123 | 7 | 49 | 309 | 1964 | 12161 | 76369 |
//! | `uril` | Cabo Verde | Braz Dias & Braz Dias 2020: 9-12 | 6 | 36 | 190 | 1014 | 5219 | 27332 |
//! | `vai-lung-thlan` | India (Mizoram), Myanmar, Bangladesh (Mizo) | Shakespear 1912: 39 | 6 | 36 | 190 | 1015 | 5454 | 29161 |
//! | `wari` | Ghana, West Africa | Murray 1952: 181-182 | 6 | 36 | 190 | 1014 | 5219 | 27332 |
//! | `woli` | Senegal river valley | Béart 1955: 512 | 6 | 36 | 206 | 1166 | 6563 | 36386 |
//! | `wore` | Senegal (Saint-Louis) | Béart 1955: 512 | 4 | 16 | 64 | 241 | 947 | 3628 |
//!
//! ```
//! use sowing::described::{Mancala, catalogue};
//! use sowing::{Ruleset, perft};
//! let ayoayo: Mancala = "ayoayo".parse().unwrap();
//! assert_eq!(perft(&ayoayo, &ayoayo.start(), 3), 132);
//! assert_eq!(catalogue::entry("ayoayo").unwrap().region, "Nigeria (Yoruba)");
//! let small: Mancala = "ayoayo:holes=4,seeds=3".parse().unwrap();
//! assert_eq!(small.to_string(), "ayoayo:holes=4,seeds=3");
//! ```
//!
//! Studied but not listed yet, for a rule the family cannot say: Kale (Gabon, Culin) forbids
//! a single seed to capture; Awari (Suriname, Herskovits) ends when no hole holds two
//! seeds; Um el Bagara (Sudan) sows each hole its own way; Enindji (Benin) gives a capture
//! to the hole's owner; I (Mali, Dogon) captures on both sides of the last hole. Out of the
//! family's scope: games of rounds and owned holes (Adi, Ba-awa, Dakon, Congkak, the Gabata
//! games), and games with a set opening (English Wari, Lontu-Holo, Andada).

use super::description::{
    Board, Captures, Counts, Description, Direction, End, GrandSlam, Laps, Leftovers, Opposite,
    Side, Sowing, StoreSowing,
};

/// A named game of the catalogue.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Entry {
    /// Its name in ruleset text (`ayoayo`).
    pub name: &'static str,
    /// Other names it goes by.
    pub other_names: &'static [&'static str],
    /// Where it is played, and by whom.
    pub region: &'static str,
    /// The published source its rules follow.
    pub source: &'static str,
    /// Where the sources leave a rule open, the choice made here.
    pub notes: &'static str,
    /// Its rules.
    pub description: Description,
}

/// A board of `holes` holes a row and `seeds` seeds a hole.
const fn board(holes: u8, seeds: u8) -> Board {
    Board {
        holes,
        seeds,
        start: None,
        north_start: None,
    }
}

/// Oware's West African family: stores only keep captures, one lap counter-clockwise that
/// skips its origin, captures of 2 or 3 on the opponent's side back along his row, a grand
/// slam illegal, feeding, the game over when the mover cannot move and each row's seeds to
/// its owner. The entries below change what differs.
const WEST_AFRICAN: Description = Description {
    captures: Captures {
        grand_slam: GrandSlam::Illegal,
        ..Description::ABAPA.captures
    },
    end: End {
        half_wins: false,
        repetition: false,
        ..Description::ABAPA.end
    },
    ..Description::ABAPA
};

/// A game of single laps whose captures are counts on either side: no stores sown, no skip
/// of the origin, no feeding, no opposite capture, the game over when the mover cannot
/// move.
const COUNTS_EITHER_SIDE: Description = Description {
    sowing: Sowing {
        skip_origin: false,
        ..WEST_AFRICAN.sowing
    },
    captures: Captures {
        side: Side::Either,
        chain: false,
        grand_slam: GrandSlam::Capture,
        ..WEST_AFRICAN.captures
    },
    end: End {
        must_feed: false,
        ..WEST_AFRICAN.end
    },
    ..WEST_AFRICAN
};

/// A relay game with the opposite capture (the last seed staying): no stores sown, no
/// count capture, no feeding, the game over when the mover cannot move.
const RELAY_OPPOSITE: Description = Description {
    sowing: Sowing {
        laps: Laps::Relay,
        skip_origin: false,
        ..WEST_AFRICAN.sowing
    },
    captures: Captures {
        counts: Counts::NONE,
        chain: false,
        grand_slam: GrandSlam::NoCapture,
        opposite: Opposite::WithoutSeed,
        ..WEST_AFRICAN.captures
    },
    end: End {
        must_feed: false,
        ..WEST_AFRICAN.end
    },
    ..WEST_AFRICAN
};

/// Oware Abapa (`abapa`): Ghana (Akan, Asante), and the tournament game of West Africa and
/// the Caribbean.
///
/// 2 x 6 holes, 4 seeds each; stores keep captures only. One lap counter-clockwise; a lap
/// of 12 or more seeds skips the hole it came from. A last seed making 2 or 3 in an
/// opponent's hole takes it, and the holes before it in his row while they hold 2 or 3. A
/// move that would take every seed of the opponent is played but takes nothing. A mover
/// must feed an empty opponent; if he cannot, the game ends and each row's seeds go to its
/// owner. A store past 24 wins; a repeated position ends the game the same way.
///
/// Source: Russ, *The Complete Mancala Games Book* (2000), "Oware"; the Abapa rules of the
/// Oware Society (Wikipedia, "Oware"). It is [`Description::ABAPA`], and plays as the
/// crate's `oware`.
///
/// Perft from the start, depths 1 to 6: 6, 36, 190, 1014, 5219, 27332.
pub const ABAPA: Entry = Entry {
    name: "abapa",
    other_names: &["Oware Abapa", "Awalé", "Awélé", "Awari"],
    region: "Ghana (Akan, Asante); West Africa and the Caribbean",
    source: "Russ, The Complete Mancala Games Book (2000), \"Oware\"; the Oware Society's \
             Abapa rules",
    notes: "Named abapa because `oware` is the crate's hand-written game, which this equals.",
    description: Description::ABAPA,
};

/// Ayoayo (`ayoayo`): Nigeria, Yoruba.
///
/// 2 x 6 holes, 4 seeds each; stores keep captures only. Relay sowing counter-clockwise:
/// when the last seed falls in a hole that held seeds, the mover lifts them and sows on; the
/// move ends in an empty hole. A lap of 12 or more skips the hole it was lifted from. A
/// move ending in an empty hole of the mover's own row takes the seeds of the hole opposite
/// and the last seed with them. A mover must feed an empty opponent; when the player to move
/// cannot move (or cannot feed), the game ends and the player who moved last takes the seeds
/// left.
///
/// Source: Russ, *The Complete Mancala Games Book* (2000), "Ayoayo" (first described in
/// Russ, *Mancala Games*, 1984), as Mancala World gives it.
///
/// Perft from the start, depths 1 to 6: 6, 28, 132, 624, 2870, 13060.
pub const AYOAYO: Entry = Entry {
    name: "ayoayo",
    other_names: &["Ayò", "Ayò Ọlọ́pọ́n"],
    region: "Nigeria (Yoruba)",
    source: "Russ, The Complete Mancala Games Book (2000), \"Ayoayo\" (first in Russ, \
             Mancala Games, 1984)",
    notes: "The last seed is taken with the hole opposite (Mancala World; Wikipedia's text \
            omits it). Nothing is taken when the hole opposite is empty. Each lap skips the \
            hole it was lifted from. The seeds left go to the player who moved last (Mancala \
            World; Wikipedia: 'the opponent' of the player who cannot move, the same player).",
    description: Description {
        sowing: Sowing {
            skip_origin: true,
            ..RELAY_OPPOSITE.sowing
        },
        captures: Captures {
            opposite: Opposite::WithSeed,
            ..RELAY_OPPOSITE.captures
        },
        end: End {
            must_feed: true,
            leftovers: Leftovers::LastMover,
            ..RELAY_OPPOSITE.end
        },
        ..RELAY_OPPOSITE
    },
};

/// Das Bohnenspiel (`bohnenspiel`): the bean game of the Baltic Germans.
///
/// 2 x 6 holes, 6 seeds each; stores keep captures only. One lap counter-clockwise. A last
/// seed making 2, 4 or 6 in a hole of either row takes it, and the holes before it while
/// they hold 2, 4 or 6, on round the board into the other row. When the player to move
/// cannot move, the game ends and the other player takes every seed left.
///
/// Source: Jahn, *Alte deutsche Spiele* (1917) and Jahn 1923: 13-15 (the Ludii database,
/// "Das Bohnenspiel", DLP 66); *Deutsches Spielhandbuch* (1937).
///
/// Perft from the start, depths 1 to 6: 6, 36, 206, 1166, 6599, 36654.
pub const BOHNENSPIEL: Entry = Entry {
    name: "bohnenspiel",
    other_names: &["Das Bohnenspiel", "Baltic bean game", "Kardis bean game"],
    region: "Germany and Estonia (Baltic Germans), from a Persian board",
    source: "Jahn, Alte deutsche Spiele (1917); Jahn 1923: 13-15 (Ludii DLP 66, \"Das \
             Bohnenspiel\"); Deutsches Spielhandbuch (1937)",
    notes: "The chain of captures runs on into the other row: no text stops it at the end of \
            a row, and Ludii's model runs round the board. A lap of 12 or more drops a seed in the \
            emptied hole (no skip is mentioned). A capture of every seed of the opponent is \
            allowed (no rule is given).",
    description: Description {
        board: board(6, 6),
        captures: Captures {
            counts: Counts::of(&[2, 4, 6]),
            chain: true,
            chain_rows: true,
            ..COUNTS_EITHER_SIDE.captures
        },
        end: End {
            leftovers: Leftovers::LastMover,
            ..COUNTS_EITHER_SIDE.end
        },
        ..COUNTS_EITHER_SIDE
    },
};

/// Chongka' (`chongka`): Mariana Islands, Chamorro.
///
/// 2 x 7 holes, 7 seeds each, a store for each player into which he sows (never into the
/// opponent's), at his left, sown right after his own row: the source sows clockwise. It
/// is described here as its mirror image, counter-clockwise with the store at his right,
/// the same game with the holes numbered the other way (the family's stores stand at their
/// owners' right whichever way a game sows). Relay sowing: a last seed in a hole that held
/// seeds lifts them and sows on; the move ends in an empty hole or in the store, with no
/// extra turn. A move ending in an empty hole of the mover's own row takes the seeds of the
/// hole opposite (the last seed stays). A player without a move passes; the game ends when
/// neither can move.
///
/// Source: Fritz 1904: 57-58 (the Ludii database, "Chongka'").
///
/// Perft from the start, depths 1 to 6: 7, 37, 227, 1369, 8231, 48613.
pub const CHONGKA: Entry = Entry {
    name: "chongka",
    other_names: &["Chongka'", "Tchonka"],
    region: "Mariana Islands (Chamorro)",
    source: "Fritz 1904: 57-58 (Ludii, \"Chongka'\")",
    notes: "Clockwise with the store at the player's left in the source; its mirror image \
            here (see above). The end is not given; as Ludii models it, a player without a \
            move passes and the game ends when neither can move (the board is then empty).",
    description: Description {
        board: board(7, 7),
        sowing: Sowing {
            stores: StoreSowing::Own,
            ..RELAY_OPPOSITE.sowing
        },
        end: End {
            pass: true,
            ..RELAY_OPPOSITE.end
        },
        ..RELAY_OPPOSITE
    },
};

/// Chonka (`chonka`): Sri Lanka (Colombo), where Tamil speakers call it Pallankuli.
///
/// 2 x 7 holes, 7 seeds each, a store for each player into which he sows. Relay sowing
/// counter-clockwise: a last seed in a hole that held seeds lifts them and sows on; the move
/// ends in an empty hole or in the store, with no extra turn. A move ending in an empty hole
/// of the mover's own row takes it and the hole opposite. A store past half the seeds wins;
/// a mover who cannot move ends the game, each row's seeds to its owner.
///
/// Source: Parker, *Ancient Ceylon* (1909): 599-600 (the Ludii database, "Chonka").
///
/// Perft from the start, depths 1 to 6: 7, 37, 227, 1360, 8207, 48473.
pub const CHONKA: Entry = Entry {
    name: "chonka",
    other_names: &["Pallankuli (Colombo)"],
    region: "Sri Lanka (Colombo)",
    source: "Parker, Ancient Ceylon (1909): 599-600 (Ludii, \"Chonka\")",
    notes: "The first player chooses the direction for the whole game: counter-clockwise \
            here. The capture is made in the mover's own row only (the text can be read as \
            either row). The end when the mover is stuck is not given: each row to its owner.",
    description: Description {
        board: board(7, 7),
        sowing: Sowing {
            stores: StoreSowing::Own,
            ..RELAY_OPPOSITE.sowing
        },
        captures: Captures {
            opposite: Opposite::WithSeed,
            ..RELAY_OPPOSITE.captures
        },
        end: End {
            half_wins: true,
            ..RELAY_OPPOSITE.end
        },
    },
};

/// Foji (`foji`): Benin (Dahomey).
///
/// 2 x 6 holes, 4 seeds each; stores keep captures only. Relay sowing clockwise; a lap
/// that comes round skips the hole it was lifted from; the move ends in an empty hole. A
/// move ending in an empty hole of the mover's own row takes the seeds of the hole opposite
/// (the last seed stays). A mover must feed an empty opponent; if he cannot, the game ends
/// and each row's seeds go to its owner.
///
/// Source: Béart, *Jeux et jouets de l'Ouest africain* (1955): 510 (the Ludii database,
/// "Foji").
///
/// Perft from the start, depths 1 to 6: 6, 28, 130, 604, 2779, 12723.
pub const FOJI: Entry = Entry {
    name: "foji",
    other_names: &[],
    region: "Benin (Dahomey)",
    source: "Béart, Jeux et jouets de l'Ouest africain (1955): 510 (Ludii, \"Foji\")",
    notes: "The text skips the hole the move started from; each lap skips the hole it was \
            lifted from here.",
    description: Description {
        sowing: Sowing {
            direction: Direction::Cw,
            skip_origin: true,
            ..RELAY_OPPOSITE.sowing
        },
        end: End {
            must_feed: true,
            ..RELAY_OPPOSITE.end
        },
        ..RELAY_OPPOSITE
    },
};

/// Fondji (`fondji`): Benin (Dahomey).
///
/// As [`WARI`] (2 x 6, 4 seeds, one lap counter-clockwise skipping its origin, feeding)
/// but the captures are in the mover's own row: a last seed making 2 or 3 there takes it,
/// and the holes before it in his row while they hold 2 or 3.
///
/// Source: Béart, *Jeux et jouets de l'Ouest africain* (1955): 510 (the Ludii database,
/// "Fondji").
///
/// Perft from the start, depths 1 to 6: 6, 36, 190, 1014, 5308, 28144.
pub const FONDJI: Entry = Entry {
    name: "fondji",
    other_names: &[],
    region: "Benin (Dahomey)",
    source: "Béart, Jeux et jouets de l'Ouest africain (1955): 510 (Ludii, \"Fondji\")",
    notes: "A capture in his own row never empties the opponent, so no grand-slam rule.",
    description: Description {
        captures: Captures {
            side: Side::Own,
            grand_slam: GrandSlam::NoCapture,
            ..WEST_AFRICAN.captures
        },
        ..WEST_AFRICAN
    },
};

/// Halusa (`halusa`): Mesopotamia, among Arabs and Turks, late seventeenth century.
///
/// 2 x 6 holes, 6 seeds each; no stores sown. One lap counter-clockwise. A last seed making
/// an even number in a hole of the mover's own row takes it, and the holes before it in his
/// row while they hold an even number. A mover must feed an empty opponent; if he cannot,
/// the game ends and each row's seeds go to its owner.
///
/// Source: Hyde, *De Ludis Orientalibus* (1694): 226-230 (the Ludii database, "Halusa").
///
/// Perft from the start, depths 1 to 6: 6, 36, 206, 1166, 6615, 36601.
pub const HALUSA: Entry = Entry {
    name: "halusa",
    other_names: &["Halusi", "Mangala"],
    region: "Mesopotamia (Iraq), Arabs and Turks",
    source: "Hyde, De Ludis Orientalibus (1694): 226-230 (Ludii, \"Halusa\")",
    notes: "A lap of 12 or more drops a seed in the emptied hole (no skip is mentioned). \
            When the mover cannot feed, the player who could last move takes what is left, \
            which is all in his own row: each row to its owner.",
    description: Description {
        board: board(6, 6),
        sowing: Sowing {
            skip_origin: false,
            ..WEST_AFRICAN.sowing
        },
        captures: Captures {
            counts: Counts::EVENS,
            side: Side::Own,
            grand_slam: GrandSlam::NoCapture,
            ..WEST_AFRICAN.captures
        },
        ..WEST_AFRICAN
    },
};

/// Kpo (`kpo`): Liberia, Vai.
///
/// 2 x 6 holes, 4 seeds each; stores keep captures only. One lap counter-clockwise. A last
/// seed making 2 or 3 in a hole of either row takes that hole. The game ends when the
/// player to move cannot move; each row's seeds go to its owner.
///
/// Source: Culin, "Mancala, the national game of Africa", Report of the U. S. National
/// Museum for 1894 (1896): 603-604, told by Momolu Massaquoi (the Ludii database, "Kpo",
/// ruleset "Momolu Massaquoi", DLP 280).
///
/// Perft from the start, depths 1 to 6: 6, 36, 190, 1014, 5219, 27332.
pub const KPO: Entry = Entry {
    name: "kpo",
    other_names: &["Poo"],
    region: "Liberia (Vai)",
    source: "Culin, Mancala, the National Game of Africa (1896): 603-604 (Ludii DLP 280, \
             \"Kpo\", ruleset \"Momolu Massaquoi\")",
    notes: "The two-player game. The side of the capture is not given (Ludii: either). No \
            end is given: the mover who cannot move ends it, each row to its owner. No skip \
            of the origin and no grand-slam rule are mentioned.",
    description: COUNTS_EITHER_SIDE,
};

/// Mangala as Metin And recorded it in Turkey (`mangala-turkey`), the seven-hole game.
///
/// 2 x 7 holes, 5 seeds each; no stores sown. One lap counter-clockwise. A last seed that
/// leaves 1 or 3 in a hole of either row takes it, and the holes before it while they hold
/// 1 or 3, on round the board into the other row. A player without a move passes; the game
/// goes on until every hole is empty.
///
/// Source: And 1979: 52 (the Ludii database, "Mangala (Turkey)", ruleset "Seven Holes").
///
/// Perft from the start, depths 1 to 6: 7, 49, 304, 1903, 11501, 70040.
pub const MANGALA_TURKEY: Entry = Entry {
    name: "mangala-turkey",
    other_names: &["Mangala"],
    region: "Turkey (Anatolia)",
    source: "And 1979: 52 (Ludii, \"Mangala (Turkey)\", ruleset \"Seven Holes\")",
    notes: "And's 'a hole which contains one or three (not two)' is read as Ludii reads it, \
            after the last seed (`capture=2.4` is the other reading, before it). And names only \
            the next hole as taken too; Ludii, as here, goes on while the holes hold 1 or 3. \
            Also played on 2 x 6 (`mangala-turkey:holes=6`). Not the modern Turkish Mangala \
            of 2009.",
    description: Description {
        board: board(7, 5),
        captures: Captures {
            counts: Counts::of(&[1, 3]),
            chain: true,
            chain_rows: true,
            ..COUNTS_EITHER_SIDE.captures
        },
        end: End {
            pass: true,
            ..COUNTS_EITHER_SIDE.end
        },
        ..COUNTS_EITHER_SIDE
    },
};

/// Mankala (`mankala`): Egypt, in the eighteenth century.
///
/// 2 x 6 holes, 6 seeds each; no stores sown. One lap counter-clockwise. A last seed making
/// 2, 4 or 6 in a hole of either row takes it, and the holes before it while they hold 2,
/// 4 or 6, on round the board into the other row. A player without a move passes; the game
/// goes on until every seed is taken.
///
/// Source: Niebuhr 1774: 173 (the Ludii database, "Mankala", DLP 1056).
///
/// Perft from the start, depths 1 to 6: 6, 36, 206, 1166, 6599, 36654.
pub const MANKALA: Entry = Entry {
    name: "mankala",
    other_names: &["Mankala'h"],
    region: "Egypt (Cairo)",
    source: "Niebuhr 1774: 173 (Ludii DLP 1056, \"Mankala\")",
    notes: "Bohnenspiel's rules but for the end: no one is stuck for good, a player without a \
            move passes. A lap of 12 or more drops a seed in the emptied hole (no skip is \
            mentioned); a capture of every seed of the opponent is allowed (no rule is given).",
    description: Description {
        board: board(6, 6),
        captures: Captures {
            counts: Counts::of(&[2, 4, 6]),
            chain: true,
            chain_rows: true,
            ..COUNTS_EITHER_SIDE.captures
        },
        end: End {
            pass: true,
            ..COUNTS_EITHER_SIDE.end
        },
        ..COUNTS_EITHER_SIDE
    },
};

/// Ntyéngé (`ntyenge`): Gabon, Mbenge.
///
/// 2 x 8 holes, 4 seeds each; no stores sown. One lap counter-clockwise. A last seed making
/// 2 or 4 in a hole of either row takes that hole. A player without a move passes; the game
/// goes on until every seed is taken.
///
/// Source: Trilles 1932: 399-400 (the Ludii database, "Ntyenge", DLP 1346).
///
/// Perft from the start, depths 1 to 6: 8, 64, 458, 3295, 22522, 155197.
pub const NTYENGE: Entry = Entry {
    name: "ntyenge",
    other_names: &["Ntyéngé"],
    region: "Gabon (Mbenge)",
    source: "Trilles 1932: 399-400 (Ludii DLP 1346, \"Ntyenge\")",
    notes: "The side of the capture is not given (Ludii: either). No skip of the origin and \
            no grand-slam rule are mentioned.",
    description: Description {
        board: board(8, 4),
        captures: Captures {
            counts: Counts::of(&[2, 4]),
            ..COUNTS_EITHER_SIDE.captures
        },
        end: End {
            pass: true,
            ..COUNTS_EITHER_SIDE.end
        },
        ..COUNTS_EITHER_SIDE
    },
};

/// Aw-li On-nam Ot-tjin (`ot-tjin`): Borneo, Penihing.
///
/// 2 x 9 holes, 3 seeds each; stores keep captures only. A hole of one seed may not be
/// played. One lap counter-clockwise. A last seed making 3 (the starting number: "making a
/// fish") in a hole of either row takes that hole. When the player to move cannot play,
/// the game ends and his opponent takes every seed left.
///
/// Source: Lumholtz, *Through Central Borneo* (1920): 435-437 (the Ludii database,
/// "Aw-li On-nam Ot-tjin", ruleset "Three Counters").
///
/// Perft from the start, depths 1 to 6: 9, 81, 648, 5184, 36429, 256514.
pub const OT_TJIN: Entry = Entry {
    name: "ot-tjin",
    other_names: &["Aw-li On-nam Ot-tjin", "Fish"],
    region: "Borneo (Penihing)",
    source: "Lumholtz, Through Central Borneo (1920): 435-437 (Ludii, \"Aw-li On-nam \
             Ot-tjin\", ruleset \"Three Counters\")",
    notes: "The side of the capture is not given (Ludii: either). 2, 4 or 5 seeds a hole are \
            played too (`ot-tjin:seeds=4,capture=4`). When \
            both players have only single seeds the source has the game played again: here \
            it simply ends.",
    description: Description {
        board: board(9, 3),
        sowing: Sowing {
            min_seeds: 2,
            ..COUNTS_EITHER_SIDE.sowing
        },
        captures: Captures {
            counts: Counts::of(&[3]),
            ..COUNTS_EITHER_SIDE.captures
        },
        end: End {
            leftovers: Leftovers::LastMover,
            ..COUNTS_EITHER_SIDE.end
        },
    },
};

/// Songo as Powell-Cotton saw it (`songo-douala`): Cameroon, east of Yaoundé.
///
/// 2 x 7 holes, 5 seeds each; stores keep captures only. One lap clockwise; a lap that
/// comes round skips the hole it came from. A last seed making 2 or 4 in an opponent's hole
/// takes it, and the holes before it in his row while they hold 2 or 4. A mover must feed
/// an empty opponent; if he cannot, the game ends and each row's seeds go to its owner.
///
/// Source: Powell-Cotton, "A mancala board called Songo", *Man* 31 (1931), no. 132: 123;
/// Mancala World, "Songo Douala".
///
/// Perft from the start, depths 1 to 6: 7, 49, 309, 1964, 12161, 76369.
pub const SONGO_DOUALA: Entry = Entry {
    name: "songo-douala",
    other_names: &["Songo", "Songo Duala"],
    region: "Cameroon (M'Velle country, east of Yaoundé)",
    source: "Powell-Cotton, \"A mancala board called Songo\", Man 31 (1931), no. 132: 123",
    notes: "The counts are agreed before play: 2 or 4 (the usual), 3 or 4, or 2, 3 and 4 for \
            a short game (`capture=3.4`, `capture=2.3.4`). Five seeds a hole as Powell-Cotton \
            counts (Mancala World says eight). The skip of the origin and the feeding are \
            Mancala World's, from Songo Ewondo; a capture of every seed of the opponent is \
            allowed (no rule is given).",
    description: Description {
        board: board(7, 5),
        sowing: Sowing {
            direction: Direction::Cw,
            ..WEST_AFRICAN.sowing
        },
        captures: Captures {
            counts: Counts::of(&[2, 4]),
            grand_slam: GrandSlam::Capture,
            ..WEST_AFRICAN.captures
        },
        ..WEST_AFRICAN
    },
};

/// Uril (`uril`): Cabo Verde, and Cape Verdeans in Portugal.
///
/// As [`WARI`] (2 x 6, 4 seeds, one lap counter-clockwise skipping its origin, captures of
/// 2 or 3 on the opponent's side back along his row, no grand slam, feeding), and the first
/// to take 25 seeds wins.
///
/// Source: Braz Dias & Braz Dias 2020: 9-12 (the Ludii database, "Uril"); first described
/// by Carreira (1947).
///
/// Perft from the start, depths 1 to 6: 6, 36, 190, 1014, 5219, 27332.
pub const URIL: Entry = Entry {
    name: "uril",
    other_names: &["Ouril", "Ouri"],
    region: "Cabo Verde",
    source: "Braz Dias & Braz Dias 2020: 9-12 (Ludii, \"Uril\")",
    notes: "The source says nothing of a grand slam; Ludii forbids any move that leaves the \
            opponent without seeds, so it is illegal here. The Portuguese school tournament \
            rules (a grand slam allowed with another move, singletons only when nothing else) \
            are a later game.",
    description: Description {
        end: End {
            half_wins: true,
            ..WEST_AFRICAN.end
        },
        ..WEST_AFRICAN
    },
};

/// Vai Lung Thlān (`vai-lung-thlan`): Mizoram (India), and the Mizo of Myanmar and
/// Bangladesh.
///
/// 2 x 6 holes, 5 seeds each; no stores sown. One lap clockwise; a hole of 12 sows its last
/// seed back into itself. A last seed that falls into an empty hole of either row takes it,
/// and the holes before it while each holds a single seed, on round the board into the
/// other row. A player without a move passes; the game goes on until every seed is taken.
///
/// Source: Shakespear, *The Lushei Kuki Clans* (1912): 39 (the Ludii database, "Vai Lung
/// Thlan"); Russ (2000); Gering, *Abstract Games* 12 (2002): 15, 29.
///
/// Perft from the start, depths 1 to 6: 6, 36, 190, 1015, 5454, 29161.
pub const VAI_LUNG_THLAN: Entry = Entry {
    name: "vai-lung-thlan",
    other_names: &["Vai Lung Thlān"],
    region: "India (Mizoram), Myanmar, Bangladesh (Mizo, Lushai)",
    source: "Shakespear, The Lushei Kuki Clans (1912): 39 (Ludii, \"Vai Lung Thlan\"); \
             Russ (2000); Gering, Abstract Games 12 (2002)",
    notes: "A capture of every seed of the opponent is allowed (no rule is given). 30 seeds \
            each is a draw.",
    description: Description {
        board: board(6, 5),
        sowing: Sowing {
            direction: Direction::Cw,
            ..COUNTS_EITHER_SIDE.sowing
        },
        captures: Captures {
            counts: Counts::of(&[1]),
            chain: true,
            chain_rows: true,
            ..COUNTS_EITHER_SIDE.captures
        },
        end: End {
            pass: true,
            ..COUNTS_EITHER_SIDE.end
        },
    },
};

/// Wari (`wari`) as Murray records it: Ghana and West Africa.
///
/// 2 x 6 holes, 4 seeds each; stores keep captures only. One lap counter-clockwise; the
/// hole lifted from stays empty, a full lap passing it by. A last seed making 2 or 3 in an
/// opponent's hole takes it, and the holes before it in his row while they hold 2 or 3. A
/// move that would take every seed of the opponent may not be played. A mover must feed an
/// empty opponent; if he cannot, the game ends and he takes the seeds of his own row.
///
/// Source: Murray, *A History of Board-Games other than Chess* (1952): 181-182 (the Ludii
/// database, "Oware", ruleset "Wari (Observed)", DLP 69, which cites Bennett 1927).
///
/// Perft from the start, depths 1 to 6: 6, 36, 190, 1014, 5219, 27332.
pub const WARI: Entry = Entry {
    name: "wari",
    other_names: &["Warri", "Oware"],
    region: "Ghana and West Africa (Gold Coast)",
    source: "Murray, A History of Board-Games other than Chess (1952): 181-182 (Ludii DLP 69, \
             \"Oware\", ruleset \"Wari (Observed)\")",
    notes: "When every move is a grand slam, one is played and takes nothing (the crate's \
            illegal grand slam). A game caught in a loop is ended by agreement, each taking \
            his own row: use `wari:repetition` or a ply limit.",
    description: WEST_AFRICAN,
};

/// Woli (`woli`): the Senegal river valley.
///
/// As [`WARI`] (one lap skipping its origin, captures of 2 or 3 on the opponent's side
/// back along his row, no grand slam, feeding) but with 6 seeds a hole and sown clockwise.
///
/// Source: Béart, *Jeux et jouets de l'Ouest africain* (1955): 512 (the Ludii database,
/// "Woli", DLP 423).
///
/// Perft from the start, depths 1 to 6: 6, 36, 206, 1166, 6563, 36386.
pub const WOLI: Entry = Entry {
    name: "woli",
    other_names: &[],
    region: "Senegal river valley (Senegal, Mauritania, Mali)",
    source: "Béart, Jeux et jouets de l'Ouest africain (1955): 512 (Ludii DLP 423, \"Woli\")",
    notes: "As wari for a loop and for an all-grand-slam position.",
    description: Description {
        board: board(6, 6),
        sowing: Sowing {
            direction: Direction::Cw,
            ..WEST_AFRICAN.sowing
        },
        ..WEST_AFRICAN
    },
};

/// Wöré (`wore`): Senegal (Saint-Louis), a women's game.
///
/// 2 x 4 heaps, 6 seeds each; no stores sown. One lap counter-clockwise. A last seed making
/// 2, 4 or 6 in a heap of either row takes that heap. The game ends when the player to move
/// cannot move; the seeds left count for nobody.
///
/// Source: Béart, *Jeux et jouets de l'Ouest africain* (1955): 512 (the Ludii database,
/// "Wore", DLP 428).
///
/// Perft from the start, depths 1 to 6: 4, 16, 64, 241, 947, 3628.
pub const WORE: Entry = Entry {
    name: "wore",
    other_names: &["Wöré", "Weuré"],
    region: "Senegal (Saint-Louis)",
    source: "Béart, Jeux et jouets de l'Ouest africain (1955): 512 (Ludii DLP 428, \"Wore\")",
    notes: "The text says any heap of 2, 4 or 6 is taken; Ludii takes the last one only, as \
            here. The seeds left count for nobody, as Ludii scores it.",
    description: Description {
        board: board(4, 6),
        captures: Captures {
            counts: Counts::of(&[2, 4, 6]),
            ..COUNTS_EITHER_SIDE.captures
        },
        end: End {
            leftovers: Leftovers::Nobody,
            ..COUNTS_EITHER_SIDE.end
        },
        ..COUNTS_EITHER_SIDE
    },
};

/// Every game of the catalogue, by name.
pub const CATALOGUE: &[Entry] = &[
    ABAPA,
    AYOAYO,
    BOHNENSPIEL,
    CHONGKA,
    CHONKA,
    FOJI,
    FONDJI,
    HALUSA,
    KPO,
    MANGALA_TURKEY,
    MANKALA,
    NTYENGE,
    OT_TJIN,
    SONGO_DOUALA,
    URIL,
    VAI_LUNG_THLAN,
    WARI,
    WOLI,
    WORE,
];

/// Every game of the catalogue (the same as [`CATALOGUE`]).
pub fn catalogue() -> &'static [Entry] {
    CATALOGUE
}

/// The entry named `name`.
pub fn entry(name: &str) -> Option<&'static Entry> {
    CATALOGUE.iter().find(|e| e.name == name)
}

/// `mancala` and the catalogue's names, the names the family's ruleset type answers to.
pub(crate) const NAMES: [&str; CATALOGUE.len() + 1] = {
    let mut names = ["mancala"; CATALOGUE.len() + 1];
    let mut i = 0;
    while i < CATALOGUE.len() {
        names[i + 1] = CATALOGUE[i].name;
        i += 1;
    }
    names
};
