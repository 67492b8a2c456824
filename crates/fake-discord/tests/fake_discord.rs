//! Self-tests of the fake Discord in `tests/support`: the real serenity
//! client must understand everything it sends, and it must catch bad calls.

use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::time::Duration;

use fake_discord::{
    opts, FakeDiscord, FakeUser, Fault, Interaction as Dispatched, APPLICATION_ID, CALLBACK_WINDOW,
    CHANNEL_ID, GUILD_ID, TOKEN_LIFETIME,
};
use serde_json::{json, Value};
use serenity::all::{
    ClientBuilder, CommandDataOptionValue, CommandInteraction, CommandOptionType,
    ComponentInteraction, ComponentInteractionDataKind, Context, CreateActionRow, CreateAttachment,
    CreateAutocompleteResponse, CreateButton, CreateCommand, CreateCommandOption,
    CreateInteractionResponse, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
    CreateMessage, CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption,
    EditInteractionResponse, Event, EventHandler, GatewayEvent, GatewayIntents, GuildId,
    HttpBuilder, Interaction, Ready, ShardManager,
};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// Not a real PNG, but its signature and some bytes to compare.
const PNG: &[u8] = b"\x89PNG\r\n\x1a\nfake board";

/// A tiny bot: registers `/kiela` on READY and answers like the real one will.
struct TestBot;

#[serenity::async_trait]
impl EventHandler for TestBot {
    async fn ready(&self, ctx: Context, _: Ready) {
        let option = CreateCommandOption::new;
        let kiela = CreateCommand::new("kiela")
            .description("Play Kiela")
            .add_option(
                option(
                    CommandOptionType::SubCommand,
                    "challenge",
                    "Challenge someone",
                )
                .add_sub_option(
                    option(CommandOptionType::User, "opponent", "Who to play").required(true),
                ),
            )
            .add_option(
                option(CommandOptionType::SubCommand, "move", "Play a move").add_sub_option(
                    option(CommandOptionType::String, "hole", "The hole to sow")
                        .required(true)
                        .set_autocomplete(true),
                ),
            )
            .add_option(option(
                CommandOptionType::SubCommand,
                "rules",
                "How to play",
            ));
        GuildId::new(GUILD_ID)
            .set_commands(&ctx.http, vec![kiela])
            .await
            .expect("registering the commands failed");
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        let answer = match &interaction {
            Interaction::Command(command) => answer_command(&ctx, command).await,
            Interaction::Autocomplete(autocomplete)
                if autocomplete.data.options[0].name == "silent" =>
            {
                Ok(())
            }
            Interaction::Autocomplete(autocomplete) => {
                let choices = CreateAutocompleteResponse::new().add_string_choice("c2", "c2");
                let response = CreateInteractionResponse::Autocomplete(choices);
                autocomplete.create_response(&ctx.http, response).await
            }
            Interaction::Component(component) => answer_component(&ctx, component).await,
            _ => Ok(()),
        };
        // A panic here would only kill serenity's task; the test then times out.
        if let Err(e) = answer {
            eprintln!("the test bot failed to answer: {e}");
        }
    }
}

async fn answer_command(ctx: &Context, command: &CommandInteraction) -> serenity::Result<()> {
    let subcommand = &command.data.options[0];
    let CommandDataOptionValue::SubCommand(options) = &subcommand.value else {
        panic!("not a subcommand: {subcommand:?}");
    };
    let message = CreateInteractionResponseMessage::new;
    match subcommand.name.as_str() {
        "challenge" => {
            let opponent = options[0].value.as_user_id().unwrap();
            let name = &command.data.resolved.users[&opponent].name;
            let board = CreateAttachment::bytes(PNG, "board.png").description("An empty board");
            let hole = |h: &str| CreateSelectMenuOption::new(h, h);
            let holes = CreateSelectMenuKind::String {
                options: vec![hole("c1"), hole("c2")],
            };
            let reply = message()
                .content(format!(
                    "<@{opponent}>, {} challenges you",
                    command.user.name
                ))
                .add_file(board)
                .components(vec![
                    CreateActionRow::Buttons(vec![CreateButton::new("accept:1").label("Accept")]),
                    CreateActionRow::SelectMenu(CreateSelectMenu::new("hole:1", holes)),
                ]);
            let response = CreateInteractionResponse::Message(reply);
            command.create_response(&ctx.http, response).await?;
            let secret = CreateInteractionResponseFollowup::new()
                .content("Only you see this")
                .ephemeral(true);
            command.create_followup(&ctx.http, secret).await?;
            let dm = opponent.create_dm_channel(&ctx.http).await?;
            let note = CreateMessage::new().content(format!("{name}, you were challenged"));
            dm.send_message(&ctx.http, note).await?;
        }
        // Left unanswered, for the test to answer by hand.
        "silent" => {}
        "move" => {
            command.defer(&ctx.http).await?;
            let hole = options[0].value.as_str().unwrap();
            let edit = EditInteractionResponse::new().content(format!("Played {hole}"));
            command.edit_response(&ctx.http, edit).await?;
        }
        _ => {
            let reply = message().content("The rules of Kiela").ephemeral(true);
            let response = CreateInteractionResponse::Message(reply);
            command.create_response(&ctx.http, response).await?;
        }
    }
    Ok(())
}

async fn answer_component(ctx: &Context, component: &ComponentInteraction) -> serenity::Result<()> {
    let reply = match &component.data.kind {
        ComponentInteractionDataKind::StringSelect { values } => {
            CreateInteractionResponse::Message(
                CreateInteractionResponseMessage::new()
                    .content(format!("You picked {}", values.join(",")))
                    .ephemeral(true),
            )
        }
        _ => CreateInteractionResponse::UpdateMessage(
            CreateInteractionResponseMessage::new()
                .content(format!("Accepted (message {})", component.message.id))
                .components(vec![]),
        ),
    };
    component.create_response(&ctx.http, reply).await
}

/// Starts the test bot against the fake, like the real bot with KIELA_DISCORD_PROXY.
async fn start_bot(fake: &FakeDiscord) -> Arc<ShardManager> {
    let http = HttpBuilder::new("fake-token")
        .proxy(fake.url())
        .ratelimiter_disabled(true)
        .build();
    let mut client = ClientBuilder::new_with_http(http, GatewayIntents::GUILDS)
        .event_handler(TestBot)
        .await
        .expect("cannot build the serenity client");
    let shards = Arc::clone(&client.shard_manager);
    tokio::spawn(async move { client.start().await });
    shards
}

/// A raw HTTP/1.1 request, to make calls serenity would never make.
async fn raw_request(fake: &FakeDiscord, method: &str, path: &str, body: &str) -> (u16, String) {
    let (status, _, body) = raw_response(fake, method, path, body).await;
    (status, body)
}

/// A raw request's status, headers (names in lower case) and body.
async fn raw_response(
    fake: &FakeDiscord,
    method: &str,
    path: &str,
    body: &str,
) -> (u16, Vec<(String, String)>, String) {
    let host = fake.url().trim_start_matches("http://").to_owned();
    let mut stream = tokio::net::TcpStream::connect(&host).await.unwrap();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).await.unwrap();
    let status = response.split(' ').nth(1).unwrap().parse().unwrap();
    let (head, body) = response.split_once("\r\n\r\n").unwrap();
    let headers = head
        .lines()
        .skip(1)
        .filter_map(|line| line.split_once(':'))
        .map(|(name, value)| (name.to_lowercase(), value.trim().to_owned()))
        .collect();
    (status, headers, body.to_owned())
}

fn check_calls_panic(fake: &FakeDiscord) -> String {
    let panic = std::panic::catch_unwind(AssertUnwindSafe(|| fake.check_calls()))
        .expect_err("check_calls accepted bad calls");
    panic.downcast_ref::<String>().cloned().unwrap_or_default()
}

/// What kind of frame serenity made of it.
fn describe(event: &GatewayEvent) -> &'static str {
    let GatewayEvent::Dispatch(_, event) = event else {
        return match event {
            GatewayEvent::Hello(_) => "HELLO",
            GatewayEvent::HeartbeatAck => "HEARTBEAT_ACK",
            GatewayEvent::InvalidateSession(false) => "INVALID_SESSION",
            _ => "another op",
        };
    };
    let interaction = match event {
        Event::Ready(_) => return "READY",
        Event::GuildCreate(_) => return "GUILD_CREATE",
        Event::Resumed(_) => return "RESUMED",
        Event::InteractionCreate(create) => &create.interaction,
        // serenity's fallback when it cannot parse a known event: the bot would never see it.
        Event::Unknown(unknown) => panic!("serenity could not parse a {} dispatch", unknown.kind),
        _ => return "another dispatch",
    };
    match interaction {
        Interaction::Command(c) if c.guild_id.is_none() => "command in a DM",
        Interaction::Command(c) => {
            let resolved = &c.data.resolved;
            let member = c.member.as_ref().is_some_and(|m| m.user.id == c.user.id);
            match (member, resolved.users.len(), resolved.members.len()) {
                (true, 0, 0) => "command",
                (true, 1, 1) => "command with a user",
                _ => "command with a broken user or member",
            }
        }
        Interaction::Autocomplete(a) => match a.data.autocomplete() {
            Some(focused) if focused.name == "hole" => "autocomplete",
            _ => "autocomplete without focus",
        },
        Interaction::Component(c) => match &c.data.kind {
            ComponentInteractionDataKind::Button if c.message.components.len() == 2 => "button",
            ComponentInteractionDataKind::StringSelect { values } if values == &["c2"] => "select",
            _ => "another component",
        },
        _ => "another interaction",
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serenity_parses_every_gateway_frame() {
    let fake = FakeDiscord::start().await;
    let _bot = start_bot(&fake).await;
    fake.wait_ready().await;
    let (alice, bob) = (FakeUser::new(11, "alice"), FakeUser::new(12, "bob"));
    fake.add_user(&bob);

    let user_option = json!([{"name": "opponent", "type": 6, "value": bob.id.to_string()}]);
    let challenge = fake
        .slash(&alice, CHANNEL_ID, "challenge", user_option)
        .await;
    let board = challenge.original().await;
    let hole = json!([{"name": "hole", "type": 3, "value": "c", "focused": true}]);
    fake.autocomplete(&alice, CHANNEL_ID, "move", hole)
        .await
        .response()
        .await;
    let hole = json!([{"name": "hole", "type": 3, "value": "c2"}]);
    fake.slash(&alice, CHANNEL_ID, "move", hole)
        .await
        .response()
        .await;
    fake.select(&bob, board.id, "hole:1", &["c2"])
        .await
        .response()
        .await;
    fake.click(&bob, board.id, "accept:1")
        .await
        .response()
        .await;
    let dm = fake.dm_channel(&alice);
    fake.slash(&alice, dm, "rules", json!([]))
        .await
        .response()
        .await;
    // The client resumes its session: no second READY.
    fake.disconnect_all().await;
    fake.wait_ready().await;
    fake.wait_until("a heartbeat answered", || {
        fake.frames().iter().any(|f| f["op"] == 11)
    })
    .await;

    let frames = fake.frames();
    let seen: Vec<&str> = frames
        .iter()
        .map(|frame| {
            let event = serde_json::from_value::<GatewayEvent>(frame.clone());
            describe(&event.unwrap_or_else(|e| panic!("serenity cannot parse {frame}: {e}")))
        })
        .collect();
    assert_eq!(seen[..3], ["HELLO", "READY", "GUILD_CREATE"]);
    for expected in [
        "command with a user",
        "autocomplete",
        "command",
        "select",
        "button",
        "command in a DM",
        "RESUMED",
        "HEARTBEAT_ACK",
    ] {
        assert!(seen.contains(&expected), "no {expected} in {seen:?}");
    }
    assert_eq!(
        seen.iter().filter(|&&s| s == "READY").count(),
        1,
        "{seen:?}"
    );
    fake.check_calls();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_serenity_bot_plays_through_the_fake() {
    let fake = FakeDiscord::start().await;
    let _bot = start_bot(&fake).await;
    fake.wait_ready().await;
    assert_eq!(fake.shards(), [(0, 1)]);
    let (alice, bob) = (FakeUser::new(21, "alice"), FakeUser::new(22, "bob"));
    fake.add_user(&bob);

    // The bot registers its commands once READY arrives.
    let commands = fake.wait_for_commands(Some(GUILD_ID)).await;
    assert_eq!(commands[0]["name"], "kiela");
    assert_eq!(commands[0]["options"].as_array().unwrap().len(), 3);
    assert!(fake.commands(None).await.is_empty());

    // A new message with a file, a button and a select menu.
    let user_option = json!([{"name": "opponent", "type": 6, "value": bob.id}]);
    let challenge = fake
        .slash(&alice, CHANNEL_ID, "challenge", user_option)
        .await;
    let response = challenge.response().await;
    assert_eq!((response.kind, response.ephemeral), (4, false));
    let board = challenge.original().await;
    assert_eq!(board.content, "<@22>, alice challenges you");
    assert_eq!(board.mentions(), [bob.id]);
    assert_eq!(board.custom_ids(), ["accept:1", "hole:1"]);
    assert_eq!(board.select_options("hole:1"), ["c1", "c2"]);
    assert_eq!(board.attachments.len(), 1);
    let file = &board.attachments[0];
    assert_eq!(
        (file.filename.as_str(), &file.bytes[..]),
        ("board.png", PNG)
    );
    assert_eq!(file.description.as_deref(), Some("An empty board"));
    assert_eq!(response.files, board.attachments);

    // An ephemeral follow-up, and a DM to the opponent.
    let secret = fake
        .wait_for_message("the follow-up", |m| m.content == "Only you see this")
        .await;
    assert!(secret.ephemeral);
    assert_eq!(challenge.followups().len(), 1);
    let note = fake
        .wait_for_message("the DM", |m| m.content == "bob, you were challenged")
        .await;
    assert_eq!(note.channel_id, fake.dm_channel(&bob));
    assert_eq!(
        fake.messages(CHANNEL_ID).len(),
        1,
        "ephemeral messages are not listed"
    );

    // A select menu answered with an ephemeral message.
    let pick = fake.select(&bob, board.id, "hole:1", &["c2"]).await;
    let picked = pick.original().await;
    assert_eq!(
        (picked.content.as_str(), picked.ephemeral),
        ("You picked c2", true)
    );

    // A button answered by updating its message: serenity sends `attachments: []`, which
    // makes Discord drop the file.
    let accept = fake.click(&bob, board.id, "accept:1").await;
    assert_eq!(accept.response().await.kind, 7);
    let accepted = accept.original().await;
    assert_eq!(accepted.id, board.id);
    assert_eq!(accepted.content, format!("Accepted (message {})", board.id));
    assert!(accepted.custom_ids().is_empty());
    assert!(accepted.attachments.is_empty());
    assert_eq!(accepted.edits, 1);

    // A deferred answer filled in later, and autocomplete.
    let hole = json!([{"name": "hole", "type": 3, "value": "c2"}]);
    let played = fake.slash(&alice, CHANNEL_ID, "move", hole).await;
    assert_eq!(played.response().await.kind, 5);
    let played = played.wait_original(|m| m.content == "Played c2").await;
    assert_eq!(played.edits, 1);
    let hole = json!([{"name": "hole", "type": 3, "value": "c", "focused": true}]);
    let choices = fake.autocomplete(&alice, CHANNEL_ID, "move", hole).await;
    let choices = choices.response().await;
    assert_eq!(
        (choices.kind, &choices.data["choices"][0]["value"]),
        (8, &json!("c2"))
    );

    fake.check_calls();

    // Answering twice fails like on Discord, and check_calls reports it.
    let callback = format!(
        "/api/v10/interactions/{}/{}/callback",
        challenge.id, challenge.token
    );
    let (status, body) = raw_request(&fake, "POST", &callback, r#"{"type":6}"#).await;
    assert_eq!(status, 400);
    assert!(body.contains("40060"), "{body}");
    assert!(check_calls_panic(&fake).contains("40060"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn check_calls_catches_bad_bodies_and_unknown_routes() {
    let fake = FakeDiscord::start().await;
    let messages = format!("/api/v10/channels/{CHANNEL_ID}/messages");
    let (status, _) = raw_request(&fake, "POST", &messages, r#"{"content":"fine"}"#).await;
    assert_eq!(status, 200);
    fake.check_calls();

    raw_request(&fake, "POST", &messages, r#"{"content":5}"#).await;
    let (status, _) = raw_request(&fake, "GET", "/api/v10/guilds/1/bans", "").await;
    assert_eq!(status, 404);
    let report = check_calls_panic(&fake);
    assert!(report.contains("2 of 3 REST calls are wrong"), "{report}");
    assert!(
        report.contains(&format!("POST /channels/{CHANNEL_ID}/messages")),
        "{report}"
    );
    assert!(report.contains("/content"), "{report}");
    assert!(
        report.contains("GET /guilds/1/bans: the fake does not know this route"),
        "{report}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_bot_connects_again() {
    let fake = FakeDiscord::start().await;
    let first = start_bot(&fake).await;
    fake.wait_ready().await;
    first.shutdown_all().await;
    let alice = FakeUser::new(31, "alice");
    fake.wait_until("the first bot to disconnect", || fake.shards().is_empty())
        .await;

    let _second = start_bot(&fake).await;
    fake.wait_ready().await;
    assert_eq!(fake.shards(), [(0, 1)]);
    let rules = fake.slash(&alice, CHANNEL_ID, "rules", json!([])).await;
    let rules = rules.original().await;
    assert_eq!(
        (rules.content.as_str(), rules.ephemeral),
        ("The rules of Kiela", true)
    );
    fake.check_calls();
}

#[test]
fn options_are_built_as_discord_sends_them() {
    let bob = FakeUser::new(22, "bob");
    let built: Value = opts()
        .user("opponent", &bob)
        .int("days", 3)
        .string("variant", "expert")
        .bool("anywhere", true)
        .channel("games-channel", 5)
        .and(opts().typing("hole", 3, "c"))
        .into();
    assert_eq!(
        built,
        json!([
            {"name": "opponent", "type": 6, "value": "22"},
            {"name": "days", "type": 4, "value": 3},
            {"name": "variant", "type": 3, "value": "expert"},
            {"name": "anywhere", "type": 5, "value": true},
            {"name": "games-channel", "type": 7, "value": "5"},
            {"name": "hole", "type": 3, "value": "c", "focused": true},
        ])
    );
}

// --- As strict as Discord ---------------------------------------------------

fn callback_path(interaction: &Dispatched) -> String {
    format!(
        "/api/v10/interactions/{}/{}/callback",
        interaction.id, interaction.token
    )
}

/// The interaction's webhook, or one of its messages (`@original`, an id).
fn webhook_path(interaction: &Dispatched, message: Option<&str>) -> String {
    let base = format!("/api/v10/webhooks/{APPLICATION_ID}/{}", interaction.token);
    match message {
        Some(message) => format!("{base}/messages/{message}"),
        None => base,
    }
}

fn json_body(body: &str) -> Value {
    serde_json::from_str(body).unwrap_or_else(|_| panic!("not JSON: {body}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn late_callbacks_and_expired_tokens_are_refused() {
    let fake = FakeDiscord::start().await;
    let _bot = start_bot(&fake).await;
    fake.wait_ready().await;
    let alice = FakeUser::new(41, "alice");
    let answer = r#"{"type":4,"data":{"content":"an answer"}}"#;

    // Three seconds after the dispatch Discord has forgotten the
    // interaction. Its age is the real time since the dispatch plus what
    // the test adds: aged by the test, not waited for (a wait would test
    // only the real clock).
    let aged = fake.slash(&alice, CHANNEL_ID, "silent", json!([])).await;
    aged.age(CALLBACK_WINDOW);
    let (status, body) = raw_request(&fake, "POST", &callback_path(&aged), answer).await;
    assert_eq!(
        (status, json_body(&body)["code"].as_u64()),
        (404, Some(10062))
    );

    // Answered in time, its token works for 15 minutes.
    let fresh = fake.slash(&alice, CHANNEL_ID, "silent", json!([])).await;
    let (status, _) = raw_request(&fake, "POST", &callback_path(&fresh), answer).await;
    assert_eq!(status, 204);
    let original = webhook_path(&fresh, Some("@original"));
    let followup = r#"{"content":"a follow-up"}"#;
    fresh.age(TOKEN_LIFETIME - Duration::from_secs(60));
    assert_eq!(raw_request(&fake, "GET", &original, "").await.0, 200);
    let (status, body) = raw_request(&fake, "POST", &webhook_path(&fresh, None), followup).await;
    assert_eq!(status, 200, "{body}");
    let followup_id = json_body(&body)["id"].as_str().unwrap().to_owned();
    let edit = r#"{"content":"edited"}"#;
    assert_eq!(raw_request(&fake, "PATCH", &original, edit).await.0, 200);

    // Then every use of the token is refused.
    fresh.age(Duration::from_secs(61));
    for (method, path, body) in [
        ("GET", original.clone(), ""),
        ("PATCH", original.clone(), edit),
        ("DELETE", webhook_path(&fresh, Some(&followup_id)), ""),
        ("POST", webhook_path(&fresh, None), followup),
    ] {
        let (status, body) = raw_request(&fake, method, &path, body).await;
        let code = json_body(&body)["code"].as_u64();
        assert_eq!((status, code), (404, Some(10015)), "{method} {path}");
    }
    assert_eq!(fresh.followups().len(), 1, "the follow-up is still there");
    let report = check_calls_panic(&fake);
    assert!(report.contains("5 of"), "{report}");
    assert!(
        report.contains("10062") && report.contains("10015"),
        "{report}"
    );
}

fn row(components: Vec<Value>) -> Value {
    json!({"type": 1, "components": components})
}

fn button(id: &str) -> Value {
    json!({"type": 2, "style": 1, "label": "Press", "custom_id": id})
}

fn buttons(count: usize) -> Vec<Value> {
    (0..count).map(|i| button(&format!("b{i}"))).collect()
}

fn select(id: &str, options: usize) -> Value {
    let options: Vec<Value> = (0..options)
        .map(|i| json!({"label": format!("o{i}"), "value": format!("o{i}")}))
        .collect();
    json!({"type": 3, "custom_id": id, "options": options})
}

/// Messages Discord refuses with 400, 50035 Invalid Form Body, and the
/// field its error names.
fn over_the_limits() -> Vec<(&'static str, Value, &'static str)> {
    vec![
        (
            "2,001 characters",
            json!({"content": "x".repeat(2001)}),
            "content",
        ),
        (
            "six rows",
            json!({"content": "x", "components": vec![row(vec![button("b")]); 6]}),
            "components",
        ),
        (
            "26 options",
            json!({"content": "x", "components": [row(vec![select("s", 26)])]}),
            "options",
        ),
        (
            "a select and a button in one row",
            json!({"content": "x", "components": [row(vec![select("s", 2), button("b")])]}),
            "components",
        ),
        (
            "two selects in one row",
            json!({"content": "x", "components": [row(vec![select("s", 2), select("t", 2)])]}),
            "components",
        ),
        (
            "six buttons in one row",
            json!({"content": "x", "components": [row(buttons(6))]}),
            "components",
        ),
        (
            "a custom_id of 101 characters",
            json!({"content": "x", "components": [row(vec![button(&"c".repeat(101))])]}),
            "custom_id",
        ),
    ]
}

/// As much as Discord takes: 2,000 characters (of four bytes each), five
/// rows, 25 options, five buttons in a row.
fn at_the_limits() -> Value {
    let mut rows: Vec<Value> = (0..4)
        .map(|r| {
            let ids = (0..5).map(|i| button(&format!("b{r}{i}"))).collect();
            row(ids)
        })
        .collect();
    rows.push(row(vec![select(&"s".repeat(100), 25)]));
    json!({"content": "🎲".repeat(2000), "components": rows})
}

fn assert_invalid_form(what: &str, status: u16, body: &str, field: &str) {
    let error = json_body(body);
    assert_eq!(
        (status, error["code"].as_u64()),
        (400, Some(50035)),
        "{what}: {body}"
    );
    assert!(
        error["errors"]
            .to_string()
            .contains(&format!("\"{field}\"")),
        "{what}: the error does not name {field}: {body}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn messages_past_discords_limits_are_refused_and_at_them_accepted() {
    let fake = FakeDiscord::start().await;
    let _bot = start_bot(&fake).await;
    fake.wait_ready().await;
    let alice = FakeUser::new(51, "alice");
    let messages = format!("/api/v10/channels/{CHANNEL_ID}/messages");

    // New channel messages.
    for (what, payload, field) in over_the_limits() {
        let (status, body) = raw_request(&fake, "POST", &messages, &payload.to_string()).await;
        assert_invalid_form(what, status, &body, field);
    }
    assert!(fake.messages(CHANNEL_ID).is_empty(), "nothing was posted");
    let (status, body) = raw_request(&fake, "POST", &messages, &at_the_limits().to_string()).await;
    assert_eq!(status, 200, "{body}");
    let posted = json_body(&body)["id"].as_str().unwrap().to_owned();

    // Edits of a channel message.
    let message = format!("{messages}/{posted}");
    for (what, payload, field) in over_the_limits() {
        let (status, body) = raw_request(&fake, "PATCH", &message, &payload.to_string()).await;
        assert_invalid_form(what, status, &body, field);
    }
    let shown = &fake.messages(CHANNEL_ID)[0];
    assert_eq!((shown.edits, shown.custom_ids().len()), (0, 21));

    // An interaction response: refused, so the interaction is still open.
    let interaction = fake.slash(&alice, CHANNEL_ID, "silent", json!([])).await;
    for (what, payload, field) in over_the_limits() {
        let callback = json!({"type": 4, "data": payload}).to_string();
        let (status, body) =
            raw_request(&fake, "POST", &callback_path(&interaction), &callback).await;
        assert_invalid_form(what, status, &body, field);
        assert!(body.contains("\"data\""), "{body}");
    }
    let callback = json!({"type": 4, "data": at_the_limits()}).to_string();
    let (status, body) = raw_request(&fake, "POST", &callback_path(&interaction), &callback).await;
    assert_eq!(status, 204, "{body}");

    // Its follow-ups and the edits of its messages.
    let original = webhook_path(&interaction, Some("@original"));
    for (what, payload, field) in over_the_limits() {
        let payload = payload.to_string();
        let (status, body) =
            raw_request(&fake, "POST", &webhook_path(&interaction, None), &payload).await;
        assert_invalid_form(what, status, &body, field);
        let (status, body) = raw_request(&fake, "PATCH", &original, &payload).await;
        assert_invalid_form(what, status, &body, field);
    }
    assert!(interaction.followups().is_empty());
    assert_eq!(interaction.original().await.edits, 0);
    let at_limits = at_the_limits().to_string();
    let (status, body) =
        raw_request(&fake, "POST", &webhook_path(&interaction, None), &at_limits).await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = raw_request(&fake, "PATCH", &original, &at_limits).await;
    assert_eq!(status, 200, "{body}");

    // Autocomplete results: at most 25 choices.
    let hole = json!([{"name": "hole", "type": 3, "value": "c", "focused": true}]);
    let typing = fake.autocomplete(&alice, CHANNEL_ID, "silent", hole).await;
    let choices = |count: usize| {
        let choices: Vec<Value> = (0..count)
            .map(|i| json!({"name": format!("c{i}"), "value": format!("c{i}")}))
            .collect();
        json!({"type": 8, "data": {"choices": choices}}).to_string()
    };
    let (status, body) = raw_request(&fake, "POST", &callback_path(&typing), &choices(26)).await;
    assert_invalid_form("26 choices", status, &body, "choices");
    let (status, body) = raw_request(&fake, "POST", &callback_path(&typing), &choices(25)).await;
    assert_eq!(status, 204, "{body}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rate_limit_comes_with_discords_body_and_headers() {
    let fake = FakeDiscord::start().await;
    let messages = format!("/api/v10/channels/{CHANNEL_ID}/messages");
    fake.fail(Fault {
        method: "POST",
        path: "/messages",
        status: 429,
        code: 0,
        times: 1,
    });
    let before = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs_f64();
    let (status, headers, body) =
        raw_response(&fake, "POST", &messages, r#"{"content":"hi"}"#).await;
    assert_eq!(status, 429);
    let body = json_body(&body);
    let retry_after = body["retry_after"]
        .as_f64()
        .expect("retry_after in seconds");
    assert!(retry_after > 0.0, "{body}");
    assert_eq!(body["global"], false);
    let header = |name: &str| {
        headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
            .unwrap_or_else(|| panic!("no {name} header in {headers:?}"))
    };
    // Retry-After in whole seconds, rounded up.
    assert_eq!(header("retry-after"), retry_after.ceil().to_string());
    assert_eq!(header("x-ratelimit-remaining"), "0");
    assert!(header("x-ratelimit-limit").parse::<u32>().unwrap() > 0);
    let reset_after: f64 = header("x-ratelimit-reset-after").parse().unwrap();
    assert!((reset_after - retry_after).abs() < 1e-9);
    let reset: f64 = header("x-ratelimit-reset").parse().unwrap();
    assert!(reset >= before, "{reset} is before {before}");
    assert!(!header("x-ratelimit-bucket").is_empty());
    assert_eq!(header("x-ratelimit-scope"), "user");
    assert!(headers.iter().all(|(n, _)| n != "x-ratelimit-global"));

    // serenity sees a 429 too, and the next call goes through.
    let http = HttpBuilder::new("fake-token")
        .proxy(fake.url())
        .ratelimiter_disabled(true)
        .build();
    fake.fail(Fault {
        method: "POST",
        path: "/messages",
        status: 429,
        code: 0,
        times: 1,
    });
    let channel = serenity::all::ChannelId::new(CHANNEL_ID);
    let refused = channel.say(&http, "hello").await.expect_err("rate limited");
    let serenity::Error::Http(serenity::http::HttpError::UnsuccessfulRequest(response)) = refused
    else {
        panic!("not an HTTP error: {refused}");
    };
    assert_eq!(response.status_code.as_u16(), 429);
    assert_eq!(channel.say(&http, "hello").await.unwrap().content, "hello");
    fake.check_calls();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn channels_without_permission_and_closed_dms_refuse_new_messages() {
    let fake = FakeDiscord::start().await;
    let _bot = start_bot(&fake).await;
    fake.wait_ready().await;
    let (alice, bob) = (FakeUser::new(61, "alice"), FakeUser::new(62, "bob"));
    let open = 1_100_000_000_000_000_099;
    fake.add_guild_channel(GUILD_ID, open);
    fake.deny_posting(CHANNEL_ID);
    fake.close_dms(&bob);
    let post = |channel: u64| format!("/api/v10/channels/{channel}/messages");
    let hello = r#"{"content":"hello"}"#;

    let (status, body) = raw_request(&fake, "POST", &post(CHANNEL_ID), hello).await;
    assert_eq!(
        (status, json_body(&body)["code"].as_u64()),
        (403, Some(50013))
    );
    assert_eq!(raw_request(&fake, "POST", &post(open), hello).await.0, 200);
    // Answering an interaction needs no permission in the channel.
    let rules = fake.slash(&alice, CHANNEL_ID, "rules", json!([])).await;
    assert_eq!(rules.original().await.content, "The rules of Kiela");

    // Bob's DM channel opens, but takes no message; Alice's does.
    for (user, expected) in [(&bob, (403, Some(50007))), (&alice, (200, None))] {
        fake.add_user(user);
        let open_dm = json!({"recipient_id": user.id.to_string()}).to_string();
        let (status, body) =
            raw_request(&fake, "POST", "/api/v10/users/@me/channels", &open_dm).await;
        assert_eq!(status, 200, "{body}");
        let dm: u64 = json_body(&body)["id"].as_str().unwrap().parse().unwrap();
        let (status, body) = raw_request(&fake, "POST", &post(dm), hello).await;
        assert_eq!(
            (status, json_body(&body)["code"].as_u64()),
            expected,
            "{body}"
        );
    }
    assert_eq!(
        fake.messages(CHANNEL_ID).len(),
        0,
        "only the private answer"
    );
    // The refusals were arranged: they are no fault of the caller.
    fake.check_calls();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_connection_resumes_and_gets_what_it_missed() {
    let fake = FakeDiscord::start().await;
    let _bot = start_bot(&fake).await;
    fake.wait_ready().await;
    let alice = FakeUser::new(71, "alice");
    // The interaction is dispatched while the bot is disconnected.
    fake.hold_gateway(true);
    fake.disconnect_all().await;
    let missed = fake.slash(&alice, CHANNEL_ID, "rules", json!([])).await;
    fake.hold_gateway(false);
    fake.wait_ready().await;
    assert_eq!(missed.original().await.content, "The rules of Kiela");
    let after = fake.slash(&alice, CHANNEL_ID, "rules", json!([])).await;
    assert_eq!(after.original().await.content, "The rules of Kiela");

    let frames = fake.frames();
    let events: Vec<&str> = frames.iter().filter_map(|f| f["t"].as_str()).collect();
    assert_eq!(
        events.iter().filter(|&&e| e == "READY").count(),
        1,
        "resumed, not identified again: {events:?}"
    );
    let position = |pred: &dyn Fn(&Value) -> bool| frames.iter().position(pred);
    let id = missed.id.to_string();
    let sent = frames
        .iter()
        .filter(|f| f["d"]["id"] == id.as_str())
        .count();
    assert_eq!(
        sent, 1,
        "the missed interaction is sent once, on the new socket"
    );
    let replayed = position(&|f| f["d"]["id"] == id.as_str()).unwrap();
    let hellos = frames[..replayed].iter().filter(|f| f["op"] == 10).count();
    assert_eq!(hellos, 2, "sent on the second socket");
    let resumed = position(&|f| f["t"] == "RESUMED").expect("RESUMED");
    assert!(replayed < resumed, "missed dispatches come before RESUMED");
    // Sequence numbers go on from the first socket's.
    let numbers: Vec<u64> = frames.iter().filter_map(|f| f["s"].as_u64()).collect();
    assert!(numbers.windows(2).all(|w| w[0] < w[1]), "{numbers:?}");
    fake.check_calls();
}
