"""The class as a laboratory: record real play, pool the groups' files, test the models.

* :mod:`.records` — the CSV format (one file per group and game, versioned header);
* :mod:`.writer` — append-and-flush writing with undo, under the file's lock
  (:mod:`.locking`), safe with two recorders of one group; :mod:`.reader` — a reader that
  costs a bad line only that line;
* :mod:`.pool` — pooling many files with duplicates and nickname clashes reported;
* :mod:`.recorders` — the recording widgets, which check what they record against the games'
  rules (:mod:`.rules_check`); :mod:`.transfer` — download and upload;
* :mod:`.inference` — goodness of fit, Beta posteriors; :mod:`.favourite` — exact win
  chances from the posteriors; :mod:`.tables` — the pooled records as the counts the
  statistics use; :mod:`.charts` — notebook 12's charts; :mod:`.example` — the simulated
  example class.
"""

from .pool import Pool, pool_files, pool_folder
from .reader import ClassFile, Problem, read_class_file
from .records import EVENTS, FORMAT_VERSION, GAMES, Record
from .writer import ClassDataFile

__all__ = ["EVENTS", "FORMAT_VERSION", "GAMES", "ClassDataFile", "ClassFile", "Pool", "Problem",
           "Record", "pool_files", "pool_folder", "read_class_file"]
