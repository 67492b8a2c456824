//! Interactions in, service calls out: one method per kind of interaction.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use serenity::all::{
    ActionRowComponent, AutocompleteChoice, Command, CommandInteraction, ComponentInteraction,
    ComponentInteractionDataKind, Context, CreateAutocompleteResponse, EventHandler, GuildId,
    Interaction, InteractionId, ModalInteraction, Permissions, Ready,
};
use serenity::async_trait;
use tokio::sync::{watch, Notify};
use tracing::{error, info, warn};

use crate::app::{rules_summary, AppError, GameService, Place, Progress, Reply, User};
use kiela_i18n::tr;
use kiela_i18n::Lang;

use super::commands::{self, Request};
use super::components::{self, ComponentId};
use super::respond::{no_progress, replace_board, Post, Responder};
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
}

/// The [`Origin`] of a command, component or modal interaction (they
/// share these fields, but no trait).
macro_rules! origin {
    ($interaction:expr) => {
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
        }
    };
}

impl Handler {
    /// Who acts, and where: the user in their client's language; the place
    /// in the server's (its choice, else Discord's `guild_locale`).
    async fn who_and_where(&self, origin: Origin<'_>) -> (User, Place) {
        let Origin {
            user,
            member,
            locale,
            guild,
            guild_locale,
            channel,
            bot_may,
        } = origin;
        let user = user_of(user, nick(member), Lang::from_locale(locale));
        let place = place_of(guild, channel, guild_locale, user.lang, bot_may);
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
        let (user, place) = self.who_and_where(origin!(command)).await;
        let responder = self.responder(ctx, (command.id, &command.token), user.id);
        let (tell, progress) = watch::channel(String::new());
        let tell = Arc::new(tell);
        let board = responder
            .answer(progress, async {
                match commands::parse(command, user.lang) {
                    Ok(request) => {
                        let done = self.perform(&user, place, request, command, &tell).await;
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
    ) -> Result<Post, AppError> {
        let service = &self.service;
        let reply = match request {
            Request::Challenge {
                opponent: Some(opponent),
                options,
            } => service.challenge(user, place, &opponent, options).await,
            Request::Challenge {
                opponent: None,
                options,
            } => service.open_challenge(user, place, options).await,
            Request::Accept => service.accept(user, place, None).await,
            Request::Decline => service.decline(user, place, None).await,
            Request::Ai { level, options } => {
                service.start_ai_game(user, place, level, options).await
            }
            Request::Move { hole, game } => service.play_move(user, place, game, &hole, None).await,
            Request::Arrange { layout, game } => service.arrange(user, place, game, &layout).await,
            Request::Resign { game } => {
                // As the button does: asked, privately, before anything changes.
                let game = service.resign_prompt(user, place, game).await?;
                return Ok(confirm_resign(game, user.lang));
            }
            Request::Draw { game } => service.draw(user, place, game).await,
            Request::Hint { game } => service.hint(user, place, game).await,
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
            Request::Notify(choice) => service.notify(user, choice).await,
            Request::Vacation { days } => service.vacation(user, days).await,
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
        };
        reply.map(Post::of)
    }

    async fn on_component(&self, ctx: &Context, component: &ComponentInteraction) {
        let (user, place) = self.who_and_where(origin!(component)).await;
        let mut responder = self.responder(ctx, (component.id, &component.token), user.id);
        match component.data.custom_id.parse() {
            Ok(ComponentId::ReviewAt { .. }) => responder = responder.updating(),
            Ok(ComponentId::Arrange { game, ply }) => {
                return self
                    .open_form(&responder, &user, place, game, ply, None)
                    .await
            }
            Ok(ComponentId::EditArrange { game, ply, layout }) => {
                return self
                    .open_form(&responder, &user, place, game, ply, Some(layout))
                    .await
            }
            _ => {}
        }
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
                return Ok(confirm_resign(game, user.lang));
            }
            ComponentId::ConfirmResign { game } => service.resign(user, place, Some(game)).await?,
            ComponentId::Watch { game, ply } => service.watch(user, game, ply).await?,
            ComponentId::Review { game } => {
                let progress = progress_of(progress, user.lang, game);
                service.review(user, game, 1, progress).await?
            }
            ComponentId::ReviewAt { game, ply, .. } => {
                let progress = progress_of(progress, user.lang, game);
                service.review(user, game, ply, progress).await?
            }
            ComponentId::Hint { game, ply } => {
                service.check_button(user, game, ply).await?;
                service.hint(user, place, Some(game)).await?
            }
            ComponentId::AcceptDraw { game, ply } => {
                service.answer_draw(user, place, game, ply, true).await?
            }
            ComponentId::DeclineDraw { game, ply } => {
                service.answer_draw(user, place, game, ply, false).await?
            }
            ComponentId::Rematch { game } => service.rematch(user, place, game).await?,
            ComponentId::ConfirmArrange { game, ply, layout } => {
                service.arrange_at(user, place, game, ply, layout).await?
            }
            // Forms: opened before any answer (see `open_form`), or submitted.
            ComponentId::Arrange { .. }
            | ComponentId::EditArrange { .. }
            | ComponentId::ArrangeForm { .. } => {
                return Ok(Post::private(tr!(user.lang, "old-button")))
            }
            ComponentId::Analyse { game } => {
                service
                    .analysis(user, game, progress_of(progress, user.lang, game))
                    .await?
            }
        };
        Ok(Post::of(reply))
    }

    /// The Arrange and Edit buttons answer with the rearrangement form: a
    /// modal, which must be the interaction's first response (no deferral),
    /// filled with the current counts or the previewed ones. A refusal
    /// (not their turn, a stale board) is a private message instead.
    async fn open_form(
        &self,
        responder: &Responder,
        user: &User,
        place: Place,
        game: i64,
        ply: i64,
        shown: Option<kiela_rules::Layout>,
    ) {
        match self.service.arrangement_now(user, game, ply).await {
            Ok((side, now)) => {
                let layout = shown.unwrap_or(now);
                let form = components::arrange_form(game, ply, side, &layout, user.lang);
                responder.modal(form).await;
            }
            Err(e) => {
                responder
                    .answer(no_progress(), async {
                        self.post(user, place, Err(e)).await
                    })
                    .await;
            }
        }
    }

    /// The rearrangement form sent back: a private preview of the new
    /// position with Confirm and Edit, or what is wrong with the form and
    /// a button to open it again.
    async fn on_modal(&self, ctx: &Context, modal: &ModalInteraction) {
        let (user, place) = self.who_and_where(origin!(modal)).await;
        let responder = self.responder(ctx, (modal.id, &modal.token), user.id);
        let Ok(ComponentId::ArrangeForm { game, ply }) = modal.data.custom_id.parse() else {
            responder
                .answer(no_progress(), async {
                    Post::private(tr!(user.lang, "old-button"))
                })
                .await;
            return;
        };
        let field = |name: &str| {
            modal
                .data
                .components
                .iter()
                .flat_map(|row| &row.components)
                .find_map(|component| match component {
                    ActionRowComponent::InputText(input) if input.custom_id == name => {
                        input.value.clone()
                    }
                    _ => None,
                })
                .unwrap_or_default()
        };
        let typed = [field("upper"), field("lower")];
        responder
            .answer(no_progress(), async {
                match self
                    .service
                    .preview_arrangement(&user, game, ply, [&typed[0], &typed[1]])
                    .await
                {
                    Ok((reply, layout)) => Post {
                        rows: components::confirm_arrange_row(game, ply, layout, user.lang),
                        ..Post::of(reply)
                    },
                    Err(e @ AppError::Refused(_)) => Post {
                        rows: components::reopen_arrange_row(game, ply, user.lang),
                        ..self.failure(e, user.lang)
                    },
                    Err(e) => self.post(&user, place, Err(e)).await,
                }
            })
            .await;
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
        let (user, place) = self.who_and_where(origin!(command)).await;
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

/// The private question asked before resigning game `game`.
fn confirm_resign(game: i64, lang: Lang) -> Post {
    Post {
        text: tr!(lang, "confirm-resign", id = game),
        rows: components::confirm_resign_row(game, lang),
        ephemeral: true,
        ..Post::default()
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
