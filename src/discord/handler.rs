//! Interactions in, service calls out: one method per kind of interaction.

use std::sync::atomic::{AtomicBool, Ordering};

use serenity::all::{
    AutocompleteChoice, Command, CommandInteraction, ComponentInteraction,
    ComponentInteractionDataKind, Context, CreateAutocompleteResponse, EditMessage, EventHandler,
    GuildId, Interaction, Ready,
};
use serenity::async_trait;
use tracing::{error, info, warn};

use crate::app::{AppError, GameService, Place, Reply, User, RULES_SUMMARY};

use super::commands::{self, Request};
use super::components::{self, ComponentId};
use super::respond::{replace_board, Post, Responder};
use super::{place_of, user_of};

/// Autocomplete shows at most this many choices.
const MAX_CHOICES: usize = 25;

pub struct Handler {
    service: GameService,
    /// Register the commands in this server only.
    guild: Option<GuildId>,
    registered: AtomicBool,
}

impl Handler {
    pub fn new(service: GameService, guild: Option<GuildId>) -> Handler {
        Handler {
            service,
            guild,
            registered: AtomicBool::new(false),
        }
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
        match interaction {
            Interaction::Command(command) => self.on_command(&ctx, &command).await,
            Interaction::Autocomplete(command) => self.on_autocomplete(&ctx, &command).await,
            Interaction::Component(component) => self.on_component(&ctx, &component).await,
            _ => {}
        }
    }
}

impl Handler {
    async fn on_command(&self, ctx: &Context, command: &CommandInteraction) {
        let user = user_of(&command.user, nick(command.member.as_deref()));
        let place = place_of(command.guild_id, command.channel_id);
        let responder = Responder::new(ctx.http.clone(), command.id, &command.token, user.id);
        let board = responder
            .answer(async {
                match commands::parse(command) {
                    Ok(request) => {
                        let done = self.perform(&user, place, request).await.map(Post::of);
                        self.post(&user, place, done).await
                    }
                    Err(message) => Post::private(capitalised(&message)),
                }
            })
            .await;
        if let Some(board) = board {
            replace_board(&self.service, &ctx.http, command.channel_id, board).await;
        }
    }

    async fn perform(
        &self,
        user: &User,
        place: Place,
        request: Request,
    ) -> Result<Reply, AppError> {
        let service = &self.service;
        match request {
            Request::Challenge { opponent, options } => {
                service.challenge(user, place, &opponent, options).await
            }
            Request::Accept => service.accept(user, None).await,
            Request::Decline => service.decline(user, None).await,
            Request::Ai { level, options } => {
                service.start_ai_game(user, place, level, options).await
            }
            Request::Move { hole, game } => service.play_move(user, place, game, &hole, None).await,
            Request::Arrange { layout, game } => service.arrange(user, place, game, &layout).await,
            Request::Resign { game } => service.resign(user, place, game).await,
            Request::Draw { game } => service.draw(user, place, game).await,
            Request::Board { game } => service.show(user, place, game).await,
            Request::Games => service.my_games(user).await,
            Request::History { game } => service.history(game).await,
            Request::Stats { player } => {
                service.stats(place, player.as_ref().unwrap_or(user)).await
            }
            Request::Leaderboard => service.leaderboard(place).await,
            Request::Rules => Ok(Reply {
                text: RULES_SUMMARY.to_string(),
                private: true,
                ..Reply::default()
            }),
            Request::Notify { direct_messages } => service.notify(user, direct_messages).await,
        }
    }

    async fn on_component(&self, ctx: &Context, component: &ComponentInteraction) {
        let user = user_of(&component.user, nick(component.member.as_ref()));
        let place = place_of(component.guild_id, component.channel_id);
        let responder = Responder::new(ctx.http.clone(), component.id, &component.token, user.id);
        let board = responder
            .answer(async {
                match component.data.custom_id.parse::<ComponentId>() {
                    Ok(id) => {
                        let done = self.press(&user, place, id, &component.data.kind).await;
                        self.post(&user, place, done).await
                    }
                    Err(_) => Post::private(
                        "This button belongs to an older version of the bot; use `/kiela board`.",
                    ),
                }
            })
            .await;
        let Some(board) = board else {
            return;
        };
        replace_board(&self.service, &ctx.http, component.channel_id, board).await;
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
    ) -> Result<Post, AppError> {
        let service = &self.service;
        let reply = match id {
            ComponentId::Accept { challenge } => service.accept(user, Some(challenge)).await?,
            ComponentId::Decline { challenge } => service.say_no(user, challenge).await?,
            ComponentId::Move { game, ply } => {
                let hole = match kind {
                    ComponentInteractionDataKind::StringSelect { values } => values.first(),
                    _ => None,
                };
                let Some(hole) = hole else {
                    return Ok(Post::private("Choose a hole in the menu."));
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
                    text: format!("Resign game #{game}? You lose the game; this cannot be undone."),
                    rows: components::confirm_resign_row(game),
                    ephemeral: true,
                    ..Post::default()
                });
            }
            ComponentId::ConfirmResign { game } => service.resign(user, place, Some(game)).await?,
            ComponentId::Watch { game, ply } => service.watch(game, ply).await?,
        };
        Ok(Post::of(reply))
    }

    /// The post for the outcome of an action. Refusals are private; a stale
    /// board's refusal comes with the current board.
    async fn post(&self, user: &User, place: Place, done: Result<Post, AppError>) -> Post {
        match done {
            Ok(post) => post,
            Err(AppError::OutOfDate { game_id }) => {
                let refusal = capitalised(&AppError::OutOfDate { game_id }.to_string());
                match self.service.show(user, place, Some(game_id)).await {
                    Ok(reply) => Post {
                        text: format!("{refusal}.\n{}", reply.text),
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

    fn failure(&self, error: AppError) -> Post {
        match error {
            AppError::Store(_) | AppError::Internal(_) => {
                error!("an action failed: {error}");
                Post::private(
                    "Sorry, something went wrong on our side and the action may not have been \
                     saved. Look at the board with `/kiela board` and try again in a moment.",
                )
            }
            refusal => Post::private(capitalised(&refusal.to_string()) + "."),
        }
    }

    async fn on_autocomplete(&self, ctx: &Context, command: &CommandInteraction) {
        let user = user_of(&command.user, nick(command.member.as_deref()));
        let place = place_of(command.guild_id, command.channel_id);
        let responder = Responder::new(ctx.http.clone(), command.id, &command.token, user.id);
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
                            format!("{hole} ({stones} stones)"),
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
                .game_choices(&user, typing.subcommand == "history")
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
