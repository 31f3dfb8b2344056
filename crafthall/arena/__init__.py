"""Where bots play whole games: autoplay for tests and benchmarks, seeded simulations.

It sits above the registry (it makes matches and bots by name); the engine and the generic
bots below never import it.
"""
