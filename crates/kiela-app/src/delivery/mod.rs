//! Delivery: the posts the delivery loop claims, each with where it goes,
//! following a game whose channel Discord refused, keeping back those for
//! a place where the app only answers.

use std::sync::Arc;

use crate::outbox::{Delivery, Destination, LookFirst, ANSWER_TOKEN_LIFE};
use crate::store::ports::*;
use crate::store::PostRow;
use crate::Result;

crate::store::port_set! {
    /// The ports [`DeliveryService`] reads and writes through.
    pub struct DeliveryPorts {
        core: CoreStore,
        outbox: OutboxStore,
        places: PlacesStore,
    }
}

/// What the delivery loop claims, and the places it follows.
#[derive(Clone)]
pub struct DeliveryService {
    pub(crate) base: crate::Base,
    pub(crate) db: DeliveryPorts,
    pub(crate) outbox: Arc<crate::OutboxService>,
    pub(crate) places: Arc<crate::PlaceService>,
}

impl DeliveryService {
    /// Claims up to `limit` posts due now, each the first of its queue (so
    /// they may all be sent at once), for [`OutboxService::lease`]
    /// (renewed while a send is in flight), and composes them. A post that
    /// can no longer be composed (its game is gone or unreadable) is given
    /// up, with the reason logged.
    pub async fn claim_deliveries(&self, limit: i64) -> Result<Vec<Delivery>> {
        // Posts for a channel Discord refuses are not sent: their games
        // follow their place, which may make other posts due at once.
        for _ in 0..3 {
            let (deliveries, diverted) = self.claim_some(limit).await?;
            if !deliveries.is_empty() || !diverted {
                return Ok(deliveries);
            }
        }
        Ok(Vec::new())
    }

    /// [`DeliveryService::claim_deliveries`], once: the deliveries, and whether
    /// a post was kept from a refused channel.
    async fn claim_some(&self, limit: i64) -> Result<(Vec<Delivery>, bool)> {
        let lease = self.outbox.lease();
        let claimed = self
            .db
            .outbox
            .claim_posts(self.base.now(), lease, limit)
            .await?;
        let mut deliveries = Vec::new();
        let mut diverted = false;
        for (id, row) in claimed {
            let row = match row {
                Ok(row) => row,
                Err(e) => {
                    tracing::error!(post = %id, "cannot read a post, giving it up: {e}");
                    self.outbox.give_up(id, &e.to_string()).await?;
                    continue;
                }
            };
            let PostRow {
                id,
                post,
                created_at,
                answer_token,
                attempts,
                failing_since,
                claims,
            } = row;
            // An edit goes to the message it edits, once that is posted.
            let to = match post.edits {
                Some(original) => match self.outbox.edit_target(id, original).await? {
                    Some(to) => Ok(to),
                    None => continue,
                },
                None => self.outbox.destination(&post).await,
            };
            let channel = match to {
                Ok(
                    Destination::Channel(channel)
                    | Destination::Edit {
                        channel_id: channel,
                        ..
                    },
                ) => Some(channel),
                _ => None,
            };
            if let Some(channel) = channel {
                // Never sent where the app only answers: it waits for the
                // next answer there, its players told by direct message.
                if self.db.places.answers_only(channel).await? {
                    self.places.await_answer(id, &post, channel).await?;
                    diverted = true;
                    continue;
                }
                let followed = match self.db.places.refusal_of(channel).await {
                    Ok(None) => None,
                    Ok(Some(refusal)) => Some(self.places.follow_place(id, channel, refusal).await),
                    Err(e) => Some(Err(e.into())),
                };
                match followed {
                    None => {}
                    Some(Ok(())) => {
                        diverted = true;
                        continue;
                    }
                    Some(Err(e)) => {
                        tracing::warn!(post = %id, "cannot keep a post from a refused channel: {e}");
                        self.outbox
                            .failed_for_now(id, failing_since, attempts, &e.to_string())
                            .await?;
                        continue;
                    }
                }
            }
            let composed = match to {
                Ok(to) => self
                    .outbox
                    .compose(&[(id, post)], None)
                    .await
                    .map(|reply| (to, reply)),
                Err(e) => Err(e),
            };
            match composed {
                Ok((to, reply)) => {
                    // An earlier try, or an answer whose token has expired
                    // (Discord can no longer say), may have made it.
                    let unknown_answer =
                        answer_token.is_some() && created_at + ANSWER_TOKEN_LIFE < self.base.now();
                    let maybe_made = claims > 1 || unknown_answer;
                    let look_first = match maybe_made && !matches!(to, Destination::Edit { .. }) {
                        true => Some(LookFirst {
                            after: self.db.outbox.last_message_before(id).await?,
                        }),
                        false => None,
                    };
                    deliveries.push(Delivery {
                        id,
                        to,
                        reply,
                        answer_token,
                        created_at,
                        attempts,
                        failing_since,
                        look_first,
                    })
                }
                Err(e) if e.is_passing(&*self.db.core) => {
                    self.outbox
                        .failed_for_now(id, failing_since, attempts, &e.to_string())
                        .await?;
                }
                Err(e) => {
                    tracing::error!(post = %id, "cannot compose a post, giving it up: {e}");
                    self.outbox.give_up(id, &e.to_string()).await?;
                }
            }
        }
        Ok((deliveries, diverted))
    }
}
