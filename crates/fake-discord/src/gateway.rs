//! The gateway websocket: HELLO, IDENTIFY → READY (+ GUILD_CREATE),
//! heartbeats, RESUME of a session that is still valid (the missed
//! dispatches replayed, then RESUMED), and the dispatches the fake sends to
//! each shard.

use axum::extract::ws::{CloseFrame, Message as Frame, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::response::Response;
use serde_json::{json, Value};
use tokio::sync::mpsc;

use super::{next_id, objects, Connection, FakeDiscord, Inner, Outbound, Session, GUILD_ID};

/// Discord asks for about 41 s; a short interval makes tests exercise heartbeats.
const HEARTBEAT_INTERVAL_MS: u64 = 2_000;

pub(super) async fn upgrade(ws: WebSocketUpgrade, State(fake): State<FakeDiscord>) -> Response {
    ws.on_upgrade(move |socket| serve(fake, socket))
}

pub fn hello() -> Value {
    json!({"op": 10, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}, "s": null, "t": null})
}

pub fn heartbeat_ack() -> Value {
    json!({"op": 11, "d": null, "s": null, "t": null})
}

/// The session cannot be resumed: the client must IDENTIFY again.
pub fn invalid_session() -> Value {
    json!({"op": 9, "d": false, "s": null, "t": null})
}

/// How the socket ended.
enum End {
    /// The client closed it with this code (or just went away: `None`).
    Client(Option<u16>),
    /// The fake closed it (code 4000: the session stays resumable).
    Fake,
}

async fn serve(fake: FakeDiscord, mut socket: WebSocket) {
    while fake.lock().gateway_held {
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    let (tx, mut rx) = mpsc::unbounded_channel();
    let id = next_id();
    fake.lock().connections.push(Connection {
        id,
        shard: None,
        ready: false,
        tx,
    });
    let mut result = send(&fake, &mut socket, hello())
        .await
        .map_err(|()| End::Client(None));
    while result.is_ok() {
        result = tokio::select! {
            frame = socket.recv() => match frame {
                Some(Ok(Frame::Text(text))) => {
                    receive(&fake, &mut socket, id, &text).await.map_err(|()| End::Client(None))
                }
                Some(Ok(Frame::Close(close))) => Err(End::Client(close.map(|c| c.code))),
                Some(Err(_)) | None => Err(End::Client(None)),
                Some(Ok(_)) => Ok(()),
            },
            outbound = rx.recv() => match outbound {
                Some(Outbound::Frame(frame)) => {
                    send(&fake, &mut socket, frame).await.map_err(|()| End::Client(None))
                }
                Some(Outbound::Close) | None => {
                    let close = CloseFrame { code: 4000, reason: "fake Discord disconnects".into() };
                    let _ = socket.send(Frame::Close(Some(close))).await;
                    Err(End::Fake)
                }
            },
        };
    }
    let mut inner = fake.lock();
    inner.connections.retain(|c| c.id != id);
    // A client that logs off (1000, 1001) ends its session; otherwise it
    // waits for a RESUME.
    let logged_off = matches!(result, Err(End::Client(Some(1000 | 1001))));
    if logged_off {
        inner.sessions.retain(|s| s.connection != Some(id));
    }
    for session in &mut inner.sessions {
        if session.connection == Some(id) {
            session.connection = None;
        }
    }
}

/// Answers one frame from the client.
async fn receive(
    fake: &FakeDiscord,
    socket: &mut WebSocket,
    id: u64,
    text: &str,
) -> Result<(), ()> {
    let frame: Value = serde_json::from_str(text).map_err(|_| ())?;
    match frame["op"].as_u64() {
        Some(1) => send(fake, socket, heartbeat_ack()).await,
        Some(2) => identify(fake, socket, id, &frame["d"]).await,
        Some(6) => resume(fake, socket, id, &frame["d"]).await,
        _ => Ok(()),
    }
}

async fn identify(
    fake: &FakeDiscord,
    socket: &mut WebSocket,
    id: u64,
    identify: &Value,
) -> Result<(), ()> {
    let number = |i: usize| identify["shard"][i].as_u64().map(|n| n as u32);
    let shard = (number(0).unwrap_or(0), number(1).unwrap_or(1));
    let session_id = format!("fake-session-{id}");
    let ready = objects::ready(&fake.bot_user(), shard, &session_id, &fake.gateway_url());
    let frames = {
        let mut inner = fake.lock();
        // A new session replaces the shard's old one, and sessions of
        // another shard count.
        inner
            .sessions
            .retain(|s| s.shard != shard && s.shard.1 == shard.1);
        let mut session = Session {
            id: session_id,
            shard,
            sequence: 0,
            log: Vec::new(),
            connection: Some(id),
        };
        let mut frames = vec![session.dispatch("READY", ready)];
        if (GUILD_ID >> 22) % u64::from(shard.1) == u64::from(shard.0) {
            frames.push(session.dispatch("GUILD_CREATE", objects::guild(&fake.bot_user())));
        }
        inner.sessions.push(session);
        // Only now may interactions be routed here; they queue behind these frames.
        inner.mark_ready(id, shard);
        frames
    };
    for frame in frames {
        send(fake, socket, frame).await?;
    }
    Ok(())
}

/// Continues the session the client names: the dispatches after its last
/// sequence number, then RESUMED. An unknown session (never opened, or
/// ended by the client) is refused (INVALID_SESSION, not resumable).
async fn resume(
    fake: &FakeDiscord,
    socket: &mut WebSocket,
    id: u64,
    resume: &Value,
) -> Result<(), ()> {
    let seen = resume["seq"].as_u64().unwrap_or(0);
    let frames = {
        let mut inner = fake.lock();
        let session = inner
            .sessions
            .iter_mut()
            .find(|s| resume["session_id"].as_str() == Some(s.id.as_str()));
        match session {
            Some(session) => {
                // The session moves here; a socket it still had (the
                // client may come back before the fake noticed the old
                // one close) is closed.
                let old = session.connection.take();
                let mut frames: Vec<Value> = session
                    .log
                    .iter()
                    .filter(|f| f["s"].as_u64().is_some_and(|s| s > seen))
                    .cloned()
                    .collect();
                frames.push(session.dispatch("RESUMED", json!({"_trace": ["fake-discord"]})));
                session.connection = Some(id);
                let shard = session.shard;
                inner.mark_ready(id, shard);
                let old = inner.connections.iter().find(|c| Some(c.id) == old);
                if let Some(old) = old {
                    let _ = old.tx.send(Outbound::Close);
                }
                frames
            }
            None => vec![invalid_session()],
        }
    };
    for frame in frames {
        send(fake, socket, frame).await?;
    }
    Ok(())
}

impl Session {
    /// The next dispatch frame of the session, logged for replays.
    pub(super) fn dispatch(&mut self, event: &str, payload: Value) -> Value {
        self.sequence += 1;
        let frame = json!({"op": 0, "t": event, "s": self.sequence, "d": payload});
        self.log.push(frame.clone());
        frame
    }
}

impl Inner {
    fn mark_ready(&mut self, id: u64, shard: (u32, u32)) {
        if let Some(connection) = self.connections.iter_mut().find(|c| c.id == id) {
            connection.shard = Some(shard);
            connection.ready = true;
        }
    }
}

async fn send(fake: &FakeDiscord, socket: &mut WebSocket, frame: Value) -> Result<(), ()> {
    fake.lock().frames.push(frame.clone());
    socket
        .send(Frame::Text(frame.to_string()))
        .await
        .map_err(|_| ())
}
