"""Requests no view should see."""

from django.http import HttpResponseBadRequest, JsonResponse


class RefuseNulBytes:
    """A NUL byte is never part of a valid URL here, and PostgreSQL refuses it in any text
    parameter: answer 400 before a lookup turns it into a server error."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if "\x00" in request.path or "%00" in request.META.get("QUERY_STRING", ""):
            message = "The address contains a NUL byte."
            if request.path.startswith("/api/"):
                return JsonResponse({"code": "bad_request", "message": message}, status=400)
            return HttpResponseBadRequest(message)
        return self.get_response(request)
