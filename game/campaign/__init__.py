"""The campaign: a road of venues (`spec`), the player's progress along it (`model`), and the daily deal (`daily`).

Nothing here imports pygame. The package itself imports nothing, so that the config
loader may use `game.campaign.spec` while `game.campaign.daily` uses the config loader.
"""
