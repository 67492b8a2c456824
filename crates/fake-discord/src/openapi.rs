//! Checks REST calls against Discord's official OpenAPI description
//! (`crates/fake-discord/data/discord-openapi.json`, OpenAPI 3.1, paths without `/api/v10`).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use jsonschema::{Draft, Validator};
use serde_json::Value;

const SPEC_FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/data/discord-openapi.json");

/// The parsed spec with a cache of compiled request-body validators.
pub struct OpenApi {
    spec: Value,
    /// Path templates split into segments, e.g. `["channels", "{channel_id}", "messages"]`.
    templates: Vec<(String, Vec<String>)>,
    /// Compiled per (method, template): the spec is 1.2 MB, compile each schema once.
    validators: Mutex<HashMap<(String, String), Arc<Validator>>>,
}

/// The spec, loaded once per test binary.
pub fn spec() -> &'static OpenApi {
    static SPEC: OnceLock<OpenApi> = OnceLock::new();
    SPEC.get_or_init(OpenApi::load)
}

impl OpenApi {
    fn load() -> OpenApi {
        let text = std::fs::read_to_string(SPEC_FILE)
            .unwrap_or_else(|e| panic!("cannot read {SPEC_FILE}: {e}"));
        let spec: Value = serde_json::from_str(&text).expect("the OpenAPI spec is not JSON");
        let templates = spec["paths"]
            .as_object()
            .expect("the spec has no paths")
            .keys()
            .map(|t| (t.clone(), segments(t)))
            .collect();
        OpenApi {
            spec,
            templates,
            validators: Mutex::new(HashMap::new()),
        }
    }

    /// The path template a concrete path (e.g. `/channels/1/messages`) belongs to.
    /// Literal segments beat parameters, so `/users/@me` is not `/users/{user_id}`.
    pub fn template(&self, path: &str) -> Option<&str> {
        let concrete = segments(path);
        self.templates
            .iter()
            .filter(|(_, t)| {
                t.len() == concrete.len()
                    && t.iter().zip(&concrete).all(|(t, c)| t == c || is_param(t))
            })
            .max_by_key(|(_, t)| t.iter().filter(|s| !is_param(s)).count())
            .map(|(name, _)| name.as_str())
    }

    /// Checks one call: the route exists in the spec and the JSON body (for
    /// multipart, `payload_json`) matches the operation's request schema.
    pub fn check(&self, method: &str, path: &str, body: Option<&Value>) -> Result<(), Vec<String>> {
        let Some(template) = self.template(path) else {
            return Err(vec!["no such path in the OpenAPI spec".into()]);
        };
        let method = method.to_ascii_lowercase();
        let operation = &self.spec["paths"][template][&method];
        if operation.is_null() {
            return Err(vec![format!("the spec has no {method} on {template}")]);
        }
        let request_body = &operation["requestBody"];
        let body = match (body, request_body.is_null()) {
            (None, _) if request_body["required"] == true => {
                return Err(vec!["the request body is required".into()])
            }
            (None, _) => return Ok(()),
            (Some(_), true) => return Err(vec!["this operation takes no body".into()]),
            (Some(body), false) => normalise(body),
        };
        let validator = self.validator(&method, template)?;
        let errors: Vec<String> = validator
            .iter_errors(&body)
            .map(|e| format!("{e} (at {})", e.instance_path))
            .collect();
        if errors.is_empty() {
            Ok(())
        } else {
            Err(errors)
        }
    }

    fn validator(&self, method: &str, template: &str) -> Result<Arc<Validator>, Vec<String>> {
        let key = (method.to_owned(), template.to_owned());
        if let Some(v) = self.validators.lock().unwrap().get(&key) {
            return Ok(Arc::clone(v));
        }
        let content = &self.spec["paths"][template][method]["requestBody"]["content"];
        let Some(schema) = content["application/json"]["schema"].as_object() else {
            return Err(vec![format!("{method} {template} takes no JSON body")]);
        };
        // The schema's `#/components/...` refs resolve against this root.
        let mut root = schema.clone();
        root.insert("components".into(), self.spec["components"].clone());
        let validator = jsonschema::options()
            .with_draft(Draft::Draft202012)
            .build(&Value::Object(root))
            .map_err(|e| {
                vec![format!(
                    "cannot compile the schema of {method} {template}: {e}"
                )]
            })?;
        let validator = Arc::new(validator);
        self.validators
            .lock()
            .unwrap()
            .insert(key, Arc::clone(&validator));
        Ok(validator)
    }
}

fn segments(path: &str) -> Vec<String> {
    path.trim_matches('/')
        .split('/')
        .map(str::to_owned)
        .collect()
}

fn is_param(segment: &str) -> bool {
    segment.starts_with('{') && segment.ends_with('}')
}

/// serenity sends new attachments' placeholder ids as integers where the
/// spec wants snowflake strings (Discord accepts both), at the top level of
/// a message or under an interaction callback's `data`.
fn normalise(body: &Value) -> Value {
    let mut body = body.clone();
    stringify_attachment_ids(&mut body);
    body
}

fn stringify_attachment_ids(value: &mut Value) {
    let Some(object) = value.as_object_mut() else {
        return;
    };
    if let Some(attachments) = object.get_mut("attachments").and_then(Value::as_array_mut) {
        for attachment in attachments {
            if let Some(id) = attachment.get("id").and_then(Value::as_u64) {
                attachment["id"] = Value::String(id.to_string());
            }
        }
    }
    if let Some(data) = object.get_mut("data") {
        stringify_attachment_ids(data);
    }
}
