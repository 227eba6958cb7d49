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


def server_error(request):
    """A bug: API clients still get the API's JSON error body, people the error page."""
    if request.path.startswith("/api/"):
        from django.http import JsonResponse

        return JsonResponse(
            {
                "code": "server_error",
                "message": "The server failed to answer this request; it has been logged.",
            },
            status=500,
        )
    from django.views.defaults import server_error as page

    return page(request)


def bad_request(request, exception=None):
    """A request Django refused before any view (e.g. a body over the upload limit): say why,
    as the API's JSON error body for API clients, on a page for people."""
    from django.core.exceptions import RequestDataTooBig, TooManyFilesSent
    from django.http import HttpResponseBadRequest, JsonResponse

    if isinstance(exception, RequestDataTooBig):
        code, message = "too_large", too_large_message()
    elif isinstance(exception, TooManyFilesSent):
        code, message = "files_refused", FILES_REFUSED
    else:
        code, message = "bad_request", "The request could not be read."
    if request.path.startswith("/api/"):
        return JsonResponse({"code": code, "message": message}, status=400)
    return HttpResponseBadRequest(
        render(request, "400.html", {"message": message}).content, content_type="text/html"
    )


FILES_REFUSED = (
    "Files are not accepted here: paste the team list, game log or text into the form instead."
)


def too_large_message() -> str:
    from django.conf import settings

    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE // (1024 * 1024)
    return (
        f"The request is too large: at most {limit} MB can be sent at once. Team lists, game "
        "logs and forms are far smaller; check that the right text or file was pasted."
    )
