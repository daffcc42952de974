"""Remote seats: one game played by several places (boards or phone-only players) through an MQTT broker.

The pure room protocol (messages, the host's log, each place's replica, commit-reveal of secrets) is tested
without a broker; `mqtt` is the transport on a real broker; `link` ties a place to the controller's loop.
docs/remote.md describes the protocol, the broker's set-up and how it scales.
"""
