"""Speed measurements for the engine (``make bench``); printed, never asserted."""
