"""New game: the scene (`scene.py`) and what it offers, a job a module: the table's choices (`table_choices.py`),
its strength and seats (`table_strength.py`), the default and the remembered table (`defaults.py`,
`last_table.py`), the rules list and its note (`rules_list.py`, `rules_detail_box.py`), the length of a session
(`session_length.py`), the charms (`charms.py`), the word on a table with little to do (`little_to_do.py`) and the
tiles drawn (`tiles.py`)."""
