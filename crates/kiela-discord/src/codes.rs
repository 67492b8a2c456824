//! Discord's JSON error codes the bot acts on, and what they mean to the
//! application.

use kiela_app::ChannelRefusal;

/// Discord's error code for a refusal, and its name in Discord's
/// documentation.
pub fn code(refusal: ChannelRefusal) -> (i64, &'static str) {
    match refusal {
        ChannelRefusal::UnknownChannel => (10003, "Unknown Channel"),
        ChannelRefusal::MissingAccess => (50001, "Missing Access"),
        ChannelRefusal::MissingPermissions => (50013, "Missing Permissions"),
    }
}

/// The refusal Discord's error `code` means, if it is one the bot follows
/// a game's place for.
pub fn channel_refusal(code: i64) -> Option<ChannelRefusal> {
    (ChannelRefusal::ALL.iter().copied()).find(|&refusal| self::code(refusal).0 == code)
}

/// A refusal as Discord names it, for logs: `50001 Missing Access`.
pub fn described(refusal: ChannelRefusal) -> String {
    let (code, name) = code(refusal);
    format!("{code} {name}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_refusal_has_its_code_and_back() {
        assert_eq!(channel_refusal(50001), Some(ChannelRefusal::MissingAccess));
        assert_eq!(channel_refusal(10003), Some(ChannelRefusal::UnknownChannel));
        assert_eq!(
            described(ChannelRefusal::MissingPermissions),
            "50013 Missing Permissions"
        );
        assert_eq!(channel_refusal(50035), None);
        for &refusal in ChannelRefusal::ALL {
            assert_eq!(channel_refusal(code(refusal).0), Some(refusal));
        }
    }
}
