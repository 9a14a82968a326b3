"""The wire protocol, sans-IO: msgpack frames, typed messages, validation. Arrives with the
protocol and server work; nothing here yet."""
