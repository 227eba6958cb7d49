from django.shortcuts import render

from tournaments.selectors import events_for_home


def home(request):
    return render(request, "home.html", {"events": events_for_home()})
