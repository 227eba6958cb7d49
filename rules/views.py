from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, render

from rules.filters import CardFilter
from rules.forms import TeamCheckForm
from rules.models import Card
from rules.services import team_list_check
from rules.teams import TeamListError


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
    form = TeamCheckForm(request.POST or None, initial={"format": "tournament"})
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
