"""Every strategy module; importing this package fills the registries in game.ai.strategy."""

import importlib
import pkgutil

for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")
