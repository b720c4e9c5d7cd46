"""Exact money for both eras. No float ever touches an amount.

Before decimalisation (1 April 1957): 1 rupee = 16 annas = 192 pies. After: 1 rupee = 100 paise.
An amount is a `Fraction` of a rupee, so 4 annas is exactly 1/4 and one pie exactly 1/192.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache

# Indian Coinage (Amendment) Act 1955, in force 1 April 1957.
DECIMALISATION = dt.date(1957, 4, 1)
# The era's smallest coin, as a *_minor column's money_unit names it, and how many make a rupee.
MINOR_PER_RUPEE = {"pie": 192, "paisa": 100}


def coin_of(on: dt.date | None) -> str:
    """The era's smallest coin, the one place an amount's era is decided: 31 Mar 1957 -> 'pie'; 1 Apr 1957 or no day
    -> 'paisa' (the Indian Coinage (Amendment) Act 1955, in force 1 April 1957)."""
    return "pie" if on is not None and on < DECIMALISATION else "paisa"


@dataclass(frozen=True, order=True)
class Money:
    """An exact amount of rupees. `Money.annas(4) == Money(Fraction(1, 4))`."""

    rupees: Fraction = Fraction(0)

    @classmethod
    def of(cls, rupees: int | str | Decimal | Fraction = 0, annas: int = 0, pies: int = 0) -> Money:
        """Money.of(2, annas=4) -> Rs 2 4 as.; Money.of("2500.00") -> ₹2,500.00."""
        base = Fraction(Decimal(rupees)) if isinstance(rupees, str | Decimal) else Fraction(rupees)
        return cls(base + Fraction(annas, 16) + Fraction(pies, 192))

    @classmethod
    def annas(cls, n: int) -> Money:
        return cls(Fraction(n, 16))

    def __add__(self, other: Money) -> Money:
        return Money(self.rupees + other.rupees)

    def __sub__(self, other: Money) -> Money:
        return Money(self.rupees - other.rupees)

    def __mul__(self, n: int | Fraction) -> Money:
        """By a count or an exact ratio (a habitual-area multiplier of 3/2, K s.11(2)); never by a float."""
        if isinstance(n, bool) or not isinstance(n, int | Fraction):
            raise TypeError("money is multiplied by whole numbers or exact fractions only, never floats")
        return Money(self.rupees * n)

    __rmul__ = __mul__

    def __bool__(self) -> bool:
        return self.rupees != 0

    def decimal_str(self) -> str:
        """Exact decimal rupees: Money.annas(4) -> '0.25'; Money.of(2500) -> '2500.00'.

        Every anna and every paisa is a terminating decimal. A lone pie (1/192) is not: it is
        written as a fraction ('1/192') rather than rounded, because rounding would be a lie.
        """
        r = self.rupees
        return _decimal_str(r.numerator, r.denominator)

    def minor_units(self, on: dt.date | None) -> tuple[int, str]:
        """The amount in the era's smallest coin: (pies, 'pie') before 1957, (paise, 'paisa') after."""
        coin = coin_of(on)
        return self.in_coins(coin), coin

    def in_coins(self, coin: str) -> int:
        """The whole number of a coin (coin_of) in the amount, a part of one dropped: Money.annas(4).in_coins('pie')
        -> 48; Money.of('2.505').in_coins('paisa') -> 250."""
        r = self.rupees
        return _in_coins(r.numerator, r.denominator, coin)

    def display(self, on: dt.date | None) -> str:
        """In the era's notation: 'Rs 2 4 as.' before 1957, '₹2,500.00' after.

        Never rounded: a part of the era's smallest coin is written out (Money.of('0.125') -> '₹0.125' after 1957,
        1/384 rupee -> '1/2 p.' before), as decimal_str does.
        """
        if coin_of(on) == "pie":
            total_pies = self.rupees * 192
            pies_int = total_pies.numerator // total_pies.denominator
            part = total_pies - pies_int
            rs, rem = divmod(pies_int, 192)
            annas, pies = divmod(rem, 12)
            parts = []
            if rs:
                parts.append(f"Rs {rs}")
            if annas or (rs == 0 and pies == 0 and not part):
                parts.append(f"{annas} as.")
            if pies or part:
                parts.append(" ".join(x for x in (str(pies) if pies else "", str(part) if part else "") if x) + " p.")
            return " ".join(parts)
        paise = self.rupees * 100
        p = paise.numerator // paise.denominator
        if paise.denominator != 1:  # a part of a paisa: the exact decimal (or fraction), grouped as rupees are
            whole, _, rest = self.decimal_str().partition(".")
            return f"₹{indian_grouped(int(whole))}.{rest}" if "/" not in whole else f"₹{self.decimal_str()}"
        return f"₹{indian_grouped(p // 100)}.{p % 100:02d}"


def indian_grouped(n: int) -> str:
    """Whole rupees as India writes them, the last three digits, then twos (lakhs, crores): 149000 -> '1,49,000';
    12345678 -> '1,23,45,678'; 2500 -> '2,500'; 999 -> '999'; -149000 -> '-1,49,000'."""
    if n < 0:
        return "-" + indian_grouped(-n)
    head, last = divmod(n, 1000)
    if not head:
        return str(last)
    pairs = []
    while head >= 100:
        head, pair = divmod(head, 100)
        pairs.append(f"{pair:02d}")
    return ",".join([str(head), *reversed(pairs), f"{last:03d}"])


def from_minor(minor: int, unit: str) -> tuple[Money, dt.date | None]:
    """A sum of a *_minor column in its money_unit -> the amount and a day of its era, as Money.display takes it:
    (96, 'pie') -> (8 annas, 1957-03-31); (250000, 'paisa') -> (Rs 2,500, None). Raises KeyError for another unit."""
    return Money(Fraction(minor, MINOR_PER_RUPEE[unit])), (
        DECIMALISATION - dt.timedelta(days=1) if unit == "pie" else None
    )


# Cached on (numerator, denominator), not on the Fraction: hashing a Fraction costs more than the lookup saves.
@lru_cache(maxsize=65536)
def _decimal_str(numerator: int, denominator: int) -> str:
    r = Fraction(numerator, denominator)
    den = r.denominator
    while den % 2 == 0:
        den //= 2
    while den % 5 == 0:
        den //= 5
    if den != 1:
        return f"{r.numerator}/{r.denominator}"
    places = 2  # enough places to be exact, at least two as people write rupees
    while (r * 10**places).denominator != 1:
        places += 1
    q = Decimal(r.numerator) / Decimal(r.denominator)
    return f"{q:.{places}f}"


@lru_cache(maxsize=65536)
def _in_coins(numerator: int, denominator: int, coin: str) -> int:
    return numerator * MINOR_PER_RUPEE[coin] // denominator


_RS = r"(?:rs\.?|rupees?|re\.?|₹|inr)"
_MONEY_OLD = re.compile(
    rf"^(?:{_RS}\s*(?P<rs>\d+)\s*)?(?:(?P<as>\d+)\s*(?:as\.?|annas?|a\.)\s*)?(?:(?P<ps>\d+)\s*(?:p\.?|pies?|ps\.?))?$"
)
# Rupees-annas-pies with dashes or slashes ('Rs 1-8-0', '1/4/6'), or rupees-annas after 'Rs' ('Rs. 2-8').
_MONEY_DASHES = re.compile(
    rf"^(?:{_RS}\s*(?P<rs2>\d+)[-/](?P<as2>\d{{1,2}})|(?:{_RS}\s*)?(?P<rs>\d+)([-/])(?P<as>\d{{1,2}})\4(?P<ps>\d{{1,2}}))$"
)
# Each coin named, before or after its number, as account books set them out: 'Rs 1 As 4 Ps 6', '2 Rs. 8 As.'.
_COIN = re.compile(
    r"\s*(?:(?P<u1>rs|re|rupees?|as|annas?|ps|pies?)\.?\s*(?P<n1>\d+)(?![\d.])"
    r"|(?P<n2>\d+)\s*(?P<u2>rs|re|rupees?|as|annas?|a|ps|pies?|p)\b\.?)"
)


def _coins(s: str) -> tuple[int, int, int] | None:
    """'rs 1 as 4 ps 6' -> (1, 4, 6); '2 rs. 8 as.' -> (2, 8, 0); 'as. 4' -> (0, 4, 0); 'brown' -> None."""
    found: dict[str, int] = {}
    at = 0
    while at < len(s):
        m = _COIN.match(s, at)
        if not m or m.end() == at:
            return None
        unit = (m["u1"] or m["u2"])[0]  # r, a or p
        if unit in found:
            return None
        found[unit] = int(m["n1"] or m["n2"])
        at = m.end()
    return (found.get("r", 0), found.get("a", 0), found.get("p", 0)) if found else None


_MONEY_NEW = re.compile(rf"^(?:{_RS}\s*)?(?P<n>\d[\d,]*(?:\.\d+)?)\s*(?:/-|rs\.?|rupees)?$")


@lru_cache(maxsize=4096)
def parse_money(text: str) -> Money:
    """'Rs. 250/-' -> ₹250; '₹2,500.00' -> ₹2,500; '4 as.' -> 1/4 rupee; 'Rs. 2 4 as.' -> 2 + 1/4.

    Raises ValueError when the text is not an amount.
    """
    s = " ".join(str(text).strip().lower().split())
    s = re.sub(r"(?<=[\d.-])\s*only\.?$", "", s)  # 'Rs. 250 only', 'Rs. 250/- only', as receipts write it
    if not s or s in {"-", "nil", "none"}:
        return Money()
    m = _MONEY_DASHES.match(s)
    if m:
        rs, annas, pies = int(m["rs"] or m["rs2"]), int(m["as"] or m["as2"]), int(m["ps"] or 0)
        return _old_money(rs, annas, pies, text)
    m = _MONEY_NEW.match(s)
    if m:
        return Money.of(_grouped(m["n"], text))
    m = _MONEY_OLD.match(s)
    if m and any(m.group(g) for g in ("rs", "as", "ps")):
        return _old_money(int(m["rs"] or 0), int(m["as"] or 0), int(m["ps"] or 0), text)
    coins = _coins(s)
    if coins:
        return _old_money(*coins, text)
    raise ValueError(f"{text!r} is not an amount of money")


# Thousands grouped the Indian way (2,50,000) or the Western way (250,000); anything else is not a grouping.
_GROUPED = re.compile(r"^(?:\d{1,3}(?:,\d{3})+|\d{1,2}(?:,\d{2})*,\d{3})(?:\.\d+)?$")


def _grouped(n: str, text: str) -> str:
    """'2,50,000' -> '250000'; '2,500.00' -> '2500.00'; '250,50' (a decimal comma) -> '250.50'; '2,5,0' -> error.

    A comma that groups no thousands was read as one ('250,00' became Rs 25,000): a hundredfold error."""
    if "," not in n or _GROUPED.match(n):
        return n.replace(",", "")
    if re.fullmatch(r"\d+,\d{1,2}", n):
        return n.replace(",", ".")
    raise ValueError(f"{text!r} is not an amount of money: its commas group no thousands")


def _old_money(rs: int, annas: int, pies: int, text: str) -> Money:
    """Rupees, annas, pies -> Money; 'Rs 1-18-0' is not money (an anna is 1/16 rupee, a pie 1/12 anna)."""
    if annas > 15 or pies > 11:
        raise ValueError(f"{text!r} is not an amount of money: annas run to 15 and pies to 11")
    return Money.of(rs, annas=annas, pies=pies)
