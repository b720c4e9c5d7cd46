"""Finding the sources of an ingest: the pounds (DATA_DIR/pounds.csv), the register files under
DATA_DIR/registers/<pound id>/, and the rule files' folder; and what identifies them (a file's stamp, the data version).

    read_pounds(DATA_DIR) -> {'p1': Pound('p1', 'Ollur Pound', 'kerala-1961', ...)}
    register_files(DATA_DIR, pounds) -> [('p1', DATA_DIR/registers/p1/2025.csv), ...]
"""

from __future__ import annotations

import csv
import hashlib
import os
import stat
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from pinfold.errors import PoundsFileError, RegisterChanged, RegisterUnreadable, RulesError
from pinfold.law.packs import UnknownAct, all_packs, pack

from .readers import MAPPING_SUFFIX, REGISTER_SUFFIXES, delimiter_of, regular, sniff_encoding

POUND_COLUMNS = ["id", "name", "act", "local_authority", "district", "village", "latitude", "longitude"]
# How an owner reaches the pound's office, each optional (a pounds.csv without them reads as before): its public
# telephone, its opening hours and its postal address, as the local authority writes them.
POUND_CONTACT_COLUMNS = ["phone", "hours", "address"]


@dataclass(frozen=True)
class Pound:
    id: str
    name: str
    act: str
    local_authority: str
    district: str
    village: str
    latitude: float | None
    longitude: float | None
    phone: str = ""
    hours: str = ""
    address: str = ""


def read_pounds(data_dir: Path) -> dict[str, Pound]:
    """DATA_DIR/pounds.csv -> {pound id: Pound}. Raises PoundsFileError naming the file and row."""
    path = data_dir / "pounds.csv"
    if not path.exists():
        raise PoundsFileError(f"{path}: missing (every DATA_DIR needs pounds.csv: {','.join(POUND_COLUMNS)})")
    if not regular(path):
        raise PoundsFileError(f"{path}: not a regular file (a folder, a pipe, a device?)")
    try:
        with open(path, encoding=sniff_encoding(path), newline="") as f:
            delimiter = delimiter_of(f.readline(1 << 16))
            f.seek(0)
            rows = list(csv.DictReader(f, delimiter=delimiter))
            header = [(h or "").strip() for h in (rows[0].keys() if rows else [])]
    except (OSError, UnicodeError, csv.Error) as e:
        raise PoundsFileError(f"{path}: cannot be read ({e})") from None
    missing = [c for c in ("id", "name", "act") if c not in header]
    if not rows or missing:
        raise PoundsFileError(
            f"{path}: needs a header row with {','.join(POUND_COLUMNS)} (missing {missing or 'rows'})"
        )
    pounds: dict[str, Pound] = {}
    for i, r in enumerate(rows, 2):
        if None in r:  # DictReader puts the cells past the header's under None
            raise PoundsFileError(f"{path} row {i}: more cells than the header has (quote a name holding a comma)")
        r = {(k or "").strip(): (v or "").strip() for k, v in r.items()}
        if not r.get("id") or not r.get("act"):
            raise PoundsFileError(f"{path} row {i}: a pound needs an id and an act")
        try:
            pack(r["act"])
        except UnknownAct:
            known = ", ".join(sorted(all_packs()))
            raise PoundsFileError(f"{path} row {i}: act '{r['act']}' has no rule pack (known: {known})") from None
        try:
            lat = float(r["latitude"].replace(",", ".")) if r.get("latitude") else None
            lon = float(r["longitude"].replace(",", ".")) if r.get("longitude") else None
        except ValueError:
            raise PoundsFileError(f"{path} row {i}: latitude/longitude must be numbers") from None
        if (lat is not None and not -90 <= lat <= 90) or (lon is not None and not -180 <= lon <= 180):
            raise PoundsFileError(f"{path} row {i}: latitude {lat} / longitude {lon} is no place on Earth")
        if r["id"] in pounds:
            raise PoundsFileError(f"{path} row {i}: pound id '{r['id']}' appears twice")
        pounds[r["id"]] = Pound(
            r["id"],
            r.get("name") or r["id"],
            r["act"],
            r.get("local_authority", ""),
            r.get("district", ""),
            r.get("village", ""),
            lat,
            lon,
            **{c: r.get(c, "") for c in POUND_CONTACT_COLUMNS},
        )
    return pounds


# What a computer leaves beside the files people put in a folder: never a register, never an error.
_SYSTEM_FILES = {"thumbs.db", "desktop.ini", "ehthumbs.db", "icon\r"}


def not_a_register(name: str) -> bool:
    """A file the folder's computer made, not a clerk: '.DS_Store', 'Thumbs.db', 'desktop.ini', '~$register.xlsx'
    (Excel's lock while the register is open), 'register.csv~' (an editor's backup) -> True; 'register.csv' -> False.
    """
    return name.startswith((".", "~$")) or name.endswith("~") or name.lower() in _SYSTEM_FILES


def _utf8_name(path: Path) -> None:
    """Refuses a name that is not UTF-8 (a file copied from an old Windows or Latin-1 system): it could be neither
    stored as the entries' source_file nor shown as it is. 'M\xe4rz.csv' in Latin-1 -> RegisterUnreadable."""
    try:
        path.name.encode("utf-8")
    except UnicodeEncodeError:
        raise RegisterUnreadable(f"{path}: the file name is not UTF-8 text; rename the file") from None


def _followed(path: Path, inside: Path) -> Path:
    """A path under registers/ -> where it leads. A symbolic link is followed when it stays inside DATA_DIR (`inside`,
    resolved) and refused when it leads out of it (a register is a file the pound's clerks put there, not one
    elsewhere on the machine) or nowhere."""
    if not path.is_symlink():
        return path
    try:
        target = path.resolve(strict=True)
    except (OSError, RuntimeError):  # missing, or a loop of links
        raise RegisterUnreadable(f"{path}: a link that leads nowhere ({os.readlink(path)})") from None
    if not target.is_relative_to(inside):
        raise RegisterUnreadable(
            f"{path}: a link to {target}, outside the data directory; copy the register into it instead"
        )
    return target


def _walk(folder: Path, inside: Path, above: tuple[Path, ...] = ()) -> Iterator[tuple[Path, Path]]:
    """(path, the file it is) for every file under a pound's folder, through links that stay inside DATA_DIR. A link
    to a folder the walk is already in (a loop) is not walked again."""
    real = folder.resolve()
    if real in above:
        return
    for entry in folder.iterdir():
        if not_a_register(entry.name) and not entry.is_dir():  # an editor's '.#x.csv' is a link to nowhere: passed
            continue
        _utf8_name(entry)
        target = _followed(entry, inside)
        mode = os.stat(target).st_mode
        if stat.S_ISDIR(mode):
            yield from _walk(entry, inside, (*above, real))
        elif entry.name.endswith(MAPPING_SUFFIX):
            continue
        elif not stat.S_ISREG(mode):  # a pipe or a device: reading it may never end
            raise RegisterUnreadable(f"{entry}: not a regular file (a pipe, a device?); a register is a file")
        else:
            yield entry, target.resolve()


def register_files(data_dir: Path, pounds: dict[str, Pound]) -> list[tuple[str, Path]]:
    """[(pound id, path)] for every register under DATA_DIR/registers/<pound id>/, in a stable order.

    A link is followed when it stays inside DATA_DIR and refused (one line) when it leads out of it; a file reached
    by its own path and through a link is read once, where it is (or, reached by links only, through the first). A
    pipe or a device named like a register is refused, and so is a name that is not UTF-8."""
    root = data_dir / "registers"
    if not root.is_dir():
        return []
    inside = data_dir.resolve()
    found: list[tuple[str, Path, Path]] = []
    for folder in sorted(p for p in root.iterdir() if not p.name.startswith(".")):
        _utf8_name(folder)
        if not _followed(folder, inside).is_dir():
            raise RegisterUnreadable(f"{folder}: registers must sit in a folder named after their pound")
        if folder.name not in pounds:
            raise RegisterUnreadable(f"{folder}: no pound with id '{folder.name}' in pounds.csv")
        for path, real in sorted(_walk(folder, inside)):
            if path.suffix.lower() not in REGISTER_SUFFIXES:
                raise RegisterUnreadable(
                    f"{path}: not a register format Pinfold reads ({' '.join(sorted(REGISTER_SUFFIXES))})"
                )
            found.append((folder.name, path, real))
    where = {real: path for _, path, real in found if real == inside / path.relative_to(data_dir)}
    for _, path, real in found:
        where.setdefault(real, path)
    return [(pound_id, path) for pound_id, path, real in found if where[real] == path]


class Stamp(NamedTuple):
    """What the file system says of a file without reading it (os.stat): any write to it, a new file renamed over
    it, or its times set back (os.utime, touch -d: the ctime is then now, and no user can set a ctime) changes it."""

    device: int
    inode: int
    size: int
    mtime_ns: int
    ctime_ns: int


def file_stamp(path: Path) -> Stamp:
    """A file's Stamp: Stamp(device=2049, inode=1311, size=3714151, mtime_ns=1764..., ctime_ns=1764...)."""
    st = os.stat(path)
    return Stamp(st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


def file_digest(path: Path, size: int | None = None) -> str:
    """The SHA-256 of a file's bytes (its first `size` bytes: what it held before bytes were appended to it), hex.
    Raises RegisterChanged when the file is written to while it is read."""
    before = file_stamp(path)
    h = hashlib.sha256()
    left = before[1] if size is None else size
    with open(path, "rb") as f:
        while left > 0 and (chunk := f.read(min(left, 1 << 20))):
            h.update(chunk)
            left -= len(chunk)
    if file_stamp(path) != before:
        raise RegisterChanged(f"{path}: changed while it was being read; ingest again once it is fully written")
    return h.hexdigest()


# A file changed this little before it was stamped may change again within the same tick of the file system's clock
# (Linux stamps ctime from a clock of a few milliseconds' grain; FAT's mtime has 2 s) and keep its stamp: its digest
# is not kept for the next ingest (git's "racily clean" files, the same cure).
SETTLED_NS = 3_000_000_000


def file_digests(
    paths: list[Path], stamps: list[Stamp], known: dict[str, list[Any]]
) -> tuple[list[str], dict[str, list[Any]]]:
    """Each file's SHA-256 (file_digest), but for a file whose stamp is the one `known` holds for its path (the
    previous ingest's `kept`): its digest then, not read again (at 1M rows 397 MB of registers, 0.4 s each ingest).
    Returns the digests and what to keep for the next ingest: {path: [*stamp, digest]} of the files that had not
    changed for SETTLED_NS when they were stamped (`stamps`, taken just before)."""
    now = time.time_ns()
    digests, kept = [], {}
    for path, stamp in zip(paths, stamps, strict=True):
        *was, digest = known.get(str(path), [None])
        if was != list(stamp) or not isinstance(digest, str):
            digest = file_digest(path)
        digests.append(digest)
        if max(stamp.ctime_ns, stamp.mtime_ns) < now - SETTLED_NS:
            kept[str(path)] = [*stamp, digest]
    return digests, kept


def mapping_digest(register: Path) -> str:
    """The SHA-256 of a register's mapping file ('2025.csv.mapping.json' beside it), or '' when it has none."""
    mapping = register.with_name(register.name + MAPPING_SUFFIX)
    return hashlib.sha256(mapping.read_bytes()).hexdigest() if mapping.is_file() else ""


def rules_digest(data_dir: Path) -> str:
    """A digest of every rule file (the roster too) and pounds.csv: 'e3b0c442...'."""
    h = hashlib.sha256()
    for p in sorted((data_dir / "rules").glob("*.csv")) if (data_dir / "rules").is_dir() else []:
        h.update(p.name.encode() + b"\0" + p.read_bytes() + b"\0")
    h.update((data_dir / "pounds.csv").read_bytes())
    return h.hexdigest()


def data_version(files: list[tuple[str, Path]], digests: list[str], data_dir: Path) -> str:
    """A digest of every input byte (the registers by their path and digest, the rule files and pounds.csv): the
    same registers give the same version (caches key on it)."""
    h = hashlib.sha256()
    for (_, path), digest in zip(files, digests, strict=True):
        h.update(f"{path.relative_to(data_dir).as_posix()}\0{digest}\0".encode())
    h.update(rules_digest(data_dir).encode())
    return h.hexdigest()[:16]


def plain_rules(rules_dir: Path) -> None:
    """Refuses a rule file that is a pipe or a device (reading one may never end)."""
    for p in sorted(rules_dir.glob("*.csv")) if rules_dir.is_dir() else []:
        if p.exists() and not p.is_dir() and not regular(p):
            raise RulesError(f"{p}: not a regular file (a pipe, a device?)")
