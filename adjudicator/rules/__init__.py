"""The pure rules engine: no files, clock, printing, environment or global state."""
