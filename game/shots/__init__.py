"""The screenshots: the app driven headless from fixed seeds, scene by scene, into PNG files (`main.py screenshots`).

Nothing in the game's runtime (`game/app`) imports this package; it drives the app from outside, as a player would.
"""
