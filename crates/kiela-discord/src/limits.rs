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

/// `text` as the messages it takes, in order: whole lines gathered while
/// they fit in one message, so that a list too long for one goes on in
/// the next and no line (a pairing, a player's standing) is ever split.
/// Only a single line longer than a message is cut, between characters.
pub fn pages(text: &str) -> Vec<String> {
    let mut pages = Vec::new();
    let mut page = String::new();
    for line in text.split('\n') {
        let joined = discord_len(&page) + 1 + discord_len(line);
        if !page.is_empty() && joined > MESSAGE_CHARS {
            pages.push(std::mem::take(&mut page));
        }
        if discord_len(line) > MESSAGE_CHARS {
            let mut piece = String::new();
            for c in line.chars() {
                if discord_len(&piece) + c.len_utf16() > MESSAGE_CHARS {
                    pages.push(std::mem::take(&mut piece));
                }
                piece.push(c);
            }
            page = piece;
            continue;
        }
        if !page.is_empty() {
            page.push('\n');
        }
        page.push_str(line);
    }
    pages.push(page);
    pages
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

    #[test]
    fn a_long_list_goes_on_in_the_next_message_whole_lines_each() {
        let lines: Vec<String> = (0..200)
            .map(|i| {
                format!(
                    "<@{}> (South, moves first) – <@{}>",
                    10_000_000 + i,
                    20_000_000 + i
                )
            })
            .collect();
        let text = lines.join("\n");
        let split = super::pages(&text);
        assert!(split.len() > 1);
        assert!(split.iter().all(|page| fits(page)), "{split:?}");
        // Every line, in order, none cut and none lost.
        assert_eq!(split.join("\n"), text);
        for page in &split {
            assert!(page.lines().all(|line| lines.iter().any(|l| l == line)));
        }
        assert_eq!(super::pages("short"), ["short"]);
        let long = "é".repeat(MESSAGE_CHARS + 5);
        let cut = super::pages(&long);
        assert_eq!(cut.len(), 2);
        assert_eq!(cut.concat(), long);
    }
}
