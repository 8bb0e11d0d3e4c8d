"""JSON Schema of every event, generated from the event Structs of every ruleset."""

from __future__ import annotations

from typing import Any

import msgspec

from events.core import CORE_ACTIONS, SCHEMA_VERSION
from adjudicator import rulesets
from adjudicator.engine import envelope_of


def event_schema() -> dict[str, Any]:
    actions = list(CORE_ACTIONS)
    for name in rulesets.names():
        actions.extend(rulesets.get(name).actions)
    schema = msgspec.json.schema(envelope_of(tuple(actions)))
    # msgspec names the generic envelope after its whole type argument; call it Event.
    ref = schema.pop("$ref").split("/")[-1]
    schema["$defs"]["Event"] = schema["$defs"].pop(ref)
    schema["$defs"]["Event"]["title"] = "Event"
    schema["$ref"] = "#/$defs/Event"
    schema["title"] = f"adjudicator event (schema version {SCHEMA_VERSION})"
    schema["description"] = (
        "One stored event. A log line is this object's canonical JSON with a final \"hash\" member: "
        "sha256(b'adj-ev1\\0' + bytes.fromhex(prev) + canonical bytes)."
    )
    return schema
