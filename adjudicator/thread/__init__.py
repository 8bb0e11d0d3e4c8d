"""A forum thread read as the log's witness: its posts in three saved forms (posts.read_thread),
checked against the log (check), or played again into a game (rebuild)."""
