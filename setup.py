"""What goes into the package, the one part pyproject.toml cannot declare: every package of game/ (found, so a
new one needs no entry here) and the top-level assets/ and config/ shipped inside it as game/shipped/."""

from setuptools import find_namespace_packages, find_packages, setup

# the installed game finds them there (game/bundle.py); in the repository they stay at the top
SHIPPED = {"game.shipped.assets": "assets", "game.shipped.config": "config"}
# each of their folders named as a package too: setuptools warns of (and may one day drop) data in a folder
# that Python could import but the package list leaves out
FOLDERS = [f"{name}.{folder}" for name, root in SHIPPED.items() for folder in find_namespace_packages(root)]

setup(
    packages=[*find_packages(include=["game", "game.*"]), *SHIPPED, *FOLDERS],
    package_dir=SHIPPED,
    package_data={name: ["**/*"] for name in SHIPPED},
)
