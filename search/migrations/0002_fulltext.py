"""The full-text index beside the search rows: FTS5 on SQLite, tsvector + GIN on PostgreSQL.

pg_trgm (for "did you mean" on glossary headwords) is created when the role may create it (a
trusted extension since PostgreSQL 13: the database owner may); otherwise the site falls back
to edit distance in Python, so a missing extension never fails the migration.
"""

from django.db import migrations, transaction

FTS = "search_fts"
TABLE = "search_searchentry"


def forwards(apps, schema_editor):
    connection = schema_editor.connection
    if connection.vendor == "sqlite":
        schema_editor.execute(
            f"CREATE VIRTUAL TABLE {FTS} USING fts5(language, title_index, body_index, "
            f"content='{TABLE}', content_rowid='id', "
            "tokenize='unicode61 remove_diacritics 0')"
        )
    elif connection.vendor == "postgresql":
        schema_editor.execute(f"ALTER TABLE {TABLE} ADD COLUMN vector tsvector")
        schema_editor.execute(f"CREATE INDEX search_entry_vector ON {TABLE} USING gin (vector)")
        try:
            with transaction.atomic(using=connection.alias):
                schema_editor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
        except Exception:
            pass  # suggestions use edit distance in Python instead


def backwards(apps, schema_editor):
    connection = schema_editor.connection
    if connection.vendor == "sqlite":
        schema_editor.execute(f"DROP TABLE IF EXISTS {FTS}")
    elif connection.vendor == "postgresql":
        schema_editor.execute("DROP INDEX IF EXISTS search_entry_vector")
        schema_editor.execute(f"ALTER TABLE {TABLE} DROP COLUMN IF EXISTS vector")


class Migration(migrations.Migration):
    dependencies = [("search", "0001_initial")]

    operations = [migrations.RunPython(forwards, backwards)]
