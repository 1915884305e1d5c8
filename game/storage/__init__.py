"""The player's files: where they live, how they are written safely, and what they hold. No pygame here."""
