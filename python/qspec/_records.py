"""A sweep's rows as a DataFrame (`qspec.Sweep.to_pandas`, `.to_polars`):
pandas and polars are used when installed, never required by the package."""


def _library(name, method):
    try:
        return __import__(name)
    except ImportError:
        raise ImportError(f"{method} needs {name}: pip install {name}") from None


def to_pandas(sweep):
    """The rows not given yet as a pandas DataFrame, one column per key."""
    pd = _library("pandas", "to_pandas")
    return pd.DataFrame.from_records(sweep.records(), columns=sweep.columns)


def to_polars(sweep):
    """The rows not given yet as a polars DataFrame, one column per key
    (cells as lists of lists: polars has no tuples)."""
    pl = _library("polars", "to_polars")
    columns = sweep.columns
    rows = sweep.records()
    data = {c: [_plain(row[c]) for row in rows] for c in columns}
    return pl.DataFrame(data, strict=False)


def _plain(value):
    if isinstance(value, list):
        return [list(c) for c in value]
    return value
