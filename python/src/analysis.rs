//! `sowing._sowing.analyze_text`: a game record analysed by the crate's `sowing::analysis`,
//! as plain Python values (dicts, lists, strings) that pickle, so that a process pool or a
//! cluster can run it. The Python face is `sowing.analysis` (python/sowing/analysis.py).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use sowing::analysis::{
    AnalysisError, Analyzer, Class, GameAnalysis, VERIFY_PLIES, annotate, graph_svg, read_game_in,
};
use sowing::games::{AnyRuleset, GameList as _, Member, Records, Visit};
use sowing::pgn::{self, Form, PgnGame};
use sowing::search::{AgentSpec, Limits};

use crate::errors;
use crate::interrupt;

/// One ply, as the dict of a row.
struct Row {
    ply: usize,
    turn: usize,
    side: &'static str,
    player: String,
    played: String,
    best: String,
    line: Vec<String>,
    line_text: String,
    before: (f64, String),
    after: (f64, String),
    expected_before: f64,
    expected_after: f64,
    loss: f64,
    expected_loss: f64,
    class: &'static str,
    exactness: &'static str,
    moves: usize,
    /// Every legal move: its text, its value in seeds and as text.
    values: Vec<(String, f64, String)>,
    verified: bool,
}

/// One player's figures.
struct Figures {
    side: &'static str,
    player: String,
    moves: usize,
    average_loss: f64,
    accuracy: f64,
    classes: Vec<(&'static str, usize)>,
}

/// What the analysis of a record gives Python.
struct Report {
    agent: String,
    game: &'static str,
    rows: Vec<Row>,
    summary: Vec<Figures>,
    annotated: String,
    svg: String,
}

/// Why the analysis gave no report.
enum Failure {
    Agent(sowing::search::AgentSpecError),
    Other(String),
    Stopped,
}

struct Job {
    agent: AgentSpec,
    verify: u32,
    stop: Arc<AtomicBool>,
    title: String,
}

fn rows<M>(analysis: &GameAnalysis<M>, names: &[String; 2]) -> Vec<Row> {
    analysis
        .plies
        .iter()
        .map(|p| {
            let i = p.player.index();
            Row {
                ply: p.ply,
                turn: p.turn,
                side: analysis.sides[i],
                player: names[i].clone(),
                played: p.played_text.clone(),
                best: p.best_text.clone(),
                line: p.line.clone(),
                line_text: p.line_text.clone(),
                before: (p.before.seeds(), p.before.to_string()),
                after: (p.after.seeds(), p.after.to_string()),
                expected_before: p.expected_before,
                expected_after: p.expected_after,
                loss: p.loss,
                expected_loss: p.expected_loss,
                class: p.class.name(),
                exactness: p.exactness.name(),
                moves: p.moves,
                values: p
                    .values
                    .iter()
                    .map(|v| (v.text.clone(), v.value.seeds(), v.value.to_string()))
                    .collect(),
                verified: p.verified,
            }
        })
        .collect()
}

impl Visit<AnyRuleset, Records> for Job {
    type Output = Result<Report, Failure>;
    fn visit<R: Member<AnyRuleset>>(self, game: PgnGame<R>) -> Result<Report, Failure> {
        let game = &game;
        self.agent
            .check_for(game.record.rules())
            .map_err(Failure::Agent)?;
        let mut analyzer = Analyzer::<R>::new(&self.agent)
            .map_err(|e| match e {
                AnalysisError::Agent(e) => Failure::Agent(e),
                e => Failure::Other(e.to_string()),
            })?
            .verify(self.verify)
            .stop_flag(self.stop);
        let analysis = analyzer.analyze(&game.record).map_err(|e| match e {
            AnalysisError::Stopped => Failure::Stopped,
            e => Failure::Other(e.to_string()),
        })?;
        let names = [0, 1].map(|i| {
            let side = R::SIDES[i];
            match game.tag(side) {
                Some(n) if !n.is_empty() && n != "?" => n.to_string(),
                _ => side.to_string(),
            }
        });
        let summary = analysis
            .summary()
            .iter()
            .enumerate()
            .map(|(i, s)| Figures {
                side: R::SIDES[i],
                player: names[i].clone(),
                moves: s.moves,
                average_loss: s.average_loss(),
                accuracy: s.accuracy(),
                classes: Class::ALL.iter().map(|&c| (c.name(), s.count(c))).collect(),
            })
            .collect();
        let annotated = annotate(game, &analysis);
        Ok(Report {
            agent: analysis.agent.clone(),
            game: R::GAME,
            rows: rows(&analysis, &names),
            summary,
            annotated: annotated.to_text_in(Form::RECORDS).unwrap_or_default(),
            svg: graph_svg(&analysis, &self.title),
        })
    }
}

/// Analyses the one game of `text` (a record of any game, as `GameRecord.from_pgn` reads;
/// one without a result is a game under way) with `agent` (an alphabeta agent's text), a
/// mistake or blunder searched again `verify` plies deeper before it counts (0: never;
/// `sowing::analysis::Analyzer::verify`): a dict with the per-ply `rows` (dicts), the
/// per-player `summary` (two dicts, South's first), the `annotated` record text, the graph
/// `svg`, the `agent` and the `game`. The search runs with the GIL released; Ctrl-C stops
/// it (KeyboardInterrupt).
#[pyfunction]
#[pyo3(signature = (text, agent, title = "", verify = VERIFY_PLIES))]
fn analyze_text<'py>(
    py: Python<'py>,
    text: String,
    agent: &str,
    title: &str,
    verify: u32,
) -> PyResult<Bound<'py, PyDict>> {
    if verify > Limits::MAX_DEPTH {
        return Err(crate::errors::SowingError::new_err(format!(
            "verify={verify} is out of range: expected plies 0 to {}",
            Limits::MAX_DEPTH
        )));
    }
    let spec: AgentSpec = agent.parse().map_err(errors::agent_error)?;
    if !matches!(spec, AgentSpec::AlphaBeta { .. }) {
        return Err(errors::agent_refused(
            AnalysisError::NoValues(spec.to_string()).to_string(),
        ));
    }
    let games = pgn::split(&text);
    let [one] = games.as_slice() else {
        return Err(errors::record_error(
            py,
            format!("line 1: {} games in the text, expected one", games.len()),
            Some(1),
            None,
        ));
    };
    let game = read_game_in::<AnyRuleset>(one).map_err(|e| errors::pgn_error(py, e))?;
    let stop = Arc::new(AtomicBool::new(false));
    let job = Job {
        agent: spec,
        verify,
        stop: Arc::clone(&stop),
        title: title.to_string(),
    };
    let report = interrupt::run(py, interrupt::raise(&stop), move || {
        AnyRuleset::each(game.into_records(), job)
    })?;
    let report = match report {
        Ok(r) => r,
        Err(Failure::Agent(e)) => return Err(errors::agent_error(e)),
        Err(Failure::Other(e)) => return Err(pyo3::exceptions::PyValueError::new_err(e)),
        Err(Failure::Stopped) => {
            return Err(pyo3::exceptions::PyKeyboardInterrupt::new_err(
                "analysis stopped",
            ));
        }
    };
    let out = PyDict::new(py);
    let rows = PyList::empty(py);
    for r in &report.rows {
        let d = PyDict::new(py);
        d.set_item("ply", r.ply)?;
        d.set_item("turn", r.turn)?;
        d.set_item("side", r.side)?;
        d.set_item("player", &r.player)?;
        d.set_item("move", &r.played)?;
        d.set_item("best", &r.best)?;
        d.set_item("line", &r.line)?;
        d.set_item("line_text", &r.line_text)?;
        d.set_item("before", r.before.0)?;
        d.set_item("after", r.after.0)?;
        d.set_item("before_text", &r.before.1)?;
        d.set_item("after_text", &r.after.1)?;
        d.set_item("expected_before", r.expected_before)?;
        d.set_item("expected_after", r.expected_after)?;
        d.set_item("loss", r.loss)?;
        d.set_item("expected_loss", r.expected_loss)?;
        d.set_item("class", r.class)?;
        d.set_item("exactness", r.exactness)?;
        d.set_item("moves", r.moves)?;
        let values = PyDict::new(py);
        let values_text = PyDict::new(py);
        for (mv, seeds, text) in &r.values {
            values.set_item(mv, *seeds)?;
            values_text.set_item(mv, text)?;
        }
        d.set_item("values", values)?;
        d.set_item("values_text", values_text)?;
        d.set_item("verified", r.verified)?;
        rows.append(d)?;
    }
    let summary = PyList::empty(py);
    for f in &report.summary {
        let d = PyDict::new(py);
        d.set_item("side", f.side)?;
        d.set_item("player", &f.player)?;
        d.set_item("moves", f.moves)?;
        d.set_item("average_loss", f.average_loss)?;
        d.set_item("accuracy", f.accuracy)?;
        let classes = PyDict::new(py);
        for (name, n) in &f.classes {
            classes.set_item(*name, *n)?;
        }
        d.set_item("classes", classes)?;
        summary.append(d)?;
    }
    out.set_item("agent", &report.agent)?;
    out.set_item("game", report.game)?;
    out.set_item("rows", rows)?;
    out.set_item("summary", summary)?;
    out.set_item("annotated", &report.annotated)?;
    out.set_item("svg", &report.svg)?;
    Ok(out)
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(analyze_text, m)?)
}
