from django.shortcuts import render

from tournaments.selectors import events_for_home


def home(request):
    return render(request, "home.html", {"events": events_for_home()})


def not_found(request, exception=None):
    """API clients get the API's JSON error body for an unknown URL; people get the page."""
    if request.path.startswith("/api/"):
        from django.http import JsonResponse

        return JsonResponse({"code": "not_found", "message": "No such API URL."}, status=404)
    from django.views.defaults import page_not_found

    return page_not_found(request, exception)
