//! Interactions in, service calls out: one method per kind of interaction,
//! each routing to the feature (`features/`) that does the work.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use serenity::all::{
    AuthorizingIntegrationOwner, AuthorizingIntegrationOwners, AutocompleteChoice, ChannelType,
    Command, CommandInteraction, ComponentInteraction, ComponentInteractionDataKind, Context,
    CreateAutocompleteResponse, EventHandler, Guild, GuildId, Interaction, InteractionContext,
    InteractionId, ModalInteraction, Permissions, Ready,
};
use serenity::async_trait;
use tokio::sync::{watch, Notify};
use tracing::{error, info, warn};

use kiela_app::{App, AppError, Place, PlaceKind, User, UserId};
use kiela_i18n::tr;
use kiela_i18n::Lang;

use super::command::{self, GAME};
use super::features::{analysis, challenges, draws, lessons, playing, puzzles, tournaments};
use super::ids::ComponentId;
use super::respond::{no_progress, replace_board, Post, PostedBoard, Responder};
use super::{place_of, user_of, InFlight};
use crate::snowflakes::{Ours, Theirs};
use crate::words;

/// Autocomplete shows at most this many choices.
const MAX_CHOICES: usize = 25;

pub struct Handler {
    service: App,
    /// Register the commands in this server only.
    guild: Option<GuildId>,
    registered: AtomicBool,
    /// Wakes the delivery loop.
    wake: Arc<Notify>,
    in_flight: Arc<InFlight>,
}

impl Handler {
    pub fn new(
        service: App,
        guild: Option<GuildId>,
        wake: Arc<Notify>,
        in_flight: Arc<InFlight>,
    ) -> Handler {
        Handler {
            service,
            guild,
            registered: AtomicBool::new(false),
            wake,
            in_flight,
        }
    }

    fn responder(
        &self,
        ctx: &Context,
        interaction: (InteractionId, &str),
        actor: UserId,
    ) -> Responder {
        Responder::new(
            ctx.http.clone(),
            self.service.clone(),
            self.wake.clone(),
            interaction,
            actor,
        )
    }
}

#[async_trait]
impl EventHandler for Handler {
    /// A server, when the bot joins it and at every connection: greeted
    /// once, if the bot joined it just now; the bot posts there.
    async fn guild_create(&self, _ctx: Context, guild: Guild, _is_new: Option<bool>) {
        // Games its members played through a user's install are posted
        // there like any others from now on.
        if let Err(e) = self.service.places.bot_joined(Some(guild.id).ours()).await {
            warn!(guild = %guild.id, "cannot record that the bot is in the server: {e}");
        }
        let lang = Lang::from_locale(&guild.preferred_locale);
        let joined_at = guild.joined_at.unix_timestamp();
        let channel = guild.system_channel_id.map(Ours::ours);
        match (self.service)
            .welcome
            .welcome(Some(guild.id).ours(), channel, joined_at, lang)
            .await
        {
            Ok(true) => self.wake.notify_one(),
            Ok(false) => {}
            Err(e) => warn!(guild = %guild.id, "cannot greet the server: {e}"),
        }
    }

    async fn ready(&self, ctx: Context, ready: Ready) {
        let shard = ready.shard.map_or(0, |s| s.id.0);
        info!(
            "connected to Discord as {} ({}), shard {shard}, {} servers",
            ready.user.name,
            ready.user.id,
            ready.guilds.len()
        );
        // Shard 0 registers, once per process: a reconnect needs nothing.
        if shard != 0 || self.registered.swap(true, Ordering::SeqCst) {
            return;
        }
        let registered = match self.guild {
            Some(guild) => guild
                .set_commands(&ctx.http, vec![command::definition()])
                .await
                .map(|_| format!("in server {guild}")),
            None => Command::set_global_commands(&ctx.http, vec![command::installable()])
                .await
                .map(|_| "globally (new servers may wait up to an hour to see it)".to_string()),
        };
        match registered {
            Ok(scope) => info!("ready: /{} registered {scope}", command::COMMAND),
            Err(e) => {
                self.registered.store(false, Ordering::SeqCst);
                error!("could not register /{}: {e}", command::COMMAND)
            }
        }
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        let _working = self.in_flight.start();
        match interaction {
            Interaction::Command(command) => self.on_command(&ctx, &command).await,
            Interaction::Autocomplete(command) => self.on_autocomplete(&ctx, &command).await,
            Interaction::Component(component) => self.on_component(&ctx, &component).await,
            Interaction::Modal(modal) => self.on_modal(&ctx, &modal).await,
            _ => {}
        }
    }
}

/// What every kind of interaction says about who acts and where.
struct Origin<'a> {
    user: &'a serenity::all::User,
    member: Option<&'a serenity::all::Member>,
    locale: &'a str,
    guild: Option<GuildId>,
    guild_locale: Option<&'a str>,
    channel: serenity::all::ChannelId,
    /// The bot's permissions in the channel.
    bot_may: Option<Permissions>,
    /// What kind of place it is, as Discord says (`None`: it does not
    /// say, as for a form sent back).
    kind: Option<PlaceKind>,
}

/// The [`Origin`] of a command, component or modal interaction (they
/// share these fields, but no trait).
macro_rules! origin {
    ($interaction:expr) => {
        origin!(
            $interaction,
            Some(place_kind(
                $interaction.guild_id,
                $interaction.context,
                &$interaction.authorizing_integration_owners,
            ))
        )
    };
    ($interaction:expr, $kind:expr) => {
        Origin {
            user: &$interaction.user,
            member: $interaction
                .member
                .as_ref()
                .map(std::borrow::Borrow::<serenity::all::Member>::borrow),
            locale: &$interaction.locale,
            guild: $interaction.guild_id,
            guild_locale: $interaction.guild_locale.as_deref(),
            channel: $interaction.channel_id,
            bot_may: $interaction.app_permissions,
            kind: $kind,
        }
    };
}

/// What kind of place an interaction comes from, from what Discord vouches
/// for: its `context`, and whether the app is installed in the server
/// (`authorizing_integration_owners` holds the server for a guild
/// install). Without a context (older clients), a server is the bot's.
fn place_kind(
    guild: Option<GuildId>,
    context: Option<InteractionContext>,
    owners: &AuthorizingIntegrationOwners,
) -> PlaceKind {
    let guild_install = (owners.0.iter())
        .any(|owner| matches!(owner, AuthorizingIntegrationOwner::GuildInstall(Some(_))));
    match context {
        Some(InteractionContext::PrivateChannel) => PlaceKind::GroupDm,
        Some(InteractionContext::BotDm) => PlaceKind::AppDm,
        Some(InteractionContext::Guild) if !guild_install => PlaceKind::ServerWithoutBot,
        _ if guild.is_none() => PlaceKind::AppDm,
        _ => PlaceKind::Server,
    }
}

/// Who acts and where, read from an interaction.
struct Who {
    user: User,
    place: Place,
    manager: bool,
    server_lang: Lang,
}

/// Who acts, where, and with what: what every command and button of a
/// feature is performed with.
pub struct Cx<'a> {
    pub service: &'a App,
    pub user: &'a User,
    pub place: Place,
    /// Whether the member may manage the server (Discord computes their
    /// permissions in the channel).
    pub manager: bool,
    /// The server's own language (Discord's `guild_locale`).
    pub server_lang: Lang,
    /// The text a deferred answer shows while the work goes on.
    pub progress: &'a Arc<watch::Sender<String>>,
}

impl Who {
    fn cx<'a>(&'a self, service: &'a App, progress: &'a Arc<watch::Sender<String>>) -> Cx<'a> {
        Cx {
            service,
            user: &self.user,
            place: self.place,
            manager: self.manager,
            server_lang: self.server_lang,
            progress,
        }
    }
}

impl Handler {
    /// Who acts, and where: the user in their client's language; the place
    /// in Discord's `guild_locale` until [`Handler::localised`] reads the
    /// server's choice.
    fn who_and_where(&self, origin: Origin<'_>) -> Who {
        let Origin {
            user,
            member,
            locale,
            guild,
            guild_locale,
            channel,
            bot_may,
            kind,
        } = origin;
        let user = user_of(user, nick(member), Lang::from_locale(locale));
        let place = place_of(guild, channel, guild_locale, user.lang, bot_may);
        let place = match kind {
            Some(kind) => place.of_kind(kind),
            None => place,
        };
        Who {
            user,
            place,
            manager: member
                .and_then(|m| m.permissions)
                .is_some_and(|p| p.manage_guild()),
            server_lang: guild_locale.map_or(Lang::En, Lang::from_locale),
        }
    }

    /// `place` in the server's language (its choice, else Discord's
    /// `guild_locale`): a database read, so inside the answer, which defers
    /// when the database is slow.
    async fn localised(&self, place: Place) -> Place {
        if let Err(e) = self.service.places.seen(place).await {
            warn!("cannot record a place that only answers: {e}");
        }
        match self.service.settings.localise(place).await {
            Ok(place) => place,
            Err(e) => {
                warn!("cannot read the server's language: {e}");
                place
            }
        }
    }

    async fn on_command(&self, ctx: &Context, command: &CommandInteraction) {
        let mut who = self.who_and_where(origin!(command));
        let responder = self.responder(ctx, (command.id, &command.token), who.user.id);
        let (tell, progress) = watch::channel(String::new());
        let tell = Arc::new(tell);
        let board = responder
            .answer(progress, async {
                who.place = self.localised(who.place).await;
                let cx = who.cx(&self.service, &tell);
                match command::parse(command, cx.user.lang) {
                    Ok(request) => cx.post(request.perform(&cx).await).await,
                    Err(message) => Post::private(sentence(&message)),
                }
            })
            .await;
        self.answered(ctx, &responder, &who.place, board).await;
    }

    async fn on_component(&self, ctx: &Context, component: &ComponentInteraction) {
        let mut who = self.who_and_where(origin!(component));
        let mut responder = self.responder(ctx, (component.id, &component.token), who.user.id);
        let (tell, progress) = watch::channel(String::new());
        let tell = Arc::new(tell);
        // A form is the interaction's first answer (it cannot follow a
        // deferral), in the user's language: the place's is not read.
        let form = who.cx(&self.service, &tell);
        match component.data.custom_id.parse() {
            Ok(ComponentId::ReviewAt { .. } | ComponentId::CancelMove { .. }) => {
                responder = responder.updating()
            }
            Ok(ComponentId::Arrange { game, ply }) => {
                return playing::open_form(&form, &responder, game, ply, None).await
            }
            Ok(ComponentId::EditArrange { game, ply, layout }) => {
                return playing::open_form(&form, &responder, game, ply, Some(layout)).await
            }
            Ok(ComponentId::LessonArrange { step }) => {
                return lessons::open_form(&form, &responder, step).await
            }
            _ => {}
        }
        let board = responder
            .answer(progress, async {
                who.place = self.localised(who.place).await;
                let cx = who.cx(&self.service, &tell);
                match component.data.custom_id.parse::<ComponentId>() {
                    Ok(id) => cx.post(press(&cx, id, &component.data.kind).await).await,
                    Err(_) => Post::private(tr!(cx.user.lang, "old-button")),
                }
            })
            .await;
        self.answered(ctx, &responder, &who.place, board).await;
    }

    /// After an answer in `place`: the board it posted (if any) becomes
    /// its game's board; where the app only answers, what waited to be
    /// shown there follows it.
    async fn answered(
        &self,
        ctx: &Context,
        responder: &Responder,
        place: &Place,
        board: Option<PostedBoard>,
    ) {
        if let Some(board) = board {
            let channel = place.channel_id.theirs();
            replace_board(&self.service, &ctx.http, channel, board, place).await;
        }
        responder.show_backlog(*place).await;
    }

    /// A rearrangement form sent back: a game's, or a lesson's.
    async fn on_modal(&self, ctx: &Context, modal: &ModalInteraction) {
        // Its answers are private, in the user's language: the place's is
        // not read, so no database call comes before the answer.
        // Discord does not say what kind of place a form comes from: a
        // group DM shows in its channel's type.
        let group = modal
            .channel
            .as_ref()
            .is_some_and(|c| c.kind == ChannelType::GroupDm);
        let who = self.who_and_where(origin!(modal, group.then_some(PlaceKind::GroupDm)));
        let responder = self.responder(ctx, (modal.id, &modal.token), who.user.id);
        let (tell, _) = watch::channel(String::new());
        let tell = Arc::new(tell);
        let cx = who.cx(&self.service, &tell);
        match modal.data.custom_id.parse() {
            Ok(ComponentId::ArrangeForm { game, ply }) => {
                playing::submit_form(&cx, &responder, modal, game, ply).await
            }
            Ok(ComponentId::LessonArrangeForm { step }) => {
                lessons::submit_form(&cx, &responder, modal, step).await
            }
            _ => {
                responder
                    .answer(no_progress(), async {
                        Post::private(tr!(cx.user.lang, "old-button"))
                    })
                    .await;
            }
        }
    }

    async fn on_autocomplete(&self, ctx: &Context, command: &CommandInteraction) {
        // No database read before the suggestions: autocomplete cannot be
        // deferred, and its words are in the user's language.
        let Who { user, place, .. } = self.who_and_where(origin!(command));
        let responder = self.responder(ctx, (command.id, &command.token), user.id);
        let Some(typing) = command::typing(command) else {
            return responder.suggest(CreateAutocompleteResponse::new()).await;
        };
        let typed = typing.text.trim().to_ascii_uppercase();
        let choices: Vec<AutocompleteChoice> = match typing.option {
            option if option == playing::HOLE.name() => {
                match self
                    .service
                    .games
                    .move_choices(&user, place, typing.game)
                    .await
                {
                    Ok(choices) => choices
                        .holes
                        .into_iter()
                        .filter(|(hole, _)| hole.to_string().starts_with(&typed))
                        .map(|(hole, stones)| {
                            playing::hole_choice(user.lang, hole, stones, choices.ply)
                        })
                        .collect(),
                    Err(e) => {
                        warn!(subcommand = typing.subcommand, "no move choices: {e}");
                        Vec::new()
                    }
                }
            }
            option if option == GAME.name() => {
                let finished_too =
                    [analysis::HISTORY.name, analysis::ANALYZE.name].contains(&typing.subcommand);
                match self.service.games.game_choices(&user, finished_too).await {
                    Ok(games) => games
                        .into_iter()
                        .filter(|g| g.id.to_string().starts_with(typed.trim_start_matches('#')))
                        .map(|g| {
                            AutocompleteChoice::new(playing::game_label(user.lang, &g), g.id.0)
                        })
                        .collect(),
                    Err(e) => {
                        warn!("no game choices: {e}");
                        Vec::new()
                    }
                }
            }
            _ => Vec::new(),
        };
        let choices = choices.into_iter().take(MAX_CHOICES).collect();
        responder
            .suggest(CreateAutocompleteResponse::new().set_choices(choices))
            .await;
    }
}

/// A component used: the feature that made it does what it says.
async fn press(
    cx: &Cx<'_>,
    id: ComponentId,
    kind: &ComponentInteractionDataKind,
) -> Result<Post, AppError> {
    match id {
        ComponentId::Accept { challenge } => challenges::answer(cx, challenge, true).await,
        ComponentId::Decline { challenge } => challenges::answer(cx, challenge, false).await,
        ComponentId::Rematch { game } => challenges::rematch(cx, game).await,
        ComponentId::Move { game, ply } => playing::chosen(cx, game, ply, kind).await,
        ComponentId::PlayMove { game, ply, hole } => playing::play(cx, game, ply, hole).await,
        ComponentId::CancelMove { game, ply } => playing::cancel(cx, game, ply).await,
        ComponentId::TakeBack { game, ply } => playing::take_back(cx, game, ply).await,
        ComponentId::Resign { game, ply } => playing::resign(cx, game, ply).await,
        ComponentId::ConfirmResign { game } => playing::confirm(cx, game).await,
        ComponentId::Abort { game, ply } => playing::abort(cx, game, ply).await,
        ComponentId::Watch { game, ply } => playing::watch(cx, game, ply).await,
        ComponentId::Hint { game, ply } => playing::hint(cx, game, ply).await,
        ComponentId::PlayHint { game, ply, hole } => playing::play_hint(cx, game, ply, hole).await,
        ComponentId::ConfirmArrange { game, ply, layout } => {
            playing::confirm_arrange(cx, game, ply, layout).await
        }
        // Forms: opened before any answer (see `playing::open_form`), or
        // submitted (a modal, see `on_modal`).
        ComponentId::Arrange { .. }
        | ComponentId::EditArrange { .. }
        | ComponentId::ArrangeForm { .. }
        | ComponentId::LessonArrange { .. }
        | ComponentId::LessonArrangeForm { .. } => {
            Ok(Post::private(tr!(cx.user.lang, "old-button")))
        }
        ComponentId::Draw { game, ply } => draws::offer(cx, game, ply).await,
        ComponentId::AcceptDraw { game, ply } => draws::answer(cx, game, ply, true).await,
        ComponentId::DeclineDraw { game, ply } => draws::answer(cx, game, ply, false).await,
        ComponentId::Review { game } => analysis::review(cx, game, 1).await,
        ComponentId::ReviewAt { game, ply, .. } => analysis::review(cx, game, ply).await,
        ComponentId::Analyse { game } => analysis::analyse(cx, game).await,
        ComponentId::ShareAnalysis { game } => analysis::share(cx, game).await,
        ComponentId::LessonMove { step } => lessons::chosen(cx, step, kind).await,
        ComponentId::LessonAt { lesson, task } => lessons::at(cx, lesson, task).await,
        ComponentId::Tournament { tournament, action } => {
            tournaments::press(cx, tournament, action).await
        }
        ComponentId::PuzzleMove { step } => puzzles::chosen(cx, step, kind).await,
        ComponentId::Puzzle { action } => puzzles::press(cx, action).await,
    }
}

impl Cx<'_> {
    /// The post for the outcome of an action. Refusals are private; a stale
    /// board's refusal comes with the current board.
    pub async fn post(&self, done: Result<Post, AppError>) -> Post {
        let lang = self.user.lang;
        match done {
            Ok(post) => post,
            Err(AppError::OutOfDate { game_id }) => {
                let refusal = sentence(&words::error(lang, &AppError::OutOfDate { game_id }));
                // A private board: in the user's language.
                let mine = Place { lang, ..self.place };
                match self
                    .service
                    .playing
                    .show(self.user, mine, Some(game_id))
                    .await
                {
                    Ok(reply) => Post {
                        text: format!("{refusal}\n{}", words::says(reply.lang, &reply.says)),
                        ephemeral: true,
                        board: None,
                        ..Post::of(reply)
                    },
                    Err(e) => self.failure(e),
                }
            }
            Err(e) => self.failure(e),
        }
    }

    /// A refusal or failure, privately, in the user's language.
    pub fn failure(&self, error: AppError) -> Post {
        let lang = self.user.lang;
        match error {
            AppError::Store(_) | AppError::Internal(_) => {
                error!("an action failed: {error}");
                Post::private(tr!(lang, "error-sorry"))
            }
            refusal => Post::private(sentence(&words::error(lang, &refusal))),
        }
    }
}

fn nick(member: Option<&serenity::all::Member>) -> Option<&str> {
    member.and_then(|m| m.nick.as_deref())
}

/// A refusal shown alone, as a sentence: capitalized, ending in one full
/// stop. Service messages are clauses in lower case, to be embedded; one
/// that ends a sentence already (a stop, a question) gets no second stop.
fn sentence(message: &str) -> String {
    let mut chars = message.trim_end().chars();
    let mut sentence: String = match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    };
    if !sentence.ends_with(['.', '!', '?', '…']) {
        sentence.push('.');
    }
    sentence
}

#[cfg(test)]
mod tests {
    use super::*;
    use kiela_app::vocabulary::GameId;
    use kiela_app::TournamentRefusal;
    use kiela_app::{DrawRefusal, GameRefusal};
    use kiela_i18n::Lang;

    #[test]
    fn a_refusal_ends_once() {
        assert_eq!(sentence("ana's event is full"), "Ana's event is full.");
        assert_eq!(sentence("ana's event is full."), "Ana's event is full.");
        assert_eq!(sentence("who? "), "Who?");
        for lang in Lang::ALL {
            for refusal in [
                TournamentRefusal::Full {
                    name: "Kiela Cup".into(),
                }
                .into(),
                GameRefusal::OtherServer(GameId(7)).into(),
                DrawRefusal::AlreadyOffered.into(),
                AppError::NoSuchGame(GameId(7)),
            ] {
                let text = sentence(&words::error(lang, &refusal));
                assert!(text.ends_with('.') && !text.ends_with(".."), "{text}");
            }
        }
    }
}
