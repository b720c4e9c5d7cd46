"""What the proceeds of a sale pay (K s.15(2), s.16; 1857 s.IX, s.XI): the one home of the fine collected out of a
sale, read by the ingest's public column impoundments.fine_collected_minor and, through it, by the canned query
fines_per_pound_per_month, the table pound_months and the charts of fines.

What the Acts say. K s.15(2): "The fines leviable and expenses of feeding and watering together with the expenses of
sale, if any, shall be deducted from the proceeds of the sale." 1857 s.XI: "the fines leviable and the expenses of
feeding, together with the expenses of sale, if any, shall be deducted from the sale proceeds." K s.16(1) sends the
local authority "the fines so deducted", s.16(2) pays "the charges for feeding and watering deducted under section
15" to the pound-keeper. So a sale pays the fine only out of what it fetched: when the proceeds are less than the
fine and charges, the pound cannot have collected them all.

What the Acts do not say: in which order the proceeds pay the fine, the feeding and the expenses of sale when they do
not cover all three. Neither Act fixes it, and no notification on file does. Pinfold's reading (PROCEEDS_ORDER): in
the order the Acts name them, the fines first, then feeding and watering, then the expenses of sale. So the fine
collected out of a sale is the fine, or the proceeds when they are less. It is also the most any order could have
paid towards the fine, and needs neither the feeding nor the expenses of sale (rarely recorded) to be known.
"""

from __future__ import annotations

from collections.abc import Sequence

from .money import Money
from .status import FINE_COLLECTED

# Pinfold's reading, not the Acts' (they name no order): what the proceeds pay first when they do not pay everything.
PROCEEDS_ORDER = ("fines", "feeding and watering", "expenses of sale")
# The reading in the words every description of a fine collected uses, in English and Malayalam (metadata.yml is held
# to the English by tests/test_fines_collected.py).
PROCEEDS_READING = (
    "Pinfold's reading, not the Act's (K s.15(2) and 1857 s.XI deduct the fines, the feeding and the expenses of sale "
    "from the proceeds and name no order): the proceeds pay the fine first, so a sale collected its fine, or its "
    "proceeds when they were less",
    "പിൻഫോൾഡിന്റെ വായന, നിയമത്തിന്റേതല്ല (K s.15(2), 1857 s.XI എന്നിവ പിഴയും തീറ്റച്ചെലവും വിൽപനച്ചെലവും ലേലത്തുകയിൽ "
    "നിന്ന് കുറയ്ക്കാൻ പറയുന്നു, ക്രമം പറയുന്നില്ല): ലേലത്തുക ആദ്യം പിഴയ്ക്ക്; അതിനാൽ ഒരു വിൽപനയിൽ പിരിച്ച പിഴ മുഴുവൻ പിഴ, "
    "ലേലത്തുക അതിൽ കുറവെങ്കിൽ ലേലത്തുക",
)


def paid_from_proceeds(proceeds: Money, charges: Sequence[Money | None]) -> list[Money | None]:
    """What the proceeds pay of each charge, in PROCEEDS_ORDER (fines, feeding, expenses of sale): each is paid what
    is left, up to itself; a charge not known leaves it and every later one not known (None).
    (Rs 1,000, [Rs 500, Rs 1,600, None]) -> [Rs 500, Rs 500, None] (the expenses of sale not recorded);
    (Rs 400, [Rs 500, Rs 1,600]) -> [Rs 400, Rs 0]."""
    left: Money | None = proceeds
    paid: list[Money | None] = []
    for charge in charges:
        if left is None or charge is None:
            left = None
            paid.append(None)
            continue
        share = min(charge, left)
        paid.append(share)
        left = left - share
    return paid


def fine_collected(status: str, fine: Money | None, proceeds: Money | None) -> Money | None:
    """The fine the pound collected for an entry, by the register's last word (status.FINE_COLLECTED), or None:
    claimed -> the whole fine, paid on delivery (K s.12(a): "on payment of the fines and charges"; 1857 s.VII);
    sold with proceeds recorded -> what the proceeds pay of it (paid_from_proceeds): ('sold', Rs 500, Rs 400) -> Rs 400,
    ('sold', Rs 500, Rs 3,000) -> Rs 500; sold with no proceeds recorded -> the whole fine, as the canned query has
    always counted it (it flags those, entries_sold_no_proceeds: not known to be collected); released on deposit
    (K s.14: held, not collected), by order, disposed of or in the pound -> None; no fine known -> None."""
    if status not in FINE_COLLECTED or fine is None:
        return None
    if status == "sold" and proceeds is not None:
        return paid_from_proceeds(proceeds, [fine])[0]
    return fine
