"""python -m tests.playthroughs: write every golden playthrough again (see __init__)."""

from tests.playthroughs import write_all

for path in write_all():
    print(path.name)
