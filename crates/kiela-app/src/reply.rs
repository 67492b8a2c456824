//! What an action answers: a [`Reply`], with its picture and the game it shows.

use kiela_i18n::Lang;
use kiela_rules::Hole;

use crate::notice::Notice;
use crate::vocabulary::{ChallengeId, GameId, PostId, TournamentId, UserId};
use crate::Name;

/// The picture of a reply: the board, or a turn's animation.
#[derive(Clone, Debug, PartialEq)]
pub struct Picture {
    pub bytes: Vec<u8>,
    pub format: Format,
    /// Its description for screen readers.
    pub alt_text: AltText,
}

/// A picture's description for screen readers (plain text): worded with
/// the picture by `kiela-render`, or the data the adapter words it from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AltText {
    /// Worded by `kiela-render` with what it draws (a board, a turn, the
    /// standings), in the reply's language.
    Drawn(String),
    /// Puzzle `number`'s solution, animated move by move.
    PuzzleSolution { number: usize },
    /// Game `game`'s evaluation graph over `plies` turns between `south`
    /// and `north`, with `marks` mistakes and blunders marked.
    Graph {
        game: GameId,
        plies: usize,
        south: Name,
        north: Name,
        marks: usize,
    },
    /// Game `game`'s animation between `south` and `north`: the board after
    /// each of its last `shown` turns of `turns` (all of them, or its end if
    /// the whole game would be too large).
    GameGif {
        game: GameId,
        south: Name,
        north: Name,
        turns: usize,
        shown: usize,
    },
}

impl From<String> for AltText {
    fn from(drawn: String) -> AltText {
        AltText::Drawn(drawn)
    }
}

/// A picture's file format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Png,
    Gif,
}

impl Format {
    /// The file name extension, `png` or `gif`.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Png => "png",
            Format::Gif => "gif",
        }
    }
}

/// What to show after an action. Game progress is public; lists and
/// personal information are private (ephemeral on Discord).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Reply {
    /// What it says, a line per notice (worded by the adapter in `lang`).
    pub says: Vec<Notice>,
    pub picture: Option<Picture>,
    /// The game and ply this reply shows, for the buttons and menus under it.
    pub game: Option<GameRef>,
    /// Legal sowings of the player to move, with their stones, to offer.
    pub moves: Vec<(Hole, u8)>,
    /// Users to mention (in a new message, so they are notified).
    pub ping: Vec<UserId>,
    /// A pending challenge to put Accept / Decline buttons on (Accept /
    /// Withdraw for an open one, see `open_challenge`).
    pub challenge: Option<ChallengeId>,
    /// The challenge is open to anyone: only its author may withdraw it.
    pub open_challenge: bool,
    /// A lesson's task: its menu of holes, or Next / Try again.
    pub lesson: Option<super::LessonButtons>,
    /// A puzzle: its menu of holes, or Next / Retry / Solution, or a daily
    /// post's Solve.
    pub puzzle: Option<super::PuzzleButtons>,
    /// A tournament's sign-up message: Join, Leave and Start buttons.
    pub tournament: Option<TournamentId>,
    /// A draw offer waits for an answer: Accept draw / Decline draw buttons.
    pub draw_offered: bool,
    /// The player to move may rearrange their stones (Expert): an Arrange
    /// button.
    pub may_arrange: bool,
    /// A person plays the AI and is to move: a Hint button.
    pub may_hint: bool,
    /// Neither player has moved yet (outside tournaments): an Abort
    /// button instead of Resign.
    pub may_abort: bool,
    /// A person plays the AI, is to move and has moved before: a Take
    /// back button (instead of Offer draw, which the AI never takes).
    pub may_take_back: bool,
    /// A move shown before it is played, privately: Play and Cancel.
    pub preview: Option<MovePreview>,
    /// A draw offer's line in game `.0`, made at ply `.1`: Accept draw and
    /// Decline under it.
    pub draw_line: Option<(GameId, i64)>,
    /// A hint: a button that plays its move.
    pub hint: Option<HintMove>,
    /// A finished game's analysis shown privately: a Share button that
    /// posts it in the game's place.
    pub share: Option<GameId>,
    /// A step of a finished game's review: buttons to the first, the
    /// previous, the next and the last move.
    pub review: Option<ReviewStep>,
    /// Only for the user who acted.
    pub private: bool,
    /// The language of the text, for the buttons and menus under it.
    pub lang: Lang,
    /// The outbox posts this reply is (see [`outbox`]): sent publicly as
    /// the interaction's answer, it delivers them; otherwise the delivery
    /// loop posts them.
    pub posts: Vec<PostId>,
    /// Once this is posted, a thread is to be opened from it for a game
    /// (see [`threads`]): report it with [`ThreadService::thread_opened`].
    pub thread: Option<NewThread>,
    /// More posts wait for this one to be delivered (the delivery loop
    /// posts them; wake it then).
    pub followed: bool,
}

/// A move previewed: sowing `hole` in game `game` at ply `ply` (Play plays
/// it only while the game is still there).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MovePreview {
    pub game: GameId,
    pub ply: i64,
    pub hole: Hole,
}

/// Where a review stands: at turn `ply` of game `game`'s `last`, between
/// the turns the analysis calls mistakes (or blunders) before and after.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReviewStep {
    pub game: GameId,
    pub ply: i64,
    pub last: i64,
    pub previous_mistake: Option<i64>,
    pub next_mistake: Option<i64>,
}

/// A hint's move, for the button that plays it: hole `hole` in game
/// `game`, which the hint was given at `ply` (a later board makes it stale).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HintMove {
    pub game: GameId,
    pub ply: i64,
    pub hole: Hole,
}

/// A thread to open from a posted message: a game is played in it, a
/// tournament's news goes there, or (with neither) people talk in it, as
/// under a daily puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewThread {
    pub game_id: Option<GameId>,
    /// Report it with [`crate::TournamentService::tournament_thread_opened`].
    pub tournament_id: Option<TournamentId>,
    pub name: crate::ThreadName,
}

impl Reply {
    /// The game this reply shows as a public board (its picture, for
    /// everyone): it gets the board's buttons and becomes the game's board
    /// message. Decided here only.
    pub fn public_board(&self) -> Option<GameRef> {
        self.game
            .filter(|_| self.picture.is_some() && !self.private)
    }

    /// A reply that says `notice`, for everyone.
    pub(crate) fn saying(notice: impl Into<Notice>) -> Reply {
        Reply {
            says: vec![notice.into()],
            ..Reply::default()
        }
    }

    /// A reply that says `notice`, only to the user who acted.
    pub(crate) fn private(notice: impl Into<Notice>) -> Reply {
        Reply {
            says: vec![notice.into()],
            private: true,
            ..Reply::default()
        }
    }

    /// `notice` said first, before what the reply already says.
    pub(crate) fn say_first(&mut self, notice: impl Into<Notice>) {
        self.says.insert(0, notice.into());
    }
}

/// A game at a ply: what components carry, so a stale one is recognised.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameRef {
    pub id: GameId,
    pub ply: i64,
    /// Whether the game is still going on (components are offered).
    pub active: bool,
}
