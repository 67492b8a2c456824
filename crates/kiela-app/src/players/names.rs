//! Player names, as people choose them on Discord: the one place where a
//! user-supplied name becomes text.
//!
//! A nickname can hold anything: `**bold**`, a masked link
//! `[x](https://example.com)`, a code fence, `@everyone`, `<@123>`, a
//! right-to-left override. The service keeps and stores the name exactly as
//! Discord gave it (a [`Name`]), and it is turned into text only here, in
//! one of three forms:
//!
//! - [`Name::shown`] (also its `Display`, and what `tr!` gets when handed a
//!   `&Name`): for message text, which Discord reads as markdown. Cut to
//!   [`MAX_CHARS`] characters with an ellipsis, every markdown character
//!   escaped with a backslash (Discord then shows the character itself),
//!   and `@everyone` / `@here` broken with a zero-width space, so a name
//!   can neither format, link, nor ping. (Messages also restrict
//!   `allowed_mentions` to the users they mean; this keeps the text honest
//!   too.)
//! - [`Name::plain`]: for text Discord does not read as markdown (alt text,
//!   autocomplete labels): cut the same way, control and bidirectional
//!   override characters removed, nothing escaped (a backslash would show).
//! - [`Name::in_code`]: inside a code block (the game record): plain, with
//!   backticks swapped for a look-alike so the name cannot close the block.
//!
//! The board picture draws [`Name::raw`]: pixels cannot format anything.
//!
//! Why not serenity's `MessageBuilder::push_safe`: the app layer is
//! Discord-free (it does not link serenity), and `push_safe` escapes only
//! `*`, `` ` `` and `_`, so a masked link or `<@123>` would survive it, and
//! it turns zero-width joiners into spaces, which breaks emoji such as
//! 👩‍👩‍👧. The rules here follow Discord's markdown: a backslash before any
//! ASCII punctuation shows that character literally.

use std::fmt;

use kiela_i18n::{Arg, Lang};

use kiela_rules::Trace;

/// Names longer than this many characters are cut, ending in `…`.
pub const MAX_CHARS: usize = 32;

/// A user-supplied name, kept as given. See the module's documentation for
/// how it becomes text.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct Name(String);

impl Name {
    pub fn new(raw: impl Into<String>) -> Name {
        Name(raw.into())
    }

    /// The name exactly as Discord gave it: for storage and the picture.
    pub fn raw(&self) -> &str {
        &self.0
    }

    /// For text that is not markdown: cut to [`MAX_CHARS`], without control
    /// or bidirectional override characters.
    pub fn plain(&self) -> String {
        let cleaned: String = self
            .0
            .chars()
            .filter(|&c| !is_bidi_control(c))
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        let cleaned = cleaned.trim();
        if cleaned.chars().count() <= MAX_CHARS {
            return cleaned.to_string();
        }
        let mut cut: String = cleaned.chars().take(MAX_CHARS - 1).collect();
        // Do not leave half an emoji sequence dangling before the ellipsis.
        while cut.ends_with(['\u{200D}', '\u{FE0F}', ' ']) {
            cut.pop();
        }
        cut.push('…');
        cut
    }

    /// For message text (markdown): [`Name::plain`], every markdown
    /// character escaped, and mass mentions broken.
    pub fn shown(&self) -> String {
        let plain = self.plain();
        let mut shown = String::with_capacity(plain.len() + 8);
        for c in plain.chars() {
            if MARKDOWN.contains(c) {
                shown.push('\\');
            }
            shown.push(c);
        }
        shown
            .replace("@everyone", "@\u{200B}everyone")
            .replace("@here", "@\u{200B}here")
    }

    /// For inside a code block: [`Name::plain`] without backticks.
    pub fn in_code(&self) -> String {
        self.plain().replace('`', "\u{02CB}")
    }

    /// The turn's path in words ("Ana sowed G2 → ended in E2."), with this
    /// name as the mover, for text that is not markdown (alt text; message
    /// text gets the shown name, from the Discord adapter's `words::path`).
    pub fn plain_path(&self, lang: Lang, trace: &Trace) -> String {
        kiela_render::words::path(lang, SLOT, trace).replacen(SLOT, &self.plain(), 1)
    }
}

/// Stands in for the mover's name in the render's path.
const SLOT: &str = "\u{FFFC}";

/// The ASCII characters Discord's markdown gives a meaning to (formatting,
/// links, headings, lists, quotes, mentions, emoji, timestamps), and the
/// backslash itself.
const MARKDOWN: &str = "\\*_~|`>#-[]()<:.!";

/// Characters that reorder the text around them (the letters of
/// right-to-left scripts are kept; their overrides are not).
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

impl fmt::Display for Name {
    /// The [`Name::shown`] form.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.shown())
    }
}

impl From<&str> for Name {
    fn from(raw: &str) -> Name {
        Name::new(raw)
    }
}

impl From<String> for Name {
    fn from(raw: String) -> Name {
        Name(raw)
    }
}

/// In a message, a name is always [`Name::shown`].
impl From<&Name> for Arg {
    fn from(name: &Name) -> Arg {
        Arg::from(name.shown())
    }
}

impl From<Name> for Arg {
    fn from(name: Name) -> Arg {
        Arg::from(&name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_is_escaped() {
        assert_eq!(Name::from("**Ana**").shown(), r"\*\*Ana\*\*");
        assert_eq!(
            Name::from("[x](https://example.com)").shown(),
            r"\[x\]\(https\://example\.com\)"
        );
        assert_eq!(Name::from("```rust").shown(), r"\`\`\`rust");
        assert_eq!(Name::from("# big").shown(), r"\# big");
        assert_eq!(Name::from(r"a\b").shown(), r"a\\b");
    }

    #[test]
    fn mentions_are_neutralised() {
        assert_eq!(Name::from("@everyone").shown(), "@\u{200B}everyone");
        assert_eq!(Name::from("hi @here").shown(), "hi @\u{200B}here");
        // Discord shows `\<@123\>` as the text `<@123>`: no mention.
        assert_eq!(Name::from("<@123>").shown(), r"\<@123\>");
        assert_eq!(Name::from("<#5> <t:1:R>").shown(), r"\<\#5\> \<t\:1\:R\>");
    }

    #[test]
    fn long_names_are_cut_with_an_ellipsis() {
        let long = Name::from("a".repeat(50));
        assert_eq!(long.plain().chars().count(), MAX_CHARS);
        assert!(long.plain().ends_with('…'));
        let exact = Name::from("b".repeat(MAX_CHARS));
        assert_eq!(exact.plain(), "b".repeat(MAX_CHARS));
        // Escaping happens after cutting, so no escape is cut in half.
        let stars = Name::from("*".repeat(40)).shown();
        assert!(stars.ends_with("\\*…"), "{stars}");
    }

    #[test]
    fn right_to_left_text_and_emoji_are_kept_but_overrides_dropped() {
        assert_eq!(Name::from("نزينغا").shown(), "نزينغا");
        let family = "👩\u{200D}👩\u{200D}👧 Ana";
        assert_eq!(Name::from(family).shown(), family);
        assert_eq!(Name::from("\u{202E}anA").plain(), "anA");
        assert_eq!(Name::from("a\nb").plain(), "a b");
    }

    #[test]
    fn code_form_cannot_close_a_block() {
        assert_eq!(Name::from("```x").in_code(), "\u{02CB}\u{02CB}\u{02CB}x");
    }

    #[test]
    fn the_raw_name_is_kept_and_messages_get_the_shown_one() {
        let name = Name::from("**Ana**");
        assert_eq!(name.raw(), "**Ana**");
        let winner = kiela_i18n::Arg::from(&name);
        let text = kiela_i18n::t(kiela_i18n::Lang::En, "result-won", &[("winner", winner)]);
        assert!(text.contains(r"\*\*Ana\*\*"), "{text}");
    }
}
