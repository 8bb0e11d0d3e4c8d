"""adjudicator: a referee for wargames played by email and on web forums."""

__version__ = "0.1.0"
