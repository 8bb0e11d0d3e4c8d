"""The event vocabulary: msgspec Structs only, no I/O, no rules."""
