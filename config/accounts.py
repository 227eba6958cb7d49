"""Accounts: sign up, and a page with your events (as a player and as staff) and API token.

Roles are per event (tournaments.permissions): any account can register for an event as a
player, create an event and so be its organiser, or be named a judge by an organiser.
"""

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import UserCreationForm
from django.db.models import Q
from django.shortcuts import redirect, render
from django.urls import path
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST
from rest_framework.authtoken.models import Token

from tournaments.models import Event, Registration
from tournaments.player_views import profile_player


def _next_url(request) -> str | None:
    target = request.POST.get("next") or request.GET.get("next")
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return None


def signup(request):
    if request.user.is_authenticated:
        return redirect(_next_url(request) or "profile")
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, f"Welcome, {user.get_username()}: your account is ready.")
        return redirect(_next_url(request) or "profile")
    return render(
        request, "registration/signup.html", {"form": form, "next": _next_url(request) or ""}
    )


@login_required
def profile(request):
    user = request.user
    playing = (
        Registration.objects.filter(player__user=user)
        .select_related("event", "event__format")
        .order_by("-event__date")
    )
    staffing = Event.objects.filter(Q(organiser=user) | Q(judges=user)).distinct().order_by("-date")
    return render(
        request,
        "registration/profile.html",
        {
            "playing": playing,
            "staffing": staffing,
            "token": Token.objects.filter(user=user).first(),
        },
    )


@login_required
@require_POST
def token(request):
    """Create (or replace) the API token; "revoke" deletes it."""
    Token.objects.filter(user=request.user).delete()
    if request.POST.get("action") == "revoke":
        messages.success(request, "Your API token is revoked.")
    else:
        Token.objects.create(user=request.user)
        messages.success(request, "A new API token is ready; the old one no longer works.")
    return redirect("profile")


urlpatterns = [
    path("signup/", signup, name="signup"),
    path("profile/", profile, name="profile"),
    path("profile/player/", profile_player, name="profile-player"),
    path("token/", token, name="api-token"),
]
