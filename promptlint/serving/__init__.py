"""Serving simulations: one engine's scheduler over its block pool, and fleets of replicas."""
