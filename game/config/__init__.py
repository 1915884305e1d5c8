"""Config files (rules, charms, trophies, locale words): YAML in, validated engine objects out.

The character and campaign files are read beside what they build, in the layers above (`game.ai.character_file`,
`game.campaign.campaign_file`), with the checker, errors and YAML reader of this package.

Nothing here imports pygame; every loader raises `ConfigError`, whose `problems`
are one line each in the form `path:line: key: why`.
"""

from .charm_file import (
    CHARM_KIND,
    CHARMS_DIR,
    charms_by_id,
    list_charm_files,
    load_charm,
    load_charm_text,
    load_charms,
)
from .errors import ConfigError, Problem
from .kinds import (
    PLANNED_FOLDERS,
    ConfigKind,
    config_kinds,
    kind_for_content,
    kind_name_for_path,
    kind_named,
    register_kind,
)
from .locale_file import LOCALE_KIND, LOCALES_FOLDER, load_locale_file
from .rules_file import (
    CONFIG_DIR,
    DEFAULT_RULES_FILE,
    DEFAULT_RULES_NAME,
    PERSONALITIES_DIR,
    RULES_DIR,
    RULES_KEYS,
    RULES_KIND,
    TOP_KEYS,
    YAML_SUFFIXES,
    default_rules,
    list_rules_files,
    load_rules,
    load_rules_bytes,
    load_rules_text,
    rules_by_name,
    rules_from_document,
    rules_names,
    rules_path,
    rules_yaml,
)
from .trophies_file import TROPHIES_FILE, TROPHIES_KIND, load_trophies
from .yaml_lines import YamlDocument, read_yaml_bytes, read_yaml_file, read_yaml_text

__all__ = [
    "ConfigError", "Problem", "PLANNED_FOLDERS", "ConfigKind", "config_kinds", "kind_for_content",
    "kind_name_for_path", "kind_named",
    "register_kind", "CONFIG_DIR", "DEFAULT_RULES_FILE", "DEFAULT_RULES_NAME", "RULES_DIR", "RULES_KEYS",
    "RULES_KIND", "TOP_KEYS", "YAML_SUFFIXES", "default_rules", "list_rules_files", "load_rules",
    "load_rules_bytes", "load_rules_text", "rules_by_name", "rules_from_document", "rules_names", "rules_path",
    "rules_yaml", "YamlDocument", "read_yaml_bytes", "read_yaml_file", "read_yaml_text", "PERSONALITIES_DIR",
    "LOCALE_KIND", "LOCALES_FOLDER", "load_locale_file", "CHARM_KIND", "CHARMS_DIR", "charms_by_id",
    "list_charm_files", "load_charm", "load_charm_text", "load_charms", "TROPHIES_FILE", "TROPHIES_KIND",
    "load_trophies",
]
