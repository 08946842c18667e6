"""A game state's independent twin for the tests (one place): what copy.deepcopy gives, several times faster."""
from __future__ import annotations

import pickle


def copy_of(state):
    """A deep copy of `state` through pickle: every list, dict and object inside is its own, shared parts
    stay shared within the copy, as with copy.deepcopy; 4-10x faster on the engines' states (deepcopy walks
    each tuple of a cached listing in Python). A state holding something pickle cannot copy raises."""
    return pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))
