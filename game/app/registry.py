"""Every scene by name: the one table the scene stack builds scenes from (the one module that knows them all)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial

from .scene import SceneMaker, SceneName
from .scenes.campaign_map import CampaignMapScene
from .scenes.campaign_slots import CampaignSlotsScene
from .scenes.charm_shop import CharmShopScene
from .scenes.confirm import ConfirmScene
from .scenes.crash import CrashScene
from .scenes.daily import DailyScene
from .scenes.deal_summary import DealSummaryScene
from .scenes.high_scores import HighScoresScene
from .scenes.how_to_play import HowToPlayScene
from .scenes.new_game.scene import NewGameScene
from .scenes.pause import PauseScene
from .scenes.replay import ReplayScene
from .scenes.replays import ReplaysScene
from .scenes.results import ResultsScene
from .scenes.review import ReviewScene
from .scenes.rules_editor.scene import RulesEditorScene
from .scenes.settings import SettingsScene
from .scenes.statistics import StatisticsScene
from .scenes.title import TitleScene
from .scenes.trophies import TrophiesScene
from .scenes.unlocked import UnlockedScene
from .table.scene import TableScene
from .tutorial.coach import FirstDealCoach
from .tutorial.first_deal import first_deal_table

SCENES: Mapping[SceneName, SceneMaker] = {
    "title": TitleScene,
    "new_game": NewGameScene,
    "table": TableScene.seated,
    "kept_table": TableScene.from_snapshot,
    "deal_summary": DealSummaryScene,
    "results": ResultsScene,
    "pause": PauseScene,
    "confirm": ConfirmScene,
    "settings": SettingsScene,
    "how_to_play": HowToPlayScene,
    "statistics": StatisticsScene,
    "replays": ReplaysScene,
    "replay": ReplayScene,
    "review": ReviewScene,
    "campaign_roads": CampaignSlotsScene,
    "campaign_map": CampaignMapScene,
    "high_scores": HighScoresScene,
    "daily": DailyScene,
    "crash": CrashScene,
    "rules_editor": RulesEditorScene,
    "unlocked": UnlockedScene,
    "trophies": TrophiesScene,
    "charm_shop": CharmShopScene,
    "tutorial": partial(TableScene.guided, table=first_deal_table, guide=FirstDealCoach),
}
