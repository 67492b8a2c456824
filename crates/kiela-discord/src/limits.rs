//! Discord's limits: a message's length, an attachment's size; and the
//! texts kept within them.

/// Discord refuses a bot message longer than this many characters.
pub const MESSAGE_CHARS: usize = 2000;

/// Discord takes a bot's attachments up to this size in a server without
/// boosts (10 MiB).
pub const UPLOAD_BYTES: usize = 10 * 1024 * 1024;

use kiela_app::{InfoNotice, Notice, Reply};

// A finished game's GIF (the application's own budget) is sent as it is.
const _: () = assert!(kiela_app::GIF_BYTES <= UPLOAD_BYTES);

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

/// A text sent as a file rather than in the message (e.g. a long game
/// record), for the reader to open or download.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Document {
    /// E.g. `kiela-12.txt`.
    pub file_name: String,
    pub text: String,
}

/// Room kept in a history's message for its title and the record's frame.
const HISTORY_TITLE_CHARS: usize = 200;

/// Whether a game's `record` is shown in its history's message (else it
/// is attached as a file).
pub fn shown_inline(record: &str) -> bool {
    discord_len(record) + HISTORY_TITLE_CHARS <= MESSAGE_CHARS
}

/// The file a reply comes with: a history's record too long for its
/// message.
pub fn attachment(reply: &Reply) -> Option<Document> {
    reply.says.iter().find_map(|said| match said {
        Notice::Info(InfoNotice::History { game, record, .. }) if !shown_inline(record) => {
            Some(Document {
                file_name: format!("kiela-{game}.txt"),
                text: format!("{record}\n"),
            })
        }
        _ => None,
    })
}

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

    #[test]
    fn a_record_too_long_for_its_message_is_attached() {
        use kiela_app::vocabulary::GameId;
        let history = |record: String| Reply {
            says: vec![Notice::Info(InfoNotice::History {
                game: GameId(7),
                unrated: None,
                record,
                plies: 420,
            })],
            ..Reply::default()
        };
        assert_eq!(attachment(&history("variant=beginner".into())), None);
        let long = "x".repeat(MESSAGE_CHARS);
        assert_eq!(
            attachment(&history(long.clone())),
            Some(Document {
                file_name: "kiela-7.txt".into(),
                text: format!("{long}\n"),
            })
        );
        let text = crate::words::says(kiela_i18n::Lang::En, &history(long).says);
        assert!(fits(&text) && !text.contains("```"), "{text}");
    }
}
