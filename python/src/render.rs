//! Pictures as pixels: an SVG document (the crate's board pictures, `Ruleset.picture_svg`)
//! rasterised by resvg into a numpy `uint8` array of shape `(height, width, 3)`, the frame
//! Gymnasium's `render_mode="rgb_array"` returns and its video recorder writes.

use std::sync::{Arc, OnceLock};

use numpy::ndarray::Array3;
use numpy::{IntoPyArray, PyArray3};
use pyo3::prelude::*;
use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::{self, fontdb};

use crate::errors::SowingError;

/// The most pixels a picture may have (a 8192 x 8192 square): past it the scale is refused
/// before anything is allocated.
const MAX_PIXELS: u64 = 1 << 26;

/// Families tried, in order, for the pictures' generic `sans-serif` (fontdb's own default,
/// Arial, is seldom on a Linux machine); without any of them the first font found is used.
const SANS_SERIF: [&str; 6] = [
    "DejaVu Sans",
    "Liberation Sans",
    "Noto Sans",
    "Arial",
    "Helvetica",
    "FreeSans",
];

/// The machine's fonts, loaded once (a scan of the font folders takes milliseconds).
fn fonts() -> Arc<fontdb::Database> {
    static FONTS: OnceLock<Arc<fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = fontdb::Database::new();
            db.load_system_fonts();
            let family = SANS_SERIF
                .iter()
                .map(|f| f.to_string())
                .find(|f| {
                    db.faces()
                        .any(|face| face.families.iter().any(|(name, _)| name == f))
                })
                .or_else(|| {
                    db.faces()
                        .find_map(|face| face.families.first().map(|(name, _)| name.clone()))
                });
            if let Some(family) = family {
                // usvg falls back to the serif family when a family is not found: the same.
                db.set_sans_serif_family(family.clone());
                db.set_serif_family(family);
            }
            Arc::new(db)
        })
        .clone()
}

/// The size of the picture drawn at `scale`, checked.
fn pixel_size(width: f32, height: f32, scale: f64) -> Result<(u32, u32), String> {
    if !scale.is_finite() || scale <= 0.0 {
        return Err(format!("scale must be a positive number, not {scale}"));
    }
    let w = (f64::from(width) * scale).ceil();
    let h = (f64::from(height) * scale).ceil();
    if w < 1.0 || h < 1.0 || w * h > MAX_PIXELS as f64 {
        return Err(format!(
            "a picture of {width} x {height} at scale {scale} would be {w} x {h} pixels: \
             at least 1 x 1 and at most {MAX_PIXELS} pixels"
        ));
    }
    // Both below 2^26 here: exact as u32.
    Ok((w as u32, h as u32))
}

/// The SVG document drawn into RGB pixels, composited on white.
fn rasterise(svg: &str, scale: f64) -> Result<Array3<u8>, String> {
    let options = usvg::Options {
        fontdb: fonts(),
        // No `<image>` is drawn (the board pictures have none): no file is read (a path, or
        // `/dev/zero`, in a document), no embedded document parsed again.
        image_href_resolver: usvg::ImageHrefResolver {
            resolve_data: Box::new(|_, _, _| None),
            resolve_string: Box::new(|_, _| None),
        },
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &options)
        .map_err(|e| format!("the SVG document cannot be read: {e}"))?;
    let size = tree.size();
    let (w, h) = pixel_size(size.width(), size.height(), scale)?;
    let mut pixmap =
        Pixmap::new(w, h).ok_or_else(|| format!("no picture of {w} x {h} pixels can be made"))?;
    // `scale` was checked finite and positive (as f32 a tiny one may become 0: nothing drawn
    // on the 1 x 1 picture, which is all such a scale can hold anyway).
    let s = scale as f32;
    resvg::render(&tree, Transform::from_scale(s, s), &mut pixmap.as_mut());
    let mut rgb = Vec::with_capacity(w as usize * h as usize * 3);
    // The pixmap's pixels are premultiplied RGBA: over white, each channel is c + (255 - a).
    for px in pixmap.data().chunks_exact(4) {
        let blank = 255 - px[3];
        rgb.extend(px[..3].iter().map(|&c| c.saturating_add(blank)));
    }
    Array3::from_shape_vec((h as usize, w as usize, 3), rgb).map_err(|e| e.to_string())
}

/// An SVG document (such as `Ruleset.picture_svg`'s) as pixels: a numpy uint8 array of shape
/// `(height, width, 3)`, RGB, transparent parts white. `scale` multiplies the document's size
/// (1.0: one pixel per SVG unit). Text is drawn with the machine's fonts (a sans-serif family
/// such as DejaVu Sans; without any font installed the labels and counts are left out, the
/// shapes still drawn); no `<image>` is drawn (no file is read). A document
/// that cannot be read, or a size past 2^26 pixels, raises SowingError. The GIL is released
/// while drawing (the time grows with the document: a board picture takes milliseconds).
#[pyfunction]
#[pyo3(signature = (svg, scale = 1.0))]
fn svg_to_rgb<'py>(py: Python<'py>, svg: &str, scale: f64) -> PyResult<Bound<'py, PyArray3<u8>>> {
    let svg = svg.to_owned();
    let pixels = py
        .allow_threads(move || rasterise(&svg, scale))
        .map_err(SowingError::new_err)?;
    Ok(pixels.into_pyarray(py))
}

/// Registers `svg_to_rgb` on the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(svg_to_rgb, m)?)
}
