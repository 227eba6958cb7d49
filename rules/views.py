from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, redirect, render

from rules.filters import CardFilter
from rules.forms import FormatForm, TeamCheckForm
from rules.models import Card, CardSet, Format
from rules.selectors import card_index, format_definition
from rules.services import (
    FormatRefused,
    format_base,
    format_can_edit,
    format_save,
    format_uses,
    team_list_check,
)
from rules.teams import BUILT_IN_FORMATS, TeamListError


def card_list(request):
    search = CardFilter(request.GET, queryset=Card.objects.select_related("card_set"))
    page = Paginator(search.qs, 60).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    return render(
        request,
        "rules/card_list.html",
        {"filter": search, "page": page, "query": query.urlencode()},
    )


def card_detail(request, key: str):
    card = get_object_or_404(Card.objects.select_related("card_set", "die"), key=key.lower())
    return render(request, "rules/card_detail.html", {"card": card})


def team_check(request):
    """Paste a team list, pick a format, see every problem at once (nothing is saved)."""
    form = TeamCheckForm(
        request.POST or None, initial={"format": request.GET.get("format", "tournament")}
    )
    check = problems = None
    if form.is_valid():
        try:
            check = team_list_check(
                text=form.cleaned_data["team_list"], fmt=form.cleaned_data["format"]
            )
        except TeamListError as error:
            problems = error.problems
    return render(
        request, "rules/team_check.html", {"form": form, "check": check, "problems": problems}
    )


def format_list(request):
    # Built-in formats in their own order (Tournament first, drafts by size), then the others.
    builtin_order = {code: position for position, code in enumerate(BUILT_IN_FORMATS)}
    formats = sorted(
        Format.objects.select_related("created_by"),
        key=lambda fmt: (builtin_order.get(fmt.code, len(builtin_order)), fmt.name.lower()),
    )
    rows = [(fmt, format_definition(fmt)) for fmt in formats]
    return render(request, "rules/format_list.html", {"rows": rows})


def format_detail(request, code: str):
    fmt = get_object_or_404(Format.objects.select_related("created_by"), code=code)
    definition = format_definition(fmt)
    legal_sets = (
        None
        if definition.legal_sets is None
        else CardSet.objects.filter(code__in=definition.legal_sets)
    )
    banned = Card.objects.filter(key__in=definition.banned).select_related("card_set")
    return render(
        request,
        "rules/format_detail.html",
        {
            "format": fmt,
            "definition": definition,
            "legal_sets": legal_sets,
            "banned": banned,
            "can_edit": format_can_edit(fmt, request.user),
            "uses": format_uses(fmt),
        },
    )


@login_required
def format_create(request):
    return _format_form(request, None)


@login_required
def format_edit(request, code: str):
    fmt = get_object_or_404(Format, code=code)
    if not format_can_edit(fmt, request.user):
        raise PermissionDenied("Only the organiser who made this format can change it.")
    return _format_form(request, fmt)


def _format_form(request, fmt: Format | None):
    initial = None
    if fmt is not None:
        definition = format_definition(fmt)
        initial = {
            "name": fmt.name,
            "base": format_base(definition),
            "legal_sets": sorted(definition.legal_sets or ()),
            "banned": "\n".join(sorted(definition.banned)),
            "one_card_per_set": definition.one_card_per_set,
        }
    form = FormatForm(request.POST or None, initial=initial, cards=card_index())
    if form.is_valid():
        data = form.cleaned_data
        try:
            saved = format_save(
                by=request.user,
                name=data["name"],
                base=data["base"],
                legal_sets=[s.code for s in data["legal_sets"]] or None,
                banned=data["banned"],
                one_card_per_set=data["one_card_per_set"],
                fmt=fmt,
            )
        except FormatRefused as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, f"{saved.name} saved.")
            return redirect("rules:format-detail", code=saved.code)
    return render(request, "rules/format_form.html", {"form": form, "format": fmt})
