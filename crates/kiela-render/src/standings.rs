//! The standings picture of a tournament, and its alt text.
//!
//! ```text
//!  y   0.. 45  the event's title (already in the reader's language)
//!     45.. 72  column headers on the dark band: #, player, points, the
//!              event's two tie-breaks, games played
//!     72..     a 26 px row per player in rank order, every other one on a
//!              stripe; a withdrawn player's row greyed, with a ✕
//!              for a round-robin of up to 12 players, the crosstable: its
//!              caption, the opponents' ranks on the dark band, a row per
//!              player (one result per game: 1, ½, 0, + and − for forfeits)
//!              the legend: the tie-breaks' names, the marks in use
//! ```
//!
//! [`STANDINGS_WIDTH`] is 640 px and every text is at least 17 px, so
//! that at the [`PHONE_WIDTH`](crate::PHONE_WIDTH) of a phone (400 px)
//! the smallest is 10.6 px; the picture grows in height with the players
//! (64 players: 1,774 px, about 141 KB, drawn and encoded in about a
//! third of the 44 ms it took before the glyph cache and zlib-rs).

use image::{Rgb, RgbImage};
use kiela_i18n::{tr, Lang};

use super::alt_text::{shorten, ALT_TEXT_MAX_CHARS, MAX_NAME_CHARS};
use super::board::{ACTIVE_BAND, ACTIVE_TEXT, BACKGROUND, INK, MUTED, WOOD};
use super::draw::{self, Anchor, FONTS};
use super::{clean_text, encode, words, RenderError};

/// Width of the standings picture in pixels (its height follows the rows).
pub const STANDINGS_WIDTH: u32 = 640;

const MARGIN: f32 = 13.0;
/// Text sizes at [`STANDINGS_WIDTH`]; at a phone's 400 px they are 0.625
/// of this: the title 15 px, the rows 11.25 px, headers and legend 10.6 px.
const TITLE_SIZE: f32 = 24.0;
const TEXT_SIZE: f32 = 18.0;
const SMALL_SIZE: f32 = 17.0;
/// The crosstable's results, a little larger: `½` is a small glyph.
const RESULT_SIZE: f32 = 20.0;
const TITLE_H: u32 = 45;
const HEADER_H: u32 = 27;
const ROW_H: u32 = 26;
const GAP: u32 = 14;
const LEGEND_H: u32 = 24;
/// Room left and right of a column's widest text.
const PAD: f32 = 7.0;
/// A crosstable is drawn for at most this many players.
pub(crate) const CROSS_MAX_PLAYERS: usize = 12;
/// Width of one result in a crosstable cell (a double round-robin's cell
/// holds two).
const SLOT_W: f32 = 35.0;
/// Every other row, for the eye to follow a row across.
const STRIPE: Rgb<u8> = Rgb([0xEC, 0xE1, 0xCB]);
/// After a withdrawn player's name, and in the legend.
const WITHDRAWN_MARK: &str = "✕";

/// How the event is played: it decides the tie-breaks' names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StandingsFormat {
    /// Tie-breaks: Buchholz Cut-1, then Sonneborn–Berger.
    Swiss,
    /// Tie-breaks: Sonneborn–Berger, then wins.
    RoundRobin,
}

/// One player's line of the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct StandingRow<'a> {
    pub rank: u32,
    /// Any text: control characters are dropped, and a name too long for
    /// its column is shortened with `…`.
    pub name: &'a str,
    /// In quarter points, shown as players write them (`2½`).
    pub points: f64,
    /// In the event's order ([`StandingsFormat`]); at most two are shown.
    pub tiebreaks: Vec<f64>,
    pub games_played: u32,
    /// Greyed, with a ✕ after the name.
    pub withdrawn: bool,
}

/// One game's result in the crosstable, for the row's player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CrossResult {
    Win,
    Draw,
    Loss,
    ForfeitWin,
    ForfeitLoss,
}

/// The results of the row's player against the column's, in the order
/// played (a double round-robin has two games a pair).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CrossCell {
    pub results: Vec<CrossResult>,
}

/// Everything the standings picture shows; data only.
#[derive(Clone, Debug, PartialEq)]
pub struct StandingsView<'a> {
    /// "Prémio Kiela · Round 3 of 5", in the reader's language.
    pub title: &'a str,
    /// The language of the headers, the legend and the alt text.
    pub lang: Lang,
    pub format: StandingsFormat,
    /// In rank order.
    pub rows: Vec<StandingRow<'a>>,
    /// `[row][column]`, both in the order of `rows`: the row's player's
    /// results against the column's (`None` on the diagonal and for
    /// pairs yet to finish a game). Drawn for at most 12 players.
    pub crosstable: Option<Vec<Vec<Option<CrossCell>>>>,
}

impl CrossResult {
    /// The symbol in a crosstable cell.
    fn symbol(self) -> &'static str {
        match self {
            CrossResult::Win => "1",
            CrossResult::Draw => "½",
            CrossResult::Loss => "0",
            CrossResult::ForfeitWin => "+",
            CrossResult::ForfeitLoss => "−",
        }
    }

    /// The legend's word for the symbol.
    fn word(self, lang: Lang) -> String {
        match self {
            CrossResult::Win => tr!(lang, "standings-result-win"),
            CrossResult::Draw => tr!(lang, "standings-result-draw"),
            CrossResult::Loss => tr!(lang, "standings-result-loss"),
            CrossResult::ForfeitWin => tr!(lang, "standings-result-forfeit-win"),
            CrossResult::ForfeitLoss => tr!(lang, "standings-result-forfeit-loss"),
        }
    }
}

impl StandingsFormat {
    /// The tie-breaks' column headers, with their legend entry if the
    /// header is an abbreviation.
    fn tiebreaks(self, lang: Lang) -> [(String, Option<String>); 2] {
        let sonneborn = (
            tr!(lang, "standings-col-sonneborn"),
            Some(tr!(lang, "standings-legend-sonneborn")),
        );
        match self {
            StandingsFormat::Swiss => [
                (
                    tr!(lang, "standings-col-buchholz"),
                    Some(tr!(lang, "standings-legend-buchholz")),
                ),
                sonneborn,
            ],
            StandingsFormat::RoundRobin => [sonneborn, (tr!(lang, "standings-col-wins"), None)],
        }
    }
}

/// The standings picture as PNG bytes, [`STANDINGS_WIDTH`] wide.
pub fn standings_png(view: &StandingsView) -> Result<Vec<u8>, RenderError> {
    // Mostly text, and tall: 64 long names make 226-298 KB with the
    // boards' fdeflate, 141 KB this way (measured).
    encode::png_compact(&draw_standings(view))
}

/// The standings in words, for the picture's alt text: the title, then
/// every player's rank and name under their points, in rank order ("2½:
/// 3. Kimpa, 4. Ekuikui"), and whether they withdrew; at most
/// [`ALT_TEXT_MAX_CHARS`] characters, Discord's limit. When every name
/// whole does not fit (a large event), the names are shortened (the
/// longest first, with `…`) as little as needed; no player is left out.
///
/// ```
/// use kiela_render::{standings_alt_text, StandingRow, StandingsFormat, StandingsView};
/// let row = |rank, name, points| StandingRow {
///     rank, name, points, tiebreaks: vec![], games_played: 3, withdrawn: false,
/// };
/// let view = StandingsView {
///     title: "Cup · Round 3 of 5",
///     lang: kiela_i18n::Lang::En,
///     format: StandingsFormat::Swiss,
///     rows: vec![row(1, "Nzinga", 2.5), row(2, "Ngola", 2.0), row(3, "Kimpa", 2.0)],
///     crosstable: None,
/// };
/// assert_eq!(
///     standings_alt_text(&view),
///     "Cup · Round 3 of 5. Standings by points: 2½: 1. Nzinga; 2: 2. Ngola, 3. Kimpa."
/// );
/// ```
pub fn standings_alt_text(view: &StandingsView) -> String {
    let lang = view.lang;
    let title = shorten(&clean_text(view.title), 200);
    let names: Vec<String> = view.rows.iter().map(|r| display_name(r.name)).collect();
    let text = |cap: usize| {
        // Players in rank order, grouped by points.
        let mut groups: Vec<(String, Vec<String>)> = Vec::new();
        for (row, name) in view.rows.iter().zip(&names) {
            let (rank, name) = (row.rank, shorten(name, cap));
            let player = if row.withdrawn {
                tr!(
                    lang,
                    "standings-alt-player-withdrawn",
                    rank = rank,
                    name = name
                )
            } else {
                tr!(lang, "standings-alt-player", rank = rank, name = name)
            };
            let points = words::points(row.points);
            match groups.last_mut() {
                Some((last, players)) if *last == points => players.push(player),
                _ => groups.push((points, vec![player])),
            }
        }
        let groups: Vec<String> = groups
            .into_iter()
            .map(|(points, players)| {
                let players = players.join(", ");
                tr!(
                    lang,
                    "standings-alt-group",
                    points = points,
                    players = players
                )
            })
            .collect();
        let rows = if groups.is_empty() {
            tr!(lang, "standings-empty")
        } else {
            groups.join("; ")
        };
        tr!(lang, "standings-alt", title = title.as_str(), rows = rows)
    };
    let fits = |text: &String| text.chars().count() <= ALT_TEXT_MAX_CHARS;
    let whole = text(MAX_NAME_CHARS);
    if fits(&whole) {
        return whole;
    }
    // The longest cap of the names that fits (a name of `cap` characters
    // or fewer is kept whole), found by halving.
    let (mut fitting, mut too_long) = (2, MAX_NAME_CHARS);
    while too_long - fitting > 1 {
        let middle = (fitting + too_long) / 2;
        if fits(&text(middle)) {
            fitting = middle;
        } else {
            too_long = middle;
        }
    }
    // Only an event far beyond 64 players gets cut at the end.
    shorten(&text(fitting), ALT_TEXT_MAX_CHARS)
}

/// A player's name as shown: on one line, a dash for an empty name.
fn display_name(name: &str) -> String {
    let name = clean_text(name);
    if name.is_empty() {
        "—".to_string()
    } else {
        name
    }
}

/// One column of the table: its header, its left edge and width.
struct Column {
    header: String,
    left: f32,
    width: f32,
}

impl Column {
    fn centre(&self) -> f32 {
        self.left + self.width / 2.0
    }
}

/// Where everything goes, worked out before drawing.
struct Layout {
    /// `#`, player, points, the shown tie-breaks, games.
    columns: Vec<Column>,
    /// Each row's texts in the numeric columns (all but the player's).
    numbers: Vec<Vec<String>>,
    /// Players in the crosstable and results per cell (1 or 2), if drawn.
    cross: Option<(usize, usize)>,
    legend: Vec<String>,
    height: u32,
}

fn layout(view: &StandingsView) -> Layout {
    let lang = view.lang;
    let (bold, regular) = (&FONTS.bold, &FONTS.regular);
    let shown_tiebreaks = view
        .rows
        .iter()
        .map(|r| r.tiebreaks.len())
        .max()
        .unwrap_or(2)
        .min(2);
    let tiebreaks = view.format.tiebreaks(lang);
    let numbers: Vec<Vec<String>> = view
        .rows
        .iter()
        .map(|row| {
            let mut texts = vec![row.rank.to_string(), words::points(row.points)];
            texts.extend((0..shown_tiebreaks).map(|i| {
                row.tiebreaks
                    .get(i)
                    .map_or_else(String::new, |&v| words::points(v))
            }));
            texts.push(row.games_played.to_string());
            texts
        })
        .collect();
    let mut headers = vec![
        tr!(lang, "standings-col-rank"),
        tr!(lang, "standings-col-points"),
    ];
    headers.extend(tiebreaks.iter().take(shown_tiebreaks).map(|t| t.0.clone()));
    headers.push(tr!(lang, "standings-col-games"));
    // Each numeric column is as wide as its widest text (points in bold).
    let widths: Vec<f32> = headers
        .iter()
        .enumerate()
        .map(|(i, header)| {
            let font = if i == 1 { bold } else { regular };
            let widest = numbers
                .iter()
                .map(|texts| draw::text_width(font, TEXT_SIZE, &texts[i]))
                .fold(draw::text_width(bold, SMALL_SIZE, header), f32::max);
            widest + 2.0 * PAD
        })
        .collect();
    let room = STANDINGS_WIDTH as f32 - 2.0 * MARGIN;
    let name_width = room - widths.iter().sum::<f32>();
    let mut columns = Vec::new();
    let mut left = MARGIN;
    let player = tr!(lang, "standings-col-player");
    let header_of = |i: usize| headers[i].clone();
    for (i, width) in std::iter::once((0, widths[0]))
        .chain(std::iter::once((usize::MAX, name_width)))
        .chain(widths.iter().copied().enumerate().skip(1))
    {
        let header = if i == usize::MAX {
            player.clone()
        } else {
            header_of(i)
        };
        columns.push(Column {
            header,
            left,
            width,
        });
        left += width;
    }

    let cross = view.crosstable.as_ref().and_then(|table| {
        let n = view.rows.len().min(table.len());
        if n == 0 || n > CROSS_MAX_PLAYERS || view.rows.len() > CROSS_MAX_PLAYERS {
            return None;
        }
        let most = table
            .iter()
            .flatten()
            .flatten()
            .map(|c| c.results.len())
            .max()
            .unwrap_or(1);
        Some((n, most.clamp(1, 2)))
    });

    // The legend: the abbreviated tie-breaks, then the marks in use.
    let mut items: Vec<String> = tiebreaks
        .iter()
        .take(shown_tiebreaks)
        .filter_map(|t| t.1.clone())
        .collect();
    if view.rows.iter().any(|r| r.withdrawn) {
        items.push(format!(
            "{WITHDRAWN_MARK} {}",
            tr!(lang, "standings-withdrawn")
        ));
    }
    if let (Some(_), Some(table)) = (cross, &view.crosstable) {
        let used = |result: CrossResult| {
            table
                .iter()
                .flatten()
                .flatten()
                .any(|c| c.results.contains(&result))
        };
        use CrossResult::*;
        for result in [Win, Draw, Loss, ForfeitWin, ForfeitLoss] {
            if matches!(result, Win | Draw | Loss) || used(result) {
                items.push(format!("{} {}", result.symbol(), result.word(lang)));
            }
        }
    }
    let legend = flow(&items, room);

    let rows = view.rows.len().max(1) as u32;
    let mut height = TITLE_H + HEADER_H + rows * ROW_H;
    if let Some((n, _)) = cross {
        height += GAP + ROW_H + HEADER_H + n as u32 * ROW_H;
    }
    height += GAP / 2 + legend.len() as u32 * LEGEND_H + GAP / 2;
    Layout {
        columns,
        numbers,
        cross,
        legend,
        height,
    }
}

/// `items` laid out on lines at most `room` wide, separated by ` · `; an
/// item too long for a line alone is shortened.
fn flow(items: &[String], room: f32) -> Vec<String> {
    let font = &FONTS.regular;
    let mut lines: Vec<String> = Vec::new();
    for item in items {
        let item = draw::fit(font, SMALL_SIZE, item, room);
        match lines.last_mut() {
            Some(line)
                if draw::text_width(font, SMALL_SIZE, &format!("{line}   ·   {item}")) <= room =>
            {
                line.push_str("   ·   ");
                line.push_str(&item);
            }
            _ => lines.push(item),
        }
    }
    lines
}

/// Draws the standings picture of `view`: [`STANDINGS_WIDTH`] wide, as
/// tall as its rows need.
pub fn draw_standings(view: &StandingsView) -> RgbImage {
    let layout = layout(view);
    let mut img = draw::canvas(STANDINGS_WIDTH, layout.height, BACKGROUND);
    let (bold, regular) = (&FONTS.bold, &FONTS.regular);
    let room = STANDINGS_WIDTH as f32 - 2.0 * MARGIN;
    let title = draw::fit(bold, TITLE_SIZE, &clean_text(view.title), room);
    let title_cy = TITLE_H as f32 / 2.0 + 2.0;
    draw::text(
        &mut img,
        bold,
        TITLE_SIZE,
        &title,
        MARGIN,
        title_cy,
        Anchor::Left,
        INK,
    );

    // The table's headers, then a row per player.
    let mut y = TITLE_H;
    header_band(&mut img, y);
    let header_cy = (y + HEADER_H / 2) as f32;
    for (i, column) in layout.columns.iter().enumerate() {
        let (x, anchor) = if i == 1 {
            (column.left + PAD, Anchor::Left)
        } else {
            (column.centre(), Anchor::Centre)
        };
        let header = draw::fit(bold, SMALL_SIZE, &column.header, column.width);
        draw::text(
            &mut img,
            bold,
            SMALL_SIZE,
            &header,
            x,
            header_cy,
            anchor,
            ACTIVE_TEXT,
        );
    }
    y += HEADER_H;
    if view.rows.is_empty() {
        let empty = tr!(view.lang, "standings-empty");
        let cy = (y + ROW_H / 2) as f32;
        draw::text(
            &mut img,
            regular,
            TEXT_SIZE,
            &empty,
            MARGIN,
            cy,
            Anchor::Left,
            MUTED,
        );
    }
    let mark_w = draw::text_width(bold, TEXT_SIZE, WITHDRAWN_MARK) + 10.0;
    for (index, (row, numbers)) in view.rows.iter().zip(&layout.numbers).enumerate() {
        stripe(&mut img, index, y);
        let cy = (y + ROW_H / 2) as f32;
        let color = if row.withdrawn { MUTED } else { INK };
        let name_column = &layout.columns[1];
        let mut room = name_column.width - 2.0 * PAD;
        if row.withdrawn {
            room -= mark_w;
        }
        let name = draw::fit(regular, TEXT_SIZE, &display_name(row.name), room);
        let end = draw::text(
            &mut img,
            regular,
            TEXT_SIZE,
            &name,
            name_column.left + PAD,
            cy,
            Anchor::Left,
            color,
        );
        if row.withdrawn {
            draw::text(
                &mut img,
                bold,
                TEXT_SIZE,
                WITHDRAWN_MARK,
                end + 10.0,
                cy,
                Anchor::Left,
                color,
            );
        }
        // The numbers: rank, points (bold), tie-breaks, games.
        let others = layout.columns.iter().enumerate().filter(|(i, _)| *i != 1);
        for (k, ((_, column), text)) in others.zip(numbers).enumerate() {
            let font = if k == 1 { bold } else { regular };
            draw::text(
                &mut img,
                font,
                TEXT_SIZE,
                text,
                column.centre(),
                cy,
                Anchor::Centre,
                color,
            );
        }
        y += ROW_H;
    }
    if view.rows.is_empty() {
        y += ROW_H;
    }

    if let (Some((n, slots)), Some(table)) = (layout.cross, &view.crosstable) {
        y += GAP;
        crosstable(&mut img, view, table, (n, slots), y);
        y += ROW_H + HEADER_H + n as u32 * ROW_H;
    }

    y += GAP / 2;
    for line in &layout.legend {
        let cy = (y + LEGEND_H / 2) as f32;
        draw::text(
            &mut img,
            regular,
            SMALL_SIZE,
            line,
            MARGIN,
            cy,
            Anchor::Left,
            MUTED,
        );
        y += LEGEND_H;
    }
    img
}

/// The dark band the column headers sit on, across the picture, `y` down.
fn header_band(img: &mut RgbImage, y: u32) {
    draw::rect(img, 0, y as i32, STANDINGS_WIDTH, HEADER_H, ACTIVE_BAND);
}

/// The stripe behind every other row (the second, the fourth…).
fn stripe(img: &mut RgbImage, index: usize, y: u32) {
    if index % 2 == 1 {
        draw::rect(img, 0, y as i32, STANDINGS_WIDTH, ROW_H, STRIPE);
    }
}

/// The crosstable from `top` down: its caption, the opponents' ranks on
/// the dark band, then a row per player: rank and name, then a cell per
/// opponent with `slots` results, the diagonal filled.
fn crosstable(
    img: &mut RgbImage,
    view: &StandingsView,
    table: &[Vec<Option<CrossCell>>],
    (n, slots): (usize, usize),
    top: u32,
) {
    let (bold, regular) = (&FONTS.bold, &FONTS.regular);
    let room = STANDINGS_WIDTH as f32 - 2.0 * MARGIN;
    // A label column of at least 120 px for the rank and the name.
    let slot_w = SLOT_W.min((room - 120.0) / (n * slots) as f32).floor();
    let cell_w = slot_w * slots as f32;
    let cells_left = STANDINGS_WIDTH as f32 - MARGIN - cell_w * n as f32;
    let rank_w = draw::text_width(regular, TEXT_SIZE, "00") + PAD;
    let caption = tr!(view.lang, "standings-crosstable");
    let caption = draw::fit(bold, TEXT_SIZE, &caption, room);
    let cy = (top + ROW_H / 2) as f32;
    draw::text(
        img,
        bold,
        TEXT_SIZE,
        &caption,
        MARGIN,
        cy,
        Anchor::Left,
        INK,
    );
    let band = top + ROW_H;
    header_band(img, band);
    let cell_x = |column: usize| cells_left + cell_w * column as f32;
    let band_cy = (band + HEADER_H / 2) as f32;
    draw::text(
        img,
        bold,
        SMALL_SIZE,
        &tr!(view.lang, "standings-col-rank"),
        MARGIN + rank_w / 2.0,
        band_cy,
        Anchor::Centre,
        ACTIVE_TEXT,
    );
    for (column, row) in view.rows.iter().take(n).enumerate() {
        let x = cell_x(column) + cell_w / 2.0;
        let rank = row.rank.to_string();
        draw::text(
            img,
            bold,
            SMALL_SIZE,
            &rank,
            x,
            band_cy,
            Anchor::Centre,
            ACTIVE_TEXT,
        );
    }
    let rows_top = band + HEADER_H;
    for (r, row) in view.rows.iter().take(n).enumerate() {
        let y = rows_top + r as u32 * ROW_H;
        stripe(img, r, y);
        let cy = (y + ROW_H / 2) as f32;
        let color = if row.withdrawn { MUTED } else { INK };
        let rank = row.rank.to_string();
        draw::text(
            img,
            regular,
            TEXT_SIZE,
            &rank,
            MARGIN + rank_w / 2.0,
            cy,
            Anchor::Centre,
            color,
        );
        let name_room = cells_left - MARGIN - rank_w - 2.0 * PAD;
        let name = draw::fit(regular, TEXT_SIZE, &display_name(row.name), name_room);
        draw::text(
            img,
            regular,
            TEXT_SIZE,
            &name,
            MARGIN + rank_w + PAD,
            cy,
            Anchor::Left,
            color,
        );
        for column in 0..n {
            let x = cell_x(column);
            if column == r {
                draw::rect(img, x as i32, y as i32, cell_w as u32, ROW_H, WOOD);
                continue;
            }
            let results = table
                .get(r)
                .and_then(|cells| cells.get(column))
                .and_then(Option::as_ref)
                .map_or(&[][..], |c| &c.results[..]);
            for (slot, result) in results.iter().take(slots).enumerate() {
                let sx = x + slot_w * (slot as f32 + 0.5);
                draw::text(
                    img,
                    bold,
                    RESULT_SIZE,
                    result.symbol(),
                    sx,
                    cy,
                    Anchor::Centre,
                    color,
                );
            }
        }
    }
    // Lines between the cells, the length of the rows.
    let height = n as u32 * ROW_H;
    for column in 0..=n {
        let x = cell_x(column) as i32;
        draw::rect(img, x, rows_top as i32, 1, height, WOOD);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PHONE_WIDTH;

    fn names(n: usize, long: bool) -> Vec<String> {
        (0..n)
            .map(|i| {
                if long {
                    format!("Nzinga Mbande Ngola Kiluanji Kia Samba the {i}th ÇÃÉ 漢字")
                } else {
                    format!("Player {}", i + 1)
                }
            })
            .collect()
    }

    fn swiss(names: &[String]) -> StandingsView<'_> {
        let n = names.len();
        StandingsView {
            title: "Prémio Kiela · Round 6 of 7",
            lang: Lang::En,
            format: StandingsFormat::Swiss,
            rows: names
                .iter()
                .enumerate()
                .map(|(i, name)| StandingRow {
                    rank: i as u32 + 1,
                    name,
                    points: (n - i) as f64 / n as f64 * 6.0,
                    tiebreaks: vec![20.0 - i as f64 * 0.25, 15.75 - i as f64 * 0.5],
                    games_played: 6 - (i % 2) as u32,
                    withdrawn: i % 9 == 4,
                })
                .collect(),
            crosstable: None,
        }
    }

    /// A round-robin of `names`, played out: the better rank wins, every
    /// third pairing is drawn; a double round-robin plays each pair twice.
    fn round_robin(names: &[String], double: bool) -> StandingsView<'_> {
        let n = names.len();
        let games = if double { 2 } else { 1 };
        let result = |r: usize, c: usize| {
            if (r + c).is_multiple_of(3) {
                CrossResult::Draw
            } else if r < c {
                CrossResult::Win
            } else {
                CrossResult::Loss
            }
        };
        let table: Vec<Vec<Option<CrossCell>>> = (0..n)
            .map(|r| {
                (0..n)
                    .map(|c| {
                        (r != c).then(|| CrossCell {
                            results: vec![result(r, c); games],
                        })
                    })
                    .collect()
            })
            .collect();
        let mut view = swiss(names);
        view.format = StandingsFormat::RoundRobin;
        view.crosstable = Some(table);
        view
    }

    fn decode(png: &[u8]) -> RgbImage {
        image::load_from_memory_with_format(png, image::ImageFormat::Png)
            .expect("a PNG")
            .to_rgb8()
    }

    #[test]
    fn sixty_four_long_names_make_a_tall_picture_under_200_kb() {
        let names = names(64, true);
        let view = swiss(&names);
        let png = standings_png(&view).unwrap();
        assert!(png.len() <= 200 * 1024, "{} bytes", png.len());
        let img = decode(&png);
        assert_eq!(img.width(), STANDINGS_WIDTH);
        assert_eq!(img.height(), layout(&view).height);
        assert_eq!(
            img.height(),
            TITLE_H + HEADER_H + 64 * ROW_H + GAP + LEGEND_H
        );
        // Every name is clipped with an ellipsis inside its column.
        let layout = layout(&view);
        let column = &layout.columns[1];
        let fitted = draw::fit(
            &FONTS.regular,
            TEXT_SIZE,
            &display_name(&names[0]),
            column.width - 2.0 * PAD,
        );
        assert!(fitted.ends_with('…'), "{fitted}");
        assert!(column.width >= 240.0, "{}", column.width);
    }

    /// The PNG is the drawing, pixel for pixel, whatever it shows.
    #[test]
    fn the_png_decodes_to_the_drawing() {
        let long = names(64, true);
        let short = names(12, false);
        let odd = ["\u{7}\n", "😀😀😀", &"W".repeat(500), "a\u{202E}b"].map(String::from);
        let mut portuguese = swiss(&long);
        portuguese.lang = Lang::Pt;
        for view in [
            swiss(&long),
            portuguese,
            round_robin(&short, false),
            round_robin(&short[..6], true),
            swiss(&odd),
            swiss(&[]),
        ] {
            let png = standings_png(&view).unwrap();
            assert_eq!(png[25], 3, "an indexed PNG");
            assert!(decode(&png) == draw_standings(&view), "{}", view.rows.len());
        }
    }

    #[test]
    fn text_is_at_least_10_px_at_phone_width() {
        let scale = PHONE_WIDTH as f32 / STANDINGS_WIDTH as f32;
        for size in [TITLE_SIZE, TEXT_SIZE, SMALL_SIZE, RESULT_SIZE] {
            assert!(size * scale >= 10.0, "{size} is {} px", size * scale);
        }
        // Rows and cells leave room round their text.
        assert!(ROW_H as f32 >= TEXT_SIZE * 1.4 && HEADER_H as f32 >= SMALL_SIZE * 1.5);
        assert!(LEGEND_H as f32 >= SMALL_SIZE * 1.4);
        // The crosstable's symbols are at least as wide apart as 10 px text.
        assert!(SLOT_W * scale >= 20.0);
        // The results' digits (bold ink) in a crosstable are 8.75 px tall there.
        let digit = draw::ink_height(&FONTS.bold, RESULT_SIZE, "0") * scale;
        assert!(digit >= 8.5, "{digit}");
    }

    /// Checks that `text` names every player of `view` by rank, under
    /// their points; `name` gives the name as the text should show it.
    fn lists_every_player(text: &str, view: &StandingsView, name: impl Fn(&str) -> String) {
        let mut from = text.find(": ").expect("a lead") + 2;
        for row in &view.rows {
            let said = format!("{}. {}", row.rank, name(row.name));
            let at = from
                + text[from..]
                    .find(&said)
                    .unwrap_or_else(|| panic!("{said} in {text}"));
            // The group the player is in starts with their points.
            let lead = text.find(": ").expect("a lead") + 2;
            let group = text[..at].rfind("; ").map_or(lead, |i| i + 2).max(lead);
            let points = format!("{}: ", words::points(row.points));
            assert!(
                text[group..].starts_with(&points),
                "{said} under {points} in {text}"
            );
            from = at + said.len();
        }
    }

    #[test]
    fn the_alt_text_lists_every_rank_name_and_points() {
        let names = names(20, false);
        let view = swiss(&names);
        let text = standings_alt_text(&view);
        assert!(
            text.starts_with("Prémio Kiela · Round 6 of 7. Standings by points: 6: 1. Player 1; "),
            "{text}"
        );
        lists_every_player(&text, &view, str::to_string);
        assert!(
            text.contains("4¾: 5. Player 5 (withdrawn); 4½: 6. Player 6;"),
            "{text}"
        );
        let pt = standings_alt_text(&StandingsView {
            lang: Lang::Pt,
            ..view.clone()
        });
        assert!(
            pt.contains("Classificação por pontos: 6: 1. Player 1;"),
            "{pt}"
        );
        assert!(pt.contains("4¾: 5. Player 5 (saiu do torneio);"), "{pt}");
        lists_every_player(&pt, &view, str::to_string);
    }

    #[test]
    fn a_large_event_shortens_names_but_lists_every_player() {
        let names = names(64, true);
        let view = swiss(&names);
        let text = standings_alt_text(&view);
        assert!(text.chars().count() <= ALT_TEXT_MAX_CHARS, "{text}");
        lists_every_player(&text, &view, |_| "Nz".to_string());
        // Short names stay whole whatever the event's size.
        let mut short = names_vec(64);
        short[10] = "Ana".to_string();
        let view = swiss(&short);
        let text = standings_alt_text(&view);
        assert!(text.contains("11. Ana"), "{text}");
        lists_every_player(&text, &view, |name| name.chars().take(3).collect());
    }

    #[test]
    fn a_twelve_player_round_robin_draws_its_crosstable() {
        let names = names(12, false);
        let view = round_robin(&names, false);
        let layout = layout(&view);
        assert_eq!(layout.cross, Some((12, 1)));
        let img = decode(&standings_png(&view).unwrap());
        assert_eq!(
            (img.width(), img.height()),
            (STANDINGS_WIDTH, layout.height)
        );
        // The table, the crosstable's caption, band and rows, the legend.
        let table_end = TITLE_H + HEADER_H + 12 * ROW_H;
        let cross_rows = table_end + GAP + ROW_H + HEADER_H;
        assert!(img.height() >= cross_rows + 12 * ROW_H + LEGEND_H);
        assert_eq!(*img.get_pixel(2, table_end + GAP + ROW_H + 2), ACTIVE_BAND);
        // The diagonal's cells are filled: the last player's is the last cell.
        let (x, y) = (
            STANDINGS_WIDTH - MARGIN as u32 - 5,
            cross_rows + 11 * ROW_H + ROW_H / 2,
        );
        assert_eq!(*img.get_pixel(x, y), WOOD);
        assert_ne!(*img.get_pixel(x, y - ROW_H), WOOD);
        // Results have ink in their cells: row 1 against 2 is a win.
        let slot = SLOT_W.min((STANDINGS_WIDTH as f32 - 2.0 * MARGIN - 120.0) / 12.0);
        let left = STANDINGS_WIDTH as f32 - MARGIN - 12.0 * slot;
        let inked = (0..slot as u32)
            .flat_map(|dx| (4..ROW_H - 4).map(move |dy| (dx, dy)))
            .filter(|(dx, dy)| {
                *img.get_pixel(left as u32 + slot as u32 + dx, cross_rows + dy) == INK
            })
            .count();
        assert!(inked > 10, "{inked}");
        // A double round-robin of six: two results a cell.
        let six = names[..6].to_vec();
        let double = round_robin(&six, true);
        assert_eq!(super::layout(&double).cross, Some((6, 2)));
        assert!(standings_png(&double).is_ok());
        // Beyond 12 players there is no crosstable.
        let many = names_vec(13);
        assert_eq!(super::layout(&round_robin(&many, false)).cross, None);
    }

    fn names_vec(n: usize) -> Vec<String> {
        names(n, false)
    }

    #[test]
    fn headers_and_legend_come_from_the_catalogue() {
        for lang in Lang::ALL {
            for format in [StandingsFormat::Swiss, StandingsFormat::RoundRobin] {
                for (header, legend) in format.tiebreaks(lang) {
                    assert!(!header.starts_with("standings-"), "{header}");
                    assert!(legend.is_none_or(|l| l.starts_with(&header)));
                }
            }
            for result in [CrossResult::Win, CrossResult::ForfeitLoss] {
                assert!(!result.word(lang).starts_with("standings-"));
            }
        }
        // Both catalogues have every word of the picture.
        let keys = |lang: Lang| -> Vec<String> {
            let source = lang.source();
            let lines = source.lines().filter(|l| l.starts_with("standings-"));
            lines
                .map(|l| l.split(" =").next().unwrap().to_string())
                .collect()
        };
        assert_eq!(keys(Lang::En), keys(Lang::Pt));
        assert_eq!(keys(Lang::En).len(), 21);
        let names = names(3, false);
        let mut view = round_robin(&names, false);
        view.lang = Lang::Pt;
        let layout = layout(&view);
        let headers: Vec<&str> = layout.columns.iter().map(|c| c.header.as_str()).collect();
        assert_eq!(
            headers,
            ["#", "Jogador", "Pts", "SB", "Vitórias", "Partidas"]
        );
        assert_eq!(
            layout.legend,
            ["SB: Sonneborn–Berger   ·   1 vitória   ·   ½ empate   ·   0 derrota"]
        );
    }

    #[test]
    fn an_empty_event_and_odd_names_still_draw() {
        let view = StandingsView {
            title: "",
            lang: Lang::Pt,
            format: StandingsFormat::Swiss,
            rows: vec![],
            crosstable: Some(vec![]),
        };
        let img = decode(&standings_png(&view).unwrap());
        assert_eq!(img.height(), TITLE_H + HEADER_H + ROW_H + GAP + LEGEND_H);
        assert!(standings_alt_text(&view).ends_with("Ainda não há jogadores."));
        let odd = ["\u{7}\n", "😀😀😀", &"W".repeat(500), "a\u{202E}b"].map(String::from);
        let view = swiss(&odd);
        assert!(standings_png(&view).is_ok());
        assert!(standings_alt_text(&view).contains(": 6: 1. —;"));
    }
}
