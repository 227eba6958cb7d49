"""Template helpers of the judge console, and the match page's link to its rulings."""

from django import template
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe

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


@register.simple_tag
def timeline(page, step_base: str):
    """The strip of every step, grouped by turn, with the current step marked. The chips of a
    replay are the same at every step, so they are written once per replay and URL and kept
    with it (a 200-step timeline would otherwise cost more than the board)."""
    key = ("timeline", step_base)
    chips = page.built.rendered.get(key)
    if chips is None:
        chips = page.built.rendered[key] = _timeline_html(page, step_base)
    current = f'<a data-n="{page.number}" class="chip'
    return mark_safe(
        chips.replace(
            current, f'<a data-n="{page.number}" aria-current="step" class="current chip', 1
        )
    )


def _timeline_html(page, step_base: str) -> str:
    def chip(entry):
        classes = "".join(
            name for name, on in ((" illegal", not entry.legal), (" manual", entry.manual)) if on
        )
        title = f"{entry.number}: {entry.text}" + (
            f" (illegal, {entry.rule})" if not entry.legal else ""
        )
        return format_html(
            '<a data-n="{}" class="chip{}" href="{}{}/" title="{}">'
            '<span class="n">{}</span> {}</a>',
            entry.number, classes, step_base, entry.number, title, entry.number, verb(entry.text),
        )  # fmt: skip

    groups = [
        format_html('<li class="turn-group"><a data-n="0" class="chip start" href="{}0/">'
                    '<span class="n">0</span> board</a></li>', step_base)
    ]  # fmt: skip
    for turn in page.turns:
        groups.append(
            format_html(
                '<li class="turn-group"><span class="turn-label">T{} {}</span>{}</li>',
                turn["turn"],
                turn["active"],
                format_html_join("", "{}", ((chip(e),) for e in turn["entries"])),
            )  # fmt: skip
        )
    for line, text in page.built.not_replayed:
        groups.append(
            format_html(
                '<li class="turn-group"><span class="chip not-replayed" title="Sequence line {}: '
                'not replayed, the replay stopped at the illegal step">{}</span></li>',
                line,
                verb(text),
            )  # fmt: skip
        )
    return format_html(
        '<ol class="timeline" aria-label="Timeline of steps">{}</ol>',
        format_html_join("", "{}", ((g,) for g in groups)),
    )
