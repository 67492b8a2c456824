//! What the direct-message settings and the direct messages say
//! (`/kiela notify` itself is a setting, in [`super::settings`]).

use kiela_app::{Notify, NotifyNotice};
use kiela_i18n::tr;
use kiela_i18n::Lang;

/// What the direct-message settings and the direct messages say.
pub(crate) fn notice(lang: Lang, notice: &NotifyNotice) -> String {
    match notice {
        NotifyNotice::Set(choice) => match choice {
            Notify::Off => tr!(lang, "notify-off"),
            Notify::Reminders => tr!(lang, "notify-reminders"),
            Notify::EveryTurn => tr!(lang, "notify-every-turn"),
        },
        // The words of the options' own choices.
        NotifyNotice::Settings { dm, confirm } => tr!(
            lang,
            "my-settings",
            dm = tr!(lang, &format!("choice-dm-{dm}")),
            confirm = tr!(lang, &format!("choice-confirm-moves-{confirm}"))
        ),
        NotifyNotice::Dm { channel, says } => tr!(
            lang,
            "dm-note",
            text = crate::words::notice(lang, says),
            channel = channel.to_string()
        ),
    }
}
