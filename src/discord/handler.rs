//! Interactions in, service calls out: one method per kind of interaction.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use serenity::all::{
    AutocompleteChoice, Command, CommandInteraction, ComponentInteraction,
    ComponentInteractionDataKind, Context, CreateAutocompleteResponse, EditMessage, EventHandler,
    GuildId, Interaction, InteractionId, Ready,
};
use serenity::async_trait;
use tokio::sync::{watch, Notify};
use tracing::{error, info, warn};

use crate::app::{rules_summary, AppError, GameService, Place, Progress, Reply, User};
use crate::i18n::Lang;
use crate::tr;

use super::commands::{self, Request};
use super::components::{self, ComponentId};
use super::respond::{replace_board, Post, Responder};
use super::{place_of, user_of, InFlight};

/// Autocomplete shows at most this many choices.
const MAX_CHOICES: usize = 25;

pub struct Handler {
    service: GameService,
    /// Register the commands in this server only.
    guild: Option<GuildId>,
    registered: AtomicBool,
    /// Wakes the delivery loop.
    wake: Arc<Notify>,
    in_flight: Arc<InFlight>,
}

impl Handler {
    pub fn new(
        service: GameService,
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
        actor: i64,
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
                .set_commands(&ctx.http, vec![commands::definition()])
                .await
                .map(|_| format!("in server {guild}")),
            None => Command::set_global_commands(&ctx.http, vec![commands::definition()])
                .await
                .map(|_| "globally (new servers may wait up to an hour to see it)".to_string()),
        };
        match registered {
            Ok(scope) => info!("ready: /{} registered {scope}", commands::COMMAND),
            Err(e) => {
                self.registered.store(false, Ordering::SeqCst);
                error!("could not register /{}: {e}", commands::COMMAND)
            }
        }
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        let _working = self.in_flight.start();
        match interaction {
            Interaction::Command(command) => self.on_command(&ctx, &command).await,
            Interaction::Autocomplete(command) => self.on_autocomplete(&ctx, &command).await,
            Interaction::Component(component) => self.on_component(&ctx, &component).await,
            _ => {}
        }
    }
}

impl Handler {
    /// Who acts, and where: the user in their client's language; the place
    /// in the server's (its choice, else Discord's `guild_locale`).
    async fn who_and_where(
        &self,
        user: &serenity::all::User,
        member: Option<&serenity::all::Member>,
        locale: &str,
        guild: Option<GuildId>,
        guild_locale: Option<&str>,
        channel: serenity::all::ChannelId,
    ) -> (User, Place) {
        let user = user_of(user, nick(member), Lang::from_locale(locale));
        let place = place_of(guild, channel, guild_locale, user.lang);
        let place = match self.service.localise(place).await {
            Ok(place) => place,
            Err(e) => {
                warn!("cannot read the server's language: {e}");
                place
            }
        };
        (user, place)
    }

    async fn on_command(&self, ctx: &Context, command: &CommandInteraction) {
        let (user, place) = self
            .who_and_where(
                &command.user,
                command.member.as_deref(),
                &command.locale,
                command.guild_id,
                command.guild_locale.as_deref(),
                command.channel_id,
            )
            .await;
        let responder = self.responder(ctx, (command.id, &command.token), user.id);
        let (tell, progress) = watch::channel(String::new());
        let tell = Arc::new(tell);
        let board = responder
            .answer(progress, async {
                match commands::parse(command, user.lang) {
                    Ok(request) => {
                        let done = self
                            .perform(&user, place, request, command, &tell)
                            .await
                            .map(Post::of);
                        self.post(&user, place, done).await
                    }
                    Err(message) => Post::private(capitalised(&message)),
                }
            })
            .await;
        if let Some(board) = board {
            replace_board(
                &self.service,
                &ctx.http,
                command.channel_id,
                board,
                place.lang,
            )
            .await;
        }
    }

    async fn perform(
        &self,
        user: &User,
        place: Place,
        request: Request,
        command: &CommandInteraction,
        progress: &Arc<watch::Sender<String>>,
    ) -> Result<Reply, AppError> {
        let service = &self.service;
        match request {
            Request::Challenge { opponent, options } => {
                service.challenge(user, place, &opponent, options).await
            }
            Request::Accept => service.accept(user, place, None).await,
            Request::Decline => service.decline(user, place, None).await,
            Request::Ai { level, options } => {
                service.start_ai_game(user, place, level, options).await
            }
            Request::Move { hole, game } => service.play_move(user, place, game, &hole, None).await,
            Request::Arrange { layout, game } => service.arrange(user, place, game, &layout).await,
            Request::Resign { game } => service.resign(user, place, game).await,
            Request::Draw { game } => service.draw(user, place, game).await,
            Request::Board { game } => service.show(user, place, game).await,
            Request::Games => service.my_games(user).await,
            Request::History { game } => service.history(user, place, game).await,
            Request::Analyze { game } => {
                service
                    .analysis(user, game, progress_of(progress, user.lang, game))
                    .await
            }
            Request::Stats { player } => {
                service.stats(place, player.as_ref().unwrap_or(user)).await
            }
            Request::Leaderboard => service.leaderboard(place).await,
            Request::Rules => Ok(Reply {
                text: rules_summary(user.lang),
                private: true,
                lang: user.lang,
                ..Reply::default()
            }),
            Request::Notify { direct_messages } => service.notify(user, direct_messages).await,
            Request::Settings(settings) => {
                // Discord computes the member's permissions in the channel.
                let is_manager = command
                    .member
                    .as_ref()
                    .and_then(|m| m.permissions)
                    .is_some_and(|p| p.manage_guild());
                let own = command
                    .guild_locale
                    .as_deref()
                    .map_or(Lang::En, Lang::from_locale);
                service
                    .settings(user, place, is_manager, own, settings)
                    .await
            }
        }
    }

    async fn on_component(&self, ctx: &Context, component: &ComponentInteraction) {
        let (user, place) = self
            .who_and_where(
                &component.user,
                component.member.as_ref(),
                &component.locale,
                component.guild_id,
                component.guild_locale.as_deref(),
                component.channel_id,
            )
            .await;
        let responder = self.responder(ctx, (component.id, &component.token), user.id);
        let (tell, progress) = watch::channel(String::new());
        let tell = Arc::new(tell);
        let board = responder
            .answer(progress, async {
                match component.data.custom_id.parse::<ComponentId>() {
                    Ok(id) => {
                        let done = self
                            .press(&user, place, id, &component.data.kind, &tell)
                            .await;
                        self.post(&user, place, done).await
                    }
                    Err(_) => Post::private(tr!(user.lang, "old-button")),
                }
            })
            .await;
        let Some(board) = board else {
            return;
        };
        replace_board(
            &self.service,
            &ctx.http,
            component.channel_id,
            board,
            place.lang,
        )
        .await;
        // An accepted challenge's buttons go with it.
        if let Ok(ComponentId::Accept { .. }) = component.data.custom_id.parse() {
            let no_buttons = EditMessage::new().components(Vec::new());
            if let Err(e) = component
                .channel_id
                .edit_message(&ctx.http, component.message.id, no_buttons)
                .await
            {
                warn!("cannot take the buttons off an accepted challenge: {e}");
            }
        }
    }

    async fn press(
        &self,
        user: &User,
        place: Place,
        id: ComponentId,
        kind: &ComponentInteractionDataKind,
        progress: &Arc<watch::Sender<String>>,
    ) -> Result<Post, AppError> {
        let service = &self.service;
        let reply = match id {
            ComponentId::Accept { challenge } => {
                service.accept(user, place, Some(challenge)).await?
            }
            ComponentId::Decline { challenge } => service.say_no(user, place, challenge).await?,
            ComponentId::Move { game, ply } => {
                let hole = match kind {
                    ComponentInteractionDataKind::StringSelect { values } => values.first(),
                    _ => None,
                };
                let Some(hole) = hole else {
                    return Ok(Post::private(tr!(user.lang, "choose-hole")));
                };
                service
                    .play_move(user, place, Some(game), hole, Some(ply))
                    .await?
            }
            ComponentId::Draw { game, ply } => {
                service.check_button(user, game, ply).await?;
                service.draw(user, place, Some(game)).await?
            }
            ComponentId::Resign { game, ply } => {
                service.check_button(user, game, ply).await?;
                return Ok(Post {
                    text: tr!(user.lang, "confirm-resign", id = game),
                    rows: components::confirm_resign_row(game, user.lang),
                    ephemeral: true,
                    ..Post::default()
                });
            }
            ComponentId::ConfirmResign { game } => service.resign(user, place, Some(game)).await?,
            ComponentId::Watch { game, ply } => service.watch(user, game, ply).await?,
            ComponentId::Analyse { game } => {
                service
                    .analysis(user, game, progress_of(progress, user.lang, game))
                    .await?
            }
        };
        Ok(Post::of(reply))
    }

    /// The post for the outcome of an action. Refusals are private; a stale
    /// board's refusal comes with the current board.
    async fn post(&self, user: &User, place: Place, done: Result<Post, AppError>) -> Post {
        match done {
            Ok(post) => post,
            Err(AppError::OutOfDate { game_id }) => {
                let refusal = capitalised(&AppError::OutOfDate { game_id }.message(user.lang));
                // A private board: in the user's language.
                let mine = Place {
                    lang: user.lang,
                    ..place
                };
                match self.service.show(user, mine, Some(game_id)).await {
                    Ok(reply) => Post {
                        text: format!("{refusal}.\n{}", reply.text),
                        ephemeral: true,
                        board: None,
                        ..Post::of(reply)
                    },
                    Err(e) => self.failure(e, user.lang),
                }
            }
            Err(e) => self.failure(e, user.lang),
        }
    }

    /// A refusal or failure, privately, in the user's language.
    fn failure(&self, error: AppError, lang: Lang) -> Post {
        match error {
            AppError::Store(_) | AppError::Internal(_) => {
                error!("an action failed: {error}");
                Post::private(tr!(lang, "error-sorry"))
            }
            refusal => Post::private(capitalised(&refusal.message(lang)) + "."),
        }
    }

    async fn on_autocomplete(&self, ctx: &Context, command: &CommandInteraction) {
        let (user, place) = self
            .who_and_where(
                &command.user,
                command.member.as_deref(),
                &command.locale,
                command.guild_id,
                command.guild_locale.as_deref(),
                command.channel_id,
            )
            .await;
        let responder = self.responder(ctx, (command.id, &command.token), user.id);
        let Some(typing) = commands::typing(command) else {
            return responder.suggest(CreateAutocompleteResponse::new()).await;
        };
        let typed = typing.text.trim().to_ascii_uppercase();
        let choices: Vec<AutocompleteChoice> = match typing.option {
            "hole" => match self.service.move_choices(&user, place, typing.game).await {
                Ok(moves) => moves
                    .into_iter()
                    .filter(|(hole, _)| hole.to_string().starts_with(&typed))
                    .map(|(hole, stones)| {
                        AutocompleteChoice::new(
                            components::hole_label(user.lang, hole, stones),
                            hole.to_string(),
                        )
                    })
                    .collect(),
                Err(e) => {
                    warn!(subcommand = typing.subcommand, "no move choices: {e}");
                    Vec::new()
                }
            },
            "game" => match self
                .service
                .game_choices(&user, matches!(typing.subcommand, "history" | "analyze"))
                .await
            {
                Ok(games) => games
                    .into_iter()
                    .filter(|g| g.id.to_string().starts_with(typed.trim_start_matches('#')))
                    .map(|g| AutocompleteChoice::new(g.label, g.id))
                    .collect(),
                Err(e) => {
                    warn!("no game choices: {e}");
                    Vec::new()
                }
            },
            _ => Vec::new(),
        };
        let choices = choices.into_iter().take(MAX_CHOICES).collect();
        responder
            .suggest(CreateAutocompleteResponse::new().set_choices(choices))
            .await;
    }
}

/// Reports an analysis's progress into the text a deferred answer shows
/// while it waits (see [`Responder::answer`]).
fn progress_of(tell: &Arc<watch::Sender<String>>, lang: Lang, game: i64) -> Progress {
    let tell = tell.clone();
    Arc::new(move |done, total| {
        tell.send_replace(tr!(
            lang,
            "analysis-progress",
            id = game,
            done = done,
            total = total
        ));
    })
}

fn nick(member: Option<&serenity::all::Member>) -> Option<&str> {
    member.and_then(|m| m.nick.as_deref())
}

/// Service messages start in lower case, to be embedded; alone they read
/// better capitalised.
fn capitalised(message: &str) -> String {
    let mut chars = message.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
