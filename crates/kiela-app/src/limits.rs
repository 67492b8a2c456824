//! Limits: Discord's (message length), each user's quotas (open
//! challenges, AI games), and the machine's (how many AI searches run at
//! once).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, LazyLock};

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::challenges::ChallengeRefusal;
use crate::store::Quota;

/// Discord refuses a bot message longer than this many characters.
pub const MESSAGE_CHARS: usize = 2000;

/// Discord takes a bot's attachments up to this size in a server without
/// boosts (10 MiB).
pub const UPLOAD_BYTES: usize = 10 * 1024 * 1024;

/// A finished game's GIF shows at most its last this many turns: a frame
/// is about 18 KB (a 50-turn game's GIF is 888 KB), so about 5 MB, well
/// within [`UPLOAD_BYTES`], drawn in about a second.
pub const GIF_TURNS: usize = 300;

/// At most this many challenges sent by one user wait for an answer.
pub const MAX_OPEN_CHALLENGES: usize = 10;

/// At most this many ongoing games against the AI per player.
pub const MAX_AI_GAMES: usize = 5;

/// The length of `text` as Discord counts it, rounded up: UTF-16 units
/// (an emoji counts two), never fewer than its characters.
pub fn discord_len(text: &str) -> usize {
    text.encode_utf16().count()
}

/// Whether `text` fits in one message.
pub fn fits(text: &str) -> bool {
    discord_len(text) <= MESSAGE_CHARS
}

/// `text` cut to fit one message, ending in `…`: the last resort for a
/// text that should never have been so long (lists and records keep under
/// the limit themselves, with a count or an attachment).
pub fn clip_message(text: String) -> String {
    if fits(&text) {
        return text;
    }
    let mut cut = String::new();
    let mut len = 0;
    for c in text.chars() {
        if len + c.len_utf16() > MESSAGE_CHARS - 1 {
            break;
        }
        len += c.len_utf16();
        cut.push(c);
    }
    cut.push('…');
    cut
}

/// Lines gathered into one message, as many as fit, keeping room for a
/// last line that says how many were left out.
#[derive(Debug, Default)]
pub struct Lines {
    text: String,
    count: usize,
}

impl Lines {
    /// Adds `line` if it fits with `reserve` characters to spare; false
    /// (and nothing added) if not.
    pub fn push(&mut self, line: &str, reserve: usize) -> bool {
        let mut len = discord_len(&self.text) + discord_len(line) + reserve;
        if !self.text.is_empty() {
            len += 1;
        }
        if len > MESSAGE_CHARS {
            return false;
        }
        if !self.text.is_empty() {
            self.text.push('\n');
        }
        self.text.push_str(line);
        self.count += 1;
        true
    }

    /// How many lines were added.
    pub fn count(&self) -> usize {
        self.count
    }

    /// The message, with `last` (if any) as its final line.
    pub fn finish(mut self, last: Option<String>) -> String {
        if let Some(last) = last {
            if !self.text.is_empty() {
                self.text.push('\n');
            }
            self.text.push_str(&last);
        }
        self.text
    }
}

/// Why a new challenge or game would go past `quota`; `within`, the days
/// a challenge made here waits (when one was asked for).
pub(super) fn over_quota(quota: Quota, within: Option<i64>) -> ChallengeRefusal {
    match quota {
        Quota::OpenChallenges { max, .. } => ChallengeRefusal::TooManyChallenges {
            max,
            days: within.unwrap_or(super::challenges::CHALLENGE_DAYS),
        },
        Quota::AiGames { max, .. } => ChallengeRefusal::TooManyAiGames { max },
    }
}

/// A text sent as a file rather than in the message (e.g. a long game
/// record), for the reader to open or download.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Document {
    /// E.g. `kiela-12.txt`.
    pub file_name: String,
    pub text: String,
}

/// A bounded pool of slots with a queue: at most as many AI searches run at
/// once as the machine has cores; the others wait their turn (tokio's
/// semaphore is fair, first come first served).
pub struct SearchPool {
    slots: Arc<Semaphore>,
    size: usize,
    running: Arc<AtomicUsize>,
    peak: Arc<AtomicUsize>,
}

/// A turn in the pool: the search runs while it is held.
pub struct Slot {
    _permit: OwnedSemaphorePermit,
    running: Arc<AtomicUsize>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.running.fetch_sub(1, Ordering::SeqCst);
    }
}

impl SearchPool {
    pub fn new(size: usize) -> SearchPool {
        let size = size.max(1);
        SearchPool {
            slots: Arc::new(Semaphore::new(size)),
            size,
            running: Arc::default(),
            peak: Arc::default(),
        }
    }

    /// Waits for a free slot. Move the slot into the blocking task, so it
    /// is held until the search ends even if the caller goes away.
    pub async fn slot(&self) -> Slot {
        let permit = self
            .slots
            .clone()
            .acquire_owned()
            .await
            .expect("the pool's semaphore is never closed");
        self.occupy(permit)
    }

    /// A free slot now, if there is one.
    pub fn try_slot(&self) -> Option<Slot> {
        let permit = self.slots.clone().try_acquire_owned().ok()?;
        Some(self.occupy(permit))
    }

    fn occupy(&self, permit: OwnedSemaphorePermit) -> Slot {
        let now = self.running.fetch_add(1, Ordering::SeqCst) + 1;
        self.peak.fetch_max(now, Ordering::SeqCst);
        Slot {
            _permit: permit,
            running: self.running.clone(),
        }
    }

    /// How many slots there are.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The most slots ever held at once.
    pub fn peak(&self) -> usize {
        self.peak.load(Ordering::SeqCst)
    }
}

/// The process's pool of AI searches: one slot per core.
pub static AI_SEARCHES: LazyLock<SearchPool> =
    LazyLock::new(|| SearchPool::new(std::thread::available_parallelism().map_or(2, |n| n.get())));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clip_keeps_short_texts_and_cuts_long_ones() {
        assert_eq!(clip_message("short".into()), "short");
        let long = clip_message("x".repeat(2500));
        assert_eq!(discord_len(&long), MESSAGE_CHARS);
        assert!(long.ends_with('…'));
        // Emoji count two: still within the limit.
        let emoji = clip_message("😀".repeat(1500));
        assert!(fits(&emoji), "{}", discord_len(&emoji));
    }

    #[test]
    fn lines_stop_before_the_limit_and_keep_room_for_the_last() {
        let mut lines = Lines::default();
        assert!(lines.push("title", 0));
        let line = "y".repeat(99);
        let mut added = 0;
        while lines.push(&line, 50) {
            added += 1;
        }
        assert_eq!(lines.count(), added + 1);
        assert!(added > 10 && added < 20, "{added}");
        let text = lines.finish(Some("z".repeat(50)));
        assert!(fits(&text), "{}", discord_len(&text));
    }

    #[tokio::test]
    async fn the_pool_holds_at_most_its_size_and_queues_the_rest() {
        let pool = SearchPool::new(2);
        let a = pool.slot().await;
        let b = pool.slot().await;
        assert!(pool.try_slot().is_none(), "a third slot while two are held");
        drop(a);
        let c = pool.try_slot().expect("a slot freed");
        assert_eq!(pool.peak(), 2);
        drop((b, c));
        assert!(pool.try_slot().is_some());
    }

    #[test]
    fn the_ai_pool_has_no_more_slots_than_cores() {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        assert!(AI_SEARCHES.size() <= cores.max(1));
    }
}
