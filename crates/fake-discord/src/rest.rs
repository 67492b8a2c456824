//! The REST API under `/api/v10`: every call is recorded, answered with
//! the full objects Discord returns, or refused with Discord's error codes.

use axum::body::Body;
use axum::extract::{FromRequest, Multipart, Request, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response as HttpResponse};
use serde_json::{json, Value};

use super::{
    mentioned_ids, next_id, objects, Attachment, Call, FakeDiscord, Inner, Response, StoredMessage,
    APPLICATION_ID, CALLBACK_WINDOW, EPHEMERAL, LOADING, TOKEN_LIFETIME,
};

/// Discord's limits on a message (content in characters).
const MAX_CONTENT: usize = 2000;
const MAX_ROWS: usize = 5;
const MAX_BUTTONS_PER_ROW: usize = 5;
const MAX_SELECT_OPTIONS: usize = 25;
const MAX_CUSTOM_ID: usize = 100;
const MAX_CHOICES: usize = 25;
/// How long the fake asks a rate-limited client to wait, in seconds.
const RETRY_AFTER: f64 = 0.05;

/// A file from a multipart request: `files[index]`.
struct Upload {
    index: u64,
    filename: String,
    bytes: Vec<u8>,
}

/// The fake's answer to a call.
struct Reply {
    status: u16,
    body: Option<Value>,
    known_route: bool,
    headers: Vec<(&'static str, String)>,
    /// A refusal the test arranged (see [`Call::arranged`]).
    arranged: bool,
}

fn ok(body: Value) -> Reply {
    Reply {
        status: 200,
        body: Some(body),
        known_route: true,
        headers: Vec::new(),
        arranged: false,
    }
}

fn no_content() -> Reply {
    Reply {
        status: 204,
        body: None,
        ..ok(Value::Null)
    }
}

/// A Discord error: `{"message": ..., "code": ...}`.
fn error(status: u16, code: u32, message: &str) -> Reply {
    Reply {
        status,
        ..ok(json!({"message": message, "code": code}))
    }
}

/// A refusal because of what the test arranged (no permission, closed DMs).
fn arranged(status: u16, code: u32, message: &str) -> Reply {
    Reply {
        arranged: true,
        ..error(status, code, message)
    }
}

/// 404, 10003 Unknown Channel: arranged if the test deleted it.
fn unknown_channel(inner: &Inner, channel: &str) -> Reply {
    match id(channel).is_some_and(|c| inner.deleted_channels.contains(&c)) {
        true => arranged(404, 10003, "Unknown Channel"),
        false => error(404, 10003, "Unknown Channel"),
    }
}

fn unknown_route() -> Reply {
    Reply {
        known_route: false,
        ..error(404, 0, "404: Not Found")
    }
}

pub(super) async fn handle(State(fake): State<FakeDiscord>, request: Request) -> HttpResponse {
    let method = request.method().to_string();
    let full_path = request.uri().path().to_owned();
    let query = request.uri().query().map(str::to_owned);
    let (body, uploads) = read_body(request).await;
    let files = attachments(body.as_ref(), &uploads);
    let api_path = full_path.strip_prefix("/api/v10");
    if api_path.is_some_and(|path| fake.hangs_on(&method, path, false)) {
        // Never served, never answered.
        std::future::pending::<()>().await;
    }
    let fault = api_path.and_then(|path| fake.injected(&method, path));
    let (path, reply, injected) = match (full_path.strip_prefix("/api/v10"), fault) {
        (Some(path), Some(fault)) => (path.to_owned(), fault, true),
        (Some(path), None) => {
            let reply = fake.route(&method, path, query.as_deref(), body.as_ref(), &uploads);
            match fake.failed_after(&method, path, &reply) {
                Some(fault) => (path.to_owned(), fault, true),
                None => (path.to_owned(), reply, false),
            }
        }
        (None, _) => (full_path, unknown_route(), false),
    };
    let hangs = !injected && reply.status < 400 && fake.hangs_on(&method, &path, true);
    fake.lock().calls.push(Call {
        method,
        path,
        query,
        body,
        files,
        status: reply.status,
        error: (reply.status >= 400).then(|| reply.body.clone()).flatten(),
        known_route: reply.known_route,
        injected,
        arranged: reply.arranged,
    });
    if hangs {
        // Served, never answered.
        std::future::pending::<()>().await;
    }
    let status = StatusCode::from_u16(reply.status).unwrap();
    let mut response = match reply.body {
        Some(body) => (
            status,
            [(header::CONTENT_TYPE, "application/json")],
            body.to_string(),
        )
            .into_response(),
        None => (status, Body::empty()).into_response(),
    };
    for (name, value) in reply.headers {
        response
            .headers_mut()
            .insert(name, value.parse().expect("a header value"));
    }
    response
}

/// The JSON body, or a multipart request's `payload_json` and files.
async fn read_body(request: Request) -> (Option<Value>, Vec<Upload>) {
    let multipart = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"));
    if !multipart {
        let bytes = axum::body::to_bytes(request.into_body(), usize::MAX)
            .await
            .unwrap_or_default();
        if bytes.is_empty() {
            return (None, Vec::new());
        }
        let body = serde_json::from_slice(&bytes)
            .unwrap_or_else(|_| json!({"not JSON": String::from_utf8_lossy(&bytes)}));
        return (Some(body), Vec::new());
    }
    let mut form = Multipart::from_request(request, &())
        .await
        .expect("a multipart request");
    let (mut body, mut uploads) = (None, Vec::new());
    while let Ok(Some(field)) = form.next_field().await {
        let name = field.name().unwrap_or_default().to_owned();
        let filename = field.file_name().unwrap_or_default().to_owned();
        let bytes = field.bytes().await.unwrap_or_default().to_vec();
        if name == "payload_json" {
            body = serde_json::from_slice(&bytes).ok();
        } else if let Some(index) = name
            .strip_prefix("files[")
            .and_then(|n| n.strip_suffix(']'))
        {
            let index = index.parse().unwrap_or(u64::MAX);
            uploads.push(Upload {
                index,
                filename,
                bytes,
            });
        }
    }
    (body, uploads)
}

/// The uploads with the descriptions the payload gives their placeholder ids.
fn attachments(body: Option<&Value>, uploads: &[Upload]) -> Vec<Attachment> {
    let payload = body.map(|b| if b["data"].is_object() { &b["data"] } else { b });
    uploads
        .iter()
        .map(|upload| Attachment {
            filename: upload.filename.clone(),
            description: payload
                .and_then(|p| placeholder(p, upload.index))
                .and_then(|a| a["description"].as_str())
                .map(str::to_owned),
            bytes: upload.bytes.clone(),
        })
        .collect()
}

/// The entry of `payload.attachments` with this placeholder id (integer or string).
fn placeholder(payload: &Value, index: u64) -> Option<&Value> {
    payload["attachments"].as_array()?.iter().find(|a| {
        let id = &a["id"];
        id.as_u64().or_else(|| id.as_str()?.parse().ok()) == Some(index)
    })
}

/// A path's segments: `/a/b` is `["a", "b"]`.
fn segments(path: &str) -> Vec<&str> {
    path.trim_start_matches('/').split('/').collect()
}

fn id(segment: &str) -> Option<u64> {
    segment.parse().ok().filter(|&id| id != 0)
}

impl FakeDiscord {
    /// The error of the first fault that matches this call, if any.
    fn injected(&self, method: &str, path: &str) -> Option<Reply> {
        let mut inner = self.lock();
        let fault = inner
            .faults
            .iter_mut()
            .find(|f| f.times > 0 && f.method == method && path.contains(f.path))?;
        fault.times -= 1;
        let (status, code, fault_path) = (fault.status, fault.code, fault.path);
        inner.callback_not_served(path);
        Some(match status {
            429 => rate_limited(method, fault_path, code),
            _ => error(status, code, "injected by the test"),
        })
    }

    /// Whether this call is one to leave unanswered, `served` first or not
    /// (see [`FakeDiscord::hang_after_doing`]); it is counted as hung.
    fn hangs_on(&self, method: &str, path: &str, served: bool) -> bool {
        let mut inner = self.lock();
        let hang = |&(m, p, s): &(&str, &str, bool)| m == method && path.contains(p) && s == served;
        let Some(at) = inner.hangs.iter().position(hang) else {
            return false;
        };
        inner.hangs.remove(at);
        inner.hung += 1;
        if !served {
            inner.callback_not_served(path);
        }
        true
    }

    /// The error of the first fault to answer with after serving (see
    /// [`FakeDiscord::fail_after_doing`]) that matches this call, served
    /// with `reply`.
    fn failed_after(&self, method: &str, path: &str, reply: &Reply) -> Option<Reply> {
        let mut inner = self.lock();
        let fault = inner
            .faults_after
            .iter_mut()
            .filter(|_| reply.status < 400)
            .find(|f| f.times > 0 && f.method == method && path.contains(f.path))?;
        fault.times -= 1;
        Some(error(
            fault.status,
            fault.code,
            "injected by the test, after doing it",
        ))
    }

    fn route(
        &self,
        method: &str,
        path: &str,
        query: Option<&str>,
        body: Option<&Value>,
        uploads: &[Upload],
    ) -> Reply {
        let segments = segments(path);
        let app = APPLICATION_ID.to_string();
        let body = body.unwrap_or(&Value::Null);
        match (method, segments.as_slice()) {
            ("GET", ["gateway"]) => ok(json!({"url": self.gateway_url()})),
            ("GET", ["gateway", "bot"]) => ok(json!({
                "url": self.gateway_url(),
                "shards": 1,
                "session_start_limit": {
                    "total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1,
                },
            })),
            ("GET", ["users", "@me"]) => ok(objects::current_user(&self.bot_user())),
            ("GET", ["oauth2", "applications", "@me"]) => {
                ok(objects::application(&self.bot_user()))
            }
            (_, ["applications", a, "commands"]) if *a == app => {
                self.commands_route(method, None, body)
            }
            (_, ["applications", a, "guilds", guild, "commands"]) if *a == app => match id(guild) {
                Some(guild) => self.commands_route(method, Some(guild), body),
                None => error(404, 10004, "Unknown Guild"),
            },
            ("POST", ["interactions", interaction, token, "callback"]) => {
                self.callback(interaction, token, body, uploads)
            }
            ("POST", ["webhooks", a, token]) if *a == app => self.followup(token, body, uploads),
            (_, ["webhooks", a, token, "messages", message]) if *a == app => {
                self.webhook_message(method, token, message, body, uploads)
            }
            ("POST", ["users", "@me", "channels"]) => self.create_dm(body),
            ("GET", ["guilds", guild, "members", user]) => self.guild_member(guild, user),
            ("POST", ["channels", channel, "messages"]) => {
                self.channel_message(method, channel, None, body, uploads)
            }
            ("GET", ["channels", channel, "messages"]) => self.channel_messages(channel, query),
            ("POST", ["channels", channel, "messages", message, "threads"]) => {
                self.open_thread(channel, message, body)
            }
            ("GET" | "PATCH" | "DELETE", ["channels", channel, "messages", message]) => {
                self.channel_message(method, channel, Some(message), body, uploads)
            }
            _ => unknown_route(),
        }
    }

    /// `PUT` (bulk overwrite), `POST` (create or replace by name) and `GET`.
    fn commands_route(&self, method: &str, guild: Option<u64>, body: &Value) -> Reply {
        let mut inner = self.lock();
        let existing = inner.commands.get(&guild).cloned().unwrap_or_default();
        // Discord keeps a command's id when it is overwritten by name.
        let id_of = |payload: &Value| {
            existing
                .iter()
                .find(|c| c["name"] == payload["name"])
                .and_then(|c| c["id"].as_str()?.parse().ok())
                .unwrap_or_else(next_id)
        };
        match method {
            "GET" => ok(Value::Array(existing.clone())),
            "PUT" => {
                let Some(payloads) = body.as_array() else {
                    return error(400, 50035, "Invalid Form Body");
                };
                let commands: Vec<Value> = payloads
                    .iter()
                    .map(|p| objects::command(p, id_of(p), guild))
                    .collect();
                inner.commands.insert(guild, commands.clone());
                ok(Value::Array(commands))
            }
            "POST" => {
                let command = objects::command(body, id_of(body), guild);
                let commands = inner.commands.entry(guild).or_default();
                commands.retain(|c| c["name"] != command["name"]);
                commands.push(command.clone());
                Reply {
                    status: if existing.len() < commands.len() {
                        201
                    } else {
                        200
                    },
                    ..ok(command)
                }
            }
            _ => unknown_route(),
        }
    }

    fn callback(&self, interaction: &str, token: &str, body: &Value, uploads: &[Upload]) -> Reply {
        let mut inner = self.lock();
        let Some(index) = inner
            .interactions
            .iter()
            .position(|i| i.id.to_string() == interaction && i.token == token)
        else {
            return error(404, 10062, "Unknown interaction");
        };
        if inner.interactions[index].response.is_some() {
            return error(400, 40060, "Interaction has already been acknowledged.");
        }
        // Discord forgets an interaction not acknowledged in time.
        if inner.interactions[index].age() > CALLBACK_WINDOW {
            return error(404, 10062, "Unknown interaction");
        }
        let kind = body["type"].as_u64().unwrap_or(0) as u8;
        let data = body["data"].clone();
        let refused = match kind {
            4 | 7 => invalid_form(&data, &["data"]),
            8 => too_many_choices(&data),
            _ => None,
        };
        if let Some(refused) = refused {
            return refused;
        }
        let (interaction_kind, channel, component_message) = {
            let i = &inner.interactions[index];
            (i.kind, i.place.channel_id, i.message_id)
        };
        // Which response types each interaction type accepts.
        let allowed = match interaction_kind {
            2 => [4, 5, 9].contains(&kind),
            3 => [4, 5, 6, 7, 9].contains(&kind),
            4 => kind == 8,
            // A form sent back: answered with a message, not another form.
            5 => [4, 5].contains(&kind),
            _ => false,
        };
        if !allowed {
            return error(400, 50035, "Invalid Form Body (interaction response type)");
        }
        let flags = data["flags"].as_u64().unwrap_or(0);
        let original = match kind {
            4 => Some(inner.post(channel, &data, uploads, true, 0)),
            5 => Some(inner.post(channel, &json!({"flags": flags}), &[], true, LOADING)),
            6 => component_message,
            7 => {
                let message = component_message.unwrap();
                inner.edit(message, &data, uploads);
                Some(message)
            }
            _ => None,
        };
        let interaction = &mut inner.interactions[index];
        interaction.original = original;
        interaction.responded_at = Some(std::time::Instant::now());
        interaction.response = Some(Response {
            kind,
            data,
            files: attachments(Some(body), uploads),
            ephemeral: flags & EPHEMERAL != 0,
        });
        no_content()
    }

    fn followup(&self, token: &str, body: &Value, uploads: &[Upload]) -> Reply {
        let mut inner = self.lock();
        let Some(index) = inner.interactions.iter().position(|i| i.token == token) else {
            return error(404, 10015, "Unknown Webhook");
        };
        let interaction = &inner.interactions[index];
        // Discord creates the interaction's webhook only once it is
        // acknowledged, and drops it when the token expires.
        if interaction.response.is_none() || interaction.age() > TOKEN_LIFETIME {
            return error(404, 10015, "Unknown Webhook");
        }
        if let Some(refused) = empty_message(body, uploads).or_else(|| invalid_form(body, &[])) {
            return refused;
        }
        let channel = inner.interactions[index].place.channel_id;
        let message = inner.post(channel, body, uploads, true, 0);
        inner.interactions[index].followups.push(message);
        ok(inner.message(message).unwrap().raw)
    }

    /// `@original` or a follow-up of an interaction: GET, PATCH, DELETE.
    fn webhook_message(
        &self,
        method: &str,
        token: &str,
        message: &str,
        body: &Value,
        uploads: &[Upload],
    ) -> Reply {
        let mut inner = self.lock();
        let Some(interaction) = inner
            .interactions
            .iter()
            .find(|i| i.token == token)
            .filter(|i| i.age() <= TOKEN_LIFETIME)
        else {
            return error(404, 10015, "Unknown Webhook");
        };
        let message = match message {
            "@original" => interaction.original,
            id => self::id(id).filter(|id| {
                interaction.followups.contains(id) || interaction.original == Some(*id)
            }),
        };
        let Some(message) = message.filter(|&m| inner.message(m).is_some()) else {
            if interaction.callback_failed {
                return arranged(404, 10008, "Unknown Message");
            }
            return error(404, 10008, "Unknown Message");
        };
        match method {
            "GET" => ok(inner.message(message).unwrap().raw),
            "PATCH" => {
                if let Some(refused) = invalid_form(body, &[]) {
                    return refused;
                }
                inner.edit(message, body, uploads);
                ok(inner.message(message).unwrap().raw)
            }
            "DELETE" => {
                inner.messages.retain(|m| m.id() != message);
                no_content()
            }
            _ => unknown_route(),
        }
    }

    /// `POST /channels/{id}/messages/{id}/threads`: a public thread from a
    /// message, with the message's id; one per message (400, 160004).
    fn open_thread(&self, channel: &str, message: &str, body: &Value) -> Reply {
        let mut inner = self.lock();
        let Some(channel) = id(channel).filter(|c| inner.channels.contains(c)) else {
            return unknown_channel(&inner, channel);
        };
        if inner.group_dms.contains_key(&channel) || inner.botless.contains_key(&channel) {
            return error(403, 50001, "Missing Access");
        }
        let found = id(message).filter(|&m| {
            inner
                .message(m)
                .is_some_and(|m| m.channel_id == channel && !m.ephemeral)
        });
        let Some(message) = found else {
            return error(404, 10008, "Unknown Message");
        };
        if !inner.thread_channels.contains(&channel) {
            return arranged(403, 50013, "Missing Permissions");
        }
        if inner.threads.contains_key(&message) {
            return arranged(
                400,
                160004,
                "A thread has already been created for this message",
            );
        }
        let Some(name) = body["name"]
            .as_str()
            .filter(|n| (1..=100).contains(&n.chars().count()))
        else {
            return error(400, 50035, "Invalid Form Body");
        };
        inner.threads.insert(message, (channel, name.to_owned()));
        inner.channels.insert(message);
        ok(objects::thread(message, channel, name))
    }

    fn create_dm(&self, body: &Value) -> Reply {
        let recipient = body["recipient_id"]
            .as_str()
            .and_then(id)
            .or_else(|| body["recipient_id"].as_u64());
        let user = recipient.and_then(|id| self.lock().users.get(&id).cloned());
        let Some(user) = user else {
            return error(404, 10013, "Unknown User");
        };
        let channel = self.dm_channel(&user);
        ok(objects::channel(channel, Some(&user)))
    }

    /// `GET /channels/{c}/messages`: the latest messages (at most `limit`,
    /// 50 by default, 100 at most), or those just `after` or `before` a
    /// message id, newest first, as Discord lists them.
    fn channel_messages(&self, channel: &str, query: Option<&str>) -> Reply {
        let inner = self.lock();
        let Some(channel) = id(channel).filter(|c| inner.channels.contains(c)) else {
            return unknown_channel(&inner, channel);
        };
        if inner.group_dms.contains_key(&channel) || inner.botless.contains_key(&channel) {
            return error(403, 50001, "Missing Access");
        }
        let param = |name: &str| {
            query
                .into_iter()
                .flat_map(|q| q.split('&'))
                .find_map(|pair| pair.strip_prefix(name)?.strip_prefix('='))
                .map(|value| value.parse::<u64>().ok())
        };
        let (Some(limit), Some(after), Some(before)) = (
            param("limit").unwrap_or(Some(50)),
            param("after").unwrap_or(Some(0)),
            param("before").unwrap_or(Some(u64::MAX)),
        ) else {
            return error(400, 50035, "Invalid Form Body");
        };
        if !(1..=100).contains(&limit) {
            return error(400, 50035, "Invalid Form Body");
        }
        let mut listed: Vec<&StoredMessage> = inner
            .messages
            .iter()
            .filter(|m| m.channel() == channel && !m.is_ephemeral())
            .filter(|m| m.id() > after && m.id() < before)
            .collect();
        listed.sort_by_key(|m| m.id());
        // Just after `after`: the oldest ones; otherwise the newest.
        let listed: Vec<&StoredMessage> = if after > 0 {
            listed.into_iter().take(limit as usize).collect()
        } else {
            let skip = listed.len().saturating_sub(limit as usize);
            listed.into_iter().skip(skip).collect()
        };
        ok(Value::Array(
            listed.into_iter().rev().map(|m| m.raw.clone()).collect(),
        ))
    }

    /// `GET /guilds/{g}/members/{u}`: every known user is a member of
    /// every known guild, until they leave it ([`FakeDiscord::remove_member`]).
    fn guild_member(&self, guild: &str, user: &str) -> Reply {
        let inner = self.lock();
        let known_guild =
            |g: u64| g == super::GUILD_ID || inner.other_guilds.values().any(|&o| o == g);
        let Some(guild) = id(guild).filter(|&g| known_guild(g)) else {
            return error(404, 10004, "Unknown Guild");
        };
        let Some(user) = id(user).and_then(|u| inner.users.get(&u)) else {
            return error(404, 10013, "Unknown User");
        };
        if inner.left_members.contains(&(guild, user.id)) {
            return arranged(404, 10007, "Unknown Member");
        }
        ok(objects::member(user))
    }

    /// `POST /channels/{c}/messages` and GET, PATCH, DELETE of one message.
    fn channel_message(
        &self,
        method: &str,
        channel: &str,
        message: Option<&str>,
        body: &Value,
        uploads: &[Upload],
    ) -> Reply {
        let mut inner = self.lock();
        let Some(channel) = id(channel).filter(|c| inner.channels.contains(c)) else {
            return unknown_channel(&inner, channel);
        };
        // The bot is no member there: only interactions' answers appear.
        if inner.group_dms.contains_key(&channel) || inner.botless.contains_key(&channel) {
            return error(403, 50001, "Missing Access");
        }
        let Some(message) = message else {
            if let Some(refused) = empty_message(body, uploads).or_else(|| invalid_form(body, &[]))
            {
                return refused;
            }
            let stranger = inner.dm_channels.iter().any(|(user, &dm)| {
                dm == channel && inner.strangers.contains(user) && !inner.installed.contains(user)
            });
            if stranger {
                return error(403, 50007, "Cannot send messages to this user");
            }
            if inner.denied_channels.contains(&channel) {
                return arranged(403, 50013, "Missing Permissions");
            }
            let closed = inner
                .dm_channels
                .iter()
                .any(|(user, &dm)| dm == channel && inner.closed_dms.contains(user));
            if closed {
                return arranged(403, 50007, "Cannot send messages to this user");
            }
            // The same nonce again within its window: the message it made,
            // not a second one.
            if body["enforce_nonce"] == true && !body["nonce"].is_null() {
                let first = inner.messages.iter().find(|m| {
                    m.raw["channel_id"].as_str() == Some(channel.to_string().as_str())
                        && m.raw["nonce"] == body["nonce"]
                        && m.nonce_remembered()
                });
                if let Some(first) = first {
                    return ok(first.raw.clone());
                }
            }
            let message = inner.post(channel, body, uploads, false, 0);
            if !body["nonce"].is_null() {
                inner.stored(message).raw["nonce"] = body["nonce"].clone();
            }
            return ok(inner.message(message).unwrap().raw);
        };
        // Ephemeral messages exist only for their interaction's webhook.
        let found = id(message).filter(|&m| {
            inner
                .message(m)
                .is_some_and(|m| m.channel_id == channel && !m.ephemeral)
        });
        let Some(message) = found else {
            return error(404, 10008, "Unknown Message");
        };
        match method {
            "GET" => ok(inner.message(message).unwrap().raw),
            "PATCH" => {
                if let Some(refused) = invalid_form(body, &[]) {
                    return refused;
                }
                inner.edit(message, body, uploads);
                ok(inner.message(message).unwrap().raw)
            }
            _ => {
                inner.messages.retain(|m| m.id() != message);
                no_content()
            }
        }
    }
}

/// A 429 as Discord sends it for a route's (not the global) limit: the body
/// with `retry_after` in seconds, and the headers: `Retry-After` in whole
/// seconds (rounded up) and the bucket's `X-RateLimit-*`.
fn rate_limited(method: &str, path: &str, code: u32) -> Reply {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    (method, path).hash(&mut hasher);
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs_f64();
    Reply {
        headers: vec![
            ("retry-after", format!("{}", RETRY_AFTER.ceil() as u64)),
            ("x-ratelimit-limit", "5".to_owned()),
            ("x-ratelimit-remaining", "0".to_owned()),
            ("x-ratelimit-reset", format!("{:.3}", now + RETRY_AFTER)),
            ("x-ratelimit-reset-after", format!("{RETRY_AFTER:.3}")),
            ("x-ratelimit-bucket", format!("{:016x}", hasher.finish())),
            ("x-ratelimit-scope", "user".to_owned()),
        ],
        ..error(429, code, "You are being rate limited.")
    }
    .with(|body| {
        body["retry_after"] = json!(RETRY_AFTER);
        body["global"] = json!(false);
    })
}

impl Reply {
    fn with(mut self, change: impl FnOnce(&mut Value)) -> Reply {
        if let Some(body) = &mut self.body {
            change(body);
        }
        self
    }
}

/// What Discord's form validation refuses in a message (new or edited) or
/// an interaction response's `data`: 400, 50035 Invalid Form Body, with
/// the offending field under `errors` as Discord reports it. `at` is where
/// the message sits in the body (`["data"]` in a callback).
fn invalid_form(payload: &Value, at: &[&str]) -> Option<Reply> {
    let problem = form_problem(payload)?;
    let (path, code, message) = problem;
    let mut errors = json!({"_errors": [{"code": code, "message": message}]});
    let path: Vec<String> = at.iter().map(|k| k.to_string()).chain(path).collect();
    for key in path.into_iter().rev() {
        let mut level = serde_json::Map::new();
        level.insert(key, errors);
        errors = Value::Object(level);
    }
    Some(error(400, 50035, "Invalid Form Body").with(|body| body["errors"] = errors))
}

/// The first field Discord would refuse: its path, error code and message.
fn form_problem(payload: &Value) -> Option<(Vec<String>, &'static str, String)> {
    let at = |parts: &[&dyn ToString]| parts.iter().map(|p| p.to_string()).collect::<Vec<_>>();
    let too_long = |max: usize| format!("Must be {max} or fewer in length.");
    if let Some(content) = payload["content"].as_str() {
        if content.chars().count() > MAX_CONTENT {
            return Some((
                at(&[&"content"]),
                "BASE_TYPE_MAX_LENGTH",
                too_long(MAX_CONTENT),
            ));
        }
    }
    let rows = payload["components"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default();
    if rows.len() > MAX_ROWS {
        return Some((
            at(&[&"components"]),
            "BASE_TYPE_MAX_LENGTH",
            too_long(MAX_ROWS),
        ));
    }
    for (r, row) in rows.iter().enumerate() {
        let components = row["components"]
            .as_array()
            .map(Vec::as_slice)
            .unwrap_or_default();
        let selects = components.iter().filter(|c| is_select(c)).count();
        let buttons = components.iter().filter(|c| c["type"] == 2).count();
        if selects > 0 && components.len() > 1 {
            let why = "A select menu must be alone in its action row.".to_owned();
            return Some((
                at(&[&"components", &r, &"components"]),
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                why,
            ));
        }
        if buttons > MAX_BUTTONS_PER_ROW {
            return Some((
                at(&[&"components", &r, &"components"]),
                "BASE_TYPE_MAX_LENGTH",
                too_long(MAX_BUTTONS_PER_ROW),
            ));
        }
        for (c, component) in components.iter().enumerate() {
            let field = |name: &str| at(&[&"components", &r, &"components", &c, &name]);
            let custom_id = component["custom_id"].as_str().unwrap_or_default();
            if custom_id.chars().count() > MAX_CUSTOM_ID {
                return Some((
                    field("custom_id"),
                    "BASE_TYPE_MAX_LENGTH",
                    too_long(MAX_CUSTOM_ID),
                ));
            }
            if component["type"] == 3 {
                let options = component["options"].as_array().map_or(0, Vec::len);
                if options > MAX_SELECT_OPTIONS {
                    return Some((
                        field("options"),
                        "BASE_TYPE_MAX_LENGTH",
                        too_long(MAX_SELECT_OPTIONS),
                    ));
                }
                if options == 0 {
                    let why = "Must be 1 or more in length.".to_owned();
                    return Some((field("options"), "BASE_TYPE_MIN_LENGTH", why));
                }
            }
        }
    }
    None
}

/// An autocomplete result offers at most 25 choices.
fn too_many_choices(data: &Value) -> Option<Reply> {
    let choices = data["choices"].as_array().map_or(0, Vec::len);
    (choices > MAX_CHOICES).then(|| {
        let why = format!("Must be {MAX_CHOICES} or fewer in length.");
        let errors = json!({"data": {"choices": {"_errors": [
            {"code": "BASE_TYPE_MAX_LENGTH", "message": why}
        ]}}});
        error(400, 50035, "Invalid Form Body").with(|body| body["errors"] = errors)
    })
}

/// String, user, role, mentionable and channel selects.
fn is_select(component: &Value) -> bool {
    component["type"]
        .as_u64()
        .is_some_and(|t| (3..=8).contains(&t) && t != 4)
}

/// Discord refuses a new message with nothing to show.
fn empty_message(body: &Value, uploads: &[Upload]) -> Option<Reply> {
    let has = |key: &str| match &body[key] {
        Value::String(s) => !s.is_empty(),
        Value::Array(a) => !a.is_empty(),
        value => !value.is_null(),
    };
    let empty = uploads.is_empty()
        && !["content", "embeds", "components", "sticker_ids", "poll"]
            .iter()
            .any(|key| has(key));
    empty.then(|| error(400, 50006, "Cannot send an empty message"))
}

impl Inner {
    /// If `path` is an interaction's callback, it was not served: reading
    /// its answer back gets an arranged 404.
    fn callback_not_served(&mut self, path: &str) {
        if let ["interactions", id, _, "callback"] = segments(path).as_slice() {
            let id = self::id(id);
            for interaction in self.interactions.iter_mut().filter(|i| Some(i.id) == id) {
                interaction.callback_failed = true;
            }
        }
    }

    /// Stores a new message by the bot; returns its id.
    fn post(
        &mut self,
        channel: u64,
        payload: &Value,
        uploads: &[Upload],
        from_interaction: bool,
        extra_flags: u64,
    ) -> u64 {
        let id = next_id();
        let flags = payload["flags"].as_u64().unwrap_or(0) & EPHEMERAL | extra_flags;
        let mut raw = json!({
            "id": id.to_string(),
            "channel_id": channel.to_string(),
            "author": objects::user(&self.users[&APPLICATION_ID], true),
            "content": "",
            "timestamp": objects::now(),
            "edited_timestamp": null,
            "tts": false,
            "mention_everyone": false,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": [],
            "components": [],
            "pinned": false,
            "type": if from_interaction { 20 } else { 0 },
            "flags": flags,
        });
        if from_interaction {
            raw["webhook_id"] = json!(APPLICATION_ID.to_string());
            raw["application_id"] = json!(APPLICATION_ID.to_string());
        }
        self.messages.push(StoredMessage {
            raw,
            posted: std::time::Instant::now(),
            aged: std::time::Duration::ZERO,
            files: Vec::new(),
            allowed_mentions: None,
            edits: 0,
        });
        self.apply(id, payload, uploads);
        id
    }

    /// Applies a PATCH (or a type 7 UPDATE) to a message.
    fn edit(&mut self, id: u64, payload: &Value, uploads: &[Upload]) {
        self.apply(id, payload, uploads);
        let message = self.stored(id);
        message.edits += 1;
        message.raw["edited_timestamp"] = objects::now();
        // Filling in a deferred reply ends its "is thinking…" state.
        let flags = message.raw["flags"].as_u64().unwrap_or(0) & !LOADING;
        message.raw["flags"] = json!(flags);
    }

    /// Sets the fields the payload carries, like Discord does for both a
    /// new message and an edit.
    fn apply(&mut self, id: u64, payload: &Value, uploads: &[Upload]) {
        let mentions: Vec<Value> = payload["content"]
            .as_str()
            .map(mentioned_ids)
            .unwrap_or_default()
            .iter()
            .filter_map(|id| self.users.get(id))
            .map(|user| objects::user(user, user.id == APPLICATION_ID))
            .collect();
        let next_attachment_ids: Vec<u64> = uploads.iter().map(|_| next_id()).collect();
        let message = self.stored(id);
        for key in ["content", "embeds", "components"] {
            if !payload[key].is_null() {
                message.raw[key] = payload[key].clone();
            }
        }
        if !payload["content"].is_null() {
            message.raw["mentions"] = Value::Array(mentions);
        }
        if !payload["allowed_mentions"].is_null() {
            message.allowed_mentions = Some(payload["allowed_mentions"].clone());
        }
        // Without an `attachments` list the old ones stay; with one, only
        // the listed old ones stay (serenity always sends one in interaction
        // responses, so a type 7 UPDATE without files removes them).
        let keep: Vec<Value> = payload["attachments"]
            .as_array()
            .map(|list| list.iter().map(|a| a["id"].clone()).collect())
            .unwrap_or_else(|| {
                let old = message.raw["attachments"].as_array().unwrap();
                old.iter().map(|a| a["id"].clone()).collect()
            });
        let old_json = message.raw["attachments"].as_array().unwrap().clone();
        let (mut json, mut files) = (Vec::new(), Vec::new());
        for (attachment, file) in old_json.into_iter().zip(message.files.drain(..)) {
            if keep.contains(&attachment["id"]) {
                json.push(attachment);
                files.push(file);
            }
        }
        let channel = message.raw["channel_id"].as_str().unwrap().to_owned();
        let described = attachments(Some(payload), uploads);
        for ((upload, file), attachment_id) in
            uploads.iter().zip(described).zip(next_attachment_ids)
        {
            let url = format!(
                "https://cdn.discordapp.com/attachments/{channel}/{attachment_id}/{}",
                upload.filename
            );
            json.push(json!({
                "id": attachment_id.to_string(),
                "filename": upload.filename,
                "description": file.description,
                "content_type": content_type(&upload.filename),
                "size": upload.bytes.len(),
                "url": url,
                "proxy_url": url,
                "ephemeral": message.raw["flags"].as_u64().unwrap_or(0) & EPHEMERAL != 0,
            }));
            files.push(file);
        }
        message.raw["attachments"] = Value::Array(json);
        message.files = files;
    }

    fn stored(&mut self, id: u64) -> &mut StoredMessage {
        self.messages.iter_mut().find(|m| m.id() == id).unwrap()
    }
}

fn content_type(filename: &str) -> &'static str {
    match filename.rsplit('.').next() {
        Some("png") => "image/png",
        Some("txt") => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}
