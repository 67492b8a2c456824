//! The gateway websocket: HELLO, IDENTIFY → READY (+ GUILD_CREATE),
//! heartbeats, RESUME refused so the client identifies again, and the
//! dispatches the fake sends to each shard.

use axum::extract::ws::{CloseFrame, Message as Frame, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::response::Response;
use serde_json::{json, Value};
use tokio::sync::mpsc;

use super::{next_id, objects, Connection, FakeDiscord, Outbound, GUILD_ID};

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

/// A resume is never possible: the client must IDENTIFY again.
pub fn invalid_session() -> Value {
    json!({"op": 9, "d": false, "s": null, "t": null})
}

async fn serve(fake: FakeDiscord, mut socket: WebSocket) {
    let (tx, mut rx) = mpsc::unbounded_channel();
    let id = next_id();
    fake.lock().connections.push(Connection {
        id,
        shard: None,
        ready: false,
        tx,
    });
    let mut sequence = 0;
    let mut result = send(&fake, &mut socket, hello()).await;
    while result.is_ok() {
        result = tokio::select! {
            frame = socket.recv() => match frame {
                Some(Ok(Frame::Text(text))) => {
                    receive(&fake, &mut socket, id, &mut sequence, &text).await
                }
                Some(Ok(Frame::Close(_)) | Err(_)) | None => Err(()),
                Some(Ok(_)) => Ok(()),
            },
            outbound = rx.recv() => match outbound {
                Some(Outbound::Dispatch(event, payload)) => {
                    dispatch(&fake, &mut socket, &mut sequence, event, payload).await
                }
                Some(Outbound::Close) | None => {
                    let close = CloseFrame { code: 4000, reason: "fake Discord disconnects".into() };
                    let _ = socket.send(Frame::Close(Some(close))).await;
                    Err(())
                }
            },
        };
    }
    fake.lock().connections.retain(|c| c.id != id);
}

/// Answers one frame from the client.
async fn receive(
    fake: &FakeDiscord,
    socket: &mut WebSocket,
    id: u64,
    sequence: &mut u64,
    text: &str,
) -> Result<(), ()> {
    let frame: Value = serde_json::from_str(text).map_err(|_| ())?;
    match frame["op"].as_u64() {
        Some(1) => send(fake, socket, heartbeat_ack()).await,
        Some(2) => identify(fake, socket, id, sequence, &frame["d"]).await,
        Some(6) => send(fake, socket, invalid_session()).await,
        _ => Ok(()),
    }
}

async fn identify(
    fake: &FakeDiscord,
    socket: &mut WebSocket,
    id: u64,
    sequence: &mut u64,
    identify: &Value,
) -> Result<(), ()> {
    let number = |i: usize| identify["shard"][i].as_u64().map(|n| n as u32);
    let shard = (number(0).unwrap_or(0), number(1).unwrap_or(1));
    let session_id = format!("fake-session-{id}");
    let ready = objects::ready(&fake.bot_user(), shard, &session_id, &fake.gateway_url());
    dispatch(fake, socket, sequence, "READY", ready).await?;
    if (GUILD_ID >> 22) % u64::from(shard.1) == u64::from(shard.0) {
        dispatch(
            fake,
            socket,
            sequence,
            "GUILD_CREATE",
            objects::guild(&fake.bot_user()),
        )
        .await?;
    }
    // Only now may interactions be routed here.
    if let Some(connection) = fake.lock().connections.iter_mut().find(|c| c.id == id) {
        connection.shard = Some(shard);
        connection.ready = true;
    }
    Ok(())
}

async fn dispatch(
    fake: &FakeDiscord,
    socket: &mut WebSocket,
    sequence: &mut u64,
    event: &str,
    payload: Value,
) -> Result<(), ()> {
    *sequence += 1;
    let frame = json!({"op": 0, "t": event, "s": *sequence, "d": payload});
    send(fake, socket, frame).await
}

async fn send(fake: &FakeDiscord, socket: &mut WebSocket, frame: Value) -> Result<(), ()> {
    fake.lock().frames.push(frame.clone());
    socket
        .send(Frame::Text(frame.to_string()))
        .await
        .map_err(|_| ())
}
