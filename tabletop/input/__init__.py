"""Input mapping: devices -> virtual buttons -> per-seat intents."""
