"""golden_files: the H200 goldens in a directory, each NAME.json or, for the large sweeps,
NAME.json.gz (gzip -9n: the tracked tree must stay small enough for the device runner to take).
Every reader of tests/golden and tests/corpus/golden goes through names() and read()."""
import glob
import gzip
import os


def names(directory):
    """The golden names in directory, sorted."""
    found = [os.path.basename(p)[:-len('.json')] for p in glob.glob(os.path.join(directory, '*.json'))]
    found += [os.path.basename(p)[:-len('.json.gz')] for p in glob.glob(os.path.join(directory, '*.json.gz'))]
    return sorted(found)


def path(directory, name):
    """The file holding golden name: NAME.json, else NAME.json.gz. Both at once is an error (which
    would be the golden?)."""
    plain = os.path.join(directory, name + '.json')
    packed = plain + '.gz'
    if os.path.exists(plain) and os.path.exists(packed):
        raise ValueError('%s and %s both exist: keep one' % (plain, packed))
    return packed if os.path.exists(packed) else plain


def read(directory, name):
    """The golden's JSON text (OSError when it does not exist)."""
    p = path(directory, name)
    with (gzip.open(p, 'rt') if p.endswith('.gz') else open(p)) as f:
        return f.read()
