"""A table in the browser: a sample app that embeds libtablegames.

People on different devices play the library's games together or against
the computer. The server (aiohttp) holds every game's true state and gives
each seat only what its seat may see; see docs/table.md.
"""
