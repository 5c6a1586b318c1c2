"""Typed models: the game file, order files and events (msgspec structs)."""
