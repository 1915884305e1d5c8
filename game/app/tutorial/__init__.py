"""The guided first deal: a fixed deal, a coach's words over the table, and the title's offer to take it."""
