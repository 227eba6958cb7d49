"""Template helpers of the judge console, and the match page's link to its rulings."""

from django import template
from django.urls import reverse

register = template.Library()


@register.simple_tag
def step_url(dispute, branch, number) -> str:
    return reverse("judging:step", args=[dispute.pk, branch.pk, number])


@register.filter
def verb(action_text: str) -> str:
    """'P2 attack 5sww#1' -> 'P2 attack'; 'judge ko P1:SK1' -> 'judge ko': a timeline chip."""
    words = action_text.split()
    return " ".join(words[:2])


@register.filter
def die_number(short_name: str) -> str:
    """'19sww#2' -> '2': the number written on a blank die (its card shows in the caption)."""
    return short_name.rsplit("#", 1)[-1]


@register.filter
def caret(column: int) -> str:
    """A caret under the column (1-based) of a quoted line."""
    return " " * max(0, int(column) - 1) + "^"


@register.inclusion_tag("judging/_match_rulings_link.html", takes_context=True)
def match_rulings_link(context, match):
    """A link to the rulings on a match, for its two players and the staff, when any exist."""
    from judging.selectors import visible_rulings_count

    user = context.get("user")
    count = visible_rulings_count(user, match) if user is not None else 0
    return {"match": match, "count": count}
